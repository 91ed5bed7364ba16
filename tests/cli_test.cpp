// The `arbiter` program as a user runs it: output, and exit codes (0 success, 1 bad input,
// 2 bad usage) — never a crash.
#include <array>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "tests/support/arbiter_process.hpp"
#include "tests/support/temp_dir.hpp"

using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using Catch::Matchers::StartsWith;

namespace {

// `arbiter check SHEET --encounter ENCOUNTER`, then `arbiter run ENCOUNTER --orders SHEET`: check
// and run read a sheet by one rule, so a test asks both.
std::array<Run, 2> check_and_run(const std::string& sheet, const std::string& encounter) {
  return {arbiter("check " + sheet + " --encounter " + encounter),
          arbiter("run " + encounter + " --seed 1 --orders " + sheet)};
}

// A Platemail encounter on a 6 by 6 map whose C3 is walled in on all four sides, with
// `characters` (the lines of its list).
std::string walled_c3(const std::string& characters) {
  return "return { rules = { \"platemail\" },\n"
         "  map = { width = 6, height = 6, scale = 5,\n"
         "    walls = { {\"C3\",\"C2\"}, {\"C3\",\"C4\"}, {\"C3\",\"B3\"}, {\"C3\",\"D3\"} } },\n"
         "  characters = {\n" +
         characters + "  } }\n";
}

// A pack in `folder`, named as the folder, with one sequential phase whose turns take Wait: each of
// its two files starts with `start` (a byte-order mark), its main file then with `more` (a require).
// `choose`: the body of its hook `choose(who, points, ordered)`.
void write_wait_pack(const std::filesystem::path& folder, const std::string& start = "", const std::string& more = "",
                     const std::string& choose = "return ordered") {
  std::filesystem::create_directories(folder);
  const std::string name = folder.filename().string();
  std::ofstream(folder / "pack.lua") << start << "return { name = \"" << name << "\", version = \"0.1.0\" }\n";
  std::ofstream(folder / "init.lua")
      << start << "local arbiter = require \"arbiter\"\n" << more
      << "arbiter.define.table(\"flow\", { phases = { { name = \"Turns\", kind = \"sequential\", action_points = 6 "
         "} }, default_order = \"Wait\" })\n"
         "arbiter.define.action(\"Wait\", { target = \"none\", resolve = function(ctx) end })\n"
         "arbiter.define.hook(\"choose\", function(who, points, ordered) "
      << choose << " end)\n";
}

}  // namespace


TEST_CASE("arbiter --version and --help succeed, and no subcommand is a usage error", "[cli]") {
  CHECK(arbiter("--version").exit_code == 0);
  CHECK_THAT(arbiter("--version").output, StartsWith("arbiter "));
  const auto help = arbiter("--help");
  CHECK(help.exit_code == 0);
  CHECK_THAT(help.output, Contains("explain"));
  CHECK(arbiter("").exit_code == 2);
  CHECK(arbiter("explain").exit_code == 2);
  CHECK(arbiter("frobnicate").exit_code == 2);
  CHECK(arbiter("--max-instructions -5 explain demo-base").exit_code == 2);
}

TEST_CASE("an unknown subcommand is a usage error naming it and the nearest subcommand, even with --help", "[cli]") {
  const auto misspelt = arbiter("chek examples/platemail/skirmish-round1.txt");
  CHECK(misspelt.exit_code == 2);
  CHECK_THAT(misspelt.output, StartsWith("unknown subcommand 'chek' (did you mean 'check'?)"));
  // Nothing near: every subcommand is named.
  const auto far = arbiter("encounter");
  CHECK(far.exit_code == 2);
  CHECK_THAT(far.output, StartsWith("unknown subcommand 'encounter' (the subcommands are packs, explain, lua, test, "
                                    "check, fmt, roll, prob, run)"));
  const auto help = arbiter("encounter --help");
  CHECK(help.exit_code == 2);
  CHECK_THAT(help.output, StartsWith("unknown subcommand 'encounter'"));
  CHECK(arbiter("--pack-path examples/packs frobnicate").exit_code == 2);
  CHECK(arbiter("check --help").exit_code == 0);
}

TEST_CASE("a misspelt option is a usage error naming it and the nearest option, for every subcommand", "[cli]") {
  const auto prob = arbiter("prob 2d6 --at-lest 7");
  CHECK(prob.exit_code == 2);
  CHECK_THAT(prob.output, StartsWith("unknown option '--at-lest' for 'arbiter prob' (did you mean '--at-least'?)"));
  CHECK_THAT(arbiter("roll 1d20 --tims 3").output,
             StartsWith("unknown option '--tims' for 'arbiter roll' (did you mean '--times'?)"));
  CHECK_THAT(arbiter("roll 1d20 --tims=3").output, StartsWith("unknown option '--tims' for 'arbiter roll'"));
  CHECK_THAT(arbiter("check --jsn examples/platemail/skirmish-round1.txt").output,
             StartsWith("unknown option '--jsn' for 'arbiter check' (did you mean '--json'?)"));
  // The global options may follow the subcommand: they are suggested there too.
  CHECK_THAT(arbiter("roll 1d20 --max-memry 5").output, Contains("(did you mean '--max-memory'?)"));
  // Nothing near: what the subcommand takes, and how to give a value that begins with '-'.
  const auto far = arbiter("roll -d6+10");
  CHECK(far.exit_code == 2);
  CHECK_THAT(far.output, StartsWith("unknown option '-d6+10' for 'arbiter roll' ('arbiter roll' takes --seed, --dice, "
                                    "--prompt, --reason, --times, --json, --all, and the global options of 'arbiter --help'; "
                                    "a value that begins with '-' goes after '--')"));
  CHECK_THAT(arbiter("packs --frob").output,
             StartsWith("unknown option '--frob' for 'arbiter packs' ('arbiter packs' takes no options of its own"));
  CHECK(arbiter("roll --tims 3 --help").exit_code == 0);
  CHECK_THAT(arbiter("roll 1d6 --all").output, StartsWith("--all requires --times"));  // it lists a table's values
}

TEST_CASE("output that cannot be written is an error, not a success", "[cli]") {
  // A sheet formatted into a file on a full disk would be left empty or cut short.
  for (const char* command : {"fmt examples/orders/round1-players.txt", "roll 1d6 --seed 1", "prob 3d6"}) {
    const auto full = shell(fmt::format("{{ {} {} > /dev/full; }}", ARBITER_BINARY, command));
    CHECK(full.exit_code == 1);
    CHECK_THAT(full.output, Contains("error: could not write the output: No space left on device"));
  }
  // docs/fights.md: exit 1 "for bad input (nothing is saved)" was untrue of a fight whose narration
  // could not be written: it is played and saved, and the error says so.
  TempDir dir;
  const auto fight = shell(fmt::format("{{ {} run examples/platemail/skirmish.lua --rounds 1 --seed 7 --save {} > "
                                       "/dev/full; }}",
                                       ARBITER_BINARY, dir / "x.json"));
  CHECK(fight.exit_code == 1);
  CHECK(fight.output ==
        "error: could not write the output: No space left on device; the save " + dir / "x.json" + " was written\n");
  CHECK(std::filesystem::exists(dir / "x.json"));
}

TEST_CASE("arbiter explain shows the patched value and its chain of packs", "[cli]") {
  const auto run = arbiter("explain demo-base demo-house wounds");
  CHECK(run.exit_code == 0);
  CHECK(run.output ==
        "table wounds = { max = 4, penalty_per_wound = 1 }\n"
        "  1. defined by demo-base at examples/packs/demo-base/init.lua:3\n"
        "  2. patched by demo-house at examples/packs/demo-house/init.lua:4\n"
        "       max: 3 -> 4\n");
}

TEST_CASE("a pack's folder named with a trailing slash shows its files' paths with one slash", "[cli]") {
  const auto run = arbiter("explain ./examples/packs/demo-house/ wounds");
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("patched by demo-house at examples/packs/demo-house/init.lua:4\n"));
  CHECK_THAT(run.output, !Contains("//"));
}

TEST_CASE("arbiter explain shows a part of a definition, every level of it, and the changes to that part", "[cli]") {
  const auto row = arbiter("explain platemail weapons.Flail.melee.properties");
  CHECK(row.exit_code == 0);
  // The Flail's "+2 Attack against Targets with Shields" sits five levels down in `weapons`.
  CHECK(row.output ==
        "table weapons.Flail.melee.properties = {\n"
        "  bonuses = { { amount = 2, stat = \"attack\", when = { target_has_shield = true } } },\n"
        "}\n"
        "  1. defined by platemail at rules/platemail/tables/weapons.lua:38\n");
  const auto max = arbiter("explain demo-base demo-house wounds.max");
  CHECK(max.output ==
        "table wounds.max = 4\n"
        "  1. defined by demo-base at examples/packs/demo-base/init.lua:3\n"
        "  2. patched by demo-house at examples/packs/demo-house/init.lua:4\n"
        "       max: 3 -> 4\n");
  // A patch of another part of the definition is not this part's history.
  CHECK(arbiter("explain demo-base demo-house wounds.penalty_per_wound").output ==
        "table wounds.penalty_per_wound = 1\n"
        "  1. defined by demo-base at examples/packs/demo-base/init.lua:3\n");
  const auto misspelt = arbiter("explain platemail weapons.Flial");
  CHECK(misspelt.exit_code == 1);
  CHECK_THAT(misspelt.output, Contains("weapons has no field 'Flial' (did you mean 'Flail'?)"));
  const auto past_a_number = arbiter("explain platemail weapons.Flail.melee.reach.long");
  CHECK(past_a_number.exit_code == 1);
  CHECK_THAT(past_a_number.output, Contains("weapons.Flail.melee.reach is 5, which has no fields ('long' asked for)"));
}

TEST_CASE("arbiter explain shows a list's item by the name its changes give it, and who added a part", "[cli]") {
  // tempo-prone adds the encounter's sixth guard, "Prone", by its index.
  const std::string added = "  1. patched by tempo-prone at examples/packs/tempo-prone/init.lua:16\n"
                            "       stats.guard[6]: nil -> \"Prone\"\n";
  const auto guard = arbiter("explain tempo tempo-prone encounter.stats.guard");
  CHECK(guard.exit_code == 0);
  CHECK_THAT(guard.output, Contains("  1. defined by tempo at "));
  CHECK_THAT(guard.output, EndsWith("  2." + added.substr(4)));
  const auto item = arbiter("explain tempo tempo-prone encounter.stats.guard[6]");
  CHECK(item.exit_code == 0);
  CHECK(item.output == "table encounter.stats.guard[6] = \"Prone\"\n" + added);
  CHECK(arbiter("explain tempo tempo-prone encounter.stats.guard.6").output == item.output);
  // An item past a list's end is told by the list's range, not by "did you mean '1', '2' or '3'?".
  CHECK_THAT(arbiter("explain tempo tempo-prone encounter.stats.guard[7]").output,
             Contains("has no field '7' (its items are 1 to 6)"));
  // A key in brackets is one step whole, as Lua writes it: a number with a full stop is no two
  // steps, and a quoted name may hold a blank.
  CHECK_THAT(arbiter("explain tempo tempo-prone encounter.stats.guard[1.5]").output,
             Contains("encounter.stats.guard has no field '1.5' (its items are 1 to 6)"));
  CHECK(arbiter("explain platemail 'weapons[\"Short Bow\"].ranged.range'").output ==
        arbiter("explain platemail 'weapons.Short Bow.ranged.range'").output);
  CHECK_THAT(arbiter("explain platemail \"weapons['Short Bow'].ranged.range\"").output,
             StartsWith("table weapons.Short Bow.ranged.range = 30\n"));
  // A row only a house pack gives is that pack's, not the base table's.
  const auto lunge = arbiter("explain tempo tempo-lunge actions_data.Lunge");
  CHECK(lunge.exit_code == 0);
  CHECK_THAT(lunge.output, Contains("  1. patched by tempo-lunge at examples/packs/tempo-lunge/init.lua:"));
  CHECK_THAT(lunge.output, !Contains("defined by tempo"));
  // A hook's override is the whole definition's change, named by it.
  CHECK_THAT(arbiter("explain demo-base demo-house attack_bonus").output,
             Contains("  2. overridden by demo-house at examples/packs/demo-house/init.lua:7\n       attack_bonus: function at "));
}

TEST_CASE("arbiter explain finds a part in whichever kind of the name has it, as it shows the whole of each", "[cli]") {
  // Platemail's Dazed is an action and a status; only the status has a duration.
  const auto part = arbiter("explain platemail Dazed.duration");
  CHECK(part.exit_code == 0);
  CHECK_THAT(part.output, StartsWith("status Dazed.duration = 1\n  1. defined by platemail at rules/platemail/fight.lua:"));
  CHECK_THAT(part.output, !Contains("action Dazed"));
  // The action's part, likewise.
  CHECK_THAT(arbiter("explain platemail Dazed.involuntary").output, StartsWith("action Dazed.involuntary = true\n"));
  const auto neither = arbiter("explain platemail Dazed.durr");
  CHECK(neither.exit_code == 1);
  CHECK_THAT(neither.output, StartsWith("error: no kind of 'Dazed' has 'Dazed.durr': action Dazed has no field 'durr'"));
  CHECK_THAT(neither.output, Contains("; status Dazed has no field 'durr'"));
  // The kind picked lacks the part, another has it: how to pick that one.
  const auto picked = arbiter("explain platemail action:Dazed.duration");
  CHECK(picked.exit_code == 1);
  CHECK_THAT(picked.output, StartsWith("error: Dazed has no field 'duration'"));
  CHECK_THAT(picked.output, Contains("(status Dazed has it: status:Dazed.duration)\n"));
}

TEST_CASE("arbiter explain suggests names of the kind asked for", "[cli]") {
  CHECK_THAT(arbiter("explain demo-base table:wonds").output,
             Contains("the packs define no table named 'wonds' (did you mean 'wounds'?)"));
  // 'Attack' is an action, too far from 'wounds' and of another kind: no suggestion.
  const auto unknown = arbiter("explain demo-base table:Atack");
  CHECK(unknown.exit_code == 1);
  CHECK_THAT(unknown.output, Contains("the packs define no table named 'Atack'"));
  CHECK_THAT(unknown.output, !Contains("did you mean"));
}

TEST_CASE("arbiter explain lists every definition with who changed it", "[cli]") {
  const auto run = arbiter("explain demo-house");
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("1. demo-base 1.0.0 (examples/packs/demo-base)"));
  CHECK_THAT(run.output, Contains("2. demo-house 1.0.0 (examples/packs/demo-house)"));
  CHECK_THAT(run.output, Contains("hook       attack_bonus             defined by demo-base, overridden by demo-house"));
  CHECK_THAT(run.output, Contains("table      wounds                   defined by demo-base, patched by demo-house"));
}

TEST_CASE("a conflict is a warning, and an error under --strict", "[cli]") {
  const auto lenient = arbiter("explain demo-house rival-house wounds");
  CHECK(lenient.exit_code == 0);
  CHECK_THAT(lenient.output, Contains("tests/packs/rival-house/init.lua:4: warning: packs 'demo-house'"));
  const auto strict = arbiter("--strict explain demo-house rival-house wounds");
  CHECK(strict.exit_code == 1);
  CHECK_THAT(strict.output, StartsWith("tests/packs/rival-house/init.lua:4: error: packs 'demo-house'"));
}

TEST_CASE("every bad pack exits 1 with its file and line", "[cli][bad-input]") {
  const std::pair<const char*, const char*> cases[] = {
      {"bad-syntax", "tests/packs/bad-syntax/pack.lua:4:3: error:"},
      {"no-name", "tests/packs/no-name/pack.lua:2:1: error: the manifest has no 'name'"},
      {"bad-range", "tests/packs/bad-range/pack.lua:5:16: error: bad version requirement"},
      {"cycle-a", "tests/packs/cycle-b/pack.lua:1:69: error: dependency cycle"},
      {"load-error", "tests/packs/load-error/init.lua:4: error:"},
      {"needs-missing", "tests/packs/needs-missing/pack.lua:5:16: error:"},
      {"typo-api", "tests/packs/typo-api/init.lua:2: error: there is no arbiter.patch function named 'tabel'; did "
                   "you mean 'table'?\n  in pack 'typo-api'"},
  };
  for (const auto& [pack, expected] : cases) {
    INFO(pack);
    const auto run = arbiter(std::string("explain ") + pack);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, StartsWith(expected));
  }
}

TEST_CASE("a syntax error in a module a pack requires is told as one in its main file is", "[cli][bad-input]") {
  TempDir dir;
  const std::string module = "local x = {\n  a = 1\n  b = 2\n}\nreturn x\n";
  std::filesystem::create_directories(dir.path / "bad-module/lib");
  std::ofstream(dir / "bad-module/pack.lua") << "return { name = \"bad-module\", version = \"1\" }\n";
  std::ofstream(dir / "bad-module/init.lua") << "local arbiter = require \"arbiter\"\nrequire \"lib.bad\"\n";
  std::ofstream(dir / "bad-module/lib/bad.lua") << module;
  const std::string told = ":3:3: error: '}' expected (to close '{' at line 1) near 'b'\n"
                           "    b = 2\n"
                           "    ^\n"
                           "  in pack 'bad-module'\n";
  const auto required = arbiter("explain " + (dir / "bad-module"));
  CHECK(required.exit_code == 1);
  CHECK(required.output == dir / "bad-module/lib/bad.lua" + told);
  // The same text as the main file.
  std::ofstream(dir / "bad-module/init.lua") << module;
  const auto main = arbiter("explain " + (dir / "bad-module"));
  CHECK(main.output == dir / "bad-module/init.lua" + told);
}

TEST_CASE("a Lua file that starts with a UTF-8 byte-order mark loads as stock Lua loads it, its places unmoved",
          "[cli][bad-input]") {
  // Notepad writes a byte-order mark at the start of a file: every Lua file Arbiter loads skips it.
  TempDir dir;
  const std::string bom = "\xEF\xBB\xBF";
  write_wait_pack(dir.path / "bom", bom, "require \"more\"\n");
  std::filesystem::create_directories(dir.path / "bom/tests");
  std::ofstream(dir / "bom/more.lua") << bom << "return 1\n";
  std::ofstream(dir / "bom/tests/wait_test.lua")
      << bom << "local test = require \"arbiter.test\"\ntest.case(\"waits\", function() end)\n";
  std::ofstream(dir / "fight.lua") << bom << "return { rules = { \"./bom\" }, map = { width = 3, height = 1 },\n"
                                   << "  characters = { { name = \"Ana\", side = \"a\", at = \"A1\" } } }\n";
  std::ofstream(dir / "round.txt") << "Ana:\n  1: Wait\n";
  const auto checked = arbiter("check " + (dir / "round.txt") + " --encounter " + (dir / "fight.lua"));
  CHECK(checked.exit_code == 0);
  CHECK(checked.output == "Ana: 1: Wait\n");
  const auto tested = arbiter("test " + (dir / "bom"));
  CHECK(tested.exit_code == 0);
  CHECK_THAT(tested.output, Contains("1 passed, 0 failed"));
  // A mistake is told at its line and column as an editor shows them, the mark unseen.
  std::ofstream(dir / "misplaced.lua") << bom << "return { rules = { \"./bom\" }, map = { width = 3, height = 1 },\n"
                                       << "  characters = { { name = \"Ana\", side = \"a\", at = \"Z1\" } } }\n";
  const auto misplaced = arbiter("check " + (dir / "round.txt") + " --encounter " + (dir / "misplaced.lua"));
  CHECK(misplaced.exit_code == 1);
  CHECK_THAT(misplaced.output, Contains("misplaced.lua:2:51: error: there is no cell Z1"));
  std::ofstream(dir / "try.lua") << bom << "return 1 +\n";
  const auto snippet = arbiter("lua " + (dir / "bom") + " " + (dir / "try.lua"));
  CHECK(snippet.exit_code == 1);
  CHECK_THAT(snippet.output, StartsWith(dir / "try.lua" + ":1:11: error: unexpected symbol near <eof>\n"
                                                          "  return 1 +\n"
                                                          "            ^\n"));
}

TEST_CASE("next visits the registry's read-only views as pairs does", "[cli][lua]") {
  // docs/packs.md: "`pairs` and `next` visit a table's keys in a fixed order". A definition and
  // arbiter.tables are views: `next(arbiter.tables.rules)` said nil, `next(v, k)` "invalid key".
  for (const std::string view : {"arbiter.tables.rules", "arbiter.tables", "arbiter.actions"}) {
    INFO(view);
    const auto stepped = arbiter("lua tempo -e \"local walked = {} for k in pairs(" + view +
                                 ") do walked[#walked + 1] = k end local stepped, k = {}, next(" + view +
                                 ") while k ~= nil do stepped[#stepped + 1] = k; k = next(" + view +
                                 ", k) end return #walked > 1 and table.concat(walked) == table.concat(stepped), "
                                 "next(" + view + ") == nil\"");
    INFO(stepped.output);
    CHECK(stepped.exit_code == 0);
    CHECK(stepped.output == "true\nfalse\n");
  }
}

TEST_CASE("arbiter lua runs a snippet with the packs loaded and shows what it returns", "[cli]") {
  const auto run = arbiter("lua demo-house -e \"print('max', arbiter.tables.wounds.max) return 1 + 1, 'two'\"");
  CHECK(run.exit_code == 0);
  CHECK(run.output == "max\t4\n2\n\"two\"\n");
  CHECK(arbiter("lua -e \"return #arbiter.names('table')\"").output == "0\n");
}

TEST_CASE("a misspelt function of a module is told at the snippet's line with the nearest, not called as nil",
          "[cli][modules]") {
  // Once "attempt to call a nil value (field 'rol')"; a name only read printed nil.
  const auto called = arbiter("lua platemail -e \"return dice.rol('1d6', 'x')\"");
  CHECK(called.exit_code == 1);
  CHECK_THAT(called.output, StartsWith("(command line):1: error: there is no dice function named 'rol'; did you mean "
                                       "'roll' or 'pool'?\n"));
  const auto read = arbiter("lua platemail -e \"return arbiter.define.acton\"");
  CHECK(read.exit_code == 1);
  CHECK_THAT(read.output, StartsWith("(command line):1: error: there is no arbiter.define function named 'acton'; did "
                                     "you mean 'action'?\n"));
}

TEST_CASE("arbiter lua without code, or with code given twice, is bad usage of the command line", "[cli][bad-input]") {
  for (const char* args : {"lua", "lua tempo", "lua tempo -e ''"}) {
    INFO(args);
    const auto run = arbiter(args);
    CHECK(run.exit_code == 2);  // README: 2, bad usage of the command line (it was 1)
    CHECK_THAT(run.output, Contains("give the code to run with -e CODE, or a FILE.lua after the packs"));
  }
  const auto both = arbiter("lua tempo -e 'return 1' try.lua");
  CHECK(both.exit_code == 2);  // try.lua was taken for a pack's folder
  CHECK_THAT(both.output, Contains("give the code to run with -e CODE or as a FILE.lua, not both ('try.lua' and -e)"));
}

TEST_CASE("arbiter lua rolls dice, the same ones for the same seed", "[cli][dice]") {
  const std::string roll = "lua --seed 7 -e \"return dice.roll('4d6kh3', 'ability score').total\"";
  const auto first = arbiter(roll);
  CHECK(first.exit_code == 0);
  CHECK(first.output == arbiter(roll).output);
  const int total = std::stoi(first.output);
  CHECK(total >= 3);
  CHECK(total <= 18);
}

TEST_CASE("a die no one named is told how to name one, in the words of the command it was written in",
          "[cli][dice]") {
  // docs/dice.md, Named and symbol dice: "`arbiter roll` and `prob` load no pack ...; try a named
  // die in `arbiter lua`". There the note says so; in `arbiter lua` it said the same, of the very
  // command it was printed from, where dice.define is at hand.
  for (const char* command : {"roll 'd[armellian]'", "prob 'd[armellian]'"}) {
    INFO(command);
    const auto run = arbiter(command);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Contains("error: there is no die named 'armellian'\n") &&
                               Contains("\n  arbiter roll and prob load no pack, so no die has a name here: try a "
                                        "named die in arbiter lua, where dice.define names one"));
  }
  const auto snippet = arbiter("lua -e \"return dice.roll('d[armellian]', 'x').total\"");
  CHECK(snippet.exit_code == 1);
  CHECK_THAT(snippet.output, Contains("there is no die named 'armellian'") &&
                                 Contains("no die has a name yet: dice.define names one, in a pack or in arbiter lua"));
  CHECK_THAT(snippet.output, !Contains("load no pack"));
}

TEST_CASE("arbiter lua stops a runaway snippet and says which budget", "[cli][bad-input]") {
  const auto loop = arbiter("--max-instructions 100000 lua -e \"while true do end\"");
  CHECK(loop.exit_code == 1);
  CHECK_THAT(loop.output, StartsWith("(command line):1: error: instruction budget exhausted"));
  const auto memory = arbiter("--max-memory 8 lua -e \"local s = string.rep('x', 1 << 30)\"");
  CHECK(memory.exit_code == 1);
  CHECK_THAT(memory.output, Contains("memory budget exhausted: pack '(snippet)' needed more than 8 MiB"));
  CHECK(arbiter("lua -e \"os.exit(0)\"").exit_code == 1);
  CHECK(arbiter("lua demo-base").exit_code == 2);  // nothing to run: bad usage
  CHECK(arbiter("lua missing-file.lua").exit_code == 1);
}

TEST_CASE("arbiter lua shows a file's errors at the path as given and requires from its folder",
          "[cli][bad-input]") {
  TempDir dir;
  std::ofstream(dir / "helper.lua") << "return {}\n";
  std::ofstream(dir / "try.lua") << "local helper = require 'helper'\nreturn helper.field.deeper\n";
  for (const std::string file : {"try.lua", "./try.lua"}) {
    INFO(file);
    const auto run = shell("cd " + dir.path.string() + " && " + ARBITER_BINARY + " lua " + file);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, StartsWith(file + ":2: error: attempt to index a nil value (field 'field')"));
    CHECK_THAT(run.output, Contains("\n    " + file + ":2: in main chunk"));
  }
}

