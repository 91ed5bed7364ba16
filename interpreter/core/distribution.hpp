#pragma once
// Exact probability distributions of dice expressions: value → probability, in floating point or,
// on request, as exact fractions (GMP's mpq_class). Nothing here enumerates combinations: sums
// are convolutions; keep-highest/lowest-k and success counts over a pool are computed one outcome
// at a time by dynamic programming over "how many dice are still unassigned, what do the kept ones
// add up to" (the method of the icepool library); a random number of dice is a mixture. Explosions
// follow the roller's depth cap, and the distribution says how much probability the cap changed.
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include <gmpxx.h>

#include "interpreter/core/roll.hpp"

namespace arbiter {

// Whether an event can happen and whether it can fail (Distribution::bounds_at_least and the others).
struct ChanceBounds {
  bool can_happen = false;
  bool can_fail = false;
};

// A chance as a double that says what the event is: one a double rounds to 0 (the far tail of
// 1d2000!) is the smallest double, 5e-324, when the event can happen, and one it rounds to 1 is
// the largest double below 1 when the event can fail. Only an event that cannot happen reads 0,
// and only one that cannot fail reads 1, as the text of `arbiter prob` never says 0% or 100% between them.
double told_chance(double p, ChanceBounds bounds);

template <class P>
struct Distribution {
  struct Outcome {
    std::int64_t value = 0;
    P p = 0;
  };
  // Only the values it can take, each with a probability above 0, in increasing order: as many as
  // it has, however far apart (1d6^24 is six values from 1 to 6^24).
  std::vector<Outcome> outcomes;
  P cut_off = 0;  // probability of the outcomes where the explosion depth cap stopped a die

  static Distribution point(std::int64_t value);
  std::int64_t low() const { return outcomes.front().value; }
  std::int64_t high() const { return outcomes.back().value; }
  P probability(std::int64_t value) const;
  P at_least(std::int64_t value) const;
  P at_most(std::int64_t value) const;
  // Whether rolling `value`, at least it or at most it can happen, and whether it can fail: what a
  // chance told as a double must not hide (told_chance).
  ChanceBounds bounds_of_value(std::int64_t value) const;
  ChanceBounds bounds_at_least(std::int64_t value) const;
  ChanceBounds bounds_at_most(std::int64_t value) const;
  // The mean and the variance of the rolls that are made (outcomes weigh 1 - cut_off in all: a
  // roll past a depth cap is refused). The mean is told as `origin`, the number of [low, high] nearest 0,
  // plus its distance from it: near ±2^63 a double holds no fraction (the mean of 1d2 -
  // 9223372036854775807 - 2 is -9223372036854775807.5), and each value's distance from it fits
  // 64 bits.
  struct Moments {
    std::int64_t origin = 0;
    P from_origin = 0;
    P variance = 0;
    P mean() const { return P(static_cast<long>(origin)) + from_origin; }  // a double's, rounded
  };
  Moments moments() const;

 private:
  std::int64_t origin() const;
};

using Fraction = mpq_class;

// Probabilities as whole numbers over their least common denominator: a sum of many of them adds
// whole numbers, where a sum of fractions reduces each step by a gcd (a million of them for the
// running sums of 1d1000000).
struct WholeWeights {
  std::vector<mpz_class> weights;  // in the order given
  mpz_class denominator;
};
// Of each item's probability, `probability(item)`.
template <class Items, class Probability>
WholeWeights whole_weights(const Items& items, Probability probability) {
  WholeWeights out{{}, 1};
  for (const auto& item : items)
    mpz_lcm(out.denominator.get_mpz_t(), out.denominator.get_mpz_t(), probability(item).get_den_mpz_t());
  out.weights.reserve(std::size(items));
  for (const auto& item : items) {
    const Fraction& p = probability(item);
    out.weights.emplace_back(p.get_num() * (out.denominator / p.get_den()));
  }
  return out;
}

struct DistributionBudget {
  std::uint64_t max_steps = 400'000'000;  // elementary multiply-adds (exact: of words, see below)
  // The most values one distribution (or a working table of sums) may hold, what the memory it
  // takes counts: its values, not the span from its lowest to its highest.
  std::int64_t max_values = 50'000'000;
};

// Exact fractions count the words of their numbers multiplied, which this machine does at some
// 0.5 to 1.7 billion a second: about as many seconds at most as floating point's budget takes.
inline constexpr DistributionBudget exact_budget{2'000'000'000, 50'000'000};

// Throws arbiter::Error when the expression cannot be computed exactly (a keep/drop over dice
// that explode into separate dice) or needs more than the budget: the message suggests sampling.
Distribution<double> distribution_of(const Roller& roller, const DistributionBudget& budget = {});
Distribution<Fraction> exact_distribution_of(const Roller& roller, const DistributionBudget& budget = exact_budget);

// a / b as a probability (b > 0).
template <class P>
P ratio(std::int64_t a, std::int64_t b);
template <>
double ratio<double>(std::int64_t a, std::int64_t b);
template <>
Fraction ratio<Fraction>(std::int64_t a, std::int64_t b);

double to_double(double p);
double to_double(const Fraction& p);

}  // namespace arbiter
