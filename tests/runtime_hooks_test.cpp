// The runtime's hooks `allowed_by` and `cost` (docs/fights.md, "Hooks"): asked, in the fight, of each
// intent of an action whose definition gives no `allowed_by` (no `cost`) of its own, whoever proposed
// it, and their answers taken as the action's own function's would be. Played with a tiny sequential
// pack written here, so that no ruleset's own rows stand between the runtime and the hooks.
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/arbiter_process.hpp"
#include "tests/support/temp_dir.hpp"

using Catch::Matchers::Contains;

namespace {

// A duel of 6 points a turn. Kick and Stab give neither `allowed_by` nor `cost`: the hooks judge and
// charge them; Lunge gives both, which the hooks would refuse and charge otherwise. `hooks` is the
// text of the two hooks, from line 9 of init.lua.
void write_duel(const TempDir& dir, const std::string& hooks) {
  std::filesystem::create_directories(dir.path / "duel");
  std::ofstream(dir / "duel/pack.lua") << "return { name = \"duel\", version = \"0.1.0\" }\n";
  std::ofstream(dir / "duel/init.lua")
      << "local arbiter = require \"arbiter\"\n"
         "arbiter.define.table(\"flow\", { phases = { { name = \"Turns\", kind = \"sequential\", action_points = 6 } },\n"
         "  default_order = \"Wait\" })\n"
         "arbiter.define.table(\"narration\", { declared = \"{character}: {summary} ({cost} AP: {points_before} → {points})\" })\n"
         "arbiter.define.action(\"Wait\", { target = \"none\", cost = 0, allowed_by = function() return true end, resolve = function() end })\n"
         "arbiter.define.action(\"Kick\", { needs_target = true, target = \"enemy\", resolve = function() end })\n"
         "arbiter.define.action(\"Stab\", { needs_target = true, target = \"enemy\", resolve = function() end })\n"
         "arbiter.define.action(\"Lunge\", { needs_target = true, target = \"enemy\", cost = 4, allowed_by = function() return true end, resolve = function() end })\n"
      << hooks;
  std::ofstream(dir / "fight.lua") << "return { rules = { \"./duel\" }, map = { width = 5, height = 3 }, characters = {\n"
                                      "  { name = \"Ana\", side = \"a\", at = \"B2\" }, { name = \"Bo\", side = \"b\", at = \"C2\" } } }\n";
  std::ofstream(dir / "round.txt") << "Round 1\nAna:\n  1: Kick -> \"Bo\"\n  2: Stab -> \"Bo\"\n  3: Lunge -> \"Bo\"\nBo:\n";
}

// The hooks as a ruleset writes them (tempo's read its rows): Kick is forbidden, every action costs 2.
const std::string answering_hooks =
    "arbiter.define.hook(\"allowed_by\", function(me, action)\n"
    "  if action == \"Stab\" or action == \"Wait\" then return true end\n"
    "  return false, \"the hook forbids \" .. action\n"
    "end)\n"
    "arbiter.define.hook(\"cost\", function(me, action) return 2 end)\n";

Run play(const TempDir& dir) {
  return arbiter("run " + (dir / "fight.lua") + " --rounds 1 --seed 1 --orders " + (dir / "round.txt"));
}

}  // namespace

TEST_CASE("allowed_by and cost are asked of each action that gives no field of its own, and their answers taken",
          "[run][hooks]") {
  TempDir dir;
  write_duel(dir, answering_hooks);
  const Run run = play(dir);
  REQUIRE(run.exit_code == 0);
  // Kick gives no allowed_by: the hook's refusal, with its reason, before any point is paid.
  CHECK_THAT(run.output, Contains("Ana cannot Kick: the hook forbids Kick"));
  CHECK_THAT(run.output, !Contains("Ana: Kick"));
  // Stab gives no cost: the hook's 2 of the 6.
  CHECK_THAT(run.output, Contains("Ana: Stab → Bo (2 AP: 6 → 4)"));
  // Lunge gives both: its own allowed_by allows it (the hook would forbid it), its own cost is 4 (the
  // hook would say 2).
  CHECK_THAT(run.output, Contains("Ana: Lunge → Bo (4 AP: 4 → 0)"));
}

TEST_CASE("a hook allowed_by or cost returning the wrong type is an error at the hook's line", "[run][hooks][bad-input]") {
  TempDir dir;
  SECTION("cost") {
    write_duel(dir, "arbiter.define.hook(\"allowed_by\", function() return true end)\n"
                    "arbiter.define.hook(\"cost\", function(me, action)\n"
                    "  return \"two\"\n"
                    "end)\n");
    const Run run = play(dir);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Contains("duel/init.lua:10: error: action 'Kick': its 'cost' function's action points must "
                                    "be a whole number from 0 to 1000000, not \"two\""));
    CHECK_THAT(run.output, !Contains("Ana: Kick"));
  }
  SECTION("allowed_by") {
    write_duel(dir, "arbiter.define.hook(\"allowed_by\", function(me, action)\n"
                    "  return 1\n"
                    "end)\n"
                    "arbiter.define.hook(\"cost\", function() return 2 end)\n");
    const Run run = play(dir);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Contains("duel/init.lua:9: error: action 'Kick': its 'allowed_by' function must return true "
                                    "or false, not 1"));
    CHECK_THAT(run.output, !Contains("Ana: Kick"));
  }
}
