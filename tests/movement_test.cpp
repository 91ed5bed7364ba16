#include "interpreter/core/movement.hpp"

#include <algorithm>

#include <catch2/catch.hpp>

#include "tests/support/errors.hpp"

using namespace arbiter;

namespace {

Mover mover(std::string name, std::string side, Cell start, std::vector<Cell> path, bool ready = true) {
  return Mover{.id = 0, .name = std::move(name), .side = std::move(side), .start = start, .path = std::move(path), .ready = ready};
}

std::vector<MoveEventKind> kinds(const MovementResult& result) {
  std::vector<MoveEventKind> out;
  for (const auto& e : result.events) out.push_back(e.kind);
  return out;
}

// Platemail's Clash: "Both Characters stop their movement where their paths intersect."
Halt clash_stops_opponents(const MoveEvent& e) {
  const bool paths_met = e.kind == MoveEventKind::Cross || e.kind == MoveEventKind::Swap || e.kind == MoveEventKind::HeadOn;
  return paths_met && !e.allies ? Halt::Both : Halt::None;
}

}  // namespace

TEST_CASE("allies whose diagonal paths cross are reported as allies (Platemail: Crash)", "[movement]") {
  Grid board(6, 6);
  BorderTraffic traffic;
  const std::vector<Mover> party{mover("Aldric", "party", {1, 1}, {{2, 2}, {3, 3}}),
                                 mover("Brienne", "party", {2, 1}, {{1, 2}, {0, 3}}, false)};
  const auto result = resolve_movement(board, party, traffic);
  REQUIRE(kinds(result) == std::vector{MoveEventKind::Cross});
  const MoveEvent& met = result.events.front();
  CHECK(met.allies);
  CHECK(met.step == 1);
  CHECK(met.from == Cell{1, 1});
  CHECK(met.to == Cell{2, 2});
  // Where the other is at that moment: for a ruleset that judges something between the two there.
  CHECK(met.other_from == Cell{2, 1});
  CHECK(met.other_to == Cell{1, 2});
  CHECK(met.mover_ready);
  CHECK_FALSE(met.other_ready);  // Brienne is Not Ready: the ruleset rolls the Crash
  CHECK(result.positions == std::vector<Cell>{{3, 3}, {0, 3}});
}

TEST_CASE("leaving a reach is reported with where both stood and where both went at that step", "[movement]") {
  Grid board(8, 3);
  BorderTraffic traffic;
  // The Orc steps away east while Aldric steps west: both steps count, as do both ends.
  const std::vector<Mover> scene{mover("Orc", "orcs", {3, 1}, {{4, 1}}), mover("Aldric", "party", {2, 1}, {{1, 1}})};
  const auto result = resolve_movement(board, scene, traffic);
  REQUIRE(kinds(result) == std::vector{MoveEventKind::LeftReach, MoveEventKind::LeftReach});
  const MoveEvent& orc_leaves = result.events[0];
  CHECK((orc_leaves.from == Cell{3, 1} && orc_leaves.to == Cell{4, 1}));
  CHECK((orc_leaves.other_from == Cell{2, 1} && orc_leaves.other_to == Cell{1, 1}));
}

TEST_CASE("opponents whose paths cross stop where they met (Platemail: Clash)", "[movement]") {
  Grid board(6, 6);
  BorderTraffic traffic;
  const std::vector<Mover> fight{mover("Aldric", "party", {1, 1}, {{2, 2}, {3, 3}}),
                                 mover("Orc #1", "orcs", {2, 1}, {{1, 2}, {0, 3}})};
  const auto result = resolve_movement(board, fight, traffic, {}, clash_stops_opponents);
  REQUIRE(kinds(result) == std::vector{MoveEventKind::Cross});
  CHECK_FALSE(result.events.front().allies);
  // "The Arbiter should place stopped Characters adjacent": they never left their adjacent cells.
  CHECK(result.positions == std::vector<Cell>{{1, 1}, {2, 1}});
  CHECK(result.walked == std::vector<std::vector<Cell>>{{}, {}});
}

