#include "interpreter/packs/version.hpp"

#include <cctype>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"

namespace arbiter::packs {
namespace {

const char* const operators[] = {"~>", ">=", "<=", "=", ">", "<"};  // longest first

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

void skip_spaces(std::string_view text, std::size_t& at) {
  while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
}

// Reads "N[.N[.N]]" at `at`; returns how many parts it read (0: none there).
int read_version(std::string_view text, std::size_t& at, Version& version) {
  int* parts[] = {&version.major, &version.minor, &version.patch};
  int count = 0;
  while (count < 3 && at < text.size() && is_digit(text[at])) {
    int value = 0;
    while (at < text.size() && is_digit(text[at])) {
      if (value > 99'999) return 0;  // absurd, and would overflow
      value = value * 10 + (text[at++] - '0');
    }
    *parts[count++] = value;
    if (count < 3 && at + 1 < text.size() && text[at] == '.' && is_digit(text[at + 1]))
      ++at;
    else
      break;
  }
  return count;
}

[[noreturn]] void bad(std::string_view text, std::size_t at, const std::string& expected) {
  throw Error(fmt::format("bad version requirement '{}': expected {} at character {}", text, expected, at + 1));
}

}  // namespace

Version Version::parse(std::string_view text) {
  Version v;
  std::size_t at = 0;
  if (read_version(text, at, v) == 0 || at != text.size())
    throw Error(fmt::format("bad version '{}': expected numbers like 1.2.3", text));
  return v;
}

std::string Version::str() const { return fmt::format("{}.{}.{}", major, minor, patch); }

Constraint::Range Constraint::range() const {
  if (op == "=") return {version, version, true};
  if (op == ">=") return {version, std::nullopt};
  // Versions are whole numbers: the first after 1.2.3 is 1.2.4.
  if (op == ">") return {Version{version.major, version.minor, version.patch + 1}, std::nullopt};
  if (op == "<=") return {std::nullopt, version, true};
  if (op == "<") return {std::nullopt, version, false};
  // "~>": at least `version`, and the parts before the last written one stay the same.
  if (parts <= 2) return {version, Version{version.major + 1, 0, 0}, false};
  return {version, Version{version.major, version.minor + 1, 0}, false};
}

bool Constraint::accepts(const Version& v) const {
  const Range r = range();
  return (!r.lowest || v >= *r.lowest) && (!r.highest || v < *r.highest || (r.highest_accepted && v == *r.highest));
}

Requirement Requirement::parse(std::string_view text) {
  Requirement r;
  r.text = std::string(text);
  std::size_t at = 0;
  skip_spaces(text, at);
  const std::size_t name_start = at;
  while (at < text.size() && (std::isalnum(static_cast<unsigned char>(text[at])) || text[at] == '-' || text[at] == '_'))
    ++at;
  if (at == name_start) bad(text, at, "a pack name");
  r.pack = std::string(text.substr(name_start, at - name_start));
  skip_spaces(text, at);
  while (at < text.size()) {
    Constraint c;
    for (const char* op : operators) {
      if (text.substr(at).starts_with(op)) {
        c.op = op;
        break;
      }
    }
    if (c.op.empty()) bad(text, at, "one of = >= > <= < ~>");
    at += c.op.size();
    skip_spaces(text, at);
    c.parts = read_version(text, at, c.version);
    if (c.parts == 0) bad(text, at, fmt::format("a version like 1.2.3 after '{}'", c.op));
    r.constraints.push_back(c);
    skip_spaces(text, at);
    if (at < text.size()) {
      if (text[at] != ',') bad(text, at, "',' before another condition, or the end");
      ++at;
      skip_spaces(text, at);
      if (at == text.size()) bad(text, at, "another condition after ','");
    }
  }
  // Every condition must hold: a requirement none can meet (">= 1.0, < 0.5") is a slip, not a
  // pack that was not found.
  Constraint::Range all;
  all.highest_accepted = true;
  for (const Constraint& c : r.constraints) {
    const Constraint::Range one = c.range();
    if (one.lowest && (!all.lowest || *one.lowest > *all.lowest)) all.lowest = one.lowest;
    if (one.highest && (!all.highest || *one.highest < *all.highest ||
                        (*one.highest == *all.highest && !one.highest_accepted))) {
      all.highest = one.highest;
      all.highest_accepted = one.highest_accepted;
    }
  }
  if (all.lowest && all.highest &&
      (*all.lowest > *all.highest || (*all.lowest == *all.highest && !all.highest_accepted)))
    throw Error(fmt::format("version requirement '{}' accepts no version: its conditions cannot all hold", text));
  return r;
}

bool Requirement::accepts(const Version& v) const {
  for (const auto& c : constraints)
    if (!c.accepts(v)) return false;
  return true;
}

}  // namespace arbiter::packs
