#include "interpreter/lua/world_bindings.hpp"

#include <cmath>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/labels.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/core/world.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/services.hpp"

namespace arbiter::lua {

namespace {

constexpr const char* character_type = "arbiter.character";
constexpr int deepest_value = 32;  // nesting of plain data; deeper is a cycle or a mistake

EntityId* test_handle(lua_State* L, int index) {
  return static_cast<EntityId*>(luaL_testudata(L, index, character_type));
}

// character.name, .side, .cell, .stats, … read live from the world each time.
int character_index(lua_State* L) {
  World& world = world_of(L);
  const Entity& e = world.get(*static_cast<EntityId*>(luaL_checkudata(L, 1, character_type)));
  const std::string key = luaL_checkstring(L, 2);
  if (key == "id") lua_pushinteger(L, e.id);
  else if (key == "name") lua_pushstring(L, e.name.c_str());
  else if (key == "side") lua_pushstring(L, e.side.c_str());
  else if (key == "cell") lua_pushstring(L, world.grid().label(e.position).c_str());
  else if (key == "stats") push_properties(L, e.stats);
  else if (key == "equipment") {
    lua_createtable(L, static_cast<int>(e.equipment.size()), 0);
    for (std::size_t i = 0; i < e.equipment.size(); ++i) {
      lua_pushstring(L, e.equipment[i].c_str());
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
  } else if (key == "statuses") {
    lua_createtable(L, static_cast<int>(e.statuses.size()), 0);
    for (std::size_t i = 0; i < e.statuses.size(); ++i) {
      const ActiveStatus& s = e.statuses[i];
      lua_createtable(L, 0, 4);
      lua_pushstring(L, s.name.c_str());
      lua_setfield(L, -2, "name");
      if (s.source != no_entity) {
        lua_pushstring(L, world.get(s.source).name.c_str());
        lua_setfield(L, -2, "source");
      }
      if (s.timed) {
        lua_pushinteger(L, s.remaining);
        lua_setfield(L, -2, "remaining");
      }
      lua_pushinteger(L, s.stacks);
      lua_setfield(L, -2, "stacks");
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
  } else {
    throw Error("a character has id, name, side, cell, stats, equipment and statuses, not '" + key + "'");
  }
  return 1;
}

int character_tostring(lua_State* L) {
  const Entity& e = world_of(L).get(*static_cast<EntityId*>(luaL_checkudata(L, 1, character_type)));
  lua_pushstring(L, e.name.c_str());
  return 1;
}

int character_equal(lua_State* L) {
  const EntityId* a = test_handle(L, 1);
  const EntityId* b = test_handle(L, 2);
  lua_pushboolean(L, a && b && *a == *b);
  return 1;
}

}  // namespace

World& world_of(lua_State* L) { return services(L).get<World>("world"); }

void push_entity(lua_State* L, EntityId id) {
  *static_cast<EntityId*>(lua_newuserdatauv(L, sizeof(EntityId), 0)) = id;
  if (luaL_newmetatable(L, character_type)) {
    lua_pushcfunction(L, guarded<character_index>);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, guarded<character_tostring>);
    lua_setfield(L, -2, "__tostring");
    lua_pushcfunction(L, guarded<character_equal>);
    lua_setfield(L, -2, "__eq");
    lua_pushstring(L, "a character");  // getmetatable() shows this, setmetatable() is refused
    lua_setfield(L, -2, "__metatable");
  }
  lua_setmetatable(L, -2);
}

void push_entities(lua_State* L, const std::vector<EntityId>& ids) {
  lua_createtable(L, static_cast<int>(ids.size()), 0);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    push_entity(L, ids[i]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}

Entity& check_entity(lua_State* L, int index, World& world) {
  if (const EntityId* id = test_handle(L, index)) return world.get(*id);
  if (lua_type(L, index) != LUA_TSTRING) luaL_typeerror(L, index, "character or character name");
  return world.find(lua_tostring(L, index));
}

Cell check_cell(lua_State* L, int index, const Grid& grid) {
  if (const EntityId* id = test_handle(L, index)) return world_of(L).get(*id).position;
  if (lua_type(L, index) != LUA_TSTRING) luaL_typeerror(L, index, "cell label (\"C3\") or character");
  const std::string text = lua_tostring(L, index);
  if (parse_label(text)) return grid.cell(text);
  // Not shaped like a label: a character's name ("Orc #2") stands for the cell it is in.
  const World& world = world_of(L);
  std::vector<std::string> names;
  for (const Entity& e : world.entities()) {
    if (e.name == text) return e.position;
    names.push_back(e.name);
  }
  std::string message = "'" + text + "' is neither a cell label (like " +
                        grid.label({grid.width() - 1, grid.height() - 1}) + ") nor a character's name";
  if (const std::string hint = did_you_mean(text, names); !hint.empty()) message += "; " + hint;
  throw Error(message);
}

void push_cells(lua_State* L, const Grid& grid, const std::vector<Cell>& cells) {
  lua_createtable(L, static_cast<int>(cells.size()), 0);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    lua_pushstring(L, grid.label(cells[i]).c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}

std::vector<Cell> opt_cells(lua_State* L, int index, const Grid& grid) {
  std::vector<Cell> out;
  if (lua_isnoneornil(L, index)) return out;
  luaL_checktype(L, index, LUA_TTABLE);
  const lua_Integer n = luaL_len(L, index);
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, index, i);
    out.push_back(check_cell(L, -1, grid));
    lua_pop(L, 1);
  }
  return out;
}

namespace {

Value check_value_at(lua_State* L, int index, int depth) {
  index = lua_absindex(L, index);
  switch (lua_type(L, index)) {
    case LUA_TNUMBER: return lua_tonumber(L, index);
    case LUA_TBOOLEAN: return static_cast<bool>(lua_toboolean(L, index));
    case LUA_TSTRING: return std::string(lua_tostring(L, index));
    case LUA_TTABLE: {
      if (depth > deepest_value) throw Error("a value nests lists more than " + std::to_string(deepest_value) + " deep");
      Value::List list;
      const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, index));
      for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, index, i);
        list.push_back(check_value_at(L, -1, depth + 1));
        lua_pop(L, 1);
      }
      return list;
    }
    default:
      throw Error(std::string("a stat or property must be a number, true/false, a string or a list, not ") +
                  luaL_typename(L, index));
  }
}

