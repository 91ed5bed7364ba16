// Characters and cells as Lua sees them: handles that show the character as it is now (character_handles.hpp),
// labels for cells.
#include "interpreter/lua/world_bindings.hpp"
#include "interpreter/lua/ordered.hpp"

#include <algorithm>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/labels.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/core/world.hpp"
#include "interpreter/lua/character_handles.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/readonly.hpp"
#include "interpreter/lua/services.hpp"
#include "interpreter/lua/values.hpp"

namespace arbiter::lua {

namespace {

// A handle is an empty table, so every read and write reaches its metatable, which is its own:
// its __index is the table of the character's fields, so rules read them with no call. id, name
// and side never change; cell and stats are made when first read (that table's own __index,
// load_field) and kept until they change (CharacterHandles::refresh drops them); statuses are
// made at every read.
//
// Registry key (its address): the fields tables' metatable (shared).
const char load_field_key = 0;
// What a handle stands for: its character, and the world of its fight, so a handle read while
// another fight runs shows its own character (null once the fight has ended). One userdata, in
// the handle's metatable and in its fields table (no rule can reach either) under `identity_key`:
// telling a handle from any other table and checking its fight is one lookup, and so is finding
// the character from a fields table.
struct Identity {
  EntityId id;
  const World* world;
};
const char identity_key = 0;
// The fields kept once read, until the character changes. Statuses are a list a rule may walk with
// `next` or pass on as plain data, so they are made afresh at every read instead.
constexpr const char* kept_fields[] = {"cell", "stats"};

int refuse_change(lua_State* L) {
  return luaL_error(L, "a character's fields cannot be set: change stats with world.set_stat, statuses with status.apply");
}

int character_tostring(lua_State* L) {
  lua_getfield(L, 1, "name");
  return 1;
}

// The handle's metatable, around its identity and the table of its fields on top of the stack
// (both popped).
void push_handle_metatable(lua_State* L) {
  lua_createtable(L, 0, 6);
  lua_insert(L, -3);
  lua_rawsetp(L, -3, &identity_key);
  lua_setfield(L, -2, "__index");
  // No __eq: a character is one handle for its fight's whole life, so `==` is already identity.
  static const luaL_Reg metamethods[] = {
      {"__newindex", guarded<refuse_change>}, {"__tostring", guarded<character_tostring>}, {nullptr, nullptr}};
  luaL_setfuncs(L, metamethods, 0);
  lua_pushstring(L, "a character");  // getmetatable() shows this, setmetatable() is refused
  lua_setfield(L, -2, "__metatable");
}

void push_statuses(lua_State* L, const Entity& e, const World& world) {
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
}

// The identity of the handle at `index`, or null when the value is not a handle. The handle on
// the stack keeps it alive.
Identity* identity_of(lua_State* L, int index) {
  if (lua_type(L, index) != LUA_TTABLE || !lua_getmetatable(L, index)) return nullptr;
  lua_rawgetp(L, -1, &identity_key);
  auto* identity = static_cast<Identity*>(lua_touserdata(L, -1));
  lua_pop(L, 2);
  return identity;
}

// The world of a handle's fight; an error once it has ended. `fields`: the handle's fields table.
const World& world_of_handle(lua_State* L, const Identity& identity, int fields) {
  if (identity.world) return *identity.world;
  lua_getfield(L, fields, "name");
  throw Error(std::string("the fight of ") + lua_tostring(L, -1) + " has ended: its handle shows nothing more");
}

// A field the fields table at 1 does not hold: cell and stats the first time since the character
// last changed (kept in that table, so reading them again is the VM's own lookup; stats are
// read-only and made afresh after a change, so a rule that kept the last one keeps what it read),
// statuses at every read.
int load_field(lua_State* L) {
  lua_rawgetp(L, 1, &identity_key);
  const Identity& identity = *static_cast<const Identity*>(lua_touserdata(L, -1));
  const World& world = world_of_handle(L, identity, 1);
  const Entity& e = world.get(identity.id);
  const std::string_view key = lua_type(L, 2) == LUA_TSTRING ? whole_string(L, 2) : "";
  if (key == "statuses") {
    push_statuses(L, e, world);
    return 1;
  }
  // What an encounter gives in its ruleset's equipment slots is stats (docs/world.md).
  if (key == "equipment")
    throw Error("a character's equipment is its stats under the names of the ruleset's slots: c.stats.weapon");
  if (key == "cell") {
    push_label(L, e.position);
  } else if (key == "stats") {
    push_properties(L, e.stats);
    seal(L, Sealed::stats);
  } else {
    throw Error(std::string("a character has id, name, side, cell, stats and statuses, not '") +
                push_as_text(L, 2) + "'");
  }
  lua_pushvalue(L, 2);
  lua_pushvalue(L, -2);
  lua_rawset(L, 1);
  return 1;
}

// Pushes the fields table of the handle at `index`.
void push_fields(lua_State* L, int index) {
  lua_getmetatable(L, index);
  lua_pushliteral(L, "__index");
  lua_rawget(L, -2);
  lua_remove(L, -2);
}

// A handle given where the running fight is wanted: it must be one of that fight's.
void require_running_fight(lua_State* L, int index, const Identity& identity, const World& running) {
  if (identity.world == &running) return;
  push_fields(L, index);
  world_of_handle(L, identity, lua_gettop(L));
  lua_getfield(L, -1, "name");
  throw Error(std::string(lua_tostring(L, -1)) + " is a character of another fight, not of the one running");
}

void push_load_field_metatable(lua_State* L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &load_field_key) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, guarded<load_field>);
  lua_setfield(L, -2, "__index");
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &load_field_key);
}

