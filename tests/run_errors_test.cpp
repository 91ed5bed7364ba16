// `arbiter run` when something goes wrong: a pack's error keeps its message and is blamed on the
// pack whose code raised it, at its line; what the user typed or rolled is the input's fault and
// blames no pack; bad command-line values are usage errors before anything runs.
#include <filesystem>
#include <functional>
#include <fstream>
#include <iterator>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "tests/support/arbiter_process.hpp"
#include "tests/support/temp_dir.hpp"

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// An order sheet in a file of its own, for as long as the test runs.
struct Sheet {
  TempDir dir;
  std::filesystem::path path = dir.path / "sheet.txt";
  explicit Sheet(const std::string& text) { std::ofstream(path) << text; }
};

// An encounter of Ana and Bo side by side, foes, under the rules `pack`, for as long as the test runs.
struct Duel {
  TempDir dir;
  std::filesystem::path path = dir.path / "fight.lua";
  explicit Duel(const std::string& pack) {
    std::ofstream(path) << "return { rules = { '" << pack << "' }, map = { width = 3, height = 1 },\n"
                        << "  characters = { { name = 'Ana', side = 'a', at = 'A1' },\n"
                        << "                 { name = 'Bo', side = 'b', at = 'B1' } } }\n";
  }
};

const std::string one_round = "run examples/platemail/skirmish.lua --rounds 1 ";

// A pack of nothing but a manifest, `folder`/`name`, that requires `requirement`.
void write_pack(const std::filesystem::path& folder, const std::string& name, const std::string& requirement) {
  std::filesystem::create_directories(folder / name);
  std::ofstream(folder / name / "pack.lua")
      << "return { name = \"" << name << "\", version = \"1\", requires = { \"" << requirement << "\" } }\n";
}

}  // namespace

TEST_CASE("an error raised in a house pack's hook keeps its message, at its line, blamed on that pack",
          "[run][errors]") {
  const auto run = arbiter(one_round + "--seed 1 --house hook-error");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("tests/packs/hook-error/init.lua:2: error: the house hook's own message"));
  CHECK_THAT(run.output, Contains("in pack 'hook-error'"));
  CHECK_THAT(run.output, !Contains("function value"));
}

TEST_CASE("a house hook stuck inside a built-in function is blamed on the house pack, not the ruleset",
          "[run][errors]") {
  // The hook runs within the ruleset's call, whose time limit the watchdog watches: --max-seconds,
  // which Platemail asks nothing below. docs/packs.md: a time limit is named as a spent budget is,
  // "the pack whose budget it is" only when that pack's pack.lua asked for it; it was "the time
  // budget of the call of pack 'platemail'", blaming a budget Platemail never set.
  // A budget no normal call nears, even under the sanitizers on a loaded machine: only the stuck
  // one runs past it.
  const auto run = arbiter("--max-seconds 2 " + one_round + "--seed 1 --house stuck-house");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("tests/packs/stuck-house/init.lua:2: error: pack 'stuck-house' has run 2000 ms past "
                                  "the 2000 ms allowed one call (--max-seconds raises it for a pack you trust) inside a "
                                  "built-in function"));
  CHECK_THAT(run.output, !Contains("'platemail'"));
}

TEST_CASE("a house hook stuck inside a built-in function within a ruleset's call whose pack.lua asks for less time "
          "names that budget and its pack",
          "[run][errors]") {
  // docs/packs.md: the watchdog names "the pack whose code that is, and the pack whose budget it is
  // if that is another", the budget as its pack.lua asks for it.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "timed");
  std::ofstream(dir.path / "timed" / "pack.lua")
      << "return { name = 'timed', version = '1.0.0', api = 1, budget = { time_ms = 1500 } }\n";
  std::ofstream(dir.path / "timed" / "init.lua")
      << "local arbiter = require 'arbiter'\n"
      << "arbiter.define.table('flow', { phases = { { name = 'Brawl', kind = 'sequential', action_points = 6 } },\n"
      << "  default_order = 'Wait' })\n"
      << "arbiter.define.action('Wait', { target = 'none', resolve = function(ctx) end })\n"
      << "arbiter.define.hook('round_start', function() end)\n";
  write_pack(dir.path, "slow-house", "timed");
  std::ofstream(dir.path / "slow-house" / "init.lua")
      << "local arbiter = require 'arbiter'\n"
      << "arbiter.override.hook('round_start', function() string.find(string.rep('a', 100000), '.-.-.-.-b') end)\n";
  const Duel duel("timed");
  const auto run = arbiter("--pack-path " + dir.path.string() + " run " + duel.path.string() +
                           " --rounds 1 --seed 1 --house slow-house");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("slow-house/init.lua:2: error: pack 'slow-house' has run 2000 ms past the 1500 ms of "
                                  "the call of pack 'timed' it ran within (pack 'timed' asks for at most 1500 ms in its "
                                  "pack.lua budget) inside a built-in function"));
}

TEST_CASE("what a pack makes the runtime keep counts against its memory budget, refused at its line",
          "[run][errors][budget]") {
  // 20 MB of logged fields in one hook, with 16 MiB allowed a call: unbounded, the log kept gigabytes.
  TempDir dir;
  const auto run = arbiter("--max-memory 16 " + one_round + "--seed 1 --house log-hoarder --save " + dir / "never.json");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("tests/packs/log-hoarder/init.lua:5: error: memory budget exhausted: pack "
                                  "'log-hoarder' needed more than"));
  CHECK_FALSE(std::filesystem::exists(dir / "never.json"));
}

TEST_CASE("a compiled Lua chunk is refused at its file, as a pack's file and as an encounter", "[run][errors]") {
  TempDir dir;
  const std::string compiled("\x1bLuaT\0", 6);  // how luac's output starts
  std::filesystem::create_directories(dir.path / "binpack");
  std::ofstream(dir.path / "binpack" / "pack.lua") << "return { name = 'binpack', version = '1.0.0' }\n";
  std::ofstream(dir.path / "binpack" / "init.lua", std::ios::binary) << compiled;
  std::ofstream(dir.path / "enc.lua", std::ios::binary) << compiled;
  const auto pack = arbiter("--pack-path " + dir.path.string() + " explain binpack");
  CHECK(pack.exit_code == 1);
  CHECK_THAT(pack.output, Contains(dir / "binpack/init.lua" + ":1:1: error: attempt to load a binary chunk: a pack's "
                                   "file is Lua source text, not a compiled chunk\n  in pack 'binpack'"));
  const auto encounter = arbiter("run " + dir / "enc.lua" + " --seed 1");
  CHECK(encounter.exit_code == 1);
  CHECK_THAT(encounter.output, StartsWith(dir / "enc.lua" + ":1:1: error: attempt to load a binary chunk: a file of "
                                          "an encounter is Lua source text, not a compiled chunk"));
}

TEST_CASE("a pack stuck inside a built-in function: the narration so far is flushed, the calling line named",
          "[run][errors]") {
  // The watchdog ended the program with std::_Exit: with the output a pipe or a file, nothing of the
  // fight reached it, and the error named only the pack.
  const Sheet sheet("Aldric:\n  1: Dawdle\n  2: Dawdle\n");
  TempDir dir;
  const auto run = shell("(" + std::string(ARBITER_BINARY) + " --pack-path tests/packs --max-seconds 2 " + one_round +
                         "--seed 1 --house stuck-action --orders " + sheet.path.string() + " 2>" +
                         (dir / "err.txt") + ")");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, StartsWith("Round 1\n1st Action Phase\n"));
  CHECK_THAT(run.output, Contains("  Aldric: Dawdle\n"));
  CHECK_THAT(read_text(dir / "err.txt"),
             StartsWith("tests/packs/stuck-action/init.lua:3: error: pack 'stuck-action' has run 2000 ms past"));
}

TEST_CASE("a bad patch of the flow is told at the patch's line, list items counted from 1", "[run][errors]") {
  const auto phase = arbiter(one_round + "--seed 1 --house bad-flow-phase");
  CHECK(phase.exit_code == 1);
  CHECK_THAT(phase.output, Contains("tests/packs/bad-flow-phase/init.lua:2: error: flow.phases[1].kind: "));
  const auto order = arbiter(one_round + "--seed 1 --house bad-flow-order");
  CHECK(order.exit_code == 1);
  CHECK_THAT(order.output, Contains("tests/packs/bad-flow-order/init.lua:2:31: error: flow.default_order: there is no "
                                    "action named 'Defnd'; did you mean 'Defend'?"));
  const auto field = arbiter(one_round + "--seed 1 --house bad-flow-field");
  CHECK(field.exit_code == 1);
  CHECK_THAT(field.output, Contains("tests/packs/bad-flow-field/init.lua:2: error: flow.phases[1]: there is no field "
                                    "'action_pionts' here (did you mean 'action_points'?)"));
}

TEST_CASE("a house pack's bad value in Platemail's tables is refused at its line before any round, in run and check",
          "[run][check][errors]") {
  // QA: Wounds "two" and a Penetration of 1.5 stopped the fight mid-round, at
  // rules/platemail/combat.lua:712, blamed on 'platemail'.
  const std::string told = "tests/packs/bad-platemail-tables/init.lua:2:70: error: weapons['Sword'].melee.penetration "
                           "must be a whole number, not 1.5";
  const auto run = arbiter("run examples/platemail/skirmish.lua --rounds 1 --seed 1 --orders "
                           "examples/platemail/skirmish-round1.txt --house bad-platemail-tables");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains(told));
  CHECK_THAT(run.output, Contains("in pack 'bad-platemail-tables'"));
  CHECK_THAT(run.output, !Contains("Round 1"));
  CHECK_THAT(run.output, !Contains("rules/platemail/combat.lua"));
  const auto check = arbiter("check examples/platemail/skirmish-round1.txt --encounter examples/platemail/skirmish.lua "
                             "--rules platemail bad-platemail-tables");
  CHECK(check.exit_code == 1);
  CHECK_THAT(check.output, Contains(told));
}

TEST_CASE("every command that loads packs refuses a house rule's bad table value as the packs load, in both rulesets",
          "[run][check][errors]") {
  // The rules' hook `loaded` checks the tables once every pack has loaded: tempo checked its rows
  // only as a round started, so check passed sheets under a house pack no fight could be played with.
  const std::string tempo = "tests/packs/bad-tempo-rows/init.lua:2:44: error: weapons['Sword'].cost must be a whole "
                            "number of AP, not \"four\"";
  const auto check = arbiter("check examples/tempo/duel-round1.txt --encounter examples/tempo/duel.lua --rules tempo "
                             "bad-tempo-rows");
  CHECK(check.exit_code == 1);
  CHECK_THAT(check.output, Contains(tempo));
  const auto run = arbiter("run examples/tempo/duel.lua --seed 1 --orders examples/tempo/duel-round1.txt --house "
                           "bad-tempo-rows");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains(tempo));
  CHECK_THAT(run.output, !Contains("Round 1"));
  // The error is the house rule's line to mend: the rules' own checking code, which its author
  // cannot change, is no traceback of it (docs/writing-actions.md, "When a row is wrong").
  CHECK_THAT(run.output, Contains(tempo + "\n  in pack 'bad-tempo-rows'\n"));
  CHECK_THAT(run.output, !Contains("stack traceback"));
  for (const char* command : {"lua bad-platemail-tables -e 'return 1'", "explain bad-platemail-tables weapons"}) {
    const auto loaded = arbiter(command);
    CHECK(loaded.exit_code == 1);
    CHECK_THAT(loaded.output, Contains("bad-platemail-tables/init.lua:2:70: error: weapons['Sword'].melee.penetration"));
    CHECK_THAT(loaded.output, !Contains("stack traceback"));
  }
}

