#include "interpreter/core/output_file.hpp"
#include "interpreter/core/snapshot.hpp"

#include <unistd.h>

#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/movement.hpp"
#include "interpreter/core/path_text.hpp"
#include "interpreter/core/rng.hpp"
#include "interpreter/core/statuses.hpp"
#include "tests/support/errors.hpp"

using namespace arbiter;
namespace fs = std::filesystem;

namespace {

StatusBook fight_statuses() {
  StatusBook book;
  book.define({.name = "Poisoned", .stacking = Stacking::Stack, .max_stacks = 3, .unit = DurationUnit::Turns,
               .duration = 3, .modifiers = {{"attack", -1, "Poisoned"}}});
  book.define({.name = "Bound", .unit = DurationUnit::Turns, .duration = 1, .expires_at = ClockEdge::Start,
               .clock = ClockOwner::Source});
  book.define({.name = "Pinned", .allows = {"Escape"}});
  return book;
}

// Heimr's 3×3 location grid mid-fight: a door already crossed once this turn, a wall, a jump,
// mud, a tree on a hill, and three characters with statuses part-way through their durations.
SavedState fight_in_progress(const StatusBook& book, EventLog& log) {
  Grid grid(3, 3, 5, Metric::Manhattan);
  grid.set_border(grid.cell("A1"), grid.cell("A2"),
                  Border{.name = "single door", .movement_limit = 2, .toughness = 2, .door = DoorState::Open});
  grid.set_border(grid.cell("B2"), grid.cell("C2"),
                  Border{.name = "stone wall", .blocks_movement = true, .blocks_sight = true, .toughness = 6});
  grid.set_border(grid.cell("B2"), grid.cell("B3"),
                  Border{.name = "2 meter jump", .crossing_challenge = 3, .properties = {{"drop", 2}, {"wet", true}}});
  grid.set_terrain(grid.cell("B1"), Terrain{.name = "mud", .difficult = true});
  grid.set_terrain(grid.cell("C3"), Terrain{.name = "hill", .height = 1, .object = "thick tree",
                                            .shelter = Shelter::Concealment, .shelter_strength = 2});
  World world(std::move(grid));
  const EntityId aldric = world.add(Entity{.name = "Aldric", .side = "party", .position = {0, 1},
                                           .stats = {{"wounds", 1}, {"weapon", "Spear"}, {"tags", Value::List{"human", 3.5}}}}).id;
  const EntityId orc = world.add(Entity{.name = "Orc", .side = "orcs", .position = {1, 1}, .stats = {{"wounds", 0}}}).id;
  world.add(Entity{.name = "Orc #2", .side = "orcs", .position = {2, 2}});
  world.traffic()[world.grid().edge({0, 0}, {0, 1})] = BorderUse{1, aldric};

  log.set_position({2, 1, 3});
  Statuses statuses(world, book, log);
  statuses.apply(aldric, "Poisoned", {.cause = "orc dart"});
  statuses.apply(aldric, "Poisoned", {.cause = "orc dart"});
  statuses.tick({ClockEdge::End, DurationUnit::Turns, aldric});
  statuses.apply(orc, "Bound", {.source = aldric, .duration = std::nullopt, .cause = "bind"});
  statuses.apply(orc, "Pinned", {.source = aldric, .duration = std::nullopt, .cause = "pin"});
  Rng dice(20261121);
  for (int roll = 0; roll < 5; ++roll) dice.below(20);  // the rolls made before the save
  return SavedState{std::move(world), log.position(), dice.to_json()};
}

// The rest of the turn, the same way on whichever copy of the fight it is given; the dice come
// from the generator saved with the fight. Returns the d20s rolled.
std::vector<std::uint64_t> continue_fight(SavedState& state, const StatusBook& book, EventLog& log) {
  Rng dice = Rng::from_json(state.rng);
  std::vector<std::uint64_t> d20s;
  for (int roll = 0; roll < 8; ++roll) d20s.push_back(dice.below(20) + 1);
  state.rng = dice.to_json();
  Statuses statuses(state.world, book, log);
  statuses.tick({ClockEdge::Start, DurationUnit::Turns, 1});
  statuses.tick({ClockEdge::End, DurationUnit::Turns, 1});
  statuses.apply(3, "Poisoned", {.cause = "splash"});
  const Mover orc_two{.id = 3, .name = "Orc #2", .side = "orcs", .start = {2, 2}, .path = {{2, 1}, {2, 0}}};
  const auto moved = resolve_movement(state.world.grid(), std::span(&orc_two, 1), state.world.traffic());
  state.world.get(3).position = moved.positions.front();
  return d20s;
}

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("arbiter-snapshot-test-" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
};

std::string read(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("a fight with statuses mid-duration saves and loads identical", "[snapshot]") {
  const StatusBook book = fight_statuses();
  EventLog log;
  const SavedState original = fight_in_progress(book, log);
  const TempDir dir;
  save_state(dir.path / "fight.json", original);
  const SavedState loaded = load_state(dir.path / "fight.json");
  CHECK(loaded == original);
  CHECK(state_to_json(loaded) == state_to_json(original));
  CHECK(loaded.world.get(1).status("Poisoned")->remaining == 2);
  CHECK(loaded.world.get(1).status("Poisoned")->stacks == 2);
  CHECK(loaded.rng == original.rng);
  CHECK(Rng::from_json(loaded.rng).next() == Rng::from_json(original.rng).next());
  CHECK(fs::directory_iterator(dir.path)->path().filename() == "fight.json");  // no temporary left behind
}

TEST_CASE("a loaded fight continues exactly as the original does", "[snapshot]") {
  const StatusBook book = fight_statuses();
  EventLog original_log;
  SavedState original = fight_in_progress(book, original_log);
  const TempDir dir;
  save_state(dir.path / "fight.json", original);
  SavedState loaded = load_state(dir.path / "fight.json");

  EventLog after_original, after_loaded;
  after_original.set_position(original.flow);
  after_loaded.set_position(loaded.flow);
  const auto rolls_original = continue_fight(original, book, after_original);
  const auto rolls_loaded = continue_fight(loaded, book, after_loaded);
  CHECK(rolls_loaded == rolls_original);  // the same dice after the load as without it
  CHECK(loaded == original);
  CHECK(after_loaded.events() == after_original.events());
  CHECK(loaded.world.find("Orc #2").position == loaded.world.grid().cell("C1"));
  CHECK_FALSE(loaded.world.find("Orc").status("Bound"));  // it ended as Aldric's turn began
  CHECK(after_loaded.events().size() == 2);  // Bound expired, Orc #2 poisoned
}

TEST_CASE("last intents save and load identical, with the way an order wrote and did not follow, a carry and a follow",
          "[snapshot]") {
  const StatusBook book = fight_statuses();
  EventLog log;
  SavedState original = fight_in_progress(book, log);
  const Entity& aldric = original.world.find("Aldric");
  const Entity& orc = original.world.find("Orc");
  original.last_intents[aldric.id] = Intent{.actor = aldric.id, .action = "Rescue", .target = orc.id,
                                            .carries_target = true, .start = aldric.position, .carrying = true};
  original.last_intents[orc.id] = Intent{.actor = orc.id, .action = "Fall Back", .order = "Fall Back 15' W",
                                         .way_not_followed = "15' W", .start = orc.position};

  const nlohmann::json saved = state_to_json(original);
  CHECK(state_from_json(saved, "fight.json") == original);
  const nlohmann::json& last = saved["flow"]["last_intents"];
  // Each written only when there is one: saves of fights without them stay as they were.
  CHECK_FALSE(last[0].contains("way_not_followed"));
  CHECK(last[1]["way_not_followed"] == "15' W");
  CHECK(last[0]["carrying"] == true);
  CHECK_FALSE(last[1].contains("carries_target"));
  CHECK_FALSE(last[1].contains("carrying"));
  CHECK_FALSE(last[1].contains("follow_feet"));
  // A Guard keeps its following with it.
  original.last_intents[aldric.id] =
      Intent{.actor = aldric.id, .action = "Guard", .target = orc.id, .follow_feet = 15, .start = aldric.position};
  const nlohmann::json guarding = state_to_json(original);
  CHECK(guarding["flow"]["last_intents"][0]["follow_feet"] == 15);
  CHECK(state_from_json(guarding, "fight.json") == original);
}

TEST_CASE("a truncated save is refused with the file named and left as it was", "[snapshot][errors]") {
  const StatusBook book = fight_statuses();
  EventLog log;
  const TempDir dir;
  const fs::path file = dir.path / "fight.json";
  save_state(file, fight_in_progress(book, log));
  const std::string whole = read(file);
  std::ofstream(file, std::ios::binary | std::ios::trunc) << whole.substr(0, whole.size() / 2);
  const std::string truncated = read(file);
  CHECK(error_message([&] { load_state(file); }) ==
        "damaged or truncated: its JSON ends unfinished, after " +
            std::to_string(truncated.size()) + " bytes");
  CHECK(read(file) == truncated);
  std::ofstream(file, std::ios::binary | std::ios::trunc) << "{\"format\": }";
  CHECK(error_message([&] { load_state(file); }) ==
        "damaged: it is not valid JSON (at byte 12 of 12)");
  // A number past a double's range escaped as an internal error, the library's exception.
  for (const std::string& number : std::vector<std::string>{"1e999", "-1e999", std::string(400, '9')}) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << "{\"format\": " + number + "}";
    CHECK(error_message([&] { load_state(file); }) ==
          fmt::format("damaged: it is not valid JSON (at byte {} of {}: a number too large to read)",
                      11 + number.size(), 12 + number.size()));
  }
  std::ofstream(file, std::ios::binary | std::ios::trunc).flush();
  CHECK(error_message([&] { load_state(file); }) ==
        "the file is empty (a save interrupted before it was written?)");
  CHECK_THAT(error_message([&] { load_state(dir.path / "missing.json"); }), Catch::Contains("cannot read"));
}

TEST_CASE("a save's problem is told at the save: its file, and its line and column where the reading knows them",
          "[snapshot][errors]") {
  const TempDir dir;
  const fs::path file = dir.path / "fight.json";
  const auto refusal = [&](const std::string& text) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
    try {
      load_state(file);
    } catch (const Error& e) {
      return e.diagnostics().front();
    }
    FAIL("expected the save to be refused");
    return Diagnostic{};
  };
  // Not JSON: the byte the parser stopped at, the "}" at line 2, column 12 (byte 13, after "{\n").
  const Diagnostic damaged = refusal("{\n \"format\": }");
  CHECK(damaged.where.file == file.string());
  CHECK((damaged.where.line == 2 && damaged.where.column == 12));
  CHECK(damaged.source_line == " \"format\": }");
  // A number too large: its last digit, line 3.
  const Diagnostic too_large = refusal("{\n\n\"format\": 1e999}");
  CHECK(too_large.where.file == file.string());
  CHECK((too_large.where.line == 3 && too_large.where.column == 15));
  // Cut short: its end.
  const Diagnostic cut = refusal("{\"format\": \"arbiter-state\",\n");
  CHECK((cut.where.line == 2 && cut.where.column == 1));
  // What is wrong in JSON that reads is told by its path in the document, at the file.
  const Diagnostic foreign = refusal("{\"notes\": []}\n");
  CHECK(foreign.where.file == file.string());
  CHECK(foreign.where.line == 0);
  CHECK(foreign.message == "this is not an Arbiter saved state (no \"format\": \"arbiter-state\")");
  CHECK(refusal("").where.file == file.string());
}

