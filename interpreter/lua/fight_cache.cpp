// What Lua keeps of the running fight between calls (world_bindings.hpp): one registry table of
// parts, dropped whole when another fight becomes the running one.
#include "interpreter/lua/world_bindings.hpp"

namespace arbiter::lua {
namespace {

const char fight_cache_key = 0;  // registry key (its address)

}  // namespace

void push_fight_cache(lua_State* L, FightCache part) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &fight_cache_key) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &fight_cache_key);
  }
  if (lua_rawgeti(L, -1, static_cast<lua_Integer>(part)) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, static_cast<lua_Integer>(part));
  }
  lua_remove(L, -2);
}

void forget_fight(lua_State* L) {
  lua_pushnil(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &fight_cache_key);
}

}  // namespace arbiter::lua
