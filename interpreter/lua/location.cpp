#include "interpreter/lua/location.hpp"

#include <string_view>

#include <fmt/format.h>

#include "interpreter/lua/values.hpp"

namespace arbiter::lua {

SourcePosition written_at(lua_State* L, int index) {
  lua_pushvalue(L, index);
  unchain(L);
  lua_Debug ar;
  lua_getinfo(L, ">S", &ar);
  if (ar.source[0] != '@') return {};
  return {ar.source + 1, static_cast<std::size_t>(ar.linedefined), 0};
}

std::string file_of(const lua_Debug& ar) { return ar.source[0] == '@' ? ar.source + 1 : ar.short_src; }

namespace {
bool in_stdlib(const lua_Debug& ar) { return std::string_view(ar.source).starts_with("@stdlib/"); }
}  // namespace

bool author_frame(lua_State* L, lua_Debug& ar) {
  for (int level = 0; lua_getstack(L, level, &ar); ++level) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline > 0 && !in_stdlib(ar)) return true;
  }
  return false;
}

std::string caller_location(lua_State* L) {
  lua_Debug ar;
  return author_frame(L, ar) ? fmt::format("{}:{}", file_of(ar), ar.currentline) : std::string();
}

std::string definition_location(lua_State* L) {
  lua_Debug ar;
  for (int level = 0; lua_getstack(L, level, &ar); ++level) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline > 0 && !in_stdlib(ar) && std::string_view(ar.what) == "main")
      return fmt::format("{}:{}", file_of(ar), ar.currentline);
  }
  return caller_location(L);
}

bool caller_lost_to_tail_call(lua_State* L) {
  lua_Debug ar;
  bool lost = false;
  for (int level = 0; lua_getstack(L, level, &ar); ++level) {
    lua_getinfo(L, "Slt", &ar);
    if (ar.currentline > 0 && !in_stdlib(ar)) return false;
    lost = lost || (in_stdlib(ar) && ar.istailcall);
  }
  return lost;
}

}  // namespace arbiter::lua
