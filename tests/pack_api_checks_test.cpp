// What a pack writer gives the runtime's status, intent and stat APIs is checked where it is given:
// a number is whole and in range or refused, never cut to fit; a field that would do nothing, or a
// misspelt one, is refused with the nearest; a turn the rules never end is ended, and told.
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/arbiter_process.hpp"
#include "tests/support/temp_dir.hpp"

using Catch::Matchers::Contains;

namespace {

// A tavern brawl: a sequential phase of 6 AP, Punch (needs a target), Wait, a status Staggered
// and stats the rules declare; `extra` is written at the end of its init.lua, from line 20 on.
struct Brawl {
  TempDir dir;
  std::filesystem::path pack = dir.path / "brawl";

  explicit Brawl(const std::string& extra, const std::string& sheet = "") {
    std::filesystem::create_directories(pack);
    std::ofstream(pack / "pack.lua") << "return { name = 'brawl', version = '0.1.0', api = 1 }\n";
    std::ofstream(pack / "init.lua")
        << "local arbiter = require 'arbiter'\n"                                                            // 1
        << "arbiter.define.table('flow', { phases = { { name = 'Brawl', kind = 'sequential', action_points = 6 } },\n"
        << "  default_order = 'Wait', lookups = { injury = 'wounds' } })\n"                                 // 3
        << "arbiter.define.table('encounter', { stats = { wounds = 'count', brawn = 'whole' } })\n"         // 4
        << "arbiter.define.status('Staggered', { unit = 'rounds', duration = 1 })\n"                         // 5
        << "arbiter.define.action('Punch', { cost = 3, needs_target = true, target = 'enemy',\n"            // 6
        << "  resolve = function(ctx) log.event('hit', { target = ctx.target.name }, 'punch') end })\n"     // 7
        << "arbiter.define.action('Wait', { target = 'none', resolve = function(ctx) end })\n"               // 8
        << "\n\n\n\n\n\n\n\n\n\n\n"                                                                        // 9-19
        << extra << "\n";                                                                                  // 20
    std::ofstream(dir.path / "tavern.lua")
        << "return { rules = { './brawl' }, map = { width = 5, height = 3 },\n"
        << "  characters = { { name = 'Ana', side = 'a', at = 'B2', stats = { brawn = 1 } },\n"
        << "                 { name = 'Bo', side = 'b', at = 'C2', stats = { brawn = 0 } } } }\n";
    std::ofstream(dir.path / "orders.txt") << sheet;
  }


  Run run(const std::string& options = "") const {
    const bool sheet = std::filesystem::file_size(dir.path / "orders.txt") > 0;
    return arbiter("run " + (dir.path / "tavern.lua").string() + " --seed 1 --rounds 1 " +
                   (sheet ? "--orders " + (dir.path / "orders.txt").string() + " " : "") + options);
  }
};

}  // namespace

TEST_CASE("a status's duration and max_stacks are whole numbers in range at definition, never cut to fit",
          "[statuses][errors]") {
  // 1.5 and -0.5 were accepted (-0.5 played as 0); 2^31, 0/0 and 1e300 were all "cannot be negative
  // (got -2147483648 rounds)".
  const std::pair<const char*, const char*> durations[] = {
      {"1.5", "1.5"}, {"-0.5", "-0.5"}, {"2147483648", "2147483648"}, {"1e300", "1e+300"}, {"-1", "-1"},
      {"1000001", "1000001"}};
  for (const auto& [given, shown] : durations) {
    const Brawl brawl(std::string("arbiter.define.status('Zed', { unit = 'rounds', duration = ") + given + " })");
    const auto run = brawl.run();
    CHECK(run.exit_code != 0);
    CHECK_THAT(run.output, Contains(std::string("brawl/init.lua:20:49: error: status 'Zed': 'duration' must be a whole "
                                                "number from 0 to 1000000, not ") + shown));
  }
  const Brawl nan("arbiter.define.status('Zed', { unit = 'rounds', duration = 0/0 })");
  CHECK_THAT(nan.run().output, Contains(":20:49: error: status 'Zed': 'duration' must be a whole number from 0 to 1000000, "
                                        "not "));
  CHECK_THAT(nan.run().output, Contains("nan\n"));
  const Brawl stacks("arbiter.define.status('Zed', { stacking = 'stack', max_stacks = 2.5 })");
  CHECK_THAT(stacks.run().output,
             Contains(":20:52: error: status 'Zed': 'max_stacks' must be a whole number from 1 to 1000000, not 2.5"));
  const Brawl amount("arbiter.define.status('Zed', { modifiers = { { roll = 'punch', amount = 2^40 } } })");
  CHECK_THAT(amount.run().output, Contains(":20:64: error: status 'Zed': modifier 1's 'amount' must be a whole number "
                                           "from -1000000 to 1000000, not "));
  // Whole however written, and in range: accepted.
  const Brawl fine("arbiter.define.status('Zed', { unit = 'rounds', duration = 3 * 0.5 * 2, stacking = 'stack', "
                   "max_stacks = 1000000 })");
  CHECK(fine.run().exit_code == 0);
}

