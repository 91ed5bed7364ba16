// The `grid`, `world`, `status` and `log` modules as a pack sees them, through the real sandbox.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "interpreter/core/flow.hpp"
#include "interpreter/core/lookup.hpp"
#include "interpreter/core/narration.hpp"
#include "interpreter/core/pathfinder.hpp"
#include "interpreter/core/status_definition.hpp"
#include "interpreter/core/statuses.hpp"
#include "interpreter/core/vocabulary.hpp"
#include "interpreter/core/world.hpp"
#include "interpreter/lua/character_handles.hpp"
#include "interpreter/lua/sandbox.hpp"

using namespace arbiter;
using namespace arbiter::lua;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// A Platemail skirmish on a 6×6 board of 5' squares with a wall, served to the pack.
struct Fight {
  World world{Grid(6, 6)};
  EventLog log;
  StatusBook statuses;
  Statuses runtime{world, statuses, log};
  Narrator narrator;
  LookupRules lookups;
  PathFinder paths{world.grid()};
  Sandbox sandbox;
  CharacterHandles handles{sandbox.state()};

  Fight() {
    world.watch([this](EntityId id) { handles.changed(id); });
    world.grid().set_border({2, 0}, {3, 0}, Border{.name = "stone wall", .blocks_movement = true, .blocks_sight = true});
    world.grid().set_border({2, 3}, {2, 4}, Border{.name = "single door", .movement_limit = 2, .door = DoorState::Closed});
    world.add(Entity{.name = "Aldric", .side = "party", .position = {0, 0}, .stats = {{"wounds", 0}, {"size", 2}}});
    world.add(Entity{.name = "Orc", .side = "orcs", .position = {4, 0}, .stats = {{"wounds", 1}, {"size", 2}}});
    world.add(Entity{.name = "Orc #2", .side = "orcs", .position = {1, 4}, .stats = {{"wounds", 2}, {"size", 3}}});
    Services& s = sandbox.services();
    s.provide(&world);
    s.provide(&log);
    s.provide(&statuses);
    s.provide(&runtime);
    s.provide(&narrator);
    s.provide(&lookups);
    s.provide(&paths);
    s.provide(&handles);
    sandbox.add_pack({"skirmish", {}, "rules/skirmish", {}});
  }

  std::string run(const std::string& code) {
    sandbox.run_string("skirmish", code, "rules/skirmish/init.lua", 1);
    std::string result = luaL_tolstring(sandbox.state(), -1, nullptr);
    lua_pop(sandbox.state(), 2);
    return result;
  }

  std::string error(const std::string& code) {
    try {
      sandbox.run_string("skirmish", code, "rules/skirmish/init.lua", 0);
    } catch (const Error& e) {
      return e.what();
    }
    FAIL("expected an error from: " << code);
    return {};
  }
};

}  // namespace

TEST_CASE("grid: coordinates in feet and labels, distances and areas", "[lua][grid]") {
  Fight fight;
  CHECK(fight.run("return grid.cell(15, 20)") == "D5");  // Platemail: "Move to X: 15, Y: 20"
  CHECK(fight.run("local x, y = grid.feet('D5') return x .. ',' .. y") == "15,20");
  CHECK(fight.run("return grid.distance('A1', 'C3')") == "10.0");
  CHECK(fight.run("return grid.adjacent('A1', 'B2')") == "true");
  CHECK(fight.run("return grid.within(world.character('Aldric'), 'B1', 5)") == "true");
  CHECK(fight.run("return #grid.radius('C3', 5)") == "9");
  CHECK(fight.run("return table.concat(grid.line('A1', 'D2'), ' ')") == "A1 B1 C2 D2");
  CHECK(fight.run("return #grid.cone('C3', 'N', 10)") == "8");
  CHECK(fight.run("local w, h, s = grid.size() return w .. 'x' .. h .. '@' .. s .. ' ' .. grid.metric()") ==
        "6x6@5 chebyshev");
  CHECK(fight.run("return grid.step('A1', 'S')") == "nil");
}

