#include "interpreter/core/roll.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "interpreter/core/checked.hpp"

namespace arbiter {

namespace {

using dice::Explosion;

// A die while it is being rolled: trivially copyable (its symbol points into the Die the Roller
// owns), so rolling allocates nothing; it becomes a RolledDie only when the result is shown.
struct Drawn {
  std::int64_t value = 0;
  std::string_view symbol;
  bool rerolled = false, exploded = false, dropped = false;
  SuccessCount counted;
};

// Buffers reused by every roll on a thread. An evaluation takes them and gives them back, so a
// roll started while another is running on the same thread simply gets fresh ones.
struct Scratch {
  std::vector<Drawn> dice;
  std::vector<std::size_t> order;
  std::vector<std::size_t> faces;
};
thread_local Scratch spare_scratch;

// One roll of an expression. `Show` records every die for the result; without it only the total
// is computed, with the same dice drawn in the same order.
template <bool Show>
class Evaluation {
 public:
  Evaluation(const Roller& roller, DiceSource& source, std::string_view reason)
      : roller_(roller), source_(source), reason_(reason), scratch_(std::exchange(spare_scratch, {})) {}
  ~Evaluation() { spare_scratch = std::move(scratch_); }
  Evaluation(const Evaluation&) = delete;
  Evaluation& operator=(const Evaluation&) = delete;

  std::int64_t evaluate(const dice::Expr& expr) {
    return std::visit(
        [&](const auto& node) -> std::int64_t {
          using T = std::decay_t<decltype(node)>;
          if constexpr (std::is_same_v<T, dice::Number>) return node.value;
          if constexpr (std::is_same_v<T, dice::DiceTerm>) return roll_term(node);
          if constexpr (std::is_same_v<T, dice::Binary>) {
            const auto left = evaluate(*node.left);
            const auto right = evaluate(*node.right);
            return located_at(roller_.expression(), expr.column, [&] { return checked::apply(node.op, left, right); });
          }
          if constexpr (std::is_same_v<T, dice::Negate>) {
            const auto operand = evaluate(*node.operand);
            return located_at(roller_.expression(), expr.column, [&] { return checked::negate(operand); });
          }
          if constexpr (std::is_same_v<T, dice::Compare>) {
            const auto left = evaluate(*node.left);
            return meets(dice::ComparePoint{node.op, evaluate(*node.right), {}}, left, {}) ? 1 : 0;
          }
          if constexpr (std::is_same_v<T, dice::Group>) return evaluate(*node.inner);
        },
        expr.node);
  }

  std::vector<RolledTerm> shown;
  std::unordered_map<const dice::DiceTerm*, std::size_t> shown_index;
  // The count of each term whose count rolled dice (`(1d4)d6`), shown with that term.
  std::unordered_map<const dice::DiceTerm*, std::int64_t> rolled_counts;

 private:
  std::int64_t roll_term(const dice::DiceTerm& term) {
    const std::size_t shown_before = shown.size();
    const std::int64_t count = term.count ? evaluate(*term.count) : 1;
    if constexpr (Show)
      if (shown.size() > shown_before) {
        rolled_counts[&term] = count;
        for (std::size_t i = shown_before; i < shown.size(); ++i) shown[i].decides_count = true;
      }
    const PreparedTerm& prepared = roller_.terms()[next_term_++];
    const auto& limits = roller_.limits();
    const auto& expression = roller_.expression();
    if (count < 0)
      throw error_at(expression, term.count->column, fmt::format("cannot roll a negative number of dice ({})", count));
    check_dice_asked(expression, term, count, used_, limits, false);

    auto& dice = scratch_.dice;
    dice.clear();
    rolling_column_ = term.faces_column;
    if (prepared.reroll_on || prepared.explode_on)
      for (std::int64_t i = 0; i < count; ++i) roll_one(prepared);
    else
      roll_plain(prepared, count);
    select(prepared);

    std::int64_t value = 0;
    located_at(roller_.expression(), term.faces_column, [&] {
      for (auto& die : dice) {
        if (die.rerolled || die.dropped) continue;
        if (prepared.successes) {
          die.counted = success_count(prepared, die.value, die.symbol);
          value += die.counted.score();
        } else {
          value = checked::add(value, die.value);
        }
      }
    });
    if constexpr (Show) {
      shown_index[&term] = shown.size();
      RolledTerm rolled{dice::to_string(term), prepared.die.name(), {}, value, prepared.successes.has_value()};
      for (const auto& die : dice)
        rolled.dice.push_back({die.value, std::string(die.symbol), die.rerolled, die.exploded, die.dropped, die.counted});
      shown.push_back(std::move(rolled));
    }
    return value;
  }

