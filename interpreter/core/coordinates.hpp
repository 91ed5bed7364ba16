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

// One step: N is (0, +1), E is (+1, 0).
Cell offset(Direction direction);
Cell step(Cell from, Direction direction);
bool is_diagonal(Direction direction);
std::string_view name(Direction direction);  // "N", "SW"

// The direction of a one-cell step from `from` to `to`, if they are neighbours (diagonals included).
std::optional<Direction> direction_between(Cell from, Cell to);

// "S", "sw", "South-West", "north east": throws arbiter::Error with a did-you-mean otherwise.
Direction parse_direction(std::string_view text);
// Platemail's written paths: "S, S, SW" (commas and/or spaces between steps).
std::vector<Direction> parse_directions(std::string_view text);

}  // namespace arbiter
