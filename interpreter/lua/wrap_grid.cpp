// The `grid` module: coordinates, distances, areas, sight and paths on the fight's grid. Every
// query runs in C++; cells go in and come out as labels ("C3"), distances in feet.
#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/area.hpp"
#include "interpreter/core/declared_path.hpp"
#include "interpreter/core/event_log.hpp"
#include "interpreter/core/sight.hpp"
#include "interpreter/core/world.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/services.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/world_bindings.hpp"

namespace arbiter::lua {

namespace {

Grid& grid_of(lua_State* L) { return world_of(L).grid(); }

// A path as Lua gets it: the list of cells entered, then its cost in feet.
int push_path(lua_State* L, const Path& path) {
  push_cells(L, path.steps);
  lua_pushnumber(L, path.feet);
  return 2;
}

int size(lua_State* L) {
  const Grid& grid = grid_of(L);
  lua_pushinteger(L, grid.width());
  lua_pushinteger(L, grid.height());
  lua_pushinteger(L, grid.scale());
  return 3;
}

int metric(lua_State* L) {
  lua_pushstring(L, std::string(name(grid_of(L).metric())).c_str());
  return 1;
}

int cell(lua_State* L) {
  const Grid& grid = grid_of(L);
  const Cell c = grid.cell_at_feet(static_cast<int>(luaL_checkinteger(L, 1)), static_cast<int>(luaL_checkinteger(L, 2)));
  push_label(L, c);
  return 1;
}

int feet(lua_State* L) {
  const Grid& grid = grid_of(L);
  const Feet f = grid.feet(check_cell(L, 1, grid));
  lua_pushinteger(L, f.x);
  lua_pushinteger(L, f.y);
  return 2;
}

int step(lua_State* L) {
  const Grid& grid = grid_of(L);
  const Cell next = arbiter::step(check_cell(L, 1, grid), parse_direction(check_text(L, 2, "the direction")));
  if (grid.contains(next)) push_label(L, next);
  else lua_pushnil(L);
  return 1;
}

int walk(lua_State* L) {
  const Grid& grid = grid_of(L);
  const Cell start = check_cell(L, 1, grid);
  const auto directions = parse_directions(check_text(L, 2, "the directions"));
  std::optional<double> allowance;
  if (!lua_isnoneornil(L, 3)) allowance = luaL_checknumber(L, 3);
  return push_path(L, check_declared_path(grid, services(L).get<PathFinder>("path finder").rules(), start,
                                                 directions, allowance));
}

int distance(lua_State* L) {
  const Grid& grid = grid_of(L);
  lua_pushnumber(L, grid.distance_feet(check_cell(L, 1, grid), check_cell(L, 2, grid)));
  return 1;
}

int adjacent(lua_State* L) {
  const Grid& grid = grid_of(L);
  lua_pushboolean(L, grid.adjacent(check_cell(L, 1, grid), check_cell(L, 2, grid)));
  return 1;
}

int within(lua_State* L) {
  const Grid& grid = grid_of(L);
  lua_pushboolean(L, grid.within_reach(check_cell(L, 1, grid), check_cell(L, 2, grid), luaL_checknumber(L, 3)));
  return 1;
}

int radius(lua_State* L) {
  const Grid& grid = grid_of(L);
  push_cells(L, area_radius(grid, check_cell(L, 1, grid), luaL_checknumber(L, 2)));
  return 1;
}

int line(lua_State* L) {
  const Grid& grid = grid_of(L);
  push_cells(L, area_line(grid, check_cell(L, 1, grid), check_cell(L, 2, grid)));
  return 1;
}

int cone(lua_State* L) {
  const Grid& grid = grid_of(L);
  const Cell origin = check_cell(L, 1, grid);
  push_cells(L, area_cone(grid, origin, parse_direction(check_text(L, 2, "the direction")), luaL_checknumber(L, 3)));
  return 1;
}

int sight(lua_State* L) {
  const Grid& grid = grid_of(L);
  const Cell from = check_cell(L, 1, grid), to = check_cell(L, 2, grid);
  SightRules rules;
  if (!lua_isnoneornil(L, 3)) {
    luaL_checktype(L, 3, LUA_TTABLE);
    static const std::vector<std::string> options{"count_target_cell"};  // asked a hundred times a round
    check_field_names(L, 3, "grid.sight's options table", options);
    lua_getfield(L, 3, "count_target_cell");
    rules.count_target_cell = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  const Sight seen = line_of_sight(grid, from, to, rules);
  lua_createtable(L, 0, 4);
  lua_pushboolean(L, seen.visible());
  lua_setfield(L, -2, "visible");
  lua_pushstring(L, std::string(name(seen.shelter)).c_str());
  lua_setfield(L, -2, "shelter");
  lua_pushinteger(L, seen.strength);
  lua_setfield(L, -2, "strength");
  lua_pushboolean(L, seen.wall);
  lua_setfield(L, -2, "wall");
  return 1;
}

int path(lua_State* L) {
  const Grid& grid = grid_of(L);
  const Cell from = check_cell(L, 1, grid), to = check_cell(L, 2, grid);
  const std::vector<Cell> avoid = opt_cells(L, 3, grid);
  const auto found = services(L).get<PathFinder>("path finder").shortest(from, to, avoid);
  if (!found) {
    lua_pushnil(L);
    return 1;
  }
  return push_path(L, *found);
}

// Options tables: { stop_within = feet, avoid = { cells } } for `function`, which reads the fields
// `known`: another (`stop_whithin`, or grid.away's stop_within) would be ignored, silently.
std::vector<Cell> avoid_option(lua_State* L, int options, const Grid& grid, const char* function,
                               const std::vector<std::string>& known) {
  if (lua_isnoneornil(L, options)) return {};
  luaL_checktype(L, options, LUA_TTABLE);
  check_field_names(L, options, fmt::format("{}'s options table", function), known);
  lua_getfield(L, options, "avoid");
  std::vector<Cell> avoid = opt_cells(L, lua_gettop(L), grid);
  lua_pop(L, 1);
  return avoid;
}

int toward(lua_State* L) {
  const Grid& grid = grid_of(L);
  const Cell from = check_cell(L, 1, grid), to = check_cell(L, 2, grid);
  const double budget = luaL_checknumber(L, 3);
  std::vector<Cell> avoid = avoid_option(L, 4, grid, "grid.toward", {"stop_within", "avoid"});
  const double stop_within = opt_number_field(L, 4, "stop_within", 0);
  // A goal someone stands in is never entered, whether or not `avoid` lists it (the mover's own
  // cell is no obstacle).
  if (to != from && world_of(L).standing_in(to)) avoid.push_back(to);
  return push_path(L, services(L).get<PathFinder>("path finder").toward(from, to, budget, stop_within, avoid));
}

int away(lua_State* L) {
  const Grid& grid = grid_of(L);
  const Cell from = check_cell(L, 1, grid);
  luaL_checktype(L, 2, LUA_TTABLE);
  const std::vector<Cell> hostiles = opt_cells(L, 2, grid);
  const double budget = luaL_checknumber(L, 3);
  const std::vector<Cell> avoid = avoid_option(L, 4, grid, "grid.away", {"avoid"});
  return push_path(L, services(L).get<PathFinder>("path finder").away_from(from, hostiles, budget, avoid));
}

int border(lua_State* L) {
  const Grid& grid = grid_of(L);
  const Cell a = check_cell(L, 1, grid), b = check_cell(L, 2, grid);
  const Border* found = grid.border(a, b);
  if (!found) {
    lua_pushnil(L);
    return 1;
  }
  lua_createtable(L, 0, 9);
  lua_pushstring(L, found->name.c_str());
  lua_setfield(L, -2, "name");
  lua_pushboolean(L, found->stops_movement());
  lua_setfield(L, -2, "blocks_movement");
  lua_pushboolean(L, found->stops_sight());
  lua_setfield(L, -2, "blocks_sight");
  lua_pushinteger(L, found->movement_limit);
  lua_setfield(L, -2, "movement_limit");
  if (found->crossing_challenge) {
    lua_pushinteger(L, *found->crossing_challenge);
    lua_setfield(L, -2, "crossing_challenge");
  }
  if (found->toughness) {
    lua_pushinteger(L, *found->toughness);
    lua_setfield(L, -2, "toughness");
  }
  lua_pushstring(L, std::string(name(found->door)).c_str());
  lua_setfield(L, -2, "door");
  lua_pushnumber(L, found->extra_cost);
  lua_setfield(L, -2, "extra_cost");
  push_properties(L, found->properties);
  lua_setfield(L, -2, "properties");
  return 1;
}

int set_door(lua_State* L) {
  Grid& grid = grid_of(L);
  const Cell a = check_cell(L, 1, grid), b = check_cell(L, 2, grid);
  const DoorState state = parse_door_state(check_text(L, 3, "the door's state"));
  const std::string cause = opt_text(L, 4, "the cause");
  const Border* found = grid.border(a, b);
  if (!found || found->door == DoorState::None)
    throw Error("there is no door between " + grid.label(a) + " and " + grid.label(b));
  EventLog& log = services(L).get<EventLog>("event log");
  change(L, [&grid, &log, a, b, state, cause] {
    Border changed = *grid.border(a, b);
    log.record(event_type::door_changed,
               {{"between", {grid.label(a), grid.label(b)}}, {"from", name(changed.door)}, {"to", name(state)}}, cause);
    changed.door = state;
    grid.set_border(a, b, std::move(changed));
  }, /*changes_grid=*/true);
  return 0;
}

int terrain(lua_State* L) {
  const Grid& grid = grid_of(L);
  const Terrain& t = grid.terrain(check_cell(L, 1, grid));
  lua_createtable(L, 0, 8);
  lua_pushstring(L, t.name.c_str());
  lua_setfield(L, -2, "name");
  lua_pushboolean(L, t.difficult);
  lua_setfield(L, -2, "difficult");
  lua_pushboolean(L, t.impassable);
  lua_setfield(L, -2, "impassable");
  lua_pushinteger(L, t.height);
  lua_setfield(L, -2, "height");
  lua_pushstring(L, t.object.c_str());
  lua_setfield(L, -2, "object");
  lua_pushstring(L, std::string(name(t.shelter)).c_str());
  lua_setfield(L, -2, "shelter");
  lua_pushinteger(L, t.shelter_strength);
  lua_setfield(L, -2, "shelter_strength");
  push_properties(L, t.properties);
  lua_setfield(L, -2, "properties");
  return 1;
}

const luaL_Reg functions[] = {
    {"size", guarded<size>},       {"metric", guarded<metric>},   {"cell", guarded<cell>},
    {"feet", guarded<feet>},       {"step", guarded<step>},       {"walk", guarded<walk>},
    {"distance", guarded<distance>}, {"adjacent", guarded<adjacent>}, {"within", guarded<within>},
    {"radius", guarded<radius>},   {"line", guarded<line>},       {"cone", guarded<cone>},
    {"sight", guarded<sight>},     {"path", guarded<path>},       {"toward", guarded<toward>},
    {"away", guarded<away>},       {"border", guarded<border>},   {"set_door", guarded<set_door>},
    {"terrain", guarded<terrain>}, {nullptr, nullptr},
};

}  // namespace

int open_grid(lua_State* L) {
  luaL_newlib(L, functions);
  return 1;
}

}  // namespace arbiter::lua
