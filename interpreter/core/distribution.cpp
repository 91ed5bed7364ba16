#include "interpreter/core/distribution.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include <fmt/format.h>

#include "interpreter/core/checked.hpp"

namespace arbiter {

namespace {

using dice::Explosion;

// GMP has no power of a fraction; powers of numerator and denominator are exact.
Fraction raised(const Fraction& base, unsigned long exponent) {
  mpz_class num, den;
  mpz_pow_ui(num.get_mpz_t(), base.get_num_mpz_t(), exponent);
  mpz_pow_ui(den.get_mpz_t(), base.get_den_mpz_t(), exponent);
  Fraction out(num, den);
  out.canonicalize();
  return out;
}

// The probability that at least one of n independent events of probability p happens, without
// losing a tiny p to rounding in floating point.
double any_of(double p, std::int64_t n) { return -std::expm1(static_cast<double>(n) * std::log1p(-p)); }
Fraction any_of(const Fraction& p, std::int64_t n) { return 1 - raised(1 - p, static_cast<unsigned long>(n)); }

// A chance known not to be 0, kept so in floating point: one below the smallest a double holds
// (what the depth cap cuts off 1d2000!, 2000^-101) is that smallest, never 0, or what the cap cut
// off would read as nothing and every roll made as certain.
double not_zero(double p) { return p > 0 ? p : std::numeric_limits<double>::denorm_min(); }
const Fraction& not_zero(const Fraction& p) { return p; }

// P(X = j) for X ~ Binomial(r, q), j = 0 … limit (and 0 beyond r). Up to 1000 dice the binomial
// coefficient fits a double and the direct product is the most accurate; beyond, logarithms keep
// the coefficient from overflowing and q^j from underflowing.
std::vector<double> binomial_row(std::int64_t r, const double& q, const double& not_q, std::int64_t limit) {
  std::vector<double> row(static_cast<std::size_t>(limit + 1), 0.0);
  if (q <= 0.0) {
    row[0] = 1.0;
    return row;
  }
  if (q >= 1.0) {
    if (r <= limit) row[static_cast<std::size_t>(r)] = 1.0;
    return row;
  }
  const auto rd = static_cast<double>(r);
  if (r <= 1000) {
    double choose = 1;
    for (std::int64_t j = 0; j <= std::min(r, limit); ++j) {
      const auto jd = static_cast<double>(j);
      row[static_cast<std::size_t>(j)] = choose * std::pow(q, jd) * std::pow(not_q, rd - jd);
      choose = choose * (rd - jd) / (jd + 1);
    }
    return row;
  }
  const double lq = std::log(q), lnq = std::log(not_q), lr = std::lgamma(rd + 1);
  for (std::int64_t j = 0; j <= std::min(r, limit); ++j) {
    const auto jd = static_cast<double>(j);
    const double lc = lr - std::lgamma(jd + 1) - std::lgamma(rd - jd + 1);
    row[static_cast<std::size_t>(j)] = std::exp(lc + jd * lq + (rd - jd) * lnq);
  }
  return row;
}

std::vector<Fraction> binomial_row(std::int64_t r, const Fraction& q, const Fraction& not_q, std::int64_t limit) {
  std::vector<Fraction> row(static_cast<std::size_t>(limit + 1), Fraction(0));
  mpz_class choose = 1;
  Fraction q_power = 1;
  for (std::int64_t j = 0; j <= std::min(r, limit); ++j) {
    const Fraction rest = raised(not_q, static_cast<unsigned long>(r - j));
    row[static_cast<std::size_t>(j)] = Fraction(choose) * q_power * rest;
    choose = choose * (r - j) / (j + 1);
    q_power *= q;
  }
  return row;
}

// high - low, saturated: faces near both ends of 64 bits (d{9223372036854775807,-9223372036854775807})
// overflow the subtraction.
std::int64_t span(std::int64_t low, std::int64_t high) {
  std::int64_t out;
  return __builtin_sub_overflow(high, low, &out) ? std::numeric_limits<std::int64_t>::max() : out;
}

// What one insert into an ordered map costs, counted in the budget's multiply-add steps.
constexpr std::int64_t map_insert_cost = 20;

template <class P>
class Engine {
 public:
  Engine(const Roller& roller, const DistributionBudget& budget) : roller_(roller), budget_(budget) {}

  Distribution<P> evaluate(const dice::Expr& expr) {
    return std::visit(
        [&](const auto& node) -> Distribution<P> {
          using T = std::decay_t<decltype(node)>;
          if constexpr (std::is_same_v<T, dice::Number>) return Distribution<P>::point(node.value);
          if constexpr (std::is_same_v<T, dice::DiceTerm>)
            return located_at(roller_.expression(), node.faces_column, [&] { return term(node); });
          if constexpr (std::is_same_v<T, dice::Binary>) {
            auto left = evaluate(*node.left);
            auto right = evaluate(*node.right);
            return located_at(roller_.expression(), expr.column, [&] {
              if (node.op == '+') return convolve(left, right);
              if (node.op == '-') return convolve(left, negated(right));
              return combine(left, right,
                             [op = node.op](std::int64_t a, std::int64_t b) { return checked::apply(op, a, b); });
            });
          }
          if constexpr (std::is_same_v<T, dice::Negate>) {
            auto operand = evaluate(*node.operand);
            return located_at(roller_.expression(), expr.column, [&] { return negated(std::move(operand)); });
          }
          if constexpr (std::is_same_v<T, dice::Compare>) {
            auto left = evaluate(*node.left);
            auto right = evaluate(*node.right);
            return combine(left, right, [op = node.op](std::int64_t a, std::int64_t b) -> std::int64_t {
              return meets(dice::ComparePoint{op, b, {}}, a, {}) ? 1 : 0;
            });
          }
          if constexpr (std::is_same_v<T, dice::Group>) return evaluate(*node.inner);
        },
        expr.node);
  }

