#include "interpreter/core/pool.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "interpreter/core/names.hpp"

namespace arbiter {

namespace {

// What one die with this face gives each statistic, before merging with the rest of the pool.
std::int64_t contribution(const PoolStatistic& statistic, std::int64_t value, std::string_view label) {
  return statistic.kind == PoolStatistic::Kind::count ? (same_label(label, statistic.face) ? 1 : 0) : value;
}

std::int64_t merge(PoolStatistic::Kind kind, std::int64_t a, std::int64_t b) {
  switch (kind) {
    case PoolStatistic::Kind::highest:
      return std::max(a, b);
    case PoolStatistic::Kind::lowest:
      return std::min(a, b);
    default:
      return a + b;
  }
}

}  // namespace

PoolStatistic PoolStatistic::parse(std::string_view text) {
  if (text == "highest") return {Kind::highest, {}};
  if (text == "lowest") return {Kind::lowest, {}};
  if (text == "sum") return {Kind::sum, {}};
  if (text.substr(0, 6) == "count:" && text.size() > 6) return {Kind::count, std::string(text.substr(6))};
  std::string message = fmt::format("'{}' is not a pool statistic: use highest, lowest, sum or count:FACE", text);
  if (const auto hint = did_you_mean(text, {"highest", "lowest", "sum", "count:"}); !hint.empty())
    message += " (" + hint + ")";
  throw Error(message);
}

std::int64_t PoolRoll::statistic(const PoolStatistic& statistic) const {
  std::int64_t result = statistic.kind == PoolStatistic::Kind::count ? 0 : contribution(statistic, dice.front().value, dice.front().label);
  for (std::size_t i = statistic.kind == PoolStatistic::Kind::count ? 0 : 1; i < dice.size(); ++i)
    result = merge(statistic.kind, result, contribution(statistic, dice[i].value, dice[i].label));
  return result;
}

std::string PoolRoll::text() const {
  std::string text = "[";
  for (std::size_t i = 0; i < dice.size(); ++i) text += fmt::format("{}{}: {}", i ? ", " : "", dice[i].die, dice[i].label);
  return text + "]";
}

Pool::Pool(std::vector<Group> groups, const DiceLimits& limits) : groups_(std::move(groups)) {
  std::int64_t total = 0;
  for (const auto& group : groups_) {
    if (group.count < 0) throw Error(fmt::format("a pool cannot hold {} {}", group.count, group.die.name()));
    total += group.count;
    if (total > limits.max_dice)
      throw Error(fmt::format("a pool holds at most {} dice", limits.max_dice));
  }
  if (total == 0) throw Error("a pool needs at least one die");
}

Pool Pool::parse(const std::vector<std::string>& entries, const NamedDice& named, const DiceLimits& limits) {
  std::vector<Group> groups;
  for (const auto& entry : entries) {
    // Told as a pack's dice expression is (wrap_dice.cpp): the entry quoted, its column, the notes
    // (the nearest named die).
    const auto in_entry = [&](auto work) {
      try {
        return work();
      } catch (const Error& e) {
        const Diagnostic& d = e.diagnostics().front();
        Diagnostic told;  // no place of its own: the pack's line is the error's
        told.message = fmt::format("pool entry {} \"{}\", column {}: {}", groups.size() + 1, printable(entry),
                                   d.where.column, d.message);
        told.notes = d.notes;
        throw Error(std::move(told));
      }
    };
    const auto expression = in_entry([&] { return dice::parse_dice(entry, "<pool>"); });
    const auto* term = std::get_if<dice::DiceTerm>(&expression.root->node);
    const bool plain = term && !term->reroll && !term->explode && !term->min && !term->max && !term->selection &&
                       !term->successes && (!term->count || std::holds_alternative<dice::Number>(term->count->node));
    if (!plain)
      throw Error(fmt::format("pool entry {} \"{}\": a pool entry is plain dice such as 1d6 or 5d10, with no keep or "
                              "drop, reroll, explosion, min, max or count of successes: the rule reads the pool "
                              "(its highest, lowest, sum, count:FACE)",
                              groups.size() + 1, printable(entry)));
    auto prepared = in_entry([&] { return prepare_terms(expression, named, limits); });
    const std::int64_t count = term->count ? std::get<dice::Number>(term->count->node).value : 1;
    groups.push_back({std::move(prepared.front().die), count});
  }
  return Pool(std::move(groups), limits);
}

std::string Pool::text() const {
  std::string text;
  for (const auto& group : groups_) text += fmt::format("{}{}{}", text.empty() ? "" : ", ", group.count, group.die.name());
  return text;
}

PoolRoll Pool::roll(DiceSource& source, std::string_view reason) const {
  PoolRoll rolled;
  for (const auto& group : groups_) {
    for (std::int64_t i = 0; i < group.count; ++i) {
      const auto face = source.roll(group.die, reason);
      rolled.dice.push_back({group.die.name(), group.die.value(face), group.die.label(face)});
    }
  }
  return rolled;
}

namespace {
constexpr std::uint64_t step_weight = 32;
}  // namespace

template <class P>
std::map<std::vector<std::int64_t>, P> Pool::joint(const std::vector<PoolStatistic>& statistics,
                                                   const DistributionBudget& budget) const {
  std::map<std::vector<std::int64_t>, P> states;
  std::uint64_t spent = 0;
  bool first = true;
  for (const auto& group : groups_) {
    // One die of the group: what it gives each statistic → probability.
    std::map<std::vector<std::int64_t>, P> one;
    const auto faces = static_cast<std::int64_t>(group.die.size());
    for (std::size_t f = 0; f < group.die.size(); ++f) {
      std::vector<std::int64_t> gives;
      for (const auto& s : statistics) gives.push_back(contribution(s, group.die.value(f), group.die.label(f)));
      one[gives] += ratio<P>(1, faces);
    }
    for (std::int64_t i = 0; i < group.count; ++i) {
      if (first) {
        states = one;
        first = false;
        continue;
      }
      // A step here is a map insertion under a vector key, with its allocations: weighed as the
      // multiply-adds it costs, so the error comes in seconds, well inside a pack's time budget.
      spent += states.size() * one.size() * step_weight;
      if (spent > budget.max_steps)
        throw Error("the pool's joint distribution is too much work; estimate it by rolling the pool many times");
      std::map<std::vector<std::int64_t>, P> next;
      for (const auto& [key, p] : states) {
        for (const auto& [gives, q] : one) {
          std::vector<std::int64_t> merged(key.size());
          for (std::size_t s = 0; s < key.size(); ++s) merged[s] = merge(statistics[s].kind, key[s], gives[s]);
          next[merged] += p * q;
        }
      }
      states = std::move(next);
    }
  }
  return states;
}

template std::map<std::vector<std::int64_t>, double> Pool::joint<double>(const std::vector<PoolStatistic>&,
                                                                         const DistributionBudget&) const;
template std::map<std::vector<std::int64_t>, Fraction> Pool::joint<Fraction>(const std::vector<PoolStatistic>&,
                                                                             const DistributionBudget&) const;

}  // namespace arbiter
