#include "interpreter/lua/readonly.hpp"

#include <cstring>

#include "interpreter/lua/guard.hpp"

namespace arbiter::lua {
namespace {

// Registry keys (their addresses): the set of views, the cache of deep views by table, and the
// maker of deep views' __index.
const char views_key = 0;
const char deep_cache_key = 0;
const char deep_index_maker_key = 0;

// A deep view's __index, in Lua: rules read registry tables field by field many times a round,
// and a Lua closure that returns plain values itself is much cheaper than a C call per field.
// Nested tables come back as their (cached) views; `wrap` makes a missing one.
constexpr const char* deep_index_maker = R"(
local type = type
return function(t, views, wrap)
  return function(_, key)
    local value = t[key]
    if type(value) ~= "table" then return value end
    return views[value] or wrap(value)
  end
end)";

void push_weak_table(lua_State* L, const void* key, const char* mode) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_newtable(L);
  lua_createtable(L, 0, 1);
  lua_pushstring(L, mode);
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, key);
}

// Replaces the table on top of the stack by its deep view.
void wrap_if_table(lua_State* L) {
  if (lua_type(L, -1) != LUA_TTABLE) return;
  push_readonly(L, -1, true);
  lua_remove(L, -2);
}

int type_name(lua_State* L) {
  luaL_checkany(L, 1);
  lua_pushstring(L, luaL_typename(L, 1));
  return 1;
}

int wrap(lua_State* L) {
  push_readonly(L, 1, true);
  return 1;
}

// Pushes the __index closure of a deep view of the table at `index`.
void push_deep_index(lua_State* L, int index) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &deep_index_maker_key) != LUA_TFUNCTION) {
    lua_pop(L, 1);
    if (luaL_loadbufferx(L, deep_index_maker, std::strlen(deep_index_maker), "@stdlib/(read-only view)", "t") != LUA_OK)
      lua_error(L);
    lua_newtable(L);  // the chunk's environment: it reads nothing global but `type`
    lua_pushcfunction(L, type_name);
    lua_setfield(L, -2, "type");
    lua_setupvalue(L, -2, 1);
    lua_call(L, 0, 1);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &deep_index_maker_key);
  }
  lua_pushvalue(L, index);
  push_weak_table(L, &deep_cache_key, "kv");
  lua_pushcfunction(L, guarded<wrap>);
  lua_call(L, 3, 1);
}

int refuse_write(lua_State* L) {
  return luaL_error(L,
                    "attempt to change a read-only table (packs change definitions with arbiter.patch or "
                    "arbiter.override; the runtime's libraries cannot be changed)");
}

int length(lua_State* L) {
  lua_len(L, lua_upvalueindex(1));
  return 1;
}

// `pairs(view)`: walks the real table, handing out views of nested tables when deep.
int next_entry(lua_State* L) {
  lua_settop(L, 2);
  if (lua_next(L, lua_upvalueindex(1)) == 0) return 0;
  if (lua_toboolean(L, lua_upvalueindex(2))) wrap_if_table(L);
  return 2;
}

int pairs(lua_State* L) {
  // A table with its own way of listing itself (the registry's views) lists itself.
  if (luaL_getmetafield(L, lua_upvalueindex(1), "__pairs") != LUA_TNIL) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 1, 3);
    return 3;
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushcclosure(L, guarded<next_entry>, 2);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

}  // namespace

void push_readonly(lua_State* L, int index, bool deep) {
  index = lua_absindex(L, index);
  if (is_readonly(L, index)) {
    lua_pushvalue(L, index);
    return;
  }
  if (deep) {
    push_weak_table(L, &deep_cache_key, "kv");
    lua_pushvalue(L, index);
    if (lua_rawget(L, -2) == LUA_TTABLE) {
      lua_remove(L, -2);
      return;
    }
    lua_pop(L, 2);
  }
  lua_newtable(L);  // the view: always empty, so every read and write reaches the metatable
  lua_createtable(L, 0, 6);
  lua_pushvalue(L, index);
  if (deep) {
    lua_pop(L, 1);
    push_deep_index(L, index);
  }
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, guarded<refuse_write>);
  lua_setfield(L, -2, "__newindex");
  lua_pushvalue(L, index);
  lua_pushcclosure(L, guarded<length>, 1);
  lua_setfield(L, -2, "__len");
  lua_pushvalue(L, index);
  lua_pushboolean(L, deep);
  lua_pushcclosure(L, guarded<pairs>, 2);
  lua_setfield(L, -2, "__pairs");
  lua_pushliteral(L, "read-only");
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);

  push_weak_table(L, &views_key, "k");
  lua_pushvalue(L, -2);
  lua_pushboolean(L, 1);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  if (deep) {
    push_weak_table(L, &deep_cache_key, "kv");
    lua_pushvalue(L, index);
    lua_pushvalue(L, -3);
    lua_rawset(L, -3);
    lua_pop(L, 1);
  }
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
  if (!is_readonly(L, index)) return false;
  lua_getmetatable(L, index);
  lua_getfield(L, -1, "__len");  // every view's __len closure holds the table it shows
  lua_getupvalue(L, -1, 1);
  lua_replace(L, -3);
  lua_pop(L, 1);
  return true;
}

}  // namespace arbiter::lua
