#pragma once
// A saved fight and what it was played from: `run --save` records it, `run --resume` continues the
// fight, and `check --resume` checks the next round's sheets against it.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "interpreter/core/snapshot.hpp"
#include "interpreter/packs/fight.hpp"
#include "interpreter/packs/pack_stack.hpp"

struct lua_State;

namespace arbiter::cli {

// What a save records of the fight it belongs to: the encounter (its path as given and a digest of
// its text) and every pack loaded, with its version, in load order, and its files' digests.
nlohmann::json played_from(const std::string& encounter, const packs::PackStack& stack);

// The names of the packs the saved fight was played with, in load order (the encounter's rules,
// the house packs and what they require); none when the save does not say.
std::vector<std::string> packs_played_with(const SavedState& saved);

// A save, refused (an arbiter::Error naming `path`) unless it was played from `origin`
// (played_from: the same encounter, the same packs and their files) and its characters' stats are
// ones the rules read, as an encounter's are checked.
void check_saved_fight(const SavedState& saved, const std::string& path, const nlohmann::json& origin, lua_State* L,
                       const packs::Registry& registry);

// The save at `path`, read and checked (check_saved_fight).
SavedState load_saved_fight(const std::string& path, const nlohmann::json& origin, lua_State* L,
                            const packs::Registry& registry);

// Puts `fight` where the save left it; a save the rules cannot take is refused naming `path`.
void resume_saved_fight(packs::Fight& fight, const SavedState& saved, const std::string& path);

}  // namespace arbiter::cli