TEST_CASE("action points that are not a whole number from 0 are the flow's mistake, told at the patch's line",
          "[run][errors]") {
  // Not tempo's: its stat of points was checked against a flow that seemed to give none.
  const auto run = arbiter("run examples/tempo/duel.lua --seed 1 --orders examples/tempo/duel-round1.txt "
                           "--house bad-flow-points");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, StartsWith("tests/packs/bad-flow-points/init.lua:2: error: flow.phases[1].action_points: "
                                    "expected a whole number from 0 to 1000000, found -5"));
  CHECK_THAT(run.output, !Contains("rules/tempo"));
}

TEST_CASE("a misspelt status in the flow's incapacitated or lookups.out_of_fight is told at the patch's line",
          "[run][errors]") {
  // Accepted silently, "Unconcious" let the Unconscious fight on.
  const auto incapacitated = arbiter(one_round + "--seed 1 --house bad-flow-incapacitated");
  CHECK(incapacitated.exit_code == 1);
  CHECK_THAT(incapacitated.output,
             Contains("tests/packs/bad-flow-incapacitated/init.lua:2:31: error: flow.incapacitated: there is no "
                      "status named 'Unconcious'; did you mean 'Unconscious'?"));
  // Blamed on the patch that set out_of_fight, not the later one of another lookup.
  const auto out = arbiter(one_round + "--seed 1 --house bad-flow-out-of-fight");
  CHECK(out.exit_code == 1);
  CHECK_THAT(out.output, Contains("tests/packs/bad-flow-out-of-fight/init.lua:2:43: error: flow.lookups.out_of_fight: "
                                  "there is no status named 'Ded'; did you mean 'Dead' or 'Dazed'?"));
}

TEST_CASE("a bad path a house pack's forced_action returns is blamed on that pack at its line", "[run][errors]") {
  // Found while everyone moved, it was blamed on 'platemail', at no line.
  const auto run = arbiter(one_round + "--seed 1 --house bad-forced-path");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("tests/packs/bad-forced-path/init.lua:2: error: an intent's path: Aldric's step 1 "
                                  "(from C4 to F3) is not possible: C4 and F3 are not neighbours"));
  CHECK_THAT(run.output, Contains("in pack 'bad-forced-path'"));
  CHECK_THAT(run.output, !Contains("in pack 'platemail'"));
}

TEST_CASE("a house pack's move_limit answering feet that are not whole is blamed on that pack at its line",
          "[run][errors]") {
  const Sheet sheet("Aldric:\n  1: Move 15' E\n  2: Defend\n");
  const auto run = arbiter(one_round + "--seed 1 --house bad-move-limit --orders " + sheet.path.string());
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("tests/packs/bad-move-limit/init.lua:2: error: the move_limit hook returns nil, or "
                                  "the feet Aldric may move with Move (a whole number, 0 or more) and optionally why "
                                  "(a string), not 7.5, nil"));
  CHECK_THAT(run.output, Contains("in pack 'bad-move-limit'"));
}

TEST_CASE("a house pack's hostile hook answering neither true, false nor nil is blamed on that pack at its line",
          "[run][errors]") {
  const Sheet sheet("Aldric:\n  1: Fall Back\n  2: Defend\n");
  const auto run = arbiter(one_round + "--seed 1 --house bad-hostile --orders " + sheet.path.string());
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("tests/packs/bad-hostile/init.lua:2: error: the hostile hook, asked whether Aldric "
                                  "counts Orc among the hostiles it moves away from, must return true or false, not "
                                  "\"yes\": Lua takes every value but false and nil as true"));
  CHECK_THAT(run.output, Contains("in pack 'bad-hostile'"));
}

TEST_CASE("text that is not UTF-8 or holds a NUL byte is refused where a pack gives it, or shown escaped where it is "
          "only told: never a broken save or log",
          "[run][errors][text]") {
  // It used to end in "internal error: [json.exception.type_error.316]" (exit 3) when the save or
  // the log was written, or to be cut short at the NUL byte.
  TempDir dir;
  const auto house = [&](const std::string& name, const std::string& ruleset, const std::string& code) {
    std::filesystem::create_directories(dir.path / "packs" / name);
    std::ofstream(dir.path / "packs" / name / "pack.lua")
        << "return { name = \"" << name << "\", version = \"1\", requires = { \"" << ruleset << "\" } }\n";
    std::ofstream(dir.path / "packs" / name / "init.lua") << "local arbiter = require 'arbiter'\n" << code << "\n";
  };
  house("latin1-stat", "tempo",
        "arbiter.override.hook('turn_end', function(who, previous)\n"
        "  world.set_stat(who, 'motto', 'caf\\xe9', 'a Latin-1 string')\n"
        "  return previous(who)\n"
        "end)");
  const std::string packs = "--pack-path " + (dir.path / "packs").string() + " ";
  const auto stat = arbiter(packs + "run examples/tempo/duel.lua --seed 1 --orders examples/tempo/duel-round1.txt "
                                    "--quiet --house latin1-stat --save " + (dir / "saved.json"));
  CHECK(stat.exit_code == 1);
  CHECK_THAT(stat.output, StartsWith((dir.path / "packs/latin1-stat/init.lua").string() +
                                     ":3: error: stat 'motto': a string \"caf\\xe9\" is not UTF-8 text: byte 4 is 0xE9"));
  CHECK(!std::filesystem::exists(dir / "saved.json"));
  // An action's error is only told, and logged with it: escaped, whole.
  house("broken-defend", "platemail", "arbiter.patch.action('Defend', { resolve = function() error('caf\\xe9 broke\\0 here') end })");
  const auto failed = arbiter(packs + one_round + "--seed 1 --quiet --house broken-defend --log " + (dir / "log.jsonl"));
  CHECK(failed.exit_code == 0);
  const std::string text = read_text(dir / "log.jsonl");
  CHECK_THAT(text, Contains(R"(broken-defend/init.lua:2: caf\\xe9 broke\\x00 here")"));
}

TEST_CASE("a pack's file whose name is longer than Lua shows whole (60 characters) is named whole in its errors and "
          "their tracebacks",
          "[run][errors][packs]") {
  // Lua keeps at most LUA_IDSIZE (60) characters of a file's name and cuts a longer one at its front:
  // an installed pack's errors named "...ep/share/arbiter/packs/deep-house/tables/long.lua:2:", no
  // file a user can open. docs/packs.md: "Every error from a pack names the file and line".
  TempDir dir;
  const auto packs = dir.path / "installed-somewhere-deep" / "share" / "arbiter" / "packs";
  write_pack(packs, "deep-house", "platemail");
  std::filesystem::create_directories(packs / "deep-house" / "tables");
  std::ofstream(packs / "deep-house" / "init.lua")
      << "local arbiter = require 'arbiter'\nlocal campaign = require 'tables.modifiers_of_the_long_campaign'\n"
      << "arbiter.override.hook('round_start', function() campaign.start() end)\n";
  const auto file = packs / "deep-house" / "tables" / "modifiers_of_the_long_campaign.lua";
  REQUIRE(file.string().size() > 60);
  const std::string pack_path = "--pack-path " + packs.string() + " ";
  // Lua's own message, which it writes with the name cut, and its traceback.
  std::ofstream(file) << "local campaign = {}\nfunction campaign.start() return campaign.long.modifiers end\n"
                      << "return campaign\n";
  const auto lua_error = arbiter(pack_path + one_round + "--seed 1 --house deep-house");
  CHECK(lua_error.exit_code == 1);
  CHECK_THAT(lua_error.output, Contains(file.string() + ":2: error: attempt to index a nil value (field 'long')"));
  CHECK_THAT(lua_error.output, Contains("    " + file.string() + ":2: in field 'start'"));  // its traceback
  CHECK_THAT(lua_error.output, !Contains("..."));
  CHECK_THAT(lua_error.output, Contains("in pack 'deep-house'"));  // a cut name was no pack's folder: 'platemail'
  // The runtime's message, placed at the caller's line.
  std::ofstream(file) << "local campaign = {}\nfunction campaign.start() world.set_stat('Nobody', 'wounds', 1) end\n"
                      << "return campaign\n";
  const auto runtime_error = arbiter(pack_path + one_round + "--seed 1 --house deep-house");
  CHECK(runtime_error.exit_code == 1);
  CHECK_THAT(runtime_error.output, Contains(file.string() + ":2: error: "));
  CHECK_THAT(runtime_error.output, !Contains("..."));
  // docs/packs.md: a message a pack catches with pcall keeps Lua's cut name, but "raise the message
  // again (`error(message, 0)`) and the runtime tells its file whole".
  std::ofstream(file) << "local campaign = {}\nfunction campaign.start() local ok, message = pcall(function() return "
                         "campaign.long.modifiers end) error(message, 0) end\nreturn campaign\n";
  const auto raised_again = arbiter(pack_path + one_round + "--seed 1 --house deep-house");
  CHECK(raised_again.exit_code == 1);
  CHECK_THAT(raised_again.output, Contains(file.string() + ":2: error: attempt to index a nil value (field 'long')"));
  CHECK_THAT(raised_again.output, !Contains("..."));
}

TEST_CASE("an action raising an error that is not a message fails at its line, and the fight goes on", "[run][errors]") {
  const Sheet sheet("Aldric:\n  1: Shrug\n  2: Sulk\n");
  const auto run = arbiter(one_round + "--seed 1 --house error-values --orders " + sheet.path.string());
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Aldric's Shrug fails: tests/packs/error-values/init.lua:2: error was raised with a "
                                  "nil value instead of a message"));
  CHECK_THAT(run.output, Contains("Aldric's Sulk fails: tests/packs/error-values/init.lua:3: error was raised with a "
                                  "table value instead of a message"));
}

TEST_CASE("an action's error whose message tells no place is logged at the line that raised it", "[run][errors]") {
  // error("lvl2", 2) in `resolve` was narrated "Ana's Wait fails: lvl2", logged with no file or line.
  const Sheet sheet("Aldric:\n  1: Grumble\n  2: Mutter\n");
  TempDir dir;
  const auto run = arbiter(one_round + "--seed 1 --house error-values --orders " + sheet.path.string() + " --log " +
                           (dir / "log.jsonl"));
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Aldric's Grumble fails: tests/packs/error-values/init.lua:9: grumbling\n"));
  CHECK_THAT(run.output, Contains("Aldric's Mutter fails: tests/packs/error-values/init.lua:11: muttering\n"));
  const std::string log = read_text(dir / "log.jsonl");
  CHECK_THAT(log, Contains(R"("error":"tests/packs/error-values/init.lua:9: grumbling")"));
}

TEST_CASE("a reaction that sets itself off without end fails at its line instead of crashing the host",
          "[run][errors]") {
  // Each reaction is a call into the rules nested in the last; the host's stack held until Lua's limit.
  const Sheet sheet("Aldric:\n  1: Defend\n  2: Defend\n");
  const auto run = arbiter(one_round + "--seed 1 --house echoing-house --orders " + sheet.path.string());
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Aldric's Defend fails: tests/packs/echoing-house/init.lua:2: C stack overflow (calls "
                                  "into the rules nest more than about 200 deep"));
}

TEST_CASE("an error in a house pack's order condition is blamed on that pack, not on its manifest",
          "[run][errors]") {
  const Sheet sheet("Aldric:\n  1: IF I feel lucky THEN Charge -> closest enemy ELSE Defend\n  2: Defend\n");
  const auto run = arbiter(one_round + "--seed 1 --house error-values --orders " + sheet.path.string());
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("tests/packs/error-values/init.lua:4: error: attempt to compare number with nil"));
  CHECK_THAT(run.output, Contains("in pack 'error-values'"));
  CHECK_THAT(run.output, !Contains("manifest of"));
}

