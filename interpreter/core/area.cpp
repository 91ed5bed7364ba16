#include "interpreter/core/area.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "interpreter/core/line_walk.hpp"

namespace arbiter {

namespace {

// Cells of the bounding square around `centre` that are inside the grid and pass `keep`.
template <class Keep>
std::vector<Cell> cells_around(const Grid& grid, Cell centre, double feet, Keep&& keep) {
  const int span = static_cast<int>(std::floor(feet / grid.scale()));
  std::vector<Cell> out;
  for (int y = std::max(0, centre.y - span); y <= std::min(grid.height() - 1, centre.y + span); ++y)
    for (int x = std::max(0, centre.x - span); x <= std::min(grid.width() - 1, centre.x + span); ++x)
      if (const Cell c{x, y}; grid.within_feet(centre, c, feet) && keep(c)) out.push_back(c);
  return out;
}

}  // namespace

std::vector<Cell> area_radius(const Grid& grid, Cell centre, double feet) {
  grid.require_inside(centre, "the centre");
  return cells_around(grid, centre, feet, [](Cell) { return true; });
}

std::vector<Cell> area_line(const Grid& grid, Cell from, Cell to) {
  grid.require_inside(from, "the start");
  grid.require_inside(to, "the end");
  std::vector<Cell> out{from};
  walk_line(from, to, [&out](Cell, Cell next) {
    out.push_back(next);
    return true;
  });
  return out;
}

std::vector<Cell> area_cone(const Grid& grid, Cell origin, Direction direction, double feet) {
  grid.require_inside(origin, "the cone's origin");
  const Cell d = offset(direction);
  return cells_around(grid, origin, feet, [&](Cell c) {
    const int dx = c.x - origin.x, dy = c.y - origin.y;
    if (dx == 0 && dy == 0) return false;
    if (is_diagonal(direction)) return dx * d.x >= 0 && dy * d.y >= 0;
    const int forwards = dx * d.x + dy * d.y, sideways = std::abs(dx * d.y - dy * d.x);
    return forwards >= sideways;
  });
}

}  // namespace arbiter
