#include "interpreter/core/statuses.hpp"

#include <catch2/catch.hpp>

#include "interpreter/core/narration.hpp"
#include "tests/support/errors.hpp"

using namespace arbiter;

namespace {

// The statuses the sources describe, as a pack would define them.
StatusBook book() {
  StatusBook statuses;
  // Platemail: Dazed "for next 1d4 Actions"; "Attacks on you have Favor". A second daze does not
  // cut short the first.
  statuses.define({.name = "Dazed", .stacking = Stacking::Longer, .unit = DurationUnit::Phases, .duration = 1,
                   .forbids = {"Charge", "Full Attack"}, .modifiers = {{"attacks against", 3, "Dazed: Favor for attackers"}}});
  // Platemail: Terrified, a phase at a time, restarted by whatever terrifies again.
  statuses.define({.name = "Terrified", .unit = DurationUnit::Phases, .duration = 1});
  // Tempo: Pinned allows only Escape; it lasts until someone escapes.
  statuses.define({.name = "Pinned", .allows = {"Escape"}});
  // Tempo: On Guard, a stance, until removed; Off Guard.
  statuses.define({.name = "On Guard", .stacking = Stacking::Ignore});
  // A poison that stacks up to three times and wears off at the end of its owner's turn.
  statuses.define({.name = "Poisoned", .stacking = Stacking::Stack, .max_stacks = 3, .unit = DurationUnit::Turns,
                   .duration = 2, .modifiers = {{"attack", -1, "Poisoned"}}});
  // Bound "until the start of the source's next turn".
  statuses.define({.name = "Bound", .unit = DurationUnit::Turns, .duration = 1, .expires_at = ClockEdge::Start,
                   .clock = ClockOwner::Source});
  return statuses;
}

struct Fight {
  StatusBook statuses = book();
  World world{Grid(5, 5)};
  EventLog log;
  Statuses runtime{world, statuses, log};
  EntityId aldric = world.add(Entity{.name = "Aldric", .side = "party", .position = {0, 0}}).id;
  EntityId orc = world.add(Entity{.name = "Orc", .side = "orcs", .position = {1, 0}}).id;

  std::vector<std::string> log_types() const {
    std::vector<std::string> out;
    for (const auto& e : log.events()) out.push_back(e.type);
    return out;
  }
};

}  // namespace

// StatusBook: "define() ... replaces any earlier one of that name (a house rule)". Its lookup by
// name is an index into its own definitions: a copy (each fight's book, a saved fight's) must find
// its own, not the ones of the book it was copied from, and a house rule's redefinition is found
// at once.
TEST_CASE("a status book finds a house rule's redefinition at once, and a copy keeps its own definitions", "[statuses]") {
  StatusBook original = book();
  const StatusBook copied = original;
  StatusBook assigned;
  assigned = original;
  original.define({.name = "Terrified", .unit = DurationUnit::Phases, .duration = 3});
  original.define({.name = "Hidden"});
  REQUIRE(original.find("Terrified") != nullptr);
  CHECK(original.find("Terrified")->duration == 3);
  CHECK(original.find("Hidden") != nullptr);
  for (const StatusBook* other : std::initializer_list<const StatusBook*>{&copied, &assigned}) {
    REQUIRE(other->find("Terrified") != nullptr);
    CHECK(other->find("Terrified")->duration == 1);
    CHECK(other->find("Hidden") == nullptr);
    CHECK(&other->get("Dazed") != &original.get("Dazed"));
  }
  StatusBook moved = std::move(original);
  REQUIRE(moved.find("Terrified") != nullptr);
  CHECK(moved.find("Terrified")->duration == 3);
  CHECK(moved.find("Nope") == nullptr);
}

TEST_CASE("a status forbids actions and changes rolls, with its reason (Platemail: Dazed)", "[statuses]") {
  Fight fight;
  fight.runtime.apply(fight.aldric, "Dazed", {.source = fight.orc, .duration = std::nullopt, .cause = "Orc's mace crit"});
  const ActionVerdict charge = fight.runtime.allows(fight.aldric, "Charge");
  CHECK_FALSE(charge.allowed);
  CHECK(charge.because == "Dazed does not allow Charge");
  CHECK(fight.runtime.allows(fight.aldric, "Move").allowed);
  const auto mods = fight.runtime.modifiers(fight.aldric, "attacks against");
  REQUIRE(mods.size() == 1);
  CHECK(mods[0].amount == 3);
  CHECK(mods[0].reason == "Dazed: Favor for attackers");
  const LogEvent& applied = fight.log.events().front();
  CHECK(applied.type == "status_applied");
  CHECK(applied.cause == "Orc's mace crit");
  CHECK(applied.fields["source"] == "Orc");
}