TEST_CASE("a house hook or phrase that returns the wrong thing is told at the line where it is written, in its pack",
          "[run][errors]") {
  // Each house pack's hook returns one wrong thing; the error is at the hook's line, in its pack.
  const std::pair<const char*, const char*> houses[] = {
      {"bad-returns", "tests/packs/bad-returns/init.lua:2: error: the initiative hook returns the characters in the "
                      "order of their turns (a list of them), not nil\n  in pack 'bad-returns'"},
      {"number-initiative", "tests/packs/number-initiative/init.lua:2: error: the initiative hook returns the "
                            "characters in the order of their turns: its item 2 is 42, not a character "
                            "(world.character(name) gives one)\n  in pack 'number-initiative'"},
      {"twice-initiative", "tests/packs/twice-initiative/init.lua:2: error: the initiative hook lists Ilse twice: each "
                           "character takes one turn\n  in pack 'twice-initiative'"},
      {"negative-cost", "tests/packs/negative-cost/init.lua:2: error: an intent's cost (action points) must be a whole "
                        "number from 0 to 1000000, not -5\n  in pack 'negative-cost'"},
      // Naming the hook: an intent is what forced_action, choose and respond return.
      {"string-intent", "tests/packs/string-intent/init.lua:2: error: the choose hook returns an intent: nil or { "
                        "action = …, target = …, note = … }, not \"Melee Attack\"\n  in pack 'string-intent'"},
  };
  for (const auto& [house, told] : houses) {
    const auto run = arbiter(std::string("run examples/tempo/duel.lua --rounds 1 --seed 1 --house ") + house);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Contains(told));
  }

  const Sheet sheet("Aldric:\n  1: Charge -> the weakest foe\n  2: Defend\n");
  const auto target = arbiter(one_round + "--seed 1 --house error-values --orders " + sheet.path.string());
  CHECK(target.exit_code == 1);
  CHECK_THAT(target.output, Contains("tests/packs/error-values/init.lua:5: error: the target 'weakest foe' finds a "
                                     "character, a character's name or nil, not a number\n  in pack 'error-values'"));
}

TEST_CASE("a house pack's action that spends a budget is named with its file and line", "[run][errors]") {
  const Sheet spin("Aldric:\n  1: Spin\n  2: Defend\n");
  const auto loop = arbiter("--max-instructions 1000000 " + one_round + "--seed 1 --house runaway --orders " +
                            spin.path.string());
  CHECK(loop.exit_code == 1);
  CHECK_THAT(loop.output, Contains("tests/packs/runaway/init.lua:2: error: instruction budget exhausted: pack "
                                   "'runaway'"));
  CHECK_THAT(loop.output, Contains("in pack 'runaway'"));
  CHECK_THAT(loop.output, !Contains("platemail'"));

  const Sheet hog("Aldric:\n  1: Hog\n  2: Defend\n");
  const auto memory = arbiter("--max-memory 16 " + one_round + "--seed 1 --house runaway --orders " +
                              hog.path.string());
  CHECK(memory.exit_code == 1);
  CHECK_THAT(memory.output, Contains("tests/packs/runaway/init.lua:5: error: memory budget exhausted: pack 'runaway'"));
  CHECK_THAT(memory.output, Contains("in pack 'runaway'"));
  CHECK_THAT(memory.output, !Contains("platemail'"));
}

TEST_CASE("a house pack's hook called by the ruleset runs under the budget its manifest asks for", "[run][errors]") {
  // docs/packs.md, Budgets: each function a pack defines runs under that pack's budget. The hint
  // names the manifest's budget, which --max-instructions does not raise.
  const std::string duel = "run examples/tempo/duel.lua --seed 1 --orders examples/tempo/duel-round1.txt "
                           "--house frugal-house";
  for (const std::string ceiling : {"", "--max-instructions 1000000000 "}) {
    const auto run = arbiter(ceiling + duel);
    CAPTURE(ceiling);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Contains("tests/packs/frugal-house/init.lua:4: error: instruction budget exhausted: pack "
                                    "'frugal-house' ran more than 1000000 Lua instructions in one call (pack "
                                    "'frugal-house' asks for at most 1000000 Lua instructions in its pack.lua "
                                    "budget)\n  in pack 'frugal-house'"));
    CHECK_THAT(run.output, !Contains("--max-instructions raises it"));
  }
}

TEST_CASE("a house pack's override that the ruleset's own code looks up is blamed for the budget it spends",
          "[run][errors]") {
  // Tempo's actions call the hook `exchange` from tempo's Lua code: the override that ran is named,
  // not tempo, whose call it ran within.
  const std::string duel = "run examples/tempo/duel.lua --rounds 1 --seed 1 --house late-exchange --orders ";
  const Sheet attack("Ilse:\n  1: Melee Attack -> my opponent\n");
  const auto loop = arbiter("--max-instructions 1000000 " + duel + attack.path.string());
  CHECK(loop.exit_code == 1);
  CHECK_THAT(loop.output, Contains("tests/packs/late-exchange/init.lua:3: error: instruction budget exhausted: pack "
                                   "'late-exchange' ran more than the 1000000 Lua instructions allowed one call "
                                   "(--max-instructions raises it for a pack you trust)\n  in pack 'late-exchange'"));
  CHECK_THAT(loop.output, !Contains("'tempo'"));

  const Sheet punch("Ilse:\n  1: Unarmed Attack -> my opponent\n");
  const auto memory = arbiter("--max-memory 16 " + duel + punch.path.string());
  CHECK(memory.exit_code == 1);
  // docs/packs.md, "Budgets nest": the override's budget counts from its call and never past what
  // tempo's call has left, whichever is nearer. Which of the two it is depends on what tempo
  // allocated before calling `exchange` ("16 MiB in one call" or "the 16 MiB allowed one call"):
  // what the rule says is the budget, the pack and the line, and the flag that raises it.
  CAPTURE(memory.output);
  CHECK_THAT(memory.output, Contains("tests/packs/late-exchange/init.lua:5: error: memory budget exhausted: pack "
                                     "'late-exchange' needed more than "));
  CHECK_THAT(memory.output, Contains("16 MiB in one call (--max-memory raises it for a pack you trust)\n  in pack "
                                     "'late-exchange'") ||
                                Contains("the 16 MiB allowed one call (--max-memory raises it for a pack you "
                                         "trust)\n  in pack 'late-exchange'"));
  CHECK_THAT(memory.output, !Contains("'tempo'"));
}

TEST_CASE("dice that run out or cannot be rolled are the input's fault: no pack blamed, no empty traceback",
          "[run][errors]") {
  const std::string round1 = one_round + "--orders examples/platemail/skirmish-round1.txt ";
  for (const std::string dice : {"--dice 15", "--dice 0", "--dice 21", "--roll-by-hand < /dev/null"}) {
    const auto run = arbiter(round1 + dice);
    CAPTURE(dice, run.output);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, !Contains("in pack"));
    CHECK_THAT(run.output, !Contains("stack traceback"));
  }
  CHECK_THAT(arbiter(round1 + "--dice 21").output, Contains("the 1st scripted value, 21, cannot be rolled on a d20"));
}

TEST_CASE("dice values and seeds are checked before anything runs: a bad one is a usage error naming it",
          "[run][errors]") {
  for (const std::string bad : {"x", "1.5", "5,,6", "5,", "\"\""}) {
    const auto run = arbiter(one_round + "--dice " + bad);
    CAPTURE(bad, run.output);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.output, Contains("scripted dice"));
  }
  CHECK_THAT(arbiter(one_round + "--dice 5,x").output, Contains("'x', which is not a whole number"));
  CHECK_THAT(arbiter(one_round + "--dice 5,,6").output, Contains("an empty item (number 2)"));
  CHECK(arbiter(one_round + "--dice \"1, 4 9,10\"").exit_code == 0);
  for (const auto& [bad, told] : std::vector<std::pair<std::string, std::string>>{
           {"-1", "is too small for a seed"},
           {"18446744073709551616", "is too large for a seed"},
           {"1e3", "is not a seed"},
           {"\"\"", "is not a seed"}}) {
    const auto run = arbiter(one_round + "--seed " + bad);
    CAPTURE(bad, run.output);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.output, Contains(told));
  }
  CHECK(arbiter(one_round + "--seed 18446744073709551615").exit_code == 0);
  CHECK(arbiter("roll d20 --dice x").exit_code == 2);
}

TEST_CASE("a save resumes only the fight it was saved from: the same encounter and packs", "[run][errors][save]") {
  const Sheet save("");
  const std::string file = save.path.string() + ".json";
  REQUIRE(arbiter(one_round + "--seed 1 --quiet --save " + file).exit_code == 0);
  const auto other = arbiter("run examples/platemail/ambush.lua --quiet --resume " + file);
  CHECK(other.exit_code == 1);
  CHECK_THAT(other.output, Contains(file + ": error: this fight was saved from the encounter examples/platemail/skirmish.lua, "
                                           "not examples/platemail/ambush.lua"));
  const auto house = arbiter(one_round + "--quiet --house platemail-house --resume " + file);
  CHECK(house.exit_code == 1);
  // The one to leave out is named, as the one to add is below.
  CHECK_THAT(house.output, Contains("this fight was played under platemail 1.3.0, but this run loads platemail 1.3.0, "
                                    "platemail-house 1.1.0 (leave out platemail-house, as the fight was not played "
                                    "with it)"));
  CHECK(arbiter(one_round + "--quiet --resume " + file).exit_code == 0);
  // A fight run with a house pack, resumed without it, is told the --house it lacks.
  const std::string with_house = save.path.string() + "-house.json";
  REQUIRE(arbiter(one_round + "--seed 1 --quiet --house platemail-house --save " + with_house).exit_code == 0);
  CHECK_THAT(arbiter(one_round + "--quiet --resume " + with_house).output,
             Contains("but this run loads platemail 1.3.0 (load platemail-house too, as the fight was played with it: "
                      "run --house platemail-house)"));
  // check takes the packs with --rules: its advice names that option, not run's.
  const auto checked = arbiter("check examples/platemail/skirmish-round2.txt --encounter examples/platemail/skirmish.lua "
                               "--rules platemail --resume " + with_house);
  CHECK(checked.exit_code == 1);
  CHECK_THAT(checked.output, Contains("(load platemail-house too, as the fight was played with it: check --rules "
                                      "platemail platemail-house, or leave out --rules to check under the packs the "
                                      "fight was played with)"));
  CHECK_THAT(checked.output, !Contains("--house"));
  CHECK(arbiter("check examples/platemail/skirmish-round2.txt --encounter examples/platemail/skirmish.lua --resume " +
                with_house).exit_code == 0);

  // A save from before the record existed (format version 1) cannot be checked, so it is refused.
  const std::string older = save.path.string() + "-v1.json";
  REQUIRE(shell("sed -e 's/\"version\": 4/\"version\": 1/' -e '/\"played_from\"/,/^ },$/d' " + file + " > " + older)
              .exit_code == 0);
  const auto old = arbiter(one_round + "--quiet --resume " + older);
  CHECK(old.exit_code == 1);
  CHECK_THAT(old.output, Contains(older + ": error: this save does not say which encounter and packs it was played with"));
  std::filesystem::remove(file);
  std::filesystem::remove(older);
}

