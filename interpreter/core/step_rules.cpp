#include "interpreter/core/step_rules.hpp"

#include <cmath>
#include <cstdlib>

#include "grammar/diagnostic.hpp"

namespace arbiter {

void check_rules(const PathRules& rules) {
  // The path finder's estimate assumes no step is cheaper than the metric says.
  if (!(rules.difficult_multiplier >= 1))
    throw Error("difficult terrain must cost at least as much as open ground (a multiplier of 1 or more), not " +
                std::to_string(rules.difficult_multiplier));
}

StepCheck check_step(const Grid& grid, const PathRules& rules, Cell from, Cell to) {
  const int dx = std::abs(to.x - from.x), dy = std::abs(to.y - from.y);
  if (dx > 1 || dy > 1 || dx + dy == 0) return {StepObstacle::NotNeighbours};
  if (!grid.contains(to) || !grid.contains(from)) return {StepObstacle::OutsideGrid};
  const int target = grid.index(to);
  if (grid.impassable_at(target)) return {StepObstacle::Impassable};
  if (grid.height_at(target) - grid.height_at(grid.index(from)) > rules.max_climb)
    return {.obstacle = StepObstacle::TooHigh, .max_climb = rules.max_climb};
  if (dx + dy == 1) {
    const int e = grid.edge(from, to);
    if (grid.edge_stops_movement(e)) return {StepObstacle::Border, e};
    return {};
  }
  if (!allows_diagonal_steps(grid.metric())) return {StepObstacle::Diagonal};
  // No cutting corners: both cells beside the corner must be enterable and no wall may touch it.
  const Cell side_a{to.x, from.y}, side_b{from.x, to.y};
  if (grid.impassable_at(grid.index(side_a)) || grid.impassable_at(grid.index(side_b)) ||
      grid.edge_stops_movement(grid.edge(from, side_a)) || grid.edge_stops_movement(grid.edge(side_a, to)) ||
      grid.edge_stops_movement(grid.edge(from, side_b)) || grid.edge_stops_movement(grid.edge(side_b, to)))
    return {StepObstacle::Corner};
  return {};
}

double step_cost(const Grid& grid, const PathRules& rules, Cell from, Cell to, int diagonals_before) {
  if (check_step(grid, rules, from, to).obstacle != StepObstacle::None) return no_way;
  return allowed_step_cost(grid, rules, from, to, diagonals_before);
}

std::string describe(const Grid& grid, const StepCheck& check, Cell from, Cell to) {
  const std::string target = grid.contains(to) ? grid.label(to) : "the edge of the grid";
  switch (check.obstacle) {
    case StepObstacle::None: return "nothing";
    case StepObstacle::NotNeighbours: return grid.label(from) + " and " + target + " are not neighbours";
    case StepObstacle::OutsideGrid: return "it leaves the grid (A1.." + grid.label({grid.width() - 1, grid.height() - 1}) + ")";
    case StepObstacle::Diagonal:
      return "this map moves only north, south, east or west (metric " + std::string(name(grid.metric())) + ")";
    case StepObstacle::Border: {
      const Border* border = grid.border(from, to);
      const std::string what = border && !border->name.empty() ? border->name : "border";
      return "it crosses the " + what + " between " + grid.label(from) + " and " + target;
    }
    case StepObstacle::Corner: return "it cuts the corner of a wall or an impassable cell";
    case StepObstacle::Impassable: {
      const std::string what = grid.terrain(to).name.empty() ? "" : " (" + grid.terrain(to).name + ")";
      return target + what + " is impassable";
    }
    case StepObstacle::TooHigh:
      return target + " is " + std::to_string(grid.height_at(grid.index(to)) - grid.height_at(grid.index(from))) +
             " levels higher than " + grid.label(from) + ": a step rises at most " + std::to_string(check.max_climb) +
             (check.max_climb == 1 ? " level" : " levels");
  }
  return "";
}

}  // namespace arbiter
