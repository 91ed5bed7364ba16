#include "interpreter/lua/ordered.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/readonly.hpp"
#include "interpreter/lua/sandbox.hpp"
#include "interpreter/lua/weak_table.hpp"
#include "interpreter/lua/world_bindings.hpp"

namespace arbiter::lua {
namespace {

// Registry key (its address): table -> the keys `next` last listed for it (weak keys).
const char next_cache_key = 0;

struct Key {
  // 0 number, 1 string, 2 boolean, 3 a character (by id), 4 an object whose making was seen, 5
  // anything else.
  int rank = 0;
  bool integer = false;
  lua_Integer whole = 0;
  lua_Number real = 0;
  std::string_view text;
  std::uint64_t made = 0;     // the object's place in the order things were made; a boolean's value; a character's id
  std::uintptr_t address = 0;  // rank 5 only: a light C function or light userdata, never a pack's own
  lua_Integer position = 0;    // where lua_next put it in the array
};

bool before(const Key& a, const Key& b) {
  if (a.rank != b.rank) return a.rank < b.rank;
  switch (a.rank) {
    case 0: {
      if (a.integer && b.integer) return a.whole < b.whole;
      if (!a.integer && !b.integer) return a.real < b.real;
      // Mixed: a float key is never a whole number Lua could store as an integer, so they differ
      // but where the float is far past 2^63 in size; ties go to the integer.
      const long double x = a.integer ? static_cast<long double>(a.whole) : a.real;
      const long double y = b.integer ? static_cast<long double>(b.whole) : b.real;
      if (x != y) return x < y;
      return a.integer;
    }
    case 1: return a.text < b.text;
    case 2:
    case 3:
    case 4: return a.made < b.made;
    default: return a.address < b.address;
  }
}

Key key_at(lua_State* L, int index, const Sandbox& sandbox) {
  Key key;
  switch (lua_type(L, index)) {
    case LUA_TNUMBER:
      key.rank = 0;
      key.integer = lua_isinteger(L, index);
      if (key.integer) key.whole = lua_tointeger(L, index);
      else key.real = lua_tonumber(L, index);
      break;
    case LUA_TSTRING: {
      std::size_t length = 0;
      const char* text = lua_tolstring(L, index, &length);
      key.rank = 1;
      key.text = std::string_view(text, length);
      break;
    }
    case LUA_TBOOLEAN:
      key.rank = 2;
      key.made = lua_toboolean(L, index) ? 1 : 0;
      break;
    default:
      // A character by its id: its handle is made when a fight first shows it, which a resumed
      // fight does in another order than the fight it goes on from.
      if (const auto id = test_character(L, index)) {
        key.rank = 3;
        key.made = static_cast<std::uint64_t>(*id);
        break;
      }
      key.made = sandbox.made_order(L, index);
      key.rank = key.made ? 4 : 5;
      key.address = reinterpret_cast<std::uintptr_t>(lua_topointer(L, index));
      break;
  }
  return key;
}

}  // namespace

lua_Integer push_sorted_keys(lua_State* L, int index) {
  index = lua_absindex(L, index);
  luaL_checkstack(L, 4, "listing a table's keys");
  lua_Integer count = 0;
  for (lua_pushnil(L); lua_next(L, index); lua_pop(L, 1)) ++count;
  lua_createtable(L, static_cast<int>(std::min<lua_Integer>(count, INT32_MAX)), 0);
  const int array = lua_gettop(L);
  const Sandbox& sandbox = Sandbox::of(L);
  std::vector<Key> keys;
  keys.reserve(static_cast<std::size_t>(count));
  lua_Integer position = 0;
  for (lua_pushnil(L); lua_next(L, index); lua_pop(L, 1)) {
    lua_pushvalue(L, -2);
    lua_rawseti(L, array, ++position);
    keys.push_back(key_at(L, -2, sandbox));  // strings stay alive: they are the table's keys
    keys.back().position = position;
  }
  std::sort(keys.begin(), keys.end(), before);
  // Moves each key to its place in the array, one cycle of the permutation at a time.
  std::vector<bool> placed(keys.size(), false);
  for (std::size_t start = 0; start < keys.size(); ++start) {
    if (placed[start]) continue;
    placed[start] = true;
    if (keys[start].position == static_cast<lua_Integer>(start + 1)) continue;
    lua_rawgeti(L, array, static_cast<lua_Integer>(start + 1));  // what the cycle's last place takes
    for (std::size_t to = start;;) {
      const auto from = static_cast<std::size_t>(keys[to].position - 1);
      placed[to] = true;
      if (from == start) {
        lua_rawseti(L, array, static_cast<lua_Integer>(to + 1));
        break;
      }
      lua_rawgeti(L, array, static_cast<lua_Integer>(from + 1));
      lua_rawseti(L, array, static_cast<lua_Integer>(to + 1));
      to = from;
    }
  }
  return position;
}

namespace {

// Upvalues: the table, its keys in order, how many, and the place reached.
int ordered_step(lua_State* L) {
  lua_Integer place = lua_tointeger(L, lua_upvalueindex(4));
  const lua_Integer count = lua_tointeger(L, lua_upvalueindex(3));
  while (place < count) {
    lua_rawgeti(L, lua_upvalueindex(2), ++place);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) {  // a field set to nil since is passed over
      lua_pushinteger(L, place);
      lua_replace(L, lua_upvalueindex(4));
      return 2;
    }
    lua_pop(L, 2);
  }
  lua_pushinteger(L, place);
  lua_replace(L, lua_upvalueindex(4));
  lua_pushnil(L);
  return 1;
}

// Pushes the key of `keys` (its array at `keys`, `count` long) after `from`, and its value in the
// table at `table`; returns 2, or pushes nil and returns 1 at the end.
int step_from(lua_State* L, int table, int keys, lua_Integer count, lua_Integer from) {
  for (lua_Integer place = from + 1; place <= count; ++place) {
    lua_rawgeti(L, keys, place);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, table) != LUA_TNIL) {
      lua_pushinteger(L, place);
      lua_rawseti(L, keys, 0);  // where the next call most likely starts
      return 2;
    }
    lua_pop(L, 2);
  }
  lua_pushnil(L);
  return 1;
}

