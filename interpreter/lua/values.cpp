#include "interpreter/lua/values.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/ordered.hpp"
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
  // In the fixed order (ordered.hpp): the tables and pack functions made here are numbered in the
  // order of making, which `tostring` and `pairs` show, the same every run.
  for_each_ordered(L, index, [&] {
    const int value = lua_gettop(L);
    lua_pushvalue(L, value - 1);
    copy_into(L, value, copies, depth + 1, owner);
    lua_rawset(L, copy);
  });
  if (lua_getmetatable(L, index)) lua_setmetatable(L, copy);
}

// A string as Lua would write it: a line break or another control character shown as its escape,
// so a value shown by `explain` or an error can add no line of its own.
std::string quoted(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) out += fmt::format("\\x{:02x}", static_cast<int>(c));
        else out += c;
    }
  }
  return out + "\"";
}

std::string describe_key(lua_State* L, int index) {
  if (lua_type(L, index) == LUA_TSTRING) {
    const std::string_view key = whole_string(L, index);
    const bool identifier = !key.empty() && !std::isdigit(static_cast<unsigned char>(key[0])) &&
                            std::all_of(key.begin(), key.end(), [](char c) {
                              return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                            });
    if (identifier) return std::string(key);
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
  if (ar.linedefined > 0) return fmt::format("function at {}:{}", file_of(ar), ar.linedefined);
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

std::string_view whole_string(lua_State* L, int index) {
  std::size_t length = 0;
  const char* text = lua_tolstring(L, index, &length);
  return {text, length};
}

lua_Integer check_whole(lua_State* L, int index, std::string_view what, lua_Integer least, lua_Integer most) {
  int whole = 0;
  // Only a number: lua_tointegerx would also read the string "3". A float past what an integer
  // holds (1e300), NaN and the infinities are not whole to it either.
  const lua_Integer n = lua_type(L, index) == LUA_TNUMBER ? lua_tointegerx(L, index, &whole) : 0;
  if (whole && n >= least && n <= most) return n;
  throw Error(fmt::format("{} must be a whole number from {} to {}, not {}", what, least, most,
                          printable(describe(L, index, 1))));
}

std::optional<bool> returned_boolean(lua_State* L, int index, std::string_view what) {
  if (lua_isnil(L, index)) return std::nullopt;
  if (lua_type(L, index) == LUA_TBOOLEAN) return lua_toboolean(L, index) != 0;
  throw Error(fmt::format("{} must return true or false, not {}: Lua takes every value but false and nil as true",
                          what, printable(describe(L, index, 1))));
}

std::string to_text(lua_State* L, int index, std::string_view what) {
  const std::string_view text = whole_string(L, index);
  arbiter::check_text(text, what);
  return std::string(text);
}

std::string check_text(lua_State* L, int arg, std::string_view what) {
  luaL_checkstring(L, arg);
  return to_text(L, arg, what);
}

std::string opt_text(lua_State* L, int arg, std::string_view what, std::string fallback) {
  return lua_isnoneornil(L, arg) ? fallback : check_text(L, arg, what);
}

void push_deep_copy(lua_State* L, int index, const std::string* owner) {
  index = lua_absindex(L, index);
  lua_newtable(L);
  copy_into(L, index, lua_gettop(L), 0, owner);
  lua_remove(L, -2);
}

namespace {

// Describes values for describe and describe_lines, cut at a depth, and each table once on the
// way down: one met again inside itself is shown as <cycle>, so `_G` is not `_G` four times over.
class Describer {
 public:
  explicit Describer(lua_State* L) : L_(L) {}

  std::string flat(int index, int depth) {
    index = lua_absindex(L_, index);
    switch (lua_type(L_, index)) {
      case LUA_TNIL:
        return "nil";
      case LUA_TBOOLEAN:
        return lua_toboolean(L_, index) ? "true" : "false";
      case LUA_TNUMBER:
        if (lua_isinteger(L_, index)) return std::to_string(lua_tointeger(L_, index));
        return fmt::format("{}", lua_tonumber(L_, index));
      case LUA_TSTRING: {
        std::size_t length = 0;
        const char* text = lua_tolstring(L_, index, &length);
        return quoted({text, length});
      }
      case LUA_TFUNCTION:
        return describe_function(L_, index);
      case LUA_TTABLE:
        break;
      default:
        return luaL_typename(L_, index);
    }
    const auto items = table_entries(index, depth, [&](int key, int value) {
      return (key ? describe_key(L_, key) + " = " : "") + flat(value, depth - 1);
    });
    if (!items) return depth > 0 ? "<cycle>" : "{…}";
    if (items->empty()) return "{}";
    std::string text = "{ ";
    for (std::size_t i = 0; i < items->size(); ++i) text += (i ? ", " : "") + (*items)[i];
    return text + " }";
  }

  std::string lines(int index, int depth, std::size_t width, std::size_t indent, std::size_t used) {
    index = lua_absindex(L_, index);
    std::string one_line = flat(index, depth);
    if (used + one_line.size() <= width || lua_type(L_, index) != LUA_TTABLE) return one_line;
    const auto items = table_entries(index, depth, [&](int key, int value) {
      if (!key) return lines(value, depth - 1, width, indent + 2, indent + 2);
      const std::string prefix = describe_key(L_, key) + " = ";
      return prefix + lines(value, depth - 1, width, indent + 2, indent + 2 + prefix.size());
    });
    if (!items) return one_line;
    const std::string pad(indent + 2, ' ');
    std::string text = "{\n";
    for (const auto& item : *items) text += pad + item + ",\n";
    return text + std::string(indent, ' ') + "}";
  }

 private:
  // The entries of the table at `index` (of what it shows, if a read-only view), each by `render`
  // (rendered_entries); none if the table is past the depth or being described already.
  template <class Render>
  std::optional<std::vector<std::string>> table_entries(int index, int depth, Render render) {
    const bool view = push_viewed(L_, index);
    const int table = view ? lua_gettop(L_) : index;
    std::optional<std::vector<std::string>> items;
    const void* identity = lua_topointer(L_, table);
    if (depth > 0 && std::find(open_.begin(), open_.end(), identity) == open_.end()) {
      open_.push_back(identity);
      items = rendered_entries(L_, table, render);
      open_.pop_back();
    }
    if (view) lua_pop(L_, 1);
    return items;
  }

  lua_State* L_;
  std::vector<const void*> open_;  // the tables being described, outermost first
};

}  // namespace

std::string describe(lua_State* L, int index, int depth) { return Describer(L).flat(index, depth); }

std::string describe_lines(lua_State* L, int index, std::size_t width, std::size_t indent, std::size_t used,
                           int depth) {
  return Describer(L).lines(index, depth, width, indent, used);
}

void unchain(lua_State* L) {
  while (Sandbox::push_pack_function_parts(L, -1)) {
    lua_pop(L, 1);
    lua_remove(L, -2);
  }
}

}  // namespace arbiter::lua
