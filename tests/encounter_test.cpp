// Encounter files (docs/encounters.md): the map and characters they give, the equipment checked
// against the ruleset's tables, and each kind of mistake reported at its line and column.
#include "interpreter/packs/encounter.hpp"

#include <fstream>

#include <catch2/catch.hpp>

#include "interpreter/packs/pack_stack.hpp"
#include "interpreter/packs/source_text.hpp"
#include "tests/support/temp_dir.hpp"

using namespace arbiter;
using namespace arbiter::packs;
namespace fs = std::filesystem;

namespace {

const fs::path source(ARBITER_SOURCE_DIR);

struct Fight {
  lua::Sandbox sandbox{lua::Budget{50'000'000, 64u << 20, std::chrono::seconds(20)}};
  PackStack stack{sandbox, SearchPath({source / "rules", source / "examples/packs"})};
  TempDir dir;

  fs::path write(const std::string& text) {
    const fs::path file = dir.path / "encounter.lua";
    std::ofstream(file) << text;
    return file;
  }
  // Both steps, as `arbiter check` takes them.
  Encounter load(const fs::path& file) {
    Encounter encounter = read_encounter(sandbox, file);
    stack.load(encounter.rules, encounter.rules_at);
    check_equipment(encounter, sandbox.state(), stack.registry());
    return encounter;
  }
  // The problems a file has, read and checked.
  std::vector<Diagnostic> problems(const std::string& text) {
    try {
      load(write(text));
    } catch (const Error& e) {
      return e.diagnostics();
    }
    FAIL("expected the encounter to be refused");
    return {};
  }
  Diagnostic problem(const std::string& text) {
    const auto all = problems(text);
    REQUIRE(all.size() == 1);
    return all.front();
  }
};

// A Platemail encounter with a map of 4×3 and `characters` (the text inside the braces).
std::string platemail(const std::string& characters, const std::string& map = "width = 4, height = 3") {
  return "return {\n  rules = { \"platemail\" },\n  map = { " + map + " },\n  characters = {\n" + characters + "  },\n}\n";
}

}  // namespace

TEST_CASE("an encounter gives its grid, walls, door, terrain and characters", "[encounter]") {
  Fight fight;
  Encounter encounter = read_encounter(fight.sandbox, source / "tests/encounters/yard.lua");
  CHECK(encounter.rules == std::vector<std::string>{"platemail"});
  const Grid& grid = encounter.grid;
  CHECK(grid.width() == 12);
  CHECK(grid.height() == 8);
  CHECK(grid.scale() == 5);
  CHECK(grid.metric() == Metric::Chebyshev);
  REQUIRE(grid.border(grid.cell("C3"), grid.cell("C4")));
  CHECK(grid.border(grid.cell("C3"), grid.cell("C4"))->name == "wall");
  CHECK(grid.border(grid.cell("D4"), grid.cell("D3"))->stops_sight());
  REQUIRE(grid.border(grid.cell("E2"), grid.cell("E3")));
  CHECK(grid.border(grid.cell("E2"), grid.cell("E3"))->door == DoorState::Closed);
  CHECK(grid.border(grid.cell("E2"), grid.cell("E3"))->name == "door");
  CHECK(grid.borders().size() == 3);
  CHECK(grid.terrain(grid.cell("D5")).object == "low wall");
  CHECK(grid.terrain(grid.cell("D5")).shelter == Shelter::Cover);
  CHECK(grid.terrain(grid.cell("F2")).height == 1);
  CHECK(grid.terrain(grid.cell("F2")).name == "hill");
  CHECK(grid.terrain(grid.cell("A1")) == Terrain{});

  // Orc's count of 3: the copies stand in the free cells nearest H4, in row order.
  std::vector<std::pair<std::string, std::string>> placed;
  for (const Entity& e : encounter.characters) placed.emplace_back(e.name, grid.label(e.position));
  CHECK(placed == std::vector<std::pair<std::string, std::string>>{
                      {"Aldric", "B2"}, {"Brienne", "B3"}, {"Orc", "H4"}, {"Orc #2", "G3"}, {"Orc #3", "H3"}});
  CHECK(encounter.characters[0].stats == Properties{{"strength", 2}, {"perception", 10}});
  std::vector<std::string> roster;
  for (const auto& entry : roster_of(encounter.characters)) roster.push_back(entry.name + " (" + entry.side + ")");
  CHECK(roster == std::vector<std::string>{"Aldric (players)", "Brienne (players)", "Orc (orcs)", "Orc #2 (orcs)",
                                           "Orc #3 (orcs)"});
  CHECK_THROWS_AS(make_world(encounter), std::logic_error);  // equipment not checked yet

  fight.stack.load(encounter.rules);
  check_equipment(encounter, fight.sandbox.state(), fight.stack.registry());
  const World world = make_world(encounter);
  CHECK(world.find("Aldric").stats ==
        Properties{{"strength", 2}, {"perception", 10}, {"weapon", "Sword"}, {"armor", "Chain Mail"}, {"shield", "Shield"}});
  CHECK(world.find("Orc #3").stats == Properties{{"weapon", "Axe"}, {"armor", "Leather"}});
  CHECK(world.find("Orc #3").side == "orcs");
  CHECK(world.next_id() == 6);
}

TEST_CASE("an encounter chooses the metric and the feet per cell", "[encounter]") {
  Fight fight;
  const Encounter encounter = fight.load(fight.write(
      platemail("    { name = 'Orc', side = 'orcs', at = 'B1', count = 4 },\n",
                "width = 3, height = 2, scale = 10, metric = \"manhattan\", walls = {}, borders = {}, terrain = {}")));
  CHECK(encounter.grid.scale() == 10);
  CHECK(encounter.grid.metric() == Metric::Manhattan);
  // Copies stand in the nearest cells under the metric (A2 and C2 are two steps away), ties in row order.
  std::vector<std::string> cells;
  for (const Entity& e : encounter.characters) cells.push_back(e.name + " " + encounter.grid.label(e.position));
  CHECK(cells == std::vector<std::string>{"Orc B1", "Orc #2 A1", "Orc #3 C1", "Orc #4 B2"});
}

TEST_CASE("copies are named around the names the file writes", "[encounter]") {
  Fight fight;
  const Encounter encounter = fight.load(fight.write(platemail("    { name = 'Orc', side = 'orcs', at = 'A1', count = 3 },\n"
                                                               "    { name = 'Orc #2', side = 'orcs', at = 'D3' },\n")));
  std::vector<std::string> names;
  for (const Entity& e : encounter.characters) names.push_back(e.name);
  CHECK(names == std::vector<std::string>{"Orc", "Orc #3", "Orc #4", "Orc #2"});
}

TEST_CASE("copies' numbers run on past every name taken, in whatever case or blanks it is written", "[encounter]") {
  // The copies of "Orc" skip "orc #2" and "Orc  #4" (one name each to a sheet), and go on after the
  // number the copy before them took; a copy of "Orc #4" is numbered after its own name.
  Fight fight;
  const Encounter encounter = fight.load(fight.write(platemail("    { name = 'Orc', side = 'orcs', at = 'A1', count = 4 },\n"
                                                               "    { name = 'orc #2', side = 'orcs', at = 'D3' },\n"
                                                               "    { name = 'Orc  #4', side = 'orcs', at = 'D1', count = 2 },\n")));
  std::vector<std::string> names;
  for (const Entity& e : encounter.characters) names.push_back(e.name);
  CHECK(names == std::vector<std::string>{"Orc", "Orc #3", "Orc #5", "Orc #6", "orc #2", "Orc  #4", "Orc  #4 #2"});
}