TEST_CASE("grid: sight, borders, doors and paths", "[lua][grid]") {
  Fight fight;
  CHECK(fight.run("local s = grid.sight('A1', 'F1') return tostring(s.visible) .. ' ' .. s.shelter") ==
        "false concealment");
  fight.world.grid().set_terrain({3, 3}, Terrain{.object = "crate", .shelter = Shelter::Cover, .shelter_strength = 2});
  CHECK(fight.run("return grid.sight('A4', 'D4').shelter") == "none");
  CHECK(fight.run("return grid.sight('A4', 'D4', { count_target_cell = true }).shelter") == "cover");
  CHECK(fight.run("return grid.border('C1', 'D1').name") == "stone wall");
  CHECK(fight.run("return grid.border('A1', 'B1')") == "nil");
  CHECK(fight.run("return grid.border('C4', 'C5').door") == "closed");
  CHECK(fight.run("grid.set_door('C4', 'C5', 'open', 'Use Item') return grid.border('C4', 'C5').blocks_movement") == "false");
  CHECK(fight.narrator.render(fight.log.events().back()) == "the door between C4, C5 is now open (Use Item)");
  CHECK_THAT(fight.error("grid.set_door('A1', 'B1', 'open')"), Contains("there is no door between A1 and B1"));
  CHECK(fight.run("local p, feet = grid.path('A1', 'F1') return #p .. ' ' .. feet") == "5 25.0");  // around the wall's end
  CHECK(fight.run("local p = grid.toward('Aldric', 'Orc', 10) return table.concat(p, ' ')") == "B1 C2");  // 10' of the way round the wall
  CHECK(fight.run("local p = grid.toward('A1', 'C1', 30, { stop_within = 5 }) return table.concat(p, ' ')") == "B1");
  CHECK(fight.run("local p = grid.away('B2', { 'C2', world.character('Orc') }, 5) return p[1]") == "A1");  // all 10' from the nearest: the first
  CHECK(fight.run("local p, feet = grid.walk('A1', 'N, N, NE') return p[3] .. ' ' .. feet") == "B4 15.0");
  CHECK_THAT(fight.error("grid.walk('C1', 'E')"),
             Contains("step 1 (E, from C1 to D1) is not possible: it crosses the stone wall between C1 and D1"));
  CHECK_THAT(fight.error("grid.distance('A1', 'Z9')"), Contains("there is no cell Z9 on this 6×6 grid (A1..F6)"));
  CHECK_THAT(fight.error("grid.distance('A1', 'Aldrc')"),
             Contains("'Aldrc' is neither a cell label (like F6) nor a character's name; did you mean 'Aldric'?"));
  // docs/world.md: "'3C' is not a cell label …; did you mean C3?", in Lua as for an encounter.
  CHECK_THAT(fight.error("grid.feet('3C')"),
             Contains("'3C' is neither a cell label (like F6) nor a character's name; did you mean C3?"));
  CHECK_THAT(fight.error("grid.feet('9c')"), !Contains("did you mean"));  // C9 is off the 6×6 grid
  CHECK_THAT(fight.error("grid.distance('A1')"), Contains("bad argument #2 to 'distance'"));
}

TEST_CASE("world: character handles read live and general targets resolve", "[lua][world]") {
  Fight fight;
  CHECK(fight.run("local a = world.character('Aldric') return a.name .. ' ' .. a.side .. ' ' .. a.cell") ==
        "Aldric party A1");
  CHECK(fight.run("local a = world.character('Aldric') world.move(a, 'B2', 'Move') return a.cell") == "B2");
  CHECK(fight.log.events().back().type == "moved");
  CHECK(fight.run("return world.closest('Aldric', 'enemy').name") == "Orc");
  CHECK(fight.run("return tostring(world.most_injured('Aldric', 'enemy'))") == "Orc #2");
  CHECK(fight.run("return world.biggest('Aldric', 'enemy').stats.size") == "3");
  CHECK(fight.run("return world.farthest('Aldric', 'ally')") == "nil");
  CHECK(fight.run("world.set_stat('Orc', 'wounds', 5, 'axe') return world.most_injured('Aldric', 'enemy').name") == "Orc");
  CHECK(fight.narrator.render(fight.log.events().back()) == "Orc's wounds goes from 1 to 5 (axe)");
  fight.lookups.injury_stat = "size";  // a ruleset's flow table says so (docs/fights.md)
  CHECK(fight.run("return world.most_injured('Aldric', 'enemy').name") == "Orc #2");
  CHECK(fight.run("return #world.characters('orcs') .. ' ' .. #world.within_reach('Aldric', 15)") == "2 2");
  CHECK(fight.run("return world.character('Orc') == world.closest('Aldric', 'enemy')") == "true");
  // The ruleset's own test of a candidate: only those it keeps are looked at.
  CHECK(fight.run("return world.closest('Aldric', 'enemy', function(c) return c.name ~= 'Orc' end).name") ==
        "Orc #2");
  CHECK(fight.run("return tostring(world.biggest('Aldric', 'enemy', function() return false end))") == "nil");
  CHECK_THAT(fight.error("world.closest('Aldric', 'enemy', 3)"), Contains("function expected"));
  // keep answers yes or no, as every such function (docs/fights.md): a number, which Lua takes as
  // true, is an error at the line the function is written on, not a candidate kept; nil is no.
  CHECK_THAT(fight.error("local function unhurt(c)\n  return 0  -- meant: c.stats.wounds == 0\nend\n"
                         "return world.closest('Aldric', 'enemy', unhurt)"),
             StartsWith("rules/skirmish/init.lua:1: error: world.closest's keep function must return true or false, not 0"));
  CHECK_THAT(fight.error("return world.most_injured('Aldric', 'enemy', function(c) return 'yes' end)"),
             Contains("world.most_injured's keep function must return true or false, not \"yes\""));
  CHECK(fight.run("return tostring(world.farthest('Aldric', 'enemy', function() end))") == "nil");
  CHECK_THAT(fight.error("world.farthest('Aldric', 'enemy', function() error('no eyes') end)"), Contains("no eyes"));
  CHECK_THAT(fight.error("world.character('Orc 3')"), Contains("there is no character named 'Orc 3'; did you mean"));
  CHECK_THAT(fight.error("return world.character('Orc').hp"), Contains("a character has id, name, side, cell"));
}

