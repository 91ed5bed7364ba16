#pragma once
// Every C function exposed to Lua goes through `guarded`: a C++ exception thrown inside becomes a
// Lua error carrying its message. The Lua error is raised only after the catch block has ended,
// and nothing catches `...`: with the C++ build of Lua, Lua's own errors are exceptions too and
// must pass through untouched.
#include <exception>
#include <string>

#include <lua.hpp>

namespace arbiter::lua {

template <lua_CFunction F>
int guarded(lua_State* L) {
  std::string message;
  try {
    return F(L);
  } catch (const std::exception& e) {
    message = e.what();
  }
  lua_pushlstring(L, message.data(), message.size());
  return lua_error(L);
}

}  // namespace arbiter::lua