 private:
  void spend(std::uint64_t steps) {
    spent_ += steps;
    if (spent_ > budget_.max_steps) too_much();
  }
  [[noreturn]] void too_much() const {
    const auto& text = roller_.expression().text;
    throw Error(fmt::format(
        "the exact distribution of {} is too much work (more than {} steps); estimate it by sampling instead: "
        "arbiter roll '{}' --times 100000",
        text, budget_.max_steps, text));
  }

  // `most`: the limit hit, budget_.max_values or, for values filed apart, an eighth of it, said
  // as such (`kind`), so that the number named is the one passed.
  [[noreturn]] void too_many_values(std::int64_t most, std::string_view kind = "") const {
    const auto& text = roller_.expression().text;
    throw Error(fmt::format("the exact distribution of {} has too many values (more than {}{}) to weigh; estimate it "
                            "by sampling instead: arbiter roll '{}' --times 100000",
                            text, most, kind, text));
  }
  [[noreturn]] void too_many_values() const { too_many_values(budget_.max_values); }

  // Sums filed by value, `fill(slot)` adding into slot(value) for values from `low` to `high`
  // (`products` additions): in an array over the span when it is no wider than the work that
  // fills it, else in an ordered map, each insert counted in the budget, so that values far apart
  // (1d6^10 + 1d6^10) cost what they are, not their span. The sums of the values filled, by value.
  // Where a product may round to 0 (`may_vanish`: a double below 5e-324, the far end of 420d6)
  // the values filled are marked as they are, since a 0 there is no impossible value; elsewhere a
  // sum of positive products is 0 only where nothing was filled.
  template <class Sum, class Fill>
  std::vector<std::pair<std::int64_t, Sum>> sums(std::int64_t low, std::int64_t high, std::uint64_t products,
                                                 bool may_vanish, Fill fill) {
    std::vector<std::pair<std::int64_t, Sum>> out;
    const std::int64_t width = span(low, high);
    if (width < budget_.max_values && static_cast<std::uint64_t>(width) <= 4 * products + 64) {
      spend(static_cast<std::uint64_t>(width));
      std::vector<Sum> dense(static_cast<std::size_t>(width) + 1, Sum(0));
      std::vector<bool> filled;
      if (may_vanish) {
        filled.assign(dense.size(), false);
        fill([&](std::int64_t value) -> Sum& {
          const auto i = static_cast<std::size_t>(value - low);
          filled[i] = true;
          return dense[i];
        });
      } else {
        fill([&](std::int64_t value) -> Sum& { return dense[static_cast<std::size_t>(value - low)]; });
      }
      for (std::size_t i = 0; i < dense.size(); ++i)
        if (may_vanish ? filled[i] : dense[i] != 0) out.emplace_back(low + static_cast<std::int64_t>(i), std::move(dense[i]));
      return out;
    }
    spend(products * map_insert_cost);
    std::map<std::int64_t, Sum> sparse;
    // A map's entry takes some eight times a dense one's memory.
    const std::int64_t most = budget_.max_values / 8;
    fill([&](std::int64_t value) -> Sum& {
      Sum& slot = sparse[value];
      if (sparse.size() > static_cast<std::size_t>(most)) too_many_values(most, " filed apart, far from each other");
      return slot;
    });
    for (auto& [value, sum] : sparse) out.emplace_back(value, std::move(sum));  // each one filled
    return out;
  }

  // Whether a product of a probability of `a` and one of `b` may round to 0: only in floating
  // point, where the smallest of each multiplied is 0 (below 5e-324, or an outcome already such).
  static bool may_vanish(const Distribution<P>& a, const Distribution<P>& b) {
    if constexpr (std::is_same_v<P, double>) {
      const auto smallest = [](const Distribution<P>& d) {
        double out = 1;
        for (const auto& outcome : d.outcomes) out = std::min(out, outcome.p);
        return out;
      };
      return smallest(a) * smallest(b) == 0;
    } else {
      return false;
    }
  }

  static Distribution<P> from_sums(std::vector<std::pair<std::int64_t, P>> sums) {
    Distribution<P> d;
    d.outcomes.reserve(sums.size());
    for (auto& [value, p] : sums) d.outcomes.push_back({value, std::move(p)});
    return d;
  }

  // Every value filed is one reached: a double's 0 there is a probability below what it holds.
  static Distribution<P> from_sparse(const std::map<std::int64_t, P>& sparse) {
    Distribution<P> d;
    for (const auto& [value, p] : sparse) d.outcomes.push_back({value, p});
    return d;
  }

  Distribution<P> convolve(const Distribution<P>& a, const Distribution<P>& b) {
    if constexpr (std::is_same_v<P, Fraction>) return convolve_in_weights(a, b);
    const auto products = static_cast<std::uint64_t>(a.outcomes.size()) * b.outcomes.size();
    spend(products);
    auto out = from_sums(sums<P>(checked::add(a.low(), b.low()), checked::add(a.high(), b.high()), products,
                                 may_vanish(a, b), [&](auto&& slot) {
                                   for (const auto& x : a.outcomes)
                                     for (const auto& y : b.outcomes) slot(x.value + y.value) += x.p * y.p;
                                 }));
    out.cut_off = a.cut_off + b.cut_off - a.cut_off * b.cut_off;
    return out;
  }

