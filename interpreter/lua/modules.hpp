#pragma once
// The runtime modules the sandbox exposes to every pack as read-only globals. Each binding file
// (`wrap_<name>.cpp`, in the style of Lua's own libraries: a luaL_Reg table, luaL_check* for
// arguments, userdata with a metatable, every function through `guarded`) defines one open
// function that pushes its module table. LuaLS annotations for each live in stdlib/types/<name>.lua.
#include <span>
#include <string>

#include <lua.hpp>

namespace arbiter::lua {

struct Module {
  const char* name;  // the global name: `dice`, `grid`, `world`, …
  lua_CFunction open;
};

// Every module, in the order they are opened. Add a binding here and in CMakeLists.txt.
std::span<const Module> runtime_modules();

// Makes the read-only view at `index` of a module's table (`dice`, `arbiter`, `arbiter.test`)
// refuse a name it does not hold, where Lua would give nil and a typo would pass, or fail later as
// "attempt to call a nil value": an error at the reader's line naming the nearest names it holds
// (unknown_name: "there is no arbiter.define function named 'acton'; did you mean 'action'?").
// `name` is the module's as packs write it. Its tables of functions by name (`arbiter.define`)
// refuse so too, named by their path; a list or other data in it (`arbiter.kinds`), and a table
// with behaviour of its own (`arbiter.tables`), are left as they are. Only a missing name costs
// anything: the check is the __index of the table the view shows, which the VM calls only when
// the name is not there, so reading a name that is stays one table lookup.
void refuse_unknown_names(lua_State* L, int index, const std::string& name);
// The same for the table of methods at `index` of a kind of userdata (userdata.hpp): `type` is its
// class as the annotations name it ("dice.Pool": "there is no dice.Pool method named 'rol'").
void refuse_unknown_methods(lua_State* L, int index, const std::string& type);
// Whether the table at `index` refuses unknown names so (what a module's view shows).
bool refuses_unknown_names(lua_State* L, int index);

// The open functions, one per binding file (the world's four: world_bindings.hpp).
int open_dice(lua_State* L);    // wrap_dice.cpp
int open_orders(lua_State* L);  // wrap_orders.cpp

}  // namespace arbiter::lua