TEST_CASE("world: a character is one read-only handle whose fields show it as it is now", "[lua][world]") {
  Fight fight;
  // The same table wherever it comes from, so handles can be table keys.
  CHECK(fight.run("local seen = { [world.character('Orc')] = true } return seen[world.closest('Aldric', 'enemy')]") ==
        "true");
  CHECK(fight.run("return rawequal(world.character('Orc'), world.characters('orcs')[1])") == "true");
  CHECK_THAT(fight.error("world.character('Orc').name = 'Bob'"), Contains("a character's fields cannot be set"));
  CHECK_THAT(fight.error("rawset(world.character('Orc'), 'side', 'party')"), Contains("read-only"));
  CHECK_THAT(fight.error("world.character('Orc').stats.wounds = 0"), Contains("read-only"));
  CHECK(fight.run("return world.character('Orc').name .. ' ' .. world.character('Orc').side") == "Orc orcs");
  // Stats read before a change show the value of when they were read; read again, the new one.
  CHECK(fight.run("local before = world.character('Orc').stats\nworld.set_stat('Orc', 'wounds', 4)\n"
                  "return before.wounds .. ' ' .. world.character('Orc').stats.wounds .. ' ' .. "
                  "world.character('Orc #2').stats.wounds") == "1 4 2");
  // Statuses and cells too: the handle drops what it kept when the character changes.
  fight.statuses.define({.name = "Pinned"});
  CHECK(fight.run("local orc = world.character('Orc') local before = #orc.statuses .. orc.cell\n"
                  "status.apply(orc, 'Pinned') world.move(orc, 'E2')\n"
                  "return before .. ' ' .. #orc.statuses .. orc.statuses[1].name .. orc.cell") == "0E1 1PinnedE2");
  CHECK(fight.run("status.remove('Orc', 'Pinned') return #world.character('Orc').statuses") == "0");
  // Statuses are a fresh list at every read: changing one changes nothing else.
  CHECK(fight.run("local orc = world.character('Orc') table.insert(orc.statuses, { name = 'Hasted' })\n"
                  "return #orc.statuses") == "0");
  // Equipment is stats: a rule that looks for a list of it is told where it is.
  CHECK_THAT(fight.error("return world.character('Orc').equipment"),
             Contains("a character's equipment is its stats under the names of the ruleset's slots: c.stats.weapon"));
}

TEST_CASE("pairs visits characters as keys by id whatever order their handles were made in", "[lua][determinism]") {
  // A resumed fight makes its handles as it first shows each character, not as the fight it goes on
  // from did: an order of making would roll a rule's dice in another order after a resume.
  Fight fight;
  CHECK(fight.run("local t = {}\n"
                  "for _, name in ipairs({ 'Orc #2', 'Aldric', 'Orc' }) do t[world.character(name)] = name end\n"
                  "local out = {} for c in pairs(t) do out[#out + 1] = c.name end\n"
                  "return table.concat(out, ', ')") == "Aldric, Orc, Orc #2");
}