TEST_CASE("a fight played with a house pack given as a folder, or found through --pack-path, resumed without it, is "
          "told the --house the save records, and following the advice resumes it",
          "[run][errors][save]") {
  // The advice was "run --house platemail-house", which finds no pack: the save records the folder
  // (played_from.house, docs/fights.md: "a folder by its absolute path").
  TempDir dir;
  std::filesystem::create_directories(dir.path / "hp");
  std::filesystem::copy("examples/packs/platemail-house", dir.path / "hp/platemail-house",
                        std::filesystem::copy_options::recursive);
  const std::string folder = std::filesystem::absolute(dir.path / "hp/platemail-house").lexically_normal().string();
  REQUIRE(arbiter(one_round + "--seed 1 --quiet --house " + (dir / "hp/platemail-house") + " --save " +
                  (dir / "s.json")).exit_code == 0);
  const auto without = arbiter(one_round + "--quiet --resume " + (dir / "s.json"));
  CHECK(without.exit_code == 1);
  CHECK_THAT(without.output, Contains("(load platemail-house too, as the fight was played with it: run --house " +
                                      folder + ")"));
  CHECK(arbiter(one_round + "--quiet --resume " + (dir / "s.json") + " --house " + folder).exit_code == 0);

  // A pack found by its name through --pack-path: the advice names --pack-path, which it needs again.
  std::filesystem::create_directories(dir.path / "packs/favor-house");
  std::ofstream(dir.path / "packs/favor-house/pack.lua")
      << "return { name = \"favor-house\", version = \"1\", requires = { \"platemail\" } }\n";
  std::ofstream(dir.path / "packs/favor-house/init.lua")
      << "require('arbiter').patch.table('rules', { favor_and_disfavor = { favor = 2 } })\n";
  REQUIRE(arbiter("--pack-path " + (dir / "packs") + " " + one_round + "--seed 1 --quiet --house favor-house --save " +
                  (dir / "f.json")).exit_code == 0);
  const auto unfound = arbiter(one_round + "--quiet --resume " + (dir / "f.json"));
  CHECK(unfound.exit_code == 1);
  CHECK_THAT(unfound.output, Contains("(load favor-house too, as the fight was played with it: run --pack-path DIR "
                                      "--house favor-house, DIR the folder that holds favor-house, which this run "
                                      "does not find)"));
  CHECK(arbiter("--pack-path " + (dir / "packs") + " " + one_round + "--quiet --house favor-house --resume " +
                (dir / "f.json")).exit_code == 0);
}

TEST_CASE("the encounter a fight was saved from, named by another spelling of its path, is the same encounter, "
          "resumed unedited and told changed when edited",
          "[run][errors][save]") {
  // docs/fights.md: "an edited one ... refused"; edited and named `enc/../enc/e.lua`, it was called
  // another encounter ("this fight was saved from the encounter …, not …").
  TempDir dir;
  std::filesystem::create_directories(dir.path / "enc");
  std::filesystem::copy_file("examples/platemail/skirmish.lua", dir.path / "enc/skirmish.lua");
  const std::string save = dir / "s.json";
  REQUIRE(arbiter("run " + (dir / "enc/skirmish.lua") + " --rounds 1 --seed 7 --quiet --save " + save).exit_code == 0);
  const std::string other_spelling = dir / "enc/../enc/skirmish.lua";
  // From another folder, by a relative path.
  const std::string from_inside = "cd " + dir.path.string() + " && " + ARBITER_BINARY +
                                  " run enc/skirmish.lua --rounds 1 --quiet --resume s.json";
  CHECK(arbiter("run " + other_spelling + " --rounds 1 --quiet --resume " + save).exit_code == 0);
  CHECK(shell(from_inside).exit_code == 0);
  std::ofstream(dir.path / "enc/skirmish.lua", std::ios::app) << "-- edited\n";
  const auto edited = arbiter("run " + other_spelling + " --rounds 1 --quiet --resume " + save);
  CHECK(edited.exit_code == 1);
  CHECK_THAT(edited.output, Contains(save + ": error: the encounter " + other_spelling +
                                     " has changed since this fight was saved from it"));
  const auto inside = shell(from_inside);
  CHECK(inside.exit_code == 1);
  CHECK_THAT(inside.output, Contains("s.json: error: the encounter enc/skirmish.lua has changed since this fight was "
                                     "saved from it"));
  // Another file is still another encounter.
  CHECK_THAT(arbiter("run examples/platemail/ambush.lua --rounds 1 --quiet --resume " + save).output,
             Contains("this fight was saved from the encounter " + (dir / "enc/skirmish.lua") +
                      ", not examples/platemail/ambush.lua"));
}

TEST_CASE("narration that cannot be written does not lose the fight: a closed pipe or a full disk is told, after the "
          "save and the log are written",
          "[run][errors][save]") {
  // The narration piped into `head` killed the program by SIGPIPE (exit 141): no save, no log, no
  // message. docs/fights.md: the fight is played to its end, the save and the log written, exit 1.
  TempDir dir;
  const std::string save = dir / "p.json", log = dir / "p.jsonl";
  const std::string fight = std::string(ARBITER_BINARY) +
                            " run examples/platemail/skirmish.lua --orders examples/platemail/skirmish-round1.txt "
                            "examples/platemail/skirmish-round2.txt --seed 7 --save " + save + " --log " + log;
  const std::string written = "; the log " + log + " and the save " + save + " were written\n";
  // A pipe whose reader is gone before the first line is written: the first write fails, always.
  {
    int ends[2];
    REQUIRE(::pipe(ends) == 0);
    ::close(ends[0]);
    const auto no_reader = shell("{ " + fight + " >&" + std::to_string(ends[1]) + "; }");
    ::close(ends[1]);
    CHECK(no_reader.exit_code == 1);
    CHECK(no_reader.output == "error: could not write the output: Broken pipe" + written);
    CHECK(std::filesystem::exists(save));
    CHECK(std::filesystem::exists(log));
  }
  std::filesystem::remove(save);
  std::filesystem::remove(log);
  // As a GM does it: `| head -1`. The exit code is the program's, kept by the shell's pipefail.
  const auto head = shell("bash -o pipefail -c '" + fight + " 2>" + (dir / "err.txt") + " | head -1'");
  CHECK(head.output == "Round 1\n");
  if (head.exit_code != 0) CHECK(read_text(dir / "err.txt") == "error: could not write the output: Broken pipe" + written);
  CHECK(std::filesystem::exists(save));
  CHECK(std::filesystem::exists(log));
}

TEST_CASE("a save resumes only under the pack files it was played with: an edited house pack of the same version is "
          "refused, naming what changed",
          "[run][errors][save]") {
  TempDir dir;
  const std::filesystem::path pack = dir.path / "favor-house";
  std::filesystem::create_directories(pack / "tests");
  std::ofstream(pack / "pack.lua") << "return { name = \"favor-house\", version = \"1\", requires = { \"platemail\" } }\n";
  const std::string original = "require('arbiter').patch.table('rules', { favor_and_disfavor = { favor = 2 } })\n";
  std::ofstream(pack / "init.lua") << original;
  const std::string house = "--pack-path " + dir.path.string() + " --house favor-house --quiet ";
  REQUIRE(arbiter(one_round + house + "--seed 1 --save " + (dir / "s.json")).exit_code == 0);
  const auto resume = [&] { return arbiter(one_round + house + "--resume " + (dir / "s.json")); };
  // A pack's tests are not its rules: adding one changes nothing a fight plays.
  std::ofstream(pack / "tests/more_test.lua") << "-- a new test\n";
  CHECK(resume().exit_code == 0);
  // Nor are the editor's annotations, which are never run (Platemail's types/platemail.lua).
  std::filesystem::create_directories(pack / "types");
  std::ofstream(pack / "types/favor.lua") << "---@meta _\n---@class favor.Table\n";
  CHECK(resume().exit_code == 0);

  std::ofstream(pack / "init.lua", std::ios::app) << "-- Favor +3 after all\n";
  std::ofstream(pack / "extra.lua") << "return {}\n";
  const auto edited = resume();
  CHECK(edited.exit_code == 1);
  CHECK_THAT(edited.output, Contains((dir / "s.json") + ": error: pack 'favor-house' has changed since this fight was saved "
                                     "(init.lua has changed; extra.lua is new), though its version has not"));
  std::ofstream(pack / "init.lua") << original;
  std::filesystem::remove(pack / "extra.lua");
  CHECK(resume().exit_code == 0);
}

TEST_CASE("a save resumes only with the files the encounter requires as they were: an edited one is refused, named",
          "[run][errors][save]") {
  // docs/fights.md: "an edited one [encounter] ... refused"; its characters written in a file it
  // requires were edited unseen, as only the encounter's own text had a digest.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "sub");
  std::ofstream(dir / "e.lua") << "return { rules = { 'platemail' }, map = { width = 4, height = 1 },\n"
                                  "         characters = require 'sub.chars' }\n";
  const std::string chars = "return { { name = 'Ann', side = 'a', at = 'A1', weapon = 'Sword' },\n"
                            "         { name = 'Ben', side = 'b', at = 'D1', weapon = 'Axe' } }\n";
  std::ofstream(dir / "sub/chars.lua") << chars;
  const std::string run = "run " + (dir / "e.lua") + " --rounds 1 --quiet ";
  REQUIRE(arbiter(run + "--seed 1 --save " + (dir / "s.json")).exit_code == 0);
  CHECK(arbiter(run + "--resume " + (dir / "s.json")).exit_code == 0);
  std::ofstream(dir / "sub/chars.lua") << "return { { name = 'Ann', side = 'a', at = 'B1', weapon = 'Sword' },\n"
                                          "         { name = 'Ben', side = 'b', at = 'D1', weapon = 'Axe' } }\n";
  const auto edited = arbiter(run + "--resume " + (dir / "s.json"));
  CHECK(edited.exit_code == 1);
  CHECK_THAT(edited.output, Contains((dir / "s.json") + ": error: the encounter " + (dir / "e.lua") +
                                     " has changed since this fight was saved from it: the files it requires differ "
                                     "(sub/chars.lua has changed)"));
  std::ofstream(dir / "sub/chars.lua") << chars;
  CHECK(arbiter(run + "--resume " + (dir / "s.json")).exit_code == 0);
}

TEST_CASE("where the save and the log go is checked before any round is played", "[run][errors][save]") {
  const auto missing = arbiter(one_round + "--seed 1 --save /nonexistent-folder/s.json");
  CHECK(missing.exit_code == 1);
  CHECK_THAT(missing.output, Contains("/nonexistent-folder/s.json: cannot write there: the folder /nonexistent-folder "
                                      "takes no new file: No such file or directory"));
  CHECK_THAT(missing.output, !Contains("Round 1"));
  const auto folder = arbiter(one_round + "--seed 1 --log examples");
  CHECK(folder.exit_code == 1);
  CHECK_THAT(folder.output, Contains("examples: cannot write there: it is a directory"));
  CHECK_THAT(folder.output, !Contains("Round 1"));
}