TEST_CASE("status.apply's duration is a whole number in range, refused at the caller's line naming it",
          "[statuses][errors]") {
  // 1e10 was kept as 1410065408; 1.5 was "bad argument #-1 to 'apply' (number has no integer representation)".
  const std::pair<const char*, const char*> durations[] = {{"1e10", "10000000000"}, {"1.5", "1.5"}, {"-1", "-1"}};
  for (const auto& [given, shown] : durations) {
    const Brawl brawl(std::string("arbiter.define.hook('round_start', function()\n"
                                  "  status.apply('Ana', 'Staggered', { duration = ") +
                      given + " })\nend)");
    const auto run = brawl.run();
    CHECK(run.exit_code != 0);
    CHECK_THAT(run.output, Contains(std::string("brawl/init.lua:21: error: status 'Staggered' on Ana: 'duration' must "
                                                "be a whole number from 0 to 1000000, not ") + shown));
  }
  const Brawl fine("arbiter.define.hook('round_start', function() status.apply('Ana', 'Staggered', { duration = 4.0 }) "
                   "end)");
  const auto run = fine.run("--quiet --log " + (fine.dir.path / "log.jsonl").string());
  CHECK(run.exit_code == 0);
  CHECK_THAT(read_text(fine.dir.path / "log.jsonl"), Contains("\"duration\":4,"));
}

TEST_CASE("status.apply's duration for a status that lasts until removed is refused at the caller's line",
          "[statuses][errors]") {
  // docs/world.md refuses "a field that would do nothing: a `duration` with no `unit` that counts
  // down". The definition's was refused; status.apply(c, "Marked", { duration = 3 }) was accepted,
  // and Marked never ended.
  const std::string marked = "arbiter.define.status('Marked', {})\n"
                             "arbiter.define.hook('round_start', function()\n"
                             "  status.apply('Ana', 'Marked', { duration = ";
  const Brawl timed(marked + "3 })\nend)");
  const auto run = timed.run();
  CHECK(run.exit_code != 0);
  CHECK_THAT(run.output, Contains("brawl/init.lua:22: error: status 'Marked' on Ana: 'duration' = 3 counts nothing "
                                  "without a unit: give unit = \"rounds\", \"phases\" or \"turns\""));
  // Without a duration it lasts until removed, as defined.
  const Brawl untimed(marked + "nil })\nend)");
  CHECK(untimed.run().exit_code == 0);
}

