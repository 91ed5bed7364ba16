#include "interpreter/packs/wrap_registry.hpp"

#include <fmt/format.h>

#include "interpreter/core/names.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/location.hpp"
#include "interpreter/lua/readonly.hpp"
#include "interpreter/lua/sandbox.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/packs/definition_check.hpp"
#include "interpreter/packs/field_place.hpp"
#include "interpreter/packs/registry.hpp"

namespace arbiter::packs {
namespace {

Registry& registry_of(lua_State* L) { return lua::services(L).get<Registry>("rule registry"); }

// A manifest describes its pack, and is read before any pack loads (to find the packs a pack
// requires): a definition there would come before the rules it changes, and blame them.
void refuse_in_manifest(lua_State* L, std::string_view what) {
  if (lua::Sandbox::of(L).running_manifest())
    throw Error(fmt::format("{} in a manifest: pack.lua describes the pack (its name, version, requires, …); "
                            "define, override, patch and add checks in its main file (init.lua), which runs when "
                            "the pack loads",
                            what));
}

// Pushes the cache of definitions read through registry.view(kind): one table per kind, by kind
// name, in the registry's "arbiter.registry_views".
void push_cache(lua_State* L, const char* kind) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, "arbiter.registry_views");
  luaL_getsubtable(L, -1, kind);
  lua_remove(L, -2);
}

Kind check_kind(lua_State* L, int index) { return parse_kind(lua::check_text(L, index, "the kind")); }

std::string check_name(lua_State* L, int index) {
  std::size_t length = 0;
  const char* name = luaL_checklstring(L, index, &length);
  // Raised as the registry's other refusals are, at the line of the pack that gave the name.
  if (length == 0 || length > 200)
    throw Error(fmt::format("a name is 1 to 200 characters, not {}", length == 0 ? "\"\"" : std::to_string(length)));
  return {name, length};
}

// A field of a pack API newer than the pack declares is refused where the definition's table writes
// it (else at the line making the change): an Arbiter offering only the API declared refuses it, and
// a pack must load on every Arbiter that offers the API it declares.
void check_api(lua_State* L, Kind kind, const std::string& name, int index, const std::string& pack) {
  const int api = registry_of(L).api_of(pack);
  const std::optional<NewerThanApi> newer = newer_than_api(L, kind, index, api);
  if (!newer) return;
  throw FieldMistake(newer->key, fmt::format("{} '{}': {} is new in pack API {}, but pack '{}' declares api = {} in "
                                             "its pack.lua: write api = {} there, as an Arbiter of API {} refuses it",
                                             to_string(kind), name, newer->field, newer->api, pack, api, newer->api,
                                             api));
}

template <Operation operation>
int change_by_pack(lua_State* L) {
  const Kind kind = check_kind(L, 1);
  const std::string name = check_name(L, 2);
  luaL_checkany(L, 3);
  refuse_in_manifest(L, fmt::format("{} '{}' is {}", to_string(kind), name, to_string(operation)));
  // Every change keeps the line that made it, which `arbiter explain` shows and the rules' checks
  // point at: one made as a tail call has none to keep (guarded adds how to have it).
  const std::string location = lua::definition_location(L);
  if (location.empty() && lua::caller_lost_to_tail_call(L))
    throw Error(fmt::format("the {} '{}' is not changed without the line that changes it, which `arbiter explain` "
                            "shows and the rules' checks point at",
                            to_string(kind), name));
  const std::string& pack = lua::Sandbox::of(L).current_pack();
  try {
    check_api(L, kind, name, 3, pack);
    change_definition(L, operation, kind, name, 3, pack, location);
    // What the definition is made from (arbiter.define's `made_from`, checked there): a table.
    if (operation == Operation::define && lua_istable(L, 4)) {
      lua_getfield(L, 4, "kind");
      lua_getfield(L, 4, "name");
      lua_getfield(L, 4, "field");
      registry_of(L).set_made_from(L, kind, name, {check_kind(L, -3), check_name(L, -2), luaL_optstring(L, -1, "")});
      lua_pop(L, 3);
    }
  } catch (const FieldMistake& mistake) {
    // Lua keeps no position for the table's fields: the field is found in this call's text.
    throw Error(at_field(L, location, mistake.field(), mistake.diagnostics().front().message));
  } catch (const Error& e) {
    // A mistake of the whole change (a name defined twice) is told at the line `explain` shows for
    // it, the pack's own call, rather than inside a helper of the pack's that made it.
    const auto& told = e.diagnostics();
    if (told.size() != 1 || !told.front().where.file.empty() || location.empty()) throw;
    Diagnostic placed = at_field(L, location, "", told.front().message);
    placed.notes = told.front().notes;
    throw Error(std::move(placed));
  }
  return 0;
}