TEST_CASE("a pack named by its folder as . or ./ from inside it is the folder's real name", "[cli]") {
  const std::string inside = std::string("cd tests/packs/phase-demo && ") + ARBITER_BINARY;
  for (const std::string folder : {".", "./"}) {
    INFO(folder);
    const auto tested = shell(inside + " test " + folder);
    CHECK(tested.exit_code == 0);
    CHECK_THAT(tested.output, EndsWith(" passed, 0 failed\n"));
    const auto explained = shell(inside + " explain " + folder);
    CHECK(explained.exit_code == 0);
    CHECK_THAT(explained.output, Contains("phase-demo 1.0.0"));
  }
}

TEST_CASE("arbiter test runs the tests of a pack named by its folder however the folder is spelt",
          "[cli][pack-tests]") {
  // demo-base's own tests hold a case that fails on top of demo-house: run, it is told.
  const std::string absolute = (std::filesystem::current_path() / "examples/packs/demo-base").string();
  for (const std::string& folder :
       {std::string("examples/packs/demo-base"), std::string("./examples/packs/demo-base"), absolute}) {
    INFO(folder);
    const auto run = arbiter("test demo-house " + folder);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Contains("examples/packs/demo-base/tests/attack_test.lua\n"));
    CHECK_THAT(run.output, EndsWith("8 passed, 1 failed\n"));
  }
}

TEST_CASE("a budget option too large or not a number is refused before anything runs", "[cli][bad-input]") {
  // 1e300 seconds once made a deadline in the past, 2^44 MiB a memory budget of 0 bytes, and
  // "nan" seconds no limit at all, and 0x10 was read as a hexadecimal 16: each would have run a
  // snippet under a budget it did not ask for.
  for (const char* option : {"--max-seconds 1e300", "--max-seconds nan", "--max-seconds 0.0001",
                             "--max-seconds -1", "--max-seconds 0x10", "--max-seconds 0x1p4",
                             "--max-memory 17592186044416", "--max-memory 0"}) {
    INFO(option);
    const auto run = arbiter(std::string(option) + " lua -e \"print('snippet ran')\"");
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.output, !Contains("snippet ran"));
  }
  CHECK_THAT(arbiter("--max-seconds nan lua -e \"print(1)\"").output,
             Contains("'nan' is not a number of seconds: a decimal number from 0.001 to 1000000"));
  // Past an end of the range, that is what is wrong (it was "'1e7' is not a number of seconds").
  for (const auto& [value, told] : std::vector<std::pair<std::string, std::string>>{
           {"1e7", "too large"}, {"1e999", "too large"}, {"0.0001", "too small"}, {"1e-999", "too small"},
           {"-1e999", "too small"}})
    CHECK_THAT(arbiter("--max-seconds " + value + " lua -e \"print(1)\"").output,
               Contains("'" + value + "' is " + told + " for a number of seconds: a decimal number from 0.001 to "
                        "1000000"));
  CHECK_THAT(arbiter("--max-seconds \"$(printf '2\\033')\" lua -e \"print(1)\"").output,
             Contains("'2\\x1b' is not a number of seconds"));
  CHECK(arbiter("--max-seconds 1.5e1 lua -e \"print('snippet ran')\"").exit_code == 0);
  const auto largest = arbiter("--max-seconds 1000000 --max-memory 1048576 lua -e \"print('snippet ran')\"");
  CHECK(largest.exit_code == 0);
  CHECK_THAT(largest.output, Contains("snippet ran"));
}

TEST_CASE("every whole-number option takes a plain decimal number in its range and refuses anything else, naming it",
          "[cli][bad-input]") {
  // CLI11 alone read 0x10 as 16 and 010 as 8, set a number past the range to the range's end, and
  // refused in words of its own ("Could not convert"): one wording now, --seed's, for all of them.
  struct WholeNumberOption {
    std::string command;  // {} is the value
    std::string what;
    std::string low, high, below, above;
  };
  const WholeNumberOption options[] = {
      {"roll 1d6 --seed {}", "a seed", "0", "18446744073709551615", "-1", "18446744073709551616"},
      {"roll 1d6 --seed 1 --times {}", "a number of rolls", "1", "100000000", "0", "100000001"},
      {"prob 2d6 --at-least {}", "a total", "-9223372036854775808", "9223372036854775807", "-9223372036854775809",
       "9223372036854775808"},
      {"run examples/platemail/skirmish.lua --seed {}", "a seed", "0", "18446744073709551615", "-1",
       "18446744073709551616"},
      {"run examples/platemail/skirmish.lua --rounds {}", "a number of rounds", "1", "10000", "0", "10001"},
      {"lua -e 'return 1' --seed {}", "a seed", "0", "18446744073709551615", "-1", "18446744073709551616"},
      {"--max-instructions {} lua -e 'return 1'", "a number of instructions", "1", "18446744073709551615", "0",
       "18446744073709551616"},
      {"--max-memory {} lua -e 'return 1'", "a number of MiB", "1", "1048576", "0", "1048577"},
  };
  for (const auto& option : options) {
    // Not a number at all, or one past an end of the range, which is then what the message says.
    const std::vector<std::pair<std::string, std::string>> bad_values{
        {"abc", "is not"}, {"0x10", "is not"}, {"1e3", "is not"}, {"+5", "is not"}, {"5.0", "is not"},
        {" 5", "is not"}, {"5 ", "is not"}, {"99999999999999999999", "is too large for"},
        {"-99999999999999999999", "is too small for"}, {option.below, "is too small for"},
        {option.above, "is too large for"}};
    for (const auto& [bad, told] : bad_values) {
      const auto run = arbiter(fmt::format(fmt::runtime(option.command), "'" + bad + "'"));
      CAPTURE(option.command, bad, run.output);
      CHECK(run.exit_code == 2);
      CHECK_THAT(run.output, Contains(fmt::format("'{}' {} {}: a whole number from {} to {}\n", bad, told, option.what,
                                                  option.low, option.high)));
    }
  }
  // Leading zeros are decimal, as typed; both ends of a range are taken.
  CHECK_THAT(arbiter("prob 2d6 --at-least 010").output, Contains("\nP(>= 10) = 16.6667%\n"));
  CHECK_THAT(arbiter("roll 1d6 --seed 1 --times 010").output, StartsWith("1d6: 10 rolls"));
  CHECK(arbiter("roll 3d6 --seed 010").output == arbiter("roll 3d6 --seed 10").output);
  CHECK_THAT(arbiter("prob 2d6 --at-least -9223372036854775808").output,
             Contains("\nP(>= -9223372036854775808) = 100% (2d6 is at least 2)\n"));
  CHECK_THAT(arbiter("prob 2d6 --at-least 9223372036854775807").output,
             Contains("\nP(>= 9223372036854775807) = 0% (2d6 is at most 12)\n"));
  CHECK(arbiter("--max-instructions 18446744073709551615 --max-memory 1048576 lua --seed 0 -e 'return 1'").output ==
        "1\n");
  // The value is shown as a terminal cannot act on it.
  const auto escaped = arbiter("roll 1d6 --times \"$(printf 'a\\033[31mb')\"");
  CHECK(escaped.exit_code == 2);
  CHECK(escaped.output.find('\x1b') == std::string::npos);
  CHECK_THAT(escaped.output, Contains("'a\\x1b[31mb' is not a number of rolls"));
}

TEST_CASE("prob's mean and standard deviation are exact at the ends of the 64-bit range", "[cli][prob]") {
  // 1d2 - (2^63 - 1) - 2 is -2^63 or -2^63 + 1, each half the time: a mean of -2^63 + 1/2 and a
  // deviation of 1/2, which a double near 2^63 cannot hold (it said -9223372036854775808.0000 and 0).
  for (const std::string exact : {"", "--exact "})
    CHECK_THAT(arbiter("prob " + exact + "1d2-9223372036854775807-2").output,
               StartsWith("1d2 - 9223372036854775807 - 2: mean -9223372036854775807.5000") &&
                   Contains(", standard deviation 0.5000\n"));
  CHECK_THAT(arbiter("prob 1d2+9223372036854775805").output,
             StartsWith("1d2 + 9223372036854775805: mean 9223372036854775806.5000, standard deviation 0.5000\n"));
  // A range about 0, 2^64 - 2 wide, whose values' distances from 0 fit 64 bits where their
  // distances from the lowest would not: 0 or ±(2^63 - 1), a deviation of (2^63 - 1)/sqrt(2), a
  // double's 15 digits of it: it printed 6521908912666391552.0000, digits a double does not hold.
  // Its mean is 0: exactly so with --exact; in floating point, to the digits sums of values near
  // 2^63 hold (15 significant: to thousands), so just 0.
  CHECK_THAT(arbiter("prob --exact '(1d2-1)*9223372036854775807-(1d2-1)*9223372036854775807'").output,
             Contains(": mean 0.0000 (0)") && Contains(", standard deviation 6.52190891266639e+18\n"));
  CHECK_THAT(arbiter("prob '(1d2-1)*9223372036854775807-(1d2-1)*9223372036854775807'").output,
             Contains(": mean 0, standard deviation 6.52190891266639e+18\n"));
  // As few decimals as the digits before them leave: 15 in all (the mean's, of its values'
  // distance from the lowest, 2000000000000).
  CHECK_THAT(arbiter("prob '1d2*2000000000000'").output,
             StartsWith("1d2 * 2000000000000: mean 3000000000000.00, standard deviation 1000000000000.00\n"));
}

TEST_CASE("prob shows of a mean in floating point the digits its sums hold, no more", "[cli][prob]") {
  // 1d1000000 has mean 1000001/2 and variance (1000000^2 - 1)/12, so 1d1000000 * 1000 a mean of
  // 500000500 and a deviation of 288675134.59466854…: a plain sum of the million terms printed
  // 500000499.9960, and 288675134593.523 for * 1000000, digits no sum held.
  CHECK_THAT(arbiter("prob '1d1000000*1000'").output,
             StartsWith("1d1000000 * 1000: mean 500000500.0000, standard deviation 288675134.5947\n"));
  CHECK_THAT(arbiter("prob '1d1000000*1000000'").output,
             StartsWith("1d1000000 * 1000000: mean 500000500000.000, standard deviation 288675134594.669\n"));
  // Values up to 10^18: a double holds 15 digits of them, to the thousands, and the mean is shown to
  // those, 500000500000000000 (+ 2 for the 1d3, past them), not 500000499996040960.0000.
  for (const std::string expr : {"1d1000000*1000000000000", "1d1000000*1000000000000+1d3"})
    CHECK_THAT(arbiter("prob '" + expr + "'").output,
               Contains(": mean 5.000005e+17, standard deviation 2.88675134594669e+17\n"));
  CHECK_THAT(arbiter("prob '1d1000000*1000000000000' --json").output,
             StartsWith("{\"expr\":\"1d1000000 * 1000000000000\",\"mean\":5.000005e+17,"));
  // The digits of a far origin are exact, the mean's distance from it held to 15 digits: d20 + 10^18.
  CHECK_THAT(arbiter("prob 'd20+1000000000000000000'").output,
             StartsWith("d20 + 1000000000000000000: mean 1000000000000000010.5000, standard deviation 5.7663\n"));
  // The JSON gives the mean to its 15 digits, as --exact does: 15869/1296 is 12.24459876543209…
  for (const std::string exact : {"", " --exact"})
    CHECK_THAT(arbiter("prob 4d6kh3 --json" + exact).output,
               StartsWith("{\"expr\":\"4d6kh3\",\"mean\":12.2445987654321,"));
}

TEST_CASE("roll --times gives the same deviation for the same dice, however far from 0 their totals", "[cli][roll]") {
  // The same seed rolls the same d6s: a constant added moves the mean, not the deviation. Worked
  // out from the sums of the totals and their squares, it came out 59.8665 a billion away and
  // 0.0000 near 2^63.
  const std::string near_zero = arbiter("roll 1d6 --seed 1 --times 1000").output;
  const auto deviation = near_zero.substr(near_zero.find("standard deviation"), 26);
  REQUIRE_THAT(deviation, StartsWith("standard deviation 1.6"));
  for (const std::string constant : {"1000000000", "100000000000000", "9223372036854775800"})
    CHECK_THAT(arbiter("roll 1d6+" + constant + " --seed 1 --times 1000").output, Contains(deviation));
}

TEST_CASE("every escape attempt from the Foundation list exits 1 pointing at the snippet's line", "[cli][bad-input]") {
  const char* const attempts[] = {
      "while true do end",
      "while true do pcall(function() while true do end end) end",
      "local function f() return 1 + f() end f()",
      "local s = string.rep('x', 1 << 30)",
      "local t = {} while true do t[#t + 1] = {} end",
      "io.open('/etc/passwd')",
      "os.execute('true')",
      "require 'os'",
      "package.loadlib('libc.so.6', 'system')",
      "assert(load('\\27Lua'))",
      "string.dump(print)",
      "debug.getinfo(1)",
      "getmetatable('').__index.upper = print",
      "string.upper = print",
  };
  for (const char* code : attempts) {
    INFO(code);
    const auto run = arbiter(std::string("--max-instructions 1000000 --max-memory 32 lua -e \"") + code + "\"");
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, StartsWith("(command line):1: error: "));
    CHECK_THAT(run.output, Contains("in pack '(snippet)'"));
  }
}

TEST_CASE("a to-be-closed variable closed after an error runs under the call's budget", "[cli][bad-input]") {
  // The snippet fails; closing its variable is still its own code, and a __close that loops or
  // eats memory once ran with no budget at all: the program hung.
  for (const char* close : {"while true do end", "local t = {} while true do t[#t + 1] = {} end"}) {
    INFO(close);
    const auto run = arbiter(std::string("--max-seconds 1 --max-memory 16 lua -e \"local x <close> = "
                                         "setmetatable({}, { __close = function() ") + close +
                             " end }) error('first')\"");
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, StartsWith("(command line):1: error: first"));
  }
}

TEST_CASE("a to-be-closed variable of a call that spent its budget is not closed: the budget is the error",
          "[cli][bad-input]") {
  // The count hook's error left the snippet's thread with its hooks off, and closing it ran the
  // looping __close with no budget: 12 s, then the watchdog blamed a built-in function.
  const auto run = arbiter(
      "--max-instructions 1000000 lua -e \"local x <close> = setmetatable({}, { __close = function() while true do "
      "end end }) while true do end\"");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, StartsWith("(command line):1: error: instruction budget exhausted: pack '(snippet)' ran more "
                                    "than 1000000 Lua instructions in one call"));
  CHECK_THAT(run.output, !Contains("built-in function"));
}

TEST_CASE("a call stuck inside a built-in function past its time budget ends the program cleanly",
          "[cli][bad-input]") {
  // Backtracking in C, where the instruction hook never runs: only the watchdog can stop it.
  const auto run = arbiter("--max-seconds 1 lua -e \"return string.find(string.rep('a', 100000), '.-.-.-.-b')\"");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, StartsWith("(command line):1: error: pack '(snippet)' has run 2000 ms past 1000 ms in one call "
                                    "(--max-seconds raises it for a pack you trust) inside a built-in function"));
}

TEST_CASE("a message handler that loops is stopped by the instruction budget, at its line", "[cli][bad-input]") {
  // Lua runs the handler of an error raised in the budget's hook with no hook at all: only the
  // watchdog stopped it, blaming a built-in function.
  const auto run = arbiter("--max-instructions 100000 --max-seconds 1 lua -e \"local x = 0\n"
                           "xpcall(function() error('x') end, function() while true do x = x + 1 end end)\"");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, StartsWith("(command line):2: error: instruction budget exhausted: pack '(snippet)' ran more "
                                    "than 100000 Lua instructions in one call"));
  // A handler still handles the errors of the pack's own code.
  const auto handled =
      arbiter("lua -e \"return select(2, xpcall(function() error('x', 0) end, function(m) return m .. '!' end))\"");
  CHECK(handled.exit_code == 0);
  CHECK_THAT(handled.output, StartsWith("\"x!\""));
}

namespace {

// A file that makes `count` test fights on maps of `side`×`side` cells and keeps them all.
std::string fight_hoarder(const TempDir& dir, int count, int side) {
  std::ofstream(dir.path / "hoard.lua")
      << "local fight = require 'arbiter.fight'\nlocal kept = {}\nfor i = 1, " << count << " do\n"
      << "  kept[i] = fight.new { map = { width = " << side << ", height = " << side
      << " }, characters = { { name = 'A', side = 'a', at = 'A1', weapon = 'Sword' } } }\nend\n";
  return dir / "hoard.lua";
}

}  // namespace

TEST_CASE("the maps of the fights a pack makes count against its memory budget", "[cli][bad-input][budget]") {
  // Forty maps of 512×512 cells hold far more than 16 MiB, in C++ where Lua's heap does not see them.
  TempDir dir;
  const auto run = arbiter("--max-memory 16 lua tempo " + fight_hoarder(dir, 40, 512));
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("hoard.lua:4: error: memory budget exhausted: "));
  CHECK_THAT(run.output, Contains("needed more than 16 MiB in one call"));
}

#if !defined(__SANITIZE_ADDRESS__)  // which reserves far more address space than the limit below
TEST_CASE("memory the machine refuses is an error at the pack's line, never a crash", "[cli][bad-input][budget]") {
  // With budgets beyond the machine's memory, the machine refuses first: mimalloc's operator new
  // aborted the program, with nothing said.
  TempDir dir;
  const auto run = shell("(ulimit -v 1000000; " + std::string(ARBITER_BINARY) +
                         " --max-memory 1048576 lua tempo " + fight_hoarder(dir, 400, 1024) + ")");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("hoard.lua:4: error: not enough memory"));
}
#endif

TEST_CASE("packs are found through ARBITER_PATH too", "[cli]") {
  const auto run = arbiter("packs");
  CHECK_THAT(run.output, Contains("demo-house"));
  // Only the output: the error stream warns of /nonexistent (the next test).
  const auto explained =
      shell(std::string("(ARBITER_PATH=/nonexistent:examples/packs ") + ARBITER_BINARY + " explain demo-house wounds 2>/dev/null)");
  CHECK(explained.exit_code == 0);
  CHECK_THAT(explained.output, StartsWith("table wounds = { max = 4, penalty_per_wound = 1 }\n"));
}

TEST_CASE("a folder of ARBITER_PATH that is not there is warned of once, on the error stream, and the rest searched",
          "[cli]") {
  // The variable may be shared by machines that do not all have every folder: a warning, where a
  // --pack-path typed for this command is refused.
  const std::string env = "ARBITER_PATH=/nonexistent:README.md:examples/packs ";
  const std::string missing = "warning: $ARBITER_PATH: there is no folder '/nonexistent': no packs are searched there\n";
  const std::string file = "warning: $ARBITER_PATH: 'README.md' is not a folder: no packs are searched there\n";
  // `test` loads the packs again for each test file; only the error stream is read.
  const auto tested = shell("(" + env + ARBITER_BINARY + " test demo-house >/dev/null)");
  CHECK(tested.exit_code == 0);
  CHECK(occurrences(tested.output, missing) == 1);
  CHECK(occurrences(tested.output, file) == 1);
  const auto listed = shell("(" + env + ARBITER_BINARY + " packs 2>/dev/null)");
  CHECK(listed.exit_code == 0);
  CHECK_THAT(listed.output, Contains("demo-house 1.0.0  examples/packs/demo-house\n") && !Contains("warning"));
  CHECK(occurrences(shell("(" + env + ARBITER_BINARY + " packs >/dev/null)").output, missing) == 1);
  // Without the variable, or with every folder there, nothing is said.
  CHECK(shell("(ARBITER_PATH=examples/packs " + std::string(ARBITER_BINARY) + " packs >/dev/null)").output.empty());
}

TEST_CASE("arbiter packs runs manifests under the global budgets, stops a stuck one with an error, shows print",
          "[cli][packs][budget]") {
  // A manifest is a stranger's code too. docs/packs.md: "If a call is still there 2 s after its
  // time budget, Arbiter stops with an error at the line that called it (exit 1)"; `packs` made a
  // sandbox of its own, without the options' ceiling, the watchdog's stop or print: it aborted
  // (exit 134, no list), said 200000000 instructions under --max-instructions 1000000.
  TempDir dir;
  const auto manifest = [&](const std::string& name, const std::string& code) {
    std::filesystem::create_directories(dir.path / name);
    std::ofstream(dir / (name + "/pack.lua")) << code << "\nreturn { name = '" << name << "', version = '1.0.0' }\n";
  };
  manifest("loopm", "print('reading loopm') while true do end");
  const std::string search = std::string(ARBITER_BINARY) + " --pack-path " + dir.path.string();
  const auto looped = shell(search + " --max-instructions 1000000 packs");
  CHECK(looped.exit_code == 1);
  CHECK_THAT(looped.output, Contains((dir / "loopm/pack.lua") + ":1: error: instruction budget exhausted"));
  CHECK_THAT(looped.output, Contains("ran more than 1000000 Lua instructions"));
  CHECK_THAT(looped.output, Contains("reading loopm"));
  manifest("patm", "local s = ('a'):rep(40) local x = s:find(('a*'):rep(40) .. 'b')");
  const auto stuck = shell(search + " --max-seconds 1 packs");
  CHECK(stuck.exit_code == 1);
  CHECK_THAT(stuck.output, Contains((dir / "patm/pack.lua") + ":1: error:"));
}

TEST_CASE("a --pack-path that is not a folder is refused as bad usage, not searched for nothing", "[cli][bad-input]") {
  const auto missing = arbiter("--pack-path /nonexistent packs");
  CHECK(missing.exit_code == 2);
  CHECK_THAT(missing.output, Contains("--pack-path: there is no folder '/nonexistent': name a folder that holds packs"));
  const auto file = arbiter("explain demo-base --pack-path README.md");
  CHECK(file.exit_code == 2);
  CHECK_THAT(file.output, Contains("--pack-path: 'README.md' is not a folder: name a folder that holds packs"));
}

TEST_CASE("the option --pack-path takes one folder each time it is given: its help says so, and 'A:B' is told to be "
          "given twice",
          "[cli][bad-input]") {
  // docs/packs.md: "--pack-path DIR (in the order given)"; $ARBITER_PATH is the colon-separated one.
  // The help showed `--pack-path DIR:DIR`, and `--pack-path A:B` was refused as no folder, no more.
  const std::string help = arbiter("--help").output;
  CHECK_THAT(help, Contains("--pack-path DIR "));
  CHECK_THAT(help, !Contains("DIR:DIR"));
  const auto joined = arbiter("--pack-path examples/packs:tests/packs-shadowing packs");
  CHECK(joined.exit_code == 2);
  CHECK_THAT(joined.output, Contains("--pack-path: there is no folder 'examples/packs:tests/packs-shadowing': name each "
                                     "folder with its own --pack-path (--pack-path examples/packs --pack-path "
                                     "tests/packs-shadowing)"));
  // A part that is no folder either: the colon was not meant as a list.
  CHECK_THAT(arbiter("--pack-path examples/packs:nowhere packs").output,
             Contains("there is no folder 'examples/packs:nowhere': name a folder that holds packs"));
  CHECK(shell(std::string(ARBITER_BINARY) + " --pack-path examples/packs --pack-path rules explain platemail-house")
            .exit_code == 0);
}

TEST_CASE("an empty value where a file, a folder or a pack is named is bad usage naming the option, for every "
          "subcommand, and a campaign's save is left as it was",
          "[cli][bad-input]") {
  // A GM's script with an unset variable (`--resume "$SAVE"`) gives an empty value: taken as "not
  // given", it played a fresh fight and --save wrote it over the campaign's save, exit 0.
  TempDir dir;
  const std::string skirmish = "run examples/platemail/skirmish.lua --orders examples/platemail/skirmish-round";
  const std::string save = dir / "campaign.json";
  REQUIRE(arbiter(skirmish + "1.txt --seed 7 --quiet --save " + save).exit_code == 0);
  const std::string campaign = read_text(save);
  const std::string sheet = "examples/platemail/skirmish-round2.txt";
  const std::vector<std::pair<std::string, std::string>> empties{
      {skirmish + "2.txt --quiet --resume '' --save " + save, "--resume"},
      {skirmish + "2.txt --quiet --resume " + save + " --save ''", "--save"},
      {skirmish + "2.txt --quiet --resume " + save + " --log ''", "--log"},
      {skirmish + "2.txt --quiet --resume " + save + " --house ''", "--house"},
      {"run '' --seed 1", "ENCOUNTER"},
      {"run examples/platemail/skirmish.lua --seed 1 --orders ''", "--orders"},
      {"check " + sheet + " --encounter examples/platemail/skirmish.lua --resume ''", "--resume"},
      {"check " + sheet + " --encounter ''", "--encounter"},
      {"check " + sheet + " --encounter examples/platemail/skirmish.lua --house ''", "--house"},
      {"check " + sheet + " --rules ''", "--rules"},
      {"check '' --rules platemail", "SHEET"},
      {"fmt ''", "SHEET"},
      {"test ''", "PACK"},
      {"explain ''", "PACK... [NAME]"},
      {"lua '' -e 'return 1'", "PACK... [FILE]"},
  };
  for (const auto& [command, option] : empties) {
    const auto run = arbiter(command);
    CAPTURE(command, run.output);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.output, Contains(option + ": the value is empty, which names no "));
  }
  CHECK(read_text(save) == campaign);
}

