// What loading a pack refuses, as every command that loads it refuses it: `run`, `check` (with an
// encounter or with --rules), `test` and `lua` alike, at the pack's own line.
#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tests/support/arbiter_process.hpp"
#include "tests/support/temp_dir.hpp"

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// A tavern brawl: one sequential phase, Punch, Shove, Duck (answering Punch) and Wait, a status
// that forbids Punch. Each `from`, if found in the main file, is replaced by its `to`, so a test
// makes the one mistake it is about. The pack's files are `brawl/…` from `dir`, as the tests run
// the program there.
std::string brawl_init() {
  return R"(local arbiter = require "arbiter"
arbiter.define.table("flow", {
  phases = { { name = "Brawl", kind = "sequential", action_points = 6 } },
  default_order = "Wait",
  incapacitated = { "Out Cold" },
})
arbiter.define.status("Staggered", { unit = "rounds", duration = 1, forbids = { "Punch" } })
arbiter.define.status("Out Cold", {})
arbiter.define.target("my opponent", { find = function(me) return world.closest(me, "enemy") end })
arbiter.define.condition("I am Staggered", { test = function(me) return status.has(me, "Staggered") end })
arbiter.define.action("Punch", { cost = 3, needs_target = true, target = "enemy", turn_only = true,
  resolve = function(ctx) end })
arbiter.define.action("Shove", { cost = 2, needs_target = true, target = "enemy", turn_only = true,
  resolve = function(ctx) end })
arbiter.define.action("Duck", { cost = 1, target = "enemy", answers = { "Punch" },
  resolve = function(ctx) end })
arbiter.define.action("Wait", { target = "none", resolve = function(ctx) end })
)";
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  if (from.empty()) return text;
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

void write(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

// The brawl pack in dir/brawl, with `init` as its main file, a test file, an encounter and a sheet.
void write_brawl(const TempDir& dir, const std::string& init) {
  write(dir.path / "brawl" / "pack.lua", "return { name = \"brawl\", version = \"0.1.0\", api = 1 }\n");
  write(dir.path / "brawl" / "init.lua", init);
  write(dir.path / "brawl" / "tests" / "brawl_test.lua",
        "local test = require \"arbiter.test\"\ntest.case(\"loads\", function() test.truthy(true) end)\n");
  write(dir.path / "tavern.lua",
        "return { rules = { \"./brawl\" }, map = { width = 5, height = 3 }, characters = {\n"
        "  { name = \"Ana\", side = \"a\", at = \"B2\" }, { name = \"Bo\", side = \"b\", at = \"C2\" } } }\n");
  write(dir.path / "r1.txt",
        "Round 1\nAna:\n  1: Punch -> my opponent\n  2: Shove -> \"Bo\"\n"
        "Bo:\n  1: IF I am Staggered THEN Wait ELSE Punch -> my opponent\n  ON Punch: Duck\n");
}

// `arbiter ARGUMENTS` run in `dir`.
Run in(const TempDir& dir, const std::string& arguments) {
  return shell("cd " + dir.path.string() + " && " + ARBITER_BINARY + " " + arguments);
}

// Every command that loads the brawl pack refuses it with `error`, the same, at the pack's line.
void all_refuse(const TempDir& dir, const std::string& error) {
  for (const std::string command : {"check r1.txt --encounter tavern.lua", "run tavern.lua --orders r1.txt --seed 1",
                                    "check r1.txt --rules ./brawl", "test ./brawl", "lua ./brawl -e 'return 1'"}) {
    INFO(command);
    const Run run = in(dir, command);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, StartsWith(error));
  }
  const Run json = in(dir, "check r1.txt --encounter tavern.lua --json");
  CHECK(json.exit_code == 1);
  const auto report = nlohmann::json::parse(json.output);
  CHECK(report["ok"] == false);
  CHECK_THAT(report["diagnostics"][0]["file"].get<std::string>(), Contains("brawl/init.lua"));
}

}  // namespace