// registry.get(kind, name) -> read-only view of the value, or nil
int get(lua_State* L) {
  const Kind kind = check_kind(L, 1);
  const std::string name = check_name(L, 2);
  if (!registry_of(L).push(L, kind, name)) return 0;
  if (lua_istable(L, -1)) lua::push_readonly(L, -1, true);
  return 1;
}

// registry.require(kind, name) -> like get, but an unknown name is an error with the nearest names
int require_definition(lua_State* L) {
  const Kind kind = check_kind(L, 1);
  const std::string name = check_name(L, 2);
  const Registry& registry = registry_of(L);
  if (!registry.push(L, kind, name)) throw Error(registry.unknown(kind, name, L));
  if (lua_istable(L, -1)) lua::push_readonly(L, -1, true);
  return 1;
}

// A name read through registry.view the first time: kept in the cache (upvalue 1) until it changes.
int load_into_cache(lua_State* L) {
  lua_pushvalue(L, lua_upvalueindex(2));  // the kind
  lua_replace(L, 1);
  require_definition(L);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, -2);
  lua_rawset(L, lua_upvalueindex(1));
  return 1;
}

// `pairs` over a view: every defined name, sorted, with its value.
int next_definition(lua_State* L) {
  const lua_Integer i = lua_tointeger(L, lua_upvalueindex(2)) + 1;
  lua_pushinteger(L, i);
  lua_replace(L, lua_upvalueindex(2));
  if (lua_rawgeti(L, lua_upvalueindex(1), i) == LUA_TNIL) return 0;
  lua_gettable(L, 1);  // through the view, so the value is cached and read-only
  lua_rawgeti(L, lua_upvalueindex(1), i);
  lua_insert(L, -2);
  return 2;
}

int list_definitions(lua_State* L) {
  lua_getfield(L, lua_upvalueindex(1), "names");
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_call(L, 1, 1);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, lua::guarded<next_definition>, 2);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

// registry.view(kind) -> the read-only table of a kind's definitions by name (arbiter.tables, …).
// A name read once stays in a cache that a change of that name empties, so reading it again is the
// VM's own table lookup: rules read definitions thousands of times a round.
int view(lua_State* L) {
  check_kind(L, 1);
  push_cache(L, lua_tostring(L, 1));
  const int cache = lua_gettop(L);
  lua_createtable(L, 0, 1);
  lua_pushvalue(L, cache);
  lua_pushvalue(L, 1);
  lua_pushcclosure(L, lua::guarded<load_into_cache>, 2);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, cache);
  lua::push_readonly(L, cache, false);
  lua_getmetatable(L, -1);
  lua_pushvalue(L, lua_upvalueindex(1));  // the registry module
  lua_pushvalue(L, 1);
  lua_pushcclosure(L, lua::guarded<list_definitions>, 2);
  lua_setfield(L, -2, "__pairs");
  lua_pop(L, 1);
  return 1;
}