TEST_CASE("meeting over one cell at an angle, the mover takes it and stops there, the other beside it",
          "[movement]") {
  // Aldric goes east along row 1, the Orc comes down from (2,2): both want (2,1) at the first step.
  Grid board(6, 6);
  BorderTraffic traffic;
  const std::vector<Mover> fight{mover("Aldric", "party", {1, 1}, {{2, 1}, {3, 1}, {4, 1}}),
                                 mover("Orc", "orcs", {2, 2}, {{2, 1}, {2, 0}})};
  const auto meet = [](const MoveEvent& e) { return e.kind == MoveEventKind::SameCell ? Halt::Meet : Halt::None; };
  const auto result = resolve_movement(board, fight, traffic, {}, meet);
  REQUIRE(kinds(result) == std::vector{MoveEventKind::SameCell});
  CHECK(result.positions == std::vector<Cell>{{2, 1}, {2, 2}});
  CHECK(result.walked == std::vector<std::vector<Cell>>{{{2, 1}}, {}});
}

TEST_CASE("two characters trading cells is a swap", "[movement]") {
  Grid corridor(4, 1);
  BorderTraffic traffic;
  const std::vector<Mover> pair{mover("Aldric", "party", {1, 0}, {{2, 0}, {3, 0}}),
                                mover("Orc #1", "orcs", {2, 0}, {{1, 0}, {0, 0}})};
  const auto passing = resolve_movement(corridor, pair, traffic);
  REQUIRE(kinds(passing).front() == MoveEventKind::Swap);
  CHECK(passing.positions == std::vector<Cell>{{3, 0}, {0, 0}});
  const auto clashing = resolve_movement(corridor, pair, traffic, {}, clash_stops_opponents);
  CHECK(kinds(clashing) == std::vector{MoveEventKind::Swap});
  CHECK(clashing.positions == std::vector<Cell>{{1, 0}, {2, 0}});
}

TEST_CASE("of two trading cells, one stopped after the step passes the other, who goes on (Platemail: Crash)",
          "[movement]") {
  // Aldric and Brienne trade cells; only one stops (it failed its save): it takes the step, so it
  // does not stand in the other's way, and stops there. Stopped before the step, it would block.
  Grid corridor(5, 1);
  BorderTraffic traffic;
  const std::vector<Mover> pair{mover("Aldric", "party", {1, 0}, {{2, 0}, {3, 0}, {4, 0}}),
                                mover("Brienne", "party", {2, 0}, {{1, 0}, {0, 0}})};
  for (const auto& [answer, positions] :
       {std::pair{Halt::OtherAfterStep, std::vector<Cell>{{4, 0}, {1, 0}}},
        std::pair{Halt::MoverAfterStep, std::vector<Cell>{{2, 0}, {0, 0}}},
        std::pair{Halt::Other, std::vector<Cell>{{1, 0}, {2, 0}}}}) {
    const auto stop_one = [answer](const MoveEvent& e) { return e.kind == MoveEventKind::Swap ? answer : Halt::None; };
    const auto result = resolve_movement(corridor, pair, traffic, {}, stop_one);
    CHECK(result.positions == positions);
  }
}

TEST_CASE("meeting head-on, one stopped after its step lets the other pass first, then steps in and stops",
          "[movement]") {
  // Both want (2,0); the first in order would take it, but Aldric stops after his step: Brienne
  // takes it, they pass a step later, and Aldric stops in (2,0), where their paths met. Stopped
  // where he stood, he would bar her way at (1,0).
  Grid corridor(5, 1);
  BorderTraffic traffic;
  const std::vector<Mover> pair{mover("Aldric", "party", {1, 0}, {{2, 0}, {3, 0}}),
                                mover("Brienne", "party", {3, 0}, {{2, 0}, {1, 0}, {0, 0}})};
  const auto aldric_stops = [](const MoveEvent& e) {
    return e.kind == MoveEventKind::HeadOn ? Halt::MoverAfterStep : Halt::None;
  };
  const auto result = resolve_movement(corridor, pair, traffic, {}, aldric_stops);
  CHECK(kinds(result) == std::vector{MoveEventKind::HeadOn});
  CHECK(result.positions == std::vector<Cell>{{2, 0}, {0, 0}});
}

