#include "interpreter/packs/encounter.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "grammar/edit_distance.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/core/world_json.hpp"
#include "interpreter/lua/stack_guard.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/world_bindings.hpp"
#include "interpreter/packs/search_path.hpp"

namespace arbiter::packs {
namespace {

// Whether a sheet can write `name`, in quotes if need be: a quote ends it, a line break ends the
// line, and a sheet holds no control character (but tab).
bool writable_in_a_sheet(std::string_view name) {
  return std::none_of(name.begin(), name.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return c == '"' || (byte < 0x20 && c != '\t') || byte == 0x7F;
  });
}

using nlohmann::json;
constexpr std::size_t unknown = SourceText::unknown;

const std::vector<std::string> encounter_fields{"rules", "map", "characters"};
const std::vector<std::string> map_fields{"width", "height", "scale", "metric", "walls", "borders", "terrain"};
constexpr int most_copies = 1000;

std::vector<std::string> keys_of(const json& object) {
  std::vector<std::string> keys;
  for (const auto& [key, value] : object.items()) keys.push_back(key);
  return keys;
}

// The free, passable cell nearest `from` under the grid's metric; ties in row order. Searched in
// growing squares around it: every metric counts at least a king's moves, so no cell on a
// square's edge is nearer than the square's radius. `first_open` is the radius of the first
// square whose edge may hold a free cell, kept from one search to the next from the same cell:
// the copies of one character fill the squares around it, and each would search them all again.
std::optional<Cell> nearest_free(const Grid& grid, Cell from, const std::vector<bool>& taken, int& first_open) {
  std::optional<Cell> best;
  double best_distance = 0;
  const auto consider = [&](Cell c) {
    if (!grid.contains(c) || taken[static_cast<std::size_t>(grid.index(c))] || grid.impassable_at(grid.index(c))) return;
    const double d = grid.distance(from, c);
    if (!best || d < best_distance || (d == best_distance && grid.index(c) < grid.index(*best))) {
      best = c;
      best_distance = d;
    }
  };
  const int widest = std::max(grid.width(), grid.height());
  for (int r = first_open; r <= widest && !(best && best_distance < r); ++r) {
    for (int i = -r; i <= r; ++i) {
      consider({from.x + i, from.y - r});
      consider({from.x + i, from.y + r});
      if (i != -r && i != r) {
        consider({from.x - r, from.y + i});
        consider({from.x + r, from.y + i});
      }
    }
    if (!best) first_open = r + 1;  // nothing free on this square's edge, nor on those inside it
  }
  return best;
}

// A table without a metatable: check_json reads it as it is (a read-only view, by what it shows).
bool plain_table(lua_State* L, int index) {
  if (lua_type(L, index) != LUA_TTABLE) return false;
  if (!lua_getmetatable(L, index)) return true;
  lua_pop(L, 1);
  return false;
}

// The tables on the way down from the encounter's own to the one being read, with their paths.
using Ancestors = std::vector<std::pair<const void*, std::string>>;

// A field written beside a list's items (`characters = { { … }, wepon = "Sword" }`) is refused
// where it is written, before check_json, which would refuse it too but cannot say where; so is a
// field written twice in one table (Lua keeps the last, and the first would be lost unseen), a
// table that holds itself, and a string that is not text (a NUL byte, bytes that are not UTF-8),
// in a field's name or as a value. `written` is where the table at `index` is written.
void refuse_fields_beside_items(lua_State* L, int index, const std::string& path, std::size_t written,
                                const SourceText& source, Ancestors& ancestors) {
  const void* table = lua_topointer(L, index);
  const auto refuse = [&](const std::string& why) {
    throw Error(source.place(written).diagnostic("an encounter is plain data: " + why));
  };
  for (const auto& [ancestor, its_path] : ancestors)
    if (ancestor == table) refuse(fmt::format("{} is {} again, a table that holds itself", path, its_path));
  if (ancestors.size() > lua::deepest_plain_data)
    refuse(fmt::format("{} nests more than {} deep", path, lua::deepest_plain_data));
  ancestors.emplace_back(table, path);
  index = lua_absindex(L, index);
  luaL_checkstack(L, 4, "an encounter nested too deep");
  const auto items = static_cast<lua_Integer>(lua_rawlen(L, index));
  const SourceText::Table text = source.table(written);
  if (!text.again.empty()) {
    const auto& [name, again] = text.again.front();
    const SourcePosition first = source.place(text.field(name)).where;
    throw Error(source.place(again).diagnostic(
        fmt::format("{}.{} is given twice, first at line {}, column {}: a table holds a field once, and the first "
                    "would be lost",
                    path, name, first.line, first.column)));
  }
  const auto [names, other_keys] = lua::keys_beside_list(L, index, items);
  // The string at the top of the stack, or `name` itself, must be text: told at `place`.
  const auto text_at = [&](const std::string& where, std::size_t place, const std::string* name) {
    try {
      if (name) check_text(*name, "the field name");
      else if (lua_type(L, -1) == LUA_TSTRING) lua::to_text(L, -1, "the string");
    } catch (const Error& e) {
      throw Error(source.place(place).diagnostic(fmt::format("{}: {}", where, e.diagnostics().front().message)));
    }
  };
  if (items > 0 && !(names.empty() && other_keys.empty())) {
    const std::size_t field_at = names.empty() ? unknown : text.field(names.front());
    throw Error(source.place(field_at != unknown ? field_at : written)
                    .diagnostic(fmt::format("{} is a list: the field {} beside its items would be lost (an item's "
                                            "fields go inside its {{ … }})",
                                            path, names.empty() ? other_keys.front() : "'" + names.front() + "'")));
  }
  for (lua_Integer number = 1; number <= items; ++number) {
    lua_rawgeti(L, index, number);
    const std::size_t item = text.item(static_cast<std::size_t>(number));
    text_at(fmt::format("{}[{}]", path, number), item == unknown ? written : item, nullptr);
    if (plain_table(L, -1))
      refuse_fields_beside_items(L, -1, fmt::format("{}[{}]", path, number),
                                 text.item(static_cast<std::size_t>(number)), source, ancestors);
    lua_pop(L, 1);
  }
  for (const std::string& name : names) {
    const std::size_t field = text.field(name);
    text_at(path + "." + printable(name), field == unknown ? written : field, &name);
    lua_pushlstring(L, name.data(), name.size());
    lua_rawget(L, index);
    text_at(path + "." + name, field == unknown ? written : field, nullptr);
    if (plain_table(L, -1))
      refuse_fields_beside_items(L, -1, path + "." + name, text.field(name), source, ancestors);
    lua_pop(L, 1);
  }
  ancestors.pop_back();
}

// A character as written, before its copies are placed.
struct Written {
  Entity entity;
  int count = 1;
  std::size_t name_at = unknown, side_at = unknown, cell_at = unknown, count_at = unknown;  // offsets in the text
  std::vector<EquipmentField> fields;
  std::vector<StatName> stats;
};

class Reader {
 public:
  explicit Reader(const SourceText& source) : source_(source) {}