TEST_CASE("status: apply, gate actions, modify rolls, expire", "[lua][status]") {
  Fight fight;
  // A fight fills its book from the packs' status definitions (interpreter/packs/fight.cpp).
  fight.statuses.define({.name = "Dazed", .unit = DurationUnit::Phases, .duration = 1, .forbids = {"Charge"},
                         .modifiers = {{"attacks against", 3, "Dazed: Favor for attackers"}}});
  fight.statuses.define({.name = "Pinned", .allows = {"Escape"}});
  CHECK(fight.run("status.apply('Aldric', 'Dazed', { source = 'Orc', cause = 'mace crit' }) return status.has('Aldric', 'Dazed')") ==
        "true");
  CHECK(fight.run("local ok, why = status.allows('Aldric', 'Charge') return tostring(ok) .. ': ' .. why") ==
        "false: Dazed does not allow Charge");
  CHECK(fight.run("local list, total = status.modifiers('Aldric', 'attacks against') return list[1].reason .. ' ' .. total") ==
        "Dazed: Favor for attackers 3");
  CHECK(fight.run("return world.character('Aldric').statuses[1].source") == "Orc");
  Statuses(fight.world, fight.statuses, fight.log).tick({ClockEdge::End, DurationUnit::Phases, no_entity});  // the flow's
  CHECK(fight.run("return status.has('Aldric', 'Dazed')") == "false");
  CHECK(fight.run("status.apply('Orc', 'Pinned') return status.allows('Orc', 'Escape')") == "true");
  CHECK(fight.run("return status.remove('Orc', 'Pinned', 'escaped')") == "true");
  CHECK_THAT(fight.error("status.apply('Aldric', 'Dazed', { duration = -3 })"),
             Contains("status 'Dazed' on Aldric: 'duration' must be a whole number from 0 to 1000000, not -3"));
}

TEST_CASE("status: inside an action a mistake is refused at the line that proposes it, not when the action commits",
          "[lua][status]") {
  // docs/fights.md: "If `resolve` raises an error, nothing it proposed happens". Found only when the
  // action commits, an unknown status stopped the fight with the changes before it applied.
  Fight fight;
  fight.statuses.define({.name = "Bound"});
  Changes pending;
  fight.sandbox.services().provide(&pending);
  CHECK_THAT(fight.error("status.apply('Aldric', 'Bnd')"),
             StartsWith("rules/skirmish/init.lua:1: error: there is no status named 'Bnd'; did you mean 'Bound'?"));
  CHECK_THAT(fight.error("status.remove('Aldric', 'Bnd', 'escaped')"),
             StartsWith("rules/skirmish/init.lua:1: error: there is no status named 'Bnd'; did you mean 'Bound'?"));
  CHECK_THAT(fight.error("status.apply('Aldric', 'Bound', { duration = -1 })"),
             Contains("status 'Bound' on Aldric: 'duration' must be a whole number from 0 to 1000000, not -1"));
  CHECK_THAT(fight.error("status.apply('Aldric', 'Bound', { sorce = 'Orc' })"),
             Contains("status.apply's options table has no field 'sorce' (did you mean 'source'?)"));
  CHECK(pending.empty());
  pending.apply();
  CHECK(fight.log.events().empty());
  CHECK(fight.world.find("Aldric").statuses.empty());
}

TEST_CASE("status.has of a status nobody defined is an error with the nearest name, not a silent no", "[lua][status]") {
  Fight fight;
  fight.statuses.define({.name = "Hidden"});
  CHECK(fight.run("return tostring(status.has('Aldric', 'Hidden'))") == "false");
  CHECK_THAT(fight.error("return status.has('Aldric', 'Hiddne')"),
             StartsWith("rules/skirmish/init.lua:1: error: there is no status named 'Hiddne'; did you mean 'Hidden'?"));
}

TEST_CASE("log: a pack records events, reads them and overrides their narration", "[lua][log]") {
  Fight fight;
  fight.log.set_position({3, 2, 0});
  CHECK(fight.run("return log.event('wound', { target = 'Orc #2', wounds = 1, tags = { 'crit' } }, 'Aldric hits')") == "nil");
  CHECK(fight.run("local e = log.recent(1)[1] return e.type .. ' ' .. e.round .. '/' .. e.phase .. ' ' .. e.fields.tags[1]") ==
        "wound 3/2 crit");
  CHECK(fight.run("log.narrate('wound', '{target} takes {wounds} wound ({cause})') return log.render(1)") ==
        "Orc #2 takes 1 wound (Aldric hits)");
  CHECK(fight.run("local r, p, t = log.position() return r .. p .. t") == "320");
  CHECK_THAT(fight.error("log.narrate('wound', '{target')"), Contains("has an unclosed or empty '{'"));
  CHECK_THAT(fight.error("log.render(9)"), Contains("no event with that number"));
}

