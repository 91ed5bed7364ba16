#pragma once
// Full userdata that own a C++ value (dice distributions and pools, a pack test's fights).
#include <lua.hpp>

#include <new>
#include <utility>

namespace arbiter::lua {

// Registers the metatable `type` (once): `methods` as its __index, `gc` as its __gc. getmetatable()
// on a value of the type answers "locked": a pack holding the metatable could call __gc by hand
// (the next method call would use a destroyed object) or change the methods of every value of the type.
// Reading a method the type does not have is an error naming the nearest (modules.hpp,
// refuse_unknown_methods), the type called `shown_as`: its class in stdlib/types ("dice.Pool").
void register_userdata_type(lua_State* L, const char* type, const char* shown_as, const luaL_Reg* methods,
                            lua_CFunction gc);

// Pushes a new userdata of a registered `type` that owns `value`.
template <class T>
T& push_userdata(lua_State* L, const char* type, T value) {
  T* object = new (lua_newuserdatauv(L, sizeof(T), 0)) T(std::move(value));
  luaL_setmetatable(L, type);
  return *object;
}

// A __gc that runs the owned value's destructor.
template <class T>
int destroy_userdata(lua_State* L) {
  static_cast<T*>(lua_touserdata(L, 1))->~T();
  return 0;
}

}  // namespace arbiter::lua