TEST_CASE("the brawl pack plays and checks as written", "[pack load]") {
  TempDir dir;
  write_brawl(dir, brawl_init());
  CHECK(in(dir, "check r1.txt --encounter tavern.lua").exit_code == 0);
  CHECK(in(dir, "run tavern.lua --orders r1.txt --seed 1").exit_code == 0);
  CHECK(in(dir, "test ./brawl").exit_code == 0);
  // Counted in turns under a sequential phase, which has turns, a status loads.
  write_brawl(dir, replaced(brawl_init(), "unit = \"rounds\"", "unit = \"turns\""));
  CHECK(in(dir, "run tavern.lua --orders r1.txt --seed 1").exit_code == 0);
}

TEST_CASE("check --encounter refuses a pack's misnamed reference as run does, at the pack's line", "[pack load]") {
  TempDir dir;
  SECTION("a status forbidding an action nobody defined") {
    write_brawl(dir, replaced(brawl_init(), "forbids = { \"Punch\" }", "forbids = { \"Punsh\" }"));
    all_refuse(dir, "brawl/init.lua:7:69: error: status 'Staggered': forbids: there is no action named 'Punsh'; did you "
                    "mean 'Punch'?");
  }
  SECTION("a default order no action has") {
    write_brawl(dir, replaced(brawl_init(), "default_order = \"Wait\"", "default_order = \"Wiat\""));
    all_refuse(dir, "brawl/init.lua:4:3: error: flow.default_order: there is no action named 'Wiat'; did you mean "
                    "'Wait'?");
  }
  SECTION("an answer to an action nobody defined is the pack's mistake, not the sheet's") {
    write_brawl(dir, replaced(brawl_init(), "answers = { \"Punch\" }", "answers = { \"Pnch\" }"));
    // At `answers` in the line that defines Duck, the line shown, then the nearest action.
    all_refuse(dir, "brawl/init.lua:15:61: error: action 'Duck': 'answers' names no action: 'Pnch'\n");
    CHECK_THAT(in(dir, "test ./brawl").output, Contains("\n  did you mean 'Punch'?"));
    CHECK_THAT(in(dir, "check r1.txt --encounter tavern.lua").output, !Contains("r1.txt"));
  }
  SECTION("a condition standing for an answer nobody defined") {
    // docs/orders.md: a condition's `answered_by` names actions; a misspelt one would never be one
    // a replacement answers.
    write_brawl(dir, brawl_init() + "arbiter.define.condition(\"my punch was ducked\", { test = function() end,\n"
                                    "  answered_by = { \"Duk\" } })\n");
    write(dir.path / "brawl" / "pack.lua", "return { name = \"brawl\", version = \"0.1.0\", api = 2 }\n");
    all_refuse(dir, "brawl/init.lua:19:3: error: condition 'my punch was ducked': 'answered_by' names no action: 'Duk'\n");
    CHECK_THAT(in(dir, "test ./brawl").output, Contains("\n  did you mean 'Duck'?"));
  }
  SECTION("a status counted in turns under a flow that has none") {
    // docs/world.md: "A duration of N lasts through N ticks of its clock"; turns are a sequential
    // phase's (docs/fights.md, turn_start and turn_end). Under simultaneous phases only, Staggered
    // for 1 turn was accepted and never ended.
    write_brawl(dir, replaced(replaced(brawl_init(), "kind = \"sequential\", action_points = 6", "kind = \"simultaneous\""),
                              "unit = \"rounds\"", "unit = \"turns\""));
    all_refuse(dir, "brawl/init.lua:7:38: error: status 'Staggered': unit = \"turns\" is never counted down in this flow, "
                    "so the status would never end: turns come only in sequential phases, and the flow's phases are "
                    "Brawl (simultaneous). Give unit = \"rounds\" or \"phases\", which this flow counts down");
  }
  SECTION("a default order that needs a target") {
    // docs/fights.md refuses an intent for a needs_target action that gives no target, as resolve
    // "would otherwise fail on ctx.target, every time"; the default order gives none. It was
    // accepted, and every character without an order failed its Punch on nil ctx.target.
    write_brawl(dir, replaced(brawl_init(), "default_order = \"Wait\"", "default_order = \"punch\""));
    all_refuse(dir, "brawl/init.lua:4:3: error: flow.default_order: 'Punch' needs a target (needs_target = true), but a "
                    "default order is taken at no one, so its resolve would fail on ctx.target, for everyone left "
                    "without an order: name an action taken on one's own, at no one");
  }
  SECTION("a default order that only answers another's action, or must say where it moves") {
    // A default order answers no one's action: Duck, taken "only in answer to" a Punch, would be
    // declared by everyone without an order with nothing to answer.
    write_brawl(dir, replaced(brawl_init(), "default_order = \"Wait\"", "default_order = \"Duck\""));
    all_refuse(dir, "brawl/init.lua:4:3: error: flow.default_order: 'Duck' is taken only in answer to another's action "
                    "(answers), and a default order answers none, for everyone left without an order");
    // Nor is it given a way: a Step that must say where it goes would go nowhere.
    write_brawl(dir, replaced(replaced(brawl_init(), "default_order = \"Wait\"", "default_order = \"Step\""),
                              "arbiter.define.action(\"Wait\"",
                              "arbiter.define.action(\"Step\", { move = 5, needs_direction = true, target = \"none\", "
                              "resolve = function(ctx) end })\narbiter.define.action(\"Wait\""));
    all_refuse(dir, "brawl/init.lua:4:3: error: flow.default_order: 'Step' must say where it moves (needs_direction = "
                    "true), but a default order is given no way, so it would go nowhere");
  }
  SECTION("a status in incapacitated nobody defined") {
    write_brawl(dir, replaced(brawl_init(), "incapacitated = { \"Out Cold\" }", "incapacitated = { \"Out Clod\" }"));
    all_refuse(dir, "brawl/init.lua:5:3: error: flow.incapacitated: there is no status named 'Out Clod'; did you mean "
                    "'Out Cold'?");
  }
  SECTION("a flow's field the fight does not read") {
    write_brawl(dir, replaced(brawl_init(), "default_order = \"Wait\",", "default_order = \"Wait\", one_per_cel = 1,"));
    all_refuse(dir, "brawl/init.lua:2: error: flow");
  }
}