TEST_CASE("log: an event of an action is recorded whole when the action commits", "[lua][log]") {
  Fight fight;
  Changes pending;
  fight.sandbox.services().provide(&pending);
  fight.run("return log.event('wound', { target = 'Orc #2', wounds = 1, tags = { 'crit' } }, 'Aldric hits')");
  // A mistake is told at the line that logs the event, not when the action commits.
  CHECK_THAT(fight.error("log.event('', {})"), StartsWith("rules/skirmish/init.lua:1: error: a log event needs a type"));
  CHECK(fight.log.events().empty());
  pending.apply();
  REQUIRE(fight.log.events().size() == 1);
  const LogEvent& wound = fight.log.events().front();
  CHECK(wound.type == "wound");
  CHECK(wound.cause == "Aldric hits");
  CHECK(wound.fields == nlohmann::json{{"target", "Orc #2"}, {"wounds", 1}, {"tags", {"crit"}}});
}

TEST_CASE("a stat that is not a finite number is refused at the rule's line", "[lua][world]") {
  // Saved as null, it would make the save impossible to resume.
  Fight fight;
  CHECK_THAT(fight.error("world.set_stat(world.character('Orc'), 'luck', 0/0)"),
             StartsWith("rules/skirmish/init.lua:1: error: stat 'luck': a value must be a finite number, not nan"));
  CHECK_THAT(fight.error("world.set_stat(world.character('Orc'), 'luck', { 1, -1/0 })"),
             Contains("a value must be a finite number, not -inf"));
  CHECK(fight.world.find("Orc").stats.count("luck") == 0);
  CHECK(fight.log.events().empty());
  CHECK(fight.run("world.set_stat(world.character('Orc'), 'luck', 0.5) return world.character('Orc').stats.luck") ==
        "0.5");
}

TEST_CASE("an event field that is not a finite number is refused at the rule's line, not logged as null",
          "[lua][world]") {
  Fight fight;
  CHECK_THAT(fight.error("log.event('hit', { damage = 0/0 })"),
             StartsWith("rules/skirmish/init.lua:1: error: a value must be a finite number, not nan"));
  CHECK_THAT(fight.error("log.event('hit', { rolls = { 3, 1/0 } })"), Contains("not inf (at rolls[2])"));
  // What cannot be logged is named by where it lies in the fields.
  CHECK_THAT(fight.error("log.event('hit', { target = 'Orc', how = { roll = function() end } })"),
             Contains("cannot hold a function (at how.roll)\n"));
  CHECK(fight.log.events().empty());
  fight.run("log.event('hit', { damage = 2.5 })");
  REQUIRE(fight.log.events().size() == 1);
  CHECK(fight.log.events().front().fields == nlohmann::json{{"damage", 2.5}});
  // An empty list in the fields is logged as one, as the same field holding items is.
  fight.run("log.event('miss', { hit = {}, reactions = { { action = 'Parry' } } })");
  CHECK(fight.log.events().back().fields.dump() == R"({"hit":[],"reactions":[{"action":"Parry"}]})");
}

TEST_CASE("a list that has named fields too is refused rather than copied without them", "[lua][world]") {
  // The copy keeps either the items or the names: whichever it dropped, the rule's data would be lost.
  Fight fight;
  CHECK_THAT(fight.error("log.event('hit', { rolls = { 3, 4, total = 7 } })"),
             Contains("a list of 2 items also holds total: plain data is a list (items 1, 2, … with no gap) or a "
                      "table of named values, not both (at rolls)"));
  CHECK_THAT(fight.error("log.event('hit', { 1, [3] = 2 })"), Contains("a list of 1 item also holds [3]"));
  CHECK_THAT(fight.error("world.set_stat(world.character('Orc'), 'scars', { 'arm', side = 'left' })"),
             Contains("a list of 1 item also holds side"));
  CHECK_THAT(fight.error("world.set_stat(world.character('Orc'), 'scars', { side = 'left' })"),
             Contains("a stat or property cannot be a table of named values, only a list (items 1, 2, …)"));
  CHECK(fight.log.events().empty());
  CHECK(fight.world.find("Orc").stats.count("scars") == 0);
  fight.run("world.set_stat(world.character('Orc'), 'scars', {})");
  CHECK(fight.world.find("Orc").stats.at("scars") == Value(Value::List{}));
}