  // What one multiply-add of these numbers costs, in word multiply-adds: 1 for floating point; for
  // fractions, the words of their longest denominator. Exact work is budgeted in these.
  static std::uint64_t words(const mpz_class& n) { return static_cast<std::uint64_t>(mpz_size(n.get_mpz_t())) + 1; }
  static std::uint64_t words(const Distribution<P>& d) {
    if constexpr (std::is_same_v<P, double>) {
      return 1;
    } else {
      std::uint64_t most = 1;
      for (const auto& outcome : d.outcomes) most = std::max(most, words(outcome.p.get_den()));
      return most;
    }
  }
  // A fraction's += reduces it (a gcd), which costs about this many word multiply-adds for each
  // word of the numbers squared: measured on 1000d6, where reducing is most of the time.
  static constexpr std::uint64_t reduction_cost = std::is_same_v<P, double> ? 1 : 8;

  // convolve() for exact fractions: each side as whole-number weights over its common denominator,
  // so the n·m multiply-adds need no gcd (a fraction's += reduces at every step, which made 300d6
  // take seconds); only the n + m - 1 results are reduced. A step costs as much as its numbers
  // are long: the budget counts words multiplied, so a pool's growing denominators count.
  Distribution<P> convolve_in_weights(const Distribution<P>& a, const Distribution<P>& b) {
    const auto [a_weights, a_denominator] = weights_of(a);
    const auto [b_weights, b_denominator] = weights_of(b);
    const auto products = static_cast<std::uint64_t>(a.outcomes.size()) * b.outcomes.size();
    spend(products * words(a_denominator) * words(b_denominator));
    auto weights = sums<mpz_class>(
        checked::add(a.low(), b.low()), checked::add(a.high(), b.high()), products, false, [&](auto&& slot) {
          for (std::size_t i = 0; i < a_weights.size(); ++i)
            for (std::size_t j = 0; j < b_weights.size(); ++j)
              mpz_addmul(slot(a.outcomes[i].value + b.outcomes[j].value).get_mpz_t(), a_weights[i].get_mpz_t(),
                         b_weights[j].get_mpz_t());
        });
    const mpz_class denominator = a_denominator * b_denominator;
    spend(static_cast<std::uint64_t>(weights.size()) * words(denominator) * words(denominator) * reduction_cost);
    Distribution<P> out;
    out.outcomes.reserve(weights.size());
    for (auto& [value, weight] : weights) {
      out.outcomes.push_back({value, Fraction(weight, denominator)});
      out.outcomes.back().p.canonicalize();
    }
    out.cut_off = a.cut_off + b.cut_off - a.cut_off * b.cut_off;
    return out;
  }

  static WholeWeights weights_of(const Distribution<P>& d) {
    return whole_weights(d.outcomes, [](const auto& outcome) -> const Fraction& { return outcome.p; });
  }

  Distribution<P> negated(Distribution<P> d) {
    std::reverse(d.outcomes.begin(), d.outcomes.end());
    for (auto& outcome : d.outcomes) outcome.value = checked::negate(outcome.value);
    return d;
  }

  // Any other operation of two values (*, /, ^, a comparison): where the results fall is known
  // only once computed, so they are filed as they come.
  template <class F>
  Distribution<P> combine(const Distribution<P>& a, const Distribution<P>& b, F f) {
    const auto products = static_cast<std::uint64_t>(a.outcomes.size()) * b.outcomes.size();
    spend(products * words(a) * words(b) * reduction_cost);
    auto out = from_sums(sums<P>(std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(),
                                 products, may_vanish(a, b), [&](auto&& slot) {
                                   for (const auto& x : a.outcomes)
                                     for (const auto& y : b.outcomes) slot(f(x.value, y.value)) += x.p * y.p;
                                 }));
    out.cut_off = a.cut_off + b.cut_off - a.cut_off * b.cut_off;
    return out;
  }

  // ---- one dice term ----

  Distribution<P> term(const dice::DiceTerm& node) {
    const auto count = node.count ? evaluate(*node.count) : Distribution<P>::point(1);
    const PreparedTerm& prepared = roller_.terms()[next_term_++];
    if (count.low() < 0)
      throw error_at(roller_.expression(), node.count->column, "cannot roll a negative number of dice");
    // Counted as a roll counts them, at the most each term may ask for: a distribution weighs
    // every roll, so it holds none that a roll would refuse.
    const auto& limits = roller_.limits();
    check_dice_asked(roller_.expression(), node, count.high(), most_dice_asked_, limits, true);
    const std::int64_t per_die = most_dice_per_die(prepared, limits);
    std::int64_t most = std::numeric_limits<std::int64_t>::max();
    __builtin_mul_overflow(count.high(), per_die, &most);  // saturated: only compared with the limit
    if (per_die > 1)
      check_dice_asked(roller_.expression(), node, most, most_dice_asked_, limits, true,
                       {dice_per_die_note(prepared, per_die)});
    most_dice_asked_ += most;
    const auto one = one_die(prepared);
    // A mixture over the number of dice: P(total) = Σ_n P(n dice) P(total | n dice).
    std::map<std::int64_t, P> mixed;
    P cut_off = count.cut_off;
    for (const auto& [dice, p_dice] : count.outcomes) {
      const auto pool = pool_of(prepared, one, dice);
      spend(static_cast<std::uint64_t>(pool.outcomes.size()) * words(pool) * words(count) * reduction_cost);
      for (const auto& [value, p] : pool.outcomes) mixed[value] += p_dice * p;
      if (pool.cut_off > 0) cut_off += not_zero(p_dice * pool.cut_off);
    }
    auto out = from_sparse(mixed);
    out.cut_off = cut_off;
    return out;
  }

  // How one die may roll `per_die` dice: "each d2 of 1d2! may roll 101 dice: …".
  std::string dice_per_die_note(const PreparedTerm& t, std::int64_t per_die) const {
    const std::int64_t cap = roller_.limits().explode_depth;
    const bool rerolled_once = t.reroll_on && t.term->reroll->once;
    std::string how = t.explode_on
                          ? fmt::format("itself and the {} its explosions may add (the explosion depth cap)", cap)
                          : "itself";
    how += rerolled_once ? (t.explode_on ? ", each rerolled once" : " and its reroll") : "";
    return fmt::format("each {} of {} may roll {} dice: {}; a distribution weighs every roll, and a roll past the "
                       "limit is refused",
                       t.die.name(), dice::to_string(*t.term), per_die, how);
  }