int names(lua_State* L) {
  const auto all = registry_of(L).names(check_kind(L, 1));
  lua_createtable(L, static_cast<int>(all.size()), 0);
  for (std::size_t i = 0; i < all.size(); ++i) {
    lua_pushstring(L, all[i].c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

// registry.revision() -> a whole number that changes with every define, override and patch.
int revision(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(registry_of(L).revision()));
  return 1;
}

// registry.add_check(check): a function written in Lua, made one of the running pack's, that the
// runtime calls whenever the definitions have changed (Registry::run_checks).
int add_check(lua_State* L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  refuse_in_manifest(L, "a check is added");
  if (lua_iscfunction(L, 1) && !lua::Sandbox::push_pack_function_parts(L, 1))
    throw Error("arbiter.add_check: the check must be a function written in Lua, not a built-in function");
  lua_settop(L, 1);
  lua::Sandbox& sandbox = lua::Sandbox::of(L);
  sandbox.push_pack_function(L, sandbox.current_pack(), 1);
  registry_of(L).add_check(L, -1, sandbox.current_pack());
  return 0;
}

// registry.nearest(wanted, candidates) -> the candidates close enough to be a misspelling of
// `wanted`, nearest first, at most three: the runtime's own "did you mean", for a pack's messages.
int nearest(lua_State* L) {
  const std::string wanted = lua::check_text(L, 1, "the name wanted");
  luaL_checktype(L, 2, LUA_TTABLE);
  std::vector<std::string> candidates;
  for (lua_Integer i = 1; lua_rawgeti(L, 2, i) != LUA_TNIL; ++i) {
    if (lua_type(L, -1) != LUA_TSTRING) luaL_error(L, "candidates[%d] must be a string", static_cast<int>(i));
    candidates.push_back(lua::to_text(L, -1, fmt::format("candidates[{}]", i)));
    lua_pop(L, 1);
  }
  const std::vector<std::string> names = nearest_names(wanted, candidates);
  lua_createtable(L, static_cast<int>(names.size()), 0);
  for (std::size_t i = 0; i < names.size(); ++i) {
    lua_pushlstring(L, names[i].data(), names[i].size());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

// registry.field_location(location, field) -> "file:line:column" of a field ("Full Plate.absorb", as
// the history names it) in the table given to the call at `location` (a change's), or `location`
// when it is not written there: where a pack's check of its tables tells a mistake in it.
int field_location_of(lua_State* L) {
  const std::string location = lua::check_text(L, 1, "the location");
  const std::string field = lua::check_text(L, 2, "the field");
  const std::string found = field_location(L, location, field);
  lua_pushlstring(L, found.data(), found.size());
  return 1;
}

// registry.history(kind, name) -> { { pack, operation, location, fields = { {field, before, after} } } }
int history(lua_State* L) {
  const Kind kind = check_kind(L, 1);
  const std::string name = check_name(L, 2);
  const Registry& registry = registry_of(L);
  const Definition* definition = registry.find(kind, name);
  if (!definition) throw Error(registry.unknown(kind, name, L));
  lua_createtable(L, static_cast<int>(definition->history.size()), 0);
  lua_Integer i = 0;
  for (const auto& change : definition->history) {
    lua_createtable(L, 0, 4);
    lua_pushstring(L, change.pack.c_str());
    lua_setfield(L, -2, "pack");
    lua_pushstring(L, std::string(to_string(change.operation)).c_str());
    lua_setfield(L, -2, "operation");
    lua_pushstring(L, change.location.c_str());
    lua_setfield(L, -2, "location");
    lua_createtable(L, static_cast<int>(change.fields.size()), 0);
    lua_Integer j = 0;
    for (const auto& field : change.fields) {
      lua_createtable(L, 0, 3);
      lua_pushstring(L, field.field.c_str());
      lua_setfield(L, -2, "field");
      lua_pushstring(L, field.before.c_str());
      lua_setfield(L, -2, "before");
      lua_pushstring(L, field.after.c_str());
      lua_setfield(L, -2, "after");
      lua_rawseti(L, -2, ++j);
    }
    lua_setfield(L, -2, "fields");
    lua_rawseti(L, -2, ++i);
  }
  return 1;
}

}  // namespace

void change_definition(lua_State* L, Operation operation, Kind kind, const std::string& name, int index,
                       const std::string& pack, const std::string& location) {
  Registry& registry = registry_of(L);
  switch (operation) {
    case Operation::define: registry.define(L, kind, name, index, pack, location); break;
    case Operation::override: registry.replace(L, kind, name, index, pack, location); break;
    case Operation::patch: registry.patch(L, kind, name, index, pack, location); break;
  }
  // What registry.view kept of it is out of date; a patch changed tables that views show.
  push_cache(L, std::string(to_string(kind)).c_str());
  lua_pushnil(L);
  lua_setfield(L, -2, name.c_str());
  lua_pop(L, 1);
  if (operation == Operation::patch) lua::refresh_views(L);
}

int open_registry(lua_State* L) {
  static const luaL_Reg functions[] = {
      {"define", lua::guarded<change_by_pack<Operation::define>>},
      {"override", lua::guarded<change_by_pack<Operation::override>>},
      {"patch", lua::guarded<change_by_pack<Operation::patch>>},
      {"get", lua::guarded<get>},
      {"require", lua::guarded<require_definition>},
      {"names", lua::guarded<names>},
      {"history", lua::guarded<history>},
      {"revision", lua::guarded<revision>},
      {"add_check", lua::guarded<add_check>},
      {"nearest", lua::guarded<nearest>},
      {"field_location", lua::guarded<field_location_of>},
      {nullptr, nullptr}};
  luaL_newlib(L, functions);
  lua_pushvalue(L, -1);
  lua_pushcclosure(L, lua::guarded<view>, 1);
  lua_setfield(L, -2, "view");
  lua_createtable(L, static_cast<int>(all_kinds.size()), 0);
  for (std::size_t i = 0; i < all_kinds.size(); ++i) {
    lua_pushstring(L, std::string(to_string(all_kinds[i])).c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setfield(L, -2, "kinds");
  return 1;
}

}  // namespace arbiter::packs
