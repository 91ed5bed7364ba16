#pragma once
// `require "arbiter.registry"`: the registry's Lua face, used by the stdlib's `arbiter` module.
#include <string>

#include <lua.hpp>

#include "interpreter/packs/registry.hpp"

namespace arbiter::packs {

// Makes a change as a pack's arbiter.define, arbiter.override or arbiter.patch does, with the value
// at `index`, on behalf of `pack`, and forgets what the views of the definitions (arbiter.tables, …)
// kept of it. Throws arbiter::Error as the registry refuses it.
void change_definition(lua_State* L, Operation operation, Kind kind, const std::string& name, int index,
                       const std::string& pack, const std::string& location);

int open_registry(lua_State* L);

}  // namespace arbiter::packs