  // Every mistake of the encounter's rules, map items and characters is told at once, not one a
  // run; a map whose size cannot be read stops the reading there, as no cell can be read on it.
  Encounter read(const json& document) {
    const JsonReader root(document, "encounter");
    Encounter encounter;
    encounter.file = source_.file();
    const bool fields_known = checked([&] { known_fields(root, encounter_fields, unknown, "the encounter"); });
    // A field missing beside an unknown one is most likely that one misspelt, told already.
    const auto told = [&](const char* field) { return !fields_known && !root.raw().contains(field); };
    if (told("rules") || told("map")) throw Error(problems_);
    checked([&] {
      encounter.rules = read_rules(root);
      std::size_t written = source_.key("rules", unknown);
      for (const std::string& pack : encounter.rules) {
        written = source_.literal(pack, written);  // after the one before: a name given twice is found twice
        encounter.rules_at.push_back(source_.place(written));
      }
    });
    if (!checked([&] { encounter.grid = read_grid(required(root, "map", unknown)); })) throw Error(problems_);
    std::vector<Written> characters;
    if (!told("characters"))
      checked([&] { characters = read_characters(required(root, "characters", unknown), encounter.grid); });
    if (!problems_.empty()) throw Error(problems_);
    warn_of_near_sides(characters, encounter);
    place(std::move(characters), encounter);
    return encounter;
  }

