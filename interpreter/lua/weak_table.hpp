#pragma once
// A table of the Lua registry whose keys or values do not keep what they hold alive: caches of
// views and of iteration orders, and the fights a test case made.
#include <lua.hpp>

namespace arbiter::lua {

// Pushes the registry's table at `key` (an address only this caller has), made with `__mode` `mode`
// ("k", "v" or "kv") the first time.
inline void push_weak_table(lua_State* L, const void* key, const char* mode) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_newtable(L);
  lua_createtable(L, 0, 1);
  lua_pushstring(L, mode);
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, key);
}

}  // namespace arbiter::lua