TEST_CASE("an allow-list status permits only its actions (tempo: Pinned)", "[statuses]") {
  Fight fight;
  fight.runtime.apply(fight.aldric, "Pinned", {.source = fight.orc, .duration = std::nullopt, .cause = "pin"});
  CHECK(fight.runtime.allows(fight.aldric, "Escape").allowed);
  CHECK(fight.runtime.allows(fight.aldric, "Thrust").because == "Pinned does not allow Thrust");
  CHECK(fight.runtime.remove(fight.aldric, "Pinned", "escaped"));
  CHECK_FALSE(fight.runtime.remove(fight.aldric, "Pinned", "escaped"));
  CHECK(fight.runtime.allows(fight.aldric, "Thrust").allowed);
  // A misspelt name removes nothing, silently, unless it is an error.
  CHECK(error_message([&] { fight.runtime.remove(fight.aldric, "Pined", "escaped"); }) ==
        "there is no status named 'Pined'; did you mean 'Pinned'?");
}

TEST_CASE("stacking rules: stack to a maximum, ignore, refresh", "[statuses]") {
  Fight fight;
  for (int i = 0; i < 4; ++i) fight.runtime.apply(fight.aldric, "Poisoned", {.cause = "dart"});
  const Entity& aldric = fight.world.get(fight.aldric);
  REQUIRE(aldric.statuses.size() == 1);
  CHECK(aldric.statuses[0].stacks == 3);
  CHECK(fight.runtime.modifiers(fight.aldric, "attack").at(0).amount == -3);
  fight.runtime.apply(fight.aldric, "On Guard", {.cause = "stance"});
  fight.runtime.apply(fight.aldric, "On Guard", {.cause = "stance"});
  // The fourth dart finds three stacks already: nothing grows, and the duration is what it was.
  CHECK(fight.log_types() == std::vector<std::string>{"status_applied", "status_stacked", "status_stacked",
                                                      "status_kept", "status_applied", "status_ignored"});
  fight.runtime.apply(fight.aldric, "Terrified", {.cause = "dragon"});
  fight.runtime.apply(fight.aldric, "Terrified", {.source = no_entity, .duration = 3, .cause = "second dragon"});
  CHECK(aldric.status("Terrified")->remaining == 3);
  CHECK(fight.log.events().back().type == "status_refreshed");
}

TEST_CASE("applying a status again is told by what it did to the duration: only a longer one lasts longer", "[statuses]") {
  Fight fight;
  const Narrator narrator;
  const auto told = [&] { return narrator.render(fight.log.events().back()); };
  const Entity& aldric = fight.world.get(fight.aldric);
  // "refresh" restarts the clock, shorter too.
  fight.runtime.apply(fight.aldric, "Terrified", {.source = no_entity, .duration = 2, .cause = "dragon"});
  fight.runtime.apply(fight.aldric, "Terrified", {.source = no_entity, .duration = 3, .cause = "roar"});
  CHECK(told() == "Aldric's Terrified lasts longer (roar)");
  fight.runtime.apply(fight.aldric, "Terrified", {.source = no_entity, .duration = 1, .cause = "shadow"});
  CHECK(aldric.status("Terrified")->remaining == 1);
  CHECK(told() == "Aldric's Terrified now ends sooner (shadow)");
  // "longer": a Dazed for 1 Action does not cut short one for 4, nor take its source; a 5 does.
  fight.runtime.apply(fight.aldric, "Dazed", {.source = fight.orc, .duration = 4, .cause = "mace, d4 4"});
  fight.runtime.apply(fight.aldric, "Dazed", {.source = no_entity, .duration = 1, .cause = "failed check"});
  CHECK(aldric.status("Dazed")->remaining == 4);
  CHECK(aldric.status("Dazed")->source == fight.orc);
  CHECK(fight.log.events().back().type == "status_kept");
  CHECK(told() == "Aldric's Dazed goes on as it was (failed check)");
  fight.runtime.apply(fight.aldric, "Dazed", {.source = no_entity, .duration = 5, .cause = "club, d6 5"});
  CHECK(aldric.status("Dazed")->remaining == 5);
  CHECK(aldric.status("Dazed")->source == no_entity);
  CHECK(told() == "Aldric's Dazed lasts longer (club, d6 5)");
  // A status with no duration (tempo's Pinned, Platemail's Severed limbs) goes on as it was, told
  // with its cause: a roll in it (which limb a crit severs) is seen.
  fight.runtime.apply(fight.aldric, "Pinned", {.source = fight.orc, .duration = std::nullopt, .cause = "pin"});
  fight.runtime.apply(fight.aldric, "Pinned", {.source = fight.orc, .duration = std::nullopt, .cause = "pin again, d4 4"});
  CHECK(fight.log.events().back().type == "status_renewed");
  CHECK(told() == "Aldric is still Pinned (pin again, d4 4)");
  CHECK(parse_stacking("longer") == Stacking::Longer);
}

