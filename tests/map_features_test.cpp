#include "interpreter/core/grid.hpp"

#include <catch2/catch.hpp>

#include "tests/support/errors.hpp"

using namespace arbiter;

TEST_CASE("Heimr's barriers are borders with the properties from its tables", "[grid][borders]") {
  Grid heimr(3, 3);
  // Movement limits: "Single door 2". Crossing challenges: "2 meter jump 3". Structural: "Stone wall 6".
  heimr.set_border(heimr.cell("A1"), heimr.cell("A2"), Border{.name = "single door", .movement_limit = 2, .door = DoorState::Open});
  heimr.set_border(heimr.cell("B1"), heimr.cell("B2"), Border{.name = "2 meter jump", .crossing_challenge = 3});
  heimr.set_border(heimr.cell("C1"), heimr.cell("C2"),
                   Border{.name = "stone wall", .blocks_movement = true, .blocks_sight = true, .toughness = 6});

  const Border* door = heimr.border(heimr.cell("A2"), heimr.cell("A1"));  // either order
  REQUIRE(door);
  CHECK(door->movement_limit == 2);
  CHECK_FALSE(door->stops_movement());
  CHECK(heimr.border(heimr.cell("B2"), heimr.cell("B1"))->crossing_challenge == 3);
  CHECK(heimr.border(heimr.cell("C1"), heimr.cell("C2"))->toughness == 6);
  CHECK(heimr.border(heimr.cell("A1"), heimr.cell("B1")) == nullptr);
  CHECK(heimr.edge_stops_movement(heimr.edge({2, 0}, {2, 1})));
  CHECK(heimr.edge_stops_sight(heimr.edge({2, 1}, {2, 0})));
  CHECK_FALSE(heimr.edge_stops_movement(heimr.edge({0, 0}, {0, 1})));
}

TEST_CASE("a closed door stops movement and sight until it is opened", "[grid][borders]") {
  Grid room(2, 1);
  Border door{.name = "strong door", .toughness = 4, .door = DoorState::Closed};
  room.set_border({0, 0}, {1, 0}, door);
  CHECK(room.edge_stops_movement(room.edge({0, 0}, {1, 0})));
  door.door = DoorState::Open;
  room.set_border({0, 0}, {1, 0}, door);
  CHECK_FALSE(room.edge_stops_movement(room.edge({0, 0}, {1, 0})));
  room.remove_border({1, 0}, {0, 0});
  CHECK(room.borders().empty());
}

TEST_CASE("borders carry any named property a ruleset wants", "[grid][borders]") {
  Grid heimr(3, 3);
  heimr.set_border({0, 0}, {1, 0}, Border{.name = "rope bridge", .properties = {{"sways", true}, {"planks", 12}}});
  CHECK(heimr.border({1, 0}, {0, 0})->properties.at("planks") == Value(12));
}

TEST_CASE("a border between cells that are not side by side is an error", "[grid][borders][errors]") {
  Grid heimr(3, 3);
  CHECK(error_message([&] { heimr.set_border({0, 0}, {1, 1}, Border{}); }) ==
        "a border lies between two cells side by side; A1 and B2 are not");
  CHECK(error_message([&] { heimr.set_border({2, 2}, {3, 2}, Border{}); }) == "cell D3 is outside the grid (A1..C3)");
}

TEST_CASE("terrain: difficult ground, heights and objects that shelter", "[grid][terrain]") {
  Grid heimr(3, 3);
  // Heimr: "Difficult terrain is a property of a location"; "Thick tree 2" concealment.
  heimr.set_terrain(heimr.cell("B2"), Terrain{.name = "mud", .difficult = true});
  heimr.set_terrain(heimr.cell("C3"), Terrain{.height = 2, .object = "thick tree", .shelter = Shelter::Concealment, .shelter_strength = 2});
  CHECK(heimr.difficult_at(heimr.index({1, 1})));
  CHECK(heimr.height_at(heimr.index({2, 2})) == 2);
  CHECK(heimr.shelter_at(heimr.index({2, 2})) == Shelter::Concealment);
  CHECK(heimr.terrain({2, 2}).object == "thick tree");
  CHECK(parse_shelter("cover") == Shelter::Cover);
  // The few valid words are always listed, with the nearest when one is near.
  CHECK(error_message([] { parse_door_state("shut"); }) == "unknown door state 'shut' (none, open, closed)");
  CHECK(error_message([] { parse_shelter("covr"); }) ==
        "unknown shelter 'covr' (none, cover, concealment); did you mean 'cover'?");
}
