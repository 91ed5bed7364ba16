#include "interpreter/core/declared_path.hpp"
#include "interpreter/core/pathfinder.hpp"

#include <catch2/catch.hpp>

#include "tests/support/errors.hpp"

using namespace arbiter;

namespace {
Border wall() { return Border{.name = "stone wall", .blocks_movement = true, .blocks_sight = true, .toughness = 6}; }

// A wall along the east side of column x from row 0 up to (not including) row `gap`.
void wall_east_of(Grid& grid, int x, int gap) {
  for (int y = 0; y < gap; ++y) grid.set_border({x, y}, {x + 1, y}, wall());
}
}  // namespace

TEST_CASE("A* goes around a wall through the gap", "[paths]") {
  Grid board(6, 6);
  wall_east_of(board, 2, 5);  // the only way east is through row 6
  PathFinder paths(board);
  const auto path = paths.shortest({0, 0}, {5, 0});
  REQUIRE(path);
  CHECK(path->steps.back() == Cell{5, 0});
  CHECK(std::find(path->steps.begin(), path->steps.end(), Cell{3, 5}) != path->steps.end());
  // Up to B6 (5 steps, diagonals cost 1 on Chebyshev), east through the gap (the diagonal would
  // cut the wall's end), down to F1 (5 steps).
  CHECK(path->feet == 55);
  for (std::size_t i = 1; i < path->steps.size(); ++i)
    CHECK(check_step(board, {}, path->steps[i - 1], path->steps[i]).obstacle == StepObstacle::None);
}

TEST_CASE("A* reports no path when walls enclose the goal", "[paths]") {
  Grid board(4, 4);
  for (Cell n : {Cell{1, 2}, Cell{3, 2}, Cell{2, 1}, Cell{2, 3}}) board.set_border({2, 2}, n, wall());
  PathFinder paths(board);
  CHECK_FALSE(paths.shortest({0, 0}, {2, 2}));
  CHECK(paths.shortest({0, 0}, {3, 3}));  // corners of the box can still be passed on the outside
}

TEST_CASE("path costs follow the metric, terrain and border costs", "[paths]") {
  Grid board(6, 6, 5, Metric::Manhattan);
  PathFinder manhattan(board);
  // d20 tactics: "Units cannot move diagonally".
  CHECK(manhattan.shortest({0, 0}, {2, 2})->feet == 20);
  board.set_metric(Metric::Alternating);
  PathFinder alternating(board);
  CHECK(alternating.shortest({0, 0}, {3, 3})->feet == 20);  // 5 + 10 + 5
  board.set_metric(Metric::Chebyshev);
  board.set_terrain({1, 0}, Terrain{.name = "mud", .difficult = true});
  PathFinder chebyshev(board);
  const auto around_mud = chebyshev.shortest({0, 0}, {2, 0});
  CHECK(around_mud->feet == 10);  // two diagonals beat 10' of mud and 5' more
  CHECK(around_mud->steps.front() == Cell{1, 1});
  Grid corridor(3, 1);
  corridor.set_border({0, 0}, {1, 0}, Border{.name = "thick vegetation", .extra_cost = 2});
  CHECK(PathFinder(corridor).shortest({0, 0}, {2, 0})->feet == 20);  // 5 + 10 for the vegetation + 5
}

TEST_CASE("paths walk around occupied cells and stop short of an occupied goal", "[paths]") {
  Grid corridor(5, 1);
  PathFinder paths(corridor);
  const std::vector<Cell> orc{{4, 0}};
  // Platemail's Charge: "Move up to 15 feet" toward the closest enemy.
  const Path charge = paths.toward({0, 0}, {4, 0}, 15, 0, orc);
  CHECK(charge.steps == std::vector<Cell>{{1, 0}, {2, 0}, {3, 0}});
  CHECK(charge.feet == 15);
  const Path move = paths.toward({0, 0}, {4, 0}, 10, 0, orc);
  CHECK(move.steps.size() == 2);
  const Path adjacent = paths.toward({0, 0}, {4, 0}, 30, 5);
  CHECK(adjacent.steps.back() == Cell{3, 0});
  const std::vector<Cell> blocker{{2, 0}};
  CHECK_FALSE(paths.shortest({0, 0}, {4, 0}, blocker));
}

TEST_CASE("moving away from hostiles picks the reachable cell farthest from them (Platemail: Fall Back)", "[paths]") {
  Grid board(10, 10);
  PathFinder paths(board);
  const std::vector<Cell> orcs{{5, 5}, {6, 5}};
  const Path back = paths.away_from({4, 5}, orcs, 15);
  REQUIRE(back.steps.size() == 3);
  CHECK(back.steps.back().x == 1);
  CHECK(back.feet == 15);
  CHECK(paths.away_from({4, 5}, {}, 15).steps.empty());
}

TEST_CASE("a declared path is checked step by step (Platemail: S, S, SW)", "[paths][errors]") {
  Grid board(3, 3);
  const auto path = check_declared_path(board, {}, board.cell("B3"), parse_directions("S, SW"));
  CHECK(path.steps.back() == board.cell("A1"));
  CHECK(path.feet == 10);
  board.set_border(board.cell("B2"), board.cell("B1"), wall());
  CHECK(error_message([&] { check_declared_path(board, {}, board.cell("B3"), parse_directions("S, S, SW")); }) ==
        "step 2 (S, from B2 to B1) is not possible: it crosses the stone wall between B2 and B1");
  CHECK(error_message([&] { check_declared_path(board, {}, board.cell("B2"), parse_directions("SW")); }) ==
        "step 1 (SW, from B2 to A1) is not possible: it cuts the corner of a wall or an impassable cell");
  CHECK(error_message([&] { check_declared_path(board, {}, board.cell("A1"), parse_directions("W")); }) ==
        "step 1 (W, from A1) is not possible: it leaves the grid (A1..C3)");
  CHECK(error_message([&] { check_declared_path(board, {}, board.cell("A1"), parse_directions("N, N, E, E"), 15.0); }) ==
        "step 4 (E, from B3 to C3) goes past the 15' allowed: the path costs 20' by then");
  board.set_metric(Metric::Manhattan);
  CHECK_THAT(error_message([&] { check_declared_path(board, {}, board.cell("A1"), parse_directions("NE")); }),
             Catch::Contains("moves only north, south, east or west"));
}

TEST_CASE("Heimr heights: 'freely move around as long as the height difference is no more than one'", "[paths]") {
  Grid heimr(3, 1);
  heimr.set_terrain({1, 0}, Terrain{.height = 1});
  heimr.set_terrain({2, 0}, Terrain{.height = 3});
  CHECK(check_step(heimr, {}, {0, 0}, {1, 0}).obstacle == StepObstacle::None);
  const StepCheck up = check_step(heimr, {}, {1, 0}, {2, 0});
  CHECK(up.obstacle == StepObstacle::TooHigh);
  CHECK(check_step(heimr, {}, {2, 0}, {1, 0}).obstacle == StepObstacle::None);  // jumping down is free
  // Told by the limit, not by a climb no ruleset's action gives (docs/encounters.md, the terrain).
  CHECK(describe(heimr, up, {1, 0}, {2, 0}) == "C1 is 2 levels higher than B1: a step rises at most 1 level");
}
