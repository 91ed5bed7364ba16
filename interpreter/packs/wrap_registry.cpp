#include "interpreter/packs/wrap_registry.hpp"

#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/location.hpp"
#include "interpreter/lua/readonly.hpp"
#include "interpreter/lua/sandbox.hpp"
#include "interpreter/packs/registry.hpp"

namespace arbiter::packs {
namespace {

Registry& registry_of(lua_State* L) { return lua::services(L).get<Registry>("rule registry"); }

Kind check_kind(lua_State* L, int index) { return parse_kind(luaL_checkstring(L, index)); }

std::string check_name(lua_State* L, int index) {
  std::size_t length = 0;
  const char* name = luaL_checklstring(L, index, &length);
  if (length == 0 || length > 200) luaL_argerror(L, index, "a name is 1 to 200 characters");
  return {name, length};
}

using Change = void (Registry::*)(lua_State*, Kind, const std::string&, int, const std::string&, const std::string&);

template <Change change>
int change_definition(lua_State* L) {
  const Kind kind = check_kind(L, 1);
  const std::string name = check_name(L, 2);
  luaL_checkany(L, 3);
  (registry_of(L).*change)(L, kind, name, 3, lua::Sandbox::of(L).current_pack(), lua::caller_location(L));
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
  if (!registry.push(L, kind, name)) throw Error(registry.unknown(kind, name));
  if (lua_istable(L, -1)) lua::push_readonly(L, -1, true);
  return 1;
}

int revision(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(registry_of(L).revision()));
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

// registry.history(kind, name) -> { { pack, operation, location, fields = { {field, before, after} } } }
int history(lua_State* L) {
  const Kind kind = check_kind(L, 1);
  const std::string name = check_name(L, 2);
  const Registry& registry = registry_of(L);
  const Definition* definition = registry.find(kind, name);
  if (!definition) throw Error(registry.unknown(kind, name));
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

int open_registry(lua_State* L) {
  static const luaL_Reg functions[] = {
      {"define", lua::guarded<change_definition<&Registry::define>>},
      {"override", lua::guarded<change_definition<&Registry::replace>>},
      {"patch", lua::guarded<change_definition<&Registry::patch>>},
      {"get", lua::guarded<get>},
      {"require", lua::guarded<require_definition>},
      {"names", lua::guarded<names>},
      {"history", lua::guarded<history>},
      {"revision", lua::guarded<revision>},
      {nullptr, nullptr}};
  luaL_newlib(L, functions);
  lua_createtable(L, static_cast<int>(all_kinds.size()), 0);
  for (std::size_t i = 0; i < all_kinds.size(); ++i) {
    lua_pushstring(L, std::string(to_string(all_kinds[i])).c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setfield(L, -2, "kinds");
  return 1;
}

}  // namespace arbiter::packs