  Drawn draw(const Die& die) {
    if (++used_ > roller_.limits().max_dice)
      throw error_at(roller_.expression(), rolling_column_,
                     fmt::format("this roll needs more than {} dice (explosions and rerolls included)",
                                 roller_.limits().max_dice));
    const std::size_t face = source_.roll(die, reason_);
    return Drawn{die.value(face), die.has_symbols() ? die.symbol(face) : std::string_view{}};
  }

  // A die after its rerolls: each replaced die stays in the list, marked rerolled.
  Drawn settled(const PreparedTerm& prepared) {
    Drawn rolled = draw(prepared.die);
    if (!prepared.reroll_on) return rolled;
    const bool once = prepared.term->reroll->once;
    while (meets(*prepared.reroll_on, rolled.value, rolled.symbol)) {
      rolled.rerolled = true;
      scratch_.dice.push_back(rolled);
      rolled = draw(prepared.die);
      if (once) break;
    }
    return rolled;
  }

  // min/max, computed by value (std::max's reference result would keep the die in memory).
  static std::int64_t clamped(const dice::DiceTerm& term, std::int64_t value) {
    if (term.min && value < *term.min) value = *term.min;
    if (term.max && value > *term.max) value = *term.max;
    return value;
  }

  // Dice that cannot reroll or explode: the whole pool is drawn in one call to the source.
  void roll_plain(const PreparedTerm& prepared, std::int64_t count) {
    used_ += count;  // roll_term checked that this stays within the limit
    auto& faces = scratch_.faces;
    faces.resize(static_cast<std::size_t>(count));
    source_.roll_many(prepared.die, reason_, faces);
    const Die& die = prepared.die;
    const auto& term = *prepared.term;
    for (const std::size_t face : faces)
      scratch_.dice.push_back(
          Drawn{clamped(term, die.value(face)), die.has_symbols() ? die.symbol(face) : std::string_view{}});
  }

  void roll_one(const PreparedTerm& prepared) {
    Drawn rolled = settled(prepared);
    // A compounding die keeps the place of its first roll, before the rerolls of the dice added
    // into it: listed in the order rolled.
    std::optional<std::size_t> compounded_at;
    if (prepared.explode_on) {
      const Explosion kind = prepared.term->explode->kind;
      const std::int64_t cap = roller_.limits().explode_depth;
      std::int64_t raw = rolled.value;  // explosions test the face, before penetration
      for (std::int64_t depth = 0; meets(*prepared.explode_on, raw, rolled.symbol); ++depth) {
        // Stopping here would quietly give a smaller total than the dice say.
        if (depth == cap)
          throw error_at(roller_.expression(), prepared.term->faces_column,
                         fmt::format("{} exploded {} times and would explode again: one die explodes at most {} "
                                     "times",
                                     prepared.die.named_with_article(), cap, cap));
        rolled.exploded = true;
        if (kind == Explosion::compounding && !compounded_at) {
          compounded_at = scratch_.dice.size();
          scratch_.dice.push_back(rolled);
        }
        if (kind != Explosion::compounding) {
          // A die that exploded is a die of the pool like the others: clamped as they are, and
          // listed before the die it adds and that die's rerolls, in the order rolled.
          rolled.value = clamped(*prepared.term, rolled.value);
          scratch_.dice.push_back(rolled);
        }
        Drawn next = settled(prepared);
        raw = next.value;
        if (kind == Explosion::compounding) {
          rolled.value = located_at(roller_.expression(), prepared.term->faces_column,
                                    [&] { return checked::add(rolled.value, next.value); });
          rolled.symbol = next.symbol;
          continue;
        }
        rolled = next;
        if (kind == Explosion::penetrating)
          rolled.value = located_at(roller_.expression(), prepared.term->faces_column,
                                    [&] { return checked::subtract(rolled.value, 1); });
      }
    }
    rolled.value = clamped(*prepared.term, rolled.value);
    if (compounded_at)
      scratch_.dice[*compounded_at] = rolled;
    else
      scratch_.dice.push_back(rolled);
  }