TEST_CASE("a fight played from a folder or with a pack file whose name is not UTF-8 is saved and resumed and checked",
          "[run][errors][save]") {
  // The save's JSON could not hold such a path: the whole fight was played, then "internal error:
  // [json.exception.type_error.316] invalid UTF-8 byte", exit 3, neither the save nor the log written;
  // `check --json` likewise. docs/fights.md: a path's bytes that are not UTF-8 are written `\xe9`, so
  // the save finds the same folder again.
  TempDir dir;
  const std::filesystem::path folder = dir.path / "caf\xe9";
  std::filesystem::create_directories(folder);
  for (const char* file : {"skirmish.lua", "skirmish-round1.txt", "skirmish-round2.txt"})
    std::filesystem::copy_file(std::string("examples/platemail/") + file, folder / file);
  std::filesystem::copy("examples/packs/platemail-house", folder / "platemail-house",
                        std::filesystem::copy_options::recursive);
  std::ofstream(folder / "platemail-house/x\xe9.lua") << "return {}\n";  // a pack's file, digested, never loaded
  const std::string encounter = (folder / "skirmish.lua").string();
  const std::string house = (folder / "platemail-house").string();
  const std::string save = dir / "s.json", log = dir / "l.jsonl";
  const auto first = arbiter("run " + encounter + " --orders " + (folder / "skirmish-round1.txt").string() +
                             " --seed 1 --quiet --house " + house + " --save " + save + " --log " + log);
  REQUIRE(first.exit_code == 0);
  CHECK_THAT(read_text(save), Contains("caf\\\\xe9/platemail-house"));  // `\xe9`, its backslash escaped in JSON
  CHECK(std::filesystem::exists(log));
  const std::string second_round = " --orders " + (folder / "skirmish-round2.txt").string() + " --quiet --resume " + save;
  CHECK(arbiter("run " + encounter + second_round + " --house " + house).exit_code == 0);
  // Resumed without the house pack: told its folder, the very one, its byte shown escaped as every
  // message shows one.
  const auto without = arbiter("run " + encounter + second_round);
  CHECK(without.exit_code == 1);
  CHECK_THAT(without.output, Contains("run --house " + (dir.path / "caf\\xe9/platemail-house").string() + ")"));
  // check --json gives the paths as the save does, its messages valid JSON.
  const auto checked = arbiter("check " + (folder / "skirmish-round2.txt").string() + " --encounter " + encounter +
                               " --resume " + save + " --house " + house + " --json");
  CHECK(checked.exit_code == 0);
  CHECK_THAT(checked.output, Contains("caf\\\\xe9/skirmish-round2.txt"));
  const auto rules = arbiter("check " + (folder / "skirmish-round1.txt").string() + " --rules platemail --json");
  CHECK(rules.exit_code == 0);
  CHECK_THAT(rules.output, Contains("\"ok\": true"));
  // docs/orders.md: "Every `file`, `message` and note is written as a save writes a path ... so a
  // path or a name a message quotes ... reads back as the same bytes". The house pack's folder,
  // gone, was told with U+FFFD where its byte was: a folder no one has.
  std::filesystem::rename(house, folder / "moved-house");
  const auto gone = arbiter("check " + (folder / "skirmish-round2.txt").string() + " --encounter " + encounter +
                            " --resume " + save + " --json");
  CHECK(gone.exit_code == 1);
  const auto problem = nlohmann::json::parse(gone.output).at("diagnostics").at(0);
  CHECK(problem.at("file") == save);
  CHECK_THAT(problem.at("message").get<std::string>(),
             StartsWith("this fight was played with the house pack in " +
                        (dir.path / "caf\\xe9/platemail-house").string() + ", a folder that is gone"));
  CHECK_THAT(gone.output, !Contains("\xef\xbf\xbd"));  // U+FFFD
}

TEST_CASE("a save played with another copy of a pack than the one this run finds is told both folders and how to "
          "load the one played with",
          "[run][errors][save]") {
  // It was told "pack 'platemail' has changed since this fight was saved … Undo the change", of a
  // pack no one changed. docs/fights.md: another copy is told so, with both folders and the
  // --pack-path that loads the one played with.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "fork");
  std::filesystem::copy("rules/platemail", dir.path / "fork/platemail", std::filesystem::copy_options::recursive);
  std::ofstream(dir.path / "fork/platemail/init.lua", std::ios::app) << "-- the campaign's copy\n";
  const std::string fork = std::filesystem::canonical(dir.path / "fork").string();
  REQUIRE(arbiter("--pack-path " + fork + " " + one_round + "--seed 1 --quiet --save " + (dir / "s.json")).exit_code ==
          0);
  const auto other = arbiter(one_round + "--quiet --resume " + (dir / "s.json"));
  CHECK(other.exit_code == 1);
  CHECK_THAT(other.output, Contains("this run loads pack 'platemail' from " +
                                    std::filesystem::canonical("rules/platemail").string() +
                                    ", but the fight was played with its copy in " + fork +
                                    "/platemail, whose files differ (init.lua has changed): load that copy with "
                                    "--pack-path " + fork));
  CHECK_THAT(other.output, !Contains("Undo the change"));
  CHECK(arbiter("--pack-path " + fork + " " + one_round + "--quiet --resume " + (dir / "s.json")).exit_code == 0);
}

TEST_CASE("a house pack folder moved since the save is told gone, with its new place to give, in run and check",
          "[run][errors][save]") {
  // run advised the --house of the folder gone; check --resume said "there is no folder …", with no
  // file and no way on. docs/fights.md: told gone, given where it is now with --house NEWFOLDER.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "old");
  std::filesystem::create_directories(dir.path / "new");
  std::filesystem::copy("examples/packs/platemail-house", dir.path / "old/platemail-house",
                        std::filesystem::copy_options::recursive);
  const std::string old_folder =
      std::filesystem::absolute(dir.path / "old/platemail-house").lexically_normal().string();
  const std::string new_folder = dir / "new/platemail-house";
  REQUIRE(arbiter(one_round + "--seed 1 --quiet --house " + old_folder + " --save " + (dir / "s.json")).exit_code == 0);
  std::filesystem::rename(old_folder, new_folder);
  const auto run = arbiter(one_round + "--quiet --resume " + (dir / "s.json"));
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("run --house NEWFOLDER, NEWFOLDER where it is now: the folder it was played from, " +
                                  old_folder + ", is gone"));
  CHECK(arbiter(one_round + "--quiet --resume " + (dir / "s.json") + " --house " + new_folder).exit_code == 0);
  const std::string check = "check examples/platemail/skirmish-round2.txt --encounter examples/platemail/skirmish.lua "
                            "--resume " + (dir / "s.json");
  const auto checked = arbiter(check);
  CHECK(checked.exit_code == 1);
  CHECK_THAT(checked.output, Contains((dir / "s.json") + ": error: this fight was played with the house pack in " +
                                      old_folder + ", a folder that is gone (moved or deleted): give its new place "
                                      "with --house NEWFOLDER"));
  CHECK(arbiter(check + " --house " + new_folder).exit_code == 0);
}

TEST_CASE("a save refuses to resume under built-in modules other than those it was played under and a version 3 save "
          "without their record resumes",
          "[run][errors][save]") {
  // An Arbiter whose arbiter.outcomes changed played the rest of a saved fight under other rules,
  // untold. The save's record of a module's digest stands for the Arbiter that saved it.
  TempDir dir;
  REQUIRE(arbiter(one_round + "--seed 1 --quiet --save " + (dir / "s.json")).exit_code == 0);
  const nlohmann::json saved = nlohmann::json::parse(std::ifstream(dir / "s.json"));
  REQUIRE(saved["version"] == 4);
  REQUIRE(saved["played_from"]["stdlib"].contains("arbiter.outcomes"));
  nlohmann::json older = saved;
  older["played_from"]["stdlib"]["arbiter.outcomes"] = "fnv1a64:0000000000000000";
  std::ofstream(dir / "older.json") << older.dump();
  const auto refused = arbiter(one_round + "--quiet --resume " + (dir / "older.json"));
  CHECK(refused.exit_code == 1);
  CHECK_THAT(refused.output, Contains((dir / "older.json") + ": error: Arbiter's built-in Lua modules have changed "
                                      "since this fight was saved (arbiter.outcomes has changed; "));
  nlohmann::json version3 = saved;
  version3["version"] = 3;
  for (const char* member : {"stdlib", "arbiter", "pack_folders"}) version3["played_from"].erase(member);
  std::ofstream(dir / "v3.json") << version3.dump();
  CHECK(arbiter(one_round + "--quiet --resume " + (dir / "v3.json")).exit_code == 0);
}

TEST_CASE("a version 3 save's paths are read as it wrote them: a backslash in one is the path's own", "[run][errors][save]") {
  // docs/world.md: format version 4 writes a path's backslash as `\\` (and a byte that is not UTF-8
  // as `\xe9`); version 3 wrote every path as it was. A version 3 save of a fight whose house pack
  // is in a folder named `h\x41use` (a backslash, then x41) was read as if escaped: its folder
  // was "hAuse", gone, and its file `x\y.lua` was "x\y.lua is gone; x\\y.lua is new".
  TempDir dir;
  const std::string house = dir / "h\\x41use/platemail-house";
  const std::string quoted_house = "'" + house + "'";  // to the shell, whose \x would be x
  std::filesystem::create_directories(dir.path / "h\\x41use");
  std::filesystem::copy("examples/packs/platemail-house", house, std::filesystem::copy_options::recursive);
  std::ofstream(house + "/x\\y.lua") << "return {}\n";  // a pack's file, digested, never loaded
  REQUIRE(arbiter(one_round + "--seed 1 --quiet --house " + quoted_house + " --save " + (dir / "s.json")).exit_code ==
          0);
  const nlohmann::json saved = nlohmann::json::parse(std::ifstream(dir / "s.json"));
  REQUIRE(saved["version"] == 4);
  REQUIRE(saved["played_from"]["house"][0] == dir / "h\\\\x41use/platemail-house");  // its backslash doubled
  // The same fight as version 3 wrote it: no record of the built-in modules nor of the folders, and
  // every path as it is (the encounter's have no backslash).
  nlohmann::json version3 = saved;
  version3["version"] = 3;
  nlohmann::json& from = version3["played_from"];
  for (const char* member : {"stdlib", "arbiter", "pack_folders"}) from.erase(member);
  from["house"][0] = house;
  nlohmann::json& files = from["pack_files"]["platemail-house"];
  REQUIRE(files.contains("x\\\\y.lua"));
  files["x\\y.lua"] = files["x\\\\y.lua"];
  files.erase("x\\\\y.lua");
  std::ofstream(dir / "v3.json") << version3.dump();
  const std::string resume = " --quiet --resume " + (dir / "v3.json");
  const auto resumed = arbiter(one_round + resume + " --house " + quoted_house);
  CHECK(resumed.exit_code == 0);
  CHECK_THAT(resumed.output, !Contains("has changed since"));
  // Without --house, run names the very folder to give, and check loads it from the save.
  const auto without = arbiter(one_round + resume);
  CHECK(without.exit_code == 1);
  CHECK_THAT(without.output, Contains("run --house " + house + ")"));
  const auto checked = arbiter("check examples/platemail/skirmish-round2.txt --encounter "
                               "examples/platemail/skirmish.lua --resume " + (dir / "v3.json"));
  CHECK(checked.exit_code == 0);
  CHECK_THAT(checked.output, !Contains("is gone"));
}

TEST_CASE("a damaged save is refused by its path: a member lost or unknown, an action or a side no rule has",
          "[run][errors][save]") {
  // Each of these resumed silently: without flow.last_intents the fight played otherwise (an Aim
  // lost). docs/world.md: a member missing or unknown, and any bad value, is told by its path.
  TempDir dir;
  REQUIRE(arbiter(one_round + "--seed 1 --quiet --save " + (dir / "s.json")).exit_code == 0);
  const nlohmann::json saved = nlohmann::json::parse(std::ifstream(dir / "s.json"));
  const auto resumed = [&](const std::function<void(nlohmann::json&)>& edit) {
    nlohmann::json edited = saved;
    edit(edited);
    std::ofstream(dir / "e.json") << edited.dump();
    return arbiter(one_round + "--quiet --resume " + (dir / "e.json"));
  };
  const auto told = [&](const std::function<void(nlohmann::json&)>& edit, const std::string& what) {
    const auto run = resumed(edit);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Contains((dir / "e.json") + ": error: not a valid saved state: " + what));
  };
  told([](nlohmann::json& s) { s["flow"].erase("last_intents"); }, "state.flow: 'last_intents' is missing");
  told([](nlohmann::json& s) { s.erase("log"); }, "state: 'log' is missing");
  told([](nlohmann::json& s) { s["wrold"] = 1; }, "state: there is no field 'wrold' here (did you mean 'world'?)");
  told([](nlohmann::json& s) { s["world"]["characters"][0]["nmae"] = "x"; },
       "state.world.characters[0]: there is no field 'nmae' here (did you mean 'name'?)");
  told([](nlohmann::json& s) { s["flow"]["last_intents"][0]["action"] = "Chrage"; },
       "state.flow.last_intents[0].action: no action 'Chrage' is defined (did you mean 'Charge'?)");
  told([](nlohmann::json& s) { s["world"]["characters"][0]["side"] = "orcs"; },
       "state.world.characters[0].side: ");
  told([](nlohmann::json& s) { s["played_from"]["house"] = 5; }, "state.played_from.house: expected a list, found 5");
  told([](nlohmann::json& s) { s["played_from"].erase("pack_files"); }, "state.played_from: 'pack_files' is missing");
  told([](nlohmann::json& s) { s["world"]["next_id"] = 2; },
       "state.world.next_id: must be past every character's id");
  // Each as written resumes.
  CHECK(resumed([](nlohmann::json&) {}).exit_code == 0);
}

