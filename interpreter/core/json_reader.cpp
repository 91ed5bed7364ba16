#include "interpreter/core/json_reader.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/core/value.hpp"

namespace arbiter {

void JsonReader::fail(const std::string& what) const { throw Error(path_ + ": " + what); }

namespace {

// What was found, for a message. JSON has no NaN or infinity (dump() writes them as null), but a
// value read from Lua (an encounter's 0/0 or 1/0) may be one: name it.
std::string shown(const nlohmann::json& value) {
  if (value.is_number_float() && !std::isfinite(value.get<double>())) return non_finite_text(value.get<double>());
  return value.dump();
}

}  // namespace

void JsonReader::expect(bool ok, const char* kind) const {
  if (!ok) fail(std::string("expected ") + kind + ", found " + shown(value_));
}

JsonReader JsonReader::operator[](const char* key) const {
  expect(value_.is_object(), "an object");
  const auto it = value_.find(key);
  if (it == value_.end()) fail(std::string("'") + key + "' is missing");
  return JsonReader(*it, path_ + "." + key);
}

std::optional<JsonReader> JsonReader::optional(const char* key) const {
  expect(value_.is_object(), "an object");
  const auto it = value_.find(key);
  if (it == value_.end() || it->is_null()) return std::nullopt;
  return JsonReader(*it, path_ + "." + key);
}

std::vector<JsonReader> JsonReader::elements(std::size_t first_number) const {
  expect(value_.is_array(), "a list");
  std::vector<JsonReader> out;
  for (std::size_t i = 0; i < value_.size(); ++i)
    out.emplace_back(value_[i], path_ + "[" + std::to_string(first_number + i) + "]");
  return out;
}

std::vector<JsonReader> JsonReader::items() const { return elements(0); }

void JsonReader::only(const std::vector<std::string>& known) const {
  if (!value_.is_object()) return;
  for (const auto& [key, value] : value_.items())
    if (std::find(known.begin(), known.end(), key) == known.end())
      fail(with_nearest("there is no field '" + key + "' here", key, known));
}

std::vector<JsonReader> JsonReader::lua_items() const {
  if (value_.is_object() && value_.empty()) return {};
  return elements(1);
}

int JsonReader::integer() const {
  const bool whole = value_.is_number_integer() ||
                     (value_.is_number_float() && std::floor(value_.get<double>()) == value_.get<double>());
  expect(whole, "a whole number");
  const double n = value_.get<double>();
  if (n < std::numeric_limits<int>::min() || n > std::numeric_limits<int>::max()) fail("number out of range: " + shown(value_));
  return static_cast<int>(n);
}

int JsonReader::whole_number(int least, int most) const {
  const bool finite = value_.is_number() && std::isfinite(value_.get<double>());
  const double n = finite ? value_.get<double>() : 0;
  if (!finite || std::trunc(n) != n || n < least || n > most)
    fail("expected a whole number from " + std::to_string(least) + " to " + std::to_string(most) + ", found " +
         shown(value_));
  return static_cast<int>(n);
}

double JsonReader::number() const {
  expect(value_.is_number() && std::isfinite(value_.get<double>()), "a finite number");
  return value_.get<double>();
}

bool JsonReader::boolean() const {
  expect(value_.is_boolean(), "true or false");
  return value_.get<bool>();
}

std::string JsonReader::text() const {
  expect(value_.is_string(), "a string");
  return value_.get<std::string>();
}

}  // namespace arbiter
