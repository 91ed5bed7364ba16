#include "interpreter/lua/modules.hpp"

#include <algorithm>
#include <vector>

#include "interpreter/core/names.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/readonly.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/world_bindings.hpp"

namespace arbiter::lua {

std::span<const Module> runtime_modules() {
  static const Module modules[] = {
      {"dice", open_dice},     {"grid", open_grid}, {"world", open_world},
      {"status", open_status}, {"log", open_log},   {"orders", open_orders}, {"flow", open_flow},
  };
  return modules;
}

namespace {

// How deep tables of functions nest in a module (arbiter.define: 1), at most, for a table to be one.
constexpr int deepest_module = 4;

// The __index of a module's table, called by the VM only for a key the table does not hold (1: the
// table, 2: the key); upvalue 1: what a name of it is ("dice function"). Raised through `guarded`,
// so at the line of the pack that read it.
int refuse_unknown_name(lua_State* L) {
  if (lua_type(L, 2) != LUA_TSTRING) return 0;  // no name, so no misspelt one: nil, as Lua gives
  std::vector<std::string> names;
  for (lua_pushnil(L); lua_next(L, 1); lua_pop(L, 1))
    if (lua_type(L, -2) == LUA_TSTRING) names.emplace_back(whole_string(L, -2));
  // Sorted: equally near names are offered in one order, not in the order of Lua's hash of the run.
  std::sort(names.begin(), names.end());
  throw Error(unknown_name(whole_string(L, 2), names, whole_string(L, lua_upvalueindex(1))));
}

// Sets the metatable that refuses unknown names on the table at `table`: a name of it is `what`.
void set_refusing_metatable(lua_State* L, int table, const std::string& what) {
  lua_createtable(L, 0, 1);
  lua_pushlstring(L, what.data(), what.size());
  lua_pushcclosure(L, guarded<refuse_unknown_name>, 1);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, table);
}

// Whether the table at `index` (or what it shows, a view) holds functions by name, or tables that
// do, and nothing else: a module's, not data (a list, a table of numbers) and not a table with
// behaviour of its own (the registry's views by kind).
bool holds_functions_by_name(lua_State* L, int index, int depth) {
  if (depth > deepest_module) return false;
  index = lua_absindex(L, index);
  const bool view = push_viewed(L, index);
  const int table = view ? lua_gettop(L) : index;
  bool module = !lua_getmetatable(L, table), any = false;
  if (!module) lua_pop(L, 1);
  lua_pushnil(L);
  while (module && lua_next(L, table)) {
    any = true;
    module = lua_type(L, -2) == LUA_TSTRING &&
             (lua_type(L, -1) == LUA_TFUNCTION ||
              (lua_type(L, -1) == LUA_TTABLE && holds_functions_by_name(L, -1, depth + 1)));
    lua_pop(L, 1);
  }
  if (!module) lua_pop(L, 1);  // the key the walk stopped at (lua_next pops it only at the end)
  if (view) lua_pop(L, 1);
  return module && any;
}

// Makes the table at `table` (what a module's view shows) refuse unknown names, and its tables of
// functions by name too, each named by its path ("arbiter.define").
void refuse_unknown_names_in(lua_State* L, int table, const std::string& name) {
  luaL_checkstack(L, 6, "making a module's names strict");
  if (lua_getmetatable(L, table)) {  // behaviour of its own, or refusing already
    lua_pop(L, 1);
    return;
  }
  bool functions = true;
  for (lua_pushnil(L); lua_next(L, table); lua_pop(L, 1)) {
    if (lua_type(L, -2) != LUA_TSTRING) {  // a list or a table of data: no names to misspell
      lua_pop(L, 2);
      return;
    }
    functions = functions && lua_type(L, -1) == LUA_TFUNCTION;
  }
  // Set first: a table that leads back to itself is then refusing already.
  set_refusing_metatable(L, table, name + (functions ? " function" : " field"));
  for (lua_pushnil(L); lua_next(L, table); lua_pop(L, 1)) {
    if (lua_type(L, -1) != LUA_TTABLE || !holds_functions_by_name(L, -1, 1)) continue;
    const std::string nested = name + "." + std::string(whole_string(L, -2));
    const bool view = push_viewed(L, -1);
    refuse_unknown_names_in(L, lua_gettop(L), nested);
    if (view) lua_pop(L, 1);
  }
}

}  // namespace

void refuse_unknown_names(lua_State* L, int index, const std::string& name) {
  index = lua_absindex(L, index);
  if (!lua_istable(L, index)) return;
  const bool view = push_viewed(L, index);
  refuse_unknown_names_in(L, view ? lua_gettop(L) : index, name);
  if (view) lua_pop(L, 1);
}

void refuse_unknown_methods(lua_State* L, int index, const std::string& type) {
  set_refusing_metatable(L, lua_absindex(L, index), type + " method");
}

bool refuses_unknown_names(lua_State* L, int index) {
  if (!lua_getmetatable(L, index)) return false;
  lua_pushliteral(L, "__index");
  lua_rawget(L, -2);
  const bool refusing = lua_tocfunction(L, -1) == guarded<refuse_unknown_name>;
  lua_pop(L, 2);
  return refusing;
}

}  // namespace arbiter::lua
