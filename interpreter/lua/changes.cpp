// Actions are transactions: inside one, the world's modules propose their changes instead of
// making them (interpreter/core/flow.hpp's Changes), so an action that fails leaves no trace.
#include <fmt/format.h>

#include "interpreter/core/flow.hpp"
#include "interpreter/lua/character_handles.hpp"
#include "interpreter/lua/services.hpp"
#include "interpreter/lua/world_bindings.hpp"

namespace arbiter::lua {

std::string Judging::told() const {
  return part.empty() ? fmt::format("{} '{}'", kind, name) : fmt::format("{} '{}': {}", kind, name, part);
}

void refuse_while_judging(lua_State* L) {
  if (const Judging* judging = services(L).find<Judging>()) {
    lua_Debug called;  // the binding running now, as the author called it: "set_stat"
    const bool named = lua_getstack(L, 0, &called) && lua_getinfo(L, "n", &called) && called.name;
    throw Error(fmt::format("{} judges; it cannot change the fight{}: a change belongs in an action's resolve",
                            judging->told(), named ? std::string(" (") + called.name + ")" : ""));
  }
}

void change(lua_State* L, std::function<void()> change, bool changes_grid, std::size_t holds) {
  refuse_while_judging(L);
  if (Changes* pending = services(L).find<Changes>()) {
    pending->propose(std::move(change), changes_grid, holds);
    return;
  }
  change();
  refresh_handles(L);
}

}  // namespace arbiter::lua
