#pragma once
// Cells and compass directions. A cell is (x, y), 0-based: x grows east, y grows north, so the
// south-west corner is (0, 0) — the same way a chessboard's files and ranks run from White's side
// (labels.hpp names (0, 0) "A1").
#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace arbiter {

struct Cell {
  int x = 0;
  int y = 0;
  friend constexpr auto operator<=>(Cell, Cell) = default;
};

enum class Direction : std::uint8_t { N, NE, E, SE, S, SW, W, NW };

inline constexpr std::array<Direction, 8> all_directions{Direction::N, Direction::NE, Direction::E, Direction::SE,
                                                         Direction::S, Direction::SW, Direction::W, Direction::NW};

// One step: N is (0, +1), E is (+1, 0). Inline: paths call these in their inner loop.
inline constexpr Cell offset(Direction direction) {
  constexpr std::array<Cell, 8> offsets{Cell{0, 1},  Cell{1, 1},   Cell{1, 0},  Cell{1, -1},
                                        Cell{0, -1}, Cell{-1, -1}, Cell{-1, 0}, Cell{-1, 1}};
  return offsets[static_cast<std::size_t>(direction)];
}
inline constexpr Cell step(Cell from, Direction direction) {
  const Cell d = offset(direction);
  return {from.x + d.x, from.y + d.y};
}
inline constexpr bool is_diagonal(Direction direction) { return static_cast<int>(direction) % 2 == 1; }
std::string_view name(Direction direction);  // "N", "SW"

// The direction of a one-cell step from `from` to `to`, if they are neighbours (diagonals included).
std::optional<Direction> direction_between(Cell from, Cell to);

// "S", "sw", "South-West", "north east": throws arbiter::Error with a did-you-mean otherwise.
Direction parse_direction(std::string_view text);
// Platemail's written paths: "S, S, SW" (commas and/or spaces between steps).
std::vector<Direction> parse_directions(std::string_view text);

}  // namespace arbiter
