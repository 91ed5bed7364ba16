#pragma once
// The definitions a fight changed, kept in its save: a pack may patch a rule during a round
// (docs/packs.md), and the packs loaded afresh to resume it make only the changes written in their
// files. A save keeps each change as plain data and makes it again, in order, before the fight goes
// on; a change to a function cannot be kept, and refuses the save.
#include <nlohmann/json.hpp>

#include <lua.hpp>

#include "interpreter/lua/sandbox.hpp"
#include "interpreter/packs/registry.hpp"

namespace arbiter::packs {

// Every change the registry kept (Registry::keep_fight_changes), as a save writes them; throws
// arbiter::Error at the first one whose value is no plain data, at the pack's line that made it.
nlohmann::json saved_fight_changes(const Registry& registry);

// Makes the changes a save wrote, in order, each on behalf of its pack and with its line, as they
// were made in the fight; a damaged list is an arbiter::Error naming its path (`state.definition_changes[0].kind`),
// a value the packs' checks refuse (arbiter.add_check) too (`state.definition_changes[0].value: …`),
// blaming no pack: the pack's line made the change with a value the save no longer holds.
void make_saved_fight_changes(lua::Sandbox& sandbox, const Registry& registry, const nlohmann::json& changes);

}  // namespace arbiter::packs