  // Keep/drop: order the dice that count by value and mark the ones left out.
  void select(const PreparedTerm& prepared) {
    const auto& selection = prepared.term->selection;
    if (!selection) return;
    auto& dice = scratch_.dice;
    auto& order = scratch_.order;
    order.clear();
    for (std::size_t i = 0; i < dice.size(); ++i)
      if (!dice[i].rerolled) order.push_back(i);
    // Best first; among equal values the earlier die ranks first, so results are reproducible.
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      if (dice[a].value != dice[b].value)
        return selection->highest ? dice[a].value > dice[b].value : dice[a].value < dice[b].value;
      return a < b;
    });
    const auto chosen = static_cast<std::size_t>(std::min<std::int64_t>(selection->count, order.size()));
    // keep k of one end = drop everything after the first k; drop k of one end = drop the first k
    for (std::size_t rank = 0; rank < order.size(); ++rank)
      dice[order[rank]].dropped = selection->keep ? rank >= chosen : rank < chosen;
  }

  const Roller& roller_;
  DiceSource& source_;
  std::string_view reason_;
  std::size_t next_term_ = 0;
  std::int64_t used_ = 0;
  std::size_t rolling_column_ = 0;  // the term whose dice are being drawn, for the dice limit's error
  Scratch scratch_;
};

// `1d20 + 5 = [14] + 5 = 19`: the expression, its dice in place of each dice term, the total. A
// count that rolled dice shows its own work before the dice it decided: `(1d4 = [2] = 2) [3, 4]`.
std::string show_work(const Evaluation<true>& evaluation, const dice::Expr& expr, std::int64_t total) {
  bool rolled_dice = false;
  const std::string shown = dice::to_string(expr, [&](const dice::DiceTerm& term) {
    rolled_dice = true;
    const std::string rolled = render_dice(evaluation.shown[evaluation.shown_index.at(&term)]);
    const auto count = evaluation.rolled_counts.find(&term);
    if (count == evaluation.rolled_counts.end()) return rolled;
    const dice::Expr* counted = term.count.get();
    // The count's parentheses frame its work instead of being written twice.
    if (const auto* group = std::get_if<dice::Group>(&counted->node)) counted = group->inner.get();
    return fmt::format("({}) {}", show_work(evaluation, *counted, count->second), rolled);
  });
  const std::string written = dice::to_string(expr);
  return rolled_dice ? fmt::format("{} = {} = {}", written, shown, total) : fmt::format("{} = {}", written, total);
}

std::string die_text(const RolledDie& die) {
  std::string text = die.symbol.empty() ? std::to_string(die.value) : die.symbol;
  if (die.rerolled) text += " rerolled";
  if (die.exploded) text += " exploded";
  if (die.dropped) text += " dropped";
  if (const char* counted = counted_as(die)) text = fmt::format("{} {}", text, counted);
  return text;
}

}  // namespace

std::map<std::string, std::int64_t> RolledTerm::symbol_counts() const {
  std::map<std::string, std::int64_t> counts;
  for (const auto& die : dice)
    if (!die.symbol.empty() && !die.rerolled && !die.dropped) ++counts[die.symbol];
  return counts;
}

const char* counted_as(const RolledDie& die) {
  if (die.counted.success && die.counted.failure) return "success and failure";
  if (die.counted.success) return "success";
  return die.counted.failure ? "failure" : nullptr;
}

const char* fate_of(const RolledDie& die) {
  if (die.rerolled) return "rerolled";
  if (die.dropped) return "dropped";
  return "kept";
}

std::string render_dice(const RolledTerm& term) {
  std::string text = "[";
  for (std::size_t i = 0; i < term.dice.size(); ++i) text += (i ? ", " : "") + die_text(term.dice[i]);
  return text + "]";
}

Roller::Roller(dice::Expression expression, const NamedDice& named, DiceLimits limits)
    : expression_(std::move(expression)), terms_(prepare_terms(expression_, named, limits)), limits_(limits) {}

Roll Roller::roll(DiceSource& source, std::string_view reason) const {
  Evaluation<true> evaluation(*this, source, reason);
  Roll result;
  result.total = evaluation.evaluate(*expression_.root);
  result.expr = dice::to_string(*expression_.root);
  result.reason = std::string(reason);
  result.text = show_work(evaluation, *expression_.root, result.total);
  result.terms = std::move(evaluation.shown);
  return result;
}

std::int64_t Roller::total(DiceSource& source) const {
  Evaluation<false> evaluation(*this, source, {});
  return evaluation.evaluate(*expression_.root);
}

}  // namespace arbiter