TEST_CASE("a head-on meeting nothing stops: the first takes the cell between them, the other waits a step and they pass", "[movement]") {
  Grid corridor(5, 1);
  BorderTraffic traffic;
  const std::vector<Mover> pair{mover("Aldric", "party", {0, 0}, {{1, 0}, {2, 0}, {3, 0}}),
                                mover("Brienne", "party", {4, 0}, {{3, 0}, {2, 0}, {1, 0}})};
  const auto result = resolve_movement(corridor, pair, traffic);
  REQUIRE(result.events.size() == 1);  // their passing, a step later, is the same meeting
  CHECK(result.events[0].kind == MoveEventKind::HeadOn);
  CHECK(result.events[0].step == 2);
  CHECK(result.events[0].to == Cell{2, 0});
  CHECK(result.positions == std::vector<Cell>{{3, 0}, {1, 0}});
  CHECK(result.walked[1] == std::vector<Cell>{{3, 0}, {2, 0}, {1, 0}});
  // A ruleset that stops both (Platemail's Crash when both fail) leaves them where they stand.
  const auto stopped = resolve_movement(corridor, pair, traffic, {}, [](const MoveEvent&) { return Halt::Both; });
  CHECK(stopped.positions == std::vector<Cell>{{1, 0}, {3, 0}});
}

TEST_CASE("of several stepping into one cell, one trading cells with its holder takes it first",
          "[movement]") {
  // Ana and Cy trade cells (2,0) and (3,0), and Bo, first in order, steps into (2,0) too. Were Bo
  // to take it, Cy would wait in (3,0), so Ana could not leave (2,0), nor Bo enter it: no one
  // would move. Cy takes it, as Ana leaves it for Cy's cell; Bo waits, then finds Cy holding it.
  Grid corridor(8, 1);
  BorderTraffic traffic;
  const std::vector<Mover> three{mover("Bo", "b", {1, 0}, {{2, 0}}), mover("Ana", "a", {2, 0}, {{3, 0}}),
                                 mover("Cy", "c", {3, 0}, {{2, 0}})};
  const auto result = resolve_movement(corridor, three, traffic);
  CHECK(result.positions == std::vector<Cell>{{1, 0}, {3, 0}, {2, 0}});
  const auto met = kinds(result);
  CHECK(std::count(met.begin(), met.end(), MoveEventKind::Swap) == 1);
  REQUIRE(!result.events.empty());
  const MoveEvent& last = result.events.back();
  CHECK(last.kind == MoveEventKind::Blocked);
  CHECK(last.mover == 0);
  CHECK(last.other == 2);
  CHECK(last.step == 2);
}

TEST_CASE("a step into the cell another leaves, on across its way, is a crossing, turning after it is not", "[movement]") {
  Grid board(6, 6);
  BorderTraffic traffic;
  // Aldric goes east along row 2; Brienne enters (2, 2) as Aldric leaves it.
  const auto with = [&](std::vector<Cell> way) {
    return resolve_movement(board, std::vector<Mover>{mover("Aldric", "party", {1, 2}, {{2, 2}, {3, 2}, {4, 2}}),
                                                      mover("Brienne", "party", {2, 4}, std::move(way))},
                            traffic);
  };
  const auto across = with({{2, 3}, {2, 2}, {2, 1}});
  REQUIRE(kinds(across) == std::vector{MoveEventKind::Cross});
  CHECK(across.events[0].mover == 1);
  CHECK(across.events[0].to == Cell{2, 2});
  CHECK(across.events[0].step == 2);
  CHECK(kinds(with({{2, 3}, {2, 2}, {3, 2}})).empty());  // round the corner after Aldric
  CHECK(kinds(with({{2, 3}, {2, 2}})).empty());          // stops where Aldric was
  CHECK(kinds(with({{2, 3}, {2, 2}, {1, 3}})).empty());  // back to the side it came from
}

TEST_CASE("two wanting one cell from different sides, and a step into a held cell", "[movement]") {
  Grid board(6, 6);
  BorderTraffic traffic;
  const std::vector<Mover> three{mover("Aldric", "party", {0, 0}, {{1, 1}}), mover("Brienne", "party", {2, 0}, {{1, 1}}),
                                 mover("Orc #1", "orcs", {5, 5}, {}), mover("Orc #2", "orcs", {5, 3}, {{5, 4}, {5, 5}})};
  const auto result = resolve_movement(board, three, traffic);
  // Aldric takes the cell; Brienne waits, and at the next step finds it held, as Orc #2 finds his.
  REQUIRE(kinds(result) == std::vector{MoveEventKind::SameCell, MoveEventKind::Blocked, MoveEventKind::Blocked});
  CHECK(result.events[0].allies);
  CHECK(result.events[1].mover == 1);
  CHECK(result.events[1].other == 0);
  CHECK(result.events[2].mover == 3);
  CHECK(result.events[2].other == 2);
  CHECK(result.events[2].step == 2);
  CHECK(result.positions == std::vector<Cell>{{1, 1}, {2, 0}, {5, 5}, {5, 4}});
  // Heimr's locations hold many characters: nobody is stopped, the event is still reported.
  const auto shared = resolve_movement(board, three, traffic, MovementRules{.one_per_cell = false, .paths = {}});
  CHECK(shared.positions == std::vector<Cell>{{1, 1}, {1, 1}, {5, 5}, {5, 5}});
}