// Pushes the handle of `id` from the fight's table of handles at `handles`, made on first use.
void push_handle(lua_State* L, int handles, const World& world, EntityId id) {
  if (lua_rawgeti(L, handles, id) == LUA_TTABLE) return;
  lua_pop(L, 1);
  const Entity& e = world.get(id);
  lua_newtable(L);  // the handle
  lua_createtable(L, 0, 7);
  lua_pushinteger(L, id);
  lua_setfield(L, -2, "id");
  lua_pushlstring(L, e.name.data(), e.name.size());
  lua_setfield(L, -2, "name");
  lua_pushlstring(L, e.side.data(), e.side.size());
  lua_setfield(L, -2, "side");
  push_load_field_metatable(L);
  lua_setmetatable(L, -2);
  new (lua_newuserdatauv(L, sizeof(Identity), 0)) Identity{id, &world};
  lua_pushvalue(L, -1);
  lua_rawsetp(L, -3, &identity_key);
  push_handle_metatable(L);
  lua_setmetatable(L, -2);
  mark_readonly(L, -1);  // rawset cannot change it either
  lua_pushvalue(L, -1);
  lua_rawseti(L, handles, id);
}

}  // namespace

CharacterHandles::CharacterHandles(lua_State* L) {
  // The main thread: the thread that made the handles may be gone when they are let go.
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
  owner_ = lua_tothread(L, -1);
  lua_pop(L, 1);
  lua_newtable(L);
  table_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

CharacterHandles::~CharacterHandles() {
  // Handles a rule kept outlive the fight: they stop showing its (gone) world.
  lua_rawgeti(owner_, LUA_REGISTRYINDEX, table_ref_);
  lua_pushnil(owner_);
  while (lua_next(owner_, -2)) {
    identity_of(owner_, -1)->world = nullptr;
    lua_pop(owner_, 1);
  }
  lua_pop(owner_, 1);
  luaL_unref(owner_, LUA_REGISTRYINDEX, table_ref_);
}

void CharacterHandles::changed(EntityId id) {
  if (std::find(changed_.begin(), changed_.end(), id) == changed_.end()) changed_.push_back(id);
}

void CharacterHandles::refresh(lua_State* L) {
  if (changed_.empty()) return;
  luaL_checkstack(L, 4, "refreshing characters");
  lua_rawgeti(L, LUA_REGISTRYINDEX, table_ref_);
  for (const EntityId id : changed_) {
    if (lua_rawgeti(L, -1, id) == LUA_TTABLE) {  // a character Lua has not asked for has no handle yet
      push_fields(L, -1);
      for (const char* field : kept_fields) {
        lua_pushnil(L);
        lua_setfield(L, -2, field);
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  changed_.clear();
}

void CharacterHandles::push(lua_State* L, const World& world, EntityId id) const {
  lua_rawgeti(L, LUA_REGISTRYINDEX, table_ref_);
  push_handle(L, lua_gettop(L), world, id);
  lua_remove(L, -2);
}

void CharacterHandles::push_list(lua_State* L, const World& world, const std::vector<EntityId>& ids) const {
  lua_createtable(L, static_cast<int>(ids.size()), 0);
  lua_rawgeti(L, LUA_REGISTRYINDEX, table_ref_);
  const int handles = lua_gettop(L);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    push_handle(L, handles, world, ids[i]);
    lua_rawseti(L, handles - 1, static_cast<lua_Integer>(i + 1));
  }
  lua_pop(L, 1);
}

CharacterHandles& handles_of(lua_State* L) { return services(L).get<CharacterHandles>("fight"); }

void refresh_handles(lua_State* L) {
  if (CharacterHandles* handles = services(L).find<CharacterHandles>()) handles->refresh(L);
}

World& world_of(lua_State* L) { return services(L).get<World>("world"); }

std::optional<EntityId> test_character(lua_State* L, int index) {
  if (const Identity* identity = identity_of(L, index)) return identity->id;
  return std::nullopt;
}

void push_entity(lua_State* L, EntityId id) { handles_of(L).push(L, world_of(L), id); }

void push_entities(lua_State* L, const std::vector<EntityId>& ids) {
  if (ids.empty()) {  // no handle to find: no fight needed, as for each handle
    lua_createtable(L, 0, 0);
    return;
  }
  handles_of(L).push_list(L, world_of(L), ids);
}

Entity& check_entity(lua_State* L, int index, World& world) {
  if (const Identity* identity = identity_of(L, index)) {
    require_running_fight(L, index, *identity, world);
    return world.get(identity->id);
  }
  if (lua_type(L, index) != LUA_TSTRING) luaL_typeerror(L, index, "character or character name");
  return world.find(to_text(L, index, "a character's name"));
}

Cell check_cell(lua_State* L, int index, const Grid& grid) {
  if (const Identity* identity = identity_of(L, index)) {
    const World& world = world_of(L);
    require_running_fight(L, index, *identity, world);
    return world.get(identity->id).position;
  }
  if (lua_type(L, index) != LUA_TSTRING) luaL_typeerror(L, index, "cell label (\"C3\") or character");
  std::size_t length = 0;
  const char* chars = lua_tolstring(L, index, &length);
  const std::string_view text(chars, length);
  // Off the grid, Grid::cell's error names the nearest cell.
  if (const auto cell = parse_label(text)) return grid.contains(*cell) ? *cell : grid.cell(text);
  // Not shaped like a label: a character's name ("Orc #2") stands for the cell it is in.
  const World& world = world_of(L);
  std::vector<std::string> names;
  for (const Entity& e : world.entities()) {
    if (e.name == text) return e.position;
    names.push_back(e.name);
  }
  std::string message = "'" + std::string(text) + "' is neither a cell label (like " +
                        grid.label({grid.width() - 1, grid.height() - 1}) + ") nor a character's name";
  if (const std::string hint = grid.letters_first_hint(text); !hint.empty()) message += hint;
  else if (const std::string name = did_you_mean(text, names); !name.empty()) message += "; " + name;
  throw Error(message);
}

void push_label(lua_State* L, Cell cell) {
  const LabelText label(cell);
  lua_pushlstring(L, label.view().data(), label.view().size());
}

void push_cells(lua_State* L, const std::vector<Cell>& cells) {
  lua_createtable(L, static_cast<int>(cells.size()), 0);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    push_label(L, cells[i]);
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