  // One die (with its explosion chain), as what it adds to the term (`contribution`: its value, or
  // ±1 for a success or failure) and, for keep/drop, the value it is ranked by (`key`).
  struct OneDie {
    Distribution<P> contribution;  // when nothing is kept or dropped
    std::map<std::int64_t, P> keys;  // keep/drop only: the die's value → probability
    bool counts_successes = false;
  };

  std::int64_t score(const PreparedTerm& t, std::int64_t value, std::string_view symbol) const {
    return t.successes ? success_count(t, value, symbol).score() : value;
  }

  std::int64_t clamped(const PreparedTerm& t, std::int64_t value) const {
    if (t.term->min) value = std::max(value, *t.term->min);
    if (t.term->max) value = std::min(value, *t.term->max);
    return value;
  }

  // The probability of each face after rerolls: `r` conditions on not matching, `ro` mixes in
  // one fresh roll with the probability of matching.
  std::vector<P> settled_faces(const PreparedTerm& t) {
    const Die& die = t.die;
    const auto n = static_cast<std::int64_t>(die.size());
    spend(static_cast<std::uint64_t>(map_insert_cost * n));  // the caller files every face in a map
    std::vector<P> faces(die.size(), ratio<P>(1, n));
    if (!t.reroll_on) return faces;
    std::int64_t matched = 0;
    for (std::size_t f = 0; f < die.size(); ++f) matched += meets(*t.reroll_on, die.value(f), die.symbol(f));
    for (std::size_t f = 0; f < die.size(); ++f) {
      const bool match = meets(*t.reroll_on, die.value(f), die.symbol(f));
      if (t.term->reroll->once)
        faces[f] = ratio<P>((match ? 0 : n) + matched, n * n);
      else
        faces[f] = match ? P(0) : ratio<P>(1, n - matched);
    }
    return faces;
  }

  // The sum of what a chain of explosions adds, from the depth cap back to the first die:
  // chain(d) = Σ_{faces that stop} p δ(c_d(face)) + Σ_{faces that explode} p δ(c_d(face)) ⊛ chain(d+1).
  // `per_die(face, depth)` is what one die of the chain adds.
  template <class PerDie>
  Distribution<P> chain(const PreparedTerm& t, const std::vector<P>& faces, PerDie per_die, P& cut_off) {
    const Die& die = t.die;
    const std::int64_t cap = roller_.limits().explode_depth;
    refuse_a_chain_too_big(t, faces, per_die);
    spend(static_cast<std::uint64_t>(map_insert_cost * (cap + 1)) * die.size());  // the faces filed at each depth
    P exploding_mass = 0;
    for (std::size_t f = 0; f < die.size(); ++f)
      if (meets(*t.explode_on, die.value(f), die.symbol(f))) exploding_mass += faces[f];
    Distribution<P> rest;  // chain(d + 1)
    // With no face that explodes no die follows the first: what one would add is never worked out
    // (a penetrating one, one less, may not fit 64 bits).
    for (std::int64_t depth = exploding_mass == 0 ? 0 : cap; depth >= 0; --depth) {
      std::map<std::int64_t, P> stops, explodes;
      for (std::size_t f = 0; f < die.size(); ++f) {
        if (faces[f] == 0) continue;
        const bool explode = meets(*t.explode_on, die.value(f), die.symbol(f));
        // At the cap a die that would explode again is a roll `roll` refuses: no value of the
        // distribution, but its cut_off.
        if (explode && depth == cap) continue;
        (explode ? explodes : stops)[per_die(f, depth)] += faces[f];
      }
      // Rerolls can leave no face that stops (`1d6r<6!`): then every chain runs to the cap.
      if (explodes.empty()) {
        rest = from_sparse(stops);
      } else {
        auto continued = convolve(from_sparse(explodes), rest);
        rest = stops.empty() ? std::move(continued) : add_mixtures(from_sparse(stops), continued);
      }
    }
    // Every die of the chain exploded, the last at the cap.
    P reach = 1;
    for (std::int64_t i = 0; i <= cap; ++i) reach *= exploding_mass;
    cut_off = exploding_mass == 0 ? reach : not_zero(reach);
    return rest;
  }

  // Known before any work, so that a chain too big is refused at once rather than once the budget
  // is spent: at each depth the faces that explode are convolved with the chain after them, which
  // holds at most the faces that stop plus the exploding ones times what follows, and no more
  // values than its dice can span. Counted by values, not span: d{1,1000000}! is a hundred values.
  template <class PerDie>
  void refuse_a_chain_too_big(const PreparedTerm& t, const std::vector<P>& faces, PerDie per_die) {
    const Die& die = t.die;
    std::int64_t lowest = std::numeric_limits<std::int64_t>::max(), highest = std::numeric_limits<std::int64_t>::min();
    std::uint64_t exploding = 0, stopping = 0;
    for (std::size_t f = 0; f < die.size(); ++f)
      if (faces[f] != 0) ++(meets(*t.explode_on, die.value(f), die.symbol(f)) ? exploding : stopping);
    for (std::size_t f = 0; f < die.size(); ++f) {
      if (faces[f] == 0) continue;
      // What a die adds differs after the first (!p), and only if one follows it.
      for (std::int64_t depth = 0; depth <= (exploding > 0 ? 1 : 0); ++depth) {
        lowest = std::min(lowest, per_die(f, depth));
        highest = std::max(highest, per_die(f, depth));
      }
    }
    const auto saturated = [](std::uint64_t a, std::uint64_t b, bool multiply) {
      std::uint64_t out;
      return (multiply ? __builtin_mul_overflow(a, b, &out) : __builtin_add_overflow(a, b, &out))
                 ? std::numeric_limits<std::uint64_t>::max()
                 : out;
    };
    const auto die_span = static_cast<std::uint64_t>(span(lowest, highest));
    const std::uint64_t left = budget_.max_steps - std::min(spent_, budget_.max_steps);
    std::uint64_t after = exploding + stopping, work = 0;  // the chain's last die: any face stops it
    for (std::uint64_t dice = 2; dice <= static_cast<std::uint64_t>(roller_.limits().explode_depth) + 1; ++dice) {
      work = saturated(work, saturated(exploding, after, true), false);
      if (work > left) too_much();
      after = std::min(saturated(saturated(dice, die_span, true), 1, false),
                       saturated(stopping, saturated(exploding, after, true), false));
    }
  }