TEST_CASE("an action, condition or target named as another but for case is refused at its define", "[pack load]") {
  TempDir dir;
  SECTION("an action") {
    write_brawl(dir, brawl_init() + "arbiter.define.action(\"punch\", { resolve = function(ctx) end })\n");
    all_refuse(dir, "brawl/init.lua:18: error: action 'punch' is action 'Punch' to an order sheet, which reads an "
                    "action's name without regard to case; 'Punch' is already defined by pack 'brawl' at "
                    "brawl/init.lua:11: give this one a name of its own");
  }
  SECTION("a condition, by case and blanks") {
    write_brawl(dir, brawl_init() + "arbiter.define.condition(\"I  am staggered\", { test = function() end })\n");
    all_refuse(dir, "brawl/init.lua:18: error: condition 'I  am staggered' is condition 'I am Staggered' to an order "
                    "sheet");
  }
  SECTION("a target, by a leading 'the'") {
    write_brawl(dir, brawl_init() + "arbiter.define.target(\"The My Opponent\", { find = function() end })\n");
    all_refuse(dir, "brawl/init.lua:18: error: target 'The My Opponent' is target 'my opponent' to an order sheet");
  }
  SECTION("an override or a patch of the action, by its name, still changes it") {
    write_brawl(dir, brawl_init());
    const Run changed = in(dir, "lua ./brawl -e 'arbiter.patch.action(\"Punch\", { cost = 4 }) "
                                "arbiter.override.action(\"Shove\", { resolve = function(ctx) end }) "
                                "return arbiter.actions.Punch.cost'");
    CHECK(changed.exit_code == 0);
    CHECK_THAT(changed.output, Contains("4"));
  }
  SECTION("statuses are not named by sheets: two alike but for case stay apart") {
    write_brawl(dir, brawl_init() + "arbiter.define.status(\"staggered\", {})\n");
    CHECK(in(dir, "test ./brawl").exit_code == 0);
  }
}

