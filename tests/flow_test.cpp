#include "interpreter/core/flow.hpp"

#include <catch2/catch.hpp>

#include "grammar/diagnostic.hpp"

using namespace arbiter;

namespace {

// A ruleset written in C++: each test scripts what the characters do and records what it is asked.
struct ScriptedRuleset final : Ruleset {
  World* world = nullptr;
  std::map<std::string, Intent> orders;            // by character name
  std::map<std::string, Intent> responses;         // sequential: who answers a declared action
  std::vector<std::string> asked;                  // hooks and questions, in order
  std::function<Halt(const MoveEvent&)> on_move;   // movement events
  std::function<void(const Intent&, Changes&)> on_resolve;
  std::vector<EntityId> turn_order;
  std::map<std::string, double> reach;             // melee reach in feet, by character name
  std::map<std::string, std::string> disguises;    // what the others see declared, by action

  void boundary(Boundary b, EntityId whose) override {
    asked.push_back(std::string(name(b)) + (whose ? " " + world->get(whose).name : ""));
  }
  std::optional<Intent> choose(const Entity& who, int ap_left) override {
    const auto it = orders.find(who.name);
    if (it == orders.end() || it->second.cost > ap_left || it->second.action.empty()) return std::nullopt;
    Intent intent = it->second;
    if (it->second.cost == 0) orders.erase(it);  // one free action per turn
    return intent;
  }
  Halt movement(const MoveEvent& event) override { return on_move ? on_move(event) : Halt::None; }
  double reach_feet(const Entity& who) override { return reach.count(who.name) ? reach.at(who.name) : 0; }
  std::vector<EntityId> initiative(std::vector<EntityId> everyone) override {
    return turn_order.empty() ? everyone : turn_order;
  }
  std::optional<Intent> respond(const Entity& who, const Intent& declared, int) override {
    asked.push_back(who.name + " responds to " + declared.action);
    const auto it = responses.find(who.name + "/" + declared.action);
    if (it == responses.end()) return std::nullopt;
    return it->second;
  }
  void resolve(const Intent& intent, Changes& changes) override {
    asked.push_back("resolve " + world->get(intent.actor).name + " " + intent.action);
    if (on_resolve) on_resolve(intent, changes);
  }
  std::string declared_as(const std::string& action) const override {
    return disguises.count(action) ? disguises.at(action) : action;
  }
};

struct Table {
  World world{Grid(6, 6)};
  EventLog log;
  StatusBook book;
  Statuses statuses{world, book, log};
  ScriptedRuleset ruleset;
  EntityId aldric = world.add(Entity{.name = "Aldric", .side = "players", .position = {0, 0}}).id;
  EntityId orc = world.add(Entity{.name = "Orc", .side = "orcs", .position = {4, 0}}).id;

  Table() { ruleset.world = &world; }

  Flow flow(std::vector<PhaseRules> phases, std::vector<std::string> incapacitated = {}) {
    return Flow(world, log, statuses, FlowRules{std::move(phases), std::move(incapacitated), {}}, ruleset);
  }
  std::vector<std::string> types() const {
    std::vector<std::string> out;
    for (const auto& e : log.events()) out.push_back(e.type);
    return out;
  }
  const LogEvent* first(const std::string& type) const {
    for (const auto& e : log.events())
      if (e.type == type) return &e;
    return nullptr;
  }
};

const std::vector<PhaseRules> platemail_phases{{"1st Action Phase", PhaseKind::Simultaneous, 0},
                                               {"2nd Action Phase", PhaseKind::Simultaneous, 0}};

}  // namespace

TEST_CASE("a round runs its phases with hooks at every boundary, in order", "[flow]") {
  Table t;
  auto flow = t.flow(platemail_phases);
  flow.run_round();
  CHECK(t.ruleset.asked == std::vector<std::string>{"round_start", "phase_start", "phase_end", "phase_start",
                                                    "phase_end", "round_end"});
  CHECK(flow.position() == FlowPosition{1, 0, 0});
  flow.run_round();
  CHECK(flow.position().round == 2);
  CHECK(t.types() == std::vector<std::string>{"round_started", "phase_started", "phase_started", "round_started",
                                              "phase_started", "phase_started"});
}

