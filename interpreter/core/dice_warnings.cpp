#include "interpreter/core/dice_warnings.hpp"

#include <limits>
#include <set>
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

// A compounded die shows the sum of its chain: any number of faces that explode, up to the depth
// cap `cap` (a die past it is a roll refused), then one that stops (a d6!! shows 6k + 1 to 6k + 5,
// never 6), clamped. Worked out while that is little work; past it, said to reach both ways, so
// that nothing is warned of.
Reach compounded_reach(const PreparedTerm& t, const dice::ComparePoint& point, std::int64_t cap) {
  const Die& die = t.die;
  const auto& term = *t.term;
  std::vector<std::int64_t> exploding, stopping;
  for (std::size_t f = 0; f < die.size(); ++f) {
    if (t.reroll_on && !term.reroll->once && meets(*t.reroll_on, die.value(f), die.symbol(f))) continue;
    (meets(*t.explode_on, die.value(f), die.symbol(f)) ? exploding : stopping).push_back(die.value(f));
  }
  Reach reach;
  constexpr std::size_t most_work = 1'000'000;
  std::size_t work = 0;
  std::set<std::int64_t> exploded{0};  // what the dice that exploded so far add up to
  for (std::int64_t depth = 0; depth <= cap && !exploded.empty(); ++depth) {
    work += exploded.size() * (stopping.size() + exploding.size());
    if (work > most_work) return {true, true};
    std::set<std::int64_t> next;
    for (const std::int64_t sum : exploded) {
      std::int64_t value;
      for (const std::int64_t face : stopping) {
        if (__builtin_add_overflow(sum, face, &value)) return {true, true};
        if (term.min && value < *term.min) value = *term.min;
        if (term.max && value > *term.max) value = *term.max;
        (meets(point, value, {}) ? reach.some_meet : reach.some_miss) = true;
      }
      for (const std::int64_t face : exploding) {
        if (__builtin_add_overflow(sum, face, &value)) return {true, true};
        next.insert(value);
      }
    }
    if (reach.some_meet && reach.some_miss) return reach;
    exploded = std::move(next);
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
    // min is applied before max: above it, every die shows the max.
    if (term.min && term.max && *term.min > *term.max)
      warnings.push_back(error_at(roller.expression(), term.faces_column,
                                  fmt::format("{} raises each die to at least {}, then lowers it to at most {}: every "
                                              "die shows {}",
                                              dice::to_string(term), *term.min, *term.max, *term.max),
                                  {fmt::format("did you mean min{}max{}?", *term.max, *term.min)})
                             .diagnostics()
                             .front());
    if (!t.successes || one_die(term)) continue;
    const bool compounded = term.explode && term.explode->kind == dice::Explosion::compounding;
    const Reach reach =
        compounded ? compounded_reach(t, *t.successes, roller.limits().explode_depth) : reach_of(t, *t.successes);
    const bool none = !reach.some_meet, every = !reach.some_miss && !t.failures;
    if (!none && !every) continue;
    const std::string point = dice::to_string(*t.successes), written = dice::to_string(term);
    std::string message =
        none ? fmt::format("{} counts the dice that are {}, and {} never is: no roll has a success", written,
                           point, compounded ? "a compounded " + t.die.name() : t.die.named_with_article())
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