TEST_CASE("a status field that would do nothing is refused at its line, saying what it needs", "[statuses][errors]") {
  // Each was accepted and did nothing: one modifier's fields as `modifiers`, a duration with no unit
  // (the status lasted until removed), max_stacks without stacking "stack".
  const Brawl single("arbiter.define.status('Zed', { modifiers = { roll = 'punch', amount = -5, reason = 'reeling' } })");
  CHECK_THAT(single.run().output,
             Contains(":20: error: status 'Zed': 'modifiers' must be a list of modifiers, modifiers = { { roll = "
                      "\"attack\", amount = -2, reason = \"Prone\" } }: each modifier a table in the list; this one has "
                      "the field 'amount' beside its items (one modifier's fields: put { } around them)"));
  const Brawl unitless("arbiter.define.status('Zed', { duration = 2 })");
  CHECK_THAT(unitless.run().output,
             Contains(":20: error: status 'Zed': 'duration' = 2 counts nothing without a unit: give unit = \"rounds\", "
                      "\"phases\" or \"turns\""));
  const Brawl unstacked("arbiter.define.status('Zed', { max_stacks = 3 })");
  CHECK_THAT(unstacked.run().output,
             Contains(":20: error: status 'Zed': 'max_stacks' = 3 counts nothing unless it stacks: give stacking = "
                      "\"stack\" (the stacking is \"refresh\")"));
  // Both in one definition: both told in one reading, as its fields' own mistakes are (docs/world.md).
  const Brawl both("arbiter.define.status('Zed', { duration = 2, max_stacks = 3 })");
  CHECK_THAT(both.run().output,
             Contains(":20: error: status 'Zed': 2 mistakes: 'duration' = 2 counts nothing without a unit: give unit "
                      "= \"rounds\", \"phases\" or \"turns\" (the default, \"until removed\", lasts until "
                      "status.remove), or leave 'duration' out; 'max_stacks' = 3 counts nothing unless it stacks: give "
                      "stacking = \"stack\" (the stacking is \"refresh\"), or leave 'max_stacks' out"));
  const Brawl not_list("arbiter.define.status('Zed', { modifiers = 'punch' })");
  CHECK_THAT(not_list.run().output, Contains(":20:32: error: status 'Zed': 'modifiers' must be a list of modifiers"));
  // A list of modifiers, as documented, plays.
  const Brawl listed("arbiter.define.status('Zed', { unit = 'rounds', duration = 2, stacking = 'stack', max_stacks = 3,"
                     " modifiers = { { roll = 'punch', amount = -5, reason = 'reeling' } } })");
  CHECK(listed.run().exit_code == 0);
}

TEST_CASE("an intent a hook returns with a misspelt field, or without the target its action needs, is refused at the "
          "hook's line",
          "[run][errors][flow]") {
  // Punch was taken at no one, and failed inside resolve with a nil index, every round.
  const Brawl choose("arbiter.define.hook('choose', function(who, pts, ordered) return { action = 'Punch', tagret = "
                     "'Bo' } end)");
  auto run = choose.run();
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("brawl/init.lua:20: error: an intent has no field 'tagret' (did you mean "
                                                  "'target'?)\n  in pack 'brawl'"));
  const Brawl forced("arbiter.define.hook('forced_action', function(who) return { action = 'Punch', taget = 'Bo', nte "
                     "= 'x' } end)");
  run = forced.run();
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("brawl/init.lua:20: error: an intent has no field 'nte' (did you mean 'note'?)"));
  const Brawl untargeted("arbiter.define.hook('choose', function(who, pts) if pts >= 3 then return { action = 'Punch' "
                         "} end end)");
  run = untargeted.run();
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("brawl/init.lua:20: error: an intent for 'Punch' needs a target, as the action "
                                                      "does (needs_target), and this one gives none"));
  // The intent the hook was given, returned with its runtime fields, and a well-formed one, play.
  const Brawl proposal("arbiter.define.hook('choose', function(who, pts, ordered) return ordered end)",
                       "Round 1\nAna:\n  1: Punch -> \"Bo\"\n");
  run = proposal.run();
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Ana: Punch → Bo"));
  const Brawl plain("arbiter.define.hook('choose', function(who, pts) if pts >= 3 then return { action = 'Punch', "
                    "target = world.closest(who, 'enemy'), note = 'swing' } end end)");
  run = plain.run();
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Ana: Punch → Bo"));
}