TEST_CASE("a simultaneous phase resolves against the state of its start and applies every change at its end",
          "[flow]") {
  Table t;
  t.ruleset.orders["Aldric"] = Intent{.action = "Attack", .target = t.orc};
  t.ruleset.orders["Orc"] = Intent{.action = "Attack", .target = t.aldric};
  std::vector<double> seen;
  t.ruleset.on_resolve = [&](const Intent& intent, Changes& changes) {
    // Each reads the other's wounds before anyone's change lands: both see 0.
    Entity& target = t.world.get(intent.target);
    seen.push_back(std::get<double>(target.stats["wounds"].data));
    const EntityId id = intent.target;
    changes.propose([&t, id] { t.world.get(id).stats["wounds"] = 1; });
  };
  auto flow = t.flow({{"phase", PhaseKind::Simultaneous, 0}});
  flow.run_round();
  CHECK(seen == std::vector<double>{0, 0});
  CHECK(t.world.get(t.aldric).stats["wounds"] == Value(1));
  CHECK(t.world.get(t.orc).stats["wounds"] == Value(1));
  REQUIRE(t.first("declared"));
  CHECK(t.first("declared")->fields["summary"] == "Attack → Orc");
  CHECK(t.first("declared")->fields["target"] == "Orc");  // for a tool reading the log, not the English
}

TEST_CASE("an action that fails proposes nothing, is logged, and the others go on", "[flow]") {
  Table t;
  t.ruleset.orders["Aldric"] = Intent{.action = "Broken"};
  t.ruleset.orders["Orc"] = Intent{.action = "Shout"};
  t.ruleset.on_resolve = [&](const Intent& intent, Changes& changes) {
    changes.propose([&t, intent] { t.world.get(intent.actor).stats["acted"] = true; });
    if (intent.action == "Broken") throw Error("rules/x/init.lua:3: attempt to index a nil value");
  };
  auto flow = t.flow({{"phase", PhaseKind::Simultaneous, 0}});
  flow.run_round();
  CHECK_FALSE(t.world.get(t.aldric).stats.contains("acted"));
  CHECK(t.world.get(t.orc).stats["acted"] == Value(true));
  const LogEvent* failed = t.first("action_failed");
  REQUIRE(failed);
  CHECK(failed->fields["character"] == "Aldric");
  CHECK(failed->fields["error"] == "rules/x/init.lua:3: attempt to index a nil value");
  REQUIRE(t.first("declared"));
  CHECK_FALSE(t.first("declared")->fields.contains("target"));  // taken at no one
}

TEST_CASE("an action whose change fails as it commits leaves none of its changes: it fails and the others go on",
          "[flow]") {
  // Its first change lands and its second throws: the first is undone, world and log alike.
  const auto failing_second_change = [](Table& t) {
    t.ruleset.on_resolve = [&t](const Intent& intent, Changes& changes) {
      changes.propose([&t, intent] {
        t.world.set_stat(intent.actor, "acted", true);
        t.world.move(intent.actor, {intent.actor == t.aldric ? 1 : 3, 3});
        t.statuses.apply(intent.actor, "Winded");
        t.log.record("acted", {{"character", t.world.get(intent.actor).name}}, intent.action);
      });
      if (intent.action == "Broken") changes.propose([] { throw Error("the second change fails"); });
    };
    t.book.define({.name = "Winded"});
  };
  for (const PhaseKind kind : {PhaseKind::Simultaneous, PhaseKind::Sequential}) {
    Table t;
    failing_second_change(t);
    t.ruleset.orders["Aldric"] = Intent{.action = "Broken"};
    t.ruleset.orders["Orc"] = Intent{.action = "Shout"};
    auto flow = t.flow({{"phase", kind, 0}});
    flow.run_round();
    const Entity& aldric = t.world.get(t.aldric);
    CHECK_FALSE(aldric.stats.contains("acted"));
    CHECK(aldric.position == Cell{0, 0});
    CHECK(aldric.statuses.empty());
    CHECK(t.world.get(t.orc).stats["acted"] == Value(true));
    CHECK(t.world.get(t.orc).position == Cell{3, 3});
    std::vector<std::string> acted, failed;
    for (const auto& e : t.log.events()) {
      if (e.type == "acted") acted.push_back(e.fields["character"]);
      if (e.type == "status_applied") acted.push_back(e.fields["target"]);
      if (e.type == "action_failed") failed.push_back(e.fields["character"].get<std::string>() + ": " +
                                                      e.fields["error"].get<std::string>());
    }
    CHECK(acted == std::vector<std::string>{"Orc", "Orc"});
    CHECK(failed == std::vector<std::string>{"Aldric: the second change fails"});
    for (std::size_t i = 0; i < t.log.events().size(); ++i) CHECK(t.log.events()[i].sequence == i + 1);
  }
}

