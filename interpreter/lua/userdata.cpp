#include "interpreter/lua/userdata.hpp"

#include "interpreter/lua/modules.hpp"

namespace arbiter::lua {

void register_userdata_type(lua_State* L, const char* type, const char* shown_as, const luaL_Reg* methods,
                            lua_CFunction gc) {
  if (luaL_newmetatable(L, type)) {
    lua_newtable(L);
    luaL_setfuncs(L, methods, 0);
    refuse_unknown_methods(L, -1, shown_as);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, gc);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
  }
  lua_pop(L, 1);
}

}  // namespace arbiter::lua