  // The outcomes of both, those of one value in both summed (both in increasing order of value).
  static Distribution<P> add_mixtures(const Distribution<P>& a, const Distribution<P>& b) {
    Distribution<P> out;
    auto x = a.outcomes.begin(), y = b.outcomes.begin();
    while (x != a.outcomes.end() || y != b.outcomes.end()) {
      if (y == b.outcomes.end() || (x != a.outcomes.end() && x->value < y->value)) {
        out.outcomes.push_back(*x++);
      } else if (x == a.outcomes.end() || y->value < x->value) {
        out.outcomes.push_back(*y++);
      } else {
        out.outcomes.push_back({x->value, x->p + y->p});
        ++x, ++y;
      }
    }
    return out;
  }

  OneDie one_die(const PreparedTerm& t) {
    const Die& die = t.die;
    const auto faces = settled_faces(t);
    OneDie one;
    one.counts_successes = t.successes.has_value();
    const bool selects = t.term->selection.has_value();
    P cut_off = 0;
    if (!t.explode_on) {
      std::map<std::int64_t, P> contribution;
      for (std::size_t f = 0; f < die.size(); ++f) {
        if (faces[f] == 0) continue;
        const auto value = clamped(t, die.value(f));
        if (selects) one.keys[value] += faces[f];
        contribution[score(t, value, die.symbol(f))] += faces[f];
      }
      one.contribution = from_sparse(contribution);
      return one;
    }
    const Explosion kind = t.term->explode->kind;
    if (kind == Explosion::compounding) {
      // The die's value is the sum of its chain; clamps and success tests apply to that sum.
      auto total = chain(t, faces, [&](std::size_t f, std::int64_t) { return die.value(f); }, cut_off);
      std::map<std::int64_t, P> contribution;
      for (const auto& [sum, p] : total.outcomes) {
        const auto value = clamped(t, sum);
        if (selects) one.keys[value] += p;
        contribution[score(t, value, {})] += p;
      }
      one.contribution = from_sparse(contribution);
      one.contribution.cut_off = cut_off;
      return one;
    }
    if (selects)
      throw error_at(roller_.expression(), t.term->faces_column,
                     "keep/drop over dice that explode into separate dice has no exact method here: use !! "
                     "(compounding), or estimate it with arbiter roll --times 100000");
    const bool penetrating = kind == Explosion::penetrating;
    one.contribution = chain(
        t, faces,
        [&](std::size_t f, std::int64_t depth) {
          // Subtracted as a roll subtracts it, so that an overflow names the value a roll holds.
          const auto value = clamped(t, penetrating && depth > 0 ? checked::subtract(die.value(f), 1) : die.value(f));
          return score(t, value, die.symbol(f));
        },
        cut_off);
    one.contribution.cut_off = cut_off;
    return one;
  }

  Distribution<P> pool_of(const PreparedTerm& t, const OneDie& one, std::int64_t n) {
    const auto& selection = t.term->selection;
    if (!selection) return sum_of(one.contribution, n);
    const std::int64_t kept = selection->keep ? std::min(selection->count, n) : std::max<std::int64_t>(0, n - selection->count);
    const bool highest = selection->keep == selection->highest;  // dropping the lowest keeps the highest
    if (kept == n) return sum_of(one.contribution, n);
    if (t.die.has_symbols() && t.successes && !t.successes->symbol.empty())
      throw error_at(roller_.expression(), t.term->faces_column,
                     "keep/drop ranks dice by value; symbol faces have none");
    auto out = keep(t, one.keys, n, kept, highest);
    out.cut_off = any_of(one.contribution.cut_off, n);
    return out;
  }

  Distribution<P> sum_of(const Distribution<P>& one, std::int64_t n) {
    // n convolutions, the k-th of the sum of k dice, at most min(k·span + 1, C(k + w - 1, w - 1))
    // values (the multisets of k of the die's w values), with the die's w: refused before starting
    // when that is past the budget.
    const auto w = static_cast<double>(one.outcomes.size());
    const auto die_span = static_cast<double>(span(one.low(), one.high()));
    const auto left = static_cast<double>(budget_.max_steps - std::min(spent_, budget_.max_steps));
    double work = 0, multisets = 1;
    for (std::int64_t k = 0; k < n && work <= left; ++k) {
      const auto dice = static_cast<double>(k);
      work += w * std::min(dice * die_span + 1, multisets);
      multisets = multisets * (dice + w) / (dice + 1);
    }
    if (work > left) too_much();
    auto total = Distribution<P>::point(0);
    for (std::int64_t i = 0; i < n; ++i) total = convolve(total, one);
    total.cut_off = any_of(one.cut_off, n);
    return total;
  }

