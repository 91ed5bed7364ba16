#pragma once
// The table and text histogram `arbiter prob` and `arbiter roll --times` print.
#include <algorithm>
#include <cmath>
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
// numerator / denominator (above 0), unreduced, the same way.
std::string decimal(const mpz_class& numerator, const mpz_class& denominator, int places);
// A double with at most `places` decimals and no more significant digits than it holds here
// (15, as the JSON gives): fewer decimals as it grows, and past 15 whole digits in scientific
// notation (a standard deviation near 2^63: 6.52190891266639e+18, not 6521908912666391552.0000).
std::string decimal_held(double x, int places);
// The mean of a floating-point distribution, `origin` (exact) plus `from_origin`, with no more
// digits than its sums hold: each sum's error grows with the values' distance from the origin, so
// those of a double (15 significant) as large as the farthest, `reach`. The origin's own digits
// are exact (d20 + 10^18: 1000000000000000010.5000). At most `places` decimals, fewer as `reach`
// grows; past 15 whole digits of it, in scientific notation to the last digit held (1d1000000 *
// 10^15: 5.000005e+20, not 500000500000000000000.0000, whose last digits no sum holds).
std::string mean_held(std::int64_t origin, double from_origin, double reach, int places);

// A small percentage to two significant figures, written out (0.000018) while that stays short.
std::string two_figures(double percent);

// A percentage with four decimals, as the table shows them, of a probability that is not certain,
// which must never read as certain nor as impossible: ">99.9999" for one that rounds to 100,
// "<0.0001" for one that rounds to 0.
std::string uncertain_in_table(std::string four_decimals);

// A probability `p` strictly between 0 and 1 as a percentage that reads as neither: four decimals,
// or as many as it takes to show it (two significant figures: 0.0000017) or, near 1, its
// complement `1 - p` (99.9999983), up to 12; past them ">99.999999999999".
template <class P>
std::string uncertain_percent(const P& p, const P& complement) {
  constexpr int most_places = 12;
  const std::string text = decimal(P(100 * p), 4);
  if (text == "0.0000") return two_figures(to_double(P(100 * p)));
  if (text != "100.0000") return text;
  const double missing = to_double(P(100 * complement));
  const int places = missing > 0 ? std::max(4, 1 - static_cast<int>(std::floor(std::log10(missing)))) : most_places + 1;
  if (places <= most_places)
    if (std::string closer = decimal(P(100 * p), places); !closer.starts_with("100")) return closer;
  return ">99." + std::string(static_cast<std::size_t>(std::min(places, most_places)), '9');
}

struct DistributionRow {
  std::int64_t value = 0;
  double p = 0;                                 // for the bar
  std::string p_text, at_least_text, at_most_text;  // percentages with four decimals
  std::string fraction;                         // "15869/1296" with --exact, else empty
};

// distribution_rows' work (below): the probabilities as `weights` (numbers to add) and the percentage,
// four decimals, of a sum of them.
template <class P, class W, class Percent>
std::vector<DistributionRow> rows_of(const std::vector<std::pair<std::int64_t, P>>& outcomes,
                                     const std::vector<W>& weights, const Percent& percent_of) {
  std::vector<W> at_least(outcomes.size() + 1, W(0));
  for (std::size_t i = outcomes.size(); i-- > 0;) at_least[i] = at_least[i + 1] + weights[i];
  W below = 0;
  const auto percent = [&](const W& w, bool certain) {
    return certain ? std::string("100.0000") : uncertain_in_table(percent_of(w));
  };
  std::vector<DistributionRow> rows;
  rows.reserve(outcomes.size());
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const auto& [value, p] = outcomes[i];
    below += weights[i];
    std::string fraction;
    if constexpr (!std::is_same_v<P, double>) fraction = p.get_str();
    const bool first = i == 0, last = i + 1 == outcomes.size();
    rows.push_back({value, to_double(p), percent(weights[i], first && last), percent(at_least[i], first),
                    percent(below, last), std::move(fraction)});
  }
  return rows;
}

// The rows of outcomes (value, probability) in increasing order of value, the running sums in the
// probabilities' own arithmetic, each from its own end (so a far tail's is not 1 minus nearly 1):
// exact ones as whole-number weights over one denominator. What is certain is known by where it
// stands, not by a sum that floating point may leave a hair from 1: at least the lowest value, at
// most the highest, and exactly the only one are 100.0000%; nothing else is shown so (nor as
// 0.0000%).
template <class P>
std::vector<DistributionRow> distribution_rows(const std::vector<std::pair<std::int64_t, P>>& outcomes) {
  if constexpr (std::is_same_v<P, double>) {
    std::vector<double> weights;
    for (const auto& outcome : outcomes) weights.push_back(outcome.second);
    return rows_of(outcomes, weights, [](double w) { return decimal(100 * w, 4); });
  } else {
    const WholeWeights whole = whole_weights(outcomes, [](const auto& outcome) -> const P& { return outcome.second; });
    return rows_of(outcomes, whole.weights,
                   [&](const mpz_class& w) { return decimal(100 * w, whole.denominator, 4); });
  }
}

// value, probability, at least, at most, [fraction,] and a bar as long as the probability is high.
// Unless `every_row`, each run of rows whose probability prints as 0.0000% (the hundreds of an
// explosion's far tail) is one line: how many values, from which to which, and their sum.
void print_distribution(std::ostream& out, const std::vector<DistributionRow>& rows, bool every_row);

}  // namespace arbiter::cli
