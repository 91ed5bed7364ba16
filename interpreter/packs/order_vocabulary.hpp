#pragma once
// The order-sheet vocabulary a stack of packs declares (docs/orders.md):
//   arbiter.define.action("Move", { move = 15 })   -- or move = { max = 15 }; 0/absent: stays put
//   arbiter.define.action("Charge", { move = 15, needs_target = true })
//   arbiter.define.condition("I have at least {n} wounds", { … })
//   arbiter.define.target("the closest enemy", { … })
//   arbiter.define.table("orders", { phases = 2, feet_per_step = 5 })
// and the roster of a fight read from an encounter file.
#include <filesystem>

#include "interpreter/core/order_check.hpp"
#include "interpreter/core/vocabulary.hpp"
#include "interpreter/lua/sandbox.hpp"
#include "interpreter/packs/registry.hpp"

namespace arbiter::packs {

// Throws arbiter::Error, placed at the definition, for a property of the wrong type.
orders::Vocabulary read_vocabulary(lua_State* L, const Registry& registry);

// Runs `file` in the sandbox (a Lua file returning `{ characters = { { name = "Aldric",
// side = "players" }, … } }`) and reads the roster. Throws arbiter::Error for anything else.
orders::Roster read_roster(lua::Sandbox& sandbox, const std::filesystem::path& file);

}  // namespace arbiter::packs