TEST_CASE("a phase's statuses are counted down before its changes land and end after them", "[statuses]") {
  // Platemail: a Dazed on its last Action Phase still gives that phase's Attacks Favor; its end is
  // told after them (flow.cpp). A change landing in between waits for that end, told after it.
  Fight fight;
  const Entity& aldric = fight.world.get(fight.aldric);
  const Tick phase_end{ClockEdge::End, DurationUnit::Phases, no_entity};
  fight.runtime.apply(fight.aldric, "Dazed", {.source = fight.orc, .duration = 1, .cause = "mace, d4 1"});
  fight.runtime.count_down(phase_end);
  CHECK(aldric.status("Dazed"));
  CHECK(fight.runtime.modifiers(fight.aldric, "attacks against").size() == 1);
  CHECK(fight.log.events().back().type == "status_applied");
  fight.runtime.expire();
  CHECK_FALSE(aldric.status("Dazed"));
  CHECK(fight.log.events().back().type == "status_expired");

  // Dazed again as its last phase ends, then the phase's next change: the old Dazed still holds
  // for the phase, its end is told after the phase's changes, then the new one, which runs its
  // whole 3. Not "wears off" amid the changes, before the Attacks it still gave Favor.
  fight.runtime.apply(fight.aldric, "Dazed", {.source = fight.orc, .duration = 1, .cause = "mace, d4 1"});
  fight.runtime.count_down(phase_end);
  fight.runtime.apply(fight.aldric, "Dazed", {.source = fight.orc, .duration = 3, .cause = "mace, d4 3"});
  CHECK(aldric.status("Dazed")->remaining == 0);
  CHECK(fight.runtime.modifiers(fight.aldric, "attacks against").size() == 1);
  fight.runtime.apply(fight.orc, "Terrified", {.source = no_entity, .duration = 2, .cause = "roar"});
  fight.runtime.expire();
  REQUIRE(aldric.status("Dazed"));
  CHECK(aldric.status("Dazed")->remaining == 3);
  const auto types = fight.log_types();
  CHECK(std::vector<std::string>(types.end() - 4, types.end()) ==
        std::vector<std::string>{"status_applied", "status_applied", "status_expired", "status_applied"});
  CHECK(fight.log.events().back().cause == "mace, d4 3");
  // Removed as it runs out: it ends by running out, told at the phase's end; nothing is left to remove.
  fight.runtime.remove(fight.orc, "Terrified", "");
  fight.runtime.apply(fight.orc, "Terrified", {.source = no_entity, .duration = 1, .cause = "dragon"});
  fight.runtime.count_down(phase_end);
  const std::size_t before = fight.log.events().size();
  CHECK_FALSE(fight.runtime.remove(fight.orc, "Terrified", "rallied"));
  CHECK(fight.log.events().size() == before);
  fight.runtime.expire();
  CHECK(fight.log.events().back().type == "status_expired");
  CHECK(fight.log.events().size() == before + 1);
}

TEST_CASE("durations count down on their own clocks and expire", "[statuses]") {
  Fight fight;
  fight.runtime.apply(fight.aldric, "Poisoned", {.cause = "dart"});                            // 2 of Aldric's turns
  fight.runtime.apply(fight.aldric, "Bound", {.source = fight.orc, .duration = std::nullopt, .cause = "bind"});  // to the Orc's next turn
  fight.runtime.apply(fight.orc, "Dazed", {.cause = "shield bash"});                           // 1 phase
  const Entity& aldric = fight.world.get(fight.aldric);

  fight.runtime.tick({ClockEdge::End, DurationUnit::Turns, fight.orc});  // the Orc's turn is not Aldric's clock
  CHECK(aldric.status("Poisoned")->remaining == 2);
  fight.runtime.tick({ClockEdge::End, DurationUnit::Turns, fight.aldric});
  CHECK(aldric.status("Poisoned")->remaining == 1);
  CHECK(aldric.status("Bound"));
  fight.runtime.tick({ClockEdge::Start, DurationUnit::Turns, fight.orc});  // the source's turn starts
  CHECK_FALSE(aldric.status("Bound"));
  fight.runtime.tick({ClockEdge::End, DurationUnit::Phases, no_entity});
  CHECK(fight.world.get(fight.orc).statuses.empty());
  fight.runtime.tick({ClockEdge::End, DurationUnit::Turns, fight.aldric});
  CHECK(aldric.statuses.empty());
  const auto types = fight.log_types();
  CHECK(std::count(types.begin(), types.end(), "status_expired") == 3);
  CHECK(fight.log.events().back().cause == "its duration ran out");
}