TEST_CASE("a string that is not text is refused where a pack gives it, at its line: not cut short, not saved broken",
          "[lua][world][text]") {
  // A NUL byte would cut a name or a stat short ("Sir\0Knight" kept as "Sir"); bytes that are not
  // UTF-8 cannot be written to the log or the save (JSON).
  Fight fight;
  fight.statuses.define({.name = "Pinned"});
  const std::string orc = "world.character('Orc')";
  CHECK_THAT(fight.error("world.set_stat(" + orc + ", 'motto', 'caf\\xe9')"),
             StartsWith("rules/skirmish/init.lua:1: error: stat 'motto': a string \"caf\\xe9\" is not UTF-8 text: "
                        "byte 4 is 0xE9"));
  CHECK_THAT(fight.error("world.set_stat(" + orc + ", 'title', 'Sir\\0Knight')"),
             StartsWith("rules/skirmish/init.lua:1: error: stat 'title': a string \"Sir\\x00Knight\" holds a NUL byte "
                        "(byte 4)"));
  CHECK_THAT(fight.error("world.set_stat(" + orc + ", 'tags', { 'ok', 'b\\xffad' })"),
             Contains("a string \"b\\xffad\" is not UTF-8 text"));
  CHECK_THAT(fight.error("world.set_stat(" + orc + ", 'title\\0x', 1)"),
             Contains("error: the stat name \"title\\x00x\" holds a NUL byte"));
  CHECK_THAT(fight.error("world.set_stat(" + orc + ", 'title', 1, 'why\\0not')"),
             Contains("error: the cause \"why\\x00not\" holds a NUL byte"));
  CHECK_THAT(fight.error("log.event('no\\xfete', {})"), Contains("error: the event type \"no\\xfete\" is not UTF-8"));
  CHECK_THAT(fight.error("log.event('note', { ['caf\\xe9'] = 1 })"),
             Contains("error: a field's name \"caf\\xe9\" is not UTF-8 text"));
  CHECK_THAT(fight.error("log.event('note', { text = 'before\\0after' })"),
             Contains("error: a string \"before\\x00after\" holds a NUL byte (byte 7), where a text would be cut short "
                      "(at text)"));
  CHECK_THAT(fight.error("log.event('note', { list = { 'a', { deep = 'b\\xff' } } })"),
             Contains("is not UTF-8 text: byte 2 is 0xFF (at list[2].deep)"));
  CHECK_THAT(fight.error("log.event('note', {}, 'cause\\0hidden')"), Contains("the cause \"cause\\x00hidden\""));
  CHECK_THAT(fight.error("status.apply(" + orc + ", 'Pinned\\0x')"), Contains("the status name \"Pinned\\x00x\""));
  CHECK_THAT(fight.error("status.apply(" + orc + ", 'Pinned', { cause = 'c\\xff' })"),
             Contains("option 'cause' \"c\\xff\" is not UTF-8 text"));
  // A name is looked up whole: "Orc\0junk" is not Orc.
  CHECK_THAT(fight.error("world.set_stat('Orc\\0junk', 'wounds', 1)"),
             Contains("error: a character's name \"Orc\\x00junk\" holds a NUL byte"));
  CHECK(fight.log.events().empty());
  CHECK(fight.world.find("Orc").stats.count("motto") == 0);
  CHECK(fight.world.find("Orc").stats.count("title") == 0);
  // Text in any script is text.
  CHECK(fight.run("world.set_stat(" + orc + ", 'motto', 'café ⚔') return " + orc + ".stats.motto") == "café ⚔");
}

TEST_CASE("a stat is plain data: a character, a table with a metatable or a whole number a stat cannot keep exactly "
          "is refused at the rule's line",
          "[lua][world]") {
  Fight fight;
  const std::string orc = "world.character('Orc')";
  // Kept, they would be an empty list: a handle's and a metatable's fields are not the table's own.
  CHECK_THAT(fight.error("world.set_stat(" + orc + ", 'foe', world.closest(" + orc + ", 'enemy'))"),
             StartsWith("rules/skirmish/init.lua:1: error: stat 'foe': a stat or property must be a number, true/false, "
                        "a string or a list, not a character: a stat keeps a character by its name (c.name) or its id "
                        "(c.id)"));
  CHECK_THAT(fight.error("world.set_stat(" + orc + ", 'foes', { world.character('Aldric') })"),
             Contains("not a character"));
  CHECK_THAT(fight.error("world.set_stat(" + orc + ", 'bag', setmetatable({}, { __index = function() return 1 end, "
                         "__len = function() return 3 end }))"),
             Contains("stat 'bag': a stat or property must be a number, true/false, a string or a list, not a table "
                      "with a metatable"));
  // A stat is a double: 2^53 + 1 would be kept as 2^53, and math.mininteger as a float.
  CHECK_THAT(fight.error("world.set_stat(" + orc + ", 'big', 9007199254740993)"),
             Contains("stat 'big': a whole number is kept exactly from -9007199254740992 to 9007199254740992 (2^53), "
                      "not 9007199254740993"));
  CHECK_THAT(fight.error("world.set_stat(" + orc + ", 'big', math.mininteger)"), Contains("not -9223372036854775808"));
  // A float past 2^53 is whole, and may be one rounded (2^53 + 1 written 2.0^53 + 1): refused alike,
  // since a save would hold what it could not read back.
  CHECK_THAT(fight.error("world.set_stat(" + orc + ", 'big', 2^60)"),
             Contains("stat 'big': a whole number is kept exactly from -9007199254740992 to 9007199254740992 (2^53), "
                      "not 1152921504606846976"));
  CHECK(fight.world.find("Orc").stats.count("foe") == 0);
  CHECK(fight.world.find("Orc").stats.count("big") == 0);
  CHECK(fight.log.events().empty());
  // 2^53 itself is kept, and read back as the whole number it is.
  CHECK(fight.run("world.set_stat(" + orc + ", 'big', -9007199254740992) return math.type(" + orc +
                  ".stats.big) .. ' ' .. " + orc + ".stats.big") == "integer -9007199254740992");
  CHECK(nlohmann::json(fight.world.find("Orc").stats.at("big")).dump() == "-9007199254740992");
  CHECK(fight.run("world.set_stat(" + orc + ", 'reach', 2.5) return " + orc + ".stats.reach") == "2.5");
}