TEST_CASE("an action without resolve is refused as the pack loads, under rules that play a fight", "[pack load]") {
  TempDir dir;
  write_brawl(dir, replaced(brawl_init(), "arbiter.define.action(\"Wait\", { target = \"none\", resolve = function(ctx) end })",
                            "arbiter.define.action(\"Wait\", { target = \"none\" })"));
  all_refuse(dir, "brawl/init.lua:17: error: action 'Wait' has no 'resolve' function: a fight calls it to carry it out");
  // A pack that only declares what sheets may write plays no fight: its actions need none.
  CHECK(arbiter("check examples/orders/round1-players.txt --rules orders-demo").exit_code == 0);
  CHECK(arbiter("explain orders-demo action:Defend").exit_code == 0);
}

TEST_CASE("a condition without test or a target without find is refused as the pack loads", "[pack load]") {
  TempDir dir;
  write_brawl(dir, replaced(brawl_init(), "{ test = function(me) return status.has(me, \"Staggered\") end }", "{}"));
  all_refuse(dir, "brawl/init.lua:10: error: condition 'I am Staggered' has no 'test' function");
}

TEST_CASE("a manifest's api of 0 or less is no API version", "[pack load]") {
  TempDir dir;
  write_brawl(dir, brawl_init());
  for (const std::string api : {"0", "-1"}) {
    write(dir.path / "brawl" / "pack.lua", "return { name = \"brawl\", version = \"0.1.0\", api = " + api + " }\n");
    const Run run = in(dir, "test ./brawl");
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, StartsWith("brawl/pack.lua:1:"));
    CHECK_THAT(run.output, Contains("error: the manifest's 'api' is " + api +
                                    ", which is not an Arbiter pack API version: API versions are whole numbers from 1"));
    CHECK_THAT(run.output, !Contains("needs Arbiter pack API"));
  }
  write(dir.path / "brawl" / "pack.lua", "return { name = \"brawl\", version = \"0.1.0\", api = 3 }\n");
  const Run newer = in(dir, "test ./brawl");
  CHECK(newer.exit_code == 1);
  CHECK_THAT(newer.output, StartsWith("brawl/pack.lua:1:45: error: pack 'brawl' needs Arbiter pack API 3; this arbiter "
                                      "offers API 2"));
}

TEST_CASE("a manifest's api that is no whole number is told with the value given", "[pack load]") {
  // Every bad value is shown ("not 1.5"), as the manifest's budget's are: "2" looks like 2 when
  // the quotes are not shown.
  TempDir dir;
  write_brawl(dir, brawl_init());
  for (const std::string api : {"\"2\"", "1.5", "true"}) {
    write(dir.path / "brawl" / "pack.lua", "return { name = \"brawl\", version = \"0.1.0\", api = " + api + " }\n");
    const Run run = in(dir, "test ./brawl");
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, StartsWith("brawl/pack.lua:1:45: error: the manifest's 'api' must be a whole number, not " +
                                      api + "\n"));
  }
}

