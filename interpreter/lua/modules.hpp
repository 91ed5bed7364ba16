#pragma once
// The runtime modules the sandbox exposes to every pack as read-only globals. Each binding file
// (`wrap_<name>.cpp`, in the style of Lua's own libraries: a luaL_Reg table, luaL_check* for
// arguments, userdata with a metatable, every function through `guarded`) defines one open
// function that pushes its module table. LuaLS annotations for each live in stdlib/types/<name>.lua.
#include <span>

#include <lua.hpp>

namespace arbiter::lua {

struct Module {
  const char* name;  // the global name: `dice`, `grid`, `world`, …
  lua_CFunction open;
};

// Every module, in the order they are opened. Add a binding here and in CMakeLists.txt.
std::span<const Module> runtime_modules();

// The open functions, one per binding file (the world's four: world_bindings.hpp).
int open_dice(lua_State* L);    // wrap_dice.cpp
int open_orders(lua_State* L);  // wrap_orders.cpp

}  // namespace arbiter::lua
