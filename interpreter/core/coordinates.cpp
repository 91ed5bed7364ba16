#include "interpreter/core/coordinates.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/names.hpp"

namespace arbiter {

namespace {

constexpr std::array<std::string_view, 8> short_names{"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
constexpr std::array<std::string_view, 8> long_names{"north", "northeast", "east", "southeast",
                                                     "south", "southwest", "west", "northwest"};

// "South-West", "south west" and "SW" all compare as "southwest" / "sw".
std::string normalised(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '-' || c == ' ' || c == '_') continue;
    out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  return out;
}

}  // namespace

std::string_view name(Direction direction) { return short_names[static_cast<std::size_t>(direction)]; }

std::optional<Direction> direction_between(Cell from, Cell to) {
  for (Direction d : all_directions)
    if (step(from, d) == to) return d;
  return std::nullopt;
}

Direction parse_direction(std::string_view text) {
  const std::string wanted = normalised(text);
  for (std::size_t i = 0; i < short_names.size(); ++i)
    if (wanted == normalised(short_names[i]) || wanted == long_names[i]) return all_directions[i];
  std::vector<std::string> candidates(short_names.begin(), short_names.end());
  candidates.insert(candidates.end(), long_names.begin(), long_names.end());
  std::string message = "'" + std::string(text) + "' is not a compass direction (N, NE, E, SE, S, SW, W, NW)";
  if (const std::string hint = did_you_mean(text, candidates); !hint.empty()) message += "; " + hint;
  throw Error(message);
}

std::vector<Direction> parse_directions(std::string_view text) {
  std::vector<Direction> out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ',' || std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && text[end] != ',' && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    out.push_back(parse_direction(text.substr(i, end - i)));
    i = end;
  }
  if (out.empty()) throw Error("a path needs at least one direction, like \"S, S, SW\"");
  return out;
}

}  // namespace arbiter
