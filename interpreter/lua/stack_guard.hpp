#pragma once
// Restores the height of a Lua stack when a scope ends, however it ends, except while a Lua error
// travels through it. With the C++ build of Lua, a Lua error raised below a host function is a C++
// exception unwinding through the host's frames; during the unwinding Lua's notion of the current
// frame is still the one that raised, and the error value sits on top of the stack, where Lua takes
// it from when the unwinding ends. Setting the top then would put some other value in its place
// ("error with a function value as its message"). Lua resets the stack itself afterwards, so
// inside a running call the guard leaves the stack alone while an exception unwinds; outside any
// call no Lua error can travel and the stack is the host's to restore.
#include <exception>

#include <lua.hpp>

#include "interpreter/lua/sandbox.hpp"

namespace arbiter::lua {

class StackGuard {
 public:
  StackGuard(lua_State* L, int top) : L_(L), top_(top), exceptions_(std::uncaught_exceptions()) {}
  explicit StackGuard(lua_State* L) : StackGuard(L, lua_gettop(L)) {}
  ~StackGuard() {
    if (std::uncaught_exceptions() == exceptions_ || !Sandbox::of(L_).running()) lua_settop(L_, top_);
  }
  StackGuard(const StackGuard&) = delete;
  StackGuard& operator=(const StackGuard&) = delete;

  int top() const noexcept { return top_; }

 private:
  lua_State* L_;
  int top_;
  int exceptions_;
};

}  // namespace arbiter::lua