TEST_CASE("a pack's own folder given as a folder of packs is told, with its parent, when a pack is not found",
          "[cli][bad-input]") {
  // The search path takes folders that hold packs: a pack's own folder on it holds none.
  const std::string binary = ARBITER_BINARY;
  const auto note = [](const std::string& pack) {
    return "examples/packs/" + pack + " is itself a pack (it holds pack.lua), not a folder of packs: the search path "
           "takes the folder that holds packs, here its parent, examples/packs";
  };
  const auto given = shell(binary + " --pack-path examples/packs/demo-house explain demo-house");
  CHECK(given.exit_code == 1);
  CHECK_THAT(given.output, Contains("error: no pack named 'demo-house' was found") && Contains(note("demo-house")));
  const auto inherited = shell("ARBITER_PATH=examples/packs/demo-house/ " + binary + " explain demo-house");
  CHECK(inherited.exit_code == 1);
  CHECK_THAT(inherited.output, Contains(note("demo-house")));
  // A requirement not found says so too: demo-house requires demo-base.
  const auto required = shell(binary + " --pack-path examples/packs/demo-base explain examples/packs/demo-house");
  CHECK(required.exit_code == 1);
  CHECK_THAT(required.output, Contains("pack 'demo-house' requires 'demo-base', which was not found") &&
                                  Contains(note("demo-base")));
  // A folder of packs is no pack: nothing to tell.
  CHECK_THAT(arbiter("explain no-such-pack").output, !Contains("is itself a pack"));
  // `arbiter packs`, which lists none of the pack's, says why too.
  const auto listed = shell("(" + binary + " --pack-path examples/packs/demo-house packs >/dev/null)");
  CHECK_THAT(listed.output, Contains("note: " + note("demo-house") + "\n"));
  CHECK_THAT(shell("(" + binary + " --pack-path examples/packs packs >/dev/null)").output, !Contains("is itself a pack"));
}

TEST_CASE("the places searched for a pack not found mark the folders that are not there", "[cli][bad-input]") {
  const auto run = shell("ARBITER_PATH=/nonexistent:examples/packs " + std::string(ARBITER_BINARY) + " explain no-such-pack");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("searched: /nonexistent (no such folder), examples/packs, rules"));
}

TEST_CASE("a pack whose copy further down the search path it hides is told once, on the error stream", "[cli]") {
  // arbiter() searches examples/packs first, so its demo-base 1.0.0 hides tests/packs-shadowing's 9.0.0.
  const std::string note = "note: pack 'demo-base' is loaded from examples/packs/demo-base, which comes first on the "
                           "search path and hides the one in tests/packs-shadowing/demo-base (9.0.0)\n";
  const auto tested = arbiter("--pack-path tests/packs-shadowing test demo-base");
  CHECK(tested.exit_code == 0);
  CHECK_THAT(tested.output, StartsWith(note));  // once, though each test file loads the packs again
  CHECK(tested.output.find(note, 1) == std::string::npos);
  const auto explained = arbiter("--pack-path tests/packs-shadowing explain demo-base wounds");
  CHECK(explained.exit_code == 0);
  CHECK_THAT(explained.output, Contains(note));
  // Named by its folder, a pack is the user's choice: nothing to tell. Nor is there without a copy.
  CHECK_THAT(arbiter("--pack-path tests/packs-shadowing test examples/packs/demo-base").output, !Contains("note:"));
  CHECK_THAT(arbiter("test demo-base").output, !Contains("note:"));
}

TEST_CASE("arbiter packs lists what it finds and reports broken manifests", "[cli]") {
  const auto run = arbiter("packs");
  CHECK(run.exit_code == 1);  // tests/packs holds broken packs on purpose
  CHECK_THAT(run.output, Contains("demo-base 1.0.0  examples/packs/demo-base\n"
                                  "    A tiny duel ruleset: one attack, a wound limit, and an attack bonus hook.\n"));
  CHECK_THAT(run.output, Contains("demo-house 1.0.0  examples/packs/demo-house\n"
                                  "    House rules for demo-base: tougher characters and a bonus for the bold.\n"
                                  "    requires demo-base >= 1.0, < 2\n"));
  CHECK_THAT(run.output, Contains("tests/packs/no-name/pack.lua:2:1: error: the manifest has no 'name'"));
  // A copy hidden by one of the same name earlier on the search path is shown with its version,
  // so that the newer of the two is seen.
  CHECK_THAT(arbiter("--pack-path tests/packs-shadowing packs").output,
             Contains("demo-base 9.0.0  tests/packs-shadowing/demo-base\n    hidden by the pack of the same name above\n"));
}

TEST_CASE("arbiter packs does not call a copy of the same files hidden (docs/packs.md: 'hides nothing and is not "
          "told')",
          "[cli]") {
  // A second checkout's rules/ and the rules built into a binary from the first are one pack found twice.
  TempDir dir;
  std::filesystem::copy("examples/packs/demo-base", dir.path / "demo-base", std::filesystem::copy_options::recursive);
  const auto listed = [&] { return arbiter("--pack-path " + dir.path.string() + " packs").output; };
  const std::string copy = (dir.path / "demo-base").string();
  CHECK_THAT(listed(), !Contains(copy));
  // A copy that differs is hidden, and told.
  { std::ofstream(dir.path / "demo-base" / "init.lua", std::ios::app) << "-- a house change\n"; }
  CHECK_THAT(listed(), Contains("demo-base 1.0.0  " + copy + "\n    hidden by the pack of the same name above\n"));
}

TEST_CASE("arbiter test runs each case alone and reports each failure at its line", "[cli][pack-tests]") {
  const auto run = arbiter("test tested");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("tests/packs/tested/tests/a_cases_test.lua\n"
                                  "  ok    a passing case\n"
                                  "  FAIL  a failing check names its line\n"
                                  "        tests/packs/tested/tests/a_cases_test.lua:11: error: wound limit: "
                                  "expected 5, got 3\n"));
  CHECK_THAT(run.output, Contains("  FAIL  a runaway case fails alone\n"
                                  "        tests/packs/tested/tests/a_cases_test.lua:15: error: instruction budget "
                                  "exhausted: pack 'tested tests' ran more than 1000000"));
  CHECK_THAT(run.output, Contains("  FAIL  an error in the case\n"
                                  "        tests/packs/tested/tests/a_cases_test.lua:20: error: attempt to index a "
                                  "nil value (field 'axe')"));
  CHECK_THAT(run.output, Contains("  ok    the case after them still runs\n"));
  CHECK_THAT(run.output, Contains("tests/packs/tested/tests/b_broken_test.lua\n"
                                  "  FAIL  the file did not load\n"
                                  "        tests/packs/tested/tests/b_broken_test.lua:4:6: error: syntax error near "
                                  "'is'"));
  CHECK_THAT(run.output, Contains("tests/packs/tested/tests/c_changes_test.lua\n"
                                  "  ok    definitions are as the packs made them\n"));
  CHECK_THAT(run.output, Contains("  FAIL  a bad fight setup is told at the test's line\n"
                                  "        tests/packs/tested/tests/d_setup_test.lua:5: error: <fight.new>: there is no "
                                  "cell Z9 on this 4×3 grid"));
  CHECK_THAT(run.output, Contains("tests/packs/tested/tests/e_equal_test.lua\n"
                                  "  ok    test.equal names the first key where tables differ and both values there\n"
                                  "  ok    a long value is cut at its end: the message keeps both values\n"
                                  "  ok    two long strings are shown where they first differ, with the text around "
                                  "it in each\n"
                                  "  ok    two different numbers that print alike are shown with the digits that tell "
                                  "them apart, and only they\n"));
  CHECK_THAT(run.output, Contains("  ok    NaN is near no value, itself included, whichever side it is on\n"));
  CHECK_THAT(run.output, EndsWith("9 passed, 5 failed\n"));
}

TEST_CASE("arbiter test fails a case that misspells a check at its line, naming the nearest", "[cli][pack-tests]") {
  const auto run = arbiter("test typo-api-tests");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("  FAIL  a misspelt check fails its case, naming the nearest\n"
                                  "        tests/packs/typo-api-tests/tests/names_test.lua:4: error: there is no "
                                  "arbiter.test function named 'equl'; did you mean 'equal'?\n"));
  CHECK_THAT(run.output, EndsWith("1 passed, 1 failed\n"));
}

TEST_CASE("arbiter test fails a case at the round whose action failed, unless the case expects it with test.fails",
          "[cli][pack-tests]") {
  // Once narrated ("Ana's Fumble fails: …") and passed; then told at the case's end, after the
  // error the failure caused as the case went on (an event never logged, indexed).
  const auto run = arbiter("test failing-fights");
  CHECK(run.exit_code == 1);
  const std::string file = "tests/packs/failing-fights/tests/failures_test.lua";
  const std::string expect_it = "        (a case that expects an action to fail plays its round inside test.fails; "
                                "f:failures() then lists the failures)\n";
  CHECK_THAT(run.output, Contains("  FAIL  an action that fails in a round fails the case at the round's line\n"
                                  "        " + file + ":12: error: Ana's Fumble failed in round 1: "
                                  "tests/packs/failing-fights/init.lua:7: the blade slips (and 1 more failed action)\n" +
                                  expect_it));
  CHECK_THAT(run.output, Contains("  FAIL  the case ends at the round whose action failed, before what the failure left "
                                  "undone trips it\n"
                                  "        " + file + ":17: error: Ana's Fumble failed in round 1: "
                                  "tests/packs/failing-fights/init.lua:7: the blade slips\n" +
                                  expect_it));
  CHECK_THAT(run.output, !Contains("attempt to index a nil value"));
  CHECK_THAT(run.output, Contains("  ok    a case that expects a failure plays its round inside test.fails, and reads "
                                  "the fight after it\n"));
  CHECK_THAT(run.output, Contains("  ok    dice given and never rolled are warned of\n"
                                  "        " + file + ":5: warning: 2 of the dice given to this fight were not "
                                  "rolled: 4, 2\n"));
  // Those fights, let go of in a later case, are not told of again there.
  CHECK_THAT(run.output, Contains("  ok    what the fights of earlier cases left to tell was told at their ends, not "
                                  "again here\n  ok  "));
  CHECK(occurrences(run.output, "not rolled") == 1);
  CHECK(occurrences(run.output, "the blade slips") == 2);
  // The fixture's other cases pin what its actions meet: a misspelt context field, a crowded cell.
  CHECK_THAT(run.output, EndsWith("6 passed, 2 failed\n"));
}

TEST_CASE("arbiter test fails a caught failed check and a nested case and a file of no case", "[cli][pack-tests]") {
  // Each of these once passed: "2 passed, 0 failed" for a pack whose every case should fail.
  const auto run = arbiter("test lenient-tests");
  CHECK(run.exit_code == 1);
  const std::string file = "tests/packs/lenient-tests/tests/";
  CHECK_THAT(run.output, Contains("  FAIL  a failed check a pcall catches still fails its case\n"
                                  "        " + file + "a_caught_test.lua:4: error: one is two: expected 2, got 1 "
                                  "(caught by a pcall, a failed check still fails its case: test.fails expects an "
                                  "error)\n"));
  CHECK_THAT(run.output, Contains("  FAIL  so does one caught inside a function\n"
                                  "        " + file + "a_caught_test.lua:8: error: a truth: expected a true value, got "
                                  "false (caught by a pcall"));
  CHECK_THAT(run.output, Contains("  ok    test.fails expects a failed check, and returns the message\n"));
  CHECK_THAT(run.output, Contains("  FAIL  a case registered inside a case fails the outer case\n"
                                  "        " + file + "a_caught_test.lua:18: error: test case 'inner' is registered "
                                  "inside test case 'a case registered inside a case fails the outer case', where it "
                                  "would never run"));
  CHECK_THAT(run.output, !Contains("inner ran and fails"));
  // test.cases, which the file may call, forgets nothing the runner runs.
  CHECK_THAT(run.output, Contains(file + "b_drained_test.lua\n"
                                  "  FAIL  a case a file asked test.cases for still runs\n"
                                  "        " + file + "b_drained_test.lua:2: error: must be reported\n"));
  CHECK_THAT(run.output, Contains("  ok    the list holds the cases so far\n"));
  CHECK_THAT(run.output, Contains(file + "c_none_test.lua\n"
                                  "  FAIL  the file registers no test case\n"
                                  "        " + file + "c_none_test.lua: error: the file registers no test case: a test "
                                  "file gives its cases with test.case(name, function() … end)\n"));
  CHECK_THAT(run.output, EndsWith("2 passed, 5 failed\n"));
}

namespace {

// A pack `name` in `dir` whose one test file, tests/<name>_test.lua, holds `tests`, tested with
// `options` before the command.
Run test_pack_of_one_file(const TempDir& dir, const std::string& name, const std::string& tests,
                          const std::string& options = "") {
  std::filesystem::create_directories(dir.path / name / "tests");
  std::ofstream(dir.path / name / "pack.lua") << "return { name = '" << name << "', version = '1.0.0' }\n";
  std::ofstream(dir.path / name / "init.lua") << "";
  std::ofstream(dir.path / name / "tests" / (name + "_test.lua")) << tests;
  return arbiter(options + "--pack-path " + dir.path.string() + " test " + name);
}

}  // namespace

TEST_CASE("arbiter test tells the cases before one the watchdog stops, and names that one", "[cli][pack-tests]") {
  // docs/packs.md: a call stuck in a built-in function past its time budget stops Arbiter with an
  // error (exit 1). The results were printed once the file ended, which it never did: "ok passes"
  // and "FAIL fails" were lost, and the stuck case was not named.
  TempDir dir;
  const auto run = test_pack_of_one_file(dir, "stuckcase",
                                         "local test = require 'arbiter.test'\n"
                                         "test.case('passes', function() test.equal(1, 1) end)\n"
                                         "test.case('fails', function() test.equal(1, 2) end)\n"
                                         "test.case('backtracks', function()\n"
                                         "  local s = ('a'):rep(40) return s:find(('a*'):rep(40) .. 'b')\n"
                                         "end)\n"
                                         "test.case('never reached', function() end)\n",
                                         "--max-seconds 1 ");
  INFO(run.output);
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("  ok    passes\n  FAIL  fails\n"));
  CHECK_THAT(run.output, Contains("  FAIL  backtracks\n"));
  CHECK_THAT(run.output, Contains("stuckcase_test.lua:5: error:"));
  CHECK_THAT(run.output, !Contains("never reached"));
}

TEST_CASE("arbiter test counts against a case only what the packs keep, not what the cases before let go of",
          "[cli][pack-tests]") {
  // docs/packs.md: "each case runs on its own with the pack's budget, so a runaway case fails
  // alone". With 8 MiB a call (16 MiB in all), a runaway's table and a 3 MiB string dropped
  // before, still uncollected, left no room for the next: case b failed.
  TempDir dir;
  const auto run = test_pack_of_one_file(dir, "heap",
                                         "local test = require 'arbiter.test'\n"
                                         "test.case('runaway', function()\n"
                                         "  local t = {}\n"
                                         "  for j = 1, 1e9 do t[j] = j end\n"
                                         "end)\n"
                                         "for _, name in ipairs { 'a', 'b', 'c', 'd' } do\n"
                                         "  test.case(name, function()\n"
                                         "    test.equal(#string.rep(name, 3 << 20), 3 << 20)\n"
                                         "  end)\n"
                                         "end\n",
                                         "--max-memory 8 ");
  CHECK_THAT(run.output, Contains("  FAIL  runaway\n"
                                  "        " + (dir / "heap/tests/heap_test.lua") +
                                  ":4: error: memory budget exhausted: pack 'heap tests' needed more than 8 MiB in "
                                  "one call"));
  CHECK_THAT(run.output, Contains("  ok    a\n  ok    b\n  ok    c\n  ok    d\n"));
  CHECK_THAT(run.output, EndsWith("4 passed, 1 failed\n"));
}

TEST_CASE("arbiter test refuses a second case of a name, naming the first's line", "[cli][pack-tests]") {
  // Two cases of one name: the report could not tell which of them failed.
  TempDir dir;
  const auto run = test_pack_of_one_file(dir, "twice",
                                         "local test = require 'arbiter.test'\n"
                                         "test.case('same', function() end)\n"
                                         "test.case('other', function() end)\n"
                                         "test.case('same', function() end)\n");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("  FAIL  the file did not load\n"
                                  "        " + (dir / "twice/tests/twice_test.lua") +
                                  ":4: error: test case 'same' is registered twice, first at line 2: give each case "
                                  "its own name, so that the report tells them apart"));
}

TEST_CASE("arbiter test tells an encounter the rules refuse in a round at the test's line without blaming the pack",
          "[cli][pack-tests]") {
  // docs/world.md: world.encounter_error is "the encounter's mistake ... not blamed on the pack",
  // as `arbiter run` tells it; in a test, at the test's line, as fight.new tells its own.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "trio" / "tests");
  std::ofstream(dir / "trio/pack.lua") << "return { name = 'trio', version = '1.0.0', requires = { 'tempo' } }\n";
  std::ofstream(dir / "trio/init.lua") << "";
  std::ofstream(dir / "trio/tests/trio_test.lua")
      << "local test = require 'arbiter.test'\n"
         "local fight = require 'arbiter.fight'\n"
         "test.case('three Bound', function()\n"
         "  local function bound(name, side, at)\n"
         "    return { name = name, side = side, at = at, weapon = 'Sword', stats = { guard = 'Bound' } }\n"
         "  end\n"
         "  local f = fight.new { map = { width = 4, height = 2 }, characters = { bound('Ana', 'a', 'A1'),\n"
         "                        bound('Bo', 'b', 'B1'), bound('Cy', 'b', 'A2') } }\n"
         "  f:round()\n"
         "end)\n";
  const auto run = arbiter("--pack-path " + dir.path.string() + " test trio");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("trio_test.lua:9: error: <fight.new>: Cy's guard is \"Bound\", but every enemy "
                                  "within reach who could share the bind with it (Ana) shares one with another"));
  CHECK_THAT(run.output, !Contains("in pack 'tempo'"));
  CHECK_THAT(run.output, !Contains("tempo.lua"));  // no traceback into the pack
}

TEST_CASE("arbiter test of a pack without tests is an error, not a silent pass", "[cli][pack-tests]") {
  const auto run = arbiter("test rival-house");
  CHECK(run.exit_code == 1);
  CHECK(run.output == "tests/packs/rival-house/tests: error: pack 'rival-house' has no tests (tests/*.lua in its "
                      "folder, written with arbiter.test: docs/writing-actions.md shows how; a link leading out of "
                      "the folder is not one)\n");
  CHECK_THAT(run.output, !Contains("failed"));  // no case failed: there were none
  // Beside a pack with tests, its own are counted as they are, and the run still fails.
  const auto both = arbiter("test demo-base orders-demo");
  CHECK(both.exit_code == 1);
  CHECK_THAT(both.output, Contains("error: pack 'orders-demo' has no tests"));
  CHECK_THAT(both.output, EndsWith("5 passed, 0 failed\n"));
}

TEST_CASE("a pack's test file that a link leads out of its folder is neither run nor shown", "[cli][pack-tests]") {
  // As `require` refuses a module there: a stranger's pack must not run, nor show in a syntax
  // error, a file elsewhere (a key, a password file).
  TempDir dir;
  const auto outside = dir.path / "outside";
  std::filesystem::create_directories(outside);
  std::ofstream(outside / "secret.txt") << "SECRET-TOKEN sk_live_123\n";  // not Lua: a syntax error would show it
  std::ofstream(outside / "runs_test.lua") << "print('OUTSIDE RAN') require('arbiter.test').case('x', function() end)\n";
  const auto pack = [&](const std::string& name) {
    std::filesystem::create_directories(dir.path / "packs" / name);
    std::ofstream(dir.path / "packs" / name / "pack.lua") << "return { name = \"" << name << "\", version = \"1\" }\n";
  };
  pack("linked-file");
  std::filesystem::create_directories(dir.path / "packs/linked-file/tests");
  std::filesystem::create_symlink(outside / "secret.txt", dir.path / "packs/linked-file/tests/key.lua");
  std::filesystem::create_symlink(outside / "runs_test.lua", dir.path / "packs/linked-file/tests/runs_test.lua");
  pack("linked-folder");
  std::filesystem::create_directory_symlink(outside, dir.path / "packs/linked-folder/tests");
  for (const std::string name : {"linked-file", "linked-folder"}) {
    const auto run = arbiter("--pack-path " + (dir.path / "packs").string() + " test " + name);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, !Contains("SECRET") && !Contains("sk_live") && !Contains("OUTSIDE RAN"));
    CHECK_THAT(run.output, Contains("error: pack '" + name + "' has no tests (tests/*.lua in its folder, written with "
                                    "arbiter.test: docs/writing-actions.md shows how; a link leading out of the folder "
                                    "is not one)"));
  }
  // A link that stays inside the folder is a test file like any other.
  std::ofstream(dir.path / "packs/linked-file/cases.lua") << "require('arbiter.test').case('inside', function() end)\n";
  std::filesystem::create_symlink(dir.path / "packs/linked-file/cases.lua", dir.path / "packs/linked-file/tests/in_test.lua");
  const auto inside = arbiter("--pack-path " + (dir.path / "packs").string() + " test linked-file");
  CHECK(inside.exit_code == 0);
  CHECK_THAT(inside.output, Contains("ok    inside") && Contains("1 passed, 0 failed"));
}

TEST_CASE("a test case's name is shown whole, a NUL byte in it escaped", "[cli][pack-tests]") {
  TempDir dir;
  std::filesystem::create_directories(dir.path / "named/tests");
  std::ofstream(dir.path / "named/pack.lua") << "return { name = \"named\", version = \"1\" }\n";
  std::ofstream(dir.path / "named/tests/names_test.lua")
      << "local test = require 'arbiter.test'\n"
         "test.case('first\\0hidden part', function() end)\n";
  const auto run = arbiter("--pack-path " + dir.path.string() + " test named");
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("ok    first\\x00hidden part"));
}

TEST_CASE("arbiter check accepts valid sheets with one line per character", "[cli][orders]") {
  const auto run = arbiter(
      "check examples/orders/round1-players.txt --rules orders-demo --encounter examples/orders/encounter.lua");
  CHECK(run.exit_code == 0);
  CHECK(run.output ==
        "Aldric: 1: Charge -> closest enemy | 2: IF I reach the enemy THEN Full Attack -> Closest Enemy ELSE "
        "Charge -> closest enemy\n"
        "Brienne: 1: Move 15' S, S, SW | 2: IF \"Orc #2\" is down THEN Ranged Attack -> most injured enemy ELSE "
        "Ranged Attack -> \"Orc #2\"\n");
}

TEST_CASE("arbiter check reads a sequential flow's sheets: entries and standing orders, with their mistakes",
          "[cli][orders]") {
  const auto run = arbiter("check examples/tempo/duel-round3.txt --encounter examples/tempo/duel.lua");
  CHECK(run.exit_code == 0);
  // A round 3 sheet for a fight not started: rounds 1 and 2 go on the default order, as run says.
  CHECK(run.output ==
        "examples/tempo/duel-round3.txt:1:1: warning: no sheet orders rounds 1 to 2: every character takes the default "
        "order\n  Round 3\n  ^\n"
        "Ilse: 1: Melee Attack -> my opponent | 2: Melee Attack -> my opponent | ON Melee Attack: Parry | "
        "ON Counter-Attack: CT Parry\n"
        "Konrad: 1: Melee Attack -> my opponent | ON Melee Attack: Counter-Attack | "
        "ON Counter-Attack: CT Counter-Attack\n");
  const auto typo = arbiter("check tests/orders/misspelt-standing-order.txt --encounter examples/tempo/duel.lua");
  CHECK(typo.exit_code == 1);
  CHECK_THAT(typo.output, Contains("misspelt-standing-order.txt:3:6: error: unknown action 'Mele Attack' after ON\n"));
  // A slip of a letter is told its own name alone, not every action sharing its word "Attack".
  CHECK_THAT(typo.output, Contains("after ON\n    ON Mele Attack: Pary\n       ^\n  did you mean 'Melee Attack'?\n"));
  CHECK_THAT(typo.output, Contains("misspelt-standing-order.txt:3:19: error: unknown action 'Pary'\n"));
}

TEST_CASE("arbiter check and run refuse what the tempo rules never take: a reaction as a turn entry, a turn's "
          "action or another's answer as a standing order",
          "[cli][orders]") {
  // Rules text (rules/tempo/README.md): reactions are a "Response To" the actions they name, and
  // only proactive actions are taken on one's turn. Struggle answers Escape, Pin, Unarmed Attack;
  // Counter-Attack answers Move, Combat Move, Melee Attack, Unarmed Attack (and replaces a Feint
  // that draws a Parry).
  const std::string sheet = "tests/orders/never-taken.txt";
  const auto check = arbiter("check " + sheet + " --encounter examples/tempo/duel.lua");
  CHECK(check.exit_code == 1);
  CHECK_THAT(check.output, Contains(sheet + ":3:6: error: 'Parry' answers another's action (Melee Attack, Unarmed "
                                            "Attack), it is not taken on one's turn\n"));
  CHECK_THAT(check.output, Contains("write it as a standing order: 'ON Melee Attack: Parry'"));
  CHECK_THAT(check.output, Contains(sheet + ":5:20: error: 'Melee Attack' is taken on one's own turn, it does not "
                                            "answer another's action\n"));
  CHECK_THAT(check.output, Contains(sheet + ":8:20: error: 'Retreat' does not answer Melee Attack: it answers Move, "
                                            "Combat Move\n"));
  CHECK_THAT(check.output, Contains(sheet + ":9:11: error: 'Counter-Attack' does not answer Aim: it answers Move, "
                                            "Combat Move, Melee Attack, Unarmed Attack, Parry\n"));  // a Parry of one's Feint
  // Each branch of a standing order answers its trigger: Struggle answers an Unarmed Attack.
  CHECK_THAT(check.output, Contains(sheet + ":10:55: error: 'Retreat' does not answer Unarmed Attack"));
  CHECK_THAT(check.output, !Contains(":10:41:"));
  // run checks every sheet before the first round: nothing is played.
  const auto run = arbiter("run examples/tempo/duel.lua --seed 1 --orders " + sheet);
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains(sheet + ":8:20: error: 'Retreat' does not answer Melee Attack"));
  CHECK_THAT(run.output, !Contains("Round 1"));
  // A house rule's action, defined as docs/writing-actions.md shows, is checked by its row too:
  // the Lunge is proactive ("kind = proactive"), and Parry answers it by the house's patch.
  TempDir dir;
  std::ofstream(dir / "lunge.txt") << "Round 1\nIlse:\n  ON Melee Attack: Lunge -> my opponent\nKonrad:\n"
                                      "  1: Lunge -> my opponent\n  ON Lunge: Parry\n";
  const auto house = arbiter("--pack-path examples/packs check " + (dir / "lunge.txt") + " --rules tempo tempo-lunge");
  CHECK(house.exit_code == 1);
  CHECK_THAT(house.output, Contains("lunge.txt:3:20: error: 'Lunge' is taken on one's own turn, it does not answer "
                                    "another's action\n"));
  CHECK_THAT(house.output, !Contains(":6:"));
}