TEST_CASE("a hook's wrong answer names the hook and what it returned", "[run][errors][flow]") {
  // "expected an intent: …, not \"Wait\"" named no hook; the reach hook's said nothing of what it got.
  const Brawl forced("arbiter.define.hook('forced_action', function(who) return 'Wait' end)");
  auto run = forced.run();
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("brawl/init.lua:20: error: the forced_action hook returns an intent: nil or { action "
                                  "= …, target = …, note = … }, not \"Wait\"\n  in pack 'brawl'"));
  // Asked before everyone moves: a simultaneous phase, where Ana steps.
  const Brawl reach("arbiter.define.hook('reach', function(who) return 'far' end)\n"
                    "arbiter.override.table('flow', { phases = { { name = 'Rush', kind = 'simultaneous' } }, "
                    "default_order = 'Wait' })\n"
                    "arbiter.define.action('Step', { move = 5, needs_direction = true, resolve = function() end })",
                    "Round 1\nAna:\n  1: Step E\n");
  run = reach.run();
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("brawl/init.lua:20: error: the reach hook returns a reach in feet: a number, 0 or "
                                  "more, not \"far\"\n  in pack 'brawl'"));
  // Asked of each meeting while everyone moves: Ana steps into Bo's cell.
  const Brawl movement("arbiter.define.hook('movement', function(event) return true end)\n"
                       "arbiter.override.table('flow', { phases = { { name = 'Rush', kind = 'simultaneous' } }, "
                       "default_order = 'Wait' })\n"
                       "arbiter.define.action('Step', { move = 5, needs_direction = true, resolve = function() end })",
                       "Round 1\nAna:\n  1: Step E\n");
  run = movement.run();
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("brawl/init.lua:20: error: the movement hook returns nil, \"mover\", \"other\", "
                                  "\"both\", \"meet\", \"mover_after_step\" or \"other_after_step\", not true\n  in "
                                  "pack 'brawl'"));
}

TEST_CASE("world.set_stat holds the rules to the stats their encounter table declares", "[run][errors][world]") {
  // Both were accepted: "wounds" set to "lots" under `wounds = "count"`, and a misspelt "wonds".
  const Brawl wrong_kind("arbiter.define.hook('round_start', function()\n  world.set_stat('Ana', 'wounds', 'lots')\nend)");
  auto run = wrong_kind.run();
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("brawl/init.lua:21: error: world.set_stat: Ana's wounds must be a count: a "
                                                      "whole number from 0 to 9007199254740992 (2^53), not \"lots\", as "
                                                      "the rules declare it"));
  const Brawl misspelt("arbiter.define.hook('round_start', function()\n  world.set_stat('Ana', 'wonds', 1)\nend)");
  run = misspelt.run();
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("brawl/init.lua:21: error: world.set_stat: 'wonds' is no stat the rules declare "
                                                    "(did you mean 'wounds'?)"));
  // A stat of the rules' own, near none they declare, and a declared one of its kind: set.
  const Brawl own("arbiter.define.hook('round_start', function()\n  world.set_stat('Ana', 'wounds', 2)\n"
                  "  world.set_stat('Ana', 'rage_level', 'high')\nend)");
  run = own.run();
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Ana's rage_level is now high"));
}

TEST_CASE("changing a character's stats in place says to use world.set_stat", "[run][errors][world]") {
  const Brawl brawl("arbiter.define.hook('round_start', function()\n  local c = world.character('Ana')\n"
                    "  c.stats.wounds = 1\nend)");
  const auto run = brawl.run();
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("attempt to change a read-only table: a character's stats are set with "
                                  "world.set_stat(c, \"wounds\", value, cause)"));
}

TEST_CASE("a sequential turn the rules never end is ended at its 100th action, and that is told, blaming the hook's "
          "pack",
          "[run][flow]") {
  // It was cut off silently: Ana and Bo each took 100 Waits and nothing said why.
  const Brawl brawl("arbiter.define.hook('choose', function(who, pts, ordered) return { action = 'Wait' } end)");
  const auto run = brawl.run("--log " + (brawl.dir.path / "log.jsonl").string());
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("  Ana's turn is ended after 100 actions, the most one turn may take: the hook "
                                  "'choose' of pack 'brawl' ("));
  CHECK_THAT(run.output, Contains("brawl/init.lua:20) kept choosing another\n"));
  const std::string log = read_text(brawl.dir.path / "log.jsonl");
  CHECK_THAT(log, Contains("\"type\":\"turn_cut_off\""));
  CHECK_THAT(log, Contains("\"actions\":100"));
  CHECK_THAT(log, Contains("\"pack\":\"brawl\""));
  // A turn that ends itself says nothing of the kind.
  const Brawl ending("arbiter.define.hook('choose', function(who, pts, ordered) if pts == 6 then return { action = "
                     "'Wait', cost = 1 } end end)");
  CHECK_THAT(ending.run().output, !Contains("turn is ended"));
}

TEST_CASE("flow.spend's points are whole and in range, never cut to an int", "[run][errors][flow]") {
  // 2^32 points, cut to an int, were none spent at all.
  const Brawl brawl("arbiter.define.hook('turn_start', function(who)\n  flow.spend(who, 2^32)\nend)");
  const auto run = brawl.run();
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("brawl/init.lua:21: error: flow.spend's points must be a whole number from -1000000 "
                                                 "to 1000000, not 4294967296"));
}

