#pragma once
// The cells a straight line between two cell centres passes through, step by step — every cell
// it touches (a supercover line), in integer arithmetic so it is exact and the same both ways:
// walking b→a visits the cells of a→b in reverse. When the line passes exactly through a grid
// corner, the step is diagonal and the two cells beside that corner are not entered.
#include <cstdint>
#include <cstdlib>

#include "interpreter/core/coordinates.hpp"

namespace arbiter {

// Calls `visit(from, to)` for each step (orthogonal, or diagonal through a corner) from `a` to
// `b`; stops early when `visit` returns false. Returns whether the walk reached `b`.
template <class Visit>
bool walk_line(Cell a, Cell b, Visit&& visit) {
  const std::int64_t dx = std::abs(b.x - a.x), dy = std::abs(b.y - a.y);
  const int sx = b.x > a.x ? 1 : -1, sy = b.y > a.y ? 1 : -1;
  std::int64_t crossed_x = 0, crossed_y = 0;
  Cell at = a;
  while (crossed_x < dx || crossed_y < dy) {
    // The next vertical grid line is met at t = (2·crossed_x + 1) / 2dx, the next horizontal one
    // at (2·crossed_y + 1) / 2dy; compare them without division.
    const std::int64_t to_vertical = (1 + 2 * crossed_x) * dy, to_horizontal = (1 + 2 * crossed_y) * dx;
    Cell next = at;
    if (to_vertical <= to_horizontal) {
      next.x += sx;
      ++crossed_x;
    }
    if (to_horizontal <= to_vertical) {
      next.y += sy;
      ++crossed_y;
    }
    if (!visit(at, next)) return false;
    at = next;
  }
  return true;
}

}  // namespace arbiter