TEST_CASE("everyone moves at once and the ruleset decides what a crossing halts", "[flow]") {
  Table t;
  // Head-on along row 1: Aldric east, the Orc west; they meet in the middle.
  t.ruleset.orders["Aldric"] = Intent{.action = "Charge", .path = {{1, 0}, {2, 0}, {3, 0}}};
  t.ruleset.orders["Orc"] = Intent{.action = "Charge", .path = {{3, 0}, {2, 0}, {1, 0}}};
  std::vector<MoveEventKind> events;
  t.ruleset.on_move = [&](const MoveEvent& e) {
    events.push_back(e.kind);
    return Halt::Both;  // Platemail's Clash: both stop where their paths meet
  };
  Intent aldric_after, orc_after;
  t.ruleset.on_resolve = [&](const Intent& intent, Changes&) {
    (intent.actor == t.aldric ? aldric_after : orc_after) = intent;
  };
  auto flow = t.flow({{"phase", PhaseKind::Simultaneous, 0}});
  flow.run_round();
  REQUIRE_FALSE(events.empty());
  CHECK(t.world.get(t.aldric).position == Cell{1, 0});
  CHECK(t.world.get(t.orc).position == Cell{3, 0});
  CHECK(aldric_after.halted);
  CHECK(aldric_after.moved_feet == 5);
  CHECK(aldric_after.start == Cell{0, 0});
  const LogEvent* moved = t.first("moved");
  REQUIRE(moved);
  CHECK(moved->fields["from"] == "A1");
  CHECK(moved->fields["to"] == "B1");
  CHECK(moved->fields["halted"] == true);
}

TEST_CASE("the ruleset gives each character's reach: stepping out of it is a left_reach event", "[flow]") {
  Table t;
  t.world.get(t.aldric).position = Cell{1, 0};
  t.world.get(t.orc).position = Cell{3, 0};                                  // 10' east of Aldric
  t.ruleset.orders["Aldric"] = Intent{.action = "Move", .path = {{0, 0}}};  // to 15' from the Orc
  std::vector<MoveEventKind> events;
  t.ruleset.on_move = [&](const MoveEvent& e) {
    events.push_back(e.kind);
    return Halt::None;
  };
  auto flow = t.flow({{"phase", PhaseKind::Simultaneous, 0}});
  SECTION("without a reach of its own, the next cell: the Orc two cells off is not left") {
    flow.run_round();
    CHECK(events.empty());
  }
  SECTION("a 10' reach (a Reach weapon): Aldric leaves it") {
    t.ruleset.reach["Orc"] = 10;
    flow.run_round();
    CHECK(events == std::vector{MoveEventKind::LeftReach});
  }
}

TEST_CASE("an action that carries its target takes it along while everyone moves, before any action resolves",
          "[flow][carry]") {
  Table t;
  // Brienne, beside Aldric and without orders of her own (as one Unconscious), is carried 10' south.
  const EntityId brienne = t.world.add(Entity{.name = "Brienne", .side = "players", .position = {1, 0}}).id;
  t.ruleset.orders["Aldric"] =
      Intent{.action = "Rescue", .target = brienne, .path = {{0, 1}, {0, 2}}, .carries_target = true};
  t.ruleset.orders["Orc"] = Intent{.action = "Look", .target = brienne};
  Intent aldric_after;
  std::vector<Cell> brienne_seen;
  t.ruleset.on_resolve = [&](const Intent& intent, Changes&) {
    brienne_seen.push_back(t.world.get(brienne).position);
    if (intent.actor == t.aldric) aldric_after = intent;
  };
  auto flow = t.flow({{"phase", PhaseKind::Simultaneous, 0}});
  flow.run_round();
  CHECK(brienne_seen == std::vector<Cell>{{0, 1}, {0, 1}});  // every action finds her where she was carried
  CHECK(aldric_after.carrying);
  CHECK(aldric_after.moved_feet == 10);
  CHECK(t.world.get(t.aldric).position == Cell{0, 2});
  const LogEvent* carried = nullptr;
  for (const auto& e : t.log.events())
    if (e.type == "moved" && e.fields["character"] == "Brienne") carried = &e;
  REQUIRE(carried);
  CHECK(carried->fields["from"] == "B1");
  CHECK(carried->fields["to"] == "A2");
  CHECK(carried->fields["carried_by"] == "Aldric");
  CHECK(carried->cause == "Rescue");
}

