#include "interpreter/core/declared_path.hpp"

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"

namespace arbiter {

Path check_declared_path(const Grid& grid, const PathRules& rules, Cell start, std::span<const Direction> steps,
                         std::optional<double> allowance_feet) {
  grid.require_inside(start, "the start");
  check_rules(rules);
  Path path;
  Cell at = start;
  int diagonals = 0;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const Cell next = step(at, steps[i]);
    const std::string where = fmt::format("step {} ({}, from {}", i + 1, name(steps[i]), grid.label(at)) +
                              (grid.contains(next) ? " to " + grid.label(next) + ")" : ")");
    if (const StepCheck check = check_step(grid, rules, at, next); check.obstacle != StepObstacle::None)
      throw Error(where + " is not possible: " + describe(grid, check, at, next));
    path.feet += step_cost(grid, rules, at, next, diagonals) * grid.scale();
    if (allowance_feet && path.feet > *allowance_feet)
      throw Error(fmt::format("{} goes past the {}' allowed: the path costs {}' by then", where, *allowance_feet, path.feet));
    if (is_diagonal(steps[i])) ++diagonals;
    path.steps.push_back(next);
    at = next;
  }
  return path;
}

}  // namespace arbiter