TEST_CASE("two stepping into a cell held by one who stays there meet no one: each is only blocked", "[movement]") {
  // Platemail: "If opponents move across each others' paths, they initiate the Clash". A cell holds
  // one character: no one enters the one Ana stays in, so no paths cross there. Pal comes from the
  // north, the Orc from the south, into Ana's cell (2, 2); Bob, beside her, stands still.
  Grid board(5, 5);
  BorderTraffic traffic;
  const auto with = [&](std::vector<Cell> ana_way, std::vector<Mover> more = {}) {
    std::vector<Mover> scene{mover("Pal", "party", {2, 3}, {{2, 2}}), mover("Orc", "orcs", {2, 1}, {{2, 2}}),
                             mover("Ana", "party", {2, 2}, std::move(ana_way)), mover("Bob", "party", {1, 2}, {})};
    for (Mover& m : more) scene.push_back(std::move(m));
    return resolve_movement(board, scene, traffic, {}, clash_stops_opponents);
  };
  const std::vector<Cell> unmoved{{2, 3}, {2, 1}, {2, 2}, {1, 2}};
  SECTION("Ana stays: both are blocked, and no meeting is reported") {
    const auto result = with({});
    REQUIRE(kinds(result) == std::vector{MoveEventKind::Blocked, MoveEventKind::Blocked});
    CHECK((result.events[0].mover == 0 && result.events[0].other == 2));
    CHECK((result.events[1].mover == 1 && result.events[1].other == 2));
    CHECK_FALSE(result.events[1].crossed);
    CHECK(result.positions == unmoved);
  }
  SECTION("Ana leaves it at the same step: the two meet in it, as before") {
    const auto result = with({{3, 2}});
    REQUIRE(kinds(result) == std::vector{MoveEventKind::HeadOn});
    CHECK(result.positions == std::vector<Cell>{{2, 3}, {2, 1}, {3, 2}, {1, 2}});
  }
  SECTION("Ana would leave it for Bob's cell: she is blocked, and so are the two") {
    const auto result = with({{1, 2}});
    REQUIRE(kinds(result) == std::vector{MoveEventKind::Blocked, MoveEventKind::Blocked, MoveEventKind::Blocked});
    CHECK(result.events[0].step == result.events[2].step);  // all at the first step, none waiting
    CHECK(result.positions == unmoved);
  }
  SECTION("Ana would leave it, but a meeting judged first stops her: the two, listed first, are judged after it") {
    // Ana and Orc #2 meet head-on in (3, 2), which stops both.
    const auto result = with({{3, 2}}, {mover("Orc #2", "orcs", {4, 2}, {{3, 2}})});
    REQUIRE(kinds(result) == std::vector{MoveEventKind::HeadOn, MoveEventKind::Blocked, MoveEventKind::Blocked});
    CHECK((result.events[0].mover == 2 && result.events[0].other == 4));
    CHECK(result.positions == std::vector<Cell>{{2, 3}, {2, 1}, {2, 2}, {1, 2}, {4, 2}});
  }
  SECTION("Ana would leave it, but gives way to an ally taking her next cell first: she holds it that step") {
    // Cid (listed before Ana) takes (3, 2), which nothing stops between allies; Ana waits, then
    // finds it held.
    std::vector<Mover> scene{mover("Pal", "party", {2, 3}, {{2, 2}}), mover("Orc", "orcs", {2, 1}, {{2, 2}}),
                             mover("Cid", "party", {4, 2}, {{3, 2}}), mover("Ana", "party", {2, 2}, {{3, 2}})};
    const auto result = resolve_movement(board, scene, traffic, {}, clash_stops_opponents);
    REQUIRE(kinds(result) == std::vector{MoveEventKind::HeadOn, MoveEventKind::Blocked, MoveEventKind::Blocked,
                                         MoveEventKind::Blocked});
    CHECK((result.events[1].step == 1 && result.events[2].step == 1));  // Pal and the Orc, at once
    CHECK((result.events[3].mover == 3 && result.events[3].other == 2 && result.events[3].step == 2));
    CHECK(result.positions == std::vector<Cell>{{2, 3}, {2, 1}, {3, 2}, {2, 2}});
  }
}

