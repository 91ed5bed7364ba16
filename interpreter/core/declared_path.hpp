#pragma once
// Checking a path a player wrote ("S, S, SW"): every step must be possible and the whole within
// the action's allowance. The first bad step is an arbiter::Error that names it, e.g.
// "step 3 (SW, from B2 to A1) is not possible: it crosses the stone wall between B2 and B1".
#include <optional>
#include <span>

#include "interpreter/core/pathfinder.hpp"

namespace arbiter {

Path check_declared_path(const Grid& grid, const PathRules& rules, Cell start, std::span<const Direction> steps,
                         std::optional<double> allowance_feet = std::nullopt);

}  // namespace arbiter
