#pragma once
// What a stack of packs' definitions say of one another, checked together once every pack has
// loaded (PackStack::load: every command that loads packs, `run`, `check`, `test`, `lua` and
// `explain`, refuses the same packs the same way) and again as a fight is made (Fight: a test
// case's patch since may have changed them). The one place these checks live.
//
// Each is an arbiter::Error at the line of the change that last set the field it names:
//   - under rules that play a fight (a table `flow`), an action without `resolve`, a condition
//     without `test`, a target without `find`: the fight could not carry out an order naming it.
//     Rules without a flow only declare what sheets may write (examples/packs/orders-demo) for
//     `arbiter check`, and need none;
//   - an action's `declared_as`, `answers` or `replaces` (a list written in the definition) naming
//     no action, with the nearest name;
//   - an action's `allowed_by` (a list) naming no status; a status's `allows` or `forbids` naming
//     no action;
//   - the flow (read_flow: its fields), its `default_order` naming no action or one that needs a
//     target (a default order is taken at no one), and its `incapacitated` and
//     `lookups.out_of_fight` naming no status;
//   - a status whose `unit` the flow never counts down (counts_down: turns under simultaneous
//     phases only), which would never end;
//   - under a flow of simultaneous phases only, a hook the runtime calls only in sequential phases
//     (runtime_hooks.hpp: turn_start, choose, respond, …), which would never run.
#include <lua.hpp>

#include "interpreter/packs/registry.hpp"

namespace arbiter::packs {

void check_ruleset(lua_State* L, const Registry& registry);

}  // namespace arbiter::packs