  // What `k` kept dice that each add `add` sum to, added one by one as a roll adds them: an
  // overflow names a sum a roll holds (-9223372036854775808 + -9223372036854775808), not a
  // product the expression does not (3 * -9223372036854775808).
  static std::int64_t kept_sum(std::int64_t k, std::int64_t add) {
    std::int64_t sum = 0;
    for (std::int64_t i = 0; i < k; ++i) sum = checked::add(sum, add);
    return sum;
  }

  // Keep the `k` highest (or lowest) of `n` dice with values `keys`, summing what the kept dice
  // add. Outcomes are visited from the best end; a state is (dice not yet placed, sum of the kept
  // dice so far), and at each outcome j of the r unplaced dice land on it with probability
  // Binomial(r, p(outcome) / p(this outcome or worse)). Once k dice are kept, the rest cannot
  // change the sum, so every j that fills the quota goes straight to the result.
  Distribution<P> keep(const PreparedTerm& t, const std::map<std::int64_t, P>& keys, std::int64_t n, std::int64_t k,
                       bool highest) {
    if (k == 0) return Distribution<P>::point(0);
    if constexpr (std::is_same_v<P, Fraction>) return keep_in_weights(t, keys, n, k, highest);
    std::vector<std::pair<std::int64_t, P>> outcomes(keys.begin(), keys.end());
    if (highest) std::reverse(outcomes.begin(), outcomes.end());
    std::int64_t lowest_add = 0, highest_add = 0;
    std::vector<std::int64_t> adds;
    for (const auto& [value, p] : outcomes) {
      adds.push_back(score(t, value, {}));
      lowest_add = std::min(lowest_add, adds.back());
      highest_add = std::max(highest_add, adds.back());
    }
    const std::int64_t sum_low = kept_sum(k, lowest_add), sum_high = kept_sum(k, highest_add);
    if (span(sum_low, sum_high) >= budget_.max_values) too_many_values();
    const auto width = static_cast<std::size_t>(sum_high - sum_low + 1);
    // states[r][s - sum_low]: probability that r dice are unplaced and the kept ones sum to s
    std::vector<std::vector<P>> states(static_cast<std::size_t>(n + 1));
    states[static_cast<std::size_t>(n)].assign(width, P(0));
    states[static_cast<std::size_t>(n)][static_cast<std::size_t>(-sum_low)] = 1;
    std::vector<P> result(width, P(0));
    // or_worse[i]: the probability of outcome i or a worse one, summed from the worst end so the
    // ratios below stay accurate in floating point.
    std::vector<P> or_worse(outcomes.size() + 1, P(0));
    for (std::size_t i = outcomes.size(); i-- > 0;) or_worse[i] = or_worse[i + 1] + outcomes[i].second;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      const bool last = i + 1 == outcomes.size();
      const P q = last ? P(1) : P(outcomes[i].second / or_worse[i]);
      const P not_q = last ? P(0) : P(or_worse[i + 1] / or_worse[i]);
      const std::int64_t add = adds[i];
      std::vector<std::vector<P>> next(states.size());
      for (std::int64_t r = 1; r <= n; ++r) {
        auto& row = states[static_cast<std::size_t>(r)];
        if (row.empty()) continue;
        const std::int64_t need = k - (n - r);
        const auto binomial = binomial_row(r, q, not_q, r);
        // P(j ≥ need), summed from its own terms: 1 minus the others cancels below 0 in floating
        // point (a probability of -2.8e-15 for 50d20kh25 totalling 500).
        P filled = 0;
        for (std::int64_t j = std::max<std::int64_t>(need, 0); j <= r; ++j) filled += binomial[static_cast<std::size_t>(j)];
        spend(static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(need + 1));
        for (std::size_t s = 0; s < width; ++s) {
          if (row[s] == 0) continue;
          const std::int64_t sum = sum_low + static_cast<std::int64_t>(s);
          for (std::int64_t j = 0; j < need; ++j) {
            const P& pj = binomial[static_cast<std::size_t>(j)];
            if (pj == 0) continue;
            auto& target = next[static_cast<std::size_t>(r - j)];
            if (target.empty()) target.assign(width, P(0));
            target[static_cast<std::size_t>(sum + j * add - sum_low)] += row[s] * pj;
          }
          if (filled != 0) result[static_cast<std::size_t>(sum + need * add - sum_low)] += row[s] * filled;
        }
      }
      states = std::move(next);
    }
    // Every sum is the probability of some roll of all n dice, at least the least likely one's,
    // (smallest p)^n: past what a double holds, a sum of 0 may be a value reached, and the values
    // the kept dice can add up to are worked out apart.
    double smallest = 1;
    for (const auto& [value, p] : outcomes) smallest = std::min(smallest, to_double(p));
    const bool may_vanish = static_cast<double>(n) * std::log(smallest) < std::log(1e-290);
    const auto reached = may_vanish ? sums_of_kept(adds, k, sum_low, width) : std::vector<bool>{};
    Distribution<P> out;
    for (std::size_t s = 0; s < width; ++s)
      if (may_vanish ? reached[s] : result[s] != 0) out.outcomes.push_back({sum_low + static_cast<std::int64_t>(s), result[s]});
    return out;
  }

  // The sums `k` kept dice can take, each adding one of `adds` (all of them may be kept: the dice
  // not kept show the worst kept value), by index from `sum_low`, in `width` places.
  std::vector<bool> sums_of_kept(std::vector<std::int64_t> adds, std::int64_t k, std::int64_t sum_low,
                                 std::size_t width) {
    std::sort(adds.begin(), adds.end());
    adds.erase(std::unique(adds.begin(), adds.end()), adds.end());
    spend(static_cast<std::uint64_t>(k) * width * adds.size());
    std::vector<bool> reached(width, false), next(width, false);
    reached[static_cast<std::size_t>(-sum_low)] = true;  // no die kept yet: 0
    for (std::int64_t die = 0; die < k; ++die) {
      next.assign(width, false);
      for (std::size_t s = 0; s < width; ++s)
        if (reached[s])
          for (const std::int64_t add : adds) next[static_cast<std::size_t>(static_cast<std::int64_t>(s) + add)] = true;
      std::swap(reached, next);
    }
    return reached;
  }