// The place of the key at 2 in the array at `keys`, or 0.
lua_Integer place_of(lua_State* L, int keys, lua_Integer count) {
  lua_rawgeti(L, keys, 0);
  const lua_Integer hint = lua_tointeger(L, -1);
  lua_pop(L, 1);
  if (hint >= 1 && hint <= count) {
    lua_rawgeti(L, keys, hint);
    const bool found = lua_rawequal(L, -1, 2);
    lua_pop(L, 1);
    if (found) return hint;
  }
  for (lua_Integer place = 1; place <= count; ++place) {
    lua_rawgeti(L, keys, place);
    const bool found = lua_rawequal(L, -1, 2);
    lua_pop(L, 1);
    if (found) return place;
  }
  return 0;
}

void push_next_cache(lua_State* L) { push_weak_table(L, &next_cache_key, "k"); }

// `next(view, k)` with the view's `__pairs` at 3. A read-only view (a definition, a library,
// arbiter.tables) is an empty table that shows what its `pairs` visits, which for arbiter.tables
// is more than it holds yet: `next` visits the same keys, by walking its `pairs` to `k`. Views are
// small and `next` over them rare: the walk's cost is no matter.
int next_through_pairs(lua_State* L) {
  lua_pushvalue(L, 1);
  lua_call(L, 1, 3);  // 3: the iterator, 4: its state, 5: the key reached
  bool after_key = lua_isnil(L, 2);
  for (;;) {
    lua_pushvalue(L, 3);
    lua_pushvalue(L, 4);
    lua_pushvalue(L, 5);
    lua_call(L, 2, 2);
    if (lua_isnil(L, -2)) {
      if (!after_key) return luaL_error(L, "invalid key to 'next'");
      lua_pushnil(L);
      return 1;
    }
    if (after_key) return 2;
    after_key = lua_rawequal(L, -2, 2);
    lua_pop(L, 1);
    lua_replace(L, 5);
  }
}

}  // namespace

void push_ordered_iterator(lua_State* L, int index) {
  index = lua_absindex(L, index);
  lua_pushvalue(L, index);
  const lua_Integer count = push_sorted_keys(L, index);
  lua_pushinteger(L, count);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, guarded<ordered_step>, 4);
}