TEST_CASE("leaving the reach of a Ready foe triggers an Attack of Opportunity (Platemail: AoO)", "[movement]") {
  Grid board(8, 3);
  BorderTraffic traffic;
  std::vector<Mover> scene{mover("Aldric", "party", {2, 1}, {{3, 1}, {4, 1}}), mover("Orc #1", "orcs", {1, 1}, {}, true)};
  const auto ready = resolve_movement(board, scene, traffic);
  REQUIRE(kinds(ready) == std::vector{MoveEventKind::LeftReach});
  CHECK(ready.events[0].step == 1);
  CHECK(ready.events[0].mover == 0);
  CHECK(ready.events[0].other == 1);
  CHECK(ready.events[0].other_ready);
  CHECK(ready.events[0].from == Cell{2, 1});
  CHECK(ready.events[0].to == Cell{3, 1});

  scene[1].ready = false;  // a Not Ready foe: still reported, the ruleset grants no attack
  const auto not_ready = resolve_movement(board, scene, traffic);
  REQUIRE(kinds(not_ready) == std::vector{MoveEventKind::LeftReach});
  CHECK_FALSE(not_ready.events[0].other_ready);

  scene[1].reach_feet = 10;  // "5' or 10' if they have Reach": left one step later
  CHECK(resolve_movement(board, scene, traffic).events.at(0).step == 2);
  scene[1].side = "party";  // allies never trigger it
  CHECK(resolve_movement(board, scene, traffic).events.empty());
}

TEST_CASE("on cells wider than a reach, stepping away from the next cell leaves it (Platemail: AoO on 10' squares)", "[movement]") {
  const Grid tens(8, 3, 10);
  BorderTraffic traffic;
  const std::vector<Mover> scene{mover("Orc", "orcs", {2, 1}, {{3, 1}}), mover("Aldric", "party", {1, 1}, {}, true)};
  const auto result = resolve_movement(tens, scene, traffic);
  REQUIRE(kinds(result) == std::vector{MoveEventKind::LeftReach});
  CHECK(result.events[0].mover == 0);
  CHECK(result.events[0].other == 1);
  CHECK(result.events[0].to == Cell{3, 1});
}

TEST_CASE("a single door lets two through per turn (Heimr: movement limits)", "[movement][borders]") {
  Grid heimr(3, 3);
  heimr.set_border(heimr.cell("B1"), heimr.cell("B2"), Border{.name = "single door", .movement_limit = 2, .door = DoorState::Open});
  BorderTraffic traffic;
  std::vector<Mover> column{mover("Aldric", "party", {1, 0}, {{1, 1}, {1, 2}}),
                            mover("Brienne", "party", {0, 0}, {{1, 0}, {1, 1}, {0, 2}})};
  column[0].id = 1;
  column[1].id = 2;
  CHECK(resolve_movement(heimr, column, traffic).events.empty());
  const BorderUse door = traffic.at(heimr.edge({1, 0}, {1, 1}));
  CHECK(door.count == 2);
  CHECK(door.first == 1);
  const std::vector<Mover> third{mover("Cedric", "party", {1, 0}, {{1, 1}})};
  const auto blocked = resolve_movement(heimr, third, traffic);
  REQUIRE(kinds(blocked) == std::vector{MoveEventKind::BorderLimit});
  CHECK(blocked.positions.front() == Cell{1, 0});
  reset_traffic_started_by(traffic, 2);  // Brienne's turn: she was not first, nothing resets
  CHECK(resolve_movement(heimr, third, traffic).positions.front() == Cell{1, 0});
  // "The count is reset to zero at the start of the first character to move through."
  reset_traffic_started_by(traffic, 1);
  CHECK(traffic.empty());
  CHECK(resolve_movement(heimr, third, traffic).positions.front() == Cell{1, 1});
}

