#pragma once
// The table and text histogram `arbiter prob` and `arbiter roll --times` print.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "interpreter/core/distribution.hpp"

namespace arbiter::cli {

// `x` with `places` decimals. A fraction is rounded exactly (half to even, as a double's exact
// value is), so the decimals printed never disagree with the fraction beside them; neither form
// prints a zero as -0.0000.
std::string decimal(double x, int places);
std::string decimal(const Fraction& x, int places);

// A small percentage to two significant figures, written out (0.000018) while that stays short.
std::string two_figures(double percent);

struct DistributionRow {
  std::int64_t value = 0;
  double p = 0;                                 // for the bar
  std::string p_text, at_least_text, at_most_text;  // percentages with four decimals
  std::string fraction;                         // "15869/1296" with --exact, else empty
};

// The rows of outcomes (value, probability) in increasing order of value, the running sums in the
// probabilities' own arithmetic.
template <class P>
std::vector<DistributionRow> distribution_rows(const std::vector<std::pair<std::int64_t, P>>& outcomes) {
  P total = 0, below = 0;
  for (const auto& outcome : outcomes) total += outcome.second;
  std::vector<DistributionRow> rows;
  for (const auto& [value, p] : outcomes) {
    const P at_least = total - below;
    below += p;
    std::string fraction;
    if constexpr (!std::is_same_v<P, double>) fraction = p.get_str();
    rows.push_back({value, to_double(p), decimal(P(100 * p), 4), decimal(P(100 * at_least), 4), decimal(P(100 * below), 4),
                    std::move(fraction)});
  }
  return rows;
}

// value, probability, at least, at most, [fraction,] and a bar as long as the probability is high.
// Unless `every_row`, each run of rows whose probability prints as 0.0000% (the hundreds of an
// explosion's far tail) is one line: how many values, from which to which, and their sum.
void print_distribution(std::ostream& out, const std::vector<DistributionRow>& rows, bool every_row);

}  // namespace arbiter::cli