TEST_CASE("a name a sheet reads as an earlier one is told with the first of that name, however many come between",
          "[encounter]") {
  // The first 'Orc' is at line 5; a second written alike (a duplicate, told when the characters
  // are placed) and others between do not change which one 'ORC' is told against.
  Fight fight;
  const auto clash = fight.problem(platemail("    { name = 'Orc', side = 'orcs', at = 'A1' },\n"
                                             "    { name = 'Goblin', side = 'orcs', at = 'B1' },\n"
                                             "    { name = 'Orc', side = 'orcs', at = 'C1' },\n"
                                             "    { name = 'ORC', side = 'orcs', at = 'D1' },\n"));
  CHECK(clash.message == "encounter.characters[4]: 'ORC' is the name 'Orc' (line 5) to an order sheet, which reads "
                         "names without regard to case: give each character a name of its own");
  CHECK((clash.where.line == 8 && clash.where.column == 14));
  // Without it, the name written twice alike is told at the second, with the next free name.
  const auto twice = fight.problem(platemail("    { name = 'Orc', side = 'orcs', at = 'A1' },\n"
                                             "    { name = 'Goblin', side = 'orcs', at = 'B1' },\n"
                                             "    { name = 'Orc', side = 'orcs', at = 'C1' },\n"));
  CHECK(twice.message == "there is already a character named 'Orc'; the next free name is 'Orc #2'");
  CHECK(twice.where.line == 7);
}

TEST_CASE("a place in an encounter's text is the line and column at_offset gives, at every offset", "[encounter]") {
  // SourceText finds lines from their starts, kept once, where at_offset counts the line breaks
  // before the place: both must agree, about CRLF and lone CR line ends, a last line without
  // one, a file that ends with one, and an empty line.
  for (const std::string text : {"return {\n  rules = 1,\n\n}", "return {\r\n  a = 1,\r\n}\r\n", "a\rb\r\rc\n", "\n\nx"}) {
    const SourceText source("e.lua", text);
    const std::string lines = with_newline_line_ends(text);
    for (std::size_t offset = 0; offset <= text.size(); ++offset) {
      const Diagnostic expected = at_offset("e.lua", lines, offset, {});
      const Place place = source.place(offset);
      INFO("text " << nlohmann::json(text).dump() << ", offset " << offset);
      CHECK(place.where.line == expected.where.line);
      CHECK(place.where.column == expected.where.column);
      CHECK(place.source_line == expected.source_line);
    }
  }
}

TEST_CASE("unknown equipment and unknown fields are reported together, at their columns", "[encounter]") {
  Fight fight;
  const auto all = fight.problems(platemail(
      "    { name = \"Aldric\", side = \"players\", at = \"A1\", armor = \"Chian Mail\", wepon = \"Sword\" },\n"));
  REQUIRE(all.size() == 2);
  CHECK(all[0].message == "unknown armor 'Chian Mail' for Aldric (did you mean 'Chain Mail'?)");
  CHECK(all[0].where.file == (fight.dir.path / "encounter.lua").string());
  CHECK(all[0].where.line == 5);
  CHECK(all[0].where.column == 61);
  CHECK(all[0].source_line ==
        "    { name = \"Aldric\", side = \"players\", at = \"A1\", armor = \"Chian Mail\", wepon = \"Sword\" },");
  CHECK(all[1].message == "Aldric has no field 'wepon' (did you mean 'weapon'?)");
  CHECK(all[1].where.line == 5);
  CHECK(all[1].where.column == 75);
}

TEST_CASE("a stat written beside a character's fields, not in its stats, is told where it goes", "[encounter]") {
  Fight fight;
  const auto all = fight.problems(platemail("    { name = \"Aldric\", side = \"players\", at = \"A1\", wounds = 2 },\n"));
  REQUIRE(all.size() == 1);
  CHECK(all[0].message == "Aldric has no field 'wounds' ('wounds' is a stat the rules read: write it in the character's "
                          "stats, stats = { wounds = … })");
}

TEST_CASE("a character's statuses are refused with the reason: an encounter gives none", "[encounter]") {
  // docs/encounters.md: "An encounter gives no statuses: every character starts the fight without any".
  Fight fight;
  const auto told = fight.problem(platemail("    { name = 'Aldric', side = 'players', at = 'A1', statuses = { 'Hidden' } },\n"));
  CHECK(told.message == "Aldric has no field 'statuses' (an encounter gives no statuses: every character starts "
                        "without any, and the rules apply them in play)");
  CHECK((told.where.line == 5 && told.where.column == 53));
}

TEST_CASE("a stat the rules do not read is refused where written with the nearest and problems come in file order",
          "[encounter]") {
  Fight fight;
  // "Requires Str": a misspelt strength would quietly lose its penalty.
  const auto all = fight.problems(platemail(
      "    { name = \"Aldric\", side = \"players\", at = \"A1\", weapon = \"Swrod\",\n"
      "      stats = { perception = 12, strenght = 2 }, armor = \"Lether\" },\n"));
  REQUIRE(all.size() == 3);
  CHECK(all[0].message == "unknown weapon 'Swrod' for Aldric (did you mean 'Sword'?)");
  CHECK(all[1].message == "Aldric has a stat 'strenght' that the rules do not read (did you mean 'strength'?)");
  CHECK(all[1].where.line == 6);
  CHECK(all[1].where.column == 34);
  CHECK(all[2].message == "unknown armor 'Lether' for Aldric (did you mean 'Leather'?)");
  CHECK(all[2].where.line == 6);
  // The stats a ruleset reads are its encounter table's to list: without a list, any stat goes.
  Fight other;
  CHECK_NOTHROW(other.load(other.write(
      "return { rules = { 'orders-demo' }, map = { width = 2, height = 2 },\n"
      "  characters = { { name = 'Orc', side = 'orcs', at = 'B2', stats = { strenght = 2 } } } }\n")));
}

TEST_CASE("a stat of the wrong kind is refused where written with what the rules need", "[encounter]") {
  // Platemail: "Each Character has a Max Wounds value ... 1 Wound for each Attack": Wounds are
  // counted. "two" once stopped the fight halfway with an error in the pack's code, 2.5 at the
  // tally, and -2 was a quiet +2 on every roll.
  Fight fight;
  const auto all = fight.problems(platemail(
      "    { name = \"Ana\", side = \"a\", at = \"A1\", stats = { wounds = \"two\" } },\n"
      "    { name = \"Bo\", side = \"b\", at = \"B1\", stats = { wounds = -2, strength = 1.5 } },\n"
      "    { name = \"Cy\", side = \"b\", at = \"C1\", stats = { mounted = \"yes\", kind = 3 } },\n"));
  REQUIRE(all.size() == 5);
  CHECK(all[0].message == "Ana's wounds must be a count: a whole number from 0 to 9007199254740992 (2^53), not \"two\"");
  CHECK(all[0].where.line == 5);
  CHECK(all[0].where.column == 54);
  CHECK(all[1].message == "Bo's wounds must be a count: a whole number from 0 to 9007199254740992 (2^53), not -2");
  CHECK(all[2].message == "Bo's strength must be a whole number from -9007199254740992 to 9007199254740992 (2^53), "
                          "not 1.5");
  CHECK(all[3].message == "Cy's mounted must be true or false, not \"yes\"");
  CHECK(all[4].message == "Cy's kind must be a text in quotes, not 3");
  CHECK(all[4].where.line == 7);
  // What the rules need is accepted, and a stat the rules read as anything takes any value.
  Fight other;
  CHECK_NOTHROW(other.load(other.write(platemail(
      "    { name = \"Ana\", side = \"a\", at = \"A1\", stats = { wounds = 0, kind = \"orc\", mounted = true,\n"
      "      size = 1.5, strength = -1, prepared_spell = \"Fireball\" } },\n"))));
}

TEST_CASE("a stat that is one of a list of words is refused otherwise at its place with the nearest", "[encounter]") {
  // Tempo's `guard`, the status a fighter starts in: one of the source's five ("In most
  // circumstances you will begin combat in the Off Guard status"). "Down" is not one of them.
  Fight fight;
  const auto all = fight.problems(
      "return { rules = { 'tempo' }, map = { width = 4, height = 2 }, characters = {\n"
      "  { name = 'Ana', side = 'a', at = 'A1', weapon = 'Sword', stats = { guard = 'Bund' } },\n"
      "  { name = 'Bo', side = 'b', at = 'B1', weapon = 'Sword', stats = { guard = 'Down' } },\n"
      "  { name = 'Cy', side = 'b', at = 'C1', weapon = 'Sword', stats = { guard = 3 } },\n"
      "} }\n");
  REQUIRE(all.size() == 3);
  const std::string five = "one of \"Off Guard\", \"On Guard\", \"Bound\", \"Grappled\", \"Pinned\"";
  CHECK(all[0].message == "Ana's guard must be " + five + ", not \"Bund\" (did you mean 'Bound'?)");
  CHECK(all[0].where.line == 2);
  CHECK(all[0].where.column == 70);
  CHECK(all[1].message == "Bo's guard must be " + five + ", not \"Down\"");
  CHECK(all[2].message == "Cy's guard must be " + five + ", not 3");
  Fight other;
  CHECK_NOTHROW(other.load(other.write(
      "return { rules = { 'tempo' }, map = { width = 4, height = 2 }, characters = {\n"
      "  { name = 'Ana', side = 'a', at = 'A1', weapon = 'Sword', stats = { guard = 'On Guard' } } } }\n")));
}

