#pragma once
// Read-only views of tables shared between packs: the runtime's libraries and the registry's
// definitions. A pack reads through the view; writing, `rawset`, or changing its metatable fails
// with a message that says how definitions are changed instead.
#include <lua.hpp>

namespace arbiter::lua {

// Pushes a read-only view of the table at `index`. `deep`: tables read through the view are
// views too (definitions); otherwise only the top level is protected (libraries of functions).
void push_readonly(lua_State* L, int index, bool deep);

// Replaces the table on top of the stack, which nothing else holds (data just made for Lua to
// read), with a read-only view of it; the tables in it too. Cheaper than push_readonly: the table
// itself is what the view shows. `stats`: a character's stats, whose refusal to change says to use
// world.set_stat instead.
enum class Sealed { data, stats };
void seal(lua_State* L, Sealed what = Sealed::data);

// A deep view shows the table as it was when the view was made: after changing viewed tables in
// place (the registry's patches), call this to show the changes.
void refresh_views(lua_State* L);

// Makes `rawset` refuse the table at `index` too (a table that guards itself with __newindex,
// like a character handle).
void mark_readonly(lua_State* L, int index);

// Whether the value at `index` is such a view (the sandbox's `rawset` refuses them).
bool is_readonly(lua_State* L, int index);

// If the value at `index` is a view, pushes the table it shows and returns true.
bool push_viewed(lua_State* L, int index);

}  // namespace arbiter::lua
