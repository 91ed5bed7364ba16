#pragma once
// The files a fight is played from, told apart by their look. Given in the wrong place (a sheet as
// the encounter, a save with --orders), a file reads as broken text of the kind expected: a Lua
// syntax error, a hundred parse errors. When a file fails to read as what it was given as, and
// its first lines look like another kind, the command says so and how it takes that kind instead.
#include <string>
#include <string_view>

#include "grammar/diagnostic.hpp"

namespace arbiter::cli {

enum class FileKind { encounter, order_sheet, saved_fight, fight_log };

// How a command takes each kind of file ("with --orders"); empty where it takes none.
struct HowGiven {
  std::string encounter;
  std::string order_sheet;
  std::string saved_fight;
};

// Throws an arbiter::Error, at the first line of `text` (what `path` begins with), when `text`,
// which failed to read as `expected`, looks like another kind of file; returns otherwise, for the
// caller to tell its own error.
void refuse_other_kind(const std::string& path, std::string_view text, FileKind expected, const HowGiven& how);

// The beginning of the plain file at `path`, enough to tell its kind; empty when it cannot be read.
std::string file_start(const std::string& path);

// What `read` returns, reading the file at `path` as `expected`; when it fails, the file is refused
// as the other kind it looks like, if it looks like one, else `read`'s error stands.
template <class Read>
auto read_as(const std::string& path, FileKind expected, const HowGiven& how, Read&& read) {
  try {
    return read();
  } catch (const Error&) {
    refuse_other_kind(path, file_start(path), expected, how);
    throw;
  }
}

}  // namespace arbiter::cli