TEST_CASE("a pack declaring api 1 is refused what API 2 added, at the field, and loads declaring api 2", "[pack load]") {
  // A pack that says api = 1 must load on every Arbiter offering API 1, which refuses these fields:
  // Platemail used also_called and target = "ally" while it declared api 1.
  const std::string told = " is new in pack API 2, but pack 'brawl' declares api = 1 in its pack.lua: write api = 2 "
                           "there, as an Arbiter of API 1 refuses it";
  TempDir dir;
  SECTION("an action's target = \"ally\"") {
    write_brawl(dir, brawl_init() + "arbiter.define.action(\"Cover\", { needs_target = true, target = \"ally\",\n"
                                    "  resolve = function(ctx) end })\n");
    all_refuse(dir, "brawl/init.lua:18:55: error: action 'Cover': target = \"ally\"" + told);
  }
  SECTION("a condition's also_called, whose phrase holds braces") {
    write_brawl(dir, brawl_init() + "arbiter.define.condition(\"{character} is down\", { test = function() end,\n"
                                    "  also_called = { \"{character} is dead\" } })\n");
    all_refuse(dir, "brawl/init.lua:19:3: error: condition '{character} is down': also_called" + told);
  }
  SECTION("a patch giving an action also_called") {
    write_brawl(dir, brawl_init() + "arbiter.patch.action(\"Punch\", {\n  cost = 3,\n  also_called = { \"Hit\" },\n})\n");
    all_refuse(dir, "brawl/init.lua:20:3: error: action 'Punch': also_called" + told);
  }
  SECTION("a target's also_called in a table made elsewhere: at the line that defines it") {
    write_brawl(dir, brawl_init() + "local fields = { find = function() end, also_called = { \"the foe\" } }\n"
                                    "arbiter.define.target(\"my foe\", fields)\n");
    all_refuse(dir, "brawl/init.lua:19: error: target 'my foe': also_called" + told);
  }
  SECTION("a target's compares") {
    write_brawl(dir, brawl_init() + "arbiter.define.target(\"the tallest foe\", { find = function() end,\n"
                                    "  compares = \"height\" })\n");
    all_refuse(dir, "brawl/init.lua:19:3: error: target 'the tallest foe': compares" + told);
  }
  SECTION("a target's kinds") {
    write_brawl(dir, brawl_init() + "arbiter.define.target(\"the closest foe {word}\", { find = function() end,\n"
                                    "  kinds = function(c) return { c.name } end })\n");
    all_refuse(dir, "brawl/init.lua:19:3: error: target 'the closest foe {word}': kinds" + told);
  }
  SECTION("a target's among") {
    write_brawl(dir, brawl_init() + "arbiter.define.target(\"the closest foe\", { find = function() end,\n"
                                    "  among = \"enemy\" })\n");
    all_refuse(dir, "brawl/init.lua:19:3: error: target 'the closest foe': among" + told);
  }
  SECTION("a condition's answered_by") {
    write_brawl(dir, brawl_init() + "arbiter.define.condition(\"my punch was ducked\", { test = function() end,\n"
                                    "  answered_by = { \"Duck\" } })\n");
    all_refuse(dir, "brawl/init.lua:19:3: error: condition 'my punch was ducked': answered_by" + told);
  }
  SECTION("declaring api = 2, all of them load") {
    write_brawl(dir, brawl_init() + "arbiter.define.action(\"Cover\", { needs_target = true, target = \"ally\",\n"
                                    "  resolve = function(ctx) end, also_called = { \"Protect\" } })\n"
                                    "arbiter.define.condition(\"{character} is down\", { test = function() end,\n"
                                    "  also_called = { \"{character} is dead\" } })\n");
    write(dir.path / "brawl" / "pack.lua", "return { name = \"brawl\", version = \"0.1.0\", api = 2 }\n");
    CHECK(in(dir, "check r1.txt --encounter tavern.lua").exit_code == 0);
    CHECK(in(dir, "run tavern.lua --orders r1.txt --seed 1").exit_code == 0);
    CHECK(in(dir, "test ./brawl").exit_code == 0);
  }
}

