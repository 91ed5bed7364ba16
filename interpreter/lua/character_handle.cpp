// Characters and cells as Lua sees them: handles that read the live character, labels for cells.
#include "interpreter/lua/world_bindings.hpp"

#include "grammar/diagnostic.hpp"
#include "interpreter/core/labels.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/core/world.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/services.hpp"

namespace arbiter::lua {

namespace {

constexpr const char* character_type = "arbiter.character";

// character.name, .side, .cell, .stats, … read live from the world each time.
int character_index(lua_State* L) {
  World& world = world_of(L);
  const Entity& e = world.get(*static_cast<EntityId*>(luaL_checkudata(L, 1, character_type)));
  const std::string_view key = luaL_checkstring(L, 2);  // read many times a round: no copy
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
    throw Error("a character has id, name, side, cell, stats, equipment and statuses, not '" + std::string(key) + "'");
  }
  return 1;
}

int character_tostring(lua_State* L) {
  const Entity& e = world_of(L).get(*static_cast<EntityId*>(luaL_checkudata(L, 1, character_type)));
  lua_pushstring(L, e.name.c_str());
  return 1;
}

int character_equal(lua_State* L) {
  const EntityId* a = test_character(L, 1);
  const EntityId* b = test_character(L, 2);
  lua_pushboolean(L, a && b && *a == *b);
  return 1;
}

}  // namespace

World& world_of(lua_State* L) { return services(L).get<World>("world"); }

const EntityId* test_character(lua_State* L, int index) {
  return static_cast<const EntityId*>(luaL_testudata(L, index, character_type));
}

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
  if (const EntityId* id = test_character(L, index)) return world.get(*id);
  if (lua_type(L, index) != LUA_TSTRING) luaL_typeerror(L, index, "character or character name");
  return world.find(lua_tostring(L, index));
}

Cell check_cell(lua_State* L, int index, const Grid& grid) {
  if (const EntityId* id = test_character(L, index)) return world_of(L).get(*id).position;
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

}  // namespace arbiter::lua
