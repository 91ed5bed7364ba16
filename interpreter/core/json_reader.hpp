#pragma once
// Reading a JSON document a person may have damaged (a saved state): every access names the
// path it was looking for ("world.characters[2].cell"), so a bad file gets a message saying
// exactly what is wrong where, as an arbiter::Error.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grammar/diagnostic.hpp"

namespace arbiter {

class JsonReader {
 public:
  JsonReader(const nlohmann::json& value, std::string path) : value_(value), path_(std::move(path)) {}

  JsonReader operator[](const char* key) const;             // missing: an Error
  std::optional<JsonReader> optional(const char* key) const;  // missing or null: nullopt
  std::vector<JsonReader> items() const;                    // the elements of an array
  // The elements of a list read from a Lua table (a pack's): numbered from 1 in paths, as Lua numbers
  // them, and an empty table, which comes back as an empty object, is an empty list.
  std::vector<JsonReader> lua_items() const;

  int integer() const;
  // A whole number from `least` to `most` (2 and 2.0 alike); another is an Error naming the range.
  int whole_number(int least, int most) const;
  double number() const;
  bool boolean() const;
  std::string text() const;
  const nlohmann::json& raw() const { return value_; }
  const std::string& path() const { return path_; }
  [[noreturn]] void fail(const std::string& what) const;  // "<path>: <what>"
  // Refuses a field of this object that is not one of `known`, naming the nearest: a misspelt
  // field would otherwise be read as absent, without a word.
  void only(const std::vector<std::string>& known) const;

  // Reads the text and gives it to `parse` (which may throw an arbiter::Error of its own, like an
  // unknown cell label), with this path in front of that error; a value that is no text is told once.
  template <class Parse>
  auto parsed(Parse&& parse) const -> decltype(parse(std::string())) {
    const std::string read = text();
    return here([&] { return parse(read); });
  }

  // Runs `read` (which may throw an arbiter::Error of its own, like an unknown cell label) and
  // puts this path in front of any such error.
  template <class Read>
  auto here(Read&& read) const -> decltype(read()) {
    try {
      return read();
    } catch (const Error& e) {
      fail(e.diagnostics().front().message);
    }
  }

 private:
  void expect(bool ok, const char* kind) const;
  std::vector<JsonReader> elements(std::size_t first_number) const;
  const nlohmann::json& value_;
  std::string path_;
};

}  // namespace arbiter