TEST_CASE("a ruleset's stats table must name kinds that exist", "[encounter]") {
  // The ruleset `kinds` has no flow, so no phase gives action points.
  const auto refusal = [](const std::string& stats) {
    lua::Sandbox sandbox;
    TempDir dir;
    fs::create_directories(dir.path / "kinds");
    std::ofstream(dir.path / "kinds" / "pack.lua") << "return { name = 'kinds', version = '1.0.0' }\n";
    std::ofstream(dir.path / "kinds" / "init.lua")
        << "local arbiter = require 'arbiter'\n"
           "arbiter.define.table('encounter', { stats = " + stats + " })\n";
    std::ofstream(dir.path / "fight.lua")
        << "return { rules = { 'kinds' }, map = { width = 2, height = 2 },\n"
           "  characters = { { name = 'Orc', side = 'orcs', at = 'B2' } } }\n";
    PackStack stack{sandbox, SearchPath({dir.path})};
    Encounter encounter = read_encounter(sandbox, dir.path / "fight.lua");
    stack.load(encounter.rules, encounter.rules_at);
    try {
      check_equipment(encounter, sandbox.state(), stack.registry());
    } catch (const Error& e) {
      const Diagnostic& d = e.diagnostics().front();
      CHECK(d.where.line == 2);
      return d.message;
    }
    return std::string("nothing refused");
  };
  CHECK(refusal("{ wounds = 'cuont' }") ==
        "table 'encounter': stat 'wounds': unknown kind 'cuont'; the kinds are any, number, whole, count, points, "
        "flag, text, list, or a list of words (did you mean 'count'?)");
  // A list of words an encounter may write and a message may quote: none empty, no line break.
  const std::string words = "table 'encounter': stat 'mood': a list of words must hold one or more texts, none empty "
                            "or with a control character: { \"Low\", \"High\" }";
  CHECK(refusal("{ mood = {} }") == words);
  CHECK(refusal("{ mood = { 'calm\\nx', 'High' } }") == words);
  CHECK(refusal("{ mood = { '', 'High' } }") == words);
  CHECK(refusal("{ pts = 'points' }") == "table 'encounter': stat 'pts': the kind 'points' is action points, and no "
                                         "phase of the flow gives any (action_points)");
}

TEST_CASE("equipment must be a name, and a ruleset without an encounter table has no equipment", "[encounter]") {
  Fight fight;
  const auto number = fight.problem(platemail("    { name = \"Aldric\", side = \"players\", at = \"A1\",\n"
                                              "      weapon = 3 },\n"));
  CHECK(number.message == "Aldric's weapon must name a row of the 'weapons' table, like \"Axe\"");
  CHECK(number.where.line == 6);
  CHECK(number.where.column == 7);

  Fight other;
  const auto none = other.problem("return { rules = { 'orders-demo' }, map = { width = 2, height = 2 },\n"
                                  "  characters = { { name = 'Orc', side = 'orcs', at = 'B2', count = 2, weapon = 'Axe' } } }\n");
  CHECK(none.message == "Orc has no field 'weapon'");
  CHECK(none.where.line == 2);
  CHECK(none.where.column == 71);
}

TEST_CASE("unknown fields of the encounter, the map and its terrain suggest the nearest", "[encounter]") {
  Fight fight;
  const auto top = fight.problem("return {\n  rules = { 'platemail' },\n  map = { width = 2, height = 2 },\n"
                                 "  charaters = {},\n}\n");
  CHECK(top.message == "the encounter has no field 'charaters' (did you mean 'characters'?)");
  CHECK((top.where.line == 4 && top.where.column == 3));

  const auto map = fight.problem(platemail("", "width = 2, heigth = 2"));
  CHECK(map.message == "the map has no field 'heigth' (did you mean 'height'?)");
  CHECK((map.where.line == 3 && map.where.column == 22));

  const auto terrain = fight.problem(platemail("", "width = 2, height = 2,\n    terrain = { B2 = { objet = 'tree' } }"));
  CHECK(terrain.message == "terrain has no field 'objet' (did you mean 'object'?)");
  CHECK((terrain.where.line == 4 && terrain.where.column == 24));

  const auto shelter = fight.problem(platemail("", "width = 2, height = 2,\n    terrain = { B2 = { shelter = 'shade' } }"));
  CHECK_THAT(shelter.message, Catch::Matchers::StartsWith("encounter.map.terrain[\"B2\"].shelter: "));
  CHECK((shelter.where.line == 4 && shelter.where.column == 24));
}

TEST_CASE("an encounter saved with old Mac line endings (a lone CR) is told at the same line and column",
          "[encounter]") {
  Fight fight;
  std::string text = platemail("", "width = 2, height = 2,\n    terrain = { B2 = { objet = 'tree' } }");
  for (char& c : text)
    if (c == '\n') c = '\r';
  const auto terrain = fight.problem(text);
  CHECK(terrain.message == "terrain has no field 'objet' (did you mean 'object'?)");
  CHECK((terrain.where.line == 4 && terrain.where.column == 24));
  CHECK(terrain.source_line == "    terrain = { B2 = { objet = 'tree' } } },");
}

TEST_CASE("cells outside the map, shared cells, shared names and walls apart are refused where written", "[encounter]") {
  Fight fight;
  const auto outside = fight.problem(platemail("    { name = 'Aldric', side = 'players', at = 'E9' },\n"));
  CHECK_THAT(outside.message, Catch::Matchers::StartsWith("there is no cell E9 on this 4×3 grid"));
  CHECK((outside.where.line == 5 && outside.where.column == 47));

  const auto shared = fight.problem(platemail("    { name = 'Aldric', side = 'players', at = 'B2' },\n"
                                              "    { name = 'Orc', side = 'orcs', at = 'B2' },\n"));
  CHECK(shared.message == "Aldric and Orc both stand in B2: one character to a cell");
  CHECK((shared.where.line == 6 && shared.where.column == 41));

  const auto nowhere = fight.problem(platemail("    { name = 'Aldric', side = 'players' },\n"
                                               "    { name = 'Orc', side = 'orcs', at = 'B2' },\n"));
  CHECK(nowhere.message == "encounter.characters[1]: 'at' is missing");
  CHECK((nowhere.where.line == 5 && nowhere.where.column == 5));  // what it lacks, at its own `{`

  const auto twice = fight.problem(platemail("    { name = 'Orc', side = 'orcs', at = 'A1' },\n"
                                             "    { name = 'Orc', side = 'orcs', at = 'B2' },\n"));
  CHECK(twice.message == "there is already a character named 'Orc'; the next free name is 'Orc #2'");
  CHECK((twice.where.line == 6 && twice.where.column == 14));

  const auto apart = fight.problem(platemail("", "width = 2, height = 2,\n    walls = { { 'A1', 'A2' }, { 'A1', 'B2' } }"));
  CHECK(apart.message == "encounter.map.walls[2]: A1 and B2 are not side by side");
  CHECK((apart.where.line == 4 && apart.where.column == 33));

  // Told as the encounter writes a wall, in Lua, not as a save writes one.
  const auto three = fight.problem(platemail("", "width = 2, height = 2,\n    walls = { { 'A1', 'A2', 'B2' } }"));
  CHECK(three.message == "encounter.map.walls[1]: expected two cells side by side, like { \"B1\", \"B2\" }; this list has 3");
}

