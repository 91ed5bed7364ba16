#pragma once
// A character (or any thing on the map that has stats): Platemail's "Orc #2", Heimr's locations'
// occupants. Stats are whatever the ruleset names; the runtime reads only those it is told to
// (lookup.hpp's injury and size stats).
#include <string>
#include <vector>

#include "interpreter/core/coordinates.hpp"
#include "interpreter/core/value.hpp"

namespace arbiter {

using EntityId = int;
inline constexpr EntityId no_entity = 0;  // ids start at 1

// A status on a character (statuses.hpp gives them meaning).
struct ActiveStatus {
  std::string name;
  EntityId source = no_entity;  // who caused it, when it matters for expiry ("until the source's next turn")
  bool timed = true;            // false: until removed
  int remaining = 0;            // ticks of its duration unit left, when timed
  int stacks = 1;
  bool running_out = false;     // counted down to its end while a phase's changes are still to land
                                // (Statuses::count_down); never saved, as it ends before the phase does
  friend bool operator==(const ActiveStatus&, const ActiveStatus&) = default;
};

struct Entity {
  EntityId id = no_entity;
  std::string name;  // unique in its world: "Aldric", "Orc #2"
  std::string side;  // same side: allies
  Cell position;
  Properties stats{};
  std::vector<ActiveStatus> statuses{};

  const ActiveStatus* status(std::string_view status_name) const {
    for (const auto& s : statuses)
      if (s.name == status_name) return &s;
    return nullptr;
  }
  friend bool operator==(const Entity&, const Entity&) = default;
};

}  // namespace arbiter
