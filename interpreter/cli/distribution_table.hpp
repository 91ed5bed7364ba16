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

#include <nlohmann/json.hpp>

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

// The mean of a floating-point distribution `d` told as mean_held tells it, from its moments, to
// the digits its sums hold however far their values reach.
std::string mean_told(const Distribution<double>& d, const Distribution<double>::Moments& moments, int places);
// A decimal number (as decimal() and mean_held() write them) as JSON writes one: without the zeros
// that end its decimals, one kept (10.5000 → 10.5, 10.0000 → 10.0).
std::string json_number(std::string decimal);
// A probability or a deviation as `--json` gives it (prob's and roll --times'): 15 significant
// digits, all a double holds reliably here, as the mean's and the table's. --exact gives fractions.
double json_double(double value);
// A JSON object's text: the members of `before`, then `name` with `number` (a JSON number's text,
// whose digits a double may not hold: 1000000000000000010.5), then the members of `after`.
std::string json_with_number(const nlohmann::ordered_json& before, std::string_view name, const std::string& number,
                             const nlohmann::ordered_json& after);

// A small percentage to two significant figures, written out (0.000018) while that stays short,
// past 12 decimals as 3.9e-29. A double's 0 is a chance below what it holds: "<1e-300". A
// fraction is rounded exactly, however small (1999/2535… of 4e-331).
std::string two_figures(double percent);
std::string two_figures(const Fraction& percent);

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
  if (text == "0.0000") return two_figures(P(100 * p));
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

// The table's rows, each made when it is printed: a distribution may hold 50 million values, and
// the table shows a few hundred lines unless every value is asked for, so no row is kept.
class DistributionRows {
 public:
  virtual ~DistributionRows() = default;
  virtual std::size_t size() const = 0;
  virtual std::int64_t value(std::size_t i) const = 0;
  virtual double p(std::size_t i) const = 0;
  virtual bool has_fractions() const = 0;
  virtual std::string fraction(std::size_t i) const = 0;  // "15869/1296" with --exact, else empty
  // Whether row i's probability prints as "<0.0001" (not 0, yet below four decimals of a percent).
  virtual bool prints_as_zero(std::size_t i) const = 0;
  virtual DistributionRow row(std::size_t i) const = 0;
};

// The rows of outcomes (Distribution::Outcome: value, probability) in increasing order of value,
// the running sums in the probabilities' own arithmetic, each from its own end (so a far tail's is
// not 1 minus nearly 1): exact ones as whole-number weights over one denominator. What is certain
// is known by where it stands, not by a sum that floating point may leave a hair from 1: at least
// the lowest value, at most the highest, and exactly the only one are 100.0000% when the outcomes
// are every roll (`every_roll`: no explosion depth cap cut any off); nothing else is shown so
// (nor as 0.0000%).
template <class Outcome>
class OutcomeRows final : public DistributionRows {
  using P = decltype(Outcome::p);
  static constexpr bool exact = !std::is_same_v<P, double>;
  using W = std::conditional_t<exact, mpz_class, double>;  // what the running sums add

 public:
  OutcomeRows(const std::vector<Outcome>& outcomes, bool every_roll) : outcomes_(outcomes), every_roll_(every_roll) {
    if constexpr (exact) {
      WholeWeights whole = whole_weights(outcomes, [](const Outcome& outcome) -> const P& { return outcome.p; });
      weights_ = std::move(whole.weights);
      denominator_ = std::move(whole.denominator);
    } else {
      weights_.reserve(outcomes.size());
      for (const auto& outcome : outcomes) weights_.push_back(outcome.p);
    }
    at_least_.assign(outcomes.size() + 1, W(0));
    for (std::size_t i = outcomes.size(); i-- > 0;) at_least_[i] = at_least_[i + 1] + weights_[i];
    at_most_.assign(outcomes.size(), W(0));
    W below = 0;
    for (std::size_t i = 0; i < outcomes.size(); ++i) at_most_[i] = below += weights_[i];
  }

  std::size_t size() const override { return outcomes_.size(); }
  std::int64_t value(std::size_t i) const override { return outcomes_[i].value; }
  double p(std::size_t i) const override { return to_double(outcomes_[i].p); }
  bool has_fractions() const override { return exact; }
  bool prints_as_zero(std::size_t i) const override {
    if constexpr (!exact)
      if (100 * weights_[i] >= 0.0001) return false;  // most rows: no text made to know
    return p_text(i) == uncertain_in_table("0.0000");
  }
  std::string fraction(std::size_t i) const override {
    if constexpr (exact) return outcomes_[i].p.get_str();
    return {};
  }
  DistributionRow row(std::size_t i) const override {
    return {value(i), p(i), p_text(i), percent(at_least_[i], every_roll_ && i == 0),
            percent(at_most_[i], every_roll_ && i + 1 == size()), fraction(i)};
  }

 private:
  std::string percent(const W& w, bool certain) const {
    if (certain) return "100.0000";
    if constexpr (exact)
      return uncertain_in_table(decimal(100 * w, denominator_, 4));
    else
      return uncertain_in_table(decimal(100 * w, 4));
  }
  std::string p_text(std::size_t i) const { return percent(weights_[i], every_roll_ && size() == 1); }

  const std::vector<Outcome>& outcomes_;
  bool every_roll_;
  std::vector<W> weights_, at_least_, at_most_;
  mpz_class denominator_;  // of the exact weights
};

// value, probability, at least, at most, [fraction,] and a bar as long as the probability is high.
// Unless `every_row`, each run of rows whose probability prints as 0.0000% (the hundreds of an
// explosion's far tail) is one line: how many values, from which to which, and their sum.
void print_distribution(std::ostream& out, const DistributionRows& rows, bool every_row);

}  // namespace arbiter::cli