TEST_CASE("newer, foreign and damaged documents are refused with what is wrong", "[snapshot][errors]") {
  const StatusBook book = fight_statuses();
  EventLog log;
  nlohmann::json json = state_to_json(fight_in_progress(book, log));
  nlohmann::json newer = json;
  newer["version"] = state_format_version + 1;
  CHECK(error_message([&] { state_from_json(newer, "fight.json"); }) ==
        "saved by a newer Arbiter (format version " + std::to_string(state_format_version + 1) +
            "; this one reads versions up to " + std::to_string(state_format_version) + ")");
  CHECK(error_message([&] { state_from_json(nlohmann::json{{"hp", 3}}, "notes.json"); }) ==
        "this is not an Arbiter saved state (no \"format\": \"arbiter-state\")");
  nlohmann::json bad_cell = json;
  bad_cell["world"]["characters"][1]["cell"] = "Z9";
  CHECK(error_message([&] { state_from_json(bad_cell, "fight.json"); }) ==
        "not a valid saved state: state.world.characters[1].cell: there is no cell Z9 on this 3×3 grid "
        "(A1..C3); did you mean C3?");
  // A place that is no text at all is told once, not with its path twice.
  nlohmann::json number_cell = json;
  number_cell["world"]["characters"][1]["cell"] = 99;
  CHECK(error_message([&] { state_from_json(number_cell, "fight.json"); }) ==
        "not a valid saved state: state.world.characters[1].cell: expected a string, found 99");
  nlohmann::json missing = json;
  missing["world"]["grid"].erase("scale");
  CHECK(error_message([&] { state_from_json(missing, "fight.json"); }) ==
        "not a valid saved state: state.world.grid: 'scale' is missing");
  nlohmann::json wrong_type = json;
  wrong_type["world"]["characters"][0]["statuses"][0]["remaining"] = "two";
  CHECK(error_message([&] { state_from_json(wrong_type, "fight.json"); }) ==
        "not a valid saved state: state.world.characters[0].statuses[0].remaining: expected a whole "
        "number, found \"two\"");
  nlohmann::json same_name = json;
  same_name["world"]["characters"][2]["name"] = "Orc";
  CHECK_THAT(error_message([&] { state_from_json(same_name, "fight.json"); }),
             Catch::Contains("there is already a character named 'Orc'"));
}

