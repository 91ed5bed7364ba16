#include "interpreter/core/dice_warnings.hpp"

#include <limits>
#include <string>
#include <variant>

#include <fmt/format.h>

namespace arbiter {

namespace {

// Whether the dice of `t` can show a value that meets `point`, and one that does not: every face
// a reroll `r` may leave, clamped, and, after penetration, one less.
struct Reach {
  bool some_meet = false, some_miss = false;
};

Reach reach_of(const PreparedTerm& t, const dice::ComparePoint& point) {
  const Die& die = t.die;
  const auto& term = *t.term;
  const bool penetrating = term.explode && term.explode->kind == dice::Explosion::penetrating;
  Reach reach;
  const auto test = [&](std::int64_t value, std::string_view symbol) {
    if (term.min && value < *term.min) value = *term.min;
    if (term.max && value > *term.max) value = *term.max;
    (meets(point, value, symbol) ? reach.some_meet : reach.some_miss) = true;
  };
  for (std::size_t f = 0; f < die.size() && !(reach.some_meet && reach.some_miss); ++f) {
    const bool rerolled_away = t.reroll_on && !term.reroll->once && meets(*t.reroll_on, die.value(f), die.symbol(f));
    if (rerolled_away) continue;
    test(die.value(f), die.symbol(f));
    if (penetrating && die.value(f) > std::numeric_limits<std::int64_t>::min()) test(die.value(f) - 1, die.symbol(f));
  }
  return reach;
}

// A single die gives the same either way (docs/dice.md: "For a single die both readings give the
// same answer").
bool one_die(const dice::DiceTerm& term) {
  if (!term.count) return true;
  const auto* number = std::get_if<dice::Number>(&term.count->node);
  return number && number->value == 1;
}

}  // namespace

std::vector<Diagnostic> dice_warnings(const Roller& roller) {
  std::vector<Diagnostic> warnings;
  for (const PreparedTerm& t : roller.terms()) {
    const auto& term = *t.term;
    // A compounded die's value is a sum of rolls, past any face.
    if (!t.successes || one_die(term) || (term.explode && term.explode->kind == dice::Explosion::compounding)) continue;
    const Reach reach = reach_of(t, *t.successes);
    const bool none = !reach.some_meet, every = !reach.some_miss && !t.failures;
    if (!none && !every) continue;
    const std::string point = dice::to_string(*t.successes), written = dice::to_string(term);
    std::string message =
        none ? fmt::format("{} counts the dice that are {}, and {} never is: no roll has a success", written,
                           point, t.die.named_with_article())
             : fmt::format("{} counts the dice that are {}, and every {} is: it counts every die, not their sum",
                           written, point, t.die.name());
    std::vector<std::string> notes;
    // The sum compared instead: the comparison apart from the dice (a failure point is written after it).
    if (!t.failures && point.size() < written.size() && written.ends_with(point))
      notes.push_back(fmt::format("to compare the sum, write the comparison apart from the dice: {} {} {} "
                                  "(docs/dice.md: \"right after the dice\" means touching them)",
                                  written.substr(0, written.size() - point.size()), dice::to_string(t.successes->op),
                                  t.successes->symbol.empty() ? std::to_string(t.successes->value) : t.successes->symbol));
    warnings.push_back(error_at(roller.expression(), term.faces_column, std::move(message), std::move(notes))
                           .diagnostics()
                           .front());
  }
  return warnings;
}

}  // namespace arbiter
