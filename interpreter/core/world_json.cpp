#include "interpreter/core/world_json.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"

namespace arbiter {

using nlohmann::json;

namespace {

json between(const Grid& grid, int edge) {
  const auto [a, b] = grid.edge_cells(edge);
  return json::array({grid.label(a), grid.label(b)});
}

// An entry for what `listed` already holds (an edge, a cell), in a hand-edited save: the world
// keeps one of the two, and the other would be lost. `listed` maps each to the path of its entry.
void list_once(std::map<int, std::string>& listed, int key, const JsonReader& entry, const std::string& what) {
  if (const auto [first, fresh] = listed.emplace(key, entry.path()); !fresh)
    entry.fail(fmt::format("{} is listed twice, first as {}: one of the two would be lost", what, first->second));
}

}  // namespace

std::string edge_name(const Grid& grid, int edge) {
  const auto [a, b] = grid.edge_cells(edge);
  return fmt::format("the edge between {} and {}", grid.label(a), grid.label(b));
}

namespace {

json properties_to_json(const Properties& properties) {
  json out = json::object();
  for (const auto& [name, value] : properties) out[name] = value;
  return out;
}

}  // namespace

Cell cell_from(const Grid& grid, const JsonReader& label) {
  return label.parsed([&](const std::string& text) { return grid.cell(text); });
}

int edge_from(const Grid& grid, const JsonReader& pair) {
  const auto cells = pair.items();
  // Written by people in encounters (Lua), by Arbiter in saves: told as an encounter writes it.
  if (cells.size() != 2)
    pair.fail(fmt::format("expected two cells side by side, like {{ \"B1\", \"B2\" }}; this list has {}", cells.size()));
  const Cell a = cell_from(grid, cells[0]), b = cell_from(grid, cells[1]);
  const int e = grid.edge(a, b);
  if (e < 0) pair.fail(grid.label(a) + " and " + grid.label(b) + " are not side by side");
  return e;
}

Properties properties_from(const JsonReader& object) {
  if (!object.raw().is_object()) object.fail("expected named values, found " + object.raw().dump());
  Properties out;
  for (const auto& [name, value] : object.raw().items()) {
    out[name] = object[name.c_str()].here([&] { return value.get<Value>(); });
  }
  return out;
}

json border_fields(const Border& b) {
  json out{{"name", b.name},
           {"blocks_movement", b.blocks_movement},
           {"blocks_sight", b.blocks_sight},
           {"movement_limit", b.movement_limit},
           {"door", name(b.door)},
           {"extra_cost", b.extra_cost},
           {"properties", properties_to_json(b.properties)}};
  if (b.crossing_challenge) out["crossing_challenge"] = *b.crossing_challenge;
  if (b.toughness) out["toughness"] = *b.toughness;
  return out;
}

namespace {

// A map's amount that cannot be negative (a door's crossings a turn, a path's extra cost, a
// border's crossing challenge and toughness, an object's shelter): one below 0 means nothing, and a path planned on it would go wrong. Told at
// its field, as the mistake of an encounter's or a save's map.
template <class Amount>
Amount at_least_zero(const JsonReader& field, Amount amount, const char* what) {
  if (amount < 0) field.fail(fmt::format("must be 0 or more ({}), not {}", what, field.raw().dump()));
  return amount;
}

}  // namespace

Border border_from(const JsonReader& j) {
  Border b;
  b.name = j["name"].text();
  b.blocks_movement = j["blocks_movement"].boolean();
  b.blocks_sight = j["blocks_sight"].boolean();
  b.movement_limit = at_least_zero(j["movement_limit"], j["movement_limit"].integer(),
                                   "how many may cross it a turn, 0 for no limit");
  if (const auto cr = j.optional("crossing_challenge"))
    b.crossing_challenge = at_least_zero(*cr, cr->integer(), "the roll needed to cross it");
  if (const auto t = j.optional("toughness")) b.toughness = at_least_zero(*t, t->integer(), "what it takes to break through");
  const JsonReader door = j["door"];
  b.door = door.parsed(parse_door_state);
  b.extra_cost = at_least_zero(j["extra_cost"], j["extra_cost"].number(), "the cost it adds to a path that crosses it");
  b.properties = properties_from(j["properties"]);
  return b;
}

json terrain_fields(const Terrain& t) {
  return {{"name", t.name},     {"difficult", t.difficult}, {"impassable", t.impassable},
          {"height", t.height}, {"object", t.object},       {"shelter", name(t.shelter)},
          {"shelter_strength", t.shelter_strength},         {"properties", properties_to_json(t.properties)}};
}

Terrain terrain_from(const JsonReader& j) {
  Terrain t;
  t.name = j["name"].text();
  t.difficult = j["difficult"].boolean();
  t.impassable = j["impassable"].boolean();
  t.height = j["height"].integer();
  t.object = j["object"].text();
  const JsonReader shelter = j["shelter"];
  t.shelter = shelter.parsed(parse_shelter);
  t.shelter_strength = at_least_zero(j["shelter_strength"], j["shelter_strength"].integer(),
                                     "how strong its cover or concealment is");
  t.properties = properties_from(j["properties"]);
  return t;
}

namespace {

json border_to_json(const Grid& grid, int edge, const Border& b) {
  json out = border_fields(b);
  out["between"] = between(grid, edge);
  return out;
}

json grid_to_json(const Grid& grid) {
  json borders = json::array(), terrain = json::array();
  for (const auto& [edge, border] : grid.borders()) borders.push_back(border_to_json(grid, edge, border));
  for (const auto& [i, t] : grid.terrains()) {
    json cell = terrain_fields(t);
    cell["cell"] = grid.label(grid.cell_at(i));
    terrain.push_back(std::move(cell));
  }
  return {{"width", grid.width()}, {"height", grid.height()},   {"scale", grid.scale()},
          {"metric", name(grid.metric())}, {"borders", borders}, {"terrain", terrain}};
}

Grid grid_from(const JsonReader& j) {
  const JsonReader metric = j["metric"];
  const Metric m = metric.parsed(parse_metric);
  const int width = j["width"].integer(), height = j["height"].integer(), scale = j["scale"].integer();
  Grid grid = j.here([&] { return Grid(width, height, scale, m); });
  std::map<int, std::string> edges, cells;
  for (const JsonReader& b : j["borders"].items()) {
    const int edge = edge_from(grid, b["between"]);
    const auto [a, c] = grid.edge_cells(edge);
    list_once(edges, edge, b, edge_name(grid, edge));
    Border border = border_from(b);
    b.here([&] { grid.set_border(a, c, std::move(border)); });
  }
  for (const JsonReader& t : j["terrain"].items()) {
    const Cell cell = cell_from(grid, t["cell"]);
    list_once(cells, grid.index(cell), t, "the cell " + grid.label(cell));
    grid.set_terrain(cell, terrain_from(t));
  }
  return grid;
}

json entity_to_json(const Grid& grid, const Entity& e) {
  json statuses = json::array();
  for (const ActiveStatus& s : e.statuses)
    statuses.push_back(
        {{"name", s.name}, {"source", s.source}, {"timed", s.timed}, {"remaining", s.remaining}, {"stacks", s.stacks}});
  return {{"id", e.id},
          {"name", e.name},
          {"side", e.side},
          {"cell", grid.label(e.position)},
          {"stats", properties_to_json(e.stats)},
          {"statuses", statuses}};
}

Entity entity_from(const Grid& grid, const JsonReader& j) {
  j.only({"id", "name", "side", "cell", "stats", "statuses"});
  Entity e;
  e.id = j["id"].integer();
  e.name = j["name"].text();
  e.side = j["side"].text();
  e.position = cell_from(grid, j["cell"]);
  e.stats = properties_from(j["stats"]);
  for (const JsonReader& s : j["statuses"].items()) {
    const JsonReader stacks = s["stacks"];
    if (stacks.integer() < 1) stacks.fail("a status has at least 1 stack");
    if (s["remaining"].integer() < 0) s["remaining"].fail("what is left of a status's duration cannot be negative");
    e.statuses.push_back({s["name"].text(), s["source"].integer(), s["timed"].boolean(), s["remaining"].integer(),
                          stacks.integer()});
  }
  return e;
}

}  // namespace

json world_to_json(const World& world) {
  const Grid& grid = world.grid();
  json characters = json::array(), traffic = json::array();
  for (const Entity& e : world.entities()) characters.push_back(entity_to_json(grid, e));
  for (const auto& [edge, use] : world.traffic())
    traffic.push_back({{"between", between(grid, edge)}, {"count", use.count}, {"first", use.first}});
  return {{"grid", grid_to_json(grid)}, {"characters", characters}, {"next_id", world.next_id()}, {"border_traffic", traffic}};
}

World world_from_json(const JsonReader& j) {
  Grid grid = grid_from(j["grid"]);
  std::vector<Entity> entities;
  for (const JsonReader& e : j["characters"].items()) entities.push_back(entity_from(grid, e));
  // A status's source is a character of the fight (none leaves it), or 0: none.
  std::set<EntityId> ids;
  for (const Entity& e : entities) ids.insert(e.id);
  std::size_t holder = 0;
  for (const JsonReader& e : j["characters"].items()) {
    const auto& statuses = entities[holder++].statuses;
    for (std::size_t i = 0; i < statuses.size(); ++i)
      if (statuses[i].source != no_entity && !ids.contains(statuses[i].source))
        e["statuses"].items()[i]["source"].fail(
            fmt::format("there is no character with id {}: a status's source is a character's id, or 0 for none",
                        statuses[i].source));
  }
  BorderTraffic traffic;
  std::map<int, std::string> crossed;
  for (const JsonReader& t : j["border_traffic"].items()) {
    const int edge = edge_from(grid, t["between"]);
    list_once(crossed, edge, t, edge_name(grid, edge));
    traffic[edge] = BorderUse{t["count"].integer(), t["first"].integer()};
  }
  const int next_id = j["next_id"].integer();
  // The id the next character gets: one a character holds would be given twice (a summoned one).
  const auto highest = std::max_element(entities.begin(), entities.end(),
                                        [](const Entity& a, const Entity& b) { return a.id < b.id; });
  if (highest != entities.end() && next_id <= highest->id)
    j["next_id"].fail(fmt::format("must be past every character's id: {} has id {}, so it is at least {}",
                                  highest->name, highest->id, highest->id + 1));
  return j["characters"].here([&] { return World(std::move(grid), std::move(entities), next_id, std::move(traffic)); });
}

}  // namespace arbiter
