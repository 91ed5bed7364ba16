#pragma once
// The general targets of the order sheets (Platemail: "The closest hostile", "The most injured
// enemy", "The biggest enemy orc"), as queries over the world. Which stats mean "injured" and
// "big" is the ruleset's to say. Every query is deterministic: ties go to the nearer character,
// then to the lower id (for farthest, equally far means the lower id).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/core/relation.hpp"
#include "interpreter/core/sight.hpp"
#include "interpreter/core/world.hpp"

namespace arbiter {

struct LookupRules {
  std::string injury_stat = "wounds";  // Platemail counts Wounds taken
  bool more_is_worse = true;           // false for stats that fall as one is hurt (hit points)
  std::string size_stat = "size";
  std::vector<std::string> out_of_fight{};  // statuses that remove a character from every lookup ("Dead")
};

// The ruleset's own further test of a candidate (Platemail: one the asker perceives); empty: all pass.
using Keep = std::function<bool(EntityId)>;

// Characters in `relation` to `of`, in the fight, that `keep` keeps, in id order.
std::vector<EntityId> candidates(const World& world, const Entity& of, Relation relation, const LookupRules& rules,
                                 const Keep& keep = {});

std::optional<EntityId> closest(const World& world, const Entity& of, Relation relation, const LookupRules& rules,
                                const Keep& keep = {});
std::optional<EntityId> farthest(const World& world, const Entity& of, Relation relation, const LookupRules& rules,
                                 const Keep& keep = {});
// By the injury stat. When more is worse (harm taken), a character without the stat counts as 0,
// unhurt; when less is worse (hit points), it is not a candidate.
std::optional<EntityId> most_injured(const World& world, const Entity& of, Relation relation, const LookupRules& rules,
                                     const Keep& keep = {});
std::optional<EntityId> biggest(const World& world, const Entity& of, Relation relation, const LookupRules& rules,
                                const Keep& keep = {});
// Within reach as Grid::within_reach counts it: the next cell at least.
std::vector<EntityId> within_reach(const World& world, const Entity& of, double feet, Relation relation,
                                   const LookupRules& rules);
std::vector<EntityId> visible_from(const World& world, const Entity& of, Relation relation, const LookupRules& rules);

}  // namespace arbiter