TEST_CASE("an edited save is refused: no generator, a negative round, a status without a stack", "[snapshot][errors]") {
  const StatusBook book = fight_statuses();
  EventLog log;
  const nlohmann::json json = state_to_json(fight_in_progress(book, log));
  nlohmann::json no_rng = json;
  no_rng.erase("rng");
  CHECK(error_message([&] { state_from_json(no_rng, "fight.json"); }) ==
        "not a valid saved state: state: 'rng' is missing");
  nlohmann::json negative = json;
  negative["flow"]["round"] = -1;
  CHECK(error_message([&] { state_from_json(negative, "fight.json"); }) ==
        "not a valid saved state: state.flow.round: cannot be negative");
  nlohmann::json unstacked = json;
  unstacked["world"]["characters"][0]["statuses"][0]["stacks"] = -3;
  CHECK(error_message([&] { state_from_json(unstacked, "fight.json"); }) ==
        "not a valid saved state: state.world.characters[0].statuses[0].stacks: a status has at least 1 "
        "stack");
  nlohmann::json crowded = json;
  crowded["world"]["characters"][1]["cell"] = crowded["world"]["characters"][0]["cell"];
  CHECK_THAT(error_message([&] { state_from_json(crowded, "fight.json"); }),
             Catch::StartsWith("not a valid saved state: state.world.characters: ") &&
                 Catch::EndsWith(": one character to a cell"));
  // An edge or a cell listed twice, however spelt: the world holds one border, terrain or traffic
  // count for it, and the other would be lost.
  nlohmann::json two_doors = json;
  two_doors["world"]["grid"]["borders"].push_back(two_doors["world"]["grid"]["borders"][0]);
  two_doors["world"]["grid"]["borders"][3]["between"] = nlohmann::json::array({"a2", "A1"});
  CHECK(error_message([&] { state_from_json(two_doors, "fight.json"); }) ==
        "not a valid saved state: state.world.grid.borders[3]: the edge between A1 and A2 is listed twice, "
        "first as state.world.grid.borders[0]: one of the two would be lost");
  nlohmann::json two_muds = json;
  two_muds["world"]["grid"]["terrain"].push_back(two_muds["world"]["grid"]["terrain"][0]);
  two_muds["world"]["grid"]["terrain"][2]["cell"] = "b1";
  CHECK(error_message([&] { state_from_json(two_muds, "fight.json"); }) ==
        "not a valid saved state: state.world.grid.terrain[2]: the cell B1 is listed twice, first as "
        "state.world.grid.terrain[0]: one of the two would be lost");
  nlohmann::json crossed_twice = json;
  crossed_twice["world"]["border_traffic"].push_back(crossed_twice["world"]["border_traffic"][0]);
  CHECK_THAT(error_message([&] { state_from_json(crossed_twice, "fight.json"); }),
             Catch::StartsWith("not a valid saved state: state.world.border_traffic[1]: the edge between "
                               "A1 and A2 is listed twice"));
  nlohmann::json unsaid = json;
  unsaid.erase("played_from");
  CHECK(error_message([&] { state_from_json(unsaid, "fight.json"); }) ==
        "not a valid saved state: state: 'played_from' is missing");
  nlohmann::json older = unsaid;  // version 1 had no such member: it loads, with nothing to compare
  older["version"] = 1;
  CHECK(state_from_json(older, "fight.json").played_from.is_null());
  // Version 3 keeps the definitions the packs changed during the fight: a save that lost them
  // would resume under the rules as the packs load, not as the fight left them.
  nlohmann::json unchanged = json;
  unchanged.erase("definition_changes");
  CHECK(error_message([&] { state_from_json(unchanged, "fight.json"); }) ==
        "not a valid saved state: state: 'definition_changes' is missing");
  unchanged["version"] = 2;  // written before they were kept: none
  CHECK(state_from_json(unchanged, "fight.json").definition_changes == nlohmann::json::array());
}