TEST_CASE("a negative duration is an error, at definition and at application", "[statuses][errors]") {
  StatusBook statuses;
  CHECK(error_message([&] { statuses.define({.name = "Stunned", .unit = DurationUnit::Rounds, .duration = -1}); }) ==
        "status 'Stunned': 'duration' must be a whole number from 0 to 1000000, not -1");
  // Past the longest duration or the most stacks: refused, as a count that large is no rule's.
  CHECK(error_message([&] { statuses.define({.name = "Long", .unit = DurationUnit::Rounds, .duration = 1'000'001}); }) ==
        "status 'Long': 'duration' must be a whole number from 0 to 1000000, not 1000001");
  CHECK(error_message([&] { statuses.define({.name = "Heap", .stacking = Stacking::Stack, .max_stacks = 0}); }) ==
        "status 'Heap': 'max_stacks' must be a whole number from 1 to 1000000, not 0");
  Fight fight;
  CHECK(error_message([&] {
          fight.runtime.apply(fight.aldric, "Dazed", {.source = no_entity, .duration = -2, .cause = "bad roll"});
        }) == "status 'Dazed' on Aldric: 'duration' must be a whole number from 0 to 1000000, not -2");
  CHECK(error_message([&] { fight.runtime.apply(fight.aldric, "Dazd"); }) ==
        "there is no status named 'Dazd'; did you mean 'Dazed'?");
  CHECK(fight.world.get(fight.aldric).statuses.empty());
  CHECK(fight.log.events().empty());
  // What apply would refuse, told without applying: an action checks its changes when it proposes them.
  CHECK(error_message([&] { fight.runtime.check_apply(fight.aldric, "Dazd"); }) ==
        "there is no status named 'Dazd'; did you mean 'Dazed'?");
  CHECK_NOTHROW(fight.runtime.check_apply(fight.aldric, "Dazed"));
  CHECK(fight.world.get(fight.aldric).statuses.empty());
  CHECK(parse_stacking("stack") == Stacking::Stack);
  CHECK(parse_duration_unit("until removed") == DurationUnit::UntilRemoved);
  CHECK_THAT(error_message([] { parse_clock_owner("target"); }), Catch::Contains("unknown clock owner 'target'"));
}

TEST_CASE("a roll's name is judged again once a status is defined: a near miss of a roll it modifies is refused",
          "[statuses]") {
  StatusBook statuses;
  statuses.define({.name = "Terrified", .unit = DurationUnit::Phases, .duration = 1});
  statuses.check_roll("atack");  // no status modifies any roll: nothing to be a near miss of
  statuses.check_roll("atack");  // asked again: judged once, the same answer
  statuses.define({.name = "Poisoned", .modifiers = {{"attack", -1, "Poisoned"}}});
  statuses.check_roll("attack");  // a roll the rules make, which a status modifies
  CHECK(error_message([&] { statuses.check_roll("atack"); }) == "there is no roll named 'atack'; did you mean 'attack'?");
  statuses.check_roll("stealth");  // far from any: a roll a house rule's status may modify
}

TEST_CASE("a status's roll near a roll the rules make, and never asked for, is the status's mistake, not the rules'",
          "[statuses]") {
  // docs/world.md, "rolls": Platemail's attack roll was told "there is no roll named 'attack'; did
  // you mean 'atack'?" at its own line, for a house status's misspelt `roll = "atack"`.
  StatusBook statuses;
  statuses.define({.name = "Jinxed", .modifiers = {{"atack", -2, "Jinxed"}}, .modifiers_written_at = "house/init.lua:4"});
  const Error error = [&] {
    try {
      statuses.check_roll("attack");
    } catch (const Error& e) {
      return e;
    }
    return Error("no error");
  }();
  const Diagnostic& told = error.diagnostics().front();
  CHECK(told.where.file == "house/init.lua");
  CHECK(told.where.line == 4);
  CHECK(told.message == "status 'Jinxed': modifier 1's roll 'atack' is no roll the rules make (did you mean 'attack'?)");
}
