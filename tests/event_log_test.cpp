#include "interpreter/core/event_log.hpp"
#include "interpreter/core/narration.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>

#include "grammar/orders.hpp"
#include "interpreter/packs/encounter.hpp"
#include "interpreter/packs/fight.hpp"
#include "interpreter/packs/pack_stack.hpp"
#include "tests/support/errors.hpp"

using namespace arbiter;

TEST_CASE("events are stamped with round, phase, turn and cause, and written as JSON Lines", "[log]") {
  EventLog log;
  log.set_position({2, 1, 0});
  log.record("attack", {{"attacker", "Aldric"}, {"target", "Orc #2"}, {"total", 17}}, "Aldric attacks Orc #2");
  log.set_position({2, 2, 0});
  log.record(event_type::moved, {{"character", "Orc #2"}, {"from", "C3"}, {"to", "C2"}}, "Fall Back");
  std::ostringstream out;
  write_json_lines(out, log.events());
  CHECK(out.str() ==
        R"({"cause":"Aldric attacks Orc #2","fields":{"attacker":"Aldric","target":"Orc #2","total":17},"phase":1,"round":2,"seq":1,"turn":0,"type":"attack"})"
        "\n"
        R"({"cause":"Fall Back","fields":{"character":"Orc #2","from":"C3","to":"C2"},"phase":2,"round":2,"seq":2,"turn":0,"type":"moved"})"
        "\n");
  CHECK(error_message([&] { log.record("attack", nlohmann::json::array(), ""); }) ==
        "the fields of a 'attack' event must be named (a table of name = value)");
}

TEST_CASE("narration uses the default templates and a pack's overrides", "[log][narration]") {
  EventLog log;
  log.set_position({1, 2, 0});
  const LogEvent& moved = log.record(event_type::moved, {{"character", "Brienne"}, {"from", "B3"}, {"to", "A1"}}, "");
  Narrator narrator;
  CHECK(narrator.render(moved) == "Brienne moves from B3 to A1");
  narrator.set_template(event_type::moved, "Round {round}, phase {phase}: {character} dashes to {to} {{fast}}");
  CHECK(narrator.render(moved) == "Round 1, phase 2: Brienne dashes to A1 {fast}");
  const LogEvent& hit = log.record("wound", {{"target", "Orc #2"}, {"wounds", 2.0}, {"tags", {"crit", "axe"}}}, "axe");
  CHECK(narrator.render(hit) == "wound: tags=crit, axe, target=Orc #2, wounds=2");
  narrator.set_template("wound", "{target} takes {wounds} ({tags})");
  CHECK(narrator.render(hit) == "Orc #2 takes 2 (crit, axe)");
}

TEST_CASE("bad templates are clear errors", "[log][narration][errors]") {
  Narrator narrator;
  CHECK(error_message([&] { narrator.set_template("wound", "{target takes"); }) ==
        "the template \"{target takes\" has an unclosed or empty '{' at column 1 (write {{ for a brace)");
  // A brace opened again before it closes is the first one unclosed ("A bad template is an error
  // where it is given", docs/world.md), not a placeholder named "source ({cause".
  CHECK(error_message([&] { narrator.set_template("wound", "{target} seethes, Taunted by {source ({cause})"); }) ==
        "the template \"{target} seethes, Taunted by {source ({cause})\" has an unclosed or empty '{' at column 30 "
        "(write {{ for a brace)");
  CHECK(error_message([&] { narrator.set_template("wound", "ouch}"); }) ==
        "the template \"ouch}\" has a '}' without its '{' at column 5 (write }} for a brace)");
  narrator.set_template("wound", "{victim} bleeds");
  EventLog log;
  const LogEvent& hit = log.record("wound", {{"target", "Orc #2"}}, "");
  CHECK(error_message([&] { narrator.render(hit); }) ==
        "the 'wound' template names {victim}, which this event does not have (it has: target; and round, phase, turn, cause, type)");
}

TEST_CASE("a pack's template naming a field its event lacks is told at the template's place, and as it is logged",
          "[log][narration][errors]") {
  // It was told after the round with neither the pack nor its line: "the 'punch' template names {txt}".
  Narrator narrator;
  narrator.set_template("punch", "{txt}", "one/init.lua:4", "one");
  EventLog log;
  const LogEvent& punch = log.record("punch", {{"text", "Ana punches"}}, "Punch");
  try {
    narrator.render(punch);
    FAIL("expected the render to fail");
  } catch (const Error& e) {
    REQUIRE(e.diagnostics().size() == 1);
    CHECK(e.diagnostics()[0].where.file == "one/init.lua");
    CHECK(e.diagnostics()[0].where.line == 4);
    CHECK(e.diagnostics()[0].message ==
          "the 'punch' template of pack 'one' names {txt}, which this event does not have (it has: text; and round, "
          "phase, turn, cause, type)");
  }
  // As a pack logs it: no position (the logging line is the one to point at), the template's in the text.
  CHECK(error_message([&] { narrator.check_fields("punch", {{"text", "Ana punches"}}); }) ==
        "the 'punch' template of pack 'one' (one/init.lua:4) names {txt}, which this event does not have (it has: "
        "text; and round, phase, turn, cause, type)");
  CHECK_NOTHROW(narrator.check_fields("punch", {{"txt", "Ana punches"}}));
  CHECK_NOTHROW(narrator.check_fields("kick", nlohmann::json::object()));  // no template: "kick: …"
}

