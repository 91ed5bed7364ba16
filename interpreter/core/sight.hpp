#pragma once
// Line of sight between two cells and what stands between them. The line runs between cell
// centres (line_walk.hpp). A border that stops sight (a wall, a closed door) hides the far cell
// completely: Concealment, as Platemail's "line of sight is blocked completely". An object in a
// cell the line passes through gives that object's shelter: Cover or Concealment. Where the line
// runs exactly through a grid corner, it is stopped only if walls close that corner on both sides.
//
// The two end cells' own objects do not count, which makes the answer symmetric: a sees b exactly
// when b sees a. A ruleset where hiding behind the crate in your own cell matters (Heimr's Hide)
// sets `count_target_cell`, and the answer is then about the target's side only.
#include "interpreter/core/grid.hpp"

namespace arbiter {

struct SightRules {
  bool count_target_cell = false;
};

struct Sight {
  Shelter shelter = Shelter::None;  // the worst thing between: none, cover, concealment
  int strength = 0;                 // the strongest object giving that shelter (0 for a wall)
  bool wall = false;                // a border stops the line
  bool visible() const { return shelter != Shelter::Concealment; }
  friend bool operator==(Sight, Sight) = default;
};

// Both cells must be inside the grid (checked). No allocation: safe to call in hot loops.
Sight line_of_sight(const Grid& grid, Cell from, Cell to, const SightRules& rules = {});

}  // namespace arbiter
