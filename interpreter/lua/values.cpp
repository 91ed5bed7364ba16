#include "interpreter/lua/values.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/readonly.hpp"
#include "interpreter/lua/sandbox.hpp"

namespace arbiter::lua {
namespace {

// Deeper than any sensible definition, shallow enough for the C stack.
constexpr int max_copy_depth = 100;

// `copies` (at its index) maps tables already copied to their copy.
void copy_into(lua_State* L, int index, int copies, int depth, const std::string* owner) {
  index = lua_absindex(L, index);
  if (owner && lua_type(L, index) == LUA_TFUNCTION) {
    Sandbox::of(L).push_pack_function(L, *owner, index);
    return;
  }
  if (lua_type(L, index) != LUA_TTABLE) {
    lua_pushvalue(L, index);
    return;
  }
  if (depth > max_copy_depth) throw Error(fmt::format("a definition may nest tables at most {} deep", max_copy_depth));
  luaL_checkstack(L, 6, "copying a definition");
  if (push_viewed(L, index)) {  // a read-only view (another definition): copy what it shows
    copy_into(L, -1, copies, depth, owner);
    lua_remove(L, -2);
    return;
  }
  lua_pushvalue(L, index);
  if (lua_rawget(L, copies) != LUA_TNIL) return;
  lua_pop(L, 1);
  lua_newtable(L);
  const int copy = lua_gettop(L);
  lua_pushvalue(L, index);
  lua_pushvalue(L, copy);
  lua_rawset(L, copies);
  lua_pushnil(L);
  while (lua_next(L, index)) {
    copy_into(L, -1, copies, depth + 1, owner);
    lua_remove(L, -2);
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, copy);
  }
  if (lua_getmetatable(L, index)) lua_setmetatable(L, copy);
}

std::string describe_key(lua_State* L, int index) {
  if (lua_type(L, index) == LUA_TSTRING) {
    const std::string key = lua_tostring(L, index);
    const bool identifier = !key.empty() && !std::isdigit(static_cast<unsigned char>(key[0])) &&
                            std::all_of(key.begin(), key.end(), [](char c) {
                              return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                            });
    if (identifier) return key;
  }
  return "[" + describe(L, index, 0) + "]";
}

std::string describe_function(lua_State* L, int index) {
  if (Sandbox::push_pack_function_parts(L, index)) {
    std::string text = describe_function(L, -2);
    if (!lua_isnil(L, -1)) text += ", replacing " + describe_function(L, -1);
    lua_pop(L, 2);
    return text;
  }
  lua_Debug ar;
  lua_pushvalue(L, index);
  lua_getinfo(L, ">S", &ar);
  if (ar.linedefined > 0) return fmt::format("function at {}:{}", ar.short_src, ar.linedefined);
  return "built-in function";
}

// Renders each entry of the table at `table` with `render(key, value)` (stack indices; key 0 for
// the array part), in the order people read them: the array part in order, then the other
// entries sorted by their rendering.
template <class Render>
std::vector<std::string> rendered_entries(lua_State* L, int table, Render render) {
  std::vector<std::string> items;
  lua_Integer n = 0;
  while (lua_rawgeti(L, table, n + 1) != LUA_TNIL) {
    items.push_back(render(0, lua_gettop(L)));
    lua_pop(L, 1);
    ++n;
  }
  lua_pop(L, 1);
  std::vector<std::string> fields;
  lua_pushnil(L);
  while (lua_next(L, table)) {
    const bool in_array = lua_isinteger(L, -2) && lua_tointeger(L, -2) >= 1 && lua_tointeger(L, -2) <= n;
    if (!in_array) fields.push_back(render(lua_gettop(L) - 1, lua_gettop(L)));
    lua_pop(L, 1);
  }
  std::sort(fields.begin(), fields.end());
  items.insert(items.end(), fields.begin(), fields.end());
  return items;
}

}  // namespace

void push_deep_copy(lua_State* L, int index, const std::string* owner) {
  index = lua_absindex(L, index);
  lua_newtable(L);
  copy_into(L, index, lua_gettop(L), 0, owner);
  lua_remove(L, -2);
}

std::string describe(lua_State* L, int index, int depth) {
  index = lua_absindex(L, index);
  switch (lua_type(L, index)) {
    case LUA_TNIL:
      return "nil";
    case LUA_TBOOLEAN:
      return lua_toboolean(L, index) ? "true" : "false";
    case LUA_TNUMBER:
      if (lua_isinteger(L, index)) return std::to_string(lua_tointeger(L, index));
      return fmt::format("{}", lua_tonumber(L, index));
    case LUA_TSTRING:
      return fmt::format("\"{}\"", lua_tostring(L, index));
    case LUA_TFUNCTION:
      return describe_function(L, index);
    case LUA_TTABLE:
      if (push_viewed(L, index)) {
        std::string text = describe(L, -1, depth);
        lua_pop(L, 1);
        return text;
      }
      break;
    default:
      return luaL_typename(L, index);
  }
  if (depth <= 0) return "{…}";
  const auto items = rendered_entries(L, index, [&](int key, int value) {
    return (key ? describe_key(L, key) + " = " : "") + describe(L, value, depth - 1);
  });
  if (items.empty()) return "{}";
  std::string text = "{ ";
  for (std::size_t i = 0; i < items.size(); ++i) text += (i ? ", " : "") + items[i];
  return text + " }";
}

std::string describe_lines(lua_State* L, int index, std::size_t width, std::size_t indent, std::size_t used) {
  index = lua_absindex(L, index);
  std::string flat = describe(L, index);
  if (used + flat.size() <= width || lua_type(L, index) != LUA_TTABLE) return flat;
  const bool view = push_viewed(L, index);
  const auto items = rendered_entries(L, view ? lua_gettop(L) : index, [&](int key, int value) {
    if (!key) return describe_lines(L, value, width, indent + 2, indent + 2);
    const std::string prefix = describe_key(L, key) + " = ";
    return prefix + describe_lines(L, value, width, indent + 2, indent + 2 + prefix.size());
  });
  if (view) lua_pop(L, 1);
  const std::string pad(indent + 2, ' ');
  std::string text = "{\n";
  for (const auto& item : items) text += pad + item + ",\n";
  return text + std::string(indent, ' ') + "}";
}

void unchain(lua_State* L) {
  while (Sandbox::push_pack_function_parts(L, -1)) {
    lua_pop(L, 1);
    lua_remove(L, -2);
  }
}

}  // namespace arbiter::lua