TEST_CASE("requiring the pack's main file is refused, never run a second time", "[pack load]") {
  TempDir dir;
  SECTION("from a test file") {
    write_brawl(dir, brawl_init());
    write(dir.path / "brawl" / "tests" / "brawl_test.lua",
          "local test = require \"arbiter.test\"\nlocal main = require \"init\"\n"
          "test.case(\"loads\", function() test.truthy(true) end)\n");
    const Run run = in(dir, "test ./brawl");
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Contains("brawl/tests/brawl_test.lua:2: error: module 'init' is brawl/init.lua, the "
                                    "pack's main file, which runs once, as the pack loads"));
    CHECK_THAT(run.output, !Contains("already defined"));
    CHECK_THAT(run.output, !Contains("init/init.lua"));
  }
  SECTION("from a module the main file requires") {
    write_brawl(dir, "local helper = require \"tables.x\"\n" + brawl_init());
    write(dir.path / "brawl" / "tables" / "x.lua", "return require \"init\"\n");
    const Run run = in(dir, "test ./brawl");
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, StartsWith("brawl/tables/x.lua:1: error: module 'init' is brawl/init.lua, the pack's main file"));
    CHECK_THAT(run.output, !Contains("cycle"));
  }
  SECTION("a module in a folder's init.lua is named by its own path") {
    write_brawl(dir, "local helper = require \"helpers\"\n" + brawl_init());
    write(dir.path / "brawl" / "helpers" / "init.lua", "error(\"here\")\n");
    CHECK_THAT(in(dir, "test ./brawl").output, StartsWith("brawl/helpers/init.lua:1: error: here"));
  }
}

TEST_CASE("a global the sandbox does not have says what a pack uses instead", "[pack load]") {
  TempDir dir;
  write_brawl(dir, brawl_init());
  const Run os = in(dir, "lua ./brawl -e 'return os.time()'");
  CHECK(os.exit_code == 1);
  CHECK_THAT(os.output, Contains("attempt to index a nil value (global 'os'); 'os' is not available in a pack"));
  CHECK_THAT(os.output, Contains("dice.roll"));
  CHECK_THAT(os.output, !Contains("did you mean"));
  const Run io = in(dir, "lua ./brawl -e 'return io.open(\"x\")'");
  CHECK_THAT(io.output, Contains("(global 'io'); 'io' is not available in a pack"));
  CHECK_THAT(io.output, Contains("require"));
  // Code copied from `arbiter lua -e`, which requires `arbiter` for you, into a pack's file.
  write_brawl(dir, replaced(brawl_init(), "local arbiter = require \"arbiter\"\n", ""));
  const Run bare = in(dir, "test ./brawl");
  CHECK(bare.exit_code == 1);
  CHECK_THAT(bare.output, Contains("brawl/init.lua:1: error: attempt to index a nil value (global 'arbiter'); "
                                   "'arbiter' is a module: write `local arbiter = require \"arbiter\"`"));
}

TEST_CASE("an action's definition tells every mistake at once, each with the value given", "[pack load]") {
  TempDir dir;
  write_brawl(dir, brawl_init());
  const auto lua = [&](const std::string& definition) {
    return in(dir, "lua ./brawl -e 'arbiter.define.action(\"Kick\", " + definition + ")'");
  };
  const Run all = lua("{ cost = \"3\", taget = \"enemy\", needs_target = \"yes\", move = { maks = 5 }, "
                      "resolve = function(ctx) end }");
  CHECK(all.exit_code == 1);
  CHECK_THAT(all.output, StartsWith("(command line):1: error: action 'Kick': 4 mistakes: it has no field 'taget' (did "
                                    "you mean 'target'?); 'move' has no field 'maks' (did you mean 'max'?); "
                                    "'needs_target' must be true or false, not \"yes\"; 'cost' must be a whole number "
                                    "of action points from 0 to 1000000, or a function(me, intent) returning one, "
                                    "not \"3\""));
  CHECK_THAT(lua("{ cost = \"3\" }").output,
             StartsWith("(command line):1: error: action 'Kick': 'cost' must be a whole number of action points from 0 "
                        "to 1000000, or a function(me, intent) returning one, not \"3\""));
  CHECK_THAT(lua("{ move = { maks = 5 } }").output,
             StartsWith("(command line):1: error: action 'Kick': 'move' has no field 'maks' (did you mean 'max'?)"));
  CHECK_THAT(lua("{ taget = 1 }").output,
             StartsWith("(command line):1: error: action 'Kick' has no field 'taget' (did you mean 'target'?)"));
}
