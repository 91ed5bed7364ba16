#pragma once
// `pairs` and `next` in a fixed order. Lua seeds its string hashing afresh in every process and
// places tables, functions and userdata by their addresses, so the order a plain `pairs` visits
// keys in changes from one run to the next: a pack rolling dice in that order would break "the same
// seed, the same fight". The sandbox's own `pairs` and `next`, and the read-only views' `pairs`,
// visit keys in this order instead: numbers (ascending), then strings (byte by byte), then false
// and true, then characters by id (a resumed fight makes their handles in another order), then
// tables, functions, userdata and threads in the order they were made.
#include <cstddef>

#include <lua.hpp>

namespace arbiter::lua {

// The sandbox's `pairs(t)`: a `__pairs` metamethod as Lua's own pairs honours it, else the keys in
// the fixed order (taken when the loop starts; a field set to nil meanwhile is passed over).
int ordered_pairs(lua_State* L);

// The sandbox's `next(t, k)`: the key after `k` in the fixed order, and its value.
int ordered_next(lua_State* L);

// Pushes an array of the keys of the table at `index` (raw: no metamethod runs), in the fixed
// order; returns how many.
lua_Integer push_sorted_keys(lua_State* L, int index);

// Calls visit() for each key of the table at `index` (raw), in the fixed order, with the key and its
// value pushed (at -2 and -1); visit leaves the stack as it found it. For the host's own walks whose
// order reaches what it records or shows (a patch's fields in the history, the copy of a
// definition): lua_next's order changes from run to run.
template <class Visit>
void for_each_ordered(lua_State* L, int index, Visit&& visit) {
  index = lua_absindex(L, index);
  luaL_checkstack(L, 4, "walking a table");
  const lua_Integer count = push_sorted_keys(L, index);
  const int keys = lua_gettop(L);
  for (lua_Integer i = 1; i <= count; ++i) {
    lua_rawgeti(L, keys, i);
    lua_pushvalue(L, -1);
    lua_rawget(L, index);
    visit();
    lua_pop(L, 2);
  }
  lua_pop(L, 1);
}

// Pushes an iterator function over the table at `index` in the fixed order, which ignores its
// arguments: a `__pairs` of a view returns it with any state.
void push_ordered_iterator(lua_State* L, int index);

// Pushes the value at `index` as text, as luaL_tolstring does, but a table, function, userdata or
// thread without __tostring by its place in the order of making ("table: #1234", "Thing: #1234"
// for a `__name`), never its address; a built-in function is "function: builtin". Returns the text.
// Every way a pack turns a value into text goes through it (tostring, print, string.format's %s
// and %p, the runtime's messages), so the same seed gives the same words.
const char* push_as_text(lua_State* L, int index, std::size_t* length = nullptr);

// The sandbox's `tostring(v)`: push_as_text.
int ordered_tostring(lua_State* L);

// The sandbox's `string.format` (upvalue 1: Lua's own): each argument of a %s that is a table,
// function, userdata or thread, and every argument of a %p, is first made text by push_as_text
// (%p is told as %s would tell it: no address reaches a pack).
int ordered_format(lua_State* L);

}  // namespace arbiter::lua
