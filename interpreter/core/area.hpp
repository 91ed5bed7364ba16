#pragma once
// Areas of effect as lists of cells, each in row order (south row first, west to east) so results
// are deterministic.
#include <vector>

#include "interpreter/core/grid.hpp"

namespace arbiter {

// Every cell within `feet` of `centre` under the grid's metric, the centre included.
std::vector<Cell> area_radius(const Grid& grid, Cell centre, double feet);
// Every cell a straight line from `from` to `to` touches, both ends included, in walking order.
std::vector<Cell> area_line(const Grid& grid, Cell from, Cell to);
// A 90° cone from `origin` (not included) opening towards `direction`, out to `feet`: a cell is
// inside when it lies no further sideways than forwards (for N: dy ≥ |dx|; for NE: dx ≥ 0, dy ≥ 0).
std::vector<Cell> area_cone(const Grid& grid, Cell origin, Direction direction, double feet);

}  // namespace arbiter