TEST_CASE("a reaction window resolves an extra action whose changes land with the phase's", "[flow]") {
  Table t;
  t.world.get(t.aldric).position = {3, 0};  // the Orc steps out of Aldric's reach
  t.ruleset.orders["Orc"] = Intent{.action = "Move", .path = {{5, 0}}};
  t.ruleset.orders["Aldric"] = Intent{.action = "Defend", .ready = true};
  Flow* running = nullptr;
  t.ruleset.on_move = [&](const MoveEvent&) {
    running->react(Intent{.actor = t.aldric, .action = "Attack of Opportunity", .target = t.orc});
    return Halt::None;
  };
  t.ruleset.on_resolve = [&](const Intent& intent, Changes& changes) {
    if (intent.action == "Attack of Opportunity") {
      CHECK(intent.reaction);
      changes.propose([&t] { t.world.get(t.orc).stats["wounds"] = 1; });
    }
  };
  auto flow = t.flow({{"phase", PhaseKind::Simultaneous, 0}});
  running = &flow;
  flow.run_round();
  CHECK(t.world.get(t.orc).stats["wounds"] == Value(1));
}

TEST_CASE("statuses count down on the flow's boundaries and incapacitated characters do not act", "[flow]") {
  Table t;
  t.book.define({.name = "Dazed", .unit = DurationUnit::Phases, .duration = 1});
  t.book.define({.name = "Unconscious"});
  t.statuses.apply(t.aldric, "Dazed");
  t.statuses.apply(t.orc, "Unconscious");
  t.ruleset.orders["Aldric"] = Intent{.action = "Wait"};
  t.ruleset.orders["Orc"] = Intent{.action = "Wait"};
  auto flow = t.flow(platemail_phases, {"Unconscious"});
  flow.run_round();
  CHECK_FALSE(t.world.get(t.aldric).status("Dazed"));
  CHECK(flow.previous(t.orc) == nullptr);
  REQUIRE(flow.previous(t.aldric));
  CHECK(flow.previous(t.aldric)->action == "Wait");
}

TEST_CASE("a sequential phase runs turns in initiative order with action points and a response window", "[flow]") {
  Table t;
  t.ruleset.turn_order = {t.orc, t.aldric};
  t.ruleset.orders["Orc"] = Intent{.action = "Melee Attack", .target = t.aldric, .cost = 5};
  t.ruleset.orders["Aldric"] = Intent{.action = "Wait", .cost = 0};
  t.ruleset.responses["Aldric/Melee Attack"] = Intent{.action = "Parry", .cost = 3};
  t.ruleset.responses["Orc/Parry"] = Intent{.action = "CT Counter-Attack", .cost = 2};
  std::vector<std::string> responses_seen;
  t.ruleset.on_resolve = [&](const Intent& intent, Changes&) {
    for (const auto& r : intent.responses) responses_seen.push_back(r.action);
  };
  auto flow = t.flow({{"tempo", PhaseKind::Sequential, 12}});
  flow.run_round();
  // The Orc's 12 points: attack 5, answer the first Parry 2, attack 5 — nothing left to answer the
  // second Parry (refused, and told) or to attack again. Aldric parries each attack (3 + 3 of its 12).
  CHECK(responses_seen == std::vector<std::string>{"Parry", "CT Counter-Attack", "Parry"});
  CHECK(flow.position().round == 1);
  const auto& asked = t.ruleset.asked;
  CHECK(std::find(asked.begin(), asked.end(), "turn_start Orc") < std::find(asked.begin(), asked.end(), "turn_start Aldric"));
  // choose() is asked with the points left and offers nothing it cannot pay; the answer it cannot
  // pay is refused, and said: it was dropped without a word.
  std::vector<nlohmann::json> refused;
  for (const auto& e : t.log.events())
    if (e.type == "action_refused") refused.push_back(e.fields);
  REQUIRE(refused.size() == 1);
  CHECK(refused[0] == nlohmann::json{{"character", "Orc"}, {"action", "CT Counter-Attack"}, {"cost", 2}, {"points", 0}});
}