TEST_CASE("a save's place is checked before the fight, with the system's reason and the path given",
          "[snapshot][errors]") {
  const TempDir dir;
  CHECK(error_message([&] { check_writable(dir.path); }) == dir.path.string() + ": cannot write there: it is a directory");
  const fs::path nowhere = dir.path / "missing" / "fight.json";
  CHECK(error_message([&] { check_writable(nowhere); }) ==
        nowhere.string() + ": cannot write there: the folder " + (dir.path / "missing").string() +
            " takes no new file: No such file or directory");
  // Its modes let root write anywhere, but /proc takes no new file: a fight saved there was played,
  // then lost.
  CHECK_THAT(error_message([&] { check_writable("/proc/version"); }),
             Catch::StartsWith("/proc/version: cannot write there: the folder /proc takes no new file: "));
  check_writable(dir.path / "fight.json");
  // A link would be replaced by the new file, and the file it names left stale.
  std::ofstream(dir.path / "real.json") << "{}";
  fs::create_symlink("real.json", dir.path / "link.json");
  CHECK(error_message([&] { check_writable(dir.path / "link.json"); }) ==
        (dir.path / "link.json").string() +
            ": cannot write there: it is a link (to real.json), which the new file would replace; name the file itself");
  // A device would be replaced by a plain file, and an endless one never read to its end.
  CHECK(error_message([&] { check_writable("/dev/null"); }) ==
        "/dev/null: cannot write there: it is not a plain file (a device, a pipe or a socket)");
  CHECK(error_message([&] { load_state("/dev/zero"); }) ==
        "cannot read: it is not a plain file (a device, a pipe or a socket); a save is a file");
}