TEST_CASE("the runtime's sentence for a stat set that had none says what it is now", "[log][narration]") {
  // "Bo's bruises goes from null to 2" told the GM nothing of a first value.
  EventLog log;
  Narrator narrator;
  const LogEvent first = log.record(event_type::stat_changed,
                                     {{"character", "Bo"}, {"stat", "bruises"}, {"from", nullptr}, {"to", 2}}, "Bruise");
  const LogEvent& next = log.record(event_type::stat_changed,
                                    {{"character", "Bo"}, {"stat", "bruises"}, {"from", 2}, {"to", 3}}, "Bruise");
  CHECK(narrator.render(first) == "Bo's bruises is now 2 (Bruise)");
  CHECK(narrator.render(next) == "Bo's bruises goes from 2 to 3 (Bruise)");
  // A pack's own template for it is its own to word.
  narrator.set_template(event_type::stat_changed, "{stat}: {from} -> {to}");
  CHECK(narrator.render(first) == "bruises: null -> 2");
}

TEST_CASE("an aside in parentheses that would be told empty is left out, with its parentheses", "[log][narration]") {
  // `status.apply(c, "Out", { source = ctx.actor })`, no cause: it was "Ann is now Out ()".
  EventLog log;
  Narrator narrator;
  const LogEvent applied = log.record(event_type::status_applied, {{"target", "Ann"}, {"status", "Out"}}, "");
  const LogEvent renewed = log.record(event_type::status_renewed, {{"target", "Ann"}, {"status", "Out"}}, "");
  CHECK(narrator.render(applied) == "Ann is now Out");
  CHECK(narrator.render(renewed) == "Ann is still Out");
  const LogEvent caused = log.record(event_type::status_applied, {{"target", "Ann"}, {"status", "Out"}}, "Punch");
  CHECK(narrator.render(caused) == "Ann is now Out (Punch)");
  // A pack's template too, for any field; a brace written as such is text, kept.
  narrator.set_template("wound", "{target} bleeds ({tags}) ({{{cause}}})");
  const LogEvent& wound = log.record("wound", {{"target", "Orc"}, {"tags", nlohmann::json::array()}}, "");
  CHECK(narrator.render(wound) == "Orc bleeds ({})");
}

TEST_CASE("every field the runtime logs is one its table of event fields declares, so templates may name it",
          "[log][narration]") {
  // A pack's template naming a field of a runtime event is checked against runtime_event_fields as
  // the pack loads: a field the runtime logs but the table lacks would be refused there. The
  // example fights' logs, under a house pack too, are read for them.
  struct Example {
    std::string encounter;
    std::vector<std::string> sheets;
    std::vector<std::string> house;
  };
  const std::vector<Example> examples{
      {"examples/platemail/skirmish.lua",
       {"examples/platemail/skirmish-round1.txt", "examples/platemail/skirmish-round2.txt"}, {}},
      {"examples/platemail/skirmish.lua", {"examples/platemail/skirmish-round1.txt"}, {"platemail-house"}},
      {"examples/platemail/ambush.lua",
       {"examples/platemail/ambush-round1.txt", "examples/platemail/ambush-round2.txt"}, {}},
      {"examples/tempo/duel.lua",
       {"examples/tempo/duel-round1.txt", "examples/tempo/duel-round2.txt", "examples/tempo/duel-round3.txt"}, {}},
      {"examples/tempo/grapple.lua", {"examples/tempo/grapple-round1.txt", "examples/tempo/grapple-round2.txt"}, {}},
  };
  const std::filesystem::path source(ARBITER_SOURCE_DIR);
  std::set<std::string> types_seen;
  for (const Example& example : examples) {
    INFO(example.encounter);
    lua::Sandbox sandbox;
    packs::PackStack stack{sandbox, packs::SearchPath({source / "rules", source / "examples/packs"})};
    packs::Encounter encounter = packs::read_encounter(sandbox, source / example.encounter);
    std::vector<std::string> packs = encounter.rules;
    packs.insert(packs.end(), example.house.begin(), example.house.end());
    stack.load(packs);
    packs::check_equipment(encounter, sandbox.state(), stack.registry());
    SeededDice dice{1};
    packs::Fight fight(sandbox, stack.registry(), packs::make_world(encounter), dice);
    for (std::size_t round = 1; round <= example.sheets.size(); ++round) {
      std::ifstream in(source / example.sheets[round - 1]);
      const std::string text{std::istreambuf_iterator<char>(in), {}};
      fight.add_orders(static_cast<int>(round), orders::parse_orders(text, example.sheets[round - 1]));
      fight.play_round();
    }
    for (const LogEvent& event : fight.log().events()) {
      const std::vector<std::string>* declared = runtime_event_fields(event.type);
      if (!declared) continue;  // a pack's own event
      types_seen.insert(event.type);
      for (const auto& [field, value] : event.fields.items()) {
        INFO(event.type << " event: " << event.fields.dump());
        CHECK(std::find(declared->begin(), declared->end(), field) != declared->end());
      }
    }
  }
  // The fights log the runtime's common events, so the check above is not vacuous.
  for (const char* type : {"moved", "stat_changed", "roll", "declared", "status_applied", "round_started", "blocked"})
    CHECK(types_seen.count(type) == 1);
}