TEST_CASE("a tempo sheet's entry 0 is refused at its line by check and by run alike", "[cli][orders]") {
  // The fight reads a turn from entry 1: an entry 0 that passed the check was never taken.
  TempDir dir;
  std::ofstream(dir / "zero.txt") << "Round 1\nIlse:\n  0: Melee Attack -> my opponent\n"
                                     "  1: Melee Attack -> my opponent\nKonrad:\n";
  const std::string error = (dir / "zero.txt") + ":3:3: error: there is no entry 0: entries are numbered from 1\n";
  const auto check = arbiter("check " + (dir / "zero.txt") + " --encounter examples/tempo/duel.lua");
  CHECK(check.exit_code == 1);
  CHECK_THAT(check.output, Contains(error));
  const auto run = arbiter("run examples/tempo/duel.lua --seed 1 --orders " + (dir / "zero.txt"));
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains(error));
  CHECK_THAT(run.output, !Contains("Round 1"));
}

TEST_CASE("a second Action: line in a phase is told by check and run with every other problem of the sheet",
          "[cli][orders]") {
  // It used to stop the sheet's checks against the rules: the unknown action after it went untold.
  TempDir dir;
  std::ofstream(dir / "twice.txt") << "Round 1\nCharacter: Aldric\nFirst Action:\n  Action: Charge\n"
                                      "  Target: closest enemy\n  Action: Defend\nSecond Action:\n  Action: Fly\n";
  const std::string sheet = dir / "twice.txt";
  const std::string second =
      sheet + ":6:3: error: this phase already has an action: start the next phase ('Second Action:') first\n";
  const std::string unknown = sheet + ":8:11: error: unknown action 'Fly'\n";
  for (const Run& told : check_and_run(sheet, "examples/platemail/skirmish.lua")) {
    CHECK(told.exit_code == 1);
    CHECK_THAT(told.output, Contains(second) && Contains(unknown) && !Contains("Round 1"));
  }
}

TEST_CASE("a name of the fight with two blanks between its words is ordered and aimed at as a sheet writes it",
          "[cli][orders]") {
  // A sheet reads "Orc  Brute" unquoted as "Orc Brute": names are compared with runs of blanks
  // collapsed (docs/orders.md), so run finds the encounter's "Orc  Brute" by either spelling.
  TempDir dir;
  std::ofstream(dir / "fight.lua") << "return { rules = { 'platemail' }, map = { width = 8, height = 6 },\n"
                                      "  characters = { { name = 'Aldric', side = 'party', at = 'B2', weapon = 'Sword' },\n"
                                      "    { name = 'Orc  Brute', side = 'orcs', at = 'D2', weapon = 'Axe' } } }\n";
  std::ofstream(dir / "round1.txt") << "Round 1\nAldric:\n  1: Charge -> Orc Brute\n  2: Full Attack -> \"orc brute\"\n"
                                       "\"Orc Brute\":\n  1: Defend\n  2: Defend\n";
  const auto [check, run] = check_and_run(dir / "round1.txt", dir / "fight.lua");
  CHECK(check.exit_code == 0);
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Aldric: Charge → Orc  Brute\n  Orc  Brute: Defend\n") &&
                             Contains("Aldric: Full Attack → Orc  Brute\n"));
}

TEST_CASE("a move toward the character itself is refused by check and by run before anything is played",
          "[cli][orders]") {
  // It used to be taken, and narrated "Aldric: Move → Aldric", moving nowhere.
  TempDir dir;
  std::ofstream(dir / "self.txt") << "Round 1\nAldric:\n  1: Move toward Aldric\n  2: Defend\n";
  const std::string error = (dir / "self.txt") + ":3:18: error: 'Aldric' cannot move toward itself: write where it "
                                                 "moves (compass steps such as 'N, NE', or a cell: 'to C3'), or "
                                                 "someone else to move toward\n";
  // Without the fight, by the name its header writes.
  const auto rules_only = arbiter("check " + (dir / "self.txt") + " --rules platemail");
  CHECK(rules_only.exit_code == 1);
  CHECK_THAT(rules_only.output, Contains(error));
  for (const Run& told : check_and_run(dir / "self.txt", "examples/platemail/skirmish.lua")) {
    CHECK(told.exit_code == 1);
    CHECK_THAT(told.output, Contains(error) && !Contains("Round 1"));
  }
}

TEST_CASE("a move whose only way is its target, the character itself ('Move -> self'), is refused by check and by run",
          "[cli][orders]") {
  // Platemail's Move and Sprint go toward their target: at oneself they were taken, moving nowhere.
  TempDir dir;
  std::ofstream(dir / "self.txt") << "Round 1\nAldric:\n  1: Move -> self\n  2: Sprint 30' -> Aldric\n";
  const std::string toward = "error: 'Aldric' cannot move toward itself: write where it moves (compass steps such as "
                             "'N, NE', or a cell: 'to C3'), or someone else to move toward\n";
  const std::string first = (dir / "self.txt") + ":3:14: " + toward, second = (dir / "self.txt") + ":4:20: " + toward;
  const auto rules_only = arbiter("check " + (dir / "self.txt") + " --rules platemail");
  CHECK(rules_only.exit_code == 1);
  CHECK_THAT(rules_only.output, Contains(first) && Contains(second));
  for (const Run& told : check_and_run(dir / "self.txt", "examples/platemail/skirmish.lua")) {
    CHECK(told.exit_code == 1);
    CHECK_THAT(told.output, Contains(first) && Contains(second) && !Contains("Round 1"));
  }
}

TEST_CASE("a move toward the cell the character stands on is refused as the phase begins, and check warns of it",
          "[cli][orders]") {
  // A cell names whoever stands there when the order is read (docs/orders.md): only the fight can
  // tell it is Aldric's own (skirmish.lua: Aldric at C4, Cedric at C5). It went nowhere, told as a Move.
  TempDir dir;
  std::ofstream(dir / "cell.txt") << "Round 1\nAldric:\n  1: Move -> C4\n  2: Move -> C5\n";
  const std::string reason = "it goes toward its target, and that is Aldric itself: write where it moves, compass "
                             "steps such as 'N, NE' or a cell: 'to C3'";
  const auto [check, run] = check_and_run(dir / "cell.txt", "examples/platemail/skirmish.lua");
  CHECK(check.exit_code == 0);
  CHECK_THAT(check.output, Contains((dir / "cell.txt") + ":3:6: warning: the rules will refuse 'Move -> C4' in round 1, "
                                    "whatever the dice (" + reason + "): Aldric will take Defend, the default order\n"));
  CHECK_THAT(check.output, !Contains(":4:6: warning"));
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("  Aldric: Defend ('Move -> C4' is refused (" + reason + "): Defend, the default "
                                  "order)\n") &&
                             Contains("  Aldric: Move → Cedric\n") && !Contains("Aldric: Move → Aldric"));
}

TEST_CASE("a move toward an empty cell goes to it, as a move to it does", "[cli][orders]") {
  // Platemail: "Actions that involve movement must have their distance and direction declared";
  // a Move's target is where it goes, and a cell no one stands on is that place (skirmish.lua:
  // Cedric at C5, Aldric at C4, no one at C3 or C1). It went nowhere, told as a bare Move.
  TempDir dir;
  std::ofstream(dir / "empty.txt") << "Round 1\nCedric:\n  1: Move -> C3\n  2: Sprint 10' -> C1\n";
  const auto [check, run] = check_and_run(dir / "empty.txt", "examples/platemail/skirmish.lua");
  CHECK(check.exit_code == 0);
  CHECK_THAT(check.output, !Contains("warning"));
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("  Cedric moves from C5 to C3\n") && Contains("  Cedric moves from C3 to C1\n"));
  // docs/orders.md: "An order with no `->` target that moves toward one is taken at it". It stopped
  // beside C3, at C4's side, as toward a character.
  std::ofstream(dir / "toward.txt") << "Round 1\nCedric:\n  1: Move toward C3\n  2: Defend\n";
  const auto [check_toward, run_toward] = check_and_run(dir / "toward.txt", "examples/platemail/skirmish.lua");
  CHECK(check_toward.exit_code == 0);
  CHECK(run_toward.exit_code == 0);
  CHECK_THAT(run_toward.output, Contains("  Cedric moves from C5 to C3\n"));
}

TEST_CASE("an entry given twice is told in the words of the pack's flow: a tempo turn's entry, a Platemail phase",
          "[cli][orders]") {
  TempDir dir;
  std::ofstream(dir / "turns.txt") << "Round 1\nIlse:\n  1: Melee Attack -> my opponent\n"
                                      "  1: Melee Attack -> my opponent\nKonrad:\n  1: Ready\n";
  const std::string entry = (dir / "turns.txt") + ":4:3: error: entry 1 of 'Ilse' is written twice: number a turn's "
                                                  "entries 1, 2, 3… once each\n";
  for (const Run& told : check_and_run(dir / "turns.txt", "examples/tempo/duel.lua")) {
    CHECK(told.exit_code == 1);
    CHECK_THAT(told.output, Contains(entry) && Contains("the first entry 1 is here") && !Contains("phase") &&
                                !Contains("Round 1"));
  }
  std::ofstream(dir / "phases.txt") << "Round 1\nAldric:\n  1: Defend\n  1: Defend\n  2: Defend\n";
  const std::string phase = (dir / "phases.txt") + ":4:3: error: phase 1 of 'Aldric' is ordered twice\n";
  for (const Run& told : check_and_run(dir / "phases.txt", "examples/platemail/skirmish.lua")) {
    CHECK(told.exit_code == 1);
    CHECK_THAT(told.output, Contains(phase) && Contains("the first order for phase 1 is here") && !Contains("Round 1"));
  }
}

TEST_CASE("a house rule's status an encounter starts a fighter in, left out of the list of words, is told how to add",
          "[cli][encounter]") {
  // docs/writing-actions.md, "A status of your own": the status is defined, but the encounter
  // table's words for `guard` are still the source's five.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "prone");
  std::ofstream(dir / "prone/pack.lua") << "return { name = 'prone', version = '1.0.0', requires = { 'tempo' } }\n";
  std::ofstream(dir / "prone/init.lua") << "require('arbiter').define.status('Prone', {})\n";
  std::ofstream(dir / "e.lua") << "return { rules = { 'tempo', 'prone' }, map = { width = 4, height = 1 }, characters = {\n"
                                  "  { name = 'Ana', side = 'a', at = 'A1' },\n"
                                  "  { name = 'Bo', side = 'b', at = 'B1', stats = { guard = 'Prone' } } } }\n";
  const auto run = arbiter("--pack-path " + dir.path.string() + " run " + (dir / "e.lua") + " --rounds 1");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output,
             Contains("e.lua:3:51: error: Bo's guard must be one of \"Off Guard\", \"On Guard\", \"Bound\", \"Grappled\", "
                      "\"Pinned\", not \"Prone\": 'Prone' is a status a pack defines, but not one of the encounter "
                      "table's words for 'guard'; a house rule allows it with arbiter.patch.table(\"encounter\", { stats = "
                      "{ guard = { [6] = \"Prone\" } } })"));
}

TEST_CASE("arbiter check reports an undeclared target GCC style and exits 1", "[cli][orders]") {
  const auto run = arbiter("check examples/orders/round1-players.txt examples/orders/round1-orcs.txt --rules "
                           "orders-demo --encounter examples/orders/encounter.lua");
  CHECK(run.exit_code == 1);
  CHECK(run.output ==
        "examples/orders/round1-orcs.txt:7:101: error: 'guy with the most gold on him' is not a target the rules "
        "declare\n"
        "    2: IF an enemy is within 10' THEN Fall Back away from the closest enemy ELSE Ranged Attack -> the guy "
        "with the most gold on him\n"
        "  " + std::string(100, ' ') + "^\n"
        // Only those sharing a word ("most"): none other is spelt near.
        "  the nearest declared targets: 'the most injured ally', 'the most injured enemy'\n");
}

TEST_CASE("arbiter check --json gives ok, diagnostics and orders", "[cli][orders]") {
  const auto run = arbiter("check examples/orders/round1-orcs.txt --encounter examples/orders/encounter.lua --json");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, StartsWith("{\n  \"diagnostics\": [\n    {\n      \"column\": 101,\n"));
  CHECK_THAT(run.output, Contains("\"ok\": false"));
  CHECK_THAT(run.output, Contains("\"name\": \"Orc #1\""));
}

TEST_CASE("check --help names every key of the JSON report check --json prints", "[cli][orders]") {
  // A reader of --help writes a script for the keys it lists: "warnings" was left out.
  const auto report = nlohmann::json::parse(
      arbiter("check examples/orders/round1-orcs.txt --encounter examples/orders/encounter.lua --json").output);
  const std::string help = arbiter("check --help").output;
  const std::size_t at = help.find("--json");
  REQUIRE(at != std::string::npos);
  const std::string json_line = help.substr(at, help.find('\n', at) - at);
  for (const auto& [key, _] : report.items()) CHECK_THAT(json_line, Contains(key));
}

TEST_CASE("arbiter check reports a sheet that does not parse with the other sheets' problems", "[cli][orders]") {
  const auto run = arbiter("check tests/orders/unterminated.txt examples/orders/round1-orcs.txt --encounter "
                           "examples/orders/encounter.lua");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, StartsWith("tests/orders/unterminated.txt:2:23: error: unterminated quote"));
  CHECK_THAT(run.output, Contains("round1-orcs.txt:7:101: error:"));
}

TEST_CASE("problems and warnings are told in the order of the sheets, as given, in text and in JSON", "[cli][orders]") {
  // docs/orders.md: "Problems are told in the order of the sheets"; "Warnings are told in the
  // order of the sheets". A sheet that did not parse was told before the others' problems, and
  // warnings were sorted by path ("zw.txt" after "aw.txt").
  TempDir dir;
  std::ofstream(dir / "zb.txt") << "Aldric:\n  1: Chrage -> closest enemy\n  2: Defend\n";
  std::ofstream(dir / "aa.txt") << "Brienne:\n  1: Defend\n  2: IF I am wounded Defend\n";
  const std::string sheets = (dir / "zb.txt") + " " + (dir / "aa.txt");
  const auto text = arbiter("check " + sheets + " --rules platemail");
  CHECK(text.exit_code == 1);
  CHECK_THAT(text.output, StartsWith((dir / "zb.txt") + ":2:6: error: unknown action 'Chrage'"));
  CHECK_THAT(text.output, Contains((dir / "aa.txt") + ":3:"));
  const auto json = nlohmann::json::parse(arbiter("check " + sheets + " --rules platemail --json").output);
  REQUIRE(json["diagnostics"].size() == 2);
  CHECK(json["diagnostics"][0]["file"] == dir / "zb.txt");
  CHECK(json["diagnostics"][1]["file"] == dir / "aa.txt");

  std::ofstream(dir / "zw.txt") << "Aldric:\n  1: Move 12' E\n  2: Defend\n";
  std::ofstream(dir / "aw.txt") << "Brienne:\n  1: Move 12' E\n  2: Defend\n";
  const auto warned = arbiter("check " + (dir / "zw.txt") + " " + (dir / "aw.txt") + " --rules platemail");
  CHECK(warned.exit_code == 0);
  CHECK(warned.output.find((dir / "zw.txt") + ":2:11: warning") < warned.output.find((dir / "aw.txt") + ":2:11: warning"));
}

TEST_CASE("a number's comment after a name is warned of with the fight too, when no one has that name", "[cli][orders]") {
  // docs/orders.md: checked without a fight, "-> Orc #3" is warned of; with one that has an Orc and
  // an Orc #2 but no Orc #3 it was read as the Orc in silence. A name of the fight so cut is
  // refused, and not warned of as well.
  TempDir dir;
  std::ofstream(dir / "three.txt") << "Aldric:\n  1: Charge -> Orc #3\n  2: Defend\n";
  const auto three = arbiter("check " + (dir / "three.txt") + " --encounter examples/platemail/skirmish.lua");
  CHECK(three.exit_code == 0);
  CHECK_THAT(three.output, Contains((dir / "three.txt") + ":2:16: warning: 'Orc' is followed by the comment '#3'"));
  std::ofstream(dir / "two.txt") << "Aldric:\n  1: Charge -> Orc #2\n  2: Defend\n";
  const auto two = arbiter("check " + (dir / "two.txt") + " --encounter examples/platemail/skirmish.lua");
  CHECK(two.exit_code == 1);
  CHECK(occurrences(two.output, ":2:16:") == 1);
  CHECK_THAT(two.output, Contains("error: 'Orc #2': a # starts a comment"));
}

TEST_CASE("a file given in another kind's place is told by what it looks like and how to give it, at its first line",
          "[cli][bad-input]") {
  TempDir dir;
  const std::string encounter = "examples/platemail/skirmish.lua";
  const std::string sheet = "examples/platemail/skirmish-round1.txt";
  const std::string save = dir / "state.json", log = dir / "fight.jsonl";
  REQUIRE(arbiter("run " + encounter + " --orders " + sheet + " --seed 1 --quiet --save " + save + " --log " + log)
              .exit_code == 0);
  const auto told = [](const std::string& arguments, const std::string& message) {
    INFO(arguments);
    const auto run = arbiter(arguments);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, StartsWith(message));
    CHECK(occurrences(run.output, "error:") == 1);  // the one message, not the parser's hundred
  };
  told("run " + sheet + " --orders " + sheet,
       sheet + ":3:1: error: this looks like an order sheet, not an encounter: give it with --orders\n  Round 1\n  ^");
  told("run " + save + " --orders " + sheet,
       save + ":1:1: error: this looks like a saved fight (JSON, as run --save writes it), not an encounter: give it "
              "with --resume");
  told("run " + encounter + " --orders " + save,
       save + ":1:1: error: this looks like a saved fight (JSON, as run --save writes it), not an order sheet: give "
              "it with --resume");
  told("run " + encounter + " --resume " + sheet + " --orders " + sheet,
       sheet + ":3:1: error: this looks like an order sheet, not a saved fight: give it with --orders");
  told("run " + encounter + " --resume " + log,
       log + ":1:1: error: this looks like a fight's log (JSON Lines, as run --log writes it), not a saved fight: a "
             "log is a record to read, which no command plays from; a fight resumes from its save (run --save)");
  told("run " + encounter + " --orders " + encounter,
       encounter + ":4:1: error: this looks like an encounter (Lua), not an order sheet: give it first, as the "
                   "ENCOUNTER: arbiter run ENCOUNTER --orders SHEET...");
  // check takes the sheets as its arguments and the encounter with --encounter: its advice says so.
  told("check " + encounter + " --encounter " + encounter,
       encounter + ":4:1: error: this looks like an encounter (Lua), not an order sheet: give it with --encounter");
  told("check " + sheet + " --encounter " + sheet,
       sheet + ":3:1: error: this looks like an order sheet, not an encounter: give it as a SHEET: arbiter check "
               "SHEET... --encounter FILE");
  told("fmt " + save, save + ":1:1: error: this looks like a saved fight (JSON, as run --save writes it), not an "
                             "order sheet: arbiter fmt formats order sheets only");
  // A sheet without a Round line, its first character's numbered orders, is a sheet too.
  std::ofstream(dir / "orders.txt") << "Aldric:\n  1: Defend\n";
  told("run " + (dir / "orders.txt") + " --orders " + sheet,
       dir / "orders.txt" + ":1:1: error: this looks like an order sheet, not an encounter: give it with --orders");
  // A broken file of the kind expected keeps its own error.
  std::ofstream(dir / "broken.txt") << "Aldric:\n  1: Charge -> \"Orc\n";
  told("run " + encounter + " --orders " + (dir / "broken.txt"), dir / "broken.txt" + ":2:16: error: unterminated quote");
}

TEST_CASE("arbiter check without an encounter takes a bare name as run would, warning of one the sheets do not order",
          "[cli][orders]") {
  // docs/orders.md: names are checked against the fight only with --encounter; a bare name
  // ("-> Orc Brute") is someone in the fight to run, so check --rules cannot refuse it. One the
  // sheets order is surely in the fight; another is warned of, with the nearest declared targets.
  TempDir dir;
  std::ofstream(dir / "bare.txt") << "Round 1\nAldric:\n  1: Charge -> Orc Brute\n  2: Full Attack -> closest enemmy\n"
                                     "Orc Brute:\n  1: Charge -> the Aldric\n  2: Defend\n";
  const auto check = arbiter("check " + (dir / "bare.txt") + " --rules platemail");
  CHECK(check.exit_code == 0);
  CHECK_THAT(check.output, Contains((dir / "bare.txt") + ":4:21: warning: 'closest enemmy' is not a target the rules "
                                    "declare: taken as the name of someone in the fight, which only --encounter (or "
                                    "run) can tell\n"));
  CHECK_THAT(check.output, Contains("  the nearest declared targets: 'the closest enemy'"));
  CHECK_THAT(check.output, !Contains(":3:") && !Contains(":6:"));
  CHECK_THAT(check.output, Contains("Aldric: 1: Charge -> Orc Brute | 2: Full Attack -> closest enemmy\n"));
  // Against the fight (and in run) the misspelt target is refused; the names are everyone's.
  const auto fight = arbiter("check " + (dir / "bare.txt") + " --encounter examples/platemail/skirmish.lua");
  CHECK(fight.exit_code == 1);
  CHECK_THAT(fight.output, Contains((dir / "bare.txt") + ":4:21: error: 'closest enemmy' is not a target the rules "
                                    "declare\n"));
  CHECK_THAT(fight.output, !Contains(":3:") && !Contains(":6:"));
}

TEST_CASE("arbiter fmt prints the canonical compact form", "[cli][orders]") {
  const auto run = arbiter("fmt examples/orders/round1-players.txt");
  CHECK(run.exit_code == 0);
  CHECK(run.output ==
        "Round 1\n"
        "Aldric:\n"
        "  1: Charge -> closest enemy\n"
        "  2: IF I reach the enemy THEN Full Attack -> Closest Enemy ELSE Charge -> closest enemy\n"
        "Brienne:\n"
        "  1: Move 15' S, S, SW\n"
        "  2: IF \"Orc #2\" is down THEN Ranged Attack -> most injured enemy ELSE Ranged Attack -> \"Orc #2\"\n");
  // The players' comments are not in the canonical form, and the help says so; a number comment
  // right after a name, which may be part of it, is warned of.
  CHECK_THAT(arbiter("fmt --help").output, Contains("Comments are not kept"));
  TempDir dir;
  std::ofstream(dir / "numbered.txt") << "Character: Orc #2\n  1: Defend\n";
  const auto numbered = arbiter("fmt " + (dir / "numbered.txt"));
  CHECK(numbered.exit_code == 0);
  CHECK_THAT(numbered.output, Contains("Orc:\n  1: Defend\n"));
  CHECK_THAT(numbered.output, Contains("numbered.txt:1:12: warning: 'Orc' is followed by the comment '#2': if 'Orc #2' "
                                       "is a name, write it in quotes, as a # starts a comment: \"Orc #2\""));
  CHECK(arbiter("fmt tests/orders/unterminated.txt").exit_code == 1);
  CHECK(arbiter("fmt no/such/sheet.txt").output ==
        "no/such/sheet.txt: error: cannot read the order sheet: No such file or directory\n");
}

TEST_CASE("fmt warns once of a number comment after a target, as check --rules does", "[cli][orders]") {
  TempDir dir;
  std::ofstream(dir / "numbered.txt") << "Aldric:\n  1: Charge -> Orc #2\n  2: Defend\n";
  for (const std::string command : {"fmt ", "check --rules platemail "}) {
    const auto run = arbiter(command + (dir / "numbered.txt"));
    CAPTURE(command, run.output);
    CHECK(run.exit_code == 0);
    CHECK(occurrences(run.output, "numbered.txt:2:16: warning: 'Orc' is followed by the comment '#2'") == 1);
  }
}

TEST_CASE("a sheet that never ends, a device or a pipe, is refused at once, not read whole", "[cli][orders][bad-input]") {
  // Reading stops at the first control character (docs/orders.md), so /dev/zero is told at its first byte.
  for (const std::string command : {"fmt /dev/zero", "check /dev/zero --rules platemail"}) {
    const auto zero = arbiter(command);
    CHECK(zero.exit_code == 1);
    CHECK_THAT(zero.output, StartsWith("/dev/zero:1:1: error: control character 0x00 cannot appear in a sheet"));
  }
  // A pipe of text that never ends stops past the largest sheet.
  const auto endless = shell("yes 'Aldric:' | " + std::string(ARBITER_BINARY) + " fmt /dev/stdin");
  CHECK(endless.exit_code == 1);
  CHECK_THAT(endless.output, Contains("sheet too long: a sheet may hold at most 16777216 bytes (16 MiB)"));
}