  // keep() for exact fractions, as icepool does it: whole-number weights (the probabilities
  // times their common denominator D) instead of fractions, so no step needs a gcd. A state's
  // weight counts only the dice placed so far; when the quota fills at an outcome, the dice still
  // unplaced may take any worse outcome, weight (sum of worse weights)^(dice left). Divided by
  // D^n at the end.
  Distribution<P> keep_in_weights(const PreparedTerm& t, const std::map<std::int64_t, Fraction>& keys, std::int64_t n,
                                  std::int64_t k, bool highest) {
    mpz_class denominator = 1;
    for (const auto& [value, p] : keys) mpz_lcm(denominator.get_mpz_t(), denominator.get_mpz_t(), p.get_den_mpz_t());
    std::vector<std::pair<std::int64_t, mpz_class>> outcomes;
    for (const auto& [value, p] : keys) outcomes.emplace_back(value, mpz_class(p * denominator));
    if (highest) std::reverse(outcomes.begin(), outcomes.end());
    std::vector<mpz_class> or_worse(outcomes.size() + 1, 0);
    for (std::size_t i = outcomes.size(); i-- > 0;) or_worse[i] = or_worse[i + 1] + outcomes[i].second;
    std::int64_t lowest_add = 0, highest_add = 0;
    for (const auto& [value, w] : outcomes) {
      lowest_add = std::min(lowest_add, score(t, value, {}));
      highest_add = std::max(highest_add, score(t, value, {}));
    }
    const std::int64_t sum_low = kept_sum(k, lowest_add), sum_high = kept_sum(k, highest_add);
    if (span(sum_low, sum_high) >= budget_.max_values) too_many_values();
    const auto width = static_cast<std::size_t>(sum_high - sum_low + 1);
    std::vector<std::vector<mpz_class>> states(static_cast<std::size_t>(n + 1));
    states[static_cast<std::size_t>(n)].assign(width, 0);
    states[static_cast<std::size_t>(n)][static_cast<std::size_t>(-sum_low)] = 1;
    std::vector<mpz_class> result(width, 0);
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      const mpz_class& w = outcomes[i].second;
      const mpz_class& worse = or_worse[i + 1];
      const std::int64_t add = score(t, outcomes[i].first, {});
      std::vector<std::vector<mpz_class>> next(states.size());
      for (std::int64_t r = 1; r <= n; ++r) {
        auto& row = states[static_cast<std::size_t>(r)];
        if (row.empty()) continue;
        const std::int64_t need = k - (n - r);
        // placed[j] = C(r, j) w^j: j of the r unplaced dice land here
        std::vector<mpz_class> placed(static_cast<std::size_t>(need));
        mpz_class filled, term;
        mpz_pow_ui(filled.get_mpz_t(), or_worse[i].get_mpz_t(), static_cast<unsigned long>(r));
        mpz_class choose = 1, w_power = 1;
        for (std::int64_t j = 0; j < need; ++j) {
          placed[static_cast<std::size_t>(j)] = choose * w_power;
          mpz_pow_ui(term.get_mpz_t(), worse.get_mpz_t(), static_cast<unsigned long>(r - j));
          filled -= placed[static_cast<std::size_t>(j)] * term;  // the rest of the pool fills the quota
          choose = choose * (r - j) / (j + 1);
          w_power *= w;
        }
        spend(static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(need + 1) * words(filled));
        for (std::size_t s = 0; s < width; ++s) {
          if (row[s] == 0) continue;
          const std::int64_t sum = sum_low + static_cast<std::int64_t>(s);
          for (std::int64_t j = 0; j < need && worse != 0; ++j) {
            auto& target = next[static_cast<std::size_t>(r - j)];
            if (target.empty()) target.assign(width, 0);
            target[static_cast<std::size_t>(sum + j * add - sum_low)] += row[s] * placed[static_cast<std::size_t>(j)];
          }
          if (filled != 0) result[static_cast<std::size_t>(sum + need * add - sum_low)] += row[s] * filled;
        }
      }
      states = std::move(next);
    }
    mpz_class total;
    mpz_pow_ui(total.get_mpz_t(), denominator.get_mpz_t(), static_cast<unsigned long>(n));
    Distribution<P> out;
    for (std::size_t s = 0; s < width; ++s) {
      if (result[s] == 0) continue;
      out.outcomes.push_back({sum_low + static_cast<std::int64_t>(s), Fraction(result[s], total)});
      out.outcomes.back().p.canonicalize();
    }
    return out;
  }

  const Roller& roller_;
  DistributionBudget budget_;
  std::uint64_t spent_ = 0;
  std::size_t next_term_ = 0;
  std::int64_t most_dice_asked_ = 0;  // by the terms so far, rolled counts' own dice among them
};

}  // namespace

template <class P>
Distribution<P> Distribution<P>::point(std::int64_t value) {
  Distribution d;
  d.outcomes.push_back({value, P(1)});
  return d;
}

namespace {

// The outcome of `value` in `d`, or none when `d` cannot take it.
template <class P>
const typename Distribution<P>::Outcome* outcome_of(const Distribution<P>& d, std::int64_t value) {
  const auto found = std::lower_bound(d.outcomes.begin(), d.outcomes.end(), value,
                                      [](const auto& outcome, std::int64_t v) { return outcome.value < v; });
  return found != d.outcomes.end() && found->value == value ? &*found : nullptr;
}

}  // namespace