 private:
  // Runs `read`, keeping the error it throws among the encounter's problems; whether it ran clean.
  template <class Read>
  bool checked(Read&& read) {
    try {
      read();
      return true;
    } catch (const Error& e) {
      problems_.insert(problems_.end(), e.diagnostics().begin(), e.diagnostics().end());
      return false;
    }
  }

  [[noreturn]] void fail(std::size_t offset, std::string message) const {
    throw Error(source_.place(offset).diagnostic(std::move(message)));
  }

  // Runs `read`; an arbiter::Error it throws is shown at `offset`.
  template <class Read>
  auto at(std::size_t offset, Read&& read) const -> decltype(read()) {
    try {
      return read();
    } catch (const Error& e) {
      fail(offset, e.diagnostics().front().message);
    }
  }

  // Likewise for reading `object`'s fields: an error naming one ("<path>.door: …") is shown at it.
  template <class Read>
  auto at_fields(const JsonReader& object, std::size_t anchor, Read&& read) const -> decltype(read()) {
    try {
      return read();
    } catch (const Error& e) {
      const std::string& message = e.diagnostics().front().message;
      const std::string prefix = object.path() + ".";
      std::size_t offset = anchor;
      if (message.starts_with(prefix)) {
        const std::size_t end = message.find_first_of(".[:", prefix.size());
        offset = source_.key(message.substr(prefix.size(), end - prefix.size()), anchor);
      }
      fail(offset, message);
    }
  }

  // Where `object`'s field is written, when it is; otherwise `anchor`.
  std::size_t field_at(const JsonReader& object, const char* field, std::size_t anchor) const {
    return object.raw().contains(field) ? source_.key(field, anchor) : anchor;
  }

  // An item's place when it is written, else the place of what holds it (a computed list).
  static std::size_t found_or(std::size_t found, std::size_t otherwise) { return found == unknown ? otherwise : found; }

  JsonReader required(const JsonReader& object, const char* field, std::size_t anchor) const {
    return at(anchor, [&] { return object[field]; });
  }

  void known_fields(const JsonReader& object, const std::vector<std::string>& known, std::size_t anchor,
                    const std::string& what) const {
    if (!object.raw().is_object())
      fail(anchor, object.path() + ": expected a table of named fields, found " + object.raw().dump());
    for (const auto& [name, value] : object.raw().items())
      if (std::find(known.begin(), known.end(), name) == known.end())
        fail(source_.key(name, anchor),
             with_hint(fmt::format("{} has no field '{}'", what, name), did_you_mean(name, known)));
  }

  std::vector<std::string> read_rules(const JsonReader& root) const {
    const std::size_t rules_at = source_.key("rules", unknown);
    const SourceText::Table rules_written = source_.table(rules_at);
    std::vector<std::string> rules;
    for (const JsonReader& pack : at(rules_at, [&] { return root["rules"].lua_items(); }))
      rules.push_back(at(found_or(rules_written.item(rules.size() + 1), rules_at), [&] { return pack.text(); }));
    if (rules.empty())
      fail(rules_at, "'rules' must name the ruleset, then any house-rule packs: rules = { \"platemail\" }");
    return rules;
  }