TEST_CASE("a phase without action points takes responses whatever they cost, as it takes turns' actions", "[flow]") {
  // Its points are none to count: a response costing any was dropped without a word.
  Table t;
  t.ruleset.turn_order = {t.orc};
  t.ruleset.orders["Orc"] = Intent{.action = "Melee Attack", .target = t.aldric, .cost = 0};
  t.ruleset.responses["Aldric/Melee Attack"] = Intent{.action = "Parry", .cost = 3};
  std::vector<std::string> responses_seen;
  t.ruleset.on_resolve = [&](const Intent& intent, Changes&) {
    for (const auto& r : intent.responses) responses_seen.push_back(r.action);
  };
  auto flow = t.flow({{"turns", PhaseKind::Sequential, 0}});
  flow.run_round();
  CHECK(responses_seen == std::vector<std::string>{"Parry"});
}

TEST_CASE("a declaration is logged once paid with the points before and after and told as the others see it",
          "[flow]") {
  Table t;
  t.ruleset.turn_order = {t.orc, t.aldric};
  t.ruleset.orders["Orc"] = Intent{.action = "Feint", .target = t.aldric, .cost = 5};
  t.ruleset.disguises["Feint"] = "Melee Attack";  // tempo: a Feint is declared "as a regular attack"
  auto flow = t.flow({{"tempo", PhaseKind::Sequential, 12}});
  flow.run_round();
  const LogEvent* declared = t.first("declared");
  REQUIRE(declared);
  CHECK(declared->fields["action"] == "Feint");  // the truth, for the GM
  CHECK(declared->fields["summary"] == "Melee Attack → Aldric");
  CHECK(declared->fields["cost"] == 5);
  CHECK(declared->fields["points_before"] == 12);
  CHECK(declared->fields["points"] == 7);
}

TEST_CASE("a sequential window takes every response before the actor answers any", "[flow]") {
  // The tempo rules: "Opponents may declare a reactive action", then "You declare if you are
  // replacing your action with a counter tempo-action as a result of an opponent reaction".
  Table t;
  const EntityId goblin = t.world.add(Entity{.name = "Goblin", .side = "orcs", .position = {4, 1}}).id;
  t.ruleset.turn_order = {t.aldric, t.orc, goblin};
  t.ruleset.orders["Aldric"] = Intent{.action = "Melee Attack", .target = t.orc, .cost = 12};
  t.ruleset.responses["Orc/Melee Attack"] = Intent{.action = "Parry", .cost = 3};
  t.ruleset.responses["Goblin/Melee Attack"] = Intent{.action = "Counter-Attack", .cost = 3};
  t.ruleset.responses["Aldric/Counter-Attack"] = Intent{.action = "CT Parry"};
  std::vector<std::string> responses_seen;
  t.ruleset.on_resolve = [&](const Intent& intent, Changes&) {
    for (const auto& r : intent.responses) responses_seen.push_back(t.world.get(r.actor).name + " " + r.action);
  };
  auto flow = t.flow({{"tempo", PhaseKind::Sequential, 12}});
  flow.run_round();
  std::vector<std::string> questions;
  for (const auto& q : t.ruleset.asked)
    if (q.find(" responds to ") != std::string::npos) questions.push_back(q);
  CHECK(questions == std::vector<std::string>{"Orc responds to Melee Attack", "Goblin responds to Melee Attack",
                                              "Aldric responds to Parry", "Aldric responds to Counter-Attack"});
  CHECK(responses_seen == std::vector<std::string>{"Orc Parry", "Goblin Counter-Attack", "Aldric CT Parry"});
}