TEST_CASE("every mistake of the map's walls, borders and terrain and of the characters is told in one reading, in "
          "the order written",
          "[encounter]") {
  Fight fight;
  const auto all = fight.problems(
      "return {\n"
      "  rules = { 'platemail' },\n"
      "  colour = 'red',\n"
      "  map = { width = 4, height = 3, walls = { { 'A1', 'A2' }, { 'Z9', 'A3' } },\n"
      "          borders = { { between = { 'B1', 'B2' }, nme = 'hedge' } },\n"
      "          terrain = { C3 = { objet = 'tree' }, Q1 = { object = 'tree' } } },\n"
      "  characters = {\n"
      "    { name = 'Aldric', side = 'players', at = 'B9' },\n"
      "    { name = 'Brienne', side = 'players', at = 'B2' },\n"
      "    { name = 'Orc', side = 'orcs', at = 'C2', count = 0 },\n"
      "    { name = 'Goblin', side = 'orcs' },\n"
      "  },\n"
      "}\n");
  std::vector<std::pair<int, std::string>> told;
  for (const Diagnostic& d : all) told.emplace_back(d.where.line, d.message.substr(0, d.message.find(';')));
  CHECK(told == std::vector<std::pair<int, std::string>>{
                    {3, "the encounter has no field 'colour'"},
                    {4, "encounter.map.walls[2][1]: there is no cell Z9 on this 4×3 grid (A1..D3)"},
                    {5, "a border has no field 'nme' (did you mean 'name'?)"},
                    {6, "terrain has no field 'objet' (did you mean 'object'?)"},
                    {6, "there is no cell Q1 on this 4×3 grid (A1..D3)"},
                    {8, "there is no cell B9 on this 4×3 grid (A1..D3)"},
                    {10, "Orc's count must be from 1 to 1000, not 0"},
                    {11, "encounter.characters[4]: 'at' is missing"}});

  // Two standing in one cell are told with every other pair, once every character is read.
  const auto crowded = fight.problems(platemail("    { name = 'Aldric', side = 'players', at = 'B2' },\n"
                                                "    { name = 'Orc', side = 'orcs', at = 'B2' },\n"
                                                "    { name = 'Goblin', side = 'orcs', at = 'B2' },\n"));
  REQUIRE(crowded.size() == 2);
  CHECK(crowded[0].message == "Aldric and Orc both stand in B2: one character to a cell");
  CHECK(crowded[1].message == "Aldric and Goblin both stand in B2: one character to a cell");

  // A map whose size cannot be read holds no cell: the reading stops there, with what came before.
  const auto sizeless = fight.problems("return {\n  rules = { 'platemail' },\n  colour = 'red',\n"
                                       "  map = { width = 'four', height = 3 },\n"
                                       "  characters = { { name = 'Aldric', side = 'players', at = 'B9' } },\n}\n");
  REQUIRE(sizeless.size() == 2);
  CHECK(sizeless[0].where.line == 3);
  CHECK(sizeless[1].where.line == 4);
}

TEST_CASE("missing rules, a map too small and a file that is not an encounter are refused", "[encounter]") {
  Fight fight;
  const auto no_rules = fight.problem("return {\n  rules = {},\n  map = { width = 2, height = 2 },\n  characters = {},\n}\n");
  CHECK(no_rules.message == "'rules' must name the ruleset, then any house-rule packs: rules = { \"platemail\" }");
  CHECK((no_rules.where.line == 2 && no_rules.where.column == 3));

  const auto no_map = fight.problem("-- no map\nreturn { rules = { 'platemail' }, characters = {} }\n");
  CHECK(no_map.message == "encounter: 'map' is missing");
  CHECK((no_map.where.line == 2 && no_map.where.column == 1));

  const auto empty = fight.problem(platemail("", "width = 0, height = 2"));
  CHECK_THAT(empty.message, Catch::Matchers::StartsWith("a grid must be between 1 and 1024 cells on each side"));
  CHECK((empty.where.line == 3 && empty.where.column == 11));
  // A cell's size is told at `scale`, not at the map's first field.
  const auto no_size = fight.problem(platemail("", "width = 2, height = 2, scale = 0"));
  CHECK(no_size.message == "a grid cell must be between 1 and 10000 feet across, not 0");
  CHECK((no_size.where.line == 3 && no_size.where.column == 34));

  const auto metric = fight.problem(platemail("", "width = 2, height = 2, metric = 'chebychev'"));
  CHECK_THAT(metric.message, Catch::Matchers::Contains("chebyshev"));
  CHECK((metric.where.line == 3 && metric.where.column == 43));

  const auto number = fight.problem("  return 42\n");
  CHECK(number.message == "an encounter file returns a table: { rules = …, map = …, characters = … }, not number");
  CHECK((number.where.line == 1 && number.where.column == 3));
}

TEST_CASE("a stat or map number that is not finite is refused where written, since a save could not hold it",
          "[encounter]") {
  Fight fight;
  const auto stat = fight.problem(platemail("    { name = 'Aldric', side = 'players', at = 'A1',\n"
                                            "      stats = { strength = 0/0 } },\n"));
  CHECK_THAT(stat.message, Catch::Matchers::Contains("a value must be a finite number, not nan"));
  CHECK(stat.where.line == 6);

  const auto listed = fight.problem(platemail("    { name = 'Aldric', side = 'players', at = 'A1',\n"
                                              "      stats = { luck = { 1, -1/0 } } },\n"));
  CHECK_THAT(listed.message, Catch::Matchers::Contains("not -inf"));

  const auto cost = fight.problem(
      platemail("", "width = 2, height = 2,\n    borders = { { between = { 'A1', 'A2' }, extra_cost = 1/0 } }"));
  CHECK_THAT(cost.message, Catch::Matchers::EndsWith("extra_cost: expected a finite number, found inf"));
  CHECK(cost.where.line == 4);
}

TEST_CASE("a pack the encounter names that cannot be loaded is reported where the encounter names it",
          "[encounter]") {
  Fight fight;
  const auto missing = fight.problem("return {\n  rules = { 'platemail', 'platemale' },\n  map = { width = 2, height = 2 },\n"
                                     "  characters = {},\n}\n");
  CHECK(missing.message == "no pack named 'platemale' was found");
  CHECK((missing.where.line == 2 && missing.where.column == 26));
  CHECK_THAT(missing.notes.front(), Catch::Matchers::Contains("did you mean 'platemail'?"));

  const auto twice = fight.problem("return {\n  rules = { 'platemail', 'platemail' },\n  map = { width = 2, height = 2 },\n"
                                   "  characters = {},\n}\n");
  CHECK(twice.message == "pack 'platemail' is named twice: name it once");
  CHECK((twice.where.line == 2 && twice.where.column == 26));  // the second time
}

TEST_CASE("a name no order sheet could write is refused where written", "[encounter]") {
  // A sheet writes a name bare or in quotes, on one line, without control characters: a character
  // named with a quote or a line break could never be given orders.
  Fight fight;
  const auto quote = fight.problem(platemail("    { name = 'Bob \"the Axe\"', side = 'players', at = 'A1' },\n"));
  CHECK(quote.message == "encounter.characters[1]: the name 'Bob \"the Axe\"' cannot be written in an order sheet: a "
                         "name holds no '\"', line break or control character");
  CHECK((quote.where.line == 5 && quote.where.column == 14));
  const auto line_break = fight.problem(platemail("    { name = 'Bob\\nAxe', side = 'players', at = 'A1' },\n"));
  CHECK(line_break.message == "encounter.characters[1]: the name 'Bob\nAxe' cannot be written in an order sheet: a "
                              "name holds no '\"', line break or control character");
  // What a sheet writes in quotes is fine.
  CHECK_NOTHROW(fight.load(fight.write(platemail("    { name = 'Orc #2 (the big one)', side = 'orcs', at = 'A1' },\n"))));
}

TEST_CASE("a character without a name or that is no table is told at its own table, not at the one before",
          "[encounter]") {
  Fight fight;
  const auto nameless = fight.problem(platemail("    { name = 'Aldric', side = 'a', at = 'A1' },\n"
                                                "    { side = 'b', at = 'B2' },\n"));
  CHECK(nameless.message == "encounter.characters[2]: 'name' is missing");
  CHECK((nameless.where.line == 6 && nameless.where.column == 5));

  const auto word = fight.problem(platemail("    { name = 'Aldric', side = 'a', at = 'A1' },\n"
                                            "    -- a comment, { name = 'x' }, and a string: \"}\"\n"
                                            "    'Goblin',\n"));
  CHECK_THAT(word.message, Catch::Matchers::StartsWith("encounter.characters[2]: expected a character"));
  CHECK((word.where.line == 7 && word.where.column == 5));

  // A list the file computes has no place of its own for each character: the list is shown.
  const auto computed = fight.problem(
      "return { rules = { 'platemail' }, map = { width = 2, height = 2 },\n"
      "  characters = (function() return { { side = 'b', at = 'B2' } } end)() }\n");
  CHECK(computed.message == "encounter.characters[1]: 'name' is missing");
  CHECK((computed.where.line == 2 && computed.where.column == 3));
}

