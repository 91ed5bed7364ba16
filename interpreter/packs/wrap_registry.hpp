#pragma once
// `require "arbiter.registry"`: the registry's Lua face, used by the stdlib's `arbiter` module.
#include <lua.hpp>

namespace arbiter::packs {

int open_registry(lua_State* L);

}  // namespace arbiter::packs