const char* push_as_text(lua_State* L, int index, std::size_t* length) {
  index = lua_absindex(L, index);
  const int type = lua_type(L, index);
  if (type == LUA_TTABLE || type == LUA_TFUNCTION || type == LUA_TUSERDATA || type == LUA_TTHREAD) {
    if (luaL_getmetafield(L, index, "__tostring") != LUA_TNIL) {
      lua_pop(L, 1);
      return luaL_tolstring(L, index, length);  // the value's own text
    }
    // One the host made (print, coroutine.wrap's): built-in to the pack, whenever it was made. A
    // pack's function as the registry keeps it is a C closure too, and the pack's own.
    if (lua_iscfunction(L, index)) {
      if (!Sandbox::push_pack_function_parts(L, index)) {
        lua_pushliteral(L, "function: builtin");
        return lua_tolstring(L, -1, length);
      }
      lua_pop(L, 2);
    }
    // As luaL_tolstring names it ("Thing: ..." for a __name), but never by its address.
    const char* kind = luaL_typename(L, index);
    const bool named = luaL_getmetafield(L, index, "__name") != LUA_TNIL;
    if (named && lua_type(L, -1) == LUA_TSTRING) kind = lua_tostring(L, -1);
    if (const std::uint64_t made = Sandbox::of(L).made_order(L, index)) {
      lua_pushfstring(L, "%s: #%I", kind, static_cast<lua_Integer>(made));
    } else {
      lua_pushfstring(L, "%s: #?", kind);  // made before the sandbox numbered anything: none is
    }
    if (named) lua_remove(L, -2);
    return lua_tolstring(L, -1, length);
  }
  if (type == LUA_TLIGHTUSERDATA) {
    lua_pushliteral(L, "userdata: light");  // only the runtime makes them; its address is no text
    return lua_tolstring(L, -1, length);
  }
  return luaL_tolstring(L, index, length);
}

int ordered_format(lua_State* L) {
  std::size_t size = 0;
  const char* const format = luaL_checklstring(L, 1, &size);
  const char* const end = format + size;
  const int top = lua_gettop(L);
  std::string rewritten;  // the format with each %p made %s; empty while there is none
  const char* copied_to = format;
  int arg = 1;
  // Read as Lua's str_format reads it: '%%', else flags, width and precision, then the conversion.
  for (const char* p = format; p < end; ++p) {
    if (*p != '%') continue;
    if (++p == end) break;
    if (*p == '%') continue;
    if (++arg > top) break;  // the original format tells "no value"
    p += std::strspn(p, "-+ #0123456789.");
    if (p >= end) break;
    if (*p != 's' && *p != 'p') continue;
    const int type = lua_type(L, arg);
    if (*p == 'p' || type == LUA_TTABLE || type == LUA_TFUNCTION || type == LUA_TUSERDATA || type == LUA_TTHREAD ||
        type == LUA_TLIGHTUSERDATA) {
      push_as_text(L, arg);
      lua_replace(L, arg);
    }
    if (*p == 'p') {
      rewritten.append(copied_to, p);
      rewritten += 's';
      copied_to = p + 1;
    }
  }
  if (copied_to != format) {
    rewritten.append(copied_to, end);
    lua_pushlstring(L, rewritten.data(), rewritten.size());
    lua_replace(L, 1);
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, top, 1);
  return 1;
}

int ordered_tostring(lua_State* L) {
  luaL_checkany(L, 1);
  push_as_text(L, 1);
  return 1;
}

int ordered_pairs(lua_State* L) {
  luaL_checkany(L, 1);
  if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
    lua_pushvalue(L, 1);
    lua_call(L, 1, 3);
    return 3;
  }
  luaL_checktype(L, 1, LUA_TTABLE);
  push_ordered_iterator(L, 1);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

int ordered_next(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  if (is_readonly(L, 1) && luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) return next_through_pairs(L);
  push_next_cache(L);
  const int cache = 3;
  if (lua_isnil(L, 2)) {
    lua_pushnil(L);
    if (!lua_next(L, 1)) {  // empty: `next(t) == nil` costs no listing
      lua_pushnil(L);
      return 1;
    }
    lua_pop(L, 2);
    // A traversal starts: list the keys as they are now, for the calls that go on with it.
    lua_pushvalue(L, 1);
    const lua_Integer count = push_sorted_keys(L, 1);
    lua_rawset(L, cache);
    lua_pushvalue(L, 1);
    lua_rawget(L, cache);
    return step_from(L, 1, lua_gettop(L), count, 0);
  }
  lua_pushvalue(L, 1);
  lua_Integer place = 0;
  lua_Integer count = 0;
  if (lua_rawget(L, cache) == LUA_TTABLE) {
    count = static_cast<lua_Integer>(lua_rawlen(L, -1));
    place = place_of(L, lua_gettop(L), count);
  }
  if (place == 0) {  // no listing, or one made before the key was added: list them again
    lua_pop(L, 1);
    lua_pushvalue(L, 1);
    count = push_sorted_keys(L, 1);
    lua_rawset(L, cache);
    lua_pushvalue(L, 1);
    lua_rawget(L, cache);
    place = place_of(L, lua_gettop(L), count);
    if (place == 0) return luaL_error(L, "invalid key to 'next'");
  }
  return step_from(L, 1, lua_gettop(L), count, place);
}

}  // namespace arbiter::lua