TEST_CASE("a character without a side or a cell is told at its own table, not at its name", "[encounter]") {
  Fight fight;
  const auto sideless = fight.problem(platemail("    { name = 'Aldric', at = 'A1' },\n"));
  CHECK(sideless.message == "encounter.characters[1]: 'side' is missing");
  CHECK((sideless.where.line == 5 && sideless.where.column == 5));

  const auto nowhere = fight.problem(platemail("    { name = 'Aldric', side = 'a', at = 'A1' },\n"
                                               "    { name = 'Bo', side = 'b' },\n"));
  CHECK(nowhere.message == "encounter.characters[2]: 'at' is missing");
  CHECK((nowhere.where.line == 6 && nowhere.where.column == 5));
  CHECK(nowhere.source_line == "    { name = 'Bo', side = 'b' },");
}

TEST_CASE("a Lua syntax error is told at the token Lua names, its line quoted, and blames no pack", "[encounter]") {
  Fight fight;
  // A comma left out after the map: Lua stops at the next field's name.
  const auto comma = fight.problem("return {\n  rules = { 'platemail' },\n  map = { width = 2, height = 2 }\n"
                                   "  characters = {},\n}\n");
  CHECK(comma.message == "'}' expected (to close '{' at line 1) near 'characters'");
  CHECK((comma.where.line == 4 && comma.where.column == 3));
  CHECK(comma.source_line == "  characters = {},");
  CHECK(comma.notes.empty());  // the GM's own file, not a pack

  // A brace never closed: Lua reads to the end of the file, told after its last text.
  const auto brace = fight.problem(platemail("    { name = 'Aldric', side = 'a', at = 'A1',\n"));
  CHECK(brace.message == "'}' expected (to close '{' at line 1) near <eof>");
  CHECK((brace.where.line == 7 && brace.where.column == 2));
  CHECK(brace.source_line == "}");

  // A string never closed: at its opening quote.
  const auto quote = fight.problem(platemail("    { name = 'Aldric', side = 'a', at = \"A1 },\n"));
  CHECK(quote.message == "unfinished string near '\"A1 },'");
  CHECK((quote.where.line == 5 && quote.where.column == 41));

  // The same token earlier on the line is not the one Lua stopped at.
  const auto twice = fight.problem("return { rules = { 'platemail' }, map = { width = = 2 } }\n");
  CHECK(twice.message == "unexpected symbol near '='");
  CHECK((twice.where.line == 1 && twice.where.column == 51));

  // An error the file raises when it runs is its own too.
  const auto runtime = fight.problem("local t = nil\nreturn { rules = t.rules }\n");
  CHECK(runtime.message == "attempt to index a nil value (local 't')");
  CHECK((runtime.where.line == 2));
  CHECK(std::none_of(runtime.notes.begin(), runtime.notes.end(),
                     [](const std::string& note) { return note.starts_with("in pack"); }));
  const auto required = fight.problem("local x = require 'missing'\nreturn {}\n");
  CHECK_THAT(required.message, Catch::Matchers::StartsWith("module 'missing' not found: looked for "));
  CHECK_THAT(required.message, !Catch::Matchers::Contains("pack"));
}

TEST_CASE("a cell of a wall or a border not on the map is told at itself, counted from 1 as Lua counts",
          "[encounter]") {
  Fight fight;
  const auto second = fight.problem(platemail("", "width = 4, height = 4,\n    walls = { { 'A1', 'A9' } }"));
  CHECK_THAT(second.message, Catch::Matchers::StartsWith("encounter.map.walls[1][2]: there is no cell A9"));
  CHECK((second.where.line == 4 && second.where.column == 23));

  const auto first =
      fight.problem(platemail("", "width = 4, height = 4,\n    walls = { { 'A1', 'A2' }, { 'A9', 'A1' } }"));
  CHECK_THAT(first.message, Catch::Matchers::StartsWith("encounter.map.walls[2][1]: there is no cell A9"));
  CHECK((first.where.line == 4 && first.where.column == 33));

  const auto between = fight.problem(
      platemail("", "width = 4, height = 4,\n    borders = { { between = { 'A1', 'A9' }, door = 'open' } }"));
  CHECK_THAT(between.message, Catch::Matchers::StartsWith("encounter.map.borders[1].between[2]: there is no cell A9"));
  CHECK((between.where.line == 4 && between.where.column == 37));

  // A border without its cells is told at its own table, not at the border before.
  const auto apart = fight.problem(platemail(
      "", "width = 4, height = 4,\n    borders = { { between = { 'A1', 'A2' } },\n      { door = 'open' } }"));
  CHECK(apart.message == "encounter.map.borders[2]: 'between' is missing");
  CHECK((apart.where.line == 5 && apart.where.column == 7));
}

TEST_CASE("an edge or a cell the map is given twice, however spelt, is refused at the second, naming the first",
          "[encounter]") {
  Fight fight;
  // A wall and a border on one edge: the map holds one border an edge, so the wall would be lost.
  const auto wall_and_border = fight.problem(platemail(
      "", "width = 5, height = 5,\n    walls = { { 'C3', 'C4' } },\n"
          "    borders = { { between = { 'C3', 'C4' }, name = 'old fence' } }"));
  CHECK(wall_and_border.message ==
        "encounter.map.borders[1]: the edge between C3 and C4 is given twice, first by encounter.map.walls[1] (line "
        "4): an edge holds one border, and one of the two would be lost");
  CHECK((wall_and_border.where.line == 5 && wall_and_border.where.column == 19));

  // The same edge with its cells the other way round.
  const auto reversed = fight.problem(platemail(
      "", "width = 5, height = 5,\n    borders = { { between = { 'C3', 'C4' }, door = 'open', name = 'gate' },\n"
          "      { between = { 'C4', 'C3' }, name = 'arch' } }"));
  CHECK_THAT(reversed.message,
             Catch::Matchers::StartsWith("encounter.map.borders[2]: the edge between C3 and C4 is given twice, first "
                                         "by encounter.map.borders[1] (line 4)"));
  CHECK((reversed.where.line == 5 && reversed.where.column == 9));
  const auto walls =
      fight.problem(platemail("", "width = 5, height = 5,\n    walls = { { 'C3', 'C4' }, { 'c4', 'c3' } }"));
  CHECK_THAT(walls.message,
             Catch::Matchers::StartsWith("encounter.map.walls[2]: the edge between C3 and C4 is given twice"));
  CHECK((walls.where.line == 4 && walls.where.column == 31));

  // `c3` and `C3` are two keys to Lua but one cell: told at the one written second, either way.
  const auto terrain = fight.problem(platemail(
      "", "width = 5, height = 5,\n    terrain = { c3 = { difficult = true },\n      C3 = { height = 1 } }"));
  CHECK(terrain.message == "encounter.map.terrain[\"C3\"]: the cell C3 is given twice, first by "
                           "encounter.map.terrain[\"c3\"] (line 4): a cell holds one terrain, and one of the two "
                           "would be lost");
  CHECK((terrain.where.line == 5 && terrain.where.column == 7));
  const auto bracketed = fight.problem(platemail(
      "", "width = 5, height = 5,\n    terrain = { C3 = { height = 1 },\n      ['c3'] = { difficult = true } }"));
  CHECK_THAT(bracketed.message,
             Catch::Matchers::StartsWith("encounter.map.terrain[\"c3\"]: the cell C3 is given twice, first by "
                                         "encounter.map.terrain[\"C3\"] (line 4)"));
  CHECK(bracketed.where.line == 5);

  // Data without a text (a pack test's fight.new) has no lines to name: the path alone.
  nlohmann::json data = {{"rules", {"platemail"}}, {"characters", nlohmann::json::array()}};
  data["map"] = {{"width", 3}, {"height", 3}};
  data["map"]["walls"] =
      nlohmann::json::array({nlohmann::json::array({"A1", "A2"}), nlohmann::json::array({"a2", "a1"})});
  std::string told;
  try {
    encounter_from_data(data, "fight.new");
  } catch (const Error& e) {
    told = e.diagnostics().front().message;
  }
  CHECK(told == "encounter.map.walls[2]: the edge between A1 and A2 is given twice, first by encounter.map.walls[1]: "
                "an edge holds one border, and one of the two would be lost");

  // Each once: all kept.
  const Encounter kept = fight.load(fight.write(platemail(
      "", "width = 5, height = 5,\n    walls = { { 'C3', 'C4' } },\n"
          "    borders = { { between = { 'C4', 'C5' }, name = 'old fence' } },\n"
          "    terrain = { c3 = { difficult = true }, D3 = { height = 1 } }")));
  CHECK(kept.grid.borders().size() == 2);
  CHECK(kept.grid.terrain(kept.grid.cell("C3")).difficult);
  CHECK(kept.grid.terrain(kept.grid.cell("D3")).height == 1);
}

