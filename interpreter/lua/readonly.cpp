#include "interpreter/lua/readonly.hpp"

#include <string_view>

#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/ordered.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/weak_table.hpp"

namespace arbiter::lua {
namespace {

// Registry keys (their addresses): the set of views, and the cache of deep views by table.
const char views_key = 0;
const char deep_cache_key = 0;

// What getmetatable() says of a view; it also tells views from other read-only tables (handles).
constexpr const char* view_label = "read-only";

int refuse_write(lua_State* L) {
  return luaL_error(L,
                    "attempt to change a read-only table (packs change definitions with arbiter.patch or "
                    "arbiter.override; the runtime's libraries cannot be changed)");
}

// What the view at `view` shows: its metatable's __index table, so a read is the VM's own lookup
// with no call at all (rules read definitions thousands of times a round). The metamethods below
// are plain C functions shared by every view, which find it there: a view costs two tables.
void push_shown(lua_State* L, int view) {
  lua_getmetatable(L, view);
  lua_pushliteral(L, "__index");
  lua_rawget(L, -2);
  lua_remove(L, -2);
}

int length(lua_State* L) {
  push_shown(L, 1);
  lua_len(L, -1);
  return 1;
}

// `pairs(view)` walks what the view shows, in the sandbox's fixed order (ordered.hpp).
int pairs(lua_State* L) {
  push_shown(L, 1);
  push_ordered_iterator(L, -1);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

// A character's stats (c.stats, and the lists in them): read as they were, changed by the rules.
int refuse_stat_write(lua_State* L) {
  if (lua_type(L, 2) == LUA_TSTRING)
    return luaL_error(L,
                      "attempt to change a read-only table: a character's stats are set with world.set_stat(c, "
                      "\"%s\", value, cause), which logs the change (c.stats shows them as they were when read)",
                      lua_tostring(L, 2));
  return luaL_error(L,
                    "attempt to change a read-only table: a character's stats are set with world.set_stat(c, stat, "
                    "value, cause), which logs the change (c.stats shows them as they were when read)");
}

// Pushes a new view of the table at `shown`; `refuse` is its __newindex.
void push_view_of(lua_State* L, int shown, lua_CFunction refuse = guarded<refuse_write>) {
  shown = lua_absindex(L, shown);
  lua_newtable(L);  // the view: always empty, so every read and write reaches the metatable
  lua_createtable(L, 0, 5);
  lua_pushvalue(L, shown);
  lua_setfield(L, -2, "__index");
  const luaL_Reg metamethods[] = {
      {"__newindex", refuse}, {"__len", guarded<length>}, {"__pairs", guarded<pairs>}, {nullptr, nullptr}};
  luaL_setfuncs(L, metamethods, 0);
  lua_pushstring(L, view_label);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  mark_readonly(L, -1);
}

// A deep view reads from its shadow: the table's fields, with nested tables replaced by their
// views. Fills the shadow at `shadow` from the table at `table`, emptying it first.
void fill_shadow(lua_State* L, int table, int shadow) {
  luaL_checkstack(L, 6, "making a read-only view");
  lua_pushnil(L);
  while (lua_next(L, shadow)) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushnil(L);
    lua_rawset(L, shadow);
  }
  lua_pushnil(L);
  while (lua_next(L, table)) {
    if (lua_type(L, -1) == LUA_TTABLE) {
      push_readonly(L, -1, true);
      lua_remove(L, -2);
    }
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, shadow);
  }
}

}  // namespace

void push_readonly(lua_State* L, int index, bool deep) {
  index = lua_absindex(L, index);
  if (is_readonly(L, index)) {
    lua_pushvalue(L, index);
    return;
  }
  if (!deep) {
    push_view_of(L, index);
    return;
  }
  push_weak_table(L, &deep_cache_key, "kv");
  lua_pushvalue(L, index);
  if (lua_rawget(L, -2) == LUA_TTABLE) {
    lua_remove(L, -2);
    return;
  }
  lua_pop(L, 1);
  lua_newtable(L);  // the shadow, filled last: nested views may lead back to this one
  const int shadow = lua_gettop(L);
  push_view_of(L, shadow);
  lua_pushvalue(L, index);
  lua_pushvalue(L, -2);
  lua_rawset(L, shadow - 1);  // the deep cache
  fill_shadow(L, index, shadow);
  lua_replace(L, shadow - 1);
  lua_pop(L, 1);
}

void seal(lua_State* L, Sealed what) {
  const int table = lua_gettop(L);
  luaL_checkstack(L, 6, "making a read-only table");
  lua_pushnil(L);
  while (lua_next(L, table)) {
    if (lua_type(L, -1) == LUA_TTABLE && !is_readonly(L, -1)) {
      seal(L, what);
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, table);  // an existing field: allowed while walking
    } else {
      lua_pop(L, 1);
    }
  }
  push_view_of(L, table, what == Sealed::stats ? guarded<refuse_stat_write> : guarded<refuse_write>);
  lua_replace(L, table);
}

void refresh_views(lua_State* L) {
  // Listed first: refilling a shadow may add views to the cache, which must not grow while walked.
  push_weak_table(L, &deep_cache_key, "kv");
  const int cache = lua_gettop(L);
  lua_newtable(L);
  const int listed = lua_gettop(L);
  lua_Integer count = 0;
  lua_pushnil(L);
  while (lua_next(L, cache)) {
    lua_pushvalue(L, -2);
    lua_rawseti(L, listed, ++count);
    lua_rawseti(L, listed, ++count);
  }
  for (lua_Integer i = 1; i <= count; i += 2) {
    lua_rawgeti(L, listed, i);      // the table
    lua_rawgeti(L, listed, i + 1);  // its view
    lua_getmetatable(L, -1);
    lua_getfield(L, -1, "__index");
    fill_shadow(L, lua_gettop(L) - 3, lua_gettop(L));
    lua_pop(L, 4);
  }
  lua_pop(L, 2);
}

void mark_readonly(lua_State* L, int index) {
  index = lua_absindex(L, index);
  push_weak_table(L, &views_key, "k");
  lua_pushvalue(L, index);
  lua_pushboolean(L, 1);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

bool is_readonly(lua_State* L, int index) {
  if (lua_type(L, index) != LUA_TTABLE) return false;
  index = lua_absindex(L, index);
  push_weak_table(L, &views_key, "k");
  lua_pushvalue(L, index);
  const bool found = lua_rawget(L, -2) != LUA_TNIL;
  lua_pop(L, 2);
  return found;
}

bool push_viewed(lua_State* L, int index) {
  index = lua_absindex(L, index);
  if (!is_readonly(L, index) || !lua_getmetatable(L, index)) return false;
  lua_pushliteral(L, "__metatable");
  lua_rawget(L, -2);
  const bool view = lua_type(L, -1) == LUA_TSTRING && whole_string(L, -1) == view_label;
  lua_pop(L, 2);
  if (view) push_shown(L, index);
  return view;
}

}  // namespace arbiter::lua