TEST_CASE("module functions outside a fight say what is missing", "[lua]") {
  Sandbox sandbox;
  sandbox.add_pack({"loading", {}, "rules/loading", {}});
  try {
    sandbox.run_string("loading", "return grid.distance('A1', 'B2')", "rules/loading/init.lua", 1);
    FAIL("expected an error");
  } catch (const Error& e) {
    CHECK_THAT(std::string(e.what()), Contains("there is no world here"));
  }
}

TEST_CASE("world.move: one character to a cell, refused at the line that moves", "[lua][world]") {
  Fight fight;
  CHECK_THAT(fight.error("world.move('Aldric', 'E1')"),
             Contains("rules/skirmish/init.lua:1: error: Aldric cannot move to E1: Orc stands there, and a cell holds one character"));
  CHECK(fight.world.find("Aldric").position == Cell{0, 0});

  // Inside an action, a move is judged against where the action's earlier moves put everyone: a
  // Shove that follows its target into the cell it left is allowed, one into a held cell is not.
  Changes changes;
  fight.sandbox.services().provide<Changes>(&changes);
  fight.run("world.move('Orc', 'F1') world.move('Aldric', 'E1') return 1");
  CHECK_THAT(fight.error("world.move('Orc #2', 'F1')"), Contains("Orc #2 cannot move to F1: Orc stands there"));
  changes.apply();
  CHECK(fight.world.find("Aldric").position == Cell{4, 0});
  CHECK(fight.world.find("Orc").position == Cell{5, 0});

  // Proposed into a free cell that another change takes before it lands: it fails as it is applied.
  fight.run("world.move('Orc #2', 'A1') return 1");
  fight.world.move(fight.world.find("Aldric").id, {0, 0});
  CHECK_THROWS_WITH(changes.apply(), Contains("Orc #2 cannot move to A1: Aldric stands there"));
}

TEST_CASE("grid.toward never enters a goal someone stands in", "[lua][grid]") {
  Fight fight;
  // Orc #2 (B5) toward Aldric (A1) with feet to spare: it stops beside him, not in his cell.
  CHECK(fight.run("local p = grid.toward('Orc #2', 'Aldric', 30) return p[#p] .. ' ' .. tostring(grid.adjacent(p[#p], 'A1'))")
            .ends_with(" true"));
  CHECK(fight.run("local p = grid.toward('Orc #2', 'A1', 30) return p[#p]") != "A1");
  CHECK(fight.run("local p = grid.toward('Orc #2', 'A2', 30) return p[#p]") == "A2");  // a free goal is entered
}

