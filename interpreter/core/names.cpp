#include "interpreter/core/names.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grammar/diagnostic.hpp"

namespace arbiter {
namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

}  // namespace

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

std::string character_name_key(std::string_view name) {
  constexpr std::string_view no_break_space = "\xC2\xA0";
  std::string key;
  bool blank = false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name[i] == ' ' || name[i] == '\t' || name.substr(i).starts_with(no_break_space)) {
      if (name[i] != ' ' && name[i] != '\t') ++i;  // the no-break space's second byte
      blank = true;
      continue;
    }
    if (blank && !key.empty()) key += ' ';
    blank = false;
    key += lower(name[i]);
  }
  return key;
}

bool same_character_name(std::string_view a, std::string_view b) { return character_name_key(a) == character_name_key(b); }

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const std::size_t substitution = diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitution});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::vector<std::string> nearest_names(std::string_view wanted, const std::vector<std::string>& candidates,
                                       std::size_t most) {
  // A third of the longer name may differ, but never less than two edits for short names.
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const auto& candidate : candidates) {
    const std::size_t distance = edit_distance(wanted, candidate);
    const std::size_t allowed = std::max<std::size_t>(2, std::max(wanted.size(), candidate.size()) / 3);
    if (distance <= allowed) scored.emplace_back(distance, candidate);
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<std::string> names;
  for (auto& [distance, name] : scored) {
    if (names.size() == most) break;
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(std::move(name));
  }
  return names;
}

std::string did_you_mean(std::string_view wanted, const std::vector<std::string>& candidates) {
  const auto names = nearest_names(wanted, candidates);
  if (names.empty()) return {};
  std::string out = "did you mean ";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += "'" + names[i] + "'";
  }
  return out + "?";
}

std::string with_nearest(std::string message, std::string_view wanted, const std::vector<std::string>& candidates) {
  const std::string hint = did_you_mean(wanted, candidates);
  return hint.empty() ? message : message + " (" + hint + ")";
}

std::string unknown_name(std::string_view wanted, const std::vector<std::string>& known, std::string_view what) {
  const std::string message = fmt::format("there is no {} named '{}'", what, printable(wanted));
  if (const std::string hint = did_you_mean(wanted, known); !hint.empty()) return message + "; " + hint;
  const std::string many = std::string(what) + (what.ends_with('s') ? "es" : "s");  // sides, statuses
  if (known.empty()) return fmt::format("{}: there are no {} here", message, many);
  // Sorted first, so that names equally near come in the same order whatever order they came in.
  std::vector<std::string> listed = known;
  std::sort(listed.begin(), listed.end());
  std::stable_sort(listed.begin(), listed.end(), [&](const std::string& a, const std::string& b) {
    return edit_distance(wanted, a) < edit_distance(wanted, b);
  });
  constexpr std::size_t shown = 8;  // enough to find one's own; a ruleset's forty actions would bury it
  std::vector<std::string> quoted;
  for (std::size_t i = 0; i < listed.size() && i < shown; ++i) quoted.push_back("'" + printable(listed[i]) + "'");
  const std::string more = listed.size() > shown ? fmt::format(", … ({} in all)", listed.size()) : "";
  return fmt::format("{}; the {} are, nearest first: {}{}", message, many, fmt::join(quoted, ", "), more);
}

void check_known_name(std::string_view wanted, const std::vector<std::string>& known, std::string_view what) {
  if (std::find(known.begin(), known.end(), wanted) == known.end()) throw Error(unknown_name(wanted, known, what));
}

}  // namespace arbiter