TEST_CASE("arbiter check points at a pack's bad order vocabulary and a bad encounter", "[cli][orders]") {
  const auto property = arbiter("check examples/orders/round1-players.txt --rules bad-orders");
  CHECK(property.exit_code == 1);
  // Refused where the pack defines it, as it loads (interpreter/packs/definition_check.hpp).
  CHECK(property.output ==
        "tests/packs/bad-orders/init.lua:3:37: error: action 'Teleport': 'move' must be a whole number from 0 to "
        "1000000, { max = that number }, { squares = that number }, or a function() returning the number or { "
        "squares = it }, not \"far\"\n"
        "  in pack 'bad-orders'\n"
        "  stack traceback:\n"
        "    tests/packs/bad-orders/init.lua:3: in main chunk\n");
  // Likewise an unknown placeholder in a condition: every command that loads the pack refuses it.
  for (const std::string command : {"check examples/orders/round1-players.txt --rules bad-placeholder",
                                    "explain bad-placeholder", "lua bad-placeholder -e \"return 1\""}) {
    INFO(command);
    const auto placeholder = arbiter(command);
    CHECK(placeholder.exit_code == 1);
    CHECK(placeholder.output ==
          "tests/packs/bad-placeholder/init.lua:3: error: condition 'I have {k} wounds': '{k}' is not a placeholder: "
          "use {n}, {character}, {distance} or {word}, each a word of its own\n"
          "  in pack 'bad-placeholder'\n"
          "  stack traceback:\n"
          "    tests/packs/bad-placeholder/init.lua:3: in main chunk\n");
  }
  const auto encounter = arbiter("check examples/orders/round1-players.txt --rules orders-demo --encounter "
                                 "tests/orders/bad-encounter.lua");
  CHECK(encounter.exit_code == 1);
  CHECK(encounter.output ==
        "tests/orders/bad-encounter.lua:7:41: error: there is no cell A5 on this 4×4 grid (A1..D4); did you mean A4?\n"
        "      { name = \"Orc\", side = \"orcs\", at = \"A5\" },\n"
        "  " + std::string(40, ' ') + "^\n");
}

TEST_CASE("arbiter check takes the rules from the encounter when --rules is not given", "[cli][orders][encounter]") {
  const auto run = arbiter("check examples/orders/round1-players.txt --encounter examples/orders/encounter.lua");
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, StartsWith("Aldric: 1: Charge -> closest enemy"));
  const auto no_rules = arbiter("check examples/orders/round1-players.txt");
  CHECK(no_rules.exit_code == 2);  // a usage error
  CHECK_THAT(no_rules.output, StartsWith("check: name the rules: --rules PACK…, or --encounter FILE naming them\n"));
}

TEST_CASE("arbiter check reads movement as { max = feet } too, 0 meaning the action stays in place", "[cli][orders]") {
  const auto run = arbiter("check tests/orders/too-far.txt --rules move-tables");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("tests/orders/too-far.txt:2:11: error: 'Move' moves at most 15' but this order moves 20'"));
  CHECK_THAT(run.output, Contains("tests/orders/too-far.txt:3:13: error: 'Defend' stays in place: it takes no movement"));
}

TEST_CASE("arbiter roll shows its work, seeds replay, and bad expressions exit 1 with the column", "[cli][dice]") {
  const auto scripted = arbiter("roll 4d6kh3 --dice 6,5,3,1");
  CHECK(scripted.exit_code == 0);
  CHECK(scripted.output == "4d6kh3 = [6, 5, 3, 1 dropped] = 14\n");
  CHECK(arbiter("roll 3d6! --seed 9").output == arbiter("roll 3d6! --seed 9").output);
  CHECK_THAT(arbiter("roll 1d20+5 --dice 14 --json").output,
             StartsWith(R"({"expr":"1d20 + 5","total":19,"dice":[{"die":"d20","value":14,"fate":"kept")"));
  CHECK_THAT(arbiter("roll 1d20 --reason \"Aldric attacks\" --dice 3").output, StartsWith("Aldric attacks: 1d20 = [3] = 3"));
  const auto bad = arbiter("roll '2d6 +'");
  CHECK(bad.exit_code == 1);
  CHECK_THAT(bad.output, StartsWith("<command line>:1:6: error: expected a number"));
  CHECK(arbiter("roll 2d6 --dice 7,1").exit_code == 1);
  CHECK(arbiter("roll 2d6 --seed 1 --dice 1,2").exit_code == 2);
  CHECK(arbiter("roll --dice 2 -- -d6+10").output == "-d6 + 10 = -[2] + 10 = 8\n");  // docs/dice.md: after --
  const auto extra = arbiter("roll 2d6 --dice 3,4,5");  // one value too many: a slip in the list, said
  CHECK(extra.exit_code == 0);
  CHECK_THAT(extra.output, Contains("2d6 = [3, 4] = 7\n"));
  CHECK_THAT(extra.output, Contains("warning: 1 of the values given with --dice was not rolled: 5\n"));
  CHECK_THAT(scripted.output, !Contains("warning"));
  const auto sampled = arbiter("roll 3d6 --seed 1 --times 1000 --json");
  CHECK_THAT(sampled.output, StartsWith(R"({"expr":"3d6","times":1000,"mean":)"));
}

TEST_CASE("arbiter prob prints exact distributions, and suggests sampling past its budget", "[cli][dice]") {
  const auto table = arbiter("prob 4d6kh3 --exact --at-least 15");
  CHECK(table.exit_code == 0);
  CHECK_THAT(table.output, StartsWith("4d6kh3: mean 12.2446 (15869/1296), standard deviation 2.8468\n"
                                      "P(>= 15) = 23.1481% = 25/108\n"));
  CHECK_THAT(arbiter("prob 2d20kh1 --json").output, StartsWith(R"({"expr":"2d20kh1","mean":13.82)"));
  CHECK_THAT(arbiter("prob 4dF --json --exact").output, Contains(R"({"value":0,"p":0.234567901234568,"fraction":"19/81"})"));
  // The exact mean too, which a JSON number near 2^63 cannot hold (it gave 9.22337203685477e+18 alone).
  CHECK_THAT(arbiter("prob 1d2+9223372036854775805 --json --exact").output,
             Contains(R"("stddev":0.5,"mean_fraction":"18446744073709551613/2",)"));
  // Floating-point sums do not show their rounding error: 3d6's mean is 10.5.
  CHECK_THAT(arbiter("prob 3d6 --json").output, StartsWith(R"({"expr":"3d6","mean":10.5,"stddev":2.95803989154981,)"));
  const auto big = arbiter("prob 10000d1000");
  CHECK(big.exit_code == 1);
  CHECK_THAT(big.output, Contains("--times 100000"));
}

TEST_CASE("arbiter prob --at-least past the values an expression takes is exact, 0% or 100%, and says why",
          "[cli][dice]") {
  // docs/dice.md, Command line.
  CHECK_THAT(arbiter("prob 2d6 --at-least 13").output, Contains("\nP(>= 13) = 0% (2d6 is at most 12)\n"));
  CHECK_THAT(arbiter("prob 2d6 --at-least 1").output, Contains("\nP(>= 1) = 100% (2d6 is at least 2)\n"));
  CHECK_THAT(arbiter("prob 2d6 --at-least 2 --exact").output, Contains("\nP(>= 2) = 100% = 1 (2d6 is at least 2)\n"));
  CHECK_THAT(arbiter("prob 2d6 --at-least 3").output, Contains("\nP(>= 3) = 97.2222%\n"));
  CHECK_THAT(arbiter("prob --at-least -100 1d20-30").output,
             Contains("\nP(>= -100) = 100% (1d20 - 30 is at least -29)\n"));
  CHECK_THAT(arbiter("prob '1d6!' --at-least 1000").output,
             Contains("\nP(>= 1000) = 0% (1d6! is at most 605 within the explosion depth cap)\n"));
  // "Only what is certain shows as 100%": rolls past the explosion depth cap are no values, so
  // at least the lowest of 1d2! is 1 - cut_off, printed as such beside its fraction.
  CHECK_THAT(arbiter("prob '1d2!' --at-least 1 --exact").output,
             Contains("\nP(>= 1) = >99.999999999999% = 2535301200456458802993406410751/2535301200456458802993406410752 "
                      "(1d2! is at least 1; the rest are rolls past the explosion depth cap)\n"));
  // 606 is 101 sixes: the die at the cap explodes again, a roll `roll` refuses ("a d6 exploded 100
  // times and would explode again"); prob weighed it as a value too, besides counting it cut off.
  CHECK_THAT(arbiter("prob '1d2!' --at-least 202 --exact").output,
             Contains("\nP(>= 202) = 0% = 0 (1d2! is at most 201 within the explosion depth cap)\n"));
  CHECK_THAT(arbiter("prob '1d2!' --at-least 201 --exact").output,
             Contains("\nP(>= 201) = 3.9e-29% = 1/2535301200456458802993406410752\n"));
  // 1d2000! past the cap: 2000^-101 (about 1e-333), below what a double holds, was rounded to 0
  // and read as "100% (1d2000! is at least 1)".
  const auto tiny_cut = arbiter("prob '1d2000!' --at-least 1").output;
  CHECK_THAT(tiny_cut, Contains("\nP(>= 1) = >99.999999999999% (1d2000! is at least 1; the rest are rolls past the "
                                "explosion depth cap)\n"));
  CHECK_THAT(tiny_cut, Contains("the explosion depth cap (100 extra dice) changed less than 1e-300 of the probability\n"));
  std::string hundred_twos_then_one;
  for (int i = 0; i < 100; ++i) hundred_twos_then_one += "2,";
  CHECK_THAT(arbiter("roll '1d2!' --dice " + hundred_twos_then_one + "1").output, EndsWith(" 1] = 201\n"));
  // Possible but too small for four decimals: never printed as 0.
  CHECK_THAT(arbiter("prob 10d6 --at-least 60").output, Contains("\nP(>= 60) = 0.0000017%\n"));
  CHECK_THAT(arbiter("prob 10d6 --at-least 60 --exact").output, Contains("\nP(>= 60) = 0.0000017% = 1/60466176\n"));
  CHECK_THAT(arbiter("prob 2d6 --at-least 13 --json").output, EndsWith(R"("at_least":{"value":13,"p":0.0}})" "\n"));
}

TEST_CASE("arbiter prob tells a big pool's true ends, and no chance between them as 0% or 100%", "[cli][dice]") {
  // docs/dice.md: "Past the values the expression can take the answer is exact, 0% or 100%, and
  // says why"; "Between those ends the answer is never 0% or 100%". 420d6 is 420 to 2520 (by
  // hand); its ends come once in 6^420 rolls, about 1e-327, below what a double holds: it said
  // "100% (420d6 is at least 422)" and "0% (420d6 is at most 2518)".
  CHECK_THAT(arbiter("prob 420d6 --at-least 420").output, Contains("\nP(>= 420) = 100% (420d6 is at least 420)\n"));
  CHECK_THAT(arbiter("prob 420d6 --at-least 421").output, Contains("\nP(>= 421) = >99.999999999999%\n"));
  CHECK_THAT(arbiter("prob 420d6 --at-least 2520").output, Contains("\nP(>= 2520) = <1e-300%\n"));
  CHECK_THAT(arbiter("prob 420d6 --at-least 2521").output, Contains("\nP(>= 2521) = 0% (420d6 is at most 2520)\n"));
  const auto every = arbiter("prob 420d6 --all");
  CHECK_THAT(every.output, Contains("\n     420   <0.0001%  100.0000%   <0.0001%  \n"));
  CHECK_THAT(every.output, EndsWith("\n    2520   <0.0001%   <0.0001%  100.0000%  \n"));
  // "a chance too small for four decimals is given to two significant figures, so that it never
  // reads as 0": with --exact, from the fraction, past what a double holds. 201 is 100 explosions
  // on the one 2 of 2000 faces, then a 1: 1999/2000^101, 7.885e-329 percent (by hand); it said 0%.
  std::string ones_then_two = "d{";
  for (int i = 0; i < 1999; ++i) ones_then_two += "1,";
  ones_then_two += "2}!";
  CHECK_THAT(arbiter("prob --exact '" + ones_then_two + "' --at-least 201").output,
             Contains("\nP(>= 201) = 7.9e-329% = 1999/2535301200456458802993406410752" + std::string(303, '0') + "\n"));
  CHECK_THAT(arbiter("prob '" + ones_then_two + "' --at-least 201").output, Contains("\nP(>= 201) = <1e-300%\n"));
  // "--json gives the same numbers": a probability, never above 1 (it gave 1.00000000000002), and
  // never 1 for what can fail, as the text's ">99.999999999999%" is not 100% (it gave 1.0): the
  // largest double below 1. What cannot fail, at least the lowest value, is 1.
  CHECK_THAT(arbiter("prob 500d20 --at-least 1500 --json").output,
             EndsWith(R"("at_least":{"value":1500,"p":0.9999999999999999}})" "\n"));
  CHECK_THAT(arbiter("prob 500d20 --at-least 500 --json").output, EndsWith(R"("at_least":{"value":500,"p":1.0}})" "\n"));
  CHECK_THAT(arbiter("prob 1d1 --json").output, Contains(R"("distribution":[{"value":1,"p":1.0}])"));
}

TEST_CASE("prob --json gives no value that can be rolled a probability of 0", "[cli][dice]") {
  // docs/dice.md: "A `p` (a value's, or `at_least`'s) is `0` only for what cannot be rolled: a
  // chance too small for a JSON number ... is given as the smallest one, `5e-324`". 1d2000! goes
  // up to 100 explosions and a 1999 (201999, by hand), once in 2000^101 rolls; its far tail said
  // "p":0.0, as though it could not come up, where the table says <0.0001%.
  const auto run = arbiter("prob '1d2000!' --json");
  REQUIRE(run.exit_code == 0);
  const auto json = nlohmann::json::parse(run.output);
  const auto& values = json.at("distribution");
  CHECK(values.back().at("value") == 201999);
  std::size_t zeros = 0;
  for (const auto& value : values) zeros += value.at("p").get<double>() <= 0;
  CHECK(zeros == 0);
  CHECK_THAT(run.output, EndsWith(R"({"value":201999,"p":5e-324}],"cut_off":5e-324})" "\n"));
  // At least the highest value: possible, below what a double holds; one past it cannot be rolled.
  CHECK_THAT(arbiter("prob '1d2000!' --json --at-least 201999").output,
             EndsWith(R"("at_least":{"value":201999,"p":5e-324},"cut_off":5e-324})" "\n"));
  CHECK_THAT(arbiter("prob '1d2000!' --json --at-least 202000").output,
             EndsWith(R"("at_least":{"value":202000,"p":0.0},"cut_off":5e-324})" "\n"));
}

TEST_CASE("a far mean keeps its origin's digits in prob --json and roll --times", "[cli][dice]") {
  // docs/dice.md: "a far origin's digits stay exact (`d20 + 1000000000000000000`: `mean
  // 1000000000000000010.5000`) … `--json` gives the same digits, as numbers". They were 1e+18.
  CHECK_THAT(arbiter("prob --json -- 'd20 + 1000000000000000000'").output,
             StartsWith(R"({"expr":"d20 + 1000000000000000000","mean":1000000000000000010.5,"stddev":)"));
  // Two rolls, a 1 and a 2: a mean of 10^18 + 1.5, by hand.
  CHECK_THAT(arbiter("roll --times 2 --dice 1,2 -- 'd20 + 1000000000000000000'").output,
             StartsWith("d20 + 1000000000000000000: 2 rolls, mean 1000000000000000001.5000, standard deviation 0.5000"));
  CHECK_THAT(arbiter("roll --times 2 --dice 1,2 --json -- 'd20 + 1000000000000000000'").output,
             StartsWith(R"({"expr":"d20 + 1000000000000000000","times":2,"mean":1000000000000000001.5,"stddev":0.5,)"));
}

TEST_CASE("a percentage halfway between two four-decimal ones rounds to the even last digit", "[cli][dice]") {
  // docs/dice.md: "a tie … rounds to the even last digit": each face of a d128 is 1/128 =
  // 0.78125% exactly, 0.7812%; 3/128 = 2.34375%, 2.3438%. Both with and without --exact.
  for (const std::string exact : {"", "--exact "}) {
    const auto d128 = arbiter("prob " + exact + "1d128");
    CHECK_THAT(d128.output, Contains("\n       1    0.7812%  100.0000%    0.7812%  "));
    CHECK_THAT(d128.output, Contains("\n       3    0.7812%   98.4375%    2.3438%  "));
  }
}

TEST_CASE("arbiter prob --exact prints decimals rounded from the fractions, and no zero as -0", "[cli][dice]") {
  // 24 has 108503/2000000 = 5.42515% exactly, which a double holds as a little less.
  const auto l5r = arbiter("prob 5d10!!kh3 --exact");
  CHECK_THAT(l5r.output, Contains("\n      24    5.4252%   47.0948%   58.3303%"));
  CHECK_THAT(l5r.output, Contains(" 108503/2000000 "));
  CHECK_THAT(arbiter("prob 2d6-7").output, StartsWith("2d6 - 7: mean 0.0000, "));
  CHECK_THAT(arbiter("prob 2d6-7 --exact").output, StartsWith("2d6 - 7: mean 0.0000 (0), "));
}

TEST_CASE("arbiter prob --json of exploding dice is valid JSON, however small the far tail's probabilities",
          "[cli][dice]") {
  // Their tails reach subnormal probabilities (4.2e-315), which once ended in "internal error: stod".
  // (--exact only where it is quick: the fractions of 4d10!>=8 take many seconds.)
  for (const std::string options : {"'4d6!' --json", "'5d6!' --json", "'4d10!>=8' --json", "'4d6!!' --json",
                                    "'4d6!p' --json", "'4d6!!dh1' --json", "'4d6!' --json --exact",
                                    "'4d6!!dh1' --json --exact"}) {
    INFO(options);
    const auto run = arbiter("prob " + options);
    REQUIRE(run.exit_code == 0);
    const auto json = nlohmann::json::parse(run.output);
    CHECK(options.find(json.at("expr").get<std::string>()) == 1);  // after the quote
    CHECK(json.at("mean").get<double>() > 0);
    CHECK(json.at("stddev").get<double>() > 0);
    CHECK(json.at("distribution").size() > 100);
    CHECK(json.at("cut_off").get<double>() > 0);
  }
}

TEST_CASE("a count of dice by a point no die can meet is weighed as written, with a warning that it counts none",
          "[cli][dice]") {
  // docs/dice.md: "`10d10>=8` counts dice; `10d10 >= 8` (with a space) compares the sum". 2d6>7
  // counts the d6s above 7: none, on every roll, P(0) = 1; it was given with no word, as though
  // the sum could never pass 7 (2d6 > 7 is 15/36 = 5/12).
  const auto counted = arbiter("prob '2d6>7'");
  CHECK(counted.exit_code == 0);
  CHECK_THAT(counted.output, Contains("<command line>:1:3: warning: 2d6>7 counts the dice that are >7, and a d6 never "
                                      "is: no roll has a success\n"));
  CHECK_THAT(counted.output, Contains("to compare the sum, write the comparison apart from the dice: 2d6 > 7"));
  CHECK_THAT(counted.output, Contains("\n       0  100.0000%  100.0000%  100.0000%  "));
  CHECK_THAT(arbiter("prob '2d6 > 7' --exact").output, Contains("\n       1   41.6667%   41.6667%  100.0000%      5/12  "));
  // The warning is on stderr: the JSON on stdout stays whole.
  const auto json = shell("{ " + std::string(ARBITER_BINARY) + " prob '2d6>7' --json 2>/dev/null; }");
  CHECK(nlohmann::json::parse(json.output).at("distribution").size() == 1);
  // roll says so too, and of a point every die meets: the count is the number of dice.
  CHECK_THAT(arbiter("roll '2d6>7' --dice 3,5").output, Contains("warning: 2d6>7 counts the dice that are >7"));
  CHECK_THAT(arbiter("roll '3d6>=1' --dice 3,5,1").output,
             Contains("warning: 3d6>=1 counts the dice that are >=1, and every d6 is: it counts every die, not their "
                      "sum"));
  // A compounded d6 shows 6k + 1 to 6k + 5 (it explodes on 6 and adds on): never 6, by hand. It
  // counted nothing with no word.
  CHECK_THAT(arbiter("prob '3d6!!6=6'").output,
             Contains("warning: 3d6!!=6=6 counts the dice that are =6, and a compounded d6 never is: no roll has a "
                      "success"));
  // min is applied before max (docs/dice.md): 1d6min4max2 is always 2.
  const auto clamped = arbiter("roll 1d6min4max2 --dice 5");
  CHECK_THAT(clamped.output, Contains("warning: 1d6min4max2 raises each die to at least 4, then lowers it to at most 2: "
                                      "every die shows 2"));
  CHECK_THAT(clamped.output, Contains("did you mean min2max4?"));
  // Nothing to warn of: a point some dice meet, the sum compared, one die (both readings agree), a
  // compounded die past its faces, one that can show the point.
  for (const char* meant : {"2d6>5", "2d6 > 7", "1d6>7", "2d6!!>7", "4d6kh3>=5", "3d6r1>=2f=6", "3d6!!=7",
                            "3d6!!>=6", "1d6min2max4"}) {
    INFO(meant);
    CHECK_THAT(arbiter(fmt::format("prob '{}'", meant)).output, !Contains("warning"));
  }
}

TEST_CASE("arbiter prob sums up the values below the table's precision in one line, unless --all or --exact",
          "[cli][dice]") {
  // docs/dice.md: 1d6! reaches 605 under the depth cap; from 49 on each value is below 0.00005%.
  const auto table = arbiter("prob '1d6!'");
  CHECK(table.exit_code == 0);
  CHECK_THAT(table.output, EndsWith("\n      47    0.0001%    0.0001%   99.9999%  \n"
                                    "  49…605  465 values, each below 0.00005%, together 0.000060% (--all lists them)\n"));
  CHECK_THAT(table.output, !Contains(" 0.0000% "));
  // A pool's two tails are summed up apart.
  const auto pool = arbiter("prob 10d6");
  CHECK_THAT(pool.output, Contains("\n   10…11  2 values, each below 0.00005%, together 0.000018% (--all lists them)\n"
                                   "      12    0.0001%  >99.9999%    0.0001%  \n"));  // 10 and 11 are below
  CHECK_THAT(pool.output, EndsWith("\n   59…60  2 values, each below 0.00005%, together 0.000018% (--all lists them)\n"));
  // Every value below the precision: all of them together are every roll, nothing to sum up (it
  // said "together 100.0000%"). 1d1000000*3+1d3 is 4 to 3000003, each 1/3000000 = 0.000033%.
  const auto all_tiny = arbiter("prob '1d1000000*3+1d3'");
  CHECK(all_tiny.exit_code == 0);
  CHECK_THAT(all_tiny.output, EndsWith("\n   value          p   at least    at most\n"
                                       "4…3000003  all 3000000 values, each below 0.00005% (--all lists them)\n"));
  for (const char* every : {"--all", "--exact"}) {
    INFO(every);
    const auto listed = arbiter(fmt::format("prob '1d6!' {}", every));
    CHECK_THAT(listed.output, Contains("\n      49   <0.0001%    0.0001%  >99.9999%"));
    // Not 100.0000%: the rolls past the depth cap are refused, no value (docs/dice.md, "Only what
    // is certain shows as 100.0000%").
    CHECK_THAT(listed.output, Contains("\n     605   <0.0001%   <0.0001%  >99.9999%"));
    CHECK_THAT(listed.output, !Contains("values, each below"));
  }
}

TEST_CASE("arbiter prob never shows a probability that is not certain as 100% or one that is not impossible as 0%",
          "[cli][dice]") {
  // 10d6 is 10 once in 6^10 rolls: 11 or more is not certain, and was printed as 100.0000%.
  for (const char* exact : {"", " --exact"}) {
    INFO(exact);
    const auto near = arbiter(fmt::format("prob 10d6 --at-least 11{}", exact));
    CHECK_THAT(near.output, Contains("P(>= 11) = 99.9999983%"));
    // Too near 1 for 12 decimals: said to be above, not equal.
    CHECK_THAT(arbiter(fmt::format("prob 100d6 --at-least 101{}", exact)).output,
               Contains("P(>= 101) = >99.999999999999%"));
  }
  // What is certain says so: at least the lowest value, and an expression of one value.
  CHECK_THAT(arbiter("prob 10d6 --at-least 10").output, Contains("P(>= 10) = 100% (10d6 is at least 10)"));
  CHECK(arbiter("prob 5").output == "5: mean 5.0000, standard deviation 0.0000\n"
                                    "   value          p   at least    at most\n"
                                    "       5  100.0000%  100.0000%  100.0000%  "
                                    "##################################################\n");
  // In the table, only the lowest value's "at least" and the highest's "at most" are 100.0000%.
  const auto table = arbiter("prob 10d6 --all");
  CHECK_THAT(table.output, Contains("\n      10   <0.0001%  100.0000%   <0.0001%  \n"
                                    "      11   <0.0001%  >99.9999%   <0.0001%  \n"));
  CHECK_THAT(table.output, EndsWith("\n      59   <0.0001%   <0.0001%  >99.9999%  \n"
                                    "      60   <0.0001%   <0.0001%  100.0000%  \n"));
}

TEST_CASE("arbiter prob --exact weighs a power of a die, six values however far apart", "[cli][dice]") {
  // It was refused as too much work: its budget counted the span from 1 to 6^24.
  const auto powers = arbiter("prob --exact '1d6^24'");
  CHECK(powers.exit_code == 0);
  CHECK_THAT(powers.output, Contains("\n4738381338321616896   16.6667%   16.6667%  100.0000%       1/6  "));
  CHECK(arbiter("prob '1d6^10 + 1d6^10' --at-least 2").exit_code == 0);
  const auto huge = arbiter("prob '1d1000000!'");
  CHECK(huge.exit_code == 1);
  CHECK_THAT(huge.output, Contains("is too much work (more than 400000000 steps); estimate it by sampling instead"));
}

