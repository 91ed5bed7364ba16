#pragma once
// Whether one step from a cell to a neighbour is allowed, and what it costs. Shared by the path
// finder, the check of declared paths and simultaneous movement, so all three agree.
#include <cstdint>
#include <limits>
#include <numbers>

#include "interpreter/core/grid.hpp"

namespace arbiter {

struct PathRules {
  double difficult_multiplier = 2.0;  // entering difficult terrain costs this many times more
  // Heimr: "You can freely move around as long as the height difference is no more than one";
  // a bigger step up is barred (Heimr's Climb action; no ruleset here has one), so paths do not take it.
  int max_climb = 1;
};

// Why a step is refused; None when it is allowed.
enum class StepObstacle : std::uint8_t {
  None,
  NotNeighbours,   // not one step apart
  OutsideGrid,
  Diagonal,        // the metric moves only orthogonally (Manhattan)
  Border,          // a border that stops movement (wall, closed door)
  Corner,          // a diagonal squeezing past a wall's end or an impassable cell
  Impassable,
  TooHigh,         // more than max_climb up
};

struct StepCheck {
  StepObstacle obstacle = StepObstacle::None;
  int edge = -1;  // for Border: the border in the way
  int max_climb = 0;  // for TooHigh: the most levels a step may rise (PathRules::max_climb)
};

// Throws arbiter::Error for rules a path cannot work with (a multiplier below 1).
void check_rules(const PathRules& rules);

StepCheck check_step(const Grid& grid, const PathRules& rules, Cell from, Cell to);

inline constexpr double no_way = std::numeric_limits<double>::infinity();

// The length in cells of one step to a neighbour: 1, a diagonal one √2 under Euclidean, and 1 or 2
// under Alternating by the parity of the diagonal steps taken before it (5-10-5). What the fight's
// walk and the order checker count a way's steps by.
inline double step_length(Metric metric, bool diagonal, int diagonals_before) {
  if (diagonal && metric == Metric::Euclidean) return std::numbers::sqrt2;
  if (diagonal && metric == Metric::Alternating) return diagonals_before % 2 == 0 ? 1 : 2;
  return 1;
}

// The cost in cells of an allowed step: the metric's length of it (under 5-10-5 a diagonal costs 1
// or 2 by `diagonals_before`' parity), times the difficult-terrain multiplier of the cell
// entered, plus the border's extra cost for an orthogonal step (a diagonal only touches a
// border's end, so pays none). `no_way` when the step is not allowed.
double step_cost(const Grid& grid, const PathRules& rules, Cell from, Cell to, int diagonals_before);

// The same cost for a step already known to be allowed (inline: the path finder's inner loop).
inline double allowed_step_cost(const Grid& grid, const PathRules& rules, Cell from, Cell to, int diagonals_before) {
  const bool diagonal = from.x != to.x && from.y != to.y;
  double length = step_length(grid.metric(), diagonal, diagonals_before);
  if (grid.difficult_at(grid.index(to))) length *= rules.difficult_multiplier;
  if (!diagonal) length += grid.edge_cost(grid.edge(from, to));
  return length;
}

// "wall between B2 and B1", "mud at C3 is impassable": the words an error uses for an obstacle.
std::string describe(const Grid& grid, const StepCheck& check, Cell from, Cell to);

}  // namespace arbiter