TEST_CASE("a terrain mistake is told at its cell's entry, not at a character standing there", "[encounter]") {
  Fight fight;
  // `C3 = …` is a key, not a quoted "C3": the first "C3" in the text is the character's.
  const auto shelter = fight.problem(
      "return {\n  rules = { 'platemail' },\n  map = {\n    width = 5,\n    height = 5,\n"
      "    terrain = { C3 = { shelter = 'covr' } },\n  },\n  characters = {\n"
      "    { name = 'Ana', side = 'a',\n      at = 'C3' },\n  },\n}\n");
  CHECK(shelter.message == "encounter.map.terrain[\"C3\"].shelter: unknown shelter 'covr' (none, cover, "
                           "concealment); did you mean 'cover'?");
  CHECK((shelter.where.line == 6 && shelter.where.column == 24));
}

TEST_CASE("equipment mistakes of characters built in a loop, told at one place, name each character", "[encounter]") {
  Fight fight;
  const auto all = fight.problems(
      "local characters = {}\nfor i, name in ipairs { 'Ana', 'Bo' } do\n"
      "  characters[i] = { name = name, side = 'a', at = 'A' .. i, weapon = 'Axee' }\nend\n"
      "return { rules = { 'platemail' }, map = { width = 5, height = 5 }, characters = characters }\n");
  REQUIRE(all.size() == 2);
  CHECK(all[0].message == "unknown weapon 'Axee' for Ana (did you mean 'Axe'?)");
  CHECK(all[1].message == "unknown weapon 'Axee' for Bo (did you mean 'Axe'?)");
  CHECK((all[1].where.line == 3 && all[1].where.column == 70));
}

TEST_CASE("a field written twice in one table is refused at the second, not told with the value of one at the other",
          "[encounter]") {
  // Lua keeps the last: a stat's mistake was told at the first key's column with the second's value.
  Fight fight;
  const auto twice = fight.problem(
      platemail("    { name = 'Aldric', side = 'a', at = 'A1', stats = { guard = 'On Gard', level = 1, guard = 'Bund' } },\n"));
  CHECK(twice.message == "encounter.characters[1].stats.guard is given twice, first at line 5, column 57: a table "
                         "holds a field once, and the first would be lost");
  CHECK((twice.where.line == 5 && twice.where.column == 87));
  // Written with brackets, it is the same field.
  const auto bracketed = fight.problem(platemail("    { name = 'Aldric', side = 'a', at = 'A1', ['side'] = 'b' },\n"));
  CHECK(bracketed.message == "encounter.characters[1].side is given twice, first at line 5, column 24: a table holds "
                             "a field once, and the first would be lost");
}

TEST_CASE("a field written beside a list's items is refused where written, not lost", "[encounter]") {
  Fight fight;
  const auto stray = fight.problem(platemail("    { name = 'Aldric', side = 'a', at = 'A1' },\n"
                                             "    wepon = 'Sword',\n"));
  CHECK(stray.message == "encounter.characters is a list: the field 'wepon' beside its items would be lost (an "
                         "item's fields go inside its { … })");
  CHECK((stray.where.line == 6 && stray.where.column == 5));

  const auto in_a_wall =
      fight.problem(platemail("", "width = 4, height = 4,\n    walls = { { 'A1', 'A2', door = 'open' } }"));
  CHECK_THAT(in_a_wall.message,
             Catch::Matchers::StartsWith("encounter.map.walls[1] is a list: the field 'door' beside its items"));
  CHECK((in_a_wall.where.line == 4 && in_a_wall.where.column == 29));

  const auto numbered = fight.problem(platemail("    { name = 'Aldric', side = 'a', at = 'A1' },\n"
                                                "    [3] = { name = 'Orc', side = 'b', at = 'B2' },\n"));
  CHECK_THAT(numbered.message, Catch::Matchers::StartsWith("encounter.characters is a list: the field [3] beside"));
  CHECK(numbered.where.line == 4);

  // Of two, the same one every run (Lua's own order changes from run to run): the first by name.
  const auto two = fight.problem(platemail("    { name = 'Aldric', side = 'a', at = 'A1' },\n"
                                           "    wepon = 'Sword', armr = 'Leather',\n"));
  CHECK_THAT(two.message, Catch::Matchers::StartsWith("encounter.characters is a list: the field 'armr' beside"));
  CHECK((two.where.line == 6 && two.where.column == 22));
}

TEST_CASE("an encounter table that holds itself is refused at once", "[encounter]") {
  // Twice in itself: walking every way down it to a depth limit would take 2^33 steps.
  Fight fight;
  const auto looped = fight.problem(
      "local t = {}\nt.a, t.b = t, t\nreturn { rules = { 'platemail' }, map = { width = 4, height = 3 },\n"
      "  characters = { { name = 'Aldric', side = 'a', at = 'A1', notes = t } } }\n");
  CHECK(looped.message == "an encounter is plain data: encounter.characters[1].notes.a is "
                          "encounter.characters[1].notes again, a table that holds itself");
}

TEST_CASE("a pack of the rules that is not a name is told at itself", "[encounter]") {
  Fight fight;
  const auto number = fight.problem("return {\n  rules = { 'platemail',\n    3 },\n  map = { width = 2, height = 2 },\n"
                                    "  characters = {},\n}\n");
  CHECK(number.message == "encounter.rules[2]: expected a string, found 3");
  CHECK((number.where.line == 3 && number.where.column == 5));
}

TEST_CASE("a string of an encounter that is not text is refused where written, not cut short at a NUL byte",
          "[encounter][text]") {
  // "tempo\0x" would load tempo and "A\0B" name a character "A"; bytes that are not UTF-8 could
  // not be saved.
  Fight fight;
  const auto rules = fight.problem("return {\n  rules = {\n    'platemail\\0x' },\n  map = { width = 2, height = 2 },\n"
                                   "  characters = {},\n}\n");
  CHECK(rules.message == "encounter.rules[1]: the string \"platemail\\x00x\" holds a NUL byte (byte 10), where a text "
                         "would be cut short");
  CHECK((rules.where.line == 3 && rules.where.column == 5));
  const auto name = fight.problem(platemail("    { side = 'players',\n      name = 'A\\0B', at = 'A1' },\n"));
  CHECK(name.message == "encounter.characters[1].name: the string \"A\\x00B\" holds a NUL byte (byte 2), where a "
                        "text would be cut short");
  CHECK((name.where.line == 6 && name.where.column == 7));
  const auto side = fight.problem(platemail("    { name = 'A', side = 'a\\xff', at = 'A1' },\n"));
  CHECK(side.message == "encounter.characters[1].side: the string \"a\\xff\" is not UTF-8 text: byte 2 is 0xFF");
  const auto key = fight.problem(platemail("    { name = 'A', side = 'a', at = 'A1', stats = { ['luck\\xff'] = 1 } },\n"));
  CHECK(key.message == "encounter.characters[1].stats.luck\\xff: the field name \"luck\\xff\" is not UTF-8 text: byte "
                       "5 is 0xFF");
  CHECK(key.where.line == 5);
}

