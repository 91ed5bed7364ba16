// What Lua keeps of the running fight between calls (world_bindings.hpp): one registry table of
// parts, dropped whole when another fight becomes the running one.
#include "interpreter/lua/world_bindings.hpp"

namespace arbiter::lua {
namespace {

constexpr const char* fight_cache_key = "arbiter.fight_cache";  // in the registry
constexpr const char* part_names[] = {"", "handles", "stats"};  // by FightCache

}  // namespace

void push_fight_cache(lua_State* L, FightCache part) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, fight_cache_key);
  luaL_getsubtable(L, -1, part_names[static_cast<int>(part)]);
  lua_remove(L, -2);
}

void forget_fight(lua_State* L) {
  lua_pushnil(L);
  lua_setfield(L, LUA_REGISTRYINDEX, fight_cache_key);
}

}  // namespace arbiter::lua