  Grid read_grid(const JsonReader& map) {
    const std::size_t map_at = source_.key("map", unknown);
    known_fields(map, map_fields, map_at, "the map");
    const auto integer = [&](const char* field, std::optional<int> fallback) {
      const auto value = map.optional(field);
      if (!value && fallback) return *fallback;
      return at(field_at(map, field, map_at), [&] { return map[field].integer(); });
    };
    const int width = integer("width", std::nullopt), height = integer("height", std::nullopt);
    const int scale = integer("scale", 5);
    at(field_at(map, "width", map_at), [&] { Grid::check_size(width, height); });
    at(field_at(map, "scale", map_at), [&] { Grid::check_scale(scale); });
    Grid grid(width, height, scale);
    if (const auto metric = map.optional("metric")) {
      const std::size_t metric_at = source_.key("metric", map_at);
      const std::string text = at(metric_at, [&] { return metric->text(); });
      grid.set_metric(at(source_.literal(text, metric_at), [&] { return parse_metric(text); }));
    }
    std::map<int, Given> edges;  // walls and borders: an edge holds one
    if (const auto walls = map.optional("walls")) read_walls(*walls, source_.key("walls", map_at), grid, edges);
    if (const auto borders = map.optional("borders"))
      read_borders(*borders, source_.key("borders", map_at), grid, edges);
    if (const auto terrain = map.optional("terrain")) read_terrain(*terrain, source_.key("terrain", map_at), grid);
    return grid;
  }

  // Where a cell's terrain or an edge's border is first given, by its path (`encounter.map.walls[1]`).
  struct Given {
    std::string path;
    std::size_t at;
  };

  // A map entry for what `given` already holds (a cell, an edge), however it is spelt, is refused at
  // `at`, naming the first: Lua keeps both entries, but the map holds one, and the other would be
  // lost.
  void give_once(std::map<int, Given>& given, int key, const std::string& what, const std::string& why,
                 const std::string& path, std::size_t at) const {
    const auto [first, fresh] = given.emplace(key, Given{path, at});
    if (!fresh) {
      const int line = source_.place(first->second.at).where.line;  // none for data (a pack test's fight)
      fail(at, fmt::format("{}: {} is given twice, first by {}{}: {}, and one of the two would be lost", path, what,
                           first->second.path, line > 0 ? fmt::format(" (line {})", line) : "", why));
    }
  }

  // The edge between the pair of cells written at `pair_at` (`{ "A1", "A2" }`), given once among
  // `edges`. A cell not on the map is told at itself, numbered as Lua numbers it, from 1
  // (edge_from numbers a saved state's JSON lists from 0); cells apart are told at the first.
  std::pair<Cell, Cell> edge_at(const Grid& grid, const JsonReader& pair, std::size_t pair_at,
                                std::map<int, Given>& edges, const std::string& path) const {
    const SourceText::Table cells_written = source_.table(pair_at);
    std::size_t number = 0;
    for (const JsonReader& cell : at(pair_at, [&] { return pair.lua_items(); }))
      at(found_or(cells_written.item(++number), pair_at), [&] { (void)cell_from(grid, cell); });
    const int edge = at(found_or(cells_written.item(1), pair_at), [&] { return edge_from(grid, pair); });
    const auto [a, b] = grid.edge_cells(edge);
    give_once(edges, edge, edge_name(grid, edge), "an edge holds one border", path, pair_at);
    return {a, b};
  }

  void read_walls(const JsonReader& walls, std::size_t walls_at, Grid& grid, std::map<int, Given>& edges) {
    const SourceText::Table walls_written = source_.table(walls_at);
    std::size_t number = 0;
    for (const JsonReader& wall : at(walls_at, [&] { return walls.lua_items(); })) {
      const std::size_t wall_at = found_or(walls_written.item(++number), walls_at);
      checked([&] {
        const auto [a, b] = edge_at(grid, wall, wall_at, edges, wall.path());
        grid.set_border(a, b, Border{.name = "wall", .blocks_movement = true, .blocks_sight = true});
      });
    }
  }

