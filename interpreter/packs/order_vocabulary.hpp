#pragma once
// The order-sheet vocabulary a stack of packs declares (docs/orders.md):
//   arbiter.define.action("Move", { move = 15 })   -- or move = { max = 15 }; 0/absent: stays put
//   arbiter.define.action("Charge", { move = 15, needs_target = true })
//   arbiter.define.condition("I have at least {n} wounds", { … })
//   arbiter.define.target("the closest enemy", { … })
//   arbiter.define.table("orders", { phases = 2, feet_per_step = 5 })
// (Who is in the fight comes from an encounter file: encounter.hpp's roster_of.)
#include "interpreter/core/vocabulary.hpp"
#include "interpreter/packs/registry.hpp"

namespace arbiter::packs {

// Pushes field `key` ("move" or "away_from_hostiles") of the action definition `d` on top of the
// stack: its value, or, when it is a function, what that returns, called now, on behalf of its
// pack (once every pack has loaded: it may read tables the house rules patched). An answer of the
// wrong type is an arbiter::Error at the function's line.
void push_definition_value(lua_State* L, const Definition& d, const char* key);

// The other names players may write for the action, condition or target `d` (`also_called`), for
// hints only; none for another kind.
std::vector<std::string> also_called(lua_State* L, const Registry& registry, const Definition& d);

// Throws arbiter::Error, placed at the definition, for a property of the wrong type.
orders::Vocabulary read_vocabulary(lua_State* L, const Registry& registry);

// Once every pack has loaded (PackStack::load): an `orders` table counting more phases than a flow
// of simultaneous phases has is an arbiter::Error at the table's line, since the orders for the
// phases past the flow's would be accepted by the check and never played.
void check_orders_table(lua_State* L, const Registry& registry);

}  // namespace arbiter::packs
