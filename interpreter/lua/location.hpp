#pragma once
// Where in the author's code a call into the host came from.
#include <string>

#include <lua.hpp>

namespace arbiter::lua {

// "file:line" of the innermost running Lua code on `L` outside the stdlib — the pack author's
// line, even when they called through a stdlib helper — or "" when there is none.
std::string caller_location(lua_State* L);

}  // namespace arbiter::lua
