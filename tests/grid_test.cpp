#include "interpreter/core/area.hpp"
#include "interpreter/core/grid.hpp"

#include <catch2/catch.hpp>

#include "tests/support/errors.hpp"

using namespace arbiter;

TEST_CASE("labels run like a chessboard: A1 south-west, letters east, numbers north", "[grid]") {
  // Heimr: "Squares in the grid are identified just like on a chessboard, going from A1 to C3".
  const Grid heimr(3, 3);
  CHECK(heimr.cell("A1") == Cell{0, 0});
  CHECK(heimr.cell("C3") == Cell{2, 2});
  CHECK(heimr.cell("b1") == Cell{1, 0});
  CHECK(heimr.label({2, 0}) == "C1");
  const Grid wide(30, 120);
  CHECK(wide.label({26, 99}) == "AA100");
  CHECK(wide.cell("AB7") == Cell{27, 6});
}

TEST_CASE("labels past two letters, and the label text made without a string, read the same", "[grid]") {
  CHECK(format_label({701, 0}) == "ZZ1");
  CHECK(format_label({702, 9}) == "AAA10");
  CHECK(LabelText({25, 1234}).view() == "Z1235");
  CHECK(LabelText({0, 0}).view() == format_label({0, 0}));
}

TEST_CASE("an unknown cell label is an error naming the grid and the nearest cell", "[grid][errors]") {
  const Grid heimr(3, 3);
  CHECK(error_message([&] { heimr.cell("D4"); }) == "there is no cell D4 on this 3×3 grid (A1..C3); did you mean C3?");
  CHECK(error_message([&] { heimr.cell("3C"); }) ==
        "'3C' is not a cell label: write a column letter then a row number, like C3; did you mean C3?");
  CHECK_THROWS_AS(heimr.cell("A0"), Error);
  CHECK_THROWS_AS(heimr.cell(""), Error);
  CHECK_THROWS_AS(heimr.cell("ZZZZZZZZZZZZZZ1"), Error);
}

TEST_CASE("a grid of no cells or of absurd cells is an error", "[grid][errors]") {
  CHECK(error_message([] { Grid(0, 3); }) == "a grid must be between 1 and 1024 cells on each side, not 0×3");
  CHECK(error_message([] { Grid(3, 3, 0); }) == "a grid cell must be between 1 and 10000 feet across, not 0");
}

TEST_CASE("feet name the cell holding the point (Platemail: Move to X: 15, Y: 20)", "[grid]") {
  const Grid board(10, 10, 5);
  CHECK(board.cell_at_feet(15, 20) == Cell{3, 4});
  CHECK(board.cell_at_feet(17, 24) == Cell{3, 4});
  CHECK(board.feet({3, 4}) == Feet{15, 20});
  CHECK(error_message([&] { board.cell_at_feet(15, 50); }) == "X: 15, Y: 50 is outside the grid (X 0..49, Y 0..49 feet); the nearest cell is D10");
}

TEST_CASE("compass paths as Platemail writes them: S, S, SW", "[grid]") {
  CHECK(parse_directions("S, S, SW") == std::vector<Direction>{Direction::S, Direction::S, Direction::SW});
  CHECK(parse_directions("n ne  North-West") == std::vector<Direction>{Direction::N, Direction::NE, Direction::NW});
  CHECK(step({2, 2}, Direction::SW) == Cell{1, 1});
  CHECK(direction_between({1, 1}, {2, 2}) == Direction::NE);
  CHECK(error_message([] { parse_directions("S, SSW"); }) ==
        "'SSW' is not a compass direction (N, NE, E, SE, S, SW, W, NW); did you mean 'SW'?");
}

TEST_CASE("each metric counts a 4-across, 2-up move its own way", "[grid][metric]") {
  const Cell a{0, 0}, b{4, 2};
  CHECK(distance(Metric::Chebyshev, a, b) == 4);
  // d20 tactics: "Diagonals are counted as 2 squares instead of 1".
  CHECK(distance(Metric::Manhattan, a, b) == 6);
  CHECK(distance(Metric::Manhattan, a, {1, 1}) == 2);
  // 5-10-5: the second diagonal costs double.
  CHECK(distance(Metric::Alternating, a, b) == 5);
  CHECK(distance(Metric::Alternating, a, {3, 3}) == 4);
  CHECK(distance(Metric::Euclidean, a, b) == Approx(4.4721).epsilon(1e-4));
  CHECK(parse_metric("Manhattan") == Metric::Manhattan);
  CHECK_THAT(error_message([] { parse_metric("chebychev"); }), Catch::Contains("did you mean 'chebyshev'"));
}