TEST_CASE("a whole number a stat cannot keep exactly is refused where written", "[encounter]") {
  Fight fight;
  const auto big = fight.problem(platemail("    { name = 'Aldric', side = 'players', at = 'A1',\n"
                                           "      stats = { strength = 9007199254740993 } },\n"));
  CHECK_THAT(big.message, Catch::Matchers::Contains("a whole number is kept exactly from -9007199254740992 to "
                                                     "9007199254740992 (2^53), not 9007199254740993"));
  CHECK(big.where.line == 6);
  // Written as a float (2^60 is one in Lua), or under a kind that takes any number, it is no
  // more exact: refused at its own line, whatever the stat's kind.
  for (const std::string stat : {"strength = 2^60", "size = -2^60", "luck = 1e300"}) {
    INFO(stat);
    const auto floated = fight.problem(platemail("    { name = 'Aldric', side = 'players', at = 'A1', stats = {\n"
                                                 "        wounds = 0,\n"
                                                 "        " + stat + " } },\n"));
    CHECK_THAT(floated.message, Catch::Matchers::Contains("a whole number is kept exactly from -9007199254740992 to "
                                                          "9007199254740992 (2^53), not "));
    CHECK(floated.where.line == 7);
  }
  CHECK_THAT(fight.problem(platemail("    { name = 'A', side = 'a', at = 'A1', stats = { strength = 2^60 } },\n")).message,
             Catch::Matchers::EndsWith("not 1152921504606846976"));
  // 2^53 itself, as a float too, is kept.
  Fight exact;
  CHECK_NOTHROW(exact.load(exact.write(platemail("    { name = 'A', side = 'a', at = 'A1', stats = { strength = 2^53, "
                                                 "size = -2.0^53 } },\n"))));
}

TEST_CASE("two names a sheet cannot tell apart, differing only in case, are refused at the second naming the first",
          "[encounter]") {
  Fight fight;
  const auto twice = fight.problem(platemail("    { name = 'Orc', side = 'orcs', at = 'A1' },\n"
                                             "    { name = 'ORC', side = 'orcs', at = 'B2' },\n"));
  CHECK(twice.message == "encounter.characters[2]: 'ORC' is the name 'Orc' (line 5) to an order sheet, which reads "
                         "names without regard to case: give each character a name of its own");
  CHECK((twice.where.line == 6 && twice.where.column == 14));
  // Nor to the blanks between words: "Orc  Brute" is Orc Brute to a sheet.
  const auto blanks = fight.problem(platemail("    { name = 'Orc Brute', side = 'orcs', at = 'A1' },\n"
                                              "    { name = 'Orc  Brute', side = 'orcs', at = 'B2' },\n"));
  CHECK(blanks.message == "encounter.characters[2]: 'Orc  Brute' is the name 'Orc Brute' (line 5) to an order "
                          "sheet, which reads names without regard to the blanks between words: give each character a "
                          "name of its own");
  // docs/orders.md: names are matched "without regard to … how an apostrophe is typed …, to how an
  // accent is written": the reason told is the one that joins them, not case.
  const auto accent = fight.problem(platemail("    { name = 'Zo\xC3\xAB', side = 'a', at = 'A1' },\n"
                                              "    { name = 'Zoe\xCC\x88', side = 'a', at = 'B2' },\n"));
  CHECK_THAT(accent.message, Catch::Matchers::EndsWith("which reads names without regard to how an accent is written: "
                                                       "give each character a name of its own"));
  const auto apostrophe = fight.problem(platemail("    { name = \"O'Brien\", side = 'a', at = 'A1' },\n"
                                                  "    { name = 'o\xE2\x80\x99" "brien', side = 'a', at = 'B2' },\n"));
  CHECK_THAT(apostrophe.message, Catch::Matchers::EndsWith("which reads names without regard to case or how an "
                                                           "apostrophe is typed: give each character a name of its own"));
  CHECK((apostrophe.where.line == 6 && apostrophe.where.column == 14));
  // A name of blanks alone no sheet could write.
  CHECK_THAT(fight.problem(platemail("    { name = '  ', side = 'orcs', at = 'A1' },\n")).message,
             Catch::Matchers::Contains("a character needs a name, not only blanks"));
  // A leading "the" keeps names apart: a name as written comes first (docs/orders.md).
  CHECK(fight.load(fight.write(platemail("    { name = 'Baron', side = 'orcs', at = 'A1' },\n"
                                         "    { name = 'The Baron', side = 'orcs', at = 'B2' },\n")))
            .characters.size() == 2);
  // A copy is not named as a written name in another case.
  const Encounter copies = fight.load(fight.write(platemail("    { name = 'Orc', side = 'orcs', at = 'A1', count = 2 },\n"
                                                            "    { name = 'ORC #2', side = 'orcs', at = 'D3' },\n")));
  CHECK(copies.characters[1].name == "Orc #3");
}

TEST_CASE("an equipment slot written in the stats is checked as the field is, at its value, and refused given both "
          "ways",
          "[encounter]") {
  // docs/encounters.md: a wrong value "is refused where it is written … rather than stopping the
  // fight halfway in the ruleset's code". `stats = { shield = "Sheild" }` passed, and the fight
  // stopped at the rules' lookup of the shield; a save of it could not be resumed.
  Fight fight;
  const auto all = fight.problems(platemail(
      "    { name = 'Ana', side = 'a', at = 'A1', weapon = 'Axe', stats = { shield = 'Sheild', weapon = 'Sword' } },\n"
      "    { name = 'Bo', side = 'b', at = 'B1', stats = { armor = 5, stowed = 'Swrod' } },\n"));
  REQUIRE(all.size() == 4);
  CHECK(all[0].message == "unknown shield 'Sheild' for Ana (did you mean 'Shield'?)");
  CHECK((all[0].where.line == 5 && all[0].where.column == 79));
  CHECK(all[1].message == "Ana's weapon is given twice: as weapon (line 5) and as stats.weapon, and one would be "
                          "lost: give it once");
  CHECK((all[1].where.line == 5 && all[1].where.column == 89));
  CHECK(all[2].message == "Bo's armor must name a row of the 'armor' table, like \"Chain Mail\"");
  CHECK((all[2].where.line == 6 && all[2].where.column == 53));
  CHECK(all[3].message == "unknown stowed 'Swrod' for Bo (did you mean 'Sword'?)");
  CHECK((all[3].where.line == 6 && all[3].where.column == 73));
  // A row named in the stats is the stat the field would give.
  const Encounter good = fight.load(fight.write(platemail("    { name = 'Cy', side = 'a', at = 'A1', stats = { shield = 'Shield' } },\n")));
  CHECK(make_world(good).find("Cy").stats == Properties{{"shield", "Shield"}});
}

TEST_CASE("a character built by a function is told at itself, not at the next character's field", "[encounter]") {
  // docs/encounters.md: what is computed "is shown at the nearest place written".
  Fight fight;
  const std::string orcs = "local function orc(n, cell)\n"
                           "  return { name = 'Orc ' .. n, side = 'orcs', at = cell, weapon = 'Axx' }\n"
                           "end\n"
                           "return {\n  rules = { 'platemail' },\n  map = { width = 4, height = 4 },\n"
                           "  characters = {\n"
                           "    orc(1, 'A1'),\n"
                           "    orc(2, ";
  const auto crowded = fight.problem(orcs + "'A1'),\n    { name = 'Ana', side = 'a', at = 'B3' },\n  },\n}\n");
  CHECK(crowded.message == "Orc 1 and Orc 2 both stand in A1: one character to a cell");
  CHECK((crowded.where.line == 9 && crowded.where.column == 12));  // at its `'A1'`, not Ana's `at`
  const auto armed = fight.problems(orcs + "'A2'),\n    { name = 'Ana', side = 'a', at = 'B3', weapon = 'Axe' },\n  },\n}\n");
  REQUIRE(armed.size() == 2);
  CHECK(armed[0].message == "unknown weapon 'Axx' for Orc 1 (did you mean 'Axe'?)");
  CHECK((armed[0].where.line == 8 && armed[0].where.column == 5));  // at `orc(1, 'A1')`, not at Ana's name
  CHECK((armed[1].where.line == 9 && armed[1].where.column == 5));
}