TEST_CASE("flow.spend keeps a character's points from 0 to 1000000, refusing at the caller's line what would leave "
          "them outside",
          "[run][errors][flow]") {
  // Spending 50 of 11 left -39, blamed later on whoever read the points; giving back 1000000 again
  // and again wrapped the int round to -2146967285.
  const Brawl overspent("arbiter.define.hook('turn_start', function(who)\n  flow.spend(who, 10)\nend)");
  const auto over = overspent.run();
  CHECK(over.exit_code == 1);
  CHECK_THAT(over.output, Contains("brawl/init.lua:21: error: Ana has 6 action points; spending 10 would leave -4"));
  const Brawl flooded("arbiter.define.hook('turn_start', function(who)\n"
                      "  for _ = 1, 2148 do flow.spend(who, -1000000) end\nend)");
  const auto flood = flooded.run();
  CHECK(flood.exit_code == 1);
  CHECK_THAT(flood.output, Contains("brawl/init.lua:21: error: Ana has 6 action points; giving back 1000000 would make "
                                    "1000006, more than the 1000000 a character may hold"));
  // A give-back past the phase's allocation is a house rule's to give (docs/fights.md).
  const Brawl bonus("arbiter.define.hook('turn_start', function(who)\n  flow.spend(who, -4)\n"
                    "  print(who.name .. ' has ' .. flow.points(who))\nend)");
  const auto bonused = bonus.run();
  CHECK(bonused.exit_code == 0);
  CHECK_THAT(bonused.output, Contains("Ana has 10"));
}

TEST_CASE("a status's modifier mistakes are the status's, told with its other fields' at once, at the first's column",
          "[statuses][errors]") {
  // docs/world.md: "a modifier's misspelt field ... naming the field and the value given ... every
  // misspelt field and value of the wrong kind is told at once". `roll = 5` was "option 'roll' must
  // be a string", naming neither status nor modifier; `duraton` hid `amont`.
  const Brawl roll("arbiter.define.status('Zed', { modifiers = { { roll = 5, amount = 1 } } })");
  CHECK_THAT(roll.run().output, Contains("brawl/init.lua:20:48: error: status 'Zed': modifier 1's 'roll' must be the "
                                         "name of a roll, a string like \"attack\", not 5"));
  const Brawl two("arbiter.define.status('Zed', { duraton = 1, modifiers = { { roll = 'punch', amont = 1 } } })");
  CHECK_THAT(two.run().output,
             Contains("brawl/init.lua:20:32: error: status 'Zed': 3 mistakes: it has no field 'duraton' (did you mean "
                      "'duration'?); modifier 1 has no field 'amont' (did you mean 'amount'?); modifier 1 needs its "
                      "amount, per stack (amount = -2)"));
}

TEST_CASE("arbiter.exists and arbiter.last_change tell a wrong argument at the caller's line, naming it",
          "[registry][errors]") {
  // docs/packs.md: stdlib functions tell a wrong argument "at the line that called it, naming it ...
  // never an error inside the stdlib's own files". They were "stdlib/arbiter/init.lua:49: bad
  // argument #2 to 'get'", and a number as the name was silently no definition.
  const std::pair<const char*, const char*> calls[] = {
      {"arbiter.exists('action')", "arbiter.exists: the name (argument 2) must be a string, not nil"},
      {"arbiter.exists('action', 5)", "arbiter.exists: the name (argument 2) must be a string, not 5"},
      {"arbiter.exists('actoin', 'Punch')",
       "arbiter.exists: the kind (argument 1) must be one of \"action\", \"status\", \"table\", \"condition\", "
       "\"target\", \"hook\", not \"actoin\" (did you mean 'action'?)"},
      {"arbiter.last_change('table', 'flow', 3)",
       "arbiter.last_change: the field (argument 3) must be a string or nil, not 3"},
  };
  for (const auto& [call, told] : calls) {
    const Brawl brawl(std::string("local _ = ") + call);
    const auto run = brawl.run();
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Contains(std::string("brawl/init.lua:20: error: ") + told));
  }
  // No field: the whole definition's last change, as "" is.
  const Brawl whole("assert(arbiter.last_change('table', 'flow').operation == 'defined')");
  CHECK(whole.run().exit_code == 0);
}

