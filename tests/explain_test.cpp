// `arbiter explain` as a user runs it: which word is a name, where a definition was made, and what
// it says of a name that names nothing.
#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "tests/support/arbiter_process.hpp"
#include "tests/support/temp_dir.hpp"

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// The line of `file` that holds `text` first, counted from 1; 0 when none does.
int line_holding(const std::string& file, const std::string& text) {
  std::ifstream in(file);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number)
    if (line.find(text) != std::string::npos) return number;
  return 0;
}

}  // namespace

TEST_CASE("explain reads a last word with a slash as a definition's part when it is no folder: weapons.Bolo/Net",
          "[cli][explain]") {
  // docs/packs.md: "a path after the name shows one part"; a pack named by its folder is one that
  // is there. Platemail's weapons have a row "Bolo/Net".
  const auto dotted = arbiter("explain platemail weapons.Bolo/Net");
  CHECK(dotted.exit_code == 0);
  CHECK_THAT(dotted.output, StartsWith("table weapons.Bolo/Net = {"));
  CHECK(arbiter("explain platemail 'weapons[\"Bolo/Net\"]'").output == dotted.output);
  CHECK(arbiter("explain platemail table:weapons.Bolo/Net").output == dotted.output);
  // A field named by a word of it is suggested: "Bolo" is a word of "Bolo/Net".
  const auto part = arbiter("explain platemail weapons.Bolo");
  CHECK(part.exit_code == 1);
  CHECK_THAT(part.output, Contains("weapons has no field 'Bolo' (did you mean 'Bolo/Net'?)"));
  // A folder that is there is still a pack, and one that is not, naming nothing either, is told as both.
  CHECK(arbiter("explain platemail ./examples/packs/platemail-house").exit_code == 0);
  const auto misspelt = arbiter("explain platemail examples/packs/platemail-hous");
  CHECK(misspelt.exit_code == 1);
  CHECK_THAT(misspelt.output, Contains("the packs define nothing named 'examples/packs/platemail-hous', and there is "
                                       "no folder examples/packs/platemail-hous: a pack named by its folder is the "
                                       "folder that holds its pack.lua"));
}

TEST_CASE("explain places a definition at the pack's own call, not inside the helper that calls arbiter.define",
          "[cli][explain]") {
  // docs/packs.md: every change keeps "the line that made it", which explain shows and errors cite.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "helped");
  std::ofstream(dir / "helped/pack.lua") << "return { name = \"helped\", version = \"0.1.0\" }\n";
  std::ofstream(dir / "helped/init.lua") << "local arbiter = require \"arbiter\"\n"
                                            "local function define(name, fields)\n"
                                            "  fields.target = \"none\"\n"
                                            "  arbiter.define.action(name, fields)\n"
                                            "end\n"
                                            "define(\"Wait\", { resolve = function() end })\n"
                                            "define(\"Rest\", { resolve = function() end })\n";
  const auto rest = arbiter("explain " + (dir / "helped") + " Rest");
  CHECK(rest.exit_code == 0);
  CHECK_THAT(rest.output, Contains("  1. defined by helped at " + dir / "helped/init.lua:7\n"));
  // A name defined twice through the helper is told at the second call, citing the first.
  std::ofstream(dir / "helped/init.lua", std::ios::app) << "define(\"Wait\", { resolve = function() end })\n";
  const auto twice = arbiter("explain " + (dir / "helped"));
  CHECK(twice.exit_code == 1);
  CHECK_THAT(twice.output, StartsWith(dir / "helped/init.lua:8:"));
  CHECK_THAT(twice.output, Contains("action 'Wait' is already defined by pack 'helped' at " + dir / "helped/init.lua:6"));
  // Platemail defines its actions so (actions.lua's `define`): Charge at its own line.
  const int charge = line_holding("rules/platemail/actions.lua", "define(\"Charge\"");
  REQUIRE(charge > 0);
  CHECK_THAT(arbiter("explain platemail action:Charge").output,
             Contains("  1. defined by platemail at rules/platemail/actions.lua:" + std::to_string(charge) + "\n"));
}

