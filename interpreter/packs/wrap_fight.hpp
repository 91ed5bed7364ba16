#pragma once
// The `arbiter.fight` module: fights inside a pack's tests (wrap_fight.cpp).
#include <lua.hpp>

namespace arbiter::packs {

int open_fight(lua_State* L);

}  // namespace arbiter::packs
