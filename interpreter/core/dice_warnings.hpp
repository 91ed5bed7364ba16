#pragma once
// Dice expressions that are valid but most likely say something other than what was meant: a
// count of the dice meeting a point that no die can meet, or that every die meets (`2d6>7`, written
// for "the sum is more than 7", counts dice and is 0 on every roll). Told as warnings; the
// expression is rolled and weighed as written.
#include <vector>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/roll.hpp"

namespace arbiter {

std::vector<Diagnostic> dice_warnings(const Roller& roller);

}  // namespace arbiter