TEST_CASE("explain finds what a sheet would read a name as, and tells a pack's name not found", "[cli][explain]") {
  // docs/orders.md: a target's phrase is read without a leading "the"; a phrase with its
  // placeholders filled in is the phrase declared.
  const auto closest = arbiter("explain platemail 'closest enemy'");
  CHECK(closest.exit_code == 0);
  CHECK_THAT(closest.output, StartsWith("target the closest enemy = {"));
  const auto within = arbiter("explain platemail \"an enemy is within 10'\"");
  CHECK(within.exit_code == 0);
  CHECK_THAT(within.output, StartsWith("condition an enemy is within {distance} = {"));
  CHECK_THAT(arbiter("explain platemail 'charge'").output, StartsWith("action Charge = {"));
  // Another name a pack gives a phrase for hints (`also_called`) is suggested, as a sheet's check does.
  CHECK_THAT(arbiter("explain platemail 'the nearest enemy'").output, Contains("(did you mean 'the closest enemy'"));
  // A pack's name whose folder is not on the search path (--pack-path examples/packs left out) is
  // told as one.
  const auto house = shell(std::string(ARBITER_BINARY) + " explain platemail platemail-house");
  CHECK(house.exit_code == 1);
  CHECK_THAT(house.output, Contains("the packs define nothing named 'platemail-house', and no pack 'platemail-house' "
                                    "was found on the search path (--pack-path DIR adds a folder)"));
}

TEST_CASE("explain does not list as a change a patch's list item that holds the data already there",
          "[cli][explain]") {
  // A scalar patched to the value it has is no change (no history, nothing to conflict with); a
  // list's item given with the very items and fields it has was listed as "{ … } -> { … }".
  TempDir dir;
  std::filesystem::create_directories(dir.path / "same");
  std::ofstream(dir / "same/pack.lua") << "return { name = \"same\", version = \"0.1.0\", requires = { \"tempo-lunge\" } }\n";
  std::ofstream(dir / "same/init.lua")
      << "local arbiter = require \"arbiter\"\n"
         "arbiter.patch.table(\"actions_data\", {\n"
         "  Lunge = { outcomes = { { \"-\", \"Miss\", me = \"Off Guard\" }, { 4, \"Hit\", damage = \"armour\" } } },\n"
         "})\n";
  const auto same = arbiter("--pack-path " + dir.path.string() + " explain same actions_data.Lunge.outcomes");
  CHECK(same.exit_code == 0);
  CHECK_THAT(same.output, !Contains("by same at"));
  // One item that differs is a change, and only that one is listed.
  std::ofstream(dir / "same/init.lua")
      << "local arbiter = require \"arbiter\"\n"
         "arbiter.patch.table(\"actions_data\", {\n"
         "  Lunge = { outcomes = { { \"-\", \"Miss\", me = \"Off Guard\" }, { 5, \"Hit\", damage = \"armour\" } } },\n"
         "})\n";
  const auto changed = arbiter("--pack-path " + dir.path.string() + " explain same actions_data.Lunge.outcomes");
  CHECK_THAT(changed.output, Contains("by same at") && Contains("Lunge.outcomes[2]: ") &&
                                 !Contains("Lunge.outcomes[1]: "));
}

TEST_CASE("explain shows an override's value before and after for the part asked for, as a patch's", "[cli][explain]") {
  // docs/packs.md: a path after the name shows "the changes made to that part, each with its value
  // before and after". An override of the whole definition was listed with no value at all.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "over");
  std::ofstream(dir / "over/pack.lua") << "return { name = \"over\", version = \"0.1.0\", requires = { \"platemail\" } }\n";
  std::ofstream(dir / "over/init.lua")
      << "local arbiter = require \"arbiter\"\n"
         "local old = arbiter.actions.Charge\n"
         "arbiter.override.action(\"Charge\", { needs_target = true, target = \"enemy\", ready = false,\n"
         "  allowed_by = old.allowed_by, resolve = function(ctx, previous) return previous(ctx) end })\n";
  const std::string packs = "--pack-path " + dir.path.string() + " explain over ";
  const auto ready = arbiter(packs + "Charge.ready");
  CHECK(ready.exit_code == 0);
  CHECK_THAT(ready.output, Contains("overridden by over at " + (dir / "over/init.lua") + ":3\n       ready: function at ") &&
                               Contains(" -> false\n"));
  // A part the override gives as it was is not changed by it.
  const auto target = arbiter(packs + "Charge.target");
  CHECK(target.exit_code == 0);
  CHECK_THAT(target.output, !Contains("overridden by over"));
  // The whole definition: the override, whole, as before.
  CHECK_THAT(arbiter(packs + "action:Charge").output, Contains("overridden by over at") && Contains("       Charge: {"));
}