TEST_CASE("a name that names nothing is an error at the caller's line with the nearest, not an empty answer",
          "[lua][names]") {
  Fight fight;
  const std::string here = "rules/skirmish/init.lua:1: error: ";
  // A side no one is on: every side, nearest first, when none is near.
  CHECK(fight.run("return #world.characters('orcs')") == "2");
  CHECK_THAT(fight.error("return world.characters('orc')"),
             StartsWith(here + "there is no side named 'orc'; did you mean 'orcs'?"));
  CHECK_THAT(fight.error("return world.characters('c')"),
             StartsWith(here + "there is no side named 'c'; the sides are, nearest first: 'orcs', 'party'"));
  // An action the fight's vocabulary does not define: every status would allow it.
  fight.statuses.define({.name = "Pinned", .allows = {"Escape"}});
  orders::Vocabulary vocabulary;
  vocabulary.add_action({.name = "Strike"});
  vocabulary.add_action({.name = "Escape"});
  fight.sandbox.services().provide(&vocabulary);
  CHECK(fight.run("status.apply('Orc', 'Pinned') return status.allows('Orc', 'Escape')") == "true");
  CHECK(fight.run("return status.allows('Orc', 'Strike')") == "false");
  CHECK_THAT(fight.error("return status.allows('Orc', 'Strik')"),
             StartsWith(here + "there is no action named 'Strik'; did you mean 'Strike'?"));
  CHECK_THAT(fight.error("return status.allows('Orc', 'strike')"),
             StartsWith(here + "there is no action named 'strike'; did you mean 'Strike'?"));
  // An event type near one the fight knows (logged, narrated, or the runtime's) finds nothing.
  fight.log.set_position({1, 1, 0});
  fight.run("log.event('wound', { target = 'Orc' }) return 1");
  CHECK(fight.run("return #log.phase_events('wound')") == "1");
  CHECK_THAT(fight.error("return log.phase_events('wund')"),
             StartsWith(here + "there is no event type named 'wund'; did you mean 'wound'?"));
  CHECK_THAT(fight.error("return log.phase_events('status_aplied')"),
             StartsWith(here + "there is no event type named 'status_aplied'; did you mean 'status_applied'"));
  // Near none: it may be the pack's own type, which has not happened yet.
  CHECK(fight.run("return #log.phase_events('riposte')") == "0");
}

TEST_CASE("status.modifiers of a roll near one a status modifies is an error naming it, not no modifiers",
          "[lua][status][names]") {
  Fight fight;
  const std::string here = "rules/skirmish/init.lua:1: error: ";
  fight.statuses.define({.name = "Dazed", .modifiers = {{"attacks against", 3, "Dazed: Favor for attackers"}}});
  fight.statuses.define({.name = "Inspired", .modifiers = {{"attack", 1, "Inspired"}}});
  fight.run("status.apply('Aldric', 'Inspired') return 1");
  const auto count = [&](const std::string& roll) {
    return fight.run("local list, total = status.modifiers('Aldric', '" + roll + "') return #list .. ' ' .. total");
  };
  CHECK(count("attack") == "1 1");
  CHECK(count("attacks against") == "0 0");  // a status modifies it; none here
  // Found nothing, a misspelt roll would leave every roll of it unmodified.
  CHECK_THAT(fight.error("return status.modifiers('Aldric', 'atack')"),
             StartsWith(here + "there is no roll named 'atack'; did you mean 'attack'?"));
  CHECK_THAT(fight.error("return status.modifiers('Aldric', 'Attack')"),  // names are compared as written
             StartsWith(here + "there is no roll named 'Attack'; did you mean 'attack'?"));
  // Near none: a roll the rules ask for so that a house rule's status may modify it (Platemail's
  // "stealth"), which no status modifies yet.
  CHECK(count("stealth") == "0 0");
}

TEST_CASE("a misspelt option of grid.sight, grid.toward or grid.away is refused at the caller's line, not ignored",
          "[lua][grid]") {
  Fight fight;
  const std::string here = "rules/skirmish/init.lua:1: error: ";
  CHECK_THAT(fight.error("return grid.sight('A4', 'D4', { count_target = true })"),
             StartsWith(here + "grid.sight's options table has no field 'count_target' (did you mean "
                               "'count_target_cell'?)"));
  CHECK_THAT(fight.error("return grid.toward('A1', 'C1', 30, { stop_whithin = 5 })"),
             StartsWith(here + "grid.toward's options table has no field 'stop_whithin' (did you mean "
                               "'stop_within'?)"));
  CHECK_THAT(fight.error("return grid.toward('A1', 'C1', 30, { avod = { 'B1' } })"),
             StartsWith(here + "grid.toward's options table has no field 'avod' (did you mean 'avoid'?)"));
  // grid.away reads only `avoid`: a stop_within would be ignored.
  CHECK_THAT(fight.error("return grid.away('B2', { 'C2' }, 5, { stop_within = 5 })"),
             StartsWith(here + "grid.away's options table has no field 'stop_within'"));
  CHECK(fight.run("return grid.toward('A1', 'C1', 30, { stop_within = 5, avoid = {} })[1]") == "B1");
}

TEST_CASE("grid.border gives a border's extra cost, as the map and docs/world.md give it", "[lua][grid]") {
  Fight fight;
  fight.world.grid().set_border({0, 1}, {0, 2}, Border{.name = "hedge", .extra_cost = 2});
  CHECK(fight.run("return grid.border('A2', 'A3').extra_cost") == "2.0");
  CHECK(fight.run("return grid.border('C1', 'D1').extra_cost") == "0.0");  // the stone wall: none
}