TEST_CASE("a hand-edited value or pack of a definition changed in the fight is refused at its path in the save, "
          "blaming no pack",
          "[run][errors][save]") {
  // The value was blamed on the house pack's line (`dc-house/init.lua:5:57: error: rules.… must be a
  // whole number … not "lots"`), and a pack no fight loads was taken. docs/fights.md: a hand-edited
  // save is refused at its path, blaming no pack.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "dc-house");
  std::ofstream(dir / "dc-house/pack.lua") << "return { name = 'dc-house', version = '1.0.0', requires = { 'platemail' } }\n";
  std::ofstream(dir / "dc-house/init.lua")
      << "local arbiter = require 'arbiter'\n"
         "local previous = arbiter.hooks.round_end\n"
         "arbiter.override.hook('round_end', function(...)\n"
         "  arbiter.patch.table('rules', { favor_and_disfavor = { favor = 3 } })\n"
         "  if previous then return previous(...) end\n"
         "end)\n";
  const std::string fight = "--pack-path " + dir.path.string() + " " + one_round + "--quiet --house dc-house ";
  REQUIRE(arbiter(fight + "--seed 1 --save " + (dir / "s.json")).exit_code == 0);
  const nlohmann::json saved = nlohmann::json::parse(std::ifstream(dir / "s.json"));
  REQUIRE(saved["definition_changes"].size() == 1);
  const auto resumed = [&](const char* field, const nlohmann::json& value) {
    nlohmann::json edited = saved;
    edited["definition_changes"][0][field] = value;
    std::ofstream(dir / "e.json") << edited.dump();
    return arbiter(fight + "--resume " + (dir / "e.json"));
  };
  const auto lots = resumed("value", {{"favor_and_disfavor", {{"favor", "lots"}}}});
  CHECK(lots.exit_code == 1);
  CHECK_THAT(lots.output, Contains((dir / "e.json") + ": error: not a valid saved state: state.definition_changes[0]."
                                   "value: rules.favor_and_disfavor.favor must be a whole number"));
  CHECK_THAT(lots.output, !Contains("init.lua"));
  const auto nope = resumed("pack", "dc-hose");
  CHECK(nope.exit_code == 1);
  CHECK_THAT(nope.output, Contains((dir / "e.json") + ": error: not a valid saved state: state.definition_changes[0]."
                                   "pack: no pack 'dc-hose' is loaded in this fight (did you mean 'dc-house'?)"));
  CHECK(resumed("pack", "dc-house").exit_code == 0);
}

TEST_CASE("with dice rolled by hand, what the dice did is narrated before the next roll is asked for",
          "[run][by-hand]") {
  std::string tens;
  for (int i = 0; i < 60; ++i) tens += "10\n";
  const Sheet rolls(tens);
  const auto run = arbiter("run examples/platemail/skirmish.lua --orders examples/platemail/skirmish-round1.txt "
                           "--roll-by-hand < " + rolls.path.string());
  REQUIRE(run.exit_code == 0);
  const auto first_prompt = run.output.find("Roll a ");
  REQUIRE(first_prompt != std::string::npos);
  CHECK(run.output.find("Round 1") < first_prompt);
  // Brienne's Crash saving throw is narrated before the attacks' dice are asked for.
  const auto crash = run.output.find("Crash! Brienne and Cedric cross paths");
  REQUIRE(crash != std::string::npos);
  CHECK(crash < run.output.rfind("Roll a "));
}

TEST_CASE("inputs are checked, with the system's reason, before the fight says anything", "[run][errors]") {
  const auto sheet = arbiter(one_round + "--orders /nonexistent.txt");
  CHECK(sheet.exit_code == 1);
  CHECK_THAT(sheet.output, Contains("/nonexistent.txt: error: cannot read the order sheet: No such file or directory"));
  CHECK_THAT(sheet.output, !Contains("fresh seed"));
  CHECK_THAT(arbiter("fmt /nonexistent.txt").output, Contains("cannot read the order sheet: No such file or directory"));
  const auto folder = arbiter("fmt examples");
  CHECK(folder.exit_code == 1);
  CHECK_THAT(folder.output, Contains("examples: error: cannot read the order sheet: it is a directory"));
}

TEST_CASE("a house pack for other rules than the fight's is refused by name", "[run][errors]") {
  const auto run = arbiter("run examples/tempo/duel.lua --seed 1 --house platemail-house");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("platemail-house requires platemail; this fight is played under tempo"));
}

TEST_CASE("a house pack built on house rules of the fight's rules loads them, and one built on other rules is "
          "refused",
          "[run][errors]") {
  TempDir dir;
  write_pack(dir.path / "packs", "layered-house", "platemail-house");  // itself built on platemail
  write_pack(dir.path / "packs", "lunging-house", "tempo-lunge");      // built on tempo
  const std::string packs = "--pack-path " + (dir.path / "packs").string() + " ";
  const auto layered = arbiter(packs + one_round + "--seed 1 --quiet --house layered-house");
  CHECK(layered.exit_code == 0);
  CHECK(layered.output == "");
  const auto lunging = arbiter(packs + one_round + "--seed 1 --quiet --house lunging-house");
  CHECK(lunging.exit_code == 1);
  CHECK_THAT(lunging.output,
             Contains("lunging-house requires tempo, tempo-lunge; this fight is played under platemail"));
}

TEST_CASE("run compares packs named by their folders by their names, in the encounter and with --house",
          "[run][errors]") {
  TempDir dir;
  std::string encounter = read_text("examples/platemail/skirmish.lua");
  const std::string rules = "rules = { \"platemail\" }";
  REQUIRE(encounter.find(rules) != std::string::npos);
  const std::string ruleset = (std::filesystem::current_path() / "rules/platemail").string();
  encounter.replace(encounter.find(rules), rules.size(), "rules = { \"" + ruleset + "\" }");
  std::ofstream(dir / "by-folder.lua") << encounter;
  const auto by_folder =
      arbiter("run " + (dir / "by-folder.lua") + " --rounds 1 --seed 1 --quiet --house platemail-house");
  CHECK(by_folder.exit_code == 0);
  CHECK(by_folder.output == "");
  // A house pack named by its folder, off the search path, is the one another house pack requires.
  write_pack(dir.path / "aside", "aside-house", "platemail");
  write_pack(dir.path / "packs", "on-aside-house", "aside-house");
  const auto house = arbiter("--pack-path " + (dir.path / "packs").string() + " " + one_round + "--seed 1 --quiet " +
                             "--house " + (dir / "aside/aside-house") + " --house on-aside-house");
  CHECK(house.exit_code == 0);
  CHECK(house.output == "");
}

TEST_CASE("a folder in an encounter's rules is found from the encounter's folder, and one not there is told where",
          "[run][errors][encounter]") {
  TempDir dir;
  write_pack(dir.path / "shared", "beside-house", "platemail");
  std::filesystem::create_directories(dir.path / "fights");
  const auto encounter_with = [&](const std::string& name, const std::string& rules) {
    std::string text = read_text("examples/platemail/skirmish.lua");
    const std::string written = "rules = { \"platemail\" }";
    text.replace(text.find(written), written.size(), "rules = { " + rules + " }");
    std::ofstream(dir.path / "fights" / name) << text;
    return (dir.path / "fights" / name).string();
  };
  const auto found = arbiter("run " + encounter_with("found.lua", "\"platemail\", \"../shared/beside-house\"") +
                             " --rounds 1 --seed 1 --quiet");
  CHECK(found.exit_code == 0);
  CHECK(found.output == "");
  const auto missing = arbiter("run " + encounter_with("missing.lua", "\"platemail\", \"./nowhere\"") +
                               " --rounds 1 --seed 1 --quiet");
  CHECK(missing.exit_code == 1);
  CHECK_THAT(missing.output, StartsWith(dir / "fights/missing.lua:5:26: error: there is no folder " +
                                        dir / "fights/nowhere" + ": a pack named by its folder"));
}

TEST_CASE("check needs rules, and with json reports even a broken encounter as json", "[check][errors]") {
  CHECK(arbiter("check examples/platemail/skirmish-round1.txt").exit_code == 2);
  const auto broken = arbiter("check examples/platemail/skirmish-round1.txt --json --encounter /nonexistent.lua");
  CHECK(broken.exit_code == 1);
  const auto json = nlohmann::json::parse(broken.output);
  CHECK(json["ok"] == false);
  CHECK(json["diagnostics"][0]["file"] == "/nonexistent.lua");
}

TEST_CASE("a fight rolled by hand saves no generator: resuming it asks for its dice again", "[run][errors][save]") {
  std::string tens;
  for (int i = 0; i < 200; ++i) tens += "10\n";
  const Sheet rolls(tens);
  const std::string by_hand = rolls.dir / "by-hand.json", seeded = rolls.dir / "seeded.json",
                    again = rolls.dir / "again.json";
  REQUIRE(arbiter(one_round + "--quiet --roll-by-hand --save " + by_hand + " < " + rolls.path.string()).exit_code == 0);
  const auto plain = arbiter(one_round + "--resume " + by_hand);
  CHECK(plain.exit_code == 1);
  CHECK_THAT(plain.output, Contains(by_hand + ": error: this fight was played with scripted or hand-rolled dice, so its save "
                                              "holds no dice generator to continue: resume it with --dice LIST or "
                                              "--roll-by-hand"));
  CHECK_THAT(plain.output, !Contains("--seed"));
  CHECK(arbiter(one_round + "--quiet --roll-by-hand --resume " + by_hand + " < " + rolls.path.string()).exit_code == 0);

  // Dice given to a resumed seeded fight leave its generator for the next resume, unchanged.
  REQUIRE(arbiter(one_round + "--quiet --seed 7 --save " + seeded).exit_code == 0);
  REQUIRE(arbiter(one_round + "--quiet --roll-by-hand --resume " + seeded + " --save " + again + " < " +
                  rolls.path.string())
              .exit_code == 0);
  const auto rng = [](const std::string& file) { return nlohmann::json::parse(std::ifstream(file))["rng"]; };
  CHECK_FALSE(rng(seeded).is_null());
  CHECK(rng(again) == rng(seeded));
}

TEST_CASE("a save holding a status the rules do not define is refused at its place in the save",
          "[run][errors][save]") {
  const Sheet save("");
  const std::string file = save.path.string() + ".json", edited = save.path.string() + "-edited.json";
  const std::string duel = "run examples/tempo/duel.lua --quiet ";
  REQUIRE(arbiter(duel + "--seed 1 --orders examples/tempo/duel-round1.txt --save " + file).exit_code == 0);
  REQUIRE(shell("sed 's/\"name\": \"On Guard\"/\"name\": \"On Gaurd\"/' " + file + " > " + edited).exit_code == 0);
  const auto resumed = arbiter(duel + "--resume " + edited);
  CHECK(resumed.exit_code == 1);
  CHECK_THAT(resumed.output, Contains(edited + ": error: not a valid saved state: state.world.characters[0].statuses[0].name: "
                                               "there is no status named 'On Gaurd'; did you mean 'On Guard'?"));
  std::filesystem::remove(file);
  std::filesystem::remove(edited);
}

