#include "interpreter/core/sight.hpp"

#include "interpreter/core/line_walk.hpp"

namespace arbiter {

namespace {

// A diagonal step through a corner is stopped only when both ways around the corner are walled.
bool corner_closed(const Grid& grid, Cell from, Cell to) {
  const Cell side_a{to.x, from.y}, side_b{from.x, to.y};
  const bool around_a = grid.edge_stops_sight(grid.edge(from, side_a)) || grid.edge_stops_sight(grid.edge(side_a, to));
  const bool around_b = grid.edge_stops_sight(grid.edge(from, side_b)) || grid.edge_stops_sight(grid.edge(side_b, to));
  return around_a && around_b;
}

}  // namespace

Sight line_of_sight(const Grid& grid, Cell from, Cell to, const SightRules& rules) {
  grid.require_inside(from, "the viewer's cell");
  grid.require_inside(to, "the target's cell");
  Sight sight;
  walk_line(from, to, [&](Cell at, Cell next) {
    const bool closed = (at.x != next.x && at.y != next.y) ? corner_closed(grid, at, next)
                                                           : grid.edge_stops_sight(grid.edge(at, next));
    if (closed) {
      sight = Sight{Shelter::Concealment, 0, true};
      return false;
    }
    if (next == to && !rules.count_target_cell) return true;
    const int cell = grid.index(next);
    const Shelter shelter = grid.shelter_at(cell);
    if (shelter == Shelter::None || shelter < sight.shelter) return true;
    const int strength = grid.terrain(next).shelter_strength;
    if (shelter > sight.shelter) sight = Sight{shelter, strength, false};
    else if (strength > sight.strength) sight.strength = strength;
    return true;
  });
  return sight;
}

}  // namespace arbiter