TEST_CASE("arbiter roll --times has a work budget: past it, refused once the first rolls show it", "[cli][dice]") {
  // 10000d6 a hundred million times is 10^12 dice: refused after the first hundred rolls, not
  // after rolling the budget's 200 million (or hours of the whole).
  const auto huge = arbiter("roll --times 100000000 --seed 1 10000d6");
  CHECK(huge.exit_code == 1);
  CHECK_THAT(huge.output, Contains("rolling 10000d6 100000000 times needs more than 200000000 dice, the most --times "
                                   "rolls: give --times 20000 or fewer"));
  // Exploding dice vary: the number given is what the first thousand rolls foretell (3d6! takes
  // 3.6 dice a roll on average: 55.6 million rolls), for these dice; one more is refused at once.
  CHECK_THAT(arbiter("roll --times 100000000 --seed 1 3d6!").output, Contains("give --times 55202870 or fewer"));
  CHECK_THAT(arbiter("roll --times 55202871 --seed 1 3d6!").output, Contains("give --times 55202870 or fewer"));
  const auto fine = arbiter("roll --times 100000 --seed 1 3d6");
  CHECK(fine.exit_code == 0);
  CHECK_THAT(fine.output, StartsWith("3d6: 100000 rolls, mean 10.5"));
}

TEST_CASE("arbiter roll --times past its work budget names the most times it takes", "[cli][dice]") {
  // Every roll of 10000d6 takes 10000 dice: 20000 of them are the budget, to the die. That so many
  // are rolled, and that a run the first rolls foretold wrongly stops when the budget is spent, is
  // tested at small sizes in sampling_budget_test.cpp: here each would roll 200 million dice.
  const auto one_more = arbiter("roll --times 20001 --seed 1 10000d6");
  CHECK(one_more.exit_code == 1);
  CHECK_THAT(one_more.output, Contains("give --times 20000 or fewer"));
  CHECK_THAT(one_more.output, !Contains("foretold"));
  // A roll of (1d2*4999)d6 takes 5000 dice or 9999: what the first rolls foretell.
  CHECK_THAT(arbiter("roll --times 100000000 --seed 6 '(1d2*4999)d6'").output, Contains("give --times 27464 or fewer"));
  // A rolled count may come up past what one roll takes on any roll: (1d10000)d2 is refused on
  // a roll of 10000, so no number of times is sure to be rolled, and the figure does not claim it.
  // "give --times 39557 or fewer", said alone, failed with seeds 1, 2 and 3.
  CHECK_THAT(arbiter("roll --times 100000 --seed 1 '(1d10000)d2'").output,
             Contains("or fewer (foretold from the rolls so far; and as a count is rolled, any roll whose count comes "
                      "up past the 10000 dice one roll may take is refused, however few the times)"));
}

TEST_CASE("arbiter roll shows the explosion cap, the count's roll and a too large scripted value", "[cli][dice]") {
  std::string twos = "2";
  for (int i = 0; i < 100; ++i) twos += ",2";
  const auto capped = arbiter("roll '1d2!' --dice " + twos);
  CHECK(capped.exit_code == 1);
  CHECK_THAT(capped.output, Contains("a d2 exploded 100 times and would explode again"));
  CHECK(arbiter("roll --dice 2,3,4 '(1d4)d6'").output == "(1d4)d6 = (1d4 = [2] = 2) [3, 4] = 7\n");
  // docs/dice.md: in JSON the count's die has its role, since its fate "kept" is within its own term.
  const auto counted = nlohmann::json::parse(arbiter("roll --dice 2,3,4 '(1d4)d6' --json").output).at("dice");
  REQUIRE(counted.size() == 3);
  CHECK(counted[0].at("die") == "d4");
  CHECK(counted[0].value("role", "") == "count");
  CHECK_FALSE(counted[1].contains("role"));
  CHECK_FALSE(counted[2].contains("role"));
  // The dice limit names the term that asked, whether roll meets it once the count is rolled or
  // prob at the count's highest value; both count the count's own die, by one rule.
  CHECK_THAT(arbiter("roll --dice 10000 '(1d10000)d6'").output,
             Contains("error: (1d10000)d6 asks for 10000 dice after 1 already rolled, 10001 in all: one expression "
                      "rolls at most 10000 dice"));
  CHECK_THAT(arbiter("prob '(1d10000)d6'").output,
             Contains("error: (1d10000)d6 asks for up to 10000 dice after up to 1 asked for before it, 10001 in all: "
                      "one expression rolls at most 10000 dice"));
  CHECK_THAT(arbiter("prob '(1d20000)d2'").output,
             Contains("error: (1d20000)d2 asks for up to 20000 dice after up to 1 asked for before it, 20001 in all"));
  CHECK_THAT(arbiter("prob '20000d2'").output,
             Contains("error: 20000d2 asks for up to 20000 dice: one expression rolls at most 10000 dice"));
  // Over the whole expression, as roll counts: two terms of 6000 are 12000 dice to both.
  CHECK_THAT(arbiter("roll --seed 1 '6000d2+6000d2'").output,
             Contains("error: 6000d2 asks for 6000 dice after 6000 already rolled, 12000 in all"));
  CHECK_THAT(arbiter("prob '6000d2+6000d2'").output,
             Contains("error: 6000d2 asks for up to 6000 dice after up to 6000 asked for before it, 12000 in all"));
  CHECK(arbiter("prob '(1d9999)d1'").exit_code == 0);  // at most 10000 dice in all: within the limit
  // An exploding die counts at the most it may roll, itself and 100 explosions: 9999d2+1d2! is
  // refused by roll whenever its d2 explodes (half its rolls), so prob refuses it, naming the most.
  std::string ones = "1";
  for (int i = 1; i < 9999; ++i) ones += ",1";
  CHECK_THAT(arbiter("roll --dice " + ones + ",2,1 '9999d2+1d2!'").output,
             Contains("this roll needs more than 10000 dice (explosions and rerolls included)"));
  const auto exploding = arbiter("prob '9999d2+1d2!'");
  CHECK(exploding.exit_code == 1);
  CHECK_THAT(exploding.output,
             Contains("error: 1d2! asks for up to 101 dice after up to 9999 asked for before it, 10100 in all: one "
                      "expression rolls at most 10000 dice\n"));
  CHECK_THAT(exploding.output, Contains("each d2 of 1d2! may roll 101 dice: itself and the 100 its explosions may add"));
  CHECK(arbiter("prob '99d2!'").exit_code == 0);  // 99 × 101 = 9999 dice at the most
  CHECK_THAT(arbiter("prob '100d2!'").output, Contains("error: 100d2! asks for up to 10100 dice:"));
  const auto large = arbiter("roll 1d6 --dice 99999999999999999999");
  CHECK(large.exit_code == 2);
  CHECK_THAT(large.output, Contains("'99999999999999999999', which is too large: the highest value is 9223372036854775807"));
}

TEST_CASE("check shows a sheet's control characters escaped, never raw", "[cli][orders][security]") {
  TempDir dir;
  std::ofstream(dir / "esc.txt") << "Ilse:\n  1: Melee \x1b]0;pwned\x07" "Attack -> my opponent\n";
  const auto run = arbiter("check " + (dir / "esc.txt") + " --rules tempo");
  CHECK(run.exit_code == 1);
  CHECK(run.output.find('\x1b') == std::string::npos);
  CHECK(run.output.find('\x07') == std::string::npos);
  CHECK_THAT(run.output, Contains("Melee \\x1b]0;pwned\\x07Attack"));
}

TEST_CASE("roll shows its --reason with its control characters escaped, never raw, as its prompt does",
          "[cli][dice][security]") {
  const std::string reason = " --reason \"$(printf 'a\\033[31mb')\"";
  CHECK(arbiter("roll 1d6 --dice 4" + reason).output == "a\\x1b[31mb: 1d6 = [4] = 4\n");
  const auto by_hand = shell("echo 4 | " + std::string(ARBITER_BINARY) + " roll 1d6 --prompt" + reason);
  CHECK(by_hand.exit_code == 0);
  CHECK(by_hand.output == "Roll a d6 for a\\x1b[31mb: a\\x1b[31mb: 1d6 = [4] = 4\n");
}

TEST_CASE("what a pack prints, names and fails with is shown with its control characters escaped, never raw",
          "[cli][pack-tests][security]") {
  TempDir dir;
  std::filesystem::create_directories(dir.path / "loud" / "tests");
  std::ofstream(dir / "loud/pack.lua") << "return { name = 'loud', version = '1.0.0', description = 'rings \\7' }\n";
  std::ofstream(dir / "loud/init.lua") << "print('loading \\27]0;pwned\\7\\nloaded')\n"
                                          "require('arbiter').define.table('odds', { max = '\\27[31m' })\n";
  // A name cannot hold one: refused where it is defined, and the refusal shows it escaped.
  std::filesystem::create_directories(dir.path / "named");
  std::ofstream(dir / "named/pack.lua") << "return { name = 'named', version = '1.0.0' }\n";
  std::ofstream(dir / "named/init.lua") << "require('arbiter').define.table('odds \\27[2J', {})\n";
  std::ofstream(dir / "loud/tests/loud_test.lua")
      << "local test = require 'arbiter.test'\n"
         "test.case('a case named \\27[2J', function() error('cleared \\27[2J') end)\n";
  const auto tested = arbiter("--pack-path " + dir.path.string() + " test loud");
  const auto scratch = arbiter("--pack-path " + dir.path.string() +
                               " lua loud -e \"print('\\\\27[31m') return '\\\\27[31m', { key = '\\\\7' }\"");
  const auto listed = arbiter("--pack-path " + dir.path.string() + " packs");
  const auto named = arbiter("--pack-path " + dir.path.string() + " explain named");
  const auto value = arbiter("--pack-path " + dir.path.string() + " explain loud odds");
  for (const auto* run : {&tested, &scratch, &listed, &named, &value}) {
    CHECK(run->output.find('\x1b') == std::string::npos);
    CHECK(run->output.find('\x07') == std::string::npos);
  }
  CHECK(tested.exit_code == 1);
  // Each line of a text with newlines is a line of the log, with the pack's name.
  CHECK_THAT(tested.output, Contains("[loud] loading \\x1b]0;pwned\\x07\n[loud] loaded\n"));
  CHECK_THAT(tested.output, Contains("  FAIL  a case named \\x1b[2J\n"));
  CHECK_THAT(tested.output, Contains("error: cleared \\x1b[2J"));
  CHECK(scratch.exit_code == 0);
  CHECK_THAT(scratch.output, Contains("\\x1b[31m\n\"\\x1b[31m\"\n{ key = \"\\x07\" }\n"));
  CHECK_THAT(listed.output, Contains("    rings \\x07\n"));
  CHECK(named.exit_code == 1);
  CHECK_THAT(named.output, Contains("named/init.lua:1: error: the table name \"odds \\x1b[2J\" holds"));
  CHECK(value.exit_code == 0);
  CHECK_THAT(value.output, Contains("\"\\x1b[31m\""));
}

TEST_CASE("check warns of a standing order that can never be used, and passes", "[cli][orders]") {
  TempDir dir;
  std::ofstream(dir / "shadow.txt") << "Ilse:\n  1: Melee Attack -> my opponent\n  ON Melee Attack: Parry\n"
                                       "  ON Melee Attack: Evade\n";
  const auto shadowed = arbiter("check " + (dir / "shadow.txt") + " --encounter examples/tempo/duel.lua");
  CHECK(shadowed.exit_code == 0);
  CHECK_THAT(shadowed.output, Contains("shadow.txt:4:6: warning: this standing order can never be used: 'ON Melee "
                                       "Attack' at line 3 always gives Ilse's order first\n"));
}

TEST_CASE("check --encounter and run refuse, at its place, an encounter's value the rules refuse as the fight starts",
          "[cli][orders][bad-input]") {
  // Tempo's starting binds pair each Bound fighter with an enemy within reach: run refused this
  // encounter, check passed it.
  TempDir dir;
  std::ofstream(dir / "apart.lua")
      << "return { rules = { \"tempo\" }, map = { width = 6, height = 3, scale = 5 },\n"
         "  characters = {\n"
         "    { name = \"Ana\", side = \"red\", at = \"B2\", weapon = \"Sword\", stats = { guard = \"Bound\" } },\n"
         "    { name = \"Bo\", side = \"blue\", at = \"E2\", weapon = \"Dagger\", stats = { guard = \"Bound\" } } } }\n";
  std::ofstream(dir / "any.txt") << "Ana:\n  1: Melee Attack -> my opponent\n";
  const auto checked = arbiter("check " + (dir / "any.txt") + " --encounter " + (dir / "apart.lua"));
  CHECK(checked.exit_code == 1);
  CHECK_THAT(checked.output, Contains("apart.lua:3:74: error") &&
                                 Contains("error: Ana's guard is \"Bound\", but no enemy within reach starts Bound to "
                                          "share the bind with"));
  // run refuses it the same way, before any round: it printed "Round 1" above the error.
  const auto ran = arbiter("run " + (dir / "apart.lua") + " --seed 1 --orders " + (dir / "any.txt"));
  CHECK(ran.exit_code == 1);
  CHECK_THAT(ran.output, StartsWith(dir / "apart.lua:3:74: error: Ana's guard is \"Bound\""));
  CHECK_THAT(ran.output, !Contains("Round 1"));
}

TEST_CASE("check --encounter and run refuse at its place a Platemail stat of the fight's own the encounter cannot start with",
          "[cli][orders][bad-input][encounter]") {
  // rules/platemail/tables/encounter.lua: the fight's own stats, "which an encounter may set to
  // start a fight midway". A spell is a row of `spells`, not 5 (it was Released as the generic
  // Spell); Rounds to live are those of one Fatally Wounded (Bo's 1 was overwritten with 3).
  TempDir dir;
  std::ofstream(dir / "midway.lua")
      << "return { rules = { \"platemail\" }, map = { width = 8, height = 8 },\n"
         "  characters = {\n"
         "    { name = \"Wit\", side = \"a\", at = \"C3\", weapon = \"Staff\", stats = { prepared_spell = 5 } },\n"
         "    { name = \"Bo\", side = \"a\", at = \"C5\", weapon = \"Sword\", stats = { rounds_to_live = 1 } } } }\n";
  std::ofstream(dir / "any.txt") << "Wit:\n  1: Defend\n  2: Defend\n";
  const auto checked = arbiter("check " + (dir / "any.txt") + " --encounter " + (dir / "midway.lua"));
  CHECK(checked.exit_code == 1);
  CHECK_THAT(checked.output, Contains("midway.lua:3:72: error: Wit's prepared_spell must name a spell, a row of the "
                                      "table 'spells' (like \"Spell\"), not 5"));
  std::ofstream(dir / "midway.lua")
      << "return { rules = { \"platemail\" }, map = { width = 8, height = 8 },\n"
         "  characters = {\n"
         "    { name = \"Bo\", side = \"a\", at = \"C5\", weapon = \"Sword\", stats = { rounds_to_live = 1 } } } }\n";
  const auto ran = arbiter("run " + (dir / "midway.lua") + " --seed 1");
  CHECK(ran.exit_code == 1);
  CHECK_THAT(ran.output, StartsWith(dir / "midway.lua:3:71: error: Bo's rounds_to_live is 1, but Bo does not start "
                                           "Fatally Wounded (0 Wounds, Max Wounds 3)"));
  CHECK_THAT(ran.output, !Contains("Round 1"));
}

TEST_CASE("check --encounter warns of the orders of round 1 the rules refuse before any die is rolled", "[cli][orders]") {
  // Platemail: a Long Bow cannot Charge, a Heavy Crossbow cannot Rapid Fire ("Weapons ... that
  // require a Use Item Action to reload between Attacks cannot be used"), both refused as phase 1
  // begins. The Slinger's shot rolls in phase 1, so the Witch's Rapid Fire with a Staff, refused
  // in phase 2, comes after the dice: run tells it, check does not foresee it.
  TempDir dir;
  std::ofstream(dir / "bandits.txt") << "Archer:\n  1: Charge -> \"Sergeant Hale\"\n  2: Defend\n"
                                        "Slinger:\n  1: Ranged Attack -> \"Pike\"\n  2: Defend\n"
                                        "Witch:\n  1: Defend\n  2: Rapid Fire -> \"Pike\"\n";
  std::ofstream(dir / "patrol.txt") << "Crossbowman:\n  1: Rapid Fire -> \"Witch\"\n  2: Defend\n";
  const std::string sheets = (dir / "bandits.txt") + " " + (dir / "patrol.txt");
  const auto checked = arbiter("check " + sheets + " --encounter examples/platemail/ambush.lua");
  CHECK(checked.exit_code == 0);
  CHECK_THAT(checked.output, Contains("bandits.txt:2:6: warning: the rules will refuse 'Charge -> \"Sergeant Hale\"' in "
                                      "round 1, whatever the dice (Long Bow is neither a melee nor a thrown weapon): "
                                      "Archer will take Defend, the default order\n"));
  CHECK_THAT(checked.output, Contains("patrol.txt:2:6: warning: the rules will refuse 'Rapid Fire -> \"Witch\"' in round "
                                      "1, whatever the dice (Heavy Crossbow requires a complex reload): Crossbowman will "
                                      "take Defend, the default order\n"));
  CHECK(occurrences(checked.output, "warning") == 2);
  // The table sees the same refusals, and the one check left to it.
  const auto played = arbiter("run examples/platemail/ambush.lua --seed 3 --orders " + sheets);
  CHECK_THAT(played.output, Contains("Archer: Defend ('Charge -> \"Sergeant Hale\"' is refused (Long Bow is neither a "
                                     "melee nor a thrown weapon): Defend, the default order)"));
  CHECK_THAT(played.output, Contains("Crossbowman: Defend ('Rapid Fire -> \"Witch\"' is refused"));
  CHECK_THAT(played.output, Contains("Witch: Defend ('Rapid Fire -> \"Pike\"' is refused (Staff is not a ranged weapon)"));
  // With no die rolled in phase 1 (the Slinger Defends), the trial reaches phase 2 and foresees
  // the Witch's refusal there too (README, check: "foreseen only when no die is rolled before").
  std::ofstream(dir / "bandits.txt") << "Slinger:\n  1: Defend\n  2: Defend\n"
                                        "Witch:\n  1: Defend\n  2: Rapid Fire -> \"Pike\"\n";
  CHECK_THAT(arbiter("check " + (dir / "bandits.txt") + " --encounter examples/platemail/ambush.lua").output,
             Contains("bandits.txt:6:6: warning: the rules will refuse 'Rapid Fire -> \"Pike\"' in round 1, whatever "
                      "the dice (Staff is not a ranged weapon)"));
  // From the encounter only round 1 can be played: a later round's sheet is not foreseen (that
  // needs the fight saved before it: check --resume); that round 1 goes unordered is told.
  std::ofstream(dir / "later.txt") << "Round 2\nArcher:\n  1: Charge -> \"Sergeant Hale\"\n  2: Defend\n";
  const auto later = arbiter("check " + (dir / "later.txt") + " --encounter examples/platemail/ambush.lua").output;
  CHECK_THAT(later, !Contains("refuse"));
  CHECK(occurrences(later, "warning") == 1);
  // A sequential phase (tempo): Escape is for the Grappled or Pinned, and Ilse starts On Guard.
  std::ofstream(dir / "duel.txt") << "Ilse:\n  1: Escape -> my opponent\nKonrad:\n  1: Ready\n";
  CHECK_THAT(arbiter("check " + (dir / "duel.txt") + " --encounter examples/tempo/duel.lua").output,
             Contains("duel.txt:2:6: warning: the rules will refuse 'Escape -> my opponent' in round 1, whatever the "
                      "dice (On Guard)\n"));
}

TEST_CASE("check warns of a sheet for a later round of a fresh fight as run does, by one rule, at its Round line",
          "[cli][orders]") {
  // A sheet headed "Round 2" for a fight not started: round 1 is played on the default order. run
  // said so, check was silent.
  TempDir dir;
  std::ofstream(dir / "round2.txt") << "Round 2\nAldric:\n  1: Defend\n  2: Defend\n";
  const std::string warning = dir / "round2.txt" +
                              ":1:1: warning: no sheet orders round 1: every character takes the default order\n"
                              "  Round 2\n"
                              "  ^\n";
  const auto [checked, ran] = check_and_run(dir / "round2.txt", "examples/platemail/skirmish.lua");
  CHECK(checked.exit_code == 0);
  CHECK_THAT(checked.output, Contains(warning));
  CHECK(ran.exit_code == 0);
  CHECK_THAT(ran.output, Contains(warning));
  // Rounds in a row are told at once, at the sheet that skips them; --json has it too.
  std::ofstream(dir / "round3.txt") << "Round 3\nAldric:\n  1: Defend\n  2: Defend\n";
  CHECK_THAT(arbiter("check " + (dir / "round3.txt") + " --encounter examples/platemail/skirmish.lua").output,
             Contains(dir / "round3.txt" + ":1:1: warning: no sheet orders rounds 1 to 2: every character takes the "
                                           "default order\n"));
  const auto json = nlohmann::json::parse(
      arbiter("check --json " + (dir / "round3.txt") + " --encounter examples/platemail/skirmish.lua").output);
  CHECK(json["warnings"][0]["message"] == "no sheet orders rounds 1 to 2: every character takes the default order");
  CHECK(json["warnings"][0]["line"] == 1);
  // A sheet for round 1 beside it leaves no gap; without an encounter there is no fight to play.
  CHECK(arbiter("check examples/platemail/skirmish-round1.txt " + (dir / "round2.txt") +
                " --encounter examples/platemail/skirmish.lua")
            .output.find("no sheet orders") == std::string::npos);
  CHECK(arbiter("check " + (dir / "round2.txt") + " --rules platemail").output.find("warning") == std::string::npos);
  // Resumed after round 1, round 2 is the next: nothing to warn of.
  REQUIRE(arbiter("run examples/platemail/skirmish.lua --seed 1 --quiet --orders examples/platemail/skirmish-round1.txt "
                  "--save " + (dir / "round1.json"))
              .exit_code == 0);
  CHECK(arbiter("check " + (dir / "round2.txt") + " --encounter examples/platemail/skirmish.lua --resume " +
                (dir / "round1.json"))
            .output.find("no sheet orders") == std::string::npos);
}

TEST_CASE("a distance that is no whole number of squares is warned of by check and run, with what it is taken as",
          "[cli][orders]") {
  TempDir dir;
  std::ofstream(dir / "odd.txt") << "Aldric:\n  1: Move 12' E\n  2: Defend\n";
  const std::string warning = dir / "odd.txt" +
                              ":2:11: warning: 12' is not a whole number of squares (5' a square on this map): it is "
                              "taken as 10', the whole squares within it\n"
                              "    1: Move 12' E\n"
                              "            ^\n"
                              "  write 10' to say so, or 15' to go a square further\n";
  const auto [checked, ran] = check_and_run(dir / "odd.txt", "examples/platemail/skirmish.lua");
  CHECK(checked.exit_code == 0);
  CHECK_THAT(checked.output, Contains(warning));
  CHECK(ran.exit_code == 0);
  CHECK_THAT(ran.output, Contains(warning));
  CHECK_THAT(ran.output, Contains("Aldric moves from C4 to E4"));  // two squares: 10'
}

TEST_CASE("check and run warn of a general target at a kind no one in the fight is", "[cli][orders]") {
  // rules/platemail/README.md: "the closest enemy {word}" picks among the enemies of that kind, a
  // word of their names here (Archer, Slinger, …); its `kinds` says so, so a word no one answers
  // to, a typo or a plural, is told: the order would name no one.
  TempDir dir;
  std::ofstream(dir / "kind.txt") << "Archer:\n  1: Ranged Attack -> closest enemy dragon\n"
                                      "  2: Ranged Attack -> the closest enemy Medic\n";
  const std::string warning = dir / "kind.txt" +
                              ":2:23: warning: no enemy of 'Archer' answers to 'dragon' ('the closest enemy "
                              "{word}' picks among those who do): it will name no one\n";
  const auto [checked, ran] = check_and_run(dir / "kind.txt", "examples/platemail/ambush.lua");
  CHECK(checked.exit_code == 0);
  CHECK_THAT(checked.output, Contains(warning));
  CHECK_THAT(checked.output, Contains("the kinds of its enemies, nearest first: '"));
  CHECK_THAT(ran.output, Contains(warning));
  CHECK_THAT(ran.output, Contains("Archer (Ranged Attack) has no one to attack"));
  // A kind one of the enemies is ("Medic"), in any case, is not warned of.
  CHECK_THAT(checked.output, !Contains("'Medic'"));
  // A plural is no kind: the one it is nearest to comes first.
  std::ofstream(dir / "orcs.txt") << "Aldric:\n  1: Charge -> the closest enemy orcs\n  2: Defend\n";
  const auto [plural, plural_run] = check_and_run(dir / "orcs.txt", "examples/platemail/skirmish.lua");
  CHECK_THAT(plural.output, Contains(":2:20: warning: no enemy of 'Aldric' answers to 'orcs'"));
  CHECK_THAT(plural.output, Contains("the kinds of its enemies, nearest first: 'orc', "));
}