TEST_CASE("crossing a border with a challenge is reported for the ruleset to roll (Heimr: CR)", "[movement][borders]") {
  Grid heimr(3, 1);
  heimr.set_border({0, 0}, {1, 0}, Border{.name = "2 meter jump", .crossing_challenge = 3});
  BorderTraffic traffic;
  const std::vector<Mover> jumper{mover("Aldric", "party", {0, 0}, {{1, 0}, {2, 0}})};
  // "If they fail the character can not go across the border".
  const auto failed = resolve_movement(heimr, jumper, traffic, {}, [](const MoveEvent& e) {
    return e.kind == MoveEventKind::BorderChallenge ? Halt::Mover : Halt::None;
  });
  REQUIRE(kinds(failed) == std::vector{MoveEventKind::BorderChallenge});
  CHECK(failed.positions.front() == Cell{0, 0});
}

TEST_CASE("a carried mover goes with its carrier into each cell it leaves, and meets the others there (Platemail: Rescue)",
          "[movement][carry]") {
  // Aldric carries Brienne, beside him from the start, two cells west, away from the Orc beside her.
  Grid board(6, 3);
  BorderTraffic traffic;
  std::vector<Mover> scene{mover("Aldric", "party", {2, 1}, {{1, 1}, {0, 1}}, false),
                           mover("Brienne", "party", {3, 1}, {}), mover("Orc", "orcs", {4, 1}, {})};
  scene[0].carries = 1;
  const auto result = resolve_movement(board, scene, traffic);
  CHECK(result.positions == std::vector<Cell>{{0, 1}, {1, 1}, {4, 1}});
  CHECK(result.carried_by == std::vector<std::size_t>{nobody, 0, nobody});
  CHECK(result.walked == std::vector<std::vector<Cell>>{{{1, 1}, {0, 1}}, {}, {}});  // Brienne took no step of her own
  // Picked up as the phase begins (step 0); nothing between the two after (they never cross, nor
  // leave each other); carried, she leaves the Orc's reach.
  REQUIRE(kinds(result) == std::vector{MoveEventKind::PickedUp, MoveEventKind::LeftReach});
  CHECK(result.events[0].mover == 0);
  CHECK(result.events[0].other == 1);
  CHECK(result.events[0].step == 0);
  CHECK(result.events[0].mover_carrying);
  CHECK(result.events[1].mover == 1);
  CHECK(result.events[1].other == 2);
  CHECK(result.events[1].to == Cell{2, 1});
}

TEST_CASE("a carrier picks up on the way, and a step into a held cell stops both", "[movement][carry]") {
  // Aldric walks east along row 1; beside Brienne (C3) after one step, he takes her along. The Orc
  // holds E2: Aldric stops at D2 and Brienne behind him at C2, not in his cell.
  Grid board(6, 3);
  BorderTraffic traffic;
  std::vector<Mover> scene{mover("Aldric", "party", {0, 1}, {{1, 1}, {2, 1}, {3, 1}, {4, 1}}),
                           mover("Brienne", "party", {2, 2}, {}), mover("Orc", "orcs", {4, 1}, {})};
  scene[0].carries = 1;
  const auto result = resolve_movement(board, scene, traffic);
  CHECK(result.positions == std::vector<Cell>{{3, 1}, {2, 1}, {4, 1}});
  CHECK(result.carried_by[1] == 0);
  // Picked up after the first step, then blocked.
  REQUIRE(kinds(result) == std::vector{MoveEventKind::PickedUp, MoveEventKind::Blocked});
  CHECK(result.events[0].step == 1);
  CHECK(result.events[1].mover == 0);
}

TEST_CASE("what stops the carried one stops its carrier: they stay one step apart", "[movement][carry]") {
  // Aldric carries Brienne west; the Orc steps into C1 as she does: the ruleset stops both of them,
  // and Aldric, who was free to step, stays with her.
  Grid board(6, 3);
  BorderTraffic traffic;
  std::vector<Mover> scene{mover("Aldric", "party", {2, 0}, {{1, 0}, {0, 0}}), mover("Brienne", "party", {3, 0}, {}),
                           mover("Orc", "orcs", {1, 1}, {{2, 0}})};
  scene[0].carries = 1;
  const auto stop_both = [](const MoveEvent& e) { return e.kind == MoveEventKind::SameCell ? Halt::Both : Halt::None; };
  const auto result = resolve_movement(board, scene, traffic, {}, stop_both);
  REQUIRE(kinds(result) == std::vector{MoveEventKind::PickedUp, MoveEventKind::SameCell});
  CHECK(result.events[1].mover == 1);
  CHECK(result.events[1].other == 2);
  CHECK(result.positions == std::vector<Cell>{{2, 0}, {3, 0}, {1, 1}});
}