TEST_CASE("a save holding a status no fight could have left is refused at its place before any round, blaming no pack",
          "[run][errors][save]") {
  TempDir dir;
  REQUIRE(arbiter(one_round + "--quiet --seed 1 --orders examples/platemail/skirmish-round1.txt --save " +
                  (dir / "fight.json"))
              .exit_code == 0);
  const nlohmann::json saved = nlohmann::json::parse(std::ifstream(dir / "fight.json"));
  // Brienne (characters[1]) given a status as written; Dazed lasts some Action Phases, one stack.
  const auto resumed = [&](const std::vector<nlohmann::json>& statuses) {
    nlohmann::json edited = saved;
    edited["world"]["characters"][1]["statuses"] = statuses;
    std::ofstream(dir / "edited.json") << edited.dump();
    return arbiter(one_round + "--resume " + (dir / "edited.json"));
  };
  const auto dazed = [](const nlohmann::json& changes = nlohmann::json::object()) {
    nlohmann::json status = {{"name", "Dazed"}, {"source", 0}, {"timed", true}, {"remaining", 1}, {"stacks", 1}};
    status.update(changes);
    return status;
  };
  const auto refused = [&](const std::vector<nlohmann::json>& statuses, const std::string& why) {
    const auto run = resumed(statuses);
    CHECK(run.exit_code == 1);
    CHECK(run.output == (dir / "edited.json") + ": error: not a valid saved state: " + why + "\n");
  };
  // Who caused it must be in the fight (no one leaves it), or 0: none.
  refused({dazed({{"source", 9}})}, "state.world.characters[1].statuses[0].source: there is no character with id 9: a "
                                    "status's source is a character's id, or 0 for none");
  refused({dazed({{"remaining", -1}})},
          "state.world.characters[1].statuses[0].remaining: what is left of a status's duration cannot be negative");
  refused({dazed({{"stacks", 0}})}, "state.world.characters[1].statuses[0].stacks: a status has at least 1 stack");
  // What the rules say of the status: how it lasts, how many stacks, whether it is held twice.
  refused({dazed({{"stacks", 2}})}, "state.world.characters[1].statuses[0].stacks: 2: Dazed holds at most 1 stack");
  refused({dazed({{"timed", false}})},
          "state.world.characters[1].statuses[0].timed: false: Dazed lasts for a duration, so 'timed' is true");
  refused({dazed(), dazed({{"remaining", 2}})},
          "state.world.characters[1].statuses[1].name: Dazed is on Brienne twice (statuses[0]): only a status applied "
          "independently (stacking = \"independent\") is held more than once");
  // Aldric (id 1) as the source, and 0 left of its duration: a status as the fight leaves it.
  CHECK(resumed({dazed({{"source", 1}, {"remaining", 0}})}).exit_code == 0);
}

TEST_CASE("a pack the encounter names that is not found is reported where the encounter names it", "[run][errors]") {
  const Sheet encounter("");
  const std::string file = encounter.path.string() + ".lua";
  std::ofstream(file) << "return {\n  rules = { 'platemale' },\n  map = { width = 2, height = 2 },\n  characters = {},\n}\n";
  for (const std::string house : {"", "--house platemail-house "}) {
    const auto result = arbiter("run " + file + " " + house + "--quiet");
    CHECK(result.exit_code == 1);
    CHECK_THAT(result.output, Contains(file + ":2:13: error: no pack named 'platemale' was found"));
  }
  std::filesystem::remove(file);
}

TEST_CASE("a declared target without its find function is refused at its line before any round is played",
          "[run][errors]") {
  // A sheet may write the phrase, so a fight needs its function: without one the first order using
  // it would stop the fight mid-round, with no line to fix.
  const Sheet sheet("Aldric:\n  1: Charge -> the tallest foe\n  2: Defend\n");
  const auto run = arbiter(one_round + "--seed 1 --house phrase-without-function --orders " + sheet.path.string());
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("tests/packs/phrase-without-function/init.lua:2: error: target 'the tallest foe' has "
                                  "no 'find' function: a fight calls it to tell whom it names"));
  CHECK_THAT(run.output, !Contains("Round 1"));
}

TEST_CASE("a starting value the rules cannot play is the encounter's mistake at its line and blames no pack",
          "[run][errors]") {
  // Tempo: a bind is shared by two, and three fighters start Bound.
  TempDir dir;
  const auto encounter = dir.path / "three.lua";
  std::ofstream(encounter) << "return { rules = { 'tempo' }, map = { width = 6, height = 4 }, characters = {\n"
                              "  { name = 'Ana', side = 'red', at = 'B2', weapon = 'Sword', stats = { guard = 'Bound' } },\n"
                              "  { name = 'Bo', side = 'blue', at = 'C2', weapon = 'Sword', stats = { guard = 'Bound' } },\n"
                              "  { name = 'Cy', side = 'blue', at = 'C3', weapon = 'Sword', stats = { guard = 'Bound' } },\n"
                              "} }\n";
  const auto run = arbiter("run " + encounter.string() + " --rounds 1 --seed 1");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains(encounter.string() + ":4:72: error: Cy's guard is \"Bound\", but every enemy within "
                                  "reach who could share the bind with it (Ana) shares one with another: a bind is "
                                  "shared by two"));
  CHECK_THAT(run.output, !Contains("in pack"));
  CHECK_THAT(run.output, !Contains("traceback"));
}

TEST_CASE("a resumed save whose version is not a whole number is refused naming the file", "[run][errors][save]") {
  const Sheet save("");
  const std::string file = save.path.string() + ".json", quoted = save.path.string() + "-quoted.json";
  REQUIRE(arbiter(one_round + "--seed 1 --quiet --save " + file).exit_code == 0);
  REQUIRE(shell("sed -e 's/\"version\": 4/\"version\": \"4\"/' " + file + " > " + quoted).exit_code == 0);
  const auto resumed = arbiter(one_round + "--quiet --resume " + quoted);
  CHECK(resumed.exit_code == 1);
  CHECK_THAT(resumed.output,
             Contains(quoted + ": error: not a valid saved state: state.version: expected a whole number, found \"4\""));
  std::filesystem::remove(file);
  std::filesystem::remove(quoted);
}

TEST_CASE("an encounter named by a folder is told it is a folder, not missing", "[check][errors][encounter]") {
  const auto folder = arbiter("check examples/platemail/skirmish-round1.txt --encounter examples/platemail");
  CHECK(folder.exit_code == 1);
  CHECK_THAT(folder.output,
             Contains("examples/platemail: error: cannot read the encounter: it is a directory, not a file"));
  CHECK_THAT(folder.output, !Contains("no such encounter file"));
  CHECK_THAT(arbiter("check examples/platemail/skirmish-round1.txt --encounter /nonexistent.lua").output,
             Contains("no such encounter file"));
}

TEST_CASE("a resumed fight refuses a sheet for a round already played at the sheet's Round line", "[run][errors][save]") {
  const Sheet save("");
  const std::string file = save.path.string() + ".json";
  const std::string sheet = "examples/platemail/skirmish-round1.txt";
  REQUIRE(arbiter("run examples/platemail/skirmish.lua --quiet --seed 7 --orders " + sheet + " --save " + file)
              .exit_code == 0);
  const auto again = arbiter("run examples/platemail/skirmish.lua --quiet --orders " + sheet + " --resume " + file);
  CHECK(again.exit_code == 1);
  CHECK_THAT(again.output, Contains(sheet + ":3:1: error: the sheet is for round 1, but the fight has already played 1 "
                                            "round; the next is round 2"));
  CHECK_THAT(again.output, Contains("\n  Round 1\n  ^"));
  std::filesystem::remove(file);
}

TEST_CASE("an encounter that is not Lua is told at the token Lua names, with a caret, and blames no pack",
          "[run][check][errors][encounter]") {
  TempDir dir;
  const auto encounter = dir.path / "comma.lua";
  std::ofstream(encounter) << "return {\n  rules = { 'platemail' },\n  map = { width = 6, height = 4 }\n"
                              "  characters = {},\n}\n";
  const std::string told = encounter.string() + ":4:3: error: '}' expected (to close '{' at line 1) near 'characters'\n"
                                                "    characters = {},\n    ^\n";
  const auto run = arbiter("run " + encounter.string() + " --seed 1");
  CHECK(run.exit_code == 1);
  CHECK(run.output == told);
  const auto check = arbiter("check examples/platemail/skirmish-round1.txt --encounter " + encounter.string());
  CHECK(check.exit_code == 1);
  CHECK(check.output == told);
}

TEST_CASE("a narration template naming a field its event lacks is told at the line that logs the event, naming the "
          "template's pack and line", "[run][errors][narration]") {
  // It stopped the run after the round with "the 'punch' template names {txt}, …": no pack, no line.
  const Duel duel("loose-template");
  const Sheet sheet("Ana:\n  1: Punch -> \"Bo\"\n");
  const auto run = arbiter("run " + duel.path.string() + " --seed 1 --orders " + sheet.path.string());
  // An action's failure: the fight goes on (docs/fights.md).
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Ana's Punch fails: tests/packs/loose-template/init.lua:7: the 'punch' template of "
                                  "pack 'loose-template' (tests/packs/loose-template/init.lua:4) names {txt}, which "
                                  "this event does not have (it has: text; and round, phase, turn, cause, type)"));
  // And a pack's test that plays such a round fails, telling it.
  const auto tested = arbiter("test loose-template");
  CHECK(tested.exit_code == 1);
  CHECK_THAT(tested.output, Contains("Ana's Punch failed in round 1: tests/packs/loose-template/init.lua:7: the 'punch' "
                                     "template of pack 'loose-template' (tests/packs/loose-template/init.lua:4)"));
}

TEST_CASE("a sequential ruleset without the hooks choose and respond plays the sheets' orders as written",
          "[run][flow]") {
  // It played none: `run` printed "Round 1" and the phase, and nothing else, exit 0.
  const Duel duel("plain-turns");
  const Sheet sheet("Ana:\n  1: Stab -> \"Bo\"\n  2: Stab -> \"Bo\"\nBo:\n  ON Stab: Parry\n");
  const auto run = arbiter("run " + duel.path.string() + " --seed 1 --orders " + sheet.path.string());
  CHECK(run.exit_code == 0);
  CHECK(run.output ==
        "Round 1\n"
        "Turns\n"
        "  Ana: Stab → Bo\n"
        "  Bo: Parry\n"
        "  stab: answers=Parry, text=Ana stabs\n"
        "  Ana: Stab → Bo\n"
        "  Bo: Parry\n"
        "  stab: answers=Parry, text=Ana stabs\n");  // Bo, listed with no entries, takes no turn's action
}

TEST_CASE("without choose, a turn no sheet orders, in rules that name no default order, takes no action and says why",
          "[run][flow]") {
  TempDir dir;
  std::filesystem::create_directories(dir.path / "bare");
  std::ofstream(dir.path / "bare" / "pack.lua") << "return { name = 'bare', version = '1.0.0' }\n";
  std::ofstream(dir.path / "bare" / "init.lua")
      << "local arbiter = require 'arbiter'\n"
      << "arbiter.define.table('flow', { phases = { { name = 'Turns', kind = 'sequential' } } })\n"
      << "arbiter.define.action('Stab', { needs_target = true, resolve = function() end })\n";
  std::ofstream(dir.path / "fight.lua") << "return { rules = { './bare' }, map = { width = 3, height = 1 },\n"
                                        << "  characters = { { name = 'Ana', side = 'a', at = 'A1' },\n"
                                        << "                 { name = 'Bo', side = 'b', at = 'B1' } } }\n";
  const Sheet sheet("Ana:\n  1: Stab -> \"Bo\"\n");
  const auto run =
      arbiter("run " + (dir.path / "fight.lua").string() + " --seed 1 --orders " + sheet.path.string());
  CHECK(run.exit_code == 0);
  CHECK(run.output == "Round 1\nTurns\n  Ana: Stab → Bo\n"
                      "  Bo takes no action: no order for this turn, and the flow names no default_order\n");
}