template <class P>
P Distribution<P>::probability(std::int64_t value) const {
  const Outcome* found = outcome_of(*this, value);
  return found ? found->p : P(0);
}

namespace {

// The probability of the values `in` takes. In floating point, a sum of the many terms near 1
// misses it in its last digits, above 1 or short of it by far more than the chance missed
// (1.00000000000002 for 500d20 at least 1500; 1 - 1.8e-13 where 1e-300 is missed): a share of more
// than half is 1 - cut_off less the rest, summed from its own small terms, and is a probability,
// 0 to 1.
template <class P, class In>
P share(const Distribution<P>& d, In in) {
  P inside = 0, outside = 0;
  for (const auto& outcome : d.outcomes) (in(outcome.value) ? inside : outside) += outcome.p;
  if constexpr (std::is_same_v<P, double>) {
    if (outside < inside) inside = 1 - d.cut_off - outside;
    return std::clamp(inside, 0.0, 1.0);
  }
  return inside;
}

}  // namespace

template <class P>
P Distribution<P>::at_least(std::int64_t value) const {
  return share(*this, [value](std::int64_t v) { return v >= value; });
}

template <class P>
P Distribution<P>::at_most(std::int64_t value) const {
  return share(*this, [value](std::int64_t v) { return v <= value; });
}

template <class P>
ChanceBounds Distribution<P>::bounds_of_value(std::int64_t value) const {
  return {outcome_of(*this, value) != nullptr, outcomes.size() > 1 || cut_off > 0};
}

template <class P>
ChanceBounds Distribution<P>::bounds_at_least(std::int64_t value) const {
  return {value <= high(), value > low() || cut_off > 0};
}

template <class P>
ChanceBounds Distribution<P>::bounds_at_most(std::int64_t value) const {
  return {value >= low(), value < high() || cut_off > 0};
}

template <class P>
std::int64_t Distribution<P>::origin() const {
  return std::clamp<std::int64_t>(0, low(), high());
}

namespace {

// A sum of many doubles that keeps the low digits each addition rounds off and adds them back
// (Neumaier's compensated summation): a plain sum of 1d1000000's million terms loses five of its
// digits, and its mean came out as 500000.49999604 instead of 500000.5.
class CompensatedSum {
 public:
  void add(double term) {
    const double sum = sum_ + term;
    lost_ += std::abs(sum_) >= std::abs(term) ? (sum_ - sum) + term : (term - sum) + sum_;
    sum_ = sum;
  }
  double total() const { return sum_ + lost_; }

 private:
  double sum_ = 0, lost_ = 0;
};

}  // namespace

// Both are of the rolls that are made: the outcomes weigh 1 - cut_off in all, the rest being
// rolls a depth cap refuses. In floating point, the variance around the mean found first:
// E[X^2] - E[X]^2 would lose the digits of a narrow distribution.
template <>
Distribution<double>::Moments Distribution<double>::moments() const {
  Moments m{origin(), 0, 0};
  CompensatedSum made, of_values, of_squares;
  for (const auto& outcome : outcomes) {
    made.add(outcome.p);
    of_values.add(outcome.p * static_cast<double>(outcome.value - m.origin));
  }
  m.from_origin = of_values.total() / made.total();
  for (const auto& outcome : outcomes) {
    const double d = static_cast<double>(outcome.value - m.origin) - m.from_origin;
    of_squares.add(outcome.p * d * d);
  }
  m.variance = of_squares.total() / made.total();
  return m;
}

// Exact: sums of whole-number weights, divided once by the sum W of them all (the common
// denominator cancels). The variance is E[X^2] - E[X]^2 = (W * sum(w x^2) - sum(w x)^2) / W^2.
static_assert(sizeof(long) >= sizeof(std::int64_t), "GMP's signed long holds every value");
template <>
Distribution<Fraction>::Moments Distribution<Fraction>::moments() const {
  const WholeWeights w = whole_weights(outcomes, [](const auto& outcome) -> const Fraction& { return outcome.p; });
  Moments m{origin(), 0, 0};
  mpz_class made, of_values, of_squares, x, weighted;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    mpz_set_si(x.get_mpz_t(), outcomes[i].value - m.origin);
    made += w.weights[i];
    weighted = w.weights[i] * x;
    of_values += weighted;
    of_squares += weighted * x;
  }
  m.from_origin = Fraction(of_values, made);
  m.variance = Fraction(made * of_squares - of_values * of_values, made * made);
  m.from_origin.canonicalize();
  m.variance.canonicalize();
  return m;
}

template struct Distribution<double>;
template struct Distribution<Fraction>;

Distribution<double> distribution_of(const Roller& roller, const DistributionBudget& budget) {
  return Engine<double>(roller, budget).evaluate(*roller.expression().root);
}

Distribution<Fraction> exact_distribution_of(const Roller& roller, const DistributionBudget& budget) {
  return Engine<Fraction>(roller, budget).evaluate(*roller.expression().root);
}

template <>
double ratio<double>(std::int64_t a, std::int64_t b) {
  return static_cast<double>(a) / static_cast<double>(b);
}

template <>
Fraction ratio<Fraction>(std::int64_t a, std::int64_t b) {
  Fraction f(mpz_class(static_cast<long>(a)), mpz_class(static_cast<long>(b)));  // int64 is long on LP64
  f.canonicalize();
  return f;
}

double told_chance(double p, ChanceBounds bounds) {
  if (bounds.can_happen && p <= 0) return std::numeric_limits<double>::denorm_min();
  if (bounds.can_fail && p >= 1) return std::nextafter(1.0, 0.0);
  return p;
}

double to_double(double p) { return p; }
double to_double(const Fraction& p) { return p.get_d(); }

}  // namespace arbiter