TEST_CASE("no one is picked up across a wall, and a mover carries only another mover", "[movement][carry][errors]") {
  Grid board(3, 3);
  board.set_border({1, 1}, {2, 1}, Border{.name = "stone wall", .blocks_movement = true});
  BorderTraffic traffic;
  std::vector<Mover> scene{mover("Aldric", "party", {1, 1}, {{0, 1}}), mover("Brienne", "party", {2, 1}, {})};
  scene[0].carries = 1;
  const auto result = resolve_movement(board, scene, traffic);
  CHECK(result.carried_by == std::vector<std::size_t>{nobody, nobody});
  CHECK(result.positions == std::vector<Cell>{{0, 1}, {2, 1}});
  scene[0].carries = 0;
  CHECK(error_message([&] { resolve_movement(board, scene, traffic); }) ==
        "Aldric carries mover 0: not another of the 2 movers");
}

TEST_CASE("a path through a wall is an error naming the character and the step", "[movement][errors]") {
  Grid board(3, 3);
  board.set_border({1, 1}, {1, 0}, Border{.name = "stone wall", .blocks_movement = true});
  BorderTraffic traffic;
  const std::vector<Mover> bad{mover("Aldric", "party", {1, 2}, {{1, 1}, {1, 0}})};
  CHECK(error_message([&] { resolve_movement(board, bad, traffic); }) ==
        "Aldric's path, step 2 (from B2 to B1), is not possible: it crosses the stone wall between B2 and B1");
}

TEST_CASE("a follower keeps beside the one it follows as that one moves while its feet last (Platemail: Guard)",
          "[movement][follow]") {
  // "Move up to 15' staying adjacent to your Guard Target": Aldric guards Brienne, beside her,
  // who walks three cells east; he keeps beside her each step, never into her cell.
  Grid board(8, 3);
  BorderTraffic traffic;
  std::vector<Mover> scene{mover("Aldric", "party", {1, 1}, {}), mover("Brienne", "party", {2, 1}, {{3, 1}, {4, 1}, {5, 1}})};
  scene[0].follows = 1;
  scene[0].follow_feet = 15;
  const auto result = resolve_movement(board, scene, traffic);
  CHECK(result.positions == std::vector<Cell>{{4, 1}, {5, 1}});
  CHECK(result.walked[0] == std::vector<Cell>{{2, 1}, {3, 1}, {4, 1}});
  CHECK(result.events.empty());

  // With 10' he falls behind, one cell short of her side; standing beside her, he does not move.
  scene[0].follow_feet = 10;
  BorderTraffic more;
  CHECK(resolve_movement(board, scene, more).positions == std::vector<Cell>{{3, 1}, {5, 1}});
  scene[1].path.clear();
  BorderTraffic still;
  const auto stays = resolve_movement(board, scene, still);
  CHECK(stays.positions == std::vector<Cell>{{1, 1}, {2, 1}});
  CHECK(stays.walked[0].empty());
}

TEST_CASE("a follower starting away from the one it follows goes to its side around a cell someone holds",
          "[movement][follow]") {
  // The Orc stands in the straight way from Aldric to Brienne: he goes around it, to beside her.
  Grid board(6, 3);
  BorderTraffic traffic;
  std::vector<Mover> scene{mover("Aldric", "party", {0, 1}, {}), mover("Orc", "orcs", {1, 1}, {}),
                           mover("Brienne", "party", {3, 1}, {})};
  scene[0].follows = 2;
  scene[0].follow_feet = 15;
  const auto result = resolve_movement(board, scene, traffic);
  CHECK(board.adjacent(result.positions[0], Cell{3, 1}));
  CHECK(result.positions[1] == Cell{1, 1});
  CHECK(result.walked[0].size() == 2);
  // Following is between movers, like carrying.
  scene[0].follows = 7;
  CHECK(error_message([&] { resolve_movement(board, scene, traffic); }) ==
        "Aldric follows mover 7: not another of the 3 movers");
}