TEST_CASE("an encounter in the working folder is named as it was given, its syntax error too", "[run][errors][encounter]") {
  // A syntax error named it './syn.lua:1:14', every other error 'syn.lua'.
  TempDir dir;
  std::ofstream(dir / "syn.lua") << "return { rules = }\n";
  const auto run = shell("cd " + dir.path.string() + " && " + ARBITER_BINARY + " run syn.lua --seed 1");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, StartsWith("syn.lua:1:"));
  CHECK_THAT(run.output, !Contains("./syn.lua"));
}

TEST_CASE("an encounter too large to load is told as an encounter, not a pack file", "[run][errors][encounter]") {
  TempDir dir;
  std::ofstream(dir / "huge.lua") << "return {}\n";
  std::filesystem::resize_file(dir / "huge.lua", (16u << 20) + 1);
  const auto run = arbiter("run " + (dir / "huge.lua") + " --seed 1");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("the file is 16777217 bytes; an encounter may be at most 16777216"));
  CHECK_THAT(run.output, !Contains("pack"));
}

TEST_CASE("check --resume refuses a save holding a status the rules do not define, whatever its sheets hold",
          "[check][errors][save]") {
  // It was checked only when the sheets held no error and gave orders for the next round.
  TempDir dir;
  const std::string duel = "examples/tempo/duel.lua";
  REQUIRE(arbiter("run " + duel + " --quiet --seed 1 --orders examples/tempo/duel-round1.txt --save " +
                  (dir / "fight.json"))
              .exit_code == 0);
  REQUIRE(shell("sed 's/\"name\": \"On Guard\"/\"name\": \"On Gaurd\"/' " + (dir / "fight.json") + " > " +
                (dir / "edited.json"))
              .exit_code == 0);
  const std::string refused = (dir / "edited.json") + ": error: not a valid saved state: state.world.characters[0]."
                              "statuses[0].name: there is no status named 'On Gaurd'; did you mean 'On Guard'?";
  std::ofstream(dir / "typo.txt") << "Round 2\nKonrad:\n  1: Melee Atack -> \"Ilse\"\n";
  std::ofstream(dir / "later.txt") << "Round 3\nKonrad:\n  1: Melee Attack -> \"Ilse\"\n";
  for (const char* sheet : {"typo.txt", "later.txt"}) {
    const auto checked = arbiter("check " + (dir / sheet) + " --encounter " + duel + " --resume " + (dir / "edited.json"));
    CHECK(checked.exit_code == 1);
    CHECK_THAT(checked.output, Contains(refused));
  }
}

TEST_CASE("check --json names the save in the file of a diagnostic about it, with the line where it is known",
          "[check][errors][save][json]") {
  // Each had an empty "file": the save's name was only in the message.
  TempDir dir;
  const std::string duel = "examples/tempo/duel.lua";
  REQUIRE(arbiter("run " + duel + " --quiet --seed 1 --orders examples/tempo/duel-round1.txt --save " +
                  (dir / "fight.json"))
              .exit_code == 0);
  std::ofstream(dir / "next.txt") << "Konrad:\n  1: Melee Attack -> \"Ilse\"\n";
  const auto diagnostic = [&](const std::string& save, const std::string& encounter = "examples/tempo/duel.lua") {
    const auto checked =
        arbiter("check " + (dir / "next.txt") + " --encounter " + encounter + " --resume " + save + " --json");
    CHECK(checked.exit_code == 1);
    const auto report = nlohmann::json::parse(checked.output);
    REQUIRE(report["diagnostics"].size() == 1);
    return report["diagnostics"][0];
  };
  // A status the rules do not define: told by its path in the save, at the save.
  REQUIRE(shell("sed 's/\"name\": \"On Guard\"/\"name\": \"On Gaurd\"/' " + (dir / "fight.json") + " > " +
                (dir / "edited.json"))
              .exit_code == 0);
  const auto edited = diagnostic(dir / "edited.json");
  CHECK(edited["file"] == dir / "edited.json");
  CHECK(edited["line"] == 0);
  CHECK_THAT(edited["message"].get<std::string>(), StartsWith("not a valid saved state: state.world.characters[0]."));
  // Damaged JSON: at the line and column where it stops reading ("}" of line 2).
  std::ofstream(dir / "damaged.json") << "{\n  \"format\": }\n";
  const auto damaged = diagnostic(dir / "damaged.json");
  CHECK(damaged["file"] == dir / "damaged.json");
  CHECK((damaged["line"] == 2 && damaged["column"] == 13));
  // Saved from another encounter than the one given.
  std::ofstream(dir / "other.lua") << read_text(duel) << "-- edited\n";
  const auto other = diagnostic(dir / "fight.json", dir / "other.lua");
  CHECK(other["file"] == dir / "fight.json");
  CHECK(other["message"] == "this fight was saved from the encounter " + duel + ", not " + (dir / "other.lua"));
}

TEST_CASE("a simultaneous flow without a default_order stops the round at the flow's line, naming who has no order",
          "[run][errors][flow]") {
  // It said "no order for this phase, and the ruleset's flow names no default_order": no file.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "orderless");
  std::ofstream(dir / "orderless/pack.lua") << "return { name = 'orderless', version = '1' }\n";
  std::ofstream(dir / "orderless/init.lua")
      << "local arbiter = require 'arbiter'\n"
         "arbiter.define.table('flow', { phases = { { name = 'Only', kind = 'simultaneous' } } })\n"
         "arbiter.define.action('Wait', { resolve = function() end })\n";
  std::ofstream(dir / "fight.lua") << "return { rules = { './orderless' }, map = { width = 3, height = 1 },\n"
                                      "  characters = { { name = 'Ana', side = 'a', at = 'A1' },\n"
                                      "                 { name = 'Bo', side = 'b', at = 'B1' } } }\n";
  const Sheet sheet("Ana:\n  1: Wait\n");
  const auto run = arbiter("run " + (dir / "fight.lua") + " --seed 1 --orders " + sheet.path.string());
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("orderless/init.lua:2: error: Bo: no order for this phase, and the flow defined here "
                                  "names no default_order to take in its place"));
}

TEST_CASE("a house pack requiring a file of the pack it builds on is told whose file it is and how to reach its code",
          "[run][errors]") {
  // "module 'combat' not found" left a designer looking for a missing file; Platemail's README:
  // "A house rule cannot `require` this pack's files; its actions reach Platemail through three hooks".
  TempDir dir;
  std::filesystem::create_directories(dir.path / "reaching" / "tests");
  std::ofstream(dir / "reaching/pack.lua") << "return { name = 'reaching', version = '0.1', requires = { 'platemail' } }\n";
  std::ofstream(dir / "reaching/init.lua") << "local arbiter = require 'arbiter'\nlocal combat = require 'combat'\n";
  std::ofstream(dir / "reaching/tests/load_test.lua") << "require('arbiter.test').case('loads', function() end)\n";
  const auto run = arbiter("--pack-path " + dir.path.string() + " test reaching");
  CHECK(run.exit_code != 0);
  CHECK_THAT(run.output, Contains("reaching/init.lua:2: error: module 'combat' is rules/platemail/combat.lua, a file of "
                                  "pack 'platemail', not of pack 'reaching': a pack requires only its own files, and "
                                  "reaches another pack's code through the hooks that pack defines"));
}

TEST_CASE("a house pack the encounter names for other rules is refused as --house refuses it, where it is named, "
          "and a pack named by both is told where",
          "[run][errors]") {
  // docs/encounters.md: `rules` is "the ruleset, then house rules": tempo-lunge, built on tempo,
  // under platemail was told only as a conflict of two packs' tables.
  TempDir dir;
  std::ofstream(dir / "lunge.lua") << "return {\n  rules = { 'platemail', 'tempo-lunge' },\n"
                                      "  map = { width = 3, height = 3 },\n"
                                      "  characters = { { name = 'Ana', side = 'a', at = 'A1' } },\n}\n";
  const auto lunge = arbiter("run " + (dir / "lunge.lua") + " --seed 1");
  CHECK(lunge.exit_code == 1);
  CHECK_THAT(lunge.output, Contains((dir / "lunge.lua") +
                                    ":2:26: error: tempo-lunge requires tempo; this fight is played under platemail"));
  CHECK_THAT(lunge.output, !Contains("already defined"));
  // --house naming the encounter's own ruleset: told at the encounter's line.
  const auto twice = arbiter(one_round + "--seed 1 --house platemail");
  CHECK(twice.exit_code == 1);
  CHECK_THAT(twice.output, Contains("examples/platemail/skirmish.lua:5:13: error: pack 'platemail' is named twice: "
                                    "here, in the encounter's rules, and by --house"));
}

TEST_CASE("check --rules holds the packs after its ruleset to what run holds house packs to", "[check][errors]") {
  // docs/orders.md: "`--rules` names every pack itself" — the ruleset, then house packs, as an
  // encounter's `rules` do and as run loads them. A house pack built on other rules was told only as
  // a conflict of two rulesets' tables, which --house and an encounter refuse by name.
  const std::string sheet = "examples/platemail/skirmish-round1.txt";
  const auto lunge = arbiter("--pack-path examples/packs check " + sheet + " --rules platemail tempo-lunge");
  CHECK(lunge.exit_code == 1);
  CHECK_THAT(lunge.output, Contains("error: tempo-lunge requires tempo; this fight is played under platemail"));
  CHECK_THAT(lunge.output, !Contains("already defined"));
  const auto run = arbiter("--pack-path examples/packs " + one_round + "--seed 1 --house tempo-lunge");
  CHECK_THAT(run.output, Contains("error: tempo-lunge requires tempo; this fight is played under platemail"));
  // House rules built on the ruleset load with it, as under run.
  const auto house = arbiter("--pack-path examples/packs check " + sheet + " --rules platemail platemail-house");
  CHECK(house.exit_code == 0);
  CHECK_THAT(house.output, !Contains("error"));
}

TEST_CASE("sides that differ only in case are warned of by check and run, at the second's column", "[run][errors]") {
  // Kept as two sides (the rules compare them exactly), but a slip is most likely.
  TempDir dir;
  std::ofstream(dir / "sides.lua") << "return {\n  rules = { 'platemail' },\n  map = { width = 6, height = 6 },\n"
                                      "  characters = {\n"
                                      "    { name = 'Ana', side = 'party', at = 'A1', weapon = 'Axe' },\n"
                                      "    { name = 'Cy', side = 'Party', at = 'B1', weapon = 'Axe' },\n"
                                      "  },\n}\n";
  std::ofstream(dir / "round.txt") << "Round 1\nAna:\n  1: Defend\n  2: Defend\n";
  const std::string warning = (dir / "sides.lua") +
                              ":6:27: warning: side 'Party' differs from side 'party' (line 5) only by case: two "
                              "sides, enemies of each other; write one spelling if they are allies";
  const auto checked = arbiter("check " + (dir / "round.txt") + " --encounter " + (dir / "sides.lua"));
  CHECK(checked.exit_code == 0);
  CHECK_THAT(checked.output, Contains(warning));
  const auto run = arbiter("run " + (dir / "sides.lua") + " --seed 1 --quiet "
                           "--orders " + (dir / "round.txt"));
  CHECK_THAT(run.output, Contains(warning));
}