TEST_CASE("a save that cannot replace its target leaves the target untouched", "[snapshot][errors]") {
  const StatusBook book = fight_statuses();
  EventLog log;
  const TempDir dir;
  const fs::path target = dir.path / "occupied";
  fs::create_directories(target / "keep");
  CHECK(error_message([&] { save_state(target, fight_in_progress(book, log)); }) ==
        target.string() + ": cannot replace it with the new save: Is a directory");
  CHECK(fs::is_directory(target / "keep"));
  CHECK(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()) == 1);  // temporary removed
}

TEST_CASE("a save whose version is not a whole number is refused with the file named", "[snapshot][errors]") {
  const StatusBook book = fight_statuses();
  EventLog log;
  nlohmann::json quoted = state_to_json(fight_in_progress(book, log));
  quoted["version"] = "2";
  CHECK(error_message([&] { state_from_json(quoted, "fight.json"); }) ==
        "not a valid saved state: state.version: expected a whole number, found \"2\"");
  quoted.erase("version");
  CHECK(error_message([&] { state_from_json(quoted, "fight.json"); }) ==
        "not a valid saved state: state: 'version' is missing");
}

TEST_CASE("a log and a save written together: one that cannot be written leaves both files as they were",
          "[snapshot][errors]") {
  const TempDir dir;
  const fs::path log = dir.path / "fight.jsonl";
  std::ofstream(log) << "the old log\n";
  const auto read = [](const fs::path& file) {
    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  };
  // The save's temporary cannot be made (its folder is gone): the log, written first, is not replaced.
  const fs::path nowhere = dir.path / "missing" / "fight.json";
  const std::vector<OutputFile> unwritable{{log, "the new log\n", "log"}, {nowhere, "{}", "save"}};
  CHECK(error_message([&] { replace_files(unwritable); }) ==
        nowhere.string() + ": cannot write the save: No such file or directory");
  CHECK(read(log) == "the old log\n");
  CHECK(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()) == 1);  // no temporary left
  // Written, but the save cannot be renamed into place (a directory holds it): the log renamed
  // before it is put back.
  const fs::path occupied = dir.path / "occupied";
  fs::create_directories(occupied / "keep");
  const std::vector<OutputFile> unrenamable{{log, "the new log\n", "log"}, {occupied, "{}", "save"}};
  CHECK(error_message([&] { replace_files(unrenamable); }) ==
        occupied.string() + ": cannot replace it with the new save: Is a directory (the files written with it are "
                            "put back as they were)");
  CHECK(read(log) == "the old log\n");
  CHECK(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()) == 2);
  // A log that did not exist before is taken away again.
  const fs::path fresh = dir.path / "fresh.jsonl";
  const std::vector<OutputFile> new_log{{fresh, "the new log\n", "log"}, {occupied, "{}", "save"}};
  CHECK_THROWS(replace_files(new_log));
  CHECK_FALSE(fs::exists(fresh));
  // Both can be written: both are replaced.
  const std::vector<OutputFile> fine{{log, "the new log\n", "log"}, {dir.path / "fight.json", "{}\n", "save"}};
  replace_files(fine);
  CHECK(read(log) == "the new log\n");
  CHECK(read(dir.path / "fight.json") == "{}\n");
  CHECK(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()) == 3);
}