nlohmann::json check_json_at(lua_State* L, int index, int depth) {
  index = lua_absindex(L, index);
  switch (lua_type(L, index)) {
    case LUA_TNIL: return nullptr;
    case LUA_TNUMBER:
      if (lua_isinteger(L, index)) return lua_tointeger(L, index);
      return lua_tonumber(L, index);
    case LUA_TBOOLEAN: return static_cast<bool>(lua_toboolean(L, index));
    case LUA_TSTRING: return std::string(lua_tostring(L, index));
    case LUA_TUSERDATA:
      if (const EntityId* id = test_handle(L, index)) return world_of(L).get(*id).name;
      break;
    case LUA_TTABLE: {
      if (depth > deepest_value) throw Error("a table nests more than " + std::to_string(deepest_value) + " deep");
      const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, index));
      if (n > 0) {
        nlohmann::json list = nlohmann::json::array();
        for (lua_Integer i = 1; i <= n; ++i) {
          lua_rawgeti(L, index, i);
          list.push_back(check_json_at(L, -1, depth + 1));
          lua_pop(L, 1);
        }
        return list;
      }
      nlohmann::json object = nlohmann::json::object();
      lua_pushnil(L);
      while (lua_next(L, index)) {
        if (lua_type(L, -2) != LUA_TSTRING) throw Error("a table of named values has a key that is not a name");
        object[lua_tostring(L, -2)] = check_json_at(L, -1, depth + 1);
        lua_pop(L, 1);
      }
      return object;
    }
    default: break;
  }
  throw Error(std::string("a log field cannot hold a ") + luaL_typename(L, index));
}

}  // namespace

Value check_value(lua_State* L, int index) { return check_value_at(L, index, 0); }

void push_value(lua_State* L, const Value& value) {
  std::visit(
      [L](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, double>) {
          // Whole numbers come back as Lua integers, so `wounds + 1` prints 3, not 3.0.
          if (std::floor(v) == v && std::abs(v) < 9.0e15) lua_pushinteger(L, static_cast<lua_Integer>(v));
          else lua_pushnumber(L, v);
        } else if constexpr (std::is_same_v<T, bool>) {
          lua_pushboolean(L, v);
        } else if constexpr (std::is_same_v<T, std::string>) {
          lua_pushlstring(L, v.data(), v.size());
        } else {
          lua_createtable(L, static_cast<int>(v.size()), 0);
          for (std::size_t i = 0; i < v.size(); ++i) {
            push_value(L, v[i]);
            lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
          }
        }
      },
      value.data);
}

void push_properties(lua_State* L, const Properties& properties) {
  lua_createtable(L, 0, static_cast<int>(properties.size()));
  for (const auto& [name, value] : properties) {
    push_value(L, value);
    lua_setfield(L, -2, name.c_str());
  }
}

nlohmann::json check_json(lua_State* L, int index) { return check_json_at(L, index, 0); }

void push_json(lua_State* L, const nlohmann::json& value) {
  switch (value.type()) {
    case nlohmann::json::value_t::boolean: lua_pushboolean(L, value.get<bool>()); return;
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned: lua_pushinteger(L, value.get<lua_Integer>()); return;
    case nlohmann::json::value_t::number_float: lua_pushnumber(L, value.get<double>()); return;
    case nlohmann::json::value_t::string: lua_pushstring(L, value.get_ref<const std::string&>().c_str()); return;
    case nlohmann::json::value_t::array: {
      lua_createtable(L, static_cast<int>(value.size()), 0);
      for (std::size_t i = 0; i < value.size(); ++i) {
        push_json(L, value[i]);
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
      }
      return;
    }
    case nlohmann::json::value_t::object: {
      lua_createtable(L, 0, static_cast<int>(value.size()));
      for (const auto& [name, item] : value.items()) {
        push_json(L, item);
        lua_setfield(L, -2, name.c_str());
      }
      return;
    }
    default: lua_pushnil(L); return;
  }
}

std::string opt_string_field(lua_State* L, int index, const char* field, const std::string& fallback) {
  if (lua_isnoneornil(L, index)) return fallback;
  luaL_checktype(L, index, LUA_TTABLE);
  lua_getfield(L, index, field);
  std::string out = fallback;
  if (!lua_isnil(L, -1)) {
    if (lua_type(L, -1) != LUA_TSTRING) throw Error(std::string("option '") + field + "' must be a string");
    out = lua_tostring(L, -1);
  }
  lua_pop(L, 1);
  return out;
}

double opt_number_field(lua_State* L, int index, const char* field, double fallback) {
  if (lua_isnoneornil(L, index)) return fallback;
  luaL_checktype(L, index, LUA_TTABLE);
  lua_getfield(L, index, field);
  double out = fallback;
  if (!lua_isnil(L, -1)) {
    if (!lua_isnumber(L, -1)) throw Error(std::string("option '") + field + "' must be a number");
    out = lua_tonumber(L, -1);
  }
  lua_pop(L, 1);
  return out;
}

}  // namespace arbiter::lua
