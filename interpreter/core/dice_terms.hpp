#pragma once
// What rolling and exact distributions both need to know about each dice term of an expression,
// worked out once before anything is rolled: the die itself (checked against the limits and the
// named dice), and the compare points with their defaults filled in. Terms that could never
// finish (`d1!`, `1d1r1`) are refused here, with the column they were written at.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grammar/diagnostic.hpp"
#include "grammar/dice.hpp"
#include "interpreter/core/die.hpp"
#include "interpreter/core/named_dice.hpp"

namespace arbiter {

// Configurable bounds on one expression; beyond them, an error, never a hang or a truncation.
struct DiceLimits {
  std::int64_t max_dice = 10'000;       // dice rolled by one expression, explosions and rerolls included
  std::int64_t max_sides = 1'000'000;   // faces of one die
  std::int64_t explode_depth = 100;     // extra dice one die may explode into
};

struct PreparedTerm {
  const dice::DiceTerm* term = nullptr;
  Die die;
  std::optional<dice::ComparePoint> reroll_on;   // with the default (lowest face) filled in
  std::optional<dice::ComparePoint> explode_on;  // with the default (highest face) filled in
  std::optional<dice::ComparePoint> successes;   // symbols spelt as on the die
  std::optional<dice::ComparePoint> failures;
};

// Every dice term of `expression`, in the order evaluation meets them (a term's count first).
std::vector<PreparedTerm> prepare_terms(const dice::Expression& expression, const NamedDice& named,
                                        const DiceLimits& limits);

// Whether a face meets a compare point (`=Sword` compares symbols, the others values). Inline:
// rolling calls it for every die.
inline bool meets(const dice::ComparePoint& point, std::int64_t value, std::string_view symbol) {
  if (!point.symbol.empty()) return symbol == point.symbol;
  switch (point.op) {
    case dice::Comparison::at_least:
      return value >= point.value;
    case dice::Comparison::more_than:
      return value > point.value;
    case dice::Comparison::at_most:
      return value <= point.value;
    case dice::Comparison::less_than:
      return value < point.value;
    case dice::Comparison::equal:
      return value == point.value;
  }
  return false;
}

// How a die counts after a success point (`10d10>=8f<=1`): it is a success if it meets the success
// point and a failure if it meets the failure point, each on its own ("each die meeting it
// subtracts one success", docs/dice.md), so a die meeting both counts +1 − 1 = 0.
struct SuccessCount {
  bool success = false, failure = false;
  int score() const { return int{success} - int{failure}; }
};

inline SuccessCount success_count(const PreparedTerm& term, std::int64_t value, std::string_view symbol) {
  return {term.successes && meets(*term.successes, value, symbol),
          term.failures && meets(*term.failures, value, symbol)};
}

// The dice limit, one rule for rolling and for exact distributions: an expression rolls at most
// limits.max_dice dice, counted over all its terms in the order they are rolled, a rolled count's
// own dice among them (`(1d4)d6` is 1 + up to 4). `term` asks for `count` dice after `before`;
// with `at_most` both are the most they may be, as a distribution weighs every roll, so it refuses
// an expression some roll of which is refused. Throws, at the term's count (or die), past the limit.
// `notes` say how a count at the most was reached.
void check_dice_asked(const dice::Expression& expression, const dice::DiceTerm& term, std::int64_t count,
                      std::int64_t before, const DiceLimits& limits, bool at_most, std::vector<std::string> notes = {});

// The most dice one die of `term` may roll: itself and the dice it explodes into, up to the depth
// cap, each rerolled once by `ro` (1d2! is 101, 1d2ro1! 202). A reroll `r` may take any number of
// dice, so it has no most: counted as none.
std::int64_t most_dice_per_die(const PreparedTerm& term, const DiceLimits& limits);

// An error pointing at `column` of the expression.
Error error_at(const dice::Expression& expression, std::size_t column, std::string message,
               std::vector<std::string> notes = {});

// Runs `arithmetic`, the work of the part of `expression` at `column`, and points an error it
// raises without a position (checked arithmetic's overflow or division by zero) at that column,
// as parse errors are.
template <class Arithmetic>
auto located_at(const dice::Expression& expression, std::size_t column, Arithmetic arithmetic)
    -> decltype(arithmetic()) {
  try {
    return arithmetic();
  } catch (const Error& e) {
    const Diagnostic& d = e.diagnostics().front();
    if (d.where.line != 0) throw;  // already placed, by a part nearer the cause
    throw error_at(expression, column, d.message, d.notes);
  }
}

}  // namespace arbiter