TEST_CASE("explain shows the row a definition made in a loop is made from, with every change to that row, not only "
          "the loop's line",
          "[cli][explain]") {
  // docs/packs.md, "Trying things out": tempo defines each action in a loop over actions_data, so each
  // was placed at that loop's line in rules/tempo/actions.lua, which tells a modder nothing of the
  // row to read or patch. tempo names the row (`made_from`): explain shows it and who set it.
  const int loop = line_holding("rules/tempo/actions.lua", "arbiter.define.action(name, definition");
  const int row = line_holding("rules/tempo/tables/actions_data.lua", "arbiter.define.table(\"actions_data\"");
  REQUIRE(loop > 0);
  REQUIRE(row > 0);
  TempDir dir;
  std::filesystem::create_directories(dir.path / "dearer");
  std::ofstream(dir / "dearer/pack.lua") << "return { name = \"dearer\", version = \"0.1.0\", requires = { \"tempo\" } }\n";
  std::ofstream(dir / "dearer/init.lua") << "local arbiter = require \"arbiter\"\n"
                                            "arbiter.patch.table(\"actions_data\", { [\"Melee Attack\"] = { cost = 5 } })\n"
                                            "arbiter.patch.table(\"actions_data\", { Pin = { cost = 4 } })\n";
  const auto run = arbiter("explain tempo " + (dir.path / "dearer").string() + " \"action:Melee Attack\"");
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output,
             Contains(fmt::format("  1. defined by tempo at rules/tempo/actions.lua:{}\n"
                                  "       made from table actions_data's \"Melee Attack\":\n"
                                  "         defined by tempo at rules/tempo/tables/actions_data.lua:{}\n"
                                  "         patched by dearer at {}:2:39\n",
                                  loop, row, (dir.path / "dearer/init.lua").string())));
  // Only the changes to that row: the patch of Pin's is not this action's.
  CHECK_THAT(run.output, !Contains(":3:"));
}

TEST_CASE("a definition's made_from names a part of a definition that is there, told at the line that defines",
          "[cli][explain][errors]") {
  // stdlib/types/arbiter.lua: made_from is { kind, name, field } as arbiter.last_change takes them.
  const std::pair<const char*, const char*> given[] = {
      {"5", "arbiter.define.action: made_from (argument 3) must be a table { kind = ..., name = ..., field = ... }, not 5"},
      {"{ kind = 'table', name = 'weapns' }",
       "arbiter.define.action: made_from names no table 'weapns' a pack defines (did you mean 'weapons'?)"},
      {"{ kind = 'tabel', name = 'weapons' }",
       "arbiter.define.action: made_from's kind must be one of \"action\", \"status\", \"table\", \"condition\", "
       "\"target\", \"hook\", not \"tabel\" (did you mean 'table'?)"},
      {"{ kind = 'table', name = 'weapons', feild = 'Sword' }",
       "arbiter.define.action: made_from has no field \"feild\" (did you mean 'field'?)"},
  };
  for (const auto& [made_from, told] : given) {
    const auto run = arbiter(std::string("lua platemail -e \"arbiter.define.action('Shove', { target = 'none', "
                                         "resolve = function() end }, ") +
                             made_from + ")\"");
    CAPTURE(made_from);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Contains(std::string("(command line):1: error: ") + told));
  }
}