TEST_CASE("a save or a log written over an old one keeps the old file's mode", "[snapshot]") {
  // A save kept private (600), or shared with the players (666), was made 644 by each --save over it.
  const TempDir dir;
  const fs::path save = dir.path / "campaign.json", log = dir.path / "campaign.jsonl";
  replace_files(std::vector<OutputFile>{{log, "round 1\n", "log"}, {save, "{}\n", "save"}});
  for (const auto mode : {fs::perms(0600), fs::perms(0666), fs::perms(0640)}) {
    fs::permissions(save, mode);
    fs::permissions(log, mode);
    replace_files(std::vector<OutputFile>{{log, "round 2\n", "log"}, {save, "{ }\n", "save"}});
    CHECK((fs::status(save).permissions() & fs::perms::all) == mode);
    CHECK((fs::status(log).permissions() & fs::perms::all) == mode);
  }
}

TEST_CASE("a path is written as UTF-8 text and read back to the same bytes, whatever they are", "[snapshot][path]") {
  // JSON holds only UTF-8: a folder named `caf\xe9` (Latin-1) made the save unwritable.
  CHECK(path_text("/campaign/café/e.lua") == "/campaign/café/e.lua");  // as nearly every path: unchanged
  CHECK(path_text("/tmp/caf\xe9") == "/tmp/caf\\xe9");
  CHECK(path_text("a\\b") == "a\\\\b");
  std::string every_byte;
  for (int byte = 1; byte < 256; ++byte) every_byte += static_cast<char>(byte);
  for (const std::string& path : {every_byte, std::string("a\\xe9"), std::string("\\"), std::string("x\\x4"),
                                  std::string("caf\xe9\\\xff")}) {
    CHECK(path_from_text(path_text(path)) == path);
    CHECK(text_fault(path_text(path)).empty());
  }
}