TEST_CASE("a border's or a cell's amount that cannot be negative is refused at its field", "[encounter]") {
  // docs/world.md: `movement_limit` "per turn", `extra_cost` "added to a path's cost", a
  // `shelter_strength` is the object's effectiveness: none is below 0. A negative extra cost was
  // told with no file, line or column, and the others were taken.
  Fight fight;
  const auto all = fight.problems(platemail(
      "    { name = 'Ana', side = 'a', at = 'A1' },\n",
      "width = 4, height = 3,\n"
      "    borders = { { between = { 'A1', 'A2' }, extra_cost = -5 }, { between = { 'B1', 'B2' }, movement_limit = -1 } },\n"
      "    terrain = { C3 = { object = 'tree', shelter = 'cover', shelter_strength = -1 } }"));
  REQUIRE(all.size() == 3);
  CHECK(all[0].message == "encounter.map.borders[1].extra_cost: must be 0 or more (the cost it adds to a path that "
                          "crosses it), not -5");
  CHECK((all[0].where.line == 4 && all[0].where.column == 45));
  CHECK(all[1].message == "encounter.map.borders[2].movement_limit: must be 0 or more (how many may cross it a turn, "
                          "0 for no limit), not -1");
  CHECK((all[1].where.line == 4 && all[1].where.column == 92));
  CHECK(all[2].message == "encounter.map.terrain[\"C3\"].shelter_strength: must be 0 or more (how strong its cover or "
                          "concealment is), not -1");
  CHECK((all[2].where.line == 5 && all[2].where.column == 60));
}

TEST_CASE("a border's crossing challenge or toughness below 0 is refused at its field", "[encounter]") {
  // docs/world.md: `crossing_challenge` "2 meter jump 3, rope swing 4" (the roll needed to cross),
  // `toughness` "regular door 2, stone wall 6" (what it takes to break through): neither is below 0.
  // Both were taken as written and handed to the ruleset.
  Fight fight;
  const auto all = fight.problems(platemail(
      "    { name = 'Ana', side = 'a', at = 'A1' },\n",
      "width = 4, height = 3,\n"
      "    borders = { { between = { 'A1', 'A2' }, crossing_challenge = -3 }, { between = { 'B1', 'B2' }, toughness = -2 } }"));
  REQUIRE(all.size() == 2);
  CHECK(all[0].message == "encounter.map.borders[1].crossing_challenge: must be 0 or more (the roll needed to cross it), "
                          "not -3");
  CHECK((all[0].where.line == 4 && all[0].where.column == 45));
  CHECK(all[1].message == "encounter.map.borders[2].toughness: must be 0 or more (what it takes to break through), "
                          "not -2");
  CHECK((all[1].where.line == 4 && all[1].where.column == 100));
}

TEST_CASE("two characters in one cell are told with the file's other mistakes, in one reading", "[encounter]") {
  // docs/encounters.md: "first the file's own (every … character with a mistake)".
  Fight fight;
  const auto all = fight.problems(platemail("    { name = 'Ana', side = 'a', at = 'A1' },\n"
                                            "    { name = 'ana', side = 'b', at = 'B1' },\n"
                                            "    { name = 'Bo', side = 'b', at = 'A1' },\n"
                                            "    { name = 'Cy', side = 'c', at = 'Z9' },\n"
                                            "    { name = 'Di', side = 'c', at = 'C1', count = 0 },\n"));
  std::vector<std::tuple<int, int, std::string>> told;
  for (const Diagnostic& d : all) told.emplace_back(d.where.line, d.where.column, d.message.substr(0, d.message.find(';')));
  CHECK(told == std::vector<std::tuple<int, int, std::string>>{
                    {6, 14, "encounter.characters[2]: 'ana' is the name 'Ana' (line 5) to an order sheet, which reads "
                            "names without regard to case: give each character a name of its own"},
                    {7, 37, "Ana and Bo both stand in A1: one character to a cell"},
                    {8, 37, "there is no cell Z9 on this 4×3 grid (A1..D3)"},
                    {9, 43, "Di's count must be from 1 to 1000, not 0"}});
}

TEST_CASE("a character written onto an impassable cell is refused at its cell", "[encounter]") {
  // docs/encounters.md: a count's copies "stand in the free cells" (never an impassable one);
  // one written there could not stand there either.
  Fight fight;
  const auto told = fight.problem(platemail("    { name = 'Ana', side = 'a', at = 'A1' },\n",
                                            "width = 4, height = 3, terrain = { A1 = { impassable = true } }"));
  CHECK(told.message == "Ana cannot stand in A1: its terrain is impassable");
  CHECK((told.where.line == 5 && told.where.column == 38));
}

TEST_CASE("an empty side is refused, and sides that differ only in case, blanks or a letter are warned of",
          "[encounter]") {
  // The rules compare sides exactly: "party" and "Party" are two sides, enemies of each other, and
  // a Full Attack on the closest enemy took an ally. Kept exact (they may be meant), but warned.
  Fight fight;
  const auto empty = fight.problem(platemail("    { name = 'Ana', side = '', at = 'A1' },\n"));
  CHECK(empty.message == "Ana's side is empty: a side is a name, the same for allies, like side = \"players\"");
  CHECK((empty.where.line == 5 && empty.where.column == 28));

  const Encounter near = fight.load(fight.write(platemail("    { name = 'Ana', side = 'party', at = 'A1' },\n"
                                                          "    { name = 'Cy', side = 'Party', at = 'B1' },\n"
                                                          "    { name = 'Di', side = 'pary', at = 'C1' },\n"
                                                          "    { name = 'Ed', side = 'Party', at = 'D1' },\n"
                                                          "    { name = 'Fa', side = 'team1', at = 'A2' },\n"
                                                          "    { name = 'Gu', side = 'team2', at = 'B2' },\n")));
  REQUIRE(near.warnings.size() == 2);
  CHECK(near.warnings[0].message == "side 'Party' differs from side 'party' (line 5) only by case: two sides, enemies "
                                    "of each other; write one spelling if they are allies");
  CHECK((near.warnings[0].where.line == 6 && near.warnings[0].where.column == 27));
  CHECK(near.warnings[1].message == "side 'pary' differs from side 'party' (line 5) by one letter: two sides, enemies "
                                    "of each other; write one spelling if they are allies");
  CHECK((near.warnings[1].where.line == 7 && near.warnings[1].where.column == 27));
  CHECK(near.characters[1].side == "Party");  // still a side of its own
}

TEST_CASE("a pack named with a version, or a misspelt or a folder of packs, is told what to write", "[encounter]") {
  // docs/packs.md: a version needed is written in a manifest's `requires` ("platemail >= 1.0, < 2").
  Fight fight;
  for (const std::string written : {"platemail@1.2.0", "platemail>=1.2", "platemail >= 1.0"}) {
    const auto versioned = fight.problem("return {\n  rules = { '" + written +
                                         "' },\n  map = { width = 2, height = 2 },\n  characters = {},\n}\n");
    INFO(written);
    CHECK(versioned.message == "no pack named '" + written + "' was found");
    CHECK((versioned.where.line == 2 && versioned.where.column == 13));
    REQUIRE(versioned.notes.size() >= 2);
    CHECK(versioned.notes[0] == "did you mean 'platemail'?");
    CHECK(versioned.notes[1] == "a pack is named without a version: the versions a pack needs are written in its "
                                "manifest's `requires` (\"platemail >= 1.0\", docs/packs.md)");
  }
  // A folder: the nearest pack beside it, and a folder of packs is not one.
  fs::create_directories(fight.dir.path / "packs/my-house");
  std::ofstream(fight.dir.path / "packs/my-house/pack.lua") << "return { name = 'my-house', version = '1.0.0', api = 2 }\n";
  const auto misspelt = fight.problem("return {\n  rules = { 'platemail', 'packs/my-hose' },\n"
                                      "  map = { width = 2, height = 2 },\n  characters = {},\n}\n");
  CHECK_THAT(misspelt.message, Catch::Matchers::EndsWith("is the folder that holds its pack.lua (did you mean " +
                                                         (fight.dir.path / "packs/my-house").string() + "?)"));
  CHECK((misspelt.where.line == 2 && misspelt.where.column == 26));
  const auto folder = fight.problem("return {\n  rules = { 'platemail', './packs' },\n"
                                    "  map = { width = 2, height = 2 },\n  characters = {},\n}\n");
  CHECK_THAT(folder.message, Catch::Matchers::Contains("the folder holds no pack.lua"));
  REQUIRE(folder.notes.size() == 1);
  CHECK_THAT(folder.notes[0], Catch::Matchers::EndsWith("is a folder of packs (my-house): name one of them, or give it "
                                                        "with --pack-path to find them by name"));
}