TEST_CASE("a cell no way leads to is told: run says the character stays and why, check warns", "[cli][orders]") {
  // docs/fights.md: "A cell no way leads to at all leaves the character where it stands, and says
  // why". C3 is walled in on all four sides; Ana at A1 has no way there.
  TempDir dir;
  std::ofstream(dir / "walled.lua") << walled_c3("    { name = \"Ana\", side = \"a\", at = \"A1\", weapon = \"Sword\" },\n"
                                               "    { name = \"Bob\", side = \"b\", at = \"F6\", weapon = \"Sword\" },\n");
  std::ofstream(dir / "walled.txt") << "Ana:\n  1: Move -> C3\n  2: Sprint to C3\nBob:\n  1: Defend\n  2: Defend\n";
  const auto [checked, ran] = check_and_run(dir / "walled.txt", dir / "walled.lua");
  CHECK(checked.exit_code == 0);
  CHECK_THAT(checked.output,
             Contains(dir / "walled.txt" +
                      ":2:14: warning: no way leads from A1, where 'Ana' stands as round 1 starts, to C3: it would "
                      "stay at A1\n"));
  CHECK_THAT(checked.output, Contains(dir / "walled.txt" + ":3:16: warning: no way leads from A1"));
  CHECK_THAT(checked.output, Contains("walls, closed doors or ground it cannot cross wall C3 off from A1 on this map"));
  CHECK(ran.exit_code == 0);
  CHECK_THAT(ran.output, Contains("Ana: Move (stays at A1: the map leaves no way to C3)"));
  CHECK_THAT(ran.output, Contains("Ana: Sprint (stays at A1: the map leaves no way to C3)"));
  CHECK_THAT(ran.output, Contains(":2:14: warning: no way leads from A1"));
  // A cell it can reach is not warned of, and it goes there.
  std::ofstream(dir / "open.txt") << "Ana:\n  1: Move -> B2\n  2: Defend\nBob:\n  1: Defend\n  2: Defend\n";
  const auto [open_checked, open_ran] = check_and_run(dir / "open.txt", dir / "walled.lua");
  CHECK_THAT(open_checked.output, !Contains("warning"));
  CHECK_THAT(open_ran.output, Contains("Ana moves from A1 to B2"));
  // "others stand in every way": only Bob bars the corridor, who may move; the map leaves a way,
  // so check warns of nothing, and the fight says who bars it.
  std::ofstream(dir / "corridor.lua")
      << "return { rules = { \"platemail\" }, map = { width = 3, height = 1, scale = 5 },\n"
         "  characters = {\n"
         "    { name = \"Ana\", side = \"a\", at = \"A1\", weapon = \"Sword\" },\n"
         "    { name = \"Bob\", side = \"b\", at = \"B1\", weapon = \"Sword\" },\n"
         "  } }\n";
  std::ofstream(dir / "past.txt") << "Ana:\n  1: Move to C1\n  2: Defend\nBob:\n  1: Defend\n  2: Defend\n";
  const auto [past_checked, past_ran] = check_and_run(dir / "past.txt", dir / "corridor.lua");
  CHECK_THAT(past_checked.output, !Contains("no way leads"));
  CHECK_THAT(past_ran.output, Contains("Ana: Move (stays at A1: others stand in every way to C1)"));
}

TEST_CASE("check warns of every order heading for a walled-off cell, and of a Charge at one walled in, which run "
          "says stays and why",
          "[cli][orders]") {
  // docs/fights.md: a cell no way leads to leaves the character where it stands, and says why;
  // docs/orders.md: an action whose target is where it goes (target_is_way: Skulk, Sprint) goes to
  // a cell it is taken at, and one that moves goes toward the character it is taken at ("Charge ->
  // Orc"). Fall Back moves away from hostiles whatever its target: no cell to warn of.
  TempDir dir;
  std::ofstream(dir / "walled.lua") << walled_c3("    { name = \"Ana\", side = \"a\", at = \"A1\", weapon = \"Sword\" },\n"
                                               "    { name = \"Cy\", side = \"a\", at = \"A2\", weapon = \"Sword\" },\n"
                                               "    { name = \"Dee\", side = \"a\", at = \"A3\", weapon = \"Sword\" },\n"
                                               "    { name = \"Bob\", side = \"b\", at = \"F6\", weapon = \"Sword\" },\n");
  std::ofstream(dir / "ways.txt") << "Ana:\n  1: Skulk -> C3\n  2: Defend\nCy:\n  1: Sprint -> C3\n  2: Defend\n"
                                      "Dee:\n  1: Fall Back -> C3\n  2: Defend\nBob:\n  1: Defend\n  2: Defend\n";
  const auto [checked, ran] = check_and_run(dir / "ways.txt", dir / "walled.lua");
  CHECK(checked.exit_code == 0);
  CHECK_THAT(checked.output,
             Contains(dir / "ways.txt" +
                      ":2:15: warning: no way leads from A1, where 'Ana' stands as round 1 starts, to C3: it would "
                      "stay at A1\n"));
  CHECK_THAT(checked.output, Contains(dir / "ways.txt" + ":5:16: warning: no way leads from A2"));
  CHECK_THAT(checked.output, !Contains("from A3"));
  CHECK_THAT(ran.output, Contains("Ana: Skulk (stays at A1: the map leaves no way to C3)"));
  CHECK_THAT(ran.output, Contains("Cy: Sprint (stays at A2: the map leaves no way to C3)"));
  CHECK_THAT(ran.output, !Contains("Dee: Fall Back (stays at A3: the map"));
  // A Charge at one a moat shuts in (ground no step may cross, which sight crosses, so the Orc can
  // be designated): it stays, and says why; check foresees it from the map.
  std::ofstream(dir / "shut.lua")
      << "return { rules = { \"platemail\" },\n"
         "  map = { width = 6, height = 6, scale = 5, terrain = {\n"
         "    B2 = { impassable = true }, C2 = { impassable = true }, D2 = { impassable = true },\n"
         "    B3 = { impassable = true }, D3 = { impassable = true },\n"
         "    B4 = { impassable = true }, C4 = { impassable = true }, D4 = { impassable = true } } },\n"
         "  characters = {\n"
         "    { name = \"Ana\", side = \"a\", at = \"A1\", weapon = \"Sword\" },\n"
         "    { name = \"Orc\", side = \"b\", at = \"C3\", weapon = \"Sword\" },\n"
         "  } }\n";
  std::ofstream(dir / "charge.txt") << "Ana:\n  1: Charge -> \"Orc\"\n  2: Defend\nOrc:\n  1: Defend\n  2: Defend\n";
  const auto [charge_checked, charge_ran] = check_and_run(dir / "charge.txt", dir / "shut.lua");
  CHECK(charge_checked.exit_code == 0);
  CHECK_THAT(charge_checked.output,
             Contains(dir / "charge.txt" +
                      ":2:16: warning: no way leads from A1, where 'Ana' stands as round 1 starts, to 'Orc' at C3: it "
                      "would stay at A1\n"));
  CHECK_THAT(charge_ran.output, Contains("Ana: Charge → Orc (stays at A1: the map leaves no way to Orc at C3)"));
  std::ofstream(dir / "toward.txt") << "Ana:\n  1: Charge toward \"Orc\"\n  2: Defend\nOrc:\n  1: Defend\n  2: Defend\n";
  const auto [toward_checked, toward_ran] = check_and_run(dir / "toward.txt", dir / "shut.lua");
  CHECK_THAT(toward_checked.output, Contains(":2:20: warning: no way leads from A1, where 'Ana' stands as round 1 "
                                             "starts, to 'Orc' at C3: it would stay at A1\n"));
  CHECK_THAT(toward_ran.output, Contains("(stays at A1: the map leaves no way to Orc at C3)"));
  // A Charge at one a wall hides, in a walled room: Platemail refuses it as the orders are read ("If
  // line of sight is blocked completely, the Character has Concealment"; "Characters with
  // Concealment cannot be targeted directly"), before anyone moves, so that is the reason both
  // give: check foresees the refusal and says nothing of a way, and run narrates the refusal
  // without warning that Ana would stay. check said "no way leads ... it would stay at A1" beside
  // the refusal, and run warned so before refusing the Charge for line of sight.
  std::ofstream(dir / "room.lua") << walled_c3("    { name = \"Ana\", side = \"a\", at = \"A1\", weapon = \"Sword\" },\n"
                                             "    { name = \"Orc\", side = \"b\", at = \"C3\", weapon = \"Sword\" },\n");
  const auto [room_checked, room_ran] = check_and_run(dir / "charge.txt", dir / "room.lua");
  const std::string out_of_sight = "Orc is out of Ana's line of sight (a wall or closed door between): Characters "
                                   "with Concealment cannot be targeted directly";
  CHECK(room_checked.exit_code == 0);
  CHECK_THAT(room_checked.output, Contains(dir / "charge.txt" + ":2:6: warning: the rules will refuse 'Charge -> "
                                           "\"Orc\"' in round 1, whatever the dice (" + out_of_sight + ")"));
  CHECK_THAT(room_checked.output, !Contains("no way leads"));
  CHECK(room_ran.exit_code == 0);
  CHECK_THAT(room_ran.output, Contains("Ana: Defend ('Charge -> \"Orc\"' is refused (" + out_of_sight + ")"));
  CHECK_THAT(room_ran.output, !Contains("no way leads"));
  CHECK_THAT(room_ran.output, !Contains("stays at A1"));
  // The other orders of that round keep their warnings: Ana's Move into the room is no attack.
  std::ofstream(dir / "both.txt") << "Ana:\n  1: Charge -> \"Orc\"\n  2: Move -> C3\nOrc:\n  1: Defend\n  2: Defend\n";
  const auto [both_checked, both_ran] = check_and_run(dir / "both.txt", dir / "room.lua");
  CHECK_THAT(both_checked.output, !Contains(":2:16: warning: no way leads"));
  CHECK_THAT(both_checked.output, Contains(":3:14: warning: no way leads from A1"));
  CHECK_THAT(both_ran.output, !Contains(":2:16: warning: no way leads"));
  CHECK_THAT(both_ran.output, Contains(":3:14: warning: no way leads from A1"));
  // A Charge at one it can reach is warned of nothing, and goes.
  std::ofstream(dir / "open.lua")
      << "return { rules = { \"platemail\" }, map = { width = 6, height = 6, scale = 5 },\n"
         "  characters = {\n"
         "    { name = \"Ana\", side = \"a\", at = \"A1\", weapon = \"Sword\" },\n"
         "    { name = \"Orc\", side = \"b\", at = \"C3\", weapon = \"Sword\" },\n"
         "  } }\n";
  const auto [open_checked, open_ran] = check_and_run(dir / "charge.txt", dir / "open.lua");
  CHECK_THAT(open_checked.output, !Contains("warning"));
  CHECK_THAT(open_ran.output, !Contains("no way"));
}

TEST_CASE("check and run warn of a kind only one's own side is, at a target that picks among enemies",
          "[cli][orders]") {
  // rules/platemail/README.md: "the closest enemy {word}" picks "among the enemies of that kind"
  // (its `among`): an archer of one's own side is never one, so the order names no one.
  TempDir dir;
  std::ofstream(dir / "bows.lua")
      << "return { rules = { \"platemail\" }, map = { width = 8, height = 4, scale = 5 },\n"
         "  characters = {\n"
         "    { name = \"Aldric\", side = \"party\", at = \"B2\", weapon = \"Sword\" },\n"
         "    { name = \"Wren\", side = \"party\", at = \"B3\", weapon = \"Sword\", stats = { kind = \"archer\" } },\n"
         "    { name = \"Orc\", side = \"orcs\", at = \"E2\", weapon = \"Axe\" } } }\n";
  std::ofstream(dir / "bows.txt") << "Aldric:\n  1: Charge -> the closest enemy archer\n  2: Defend\n";
  const std::string warning = dir / "bows.txt" +
                              ":2:20: warning: no enemy of 'Aldric' answers to 'archer' ('the closest enemy {word}' "
                              "picks among those who do): it will name no one\n";
  const auto [checked, ran] = check_and_run(dir / "bows.txt", dir / "bows.lua");
  CHECK(checked.exit_code == 0);
  CHECK_THAT(checked.output, Contains(warning));
  CHECK_THAT(checked.output, Contains("only Wren answers to 'archer', whom 'the closest enemy {word}' never picks: it "
                                      "picks among its enemies"));
  CHECK_THAT(checked.output, Contains("the kinds of its enemies, nearest first: 'orc'\n"));
  CHECK_THAT(ran.output, Contains(warning));
  CHECK_THAT(ran.output, Contains("Aldric (Charge) has no one to attack"));
}

TEST_CASE("check and run warn of a general target that compares a stat no one in the fight has", "[cli][orders]") {
  // Platemail's "the biggest enemy" ranks by size, which no shipped encounter gives: it names no one.
  TempDir dir;
  std::ofstream(dir / "big.txt") << "Aldric:\n  1: Charge -> the biggest enemy orc\n  2: Defend\n";
  const std::string warning = dir / "big.txt" +
                              ":2:20: warning: 'biggest enemy orc' compares characters by their stat 'size', and no "
                              "enemy of 'Aldric' has it: it will name no one\n";
  const auto [checked, ran] = check_and_run(dir / "big.txt", "examples/platemail/skirmish.lua");
  CHECK(checked.exit_code == 0);
  CHECK_THAT(checked.output, Contains(warning));
  CHECK_THAT(checked.output, Contains("give its enemies a 'size' in the encounter (stats = { size = 2 })"));
  CHECK_THAT(ran.output, Contains(warning));
  CHECK_THAT(ran.output, Contains("Aldric (Charge) has no one to attack"));
  // An encounter that gives sizes: the biggest orc is found, and nothing is warned of.
  std::ofstream(dir / "sized.lua")
      << "return { rules = { \"platemail\" }, map = { width = 8, height = 4, scale = 5 },\n"
         "  characters = {\n"
         "    { name = \"Aldric\", side = \"party\", at = \"B2\", weapon = \"Sword\", armor = \"Leather\" },\n"
         "    { name = \"Orc\", side = \"orcs\", at = \"E2\", weapon = \"Axe\", stats = { size = 2 } },\n"
         "    { name = \"Orc Brute\", side = \"orcs\", at = \"E3\", weapon = \"Axe\", stats = { size = 3 } } } }\n";
  const auto [sized_check, sized_run] = check_and_run(dir / "big.txt", dir / "sized.lua");
  CHECK_THAT(sized_check.output, !Contains("warning"));
  CHECK_THAT(sized_run.output, !Contains("warning"));
  CHECK_THAT(sized_run.output, Contains("Aldric: Charge → Orc Brute"));
  // "the biggest enemy" picks among one's enemies (`among = "enemy"`): Aldric's own size, with the
  // lone orc's none, names no one, and is told as such, in check and run alike.
  std::ofstream(dir / "lone.lua")
      << "return { rules = { \"platemail\" }, map = { width = 8, height = 4, scale = 5 },\n"
         "  characters = {\n"
         "    { name = \"Aldric\", side = \"party\", at = \"B2\", weapon = \"Sword\", stats = { size = 2 } },\n"
         "    { name = \"Orc\", side = \"orcs\", at = \"E2\", weapon = \"Axe\" } } }\n";
  const auto [lone_check, lone_run] = check_and_run(dir / "big.txt", dir / "lone.lua");
  CHECK_THAT(lone_check.output, Contains(warning));
  CHECK_THAT(lone_check.output,
             Contains("only Aldric has it, whom 'the biggest enemy {word}' never picks: it picks among its enemies"));
  CHECK_THAT(lone_run.output, Contains(warning));
  CHECK_THAT(lone_run.output, Contains("Aldric (Charge) has no one to attack"));
}

TEST_CASE("check --encounter foresees an order at a Concealed target, refused as the round's orders are read",
          "[cli][orders]") {
  // The ambush with its Cutthroat already in the hedge (F7): from B3 the Crossbowman cannot see it.
  // run made the shot's order and told "cannot target Cutthroat: Concealed" as the Attack came to
  // be made, after the phase's first die; check, whose trial stops at that die and reads only the
  // refusals before it, was silent. Platemail now refuses it as the round's orders are read.
  TempDir dir;
  REQUIRE(shell("sed 's/at = \"G7\", weapon = \"Dagger\"/at = \"F7\", weapon = \"Dagger\"/' "
                "examples/platemail/ambush.lua > " + (dir / "hedge.lua"))
              .exit_code == 0);
  std::ofstream(dir / "shot.txt") << "Crossbowman:\n  1: Ranged Attack -> \"Cutthroat\"\n  2: Defend\n"
                                     "Pike:\n  1: Charge -> \"Archer\"\n  2: Defend\n";
  const std::string reason = "Cutthroat is Concealed from Crossbowman: Characters with Concealment cannot be targeted "
                             "directly";
  const auto [checked, ran] = check_and_run(dir / "shot.txt", dir / "hedge.lua");
  CHECK(checked.exit_code == 0);
  CHECK_THAT(checked.output, Contains(dir / "shot.txt" + ":2:6: warning: the rules will refuse 'Ranged Attack -> "
                                                         "\"Cutthroat\"' in round 1, whatever the dice (" + reason +
                                      "): Crossbowman will take Defend, the default order\n"));
  CHECK(occurrences(checked.output, "warning") == 1);
  CHECK(ran.exit_code == 0);
  CHECK_THAT(ran.output, Contains("Crossbowman: Defend ('Ranged Attack -> \"Cutthroat\"' is refused (" + reason +
                                  "): Defend, the default order)"));
  CHECK_THAT(ran.output, !Contains("cannot target Cutthroat"));
}

TEST_CASE("check --resume checks the sheets for a saved fight's next round against the fight as it stands",
          "[cli][orders]") {
  TempDir dir;
  // Seed 1: round 1 of the skirmish leaves Aldric Unconscious, so his round-2 order cannot be
  // carried out, which the sheet's checker cannot know but the saved fight tells before any die.
  const std::string skirmish = "examples/platemail/skirmish.lua";
  REQUIRE(arbiter("run " + skirmish + " --seed 1 --quiet --orders examples/platemail/skirmish-round1.txt --save " +
                  (dir / "round1.json"))
              .exit_code == 0);
  const std::string resumed = " --encounter " + skirmish + " --resume " + (dir / "round1.json");
  const auto checked = arbiter("check examples/platemail/skirmish-round2.txt" + resumed);
  CHECK(checked.exit_code == 0);
  CHECK_THAT(checked.output, Contains("skirmish-round2.txt:5:1: warning: Aldric cannot act in round 2, whatever the "
                                      "dice (Unconscious): its orders (IF an enemy is adjacent THEN Full Attack -> "
                                      "adjacent enemy ELSE Charge -> most injured enemy) will not be carried out\n"));
  CHECK(occurrences(checked.output, "warning") == 1);
  CHECK_THAT(arbiter("run " + skirmish + " --resume " + (dir / "round1.json") +
                     " --orders examples/platemail/skirmish-round2.txt")
                 .output,
             Contains("Aldric cannot act (Unconscious): its order (IF an enemy is adjacent THEN Full Attack -> adjacent "
                      "enemy ELSE Charge -> most injured enemy) is not carried out"));
  // A sheet without "Round N" is for the next round, as run reads it; JSON says so.
  std::ofstream(dir / "next.txt") << "Brienne:\n  1: Defend\n  2: Defend\n";
  CHECK_THAT(arbiter("check --json " + (dir / "next.txt") + resumed).output, Contains("\"round\": 2"));
  // What the rules refuse is foreseen for that round too.
  std::ofstream(dir / "later.txt") << "Round 2\nArcher:\n  1: Charge -> \"Sergeant Hale\"\n  2: Defend\n";
  REQUIRE(arbiter("run examples/platemail/ambush.lua --seed 90 --quiet --orders examples/platemail/ambush-round1.txt "
                  "--save " + (dir / "ambush.json"))
              .exit_code == 0);
  CHECK_THAT(arbiter("check " + (dir / "later.txt") + " --encounter examples/platemail/ambush.lua --resume " +
                     (dir / "ambush.json"))
                 .output,
             Contains("later.txt:3:6: warning: the rules will refuse 'Charge -> \"Sergeant Hale\"' in round 2, "
                      "whatever the dice (Long Bow is neither a melee nor a thrown weapon)"));
  // A sheet for a round already played is refused at its Round line, as run refuses it.
  std::ofstream(dir / "past.txt") << "Round 1\nBrienne:\n  1: Defend\n  2: Defend\n";
  const auto past = arbiter("check " + (dir / "past.txt") + resumed);
  CHECK(past.exit_code == 1);
  CHECK_THAT(past.output, Contains("past.txt:1:1: error: the sheet is for round 1, but the fight has already played 1 "
                                   "round; the next is round 2"));
  // Another encounter's save, or a save without its encounter, is refused.
  const auto other = arbiter("check " + (dir / "next.txt") + " --encounter " + skirmish + " --resume " +
                             (dir / "ambush.json"));
  CHECK(other.exit_code == 1);
  CHECK_THAT(other.output, Contains("this fight was saved from the encounter examples/platemail/ambush.lua, not " +
                                    skirmish));
  // A fight run with a house pack is checked under it, as it is played, without naming it again.
  REQUIRE(arbiter("run " + skirmish + " --seed 1 --quiet --house platemail-house --orders "
                  "examples/platemail/skirmish-round1.txt --save " + (dir / "house.json"))
              .exit_code == 0);
  const auto housed = arbiter("check " + (dir / "next.txt") + " --encounter " + skirmish + " --resume " + (dir / "house.json"));
  CHECK(housed.exit_code == 0);
  CHECK_THAT(housed.output, !Contains("error"));
  // A save written before the house packs were recorded (played_from.house) names them only among
  // the packs loaded: those beyond the encounter's rules, found by name.
  nlohmann::json older = nlohmann::json::parse(std::ifstream(dir / "house.json"));
  REQUIRE(older["played_from"]["house"] == nlohmann::json::array({"platemail-house"}));
  older["played_from"].erase("house");
  older["version"] = 2;  // as such a save was: a later one always records them
  std::ofstream(dir / "older.json") << older.dump(1);
  const auto old_save =
      arbiter("check " + (dir / "next.txt") + " --encounter " + skirmish + " --resume " + (dir / "older.json"));
  CHECK(old_save.exit_code == 0);
  CHECK_THAT(old_save.output, !Contains("error"));
  const auto alone = arbiter("check " + (dir / "next.txt") + " --rules platemail --resume " + (dir / "round1.json"));
  CHECK(alone.exit_code == 2);
  CHECK_THAT(alone.output, Contains("--resume requires --encounter"));
}

TEST_CASE("check --resume finds the packs the fight named by folder, the encounter's rules and --house packs alike",
          "[cli][orders]") {
  TempDir dir;
  write_wait_pack(dir.path / "seq");
  std::filesystem::create_directories(dir.path / "shove");
  std::ofstream(dir / "shove/pack.lua") << "return { name = \"shove\", version = \"0.1.0\", requires = { \"seq\" } }\n";
  std::ofstream(dir / "shove/init.lua")
      << "require(\"arbiter\").define.action(\"Shove\", { target = \"none\", resolve = function(ctx) end })\n";
  std::ofstream(dir / "fight.lua") << "return { rules = { \"./seq\" }, map = { width = 3, height = 1 }, characters = "
                                      "{ { name = \"Ana\", side = \"a\", at = \"A1\" }, { name = \"Bo\", side = "
                                      "\"b\", at = \"B1\" } } }\n";
  std::ofstream(dir / "round.txt") << "Ana:\n  1: Shove\nBo:\n  1: Wait\n";
  std::ofstream(dir / "plain.txt") << "Ana:\n  1: Wait\nBo:\n  1: Wait\n";
  const std::string fight = " --encounter " + (dir / "fight.lua") + " --resume ";
  // The encounter's `rules = { "./seq" }`: found from the encounter's folder, as run finds it.
  REQUIRE(arbiter("run " + (dir / "fight.lua") + " --seed 1 --quiet --orders " + (dir / "plain.txt") + " --save " +
                  (dir / "plain.json"))
              .exit_code == 0);
  const auto plain = arbiter("check " + (dir / "plain.txt") + fight + (dir / "plain.json"));
  CHECK(plain.exit_code == 0);
  CHECK(plain.output == "Ana: 1: Wait\nBo: 1: Wait\n");
  // A --house folder, named relative to where run was run: the save finds it wherever check runs.
  const std::string house = std::filesystem::relative(dir.path / "shove").string();
  REQUIRE(arbiter("run " + (dir / "fight.lua") + " --seed 1 --quiet --orders " + (dir / "round.txt") + " --house " +
                  house + " --save " + (dir / "house.json"))
              .exit_code == 0);
  const auto housed = shell("cd " + dir.path.string() + " && " + ARBITER_BINARY + " check round.txt --encounter "
                            "fight.lua --resume house.json");
  CHECK(housed.exit_code == 0);
  CHECK(housed.output == "Ana: 1: Shove\nBo: 1: Wait\n");
}

TEST_CASE("check --house checks the sheets under the house packs run would play them with", "[cli][orders]") {
  // `run --house` plays a fight under house packs; `check` had no --house ("unknown option"), so a
  // sheet naming a house pack's action could not be checked against the encounter it is for.
  TempDir dir;
  std::ofstream(dir.path / "bash.txt") << "Aldric:\n  1: Shield Bash -> \"Orc\"\n  2: Defend\n";
  const std::string sheet = (dir.path / "bash.txt").string(), skirmish = " --encounter examples/platemail/skirmish.lua";
  const auto without = arbiter("check " + sheet + skirmish);
  CHECK(without.exit_code == 1);
  CHECK_THAT(without.output, Contains("unknown action 'Shield Bash'"));
  const auto housed = arbiter("check " + sheet + skirmish + " --house platemail-house");
  CHECK(housed.exit_code == 0);
  CHECK_THAT(housed.output, !Contains("error"));
  // --rules names every pack: --house beside it, or without an encounter, is a usage error. (Beside
  // --resume it names a house pack moved since the save: run_errors_test.cpp.)
  CHECK(arbiter("check " + sheet + skirmish + " --house platemail-house --rules platemail").exit_code == 2);
  CHECK(arbiter("check " + sheet + " --house platemail-house").exit_code == 2);
  CHECK_THAT(arbiter("check --help").output, Contains("--house PACK"));
}