TEST_CASE("adjacency and reach follow the metric (Platemail: melee range 5', 10' with Reach)", "[grid][metric]") {
  Grid board(10, 10, 5, Metric::Chebyshev);
  CHECK(board.adjacent({2, 2}, {3, 3}));
  CHECK_FALSE(board.adjacent({2, 2}, {2, 2}));
  CHECK(board.within_feet({2, 2}, {3, 3}, 5));
  CHECK_FALSE(board.within_feet({2, 2}, {4, 4}, 5));
  CHECK(board.within_feet({2, 2}, {4, 4}, 10));
  board.set_metric(Metric::Manhattan);
  // d20 tactics: "attacking from diagonals counts as indirect combat".
  CHECK_FALSE(board.adjacent({2, 2}, {3, 3}));
  CHECK(board.adjacent({2, 2}, {2, 3}));
}

TEST_CASE("a reach takes in the adjacent cells, and is never shorter than a cell: neighbours are as close as a grid places two", "[grid][metric]") {
  Grid tens(10, 10, 10, Metric::Chebyshev);
  CHECK(tens.reach_feet(5) == 10);
  CHECK(tens.reach_feet(20) == 20);
  CHECK(tens.within_reach({2, 2}, {3, 3}, 5));        // Platemail's 5' melee on 10' cells
  CHECK_FALSE(tens.within_reach({2, 2}, {4, 2}, 5));  // two cells are 20'
  CHECK_FALSE(tens.within_reach({2, 2}, {4, 2}, 15));
  CHECK(tens.within_reach({2, 2}, {4, 2}, 20));
  CHECK_FALSE(tens.within_feet({2, 2}, {3, 3}, 5));   // plain distances are not rounded up
  // Every adjacent cell: a diagonal neighbour is 14.1' away under euclidean (7.07' on 5' cells),
  // yet adjacent, as close as the grid places two that way ("attacks against adjacent opponents").
  tens.set_metric(Metric::Euclidean);
  CHECK(tens.within_reach({2, 2}, {3, 2}, 5));
  CHECK(tens.within_reach({2, 2}, {3, 3}, 5));
  CHECK_FALSE(tens.within_reach({2, 2}, {4, 3}, 15));  // 22.4'
  // Under manhattan a diagonal is no neighbour: 20' away, beyond a 10' reach.
  tens.set_metric(Metric::Manhattan);
  CHECK_FALSE(tens.within_reach({2, 2}, {3, 3}, 10));
  CHECK(tens.within_reach({2, 2}, {3, 3}, 20));
  // On 5' cells a reach of 5' or more is measured as it is written.
  const Grid fives(10, 10, 5, Metric::Chebyshev);
  CHECK(fives.reach_feet(5) == 5);
  CHECK(fives.within_reach({2, 2}, {3, 3}, 5));
  CHECK_FALSE(fives.within_reach({2, 2}, {4, 4}, 5));
}

TEST_CASE("areas: radius, line and cone", "[grid][area]") {
  const Grid board(10, 10, 5);
  CHECK(area_radius(board, {0, 0}, 5) == std::vector<Cell>{{0, 0}, {1, 0}, {0, 1}, {1, 1}});
  CHECK(area_radius(board, {5, 5}, 10).size() == 25);
  CHECK(area_line(board, {0, 0}, {3, 1}) == std::vector<Cell>{{0, 0}, {1, 0}, {2, 1}, {3, 1}});
  CHECK(area_line(board, {0, 0}, {2, 2}) == std::vector<Cell>{{0, 0}, {1, 1}, {2, 2}});
  // North cone, 10': the row above (3 wide) and the row above that (5 wide).
  CHECK(area_cone(board, {5, 5}, Direction::N, 10).size() == 8);
  CHECK(area_cone(board, {5, 5}, Direction::NE, 5) == std::vector<Cell>{{6, 5}, {5, 6}, {6, 6}});
}