  void read_borders(const JsonReader& borders, std::size_t borders_at, Grid& grid,
                    std::map<int, Given>& edges) {
    const json defaults = border_fields(Border{});
    Border every_field;  // border_fields leaves out the optional fields that are not set
    every_field.crossing_challenge = every_field.toughness = 0;
    std::vector<std::string> known = keys_of(border_fields(every_field));
    known.push_back("between");
    const SourceText::Table borders_written = source_.table(borders_at);
    std::size_t number = 0;
    for (const JsonReader& border : at(borders_at, [&] { return borders.lua_items(); })) {
      const std::size_t border_at = found_or(borders_written.item(++number), borders_at);
      checked([&] {
        known_fields(border, known, border_at, "a border");
        const JsonReader between = required(border, "between", border_at);
        const auto [a, b] = edge_at(grid, between, field_at(border, "between", border_at), edges, border.path());
        json fields = defaults;
        fields.update(border.raw());
        grid.set_border(a, b,
                        at_fields(border, border_at, [&] { return border_from(JsonReader(fields, border.path())); }));
      });
    }
  }

  void read_terrain(const JsonReader& terrain, std::size_t terrain_at, Grid& grid) {
    if (!terrain.raw().is_object())
      fail(terrain_at, "'terrain' gives cells their terrain: terrain = { [\"D5\"] = { object = \"low wall\" } }");
    const json defaults = terrain_fields(Terrain{});
    const std::vector<std::string> known = keys_of(defaults);
    // The cells in the order written (`C3 = …` or `["C3"] = …`), so one given twice is told at the
    // second; a computed table's in the order of their labels.
    const SourceText::Table written = source_.table(terrain_at);
    std::vector<std::pair<std::size_t, std::string>> cells;
    for (const auto& [label, value] : terrain.raw().items())
      cells.emplace_back(found_or(written.field(label), terrain_at), label);
    std::stable_sort(cells.begin(), cells.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::map<int, Given> given;
    for (const auto& [cell_at, label] : cells) {
      checked([&] {
        const json& value = terrain.raw()[label];
        const Cell cell = at(cell_at, [&] { return grid.cell(label); });
        const JsonReader fields_read(value, fmt::format("{}[\"{}\"]", terrain.path(), label));
        give_once(given, grid.index(cell), "the cell " + grid.label(cell), "a cell holds one terrain",
                  fields_read.path(), cell_at);
        known_fields(fields_read, known, cell_at, "terrain");
        json fields = defaults;
        fields.update(value);
        grid.set_terrain(cell, at_fields(fields_read, cell_at,
                                         [&] { return terrain_from(JsonReader(fields, fields_read.path())); }));
      });
    }
  }

  std::vector<Written> read_characters(const JsonReader& list, const Grid& grid) {
    const std::size_t list_at = source_.key("characters", unknown);
    const SourceText::Table list_written = source_.table(list_at);
    std::size_t cursor = list_at;
    std::size_t number = 0;
    std::vector<Written> written;
    std::map<std::string, std::size_t> first_read;  // each name as sheets read it: the first with it
    for (const JsonReader& c : at(list_at, [&] { return list.lua_items(); })) {
      // What a character lacks is told at its own table, not at the one before.
      const std::size_t own = found_or(list_written.item(++number), list_at);
      if (own != list_at) cursor = own;
      // Its fields are searched for within it, when the list writes it: one computed (`orc(2, "A1")`)
      // is shown at itself, not at the next character's field of that name.
      const std::size_t end = own != list_at ? list_written.item_end(number) : unknown;
      const auto key = [&](const std::string& name, std::size_t anchor) { return source_.key(name, anchor, end); };
      const auto literal = [&](const std::string& text, std::size_t anchor) { return source_.literal(text, anchor, end); };
      checked([&] {
        if (!c.raw().is_object())
          fail(own, c.path() + ": expected a character, like { name = \"Aldric\", side = \"players\", at = \"B2\" }");
        Written w;
        w.entity.name = at(c.raw().contains("name") ? key("name", own) : own, [&] { return c["name"].text(); });
        cursor = w.name_at = literal(w.entity.name, key("name", cursor));
        // Sheets order a character by its name, in quotes if need be: one no sheet can write could
        // never be given orders.
        if (!writable_in_a_sheet(w.entity.name))
          fail(w.name_at, fmt::format("{}: the name '{}' cannot be written in an order sheet: a name holds no '\"', "
                                      "line break or control character",
                                      c.path(), w.entity.name));
        // Sheets read names without regard to case ("-> ORC" is Orc), to the blanks between words
        // ("Orc  Brute" is Orc Brute), to how an apostrophe is typed or an accent written (docs/orders.md),
        // so two names that differ only so would be one name to every
        // sheet, and orders for the second would go to the first. Names that differ by a leading
        // "the" stay apart: a name as written comes first. The names read so far are looked up, not
        // each compared (thousands of characters took the square of their number); one written
        // twice alike is left to place(), which names the next free name.
        const auto [first, fresh] = first_read.emplace(character_name_key(w.entity.name), written.size());
        if (const Written* earlier = fresh ? nullptr : &written[first->second];
            earlier && earlier->entity.name != w.entity.name)
          fail(w.name_at, fmt::format("{}: '{}' is the name '{}' (line {}) to an order sheet, which reads names "
                                      "without regard to {}: give each character a name of its own",
                                      c.path(), w.entity.name, earlier->entity.name,
                                      source_.place(earlier->name_at).where.line,
                                      how_names_differ(w.entity.name, earlier->entity.name)));
        // A field is searched for after the name; one missing is told at the character's own `{`.
        const auto field = [&](const char* name) { return c.raw().contains(name) ? key(name, cursor) : own; };
        const std::size_t side_key = field("side");
        w.entity.side = at(side_key, [&] { return c["side"].text(); });
        w.side_at = literal(w.entity.side, side_key);
        // A side is a name, compared as written: an empty one is most likely one left to fill in.
        if (w.entity.side.find_first_not_of(" \t") == std::string::npos)
          fail(w.side_at, fmt::format("{}'s side is empty: a side is a name, the same for allies, like side = "
                                      "\"players\"",
                                      w.entity.name));
        const std::size_t at_key = field("at");
        const std::string label = at(at_key, [&] { return c["at"].text(); });
        w.cell_at = literal(label, at_key);
        w.entity.position = at(w.cell_at, [&] { return grid.cell(label); });
        // Told with the other mistakes, once the cell is read: two in one cell, or one where no one
        // can stand (a copy of a count never stands there either).
        const int cell = grid.index(w.entity.position);
        const std::string cell_label = grid.label(w.entity.position);
        if (const auto [there, added] = standing_.emplace(cell, w.entity.name); !added)
          problems_.push_back(source_.place(w.cell_at).diagnostic(fmt::format(
              "{} and {} both stand in {}: one character to a cell", there->second, w.entity.name, cell_label)));
        if (grid.impassable_at(cell))
          problems_.push_back(source_.place(w.cell_at).diagnostic(
              fmt::format("{} cannot stand in {}: its terrain is impassable", w.entity.name, cell_label)));
        if (const auto stats = c.optional("stats")) {
          const std::size_t stats_at = key("stats", cursor);
          // A bad value is told at its own stat (`strength = 2^60`), not at the table's `stats`.
          w.entity.stats = at_fields(*stats, stats_at, [&] { return properties_from(*stats); });
          for (const auto& [name, value] : w.entity.stats) {
            const std::size_t stat_at = key(name, stats_at);
            const auto* text = std::get_if<std::string>(&value.data);
            w.stats.push_back({w.entity.name, name, value, source_.place(stat_at),
                               source_.place(text ? literal(*text, stat_at) : stat_at)});
          }
        }
        w.count_at = field("count");
        if (const auto count = c.optional("count")) {
          w.count = at(w.count_at, [&] { return count->integer(); });
          if (w.count < 1 || w.count > most_copies)
            fail(w.count_at, fmt::format("{}'s count must be from 1 to {}, not {}", w.entity.name, most_copies, w.count));
        }
        for (const auto& [name, value] : c.raw().items()) {
          if (std::find(character_fields.begin(), character_fields.end(), name) != character_fields.end()) continue;
          const std::size_t field_at = key(name, cursor);
          const std::size_t value_at = value.is_string() ? literal(value.get<std::string>(), field_at) : field_at;
          w.fields.push_back({{}, name, value, source_.place(field_at), source_.place(value_at)});
        }
        written.push_back(std::move(w));
      });
    }
    return written;
  }

  // Sides are compared exactly, as the rules compare them, so two spellings of one side are two
  // sides, enemies of each other: a side that differs from an earlier one only as a sheet reads
  // names past (case, blanks) or by a letter ("pary") is most likely a slip, warned of at its first
  // character. Sides told apart by a number ("team1", "team2") are meant so.
  void warn_of_near_sides(const std::vector<Written>& written, Encounter& encounter) const {
    std::vector<const Written*> first_of_side;
    const auto without_digits = [](std::string side) {
      std::erase_if(side, [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
      return side;
    };
    for (const Written& w : written) {
      const std::string& side = w.entity.side;
      if (std::any_of(first_of_side.begin(), first_of_side.end(),
                      [&](const Written* first) { return first->entity.side == side; }))
        continue;
      for (const Written* first : first_of_side) {
        const std::string& earlier = first->entity.side;
        std::string how;
        if (same_character_name(side, earlier))
          how = "only by " + how_names_differ(side, earlier);
        else if (std::min(arbiter::characters(side), arbiter::characters(earlier)) >= 4 && edit_distance(side, earlier) == 1 &&
                 without_digits(side) != without_digits(earlier))
          how = "by one letter";
        if (how.empty()) continue;
        encounter.warnings.push_back(source_.place(w.side_at).diagnostic(fmt::format(
            "side '{}' differs from side '{}' (line {}) {}: two sides, enemies of each other; write one spelling "
            "if they are allies",
            side, earlier, source_.place(first->side_at).where.line, how)));
        break;
      }
      first_of_side.push_back(&w);
    }
  }

  // Places the characters as written, then their copies in the nearest free cells, so a copy
  // never takes a cell the file gives someone.
  void place(std::vector<Written> written, Encounter& encounter) {
    // The world checks that names are unique; it borrows the grid, which may be large, rather
    // than copying it.
    World world(std::move(encounter.grid));
    const Grid& grid = world.grid();
    std::vector<bool> taken(static_cast<std::size_t>(grid.cell_count()));
    for (const Written& w : written) taken[static_cast<std::size_t>(grid.index(w.entity.position))] = true;
    // Copies are named around the names the file writes ("Orc #2" written: the copies of "Orc"
    // are "Orc #3", "Orc #4"…), as World::unique_name names them: a name is taken when its
    // character_name_key is. The keys are kept here, not made again for each copy, and a copy's
    // number starts after its predecessor's, as names once taken stay taken.
    std::set<std::string> taken_names;
    for (const Written& w : written) taken_names.insert(character_name_key(w.entity.name));
    for (Written& w : written) {
      std::vector<std::string> wearers{at(w.name_at, [&] { return world.add(w.entity).name; })};
      int number = 1, first_open = 0;
      for (int copy = 2; copy <= w.count; ++copy) {
        Entity e = w.entity;
        do e.name = fmt::format("{} #{}", w.entity.name, ++number);
        while (!taken_names.insert(character_name_key(e.name)).second);
        const auto cell = nearest_free(grid, w.entity.position, taken, first_open);
        if (!cell) fail(w.count_at, fmt::format("there is no free cell left for {}", e.name));
        e.position = *cell;
        taken[static_cast<std::size_t>(grid.index(*cell))] = true;
        wearers.push_back(world.add(std::move(e)).name);
      }
      for (EquipmentField& field : w.fields) {
        field.wearers = wearers;
        encounter.unchecked.push_back(std::move(field));
      }
      std::move(w.stats.begin(), w.stats.end(), std::back_inserter(encounter.stat_names));
    }
    encounter.characters = world.entities();
    encounter.grid = std::move(world.grid());
  }

  const SourceText& source_;
  std::vector<Diagnostic> problems_;
  std::map<int, std::string> standing_;  // a cell's index: the first character written in it
};

}  // namespace

Encounter read_encounter(lua::Sandbox& sandbox, const std::filesystem::path& file) {
  const std::string shown = file.string();
  const auto refuse = [&](const char* why) { throw Error(Diagnostic{{shown, 0, 0}, why, {}, {}}); };
  std::error_code error;
  const auto status = std::filesystem::status(file, error);
  if (std::filesystem::is_directory(status)) refuse("cannot read the encounter: it is a directory, not a file");
  if (!std::filesystem::exists(status)) refuse("no such encounter file");
  // A device or a pipe may never end (/dev/zero): an encounter is a file.
  if (!std::filesystem::is_regular_file(status))
    refuse("cannot read the encounter: it is not a plain file (a device, a pipe or a socket)");
  const SourceText source(shown, lua::read_source(file, "an encounter"));
  const std::string scope = "encounter " + shown;
  const auto folder = file.parent_path().empty() ? std::filesystem::path(".") : file.parent_path();
  // Its messages name its files as it was named ("syn.lua", not "./syn.lua" for one here).
  if (!sandbox.has_pack(scope))
    sandbox.add_pack({.name = scope, .folder = folder, .display_folder = file.parent_path().string(), .budget = {},
                      .owns_files = true, .is_pack = false});

  lua_State* L = sandbox.state();
  const lua::StackGuard restore(L);
  const std::size_t read_before = sandbox.files_read().size() + 1;  // the encounter itself, then what it requires
  sandbox.run_file(scope, folder / file.filename(), 1);
  const std::vector<std::filesystem::path> required(sandbox.files_read().begin() + static_cast<long>(read_before),
                                                    sandbox.files_read().end());
  if (!lua_istable(L, -1))
    throw Error(source.place(unknown).diagnostic(fmt::format(
        "an encounter file returns a table: {{ rules = …, map = …, characters = … }}, not {}", luaL_typename(L, -1))));
  Ancestors ancestors;
  refuse_fields_beside_items(L, -1, "encounter", source.returned(), source, ancestors);
  json document;
  try {
    document = lua::check_json(L, -1);
  } catch (const Error& e) {
    throw Error(source.place(unknown).diagnostic("an encounter is plain data: " + e.diagnostics().front().message));
  }
  Encounter encounter = Reader(source).read(document);
  encounter.required = required;
  // A folder in `rules` is found from the encounter's own folder, as its `require`s are: an
  // encounter shared with the packs beside it plays the same wherever it is run from.
  for (std::string& pack : encounter.rules)
    if (names_a_folder(pack) && std::filesystem::path(pack).is_relative() && !file.parent_path().empty())
      pack = (file.parent_path() / pack).string();
  return encounter;
}

Encounter encounter_from_data(const nlohmann::json& document, const std::string& name) {
  return Reader(SourceText(name, "")).read(document);
}

World make_world(const Encounter& encounter) {
  if (!encounter.unchecked.empty()) throw std::logic_error("make_world before check_equipment");
  return World(encounter.grid, encounter.characters, static_cast<EntityId>(encounter.characters.size()) + 1, {});
}

orders::Roster roster_of(std::span<const Entity> characters) {
  orders::Roster roster;
  for (const Entity& e : characters) {
    std::vector<std::string> stats;
    for (const auto& [name, value] : e.stats) stats.push_back(name);
    roster.push_back({e.name, e.side, std::move(stats), {}, e.position});
  }
  return roster;
}

}  // namespace arbiter::packs