TEST_CASE("the log's declared event says which order the default order stands in for, and why", "[cli][run]") {
  TempDir dir;
  std::ofstream(dir / "orders.txt") << "Archer:\n  1: Charge -> \"Sergeant Hale\"\n  2: Defend\n";
  const auto run = arbiter("run examples/platemail/ambush.lua --seed 1 --quiet --orders " + (dir / "orders.txt") +
                           " --log " + (dir / "log.jsonl"));
  REQUIRE(run.exit_code == 0);
  CHECK_THAT(read_text(dir.path / "log.jsonl"),
             Contains("\"character\":\"Archer\",\"reason\":\"Long Bow is neither a melee nor a thrown weapon\","
                      "\"refused\":\"Charge -> \\\"Sergeant Hale\\\"\""));
}

TEST_CASE("check labels each round when the sheets are for several", "[cli][orders]") {
  const auto run = arbiter("check examples/tempo/duel-round2.txt examples/tempo/duel-round1.txt --encounter "
                           "examples/tempo/duel.lua");
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("\nRound 1\nIlse: "));
  CHECK_THAT(run.output, Contains("\nRound 2\nIlse: "));
  // Konrad starts Off Guard, so his standing Counter-Attack is refused at Ilse's first attack, as
  // the duel's narration tells ("Konrad cannot Counter-Attack: Off Guard"), before any die.
  CHECK_THAT(run.output, StartsWith("examples/tempo/duel-round1.txt:16:20: warning: the rules will refuse "
                                    "'Counter-Attack' as the answer to Ilse's Melee Attack in round 1, whatever the "
                                    "dice (Off Guard)\n"));
}

TEST_CASE("check names the answer it foresees refused: the same standing order may be taken later in the round",
          "[cli][orders]") {
  // Ana starts Off Guard: her Parry is refused against Cy's attack, who acts before her, and taken
  // against Di's, after her Ready. The warning said "as the answer to Melee Attack", as though the
  // standing order were useless for the whole round.
  TempDir dir;
  std::ofstream(dir / "fight.lua")
      << "return { rules = { 'tempo' }, map = { width = 6, height = 3 }, characters = {\n"
         "  { name = 'Ana', side = 'red', at = 'B2', weapon = 'Sword', stats = { initiative = 3 } },\n"
         "  { name = 'Cy', side = 'blue', at = 'C2', weapon = 'Sword', stats = { initiative = 5, guard = 'On Guard' } },\n"
         "  { name = 'Di', side = 'blue', at = 'B3', weapon = 'Sword', stats = { initiative = 1, guard = 'On Guard' } },\n"
         "} }\n";
  std::ofstream(dir / "round.txt") << "Ana:\n  1: Ready\n  ON Melee Attack: Parry\nCy:\n  1: Melee Attack -> Ana\n"
                                      "Di:\n  1: Melee Attack -> Ana\n";
  const auto check = arbiter("check --encounter " + (dir / "fight.lua") + " " + (dir / "round.txt"));
  CHECK(check.exit_code == 0);
  CHECK_THAT(check.output, Contains("round.txt:3:20: warning: the rules will refuse 'Parry' as the answer to Cy's Melee "
                                    "Attack in round 1, whatever the dice (Off Guard)\n"));
  const auto run = arbiter("run " + (dir / "fight.lua") + " --rounds 1 --dice 5,1,6,6,4,4,4,4,4,4 --orders " +
                           (dir / "round.txt"));
  CHECK_THAT(run.output, Contains("Ana cannot Parry: Off Guard"));
  CHECK_THAT(run.output, Contains("Ana: Parry → Di"));
}

TEST_CASE("two rulesets named together are told as such, with the encounter's line that brought the second in",
          "[cli][packs][bad-input]") {
  // It told the GM to use arbiter.override.table, at a line of Platemail's weapons table: the
  // mistake is the encounter's, which names tempo and a house pack of Platemail's.
  TempDir dir;
  std::ofstream(dir / "mixed.lua") << "return { map = { width = 4, height = 4 }, characters = {},\n"
                                      "  rules = { \"tempo\", \"platemail-house\" } }\n";
  // A house pack of other rules is told so, as --house tells it (docs/encounters.md, `rules`).
  const auto ran = arbiter("run " + (dir / "mixed.lua") + " --rounds 1 --seed 1");
  CHECK(ran.exit_code == 1);
  CHECK_THAT(ran.output, Contains((dir / "mixed.lua") +
                                  ":2:22: error: platemail-house requires platemail; this fight is played under tempo"));
  // Both named: the second is told where the encounter names it.
  std::ofstream(dir / "both.lua") << "return { map = { width = 4, height = 4 }, characters = {},\n"
                                     "  rules = { \"tempo\", \"platemail\" } }\n";
  const auto both = arbiter("check --encounter " + (dir / "both.lua") + " examples/tempo/duel-round1.txt");
  CHECK(both.exit_code == 1);
  CHECK_THAT(both.output, Contains("(two rulesets?)") && Contains("pack 'platemail' is named at " + (dir / "both.lua") +
                                                                  ":2:22"));
  // A pack that builds on the one that defined it is still told to override it.
  std::filesystem::create_directories(dir / "again");
  std::ofstream(dir / "again/pack.lua") << "return { name = \"again\", version = \"1.0.0\", requires = { \"tempo\" } }\n";
  std::ofstream(dir / "again/init.lua") << "local arbiter = require \"arbiter\"\n"
                                               "arbiter.define.table(\"weapons\", {})\n";
  const auto again = arbiter("explain tempo " + (dir / "again"));
  CHECK(again.exit_code == 1);
  CHECK_THAT(again.output, Contains("init.lua:2: error: table 'weapons' is already defined by pack 'tempo' at ") &&
                               Contains(": use arbiter.override.table to replace it"));
}

TEST_CASE("two rulesets loaded from the command line are told with the requirement or the option that brought the "
          "second in",
          "[cli][packs][bad-input]") {
  // docs/packs.md: two rulesets "are told that they cannot be loaded together, with the encounter's
  // line that named the pack, or named the one that brought it in". From the command line there is
  // no such line: --house's pack was told with no place, and `check --rules` never said which pack
  // brought tempo in.
  TempDir dir;
  std::filesystem::create_directories(dir / "fortempo");
  std::ofstream(dir / "fortempo/pack.lua") << "return { name = \"fortempo\", version = \"1.0.0\",\n"
                                              "  requires = { \"tempo\" } }\n";
  std::ofstream(dir / "fortempo/init.lua") << "local arbiter = require \"arbiter\"\n";
  const std::string packs = "--pack-path " + dir.path.string() + " ";
  const std::string requirement = dir / "fortempo/pack.lua" + ":2:16";  // its "tempo"
  const auto house = arbiter(packs + "run examples/platemail/skirmish.lua --orders examples/platemail/skirmish-round1.txt "
                                     "--seed 1 --house fortempo");
  CHECK(house.exit_code == 1);
  CHECK_THAT(house.output, Contains(requirement + ": error: fortempo requires tempo; this fight is played under platemail") &&
                               Contains("pack 'fortempo' is named by --house"));
  const auto rules = arbiter(packs + "check --rules platemail fortempo examples/platemail/skirmish-round1.txt");
  CHECK(rules.exit_code == 1);
  // check --rules holds the packs after its ruleset to what run holds house packs to: told at the
  // requirement, as --house's.
  CHECK_THAT(rules.output, Contains(requirement + ": error: fortempo requires tempo; this fight is played under platemail") &&
                               Contains("pack 'fortempo' is named by --rules"));
  // Loaded together where no fight is checked (explain, lua, test): the clash, and who brought tempo in.
  const auto explained = arbiter(packs + "explain platemail fortempo");
  CHECK(explained.exit_code == 1);
  CHECK_THAT(explained.output, Contains("(two rulesets?)") &&
                                   Contains("pack 'tempo' is loaded because 'fortempo' requires it, at " + requirement));
  // Named itself beside the ruleset, by --house: told so.
  const auto named = arbiter("run examples/platemail/skirmish.lua --orders examples/platemail/skirmish-round1.txt "
                             "--seed 1 --house tempo");
  CHECK(named.exit_code == 1);
  CHECK_THAT(named.output, Contains("(two rulesets?)") && Contains("pack 'tempo' is named on the command line"));
}

TEST_CASE("check places a turn's refused entry at that entry, not at the first entry written alike", "[cli][orders]") {
  // Stab, Stab, Stab with AP for one: the refusals of the second and third were told at the first.
  TempDir dir;
  write_wait_pack(dir.path / "stab", "",
                  "arbiter.define.action(\"Stab\", { target = \"none\", cost = 4, resolve = function(ctx) end })\n",
                  "if ordered and points < 4 then return nil, ('4 AP needed, %d left'):format(points) end return ordered");
  std::ofstream(dir / "fight.lua") << "return { rules = { \"./stab\" }, map = { width = 3, height = 1 }, characters = "
                                      "{ { name = \"Ana\", side = \"a\", at = \"A1\" }, { name = \"Bo\", side = "
                                      "\"b\", at = \"C1\" } } }\n";
  std::ofstream(dir / "round.txt") << "Ana:\n  1: Stab\n  2: Stab\n  3: Stab\nBo:\n  1: Wait\n";
  const auto checked = arbiter("check " + (dir / "round.txt") + " --encounter " + (dir / "fight.lua"));
  CHECK(checked.exit_code == 0);
  const std::string refused = ": warning: the rules will refuse 'Stab' in round 1, whatever the dice (4 AP needed, 2 "
                              "left)\n";
  CHECK_THAT(checked.output, Contains(dir / "round.txt" + ":3:6" + refused) &&
                                 Contains(dir / "round.txt" + ":4:6" + refused) &&
                                 !Contains(dir / "round.txt" + ":2:6"));
}

TEST_CASE("a movement whose target is its way is refused with a way too, by check and run alike", "[cli][orders]") {
  // Platemail followed the way and named the target; tempo went toward the target.
  TempDir dir;
  std::ofstream(dir / "platemail.txt") << "Aldric:\n  1: Move 10' S -> \"Orc\"\n  2: Charge S, S -> \"Orc\"\n";
  const auto platemail = arbiter("check " + (dir / "platemail.txt") + " --rules platemail");
  CHECK(platemail.exit_code == 1);
  CHECK_THAT(platemail.output,
             Contains(dir / "platemail.txt" + ":2:20: error: 'Move' is given two directions, '10' S' and its "
                      "target: write one, 'Move 10' S' or 'Move 10' -> \"Orc\"'"));
  CHECK_THAT(platemail.output, !Contains(":3:"));  // Charge moves along its way and attacks its target
  std::ofstream(dir / "tempo.txt") << "Ilse:\n  1: Move to A2 -> \"Konrad\"\n";
  const std::string usage = "tempo.txt:2:20: error: 'Move' is written 'Move -> target'";
  const auto tempo = arbiter("check " + (dir / "tempo.txt") + " --encounter examples/tempo/duel.lua");
  CHECK(tempo.exit_code == 1);
  CHECK_THAT(tempo.output, Contains(usage));
  const auto run = arbiter("run examples/tempo/duel.lua --seed 1 --orders " + (dir / "tempo.txt"));
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains(usage));
}

TEST_CASE("squares are told in feet by the fight's map, by check and by run", "[cli][orders]") {
  // It used to say "a distance is written with its unit: '3'', '3 ft' or '3 feet'": 3' is another distance.
  TempDir dir;
  std::ofstream(dir / "fight.lua") << "return { rules = { 'platemail' }, map = { width = 8, height = 6, scale = 10 },\n"
                                      "  characters = { { name = 'Aldric', side = 'party', at = 'B2', weapon = 'Sword' },\n"
                                      "    { name = 'Orc', side = 'orcs', at = 'D2', weapon = 'Axe' } } }\n";
  std::ofstream(dir / "round1.txt") << "Round 1\nAldric:\n  1: Move 3 squares N\n  2: Defend\n";
  const std::string error =
      (dir / "round1.txt") + ":3:11: error: write distances in feet: 3 squares is 30' on this map\n";
  for (const Run& told : check_and_run(dir / "round1.txt", dir / "fight.lua")) {
    CHECK(told.exit_code == 1);
    CHECK_THAT(told.output, Contains(error));
  }
}

TEST_CASE("an option that takes one value, given twice, is bad usage named as such", "[cli][usage]") {
  const std::string one_round =
      "run examples/platemail/skirmish.lua --orders examples/platemail/skirmish-round1.txt --quiet ";
  const std::vector<std::pair<std::string, std::string>> cases{
      {one_round + "--seed 1 --seed 2", "--seed is given twice: give it once\n"},
      {one_round + "--seed 1 --rounds 1 --rounds 2 --rounds 3", "--rounds is given 3 times: give it once\n"},
      {one_round + "--seed 1 --save a.json --save b.json", "--save is given twice: give it once\n"},
      {"--max-memory 3 --max-memory 4 packs", "--max-memory is given twice: give it once\n"},
      {"roll d6 --times 2 --times 3", "--times is given twice: give it once\n"},
  };
  for (const auto& [arguments, told] : cases) {
    INFO(arguments);
    const auto run = arbiter(arguments);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.output, StartsWith(told));
  }
}

TEST_CASE("a sheet given twice is told as the file given twice, by run and check, however its path is spelt",
          "[cli][usage]") {
  const std::string sheet = "examples/platemail/skirmish-round1.txt";
  const auto run = arbiter("run examples/platemail/skirmish.lua --seed 1 --orders " + sheet + " " + sheet);
  CHECK(run.exit_code == 2);
  CHECK_THAT(run.output, StartsWith("--orders: " + sheet + " is given twice: give each sheet once\n"));
  const auto spelt = arbiter("run examples/platemail/skirmish.lua --seed 1 --orders " + sheet +
                             " --orders ./examples/../" + sheet);
  CHECK(spelt.exit_code == 2);
  CHECK_THAT(spelt.output, StartsWith("--orders: ./examples/../" + sheet + " is given twice (as " + sheet +
                                      " too): give each sheet once\n"));
  const auto checked = arbiter("check " + sheet + " " + sheet + " --encounter examples/platemail/skirmish.lua");
  CHECK(checked.exit_code == 2);
  CHECK_THAT(checked.output, StartsWith("SHEET: " + sheet + " is given twice: give each sheet once\n"));
  CHECK_THAT(checked.output, !Contains("already has orders"));
}

TEST_CASE("fight.new's misspelt dice or seed is told with the nearest, at the test's line", "[cli][pack-tests]") {
  // `dcie = {1}` was "the encounter has no field 'dcie'": dice and seed, the test fight's own
  // fields (docs/fights.md, "Testing a ruleset"), were no candidates.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "duo" / "tests");
  std::ofstream(dir / "duo/pack.lua") << "return { name = 'duo', version = '1.0.0', requires = { 'tempo' } }\n";
  std::ofstream(dir / "duo/init.lua") << "";
  std::ofstream(dir / "duo/tests/duo_test.lua")
      << "local test = require 'arbiter.test'\n"
         "local fight = require 'arbiter.fight'\n"
         "test.case('dice misspelt', function()\n"
         "  fight.new { map = { width = 4, height = 2 }, dcie = { 1 }, characters = {\n"
         "    { name = 'Ana', side = 'a', at = 'A1', weapon = 'Sword' } } }\n"
         "end)\n";
  const auto run = arbiter("--pack-path " + dir.path.string() + " test duo");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("duo_test.lua:4: error: fight.new: the fight has no field 'dcie' (did you mean "
                                  "'dice'?)"));
}

TEST_CASE("a hook that sets itself off again is told in one wording, at its own repeating line, by run and by test",
          "[cli][pack-tests]") {
  // `run` told "rules/tempo/tempo.lua:164: error: C stack overflow, in pack 'tempo'", the house
  // rule's line only deep in the traceback; `test` another wording.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "loop" / "tests");
  std::ofstream(dir / "loop/pack.lua") << "return { name = 'loop', version = '1.0.0', requires = { 'tempo' } }\n";
  std::ofstream(dir / "loop/init.lua") << "local arbiter = require 'arbiter'\n"
                                          "arbiter.override.hook('round_start', function(previous)\n"
                                          "  previous()\n"
                                          "  arbiter.hooks.round_start()\n"
                                          "end)\n";
  const std::string characters =
      "{ { name = 'Ana', side = 'a', at = 'B2', weapon = 'Sword' }, { name = 'Bo', side = 'b', at = 'C2', weapon = "
      "'Sword' } }";
  std::ofstream(dir / "loop/tests/loop_test.lua")
      << "local test = require 'arbiter.test'\nlocal fight = require 'arbiter.fight'\n"
         "test.case('loops', function()\n"
         "  fight.new { map = { width = 6, height = 3 }, characters = " << characters << " }:round()\n"
         "end)\n";
  std::ofstream(dir / "duel.lua") << "return { rules = { 'tempo', 'loop' }, map = { width = 6, height = 3 },\n"
                                     "  characters = " << characters << " }\n";
  const std::string told = "loop/init.lua:4: error: C stack overflow (calls into the rules nest more than about 200 "
                           "deep: a rule that sets itself off again";
  const auto run = arbiter("--pack-path " + dir.path.string() + " run " + (dir.path / "duel.lua").string() +
                           " --rounds 1 --seed 1");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains(told));
  const auto test = arbiter("--pack-path " + dir.path.string() + " test loop");
  CHECK(test.exit_code == 1);
  CHECK_THAT(test.output, Contains(told));
}

TEST_CASE("a turn's hook defined under a flow without turns is refused at its line, as it would never be called",
          "[cli][errors]") {
  // docs/fights.md: turn_start and turn_end are called in sequential phases; under Platemail's
  // simultaneous phases `define.hook("turn_start", …)` was accepted and silently never run.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "late");
  std::ofstream(dir / "late/pack.lua") << "return { name = 'late', version = '1.0.0', requires = { 'platemail' } }\n";
  std::ofstream(dir / "late/init.lua") << "local arbiter = require 'arbiter'\n"
                                          "arbiter.define.hook('turn_start', function(who) end)\n";
  const auto run = arbiter("--pack-path " + dir.path.string() + " lua platemail late -e 'return 1'");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("late/init.lua:2:21: error: hook 'turn_start' is never called in this flow: it is "
                                  "called only in sequential phases"));
  CHECK_THAT(run.output, Contains("Use phase_start, which this flow calls"));
}

TEST_CASE("overriding or patching a name no pack defines names the nearest, or the names defined, nearest first",
          "[cli][errors]") {
  // docs/packs.md: a name with none near "is told with the names there are, nearest first".
  const auto hook = arbiter("lua platemail -e 'arbiter.override.hook(\"chose\", function(p) return p() end)'");
  CHECK(hook.exit_code == 1);
  CHECK_THAT(hook.output, Contains("error: no hook 'chose' is defined; the hooks defined are, nearest first: '"));
  const auto table = arbiter("lua platemail -e 'arbiter.patch.table(\"zzzzqq\", {})'");
  CHECK(table.exit_code == 1);
  CHECK_THAT(table.output, Contains("error: no table 'zzzzqq' is defined; the tables defined are, nearest first: '"));
  // Near ones defined: those (tempo defines choose, and cost, its actions' charge by their rows).
  CHECK_THAT(arbiter("lua tempo -e 'arbiter.override.hook(\"chose\", function(p) return p() end)'").output,
             Contains("error: no hook 'chose' is defined (did you mean 'choose' or 'cost'?)"));
  // docs/fights.md, "Hooks": choose is called in sequential phases, and Platemail's are simultaneous.
  const auto choose = arbiter("lua platemail -e 'arbiter.override.hook(\"choose\", function(p) return p() end)'");
  CHECK(choose.exit_code == 1);
  CHECK_THAT(choose.output, Contains("error: no hook 'choose' is defined: 'choose' is a hook of sequential phases, "
                                     "which this ruleset's flow never calls: its phases are all simultaneous"));
  // A runtime hook any flow calls, that the ruleset does not define: defined, not overridden.
  CHECK_THAT(arbiter("lua tempo -e 'arbiter.override.hook(\"hostile\", function(p) return p() end)'").output,
             Contains("error: no hook 'hostile' is defined: the runtime calls 'hostile' once a pack defines it, and "
                      "none loaded does: define it with arbiter.define.hook"));
}

TEST_CASE("every hook of sequential phases (choose, respond, initiative, …) defined under a flow without turns is "
          "refused at its line, as turn_start is",
          "[cli][errors]") {
  // docs/fights.md, "Hooks": initiative, choose and respond are called in "sequential phases"; under
  // Platemail's simultaneous phases they were accepted and silently never run, though turn_end was refused.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "late");
  std::ofstream(dir / "late/pack.lua") << "return { name = 'late', version = '1.0.0', requires = { 'platemail' } }\n";
  for (const std::string hook : {"choose", "respond", "initiative", "actions", "responses"}) {
    std::ofstream(dir / "late/init.lua") << "local arbiter = require 'arbiter'\n"
                                            "arbiter.define.hook('" << hook << "', function() end)\n";
    const auto run = arbiter("--pack-path " + dir.path.string() + " lua platemail late -e 'return 1'");
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Contains("late/init.lua:2:21: error: hook '" + hook + "' is never called in this flow: it is "
                                    "called only in sequential phases"));
  }
  // Several at once are all told in one run, each at its own line and column (its name), in the
  // order the file writes them: fixing one and running again to meet the next was a run per hook.
  std::ofstream(dir / "late/init.lua") << "local arbiter = require 'arbiter'\n"
                                          "arbiter.define.hook('respond', function() end)\n"
                                          "arbiter.define.hook('choose', function() end)\n"
                                          "local initiative = function() end\n"
                                          "arbiter.define.hook(\"initiative\", initiative)\n";
  const auto several = arbiter("--pack-path " + dir.path.string() + " lua platemail late -e 'return 1'");
  CHECK(several.exit_code == 1);
  const std::string never = "is never called in this flow: it is called only in sequential phases";
  const auto respond = several.output.find("late/init.lua:2:21: error: hook 'respond' " + never);
  const auto choose = several.output.find("late/init.lua:3:21: error: hook 'choose' " + never);
  const auto initiative = several.output.find("late/init.lua:5:21: error: hook 'initiative' " + never);
  CHECK(respond != std::string::npos);
  CHECK(choose != std::string::npos);
  CHECK(initiative != std::string::npos);
  CHECK((respond < choose && choose < initiative));
  // Under tempo's sequential phases the same hook is the house rule's to define (tempo's own choose
  // is replaced with override).
  std::ofstream(dir / "late/pack.lua") << "return { name = 'late', version = '1.0.0', requires = { 'tempo' } }\n";
  std::ofstream(dir / "late/init.lua") << "local arbiter = require 'arbiter'\n"
                                          "arbiter.override.hook('choose', function() end)\n";
  CHECK(arbiter("--pack-path " + dir.path.string() + " lua tempo late -e 'return 1'").exit_code == 0);
}

TEST_CASE("check's nearest conditions fill {character} only with a character of the fight, never the next word",
          "[cli][orders]") {
  // QA: 'IF an ally is fatally wounded' was told the nearest 'fatally is wounded'; written so, it
  // was told "'fatally' is not in the fight", with 'fatally is down' and the like: round and round.
  // With the roster known, a hint's {character} is someone in the fight, or left as declared.
  TempDir dir;
  std::ofstream(dir / "round.txt") << "Aldric:\n  1: IF an ally is fatally wounded THEN Defend ELSE Defend\n"
                                   << "  2: IF fatally is wounded THEN Defend ELSE Defend\n"
                                   << "Dara:\n  1: IF \"Orc Brute\" is badly wounded THEN Defend ELSE Defend\n  2: Defend\n";
  const auto checked = arbiter("check " + (dir / "round.txt") + " --encounter examples/platemail/skirmish.lua");
  CHECK(checked.exit_code == 1);
  CHECK_THAT(checked.output, Contains("error: 'an ally is fatally wounded' is not a condition the rules declare"));
  CHECK_THAT(checked.output, Contains("error: 'fatally' is not in the fight"));
  CHECK_THAT(checked.output, !Contains("'fatally is"));
  CHECK_THAT(checked.output, !Contains("'fatally wounded is"));
  // A name of the fight still fills it.
  CHECK_THAT(checked.output, Contains("'\"Orc Brute\" is wounded'"));
}

TEST_CASE("Platemail's words players write: Heal is near Stabilize and Release Spell, Rescue -> self is a sheet error "
          "as Stabilize -> self is, and 'is stable' is a condition",
          "[cli][orders]") {
  // QA: `Heal -> "Orc"` was "unknown action 'Heal'" with no nearest name, as `Cast` has; `Rescue E ->
  // self`, which the rules always refuse ("picking up and carrying an ally or unconscious
  // Character": another), was only refused at the table, though `Stabilize -> self` is a sheet error.
  TempDir dir;
  std::ofstream(dir / "round.txt") << "Aldric:\n  1: Heal -> \"Orc\"\n  2: Rescue E -> self\n"
                                   << "Dara:\n  1: IF \"Aldric\" is stable THEN Defend ELSE Defend\n"
                                   << "  2: IF an ally is stable THEN Defend ELSE Defend\n";
  const auto checked = arbiter("check " + (dir / "round.txt") + " --encounter examples/platemail/skirmish.lua");
  CHECK(checked.exit_code == 1);
  CHECK_THAT(checked.output, Contains("round.txt:2:6: error: unknown action 'Heal'\n"));
  CHECK_THAT(checked.output, Contains("did you mean 'Release Spell' or 'Stabilize'?"));
  CHECK_THAT(checked.output,
             Contains("round.txt:3:18: error: 'Aldric' cannot Rescue itself: the target of Rescue is another character"));
  CHECK_THAT(checked.output, !Contains("round.txt:4:"));
  CHECK_THAT(checked.output, !Contains("round.txt:5:"));
}
