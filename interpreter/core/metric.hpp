#pragma once
// How a ruleset counts distance on the grid. Distances are in cells; multiply by the grid's scale
// for feet.
//   Chebyshev   — every step, diagonal or not, is one cell (Platemail's 5' squares).
//   Manhattan   — only orthogonal steps; a diagonal neighbour is two cells away (d20 tactics:
//                 "diagonals are counted as 2 squares"; Heimr: "only along horizontal or vertical axes").
//   Alternating — diagonals alternate 1, 2, 1, 2 … (the 5-10-5 rule).
//   Euclidean   — straight-line distance between cell centres.
#include <cstdint>
#include <string_view>

#include "interpreter/core/coordinates.hpp"

namespace arbiter {

enum class Metric : std::uint8_t { Chebyshev, Manhattan, Alternating, Euclidean };

std::string_view name(Metric metric);  // "chebyshev", "manhattan", "alternating", "euclidean"
Metric parse_metric(std::string_view text);  // those names; throws arbiter::Error with a did-you-mean

double distance(Metric metric, Cell a, Cell b);

// Whether a character may step diagonally under this metric (Manhattan: no).
bool allows_diagonal_steps(Metric metric);

// Adjacent: one step apart (king's move; orthogonal only under Manhattan). A cell is not adjacent
// to itself.
bool adjacent(Metric metric, Cell a, Cell b);

}  // namespace arbiter