TEST_CASE("a status's misspelt roll is told as the status's, at the line defining it, when the rules ask for the "
          "roll near it",
          "[statuses][errors]") {
  // docs/world.md, "rolls": Platemail's attack roll was blamed ("there is no roll named 'attack';
  // did you mean 'atack'?") at its own line for a house status's `roll = "atack"`.
  const Brawl brawl("arbiter.define.status('Jinxed', { modifiers = { { roll = 'pnch', amount = -2 } } })\n"
                    "arbiter.define.hook('turn_start', function(who)\n  status.modifiers(who, 'punch')\nend)");
  const auto run = brawl.run();
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("brawl/init.lua:20: error: status 'Jinxed': modifier 1's roll 'pnch' is no roll the "
                                  "rules make (did you mean 'punch'?)"));
}

TEST_CASE("a house status's misspelt roll is the status's mistake even when a house rule asked for the misspelling "
          "before the rules asked for theirs",
          "[statuses][errors]") {
  // docs/world.md, "rolls": the roll the rules ask for is the rules'. A house hook asking for its own
  // status's "pnch" first made it a roll asked for, and the rules' "punch" was then told "there is no
  // roll named 'punch'; did you mean 'pnch'?" at the rules' line: the bug of a misspelt house status
  // blamed on the rules, back by the order of the asking.
  const Brawl brawl("arbiter.define.hook('turn_end', function(who)\n  status.modifiers(who, 'punch')\nend)");
  std::filesystem::create_directories(brawl.dir.path / "house");
  std::ofstream(brawl.dir.path / "house" / "pack.lua")
      << "return { name = 'house', version = '0.1.0', api = 1, requires = { 'brawl' } }\n";
  std::ofstream(brawl.dir.path / "house" / "init.lua")
      << "local arbiter = require 'arbiter'\n"
      << "arbiter.define.status('Jinxed', { modifiers = { { roll = 'pnch', amount = -2 } } })\n"
      << "arbiter.define.hook('turn_start', function(who) status.modifiers(who, 'pnch') end)\n";
  std::ofstream(brawl.dir.path / "house-tavern.lua")
      << "return { rules = { './brawl', './house' }, map = { width = 5, height = 3 },\n"
      << "  characters = { { name = 'Ana', side = 'a', at = 'B2', stats = { brawn = 1 } },\n"
      << "                 { name = 'Bo', side = 'b', at = 'C2', stats = { brawn = 0 } } } }\n";
  const auto run = arbiter("run " + (brawl.dir.path / "house-tavern.lua").string() + " --seed 1 --rounds 1");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("house/init.lua:2: error: status 'Jinxed': modifier 1's roll 'pnch' is no roll the "
                                  "rules make (did you mean 'punch'?)"));
  CHECK_THAT(run.output, !Contains("there is no roll named 'punch'"));
}

TEST_CASE("a house rule's own misspelt roll is told at the line that asked for it, not blamed on its status, when "
          "the rules ask for the status's roll",
          "[statuses][errors]") {
  // docs/world.md, "rolls": the roll the rules ask for is the rules'. The house pack's status Jinxed
  // modifies the rules' "punch" rightly, and the house's own hook asks for "pnch" before the rules
  // ask for "punch": the status was blamed ("status 'Jinxed': modifier 1's roll 'punch' is no roll the
  // rules make (did you mean 'pnch'?)"), sending the modder to fix what was right. The house pack
  // beside `rules`, and its fight of one round:
  const auto house_run = [](const Brawl& rules) {
    std::filesystem::create_directories(rules.dir.path / "house");
    std::ofstream(rules.dir.path / "house" / "pack.lua")
        << "return { name = 'house', version = '0.1.0', api = 1, requires = { 'brawl' } }\n";
    std::ofstream(rules.dir.path / "house" / "init.lua")
        << "local arbiter = require 'arbiter'\n"
        << "arbiter.define.status('Jinxed', { modifiers = { { roll = 'punch', amount = -2 } } })\n"
        << "arbiter.define.hook('turn_start', function(who) status.modifiers(who, 'pnch') end)\n";
    std::ofstream(rules.dir.path / "house-tavern.lua")
        << "return { rules = { './brawl', './house' }, map = { width = 5, height = 3 },\n"
        << "  characters = { { name = 'Ana', side = 'a', at = 'B2', stats = { brawn = 1 } },\n"
        << "                 { name = 'Bo', side = 'b', at = 'C2', stats = { brawn = 0 } } } }\n";
    return arbiter("run " + (rules.dir.path / "house-tavern.lua").string() + " --seed 1 --rounds 1");
  };
  const auto run =
      house_run(Brawl("arbiter.define.hook('turn_end', function(who)\n  status.modifiers(who, 'punch')\nend)"));
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("house/init.lua:3: error: there is no roll named 'pnch'; did you mean 'punch'?"));
  CHECK_THAT(run.output, !Contains("status 'Jinxed'"));
  // The rules never asking for "punch" in the round, nothing tells which of the two is theirs: the
  // roll asked for is taken for it, and the status told, as when the rules ask first.
  const auto unasked = house_run(Brawl(""));
  CHECK(unasked.exit_code == 1);
  CHECK_THAT(unasked.output, Contains("house/init.lua:2: error: status 'Jinxed': modifier 1's roll 'punch' is no roll "
                                      "the rules make (did you mean 'pnch'?)"));
}

