// Actions are transactions: inside one, the world's modules propose their changes instead of
// making them (interpreter/core/flow.hpp's Changes), so an action that fails leaves no trace.
#include "interpreter/core/flow.hpp"
#include "interpreter/lua/character_handles.hpp"
#include "interpreter/lua/services.hpp"
#include "interpreter/lua/world_bindings.hpp"

namespace arbiter::lua {

void change(lua_State* L, std::function<void()> change, bool changes_grid, std::size_t holds) {
  if (Changes* pending = services(L).find<Changes>()) {
    pending->propose(std::move(change), changes_grid, holds);
    return;
  }
  change();
  refresh_handles(L);
}

}  // namespace arbiter::lua
