#include "interpreter/lua/location.hpp"

#include <string_view>

#include <fmt/format.h>

namespace arbiter::lua {

std::string caller_location(lua_State* L) {
  lua_Debug ar;
  for (int level = 0; lua_getstack(L, level, &ar); ++level) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline > 0 && !std::string_view(ar.source).starts_with("@stdlib/"))
      return fmt::format("{}:{}", ar.short_src, ar.currentline);
  }
  return {};
}

}  // namespace arbiter::lua
