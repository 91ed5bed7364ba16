#include "interpreter/core/sight.hpp"

#include <catch2/catch.hpp>

using namespace arbiter;

namespace {
Border wall() { return Border{.name = "stone wall", .blocks_movement = true, .blocks_sight = true, .toughness = 6}; }
}  // namespace

TEST_CASE("a wall between two cells hides each from the other", "[sight]") {
  Grid board(6, 6);
  board.set_border({2, 2}, {3, 2}, wall());
  CHECK_FALSE(line_of_sight(board, {0, 2}, {5, 2}).visible());
  CHECK(line_of_sight(board, {0, 2}, {5, 2}).wall);
  CHECK_FALSE(line_of_sight(board, {5, 2}, {0, 2}).visible());
  // Around the end of the wall the line is clear.
  CHECK(line_of_sight(board, {0, 4}, {5, 4}).visible());
  CHECK(line_of_sight(board, {2, 2}, {2, 5}).visible());
}

TEST_CASE("sight through a corner is stopped only when walls close it on both sides", "[sight]") {
  Grid board(4, 4);
  // The line from A1 to B2 passes exactly through the corner between A1, B1, A2 and B2.
  board.set_border({0, 0}, {1, 0}, wall());
  CHECK(line_of_sight(board, {0, 0}, {1, 1}).visible());  // the wall's end only touches the line
  board.set_border({0, 1}, {1, 1}, wall());               // a straight wall through the corner
  CHECK_FALSE(line_of_sight(board, {0, 0}, {1, 1}).visible());
  CHECK_FALSE(line_of_sight(board, {1, 1}, {0, 0}).visible());
}

TEST_CASE("objects between give cover or concealment (Platemail: Cover -2, Concealment untargetable)", "[sight]") {
  Grid board(7, 3);
  board.set_terrain({2, 1}, Terrain{.object = "wooden crate", .shelter = Shelter::Cover, .shelter_strength = 2});
  const Sight behind_crate = line_of_sight(board, {0, 1}, {6, 1});
  CHECK(behind_crate.visible());
  CHECK(behind_crate.shelter == Shelter::Cover);
  CHECK(behind_crate.strength == 2);
  board.set_terrain({4, 1}, Terrain{.object = "thick tree", .shelter = Shelter::Concealment, .shelter_strength = 2});
  CHECK(line_of_sight(board, {0, 1}, {6, 1}).shelter == Shelter::Concealment);
  CHECK_FALSE(line_of_sight(board, {0, 1}, {6, 1}).wall);
  // Objects in the end cells do not count, so sight stays symmetric.
  CHECK(line_of_sight(board, {0, 1}, {4, 1}).shelter == Shelter::Cover);
  // Unless the ruleset counts the target's own cell (Heimr's Hide).
  CHECK(line_of_sight(board, {0, 1}, {4, 1}, SightRules{.count_target_cell = true}).shelter == Shelter::Concealment);
}

TEST_CASE("line of sight is symmetric and deterministic over a cluttered map", "[sight]") {
  Grid board(20, 20);
  for (int i = 0; i < 60; ++i) {
    const Cell a{(i * 7) % 19, (i * 11) % 20};
    board.set_border(a, {a.x + 1, a.y}, wall());
  }
  board.set_terrain({9, 9}, Terrain{.object = "cart", .shelter = Shelter::Cover, .shelter_strength = 2});
  for (int a = 0; a < 400; a += 7)
    for (int b = 0; b < 400; b += 13) {
      const Cell from = board.cell_at(a), to = board.cell_at(b);
      CHECK(line_of_sight(board, from, to) == line_of_sight(board, to, from));
    }
}