TEST_CASE("a yes-or-no function that tries to change the fight is refused at its line, not applied each time it is "
          "judged",
          "[run][errors][flow]") {
  // docs/fights.md (`target`): judged "before the action and again when it resolves": a wound set
  // inside one landed twice, outside any action ("Aldric wounds 3 Orc wounds 2").
  const Brawl brawl("arbiter.define.action('Jab', { cost = 1, needs_target = true, target = function(me, them)\n"
                    "  world.set_stat(them, 'wounds', (them.stats.wounds or 0) + 1)\n  return true\n"
                    "end, resolve = function(ctx) end })",
                    "Round 1\nAna:\n  1: Jab -> \"Bo\"\n");
  const auto run = brawl.run();
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("brawl/init.lua:21: error: action 'Jab': target judges; it cannot change the fight "
                                  "(set_stat): a change belongs in an action's resolve"));
}

TEST_CASE("a yes-or-no function is refused the flow's levers too (flow.spend, set_ready, react), log.event, a roll and "
          "log.narrate, at its line, as any change",
          "[run][errors][flow]") {
  // docs/fights.md (`target`, `allowed_by`): "a change it tries ... is an error at its line, as it would land each
  // time it is judged". flow.spend took a point at each judging, flow.react's reaction was played there, outside
  // any action, and flow.set_ready was told "Ana has no action in this phase".
  const std::pair<const char*, const char*> calls[] = {
      {"flow.spend(me, 1)", "spend"},
      {"flow.set_ready(me, true)", "set_ready"},
      {"flow.react(me, 'Punch', 'Bo')", "react"},
      {"log.event('hit', { target = 'Bo' }, 'x')", "event"},
      // A roll is logged and moves the dice on, once each time the order is judged; a template
      // changes the fight's narration.
      {"dice.roll('1d6', 'nerve')", "roll"},
      {"dice.pool({ '1d6' }):roll('nerve')", "roll"},
      {"log.narrate('hit', '{target} is hit')", "narrate"},
  };
  for (const auto& [call, called] : calls) {
    const Brawl brawl(std::string("arbiter.define.action('Jab', { cost = 1, needs_target = true, target = 'enemy',\n"
                                  "  allowed_by = function(me)\n    ") +
                          call + "\n    return true\n  end, resolve = function(ctx) end })",
                      "Round 1\nAna:\n  1: Jab -> \"Bo\"\n");
    const auto run = brawl.run();
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Contains(std::string("brawl/init.lua:22: error: action 'Jab': allowed_by judges; it cannot "
                                                "change the fight (") +
                                    called + "): a change belongs in an action's resolve"));
  }
  // A condition's test and a target's find judge as well.
  const Brawl condition("arbiter.define.condition('I feel it', { test = function(me)\n  flow.spend(me, 1)\n"
                        "  return true\nend })",
                        "Round 1\nAna:\n  1: IF I feel it THEN Punch -> \"Bo\"\n");
  CHECK_THAT(condition.run().output, Contains("brawl/init.lua:21: error: condition 'I feel it' judges; it cannot change "
                                              "the fight (spend)"));
}
