// arbiter roll EXPR [--seed N | --dice 1,4,9,10 | --prompt] [--reason TEXT] [--times N [--all]] [--json]:
// one roll that shows its work, or N seeded rolls summarised as an estimated distribution.
// JSON: {"expr","total","dice":[…],"text"} for one roll; {"expr","times","mean","stddev",
// "distribution":[{"value","p"}]} for --times.
#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "grammar/diagnostic.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/dice_choice.hpp"
#include "interpreter/cli/distribution_table.hpp"
#include "interpreter/cli/number_options.hpp"
#include "interpreter/core/dice_warnings.hpp"
#include "interpreter/core/distribution.hpp"
#include "interpreter/core/roll.hpp"
#include "interpreter/core/sampling_budget.hpp"

namespace arbiter::cli {

namespace {

struct RollOptions {
  std::string expr;
  DiceChoice dice;
  std::string reason;
  std::uint64_t times = 0;
  bool json = false;
  bool all = false;  // --times: every value in the table, also those that print as 0.0000%
};

nlohmann::ordered_json die_json(const RolledTerm& term, const RolledDie& die) {
  nlohmann::ordered_json out = {{"die", term.die},
                        {"value", die.value},
                        {"fate", fate_of(die)},
                        {"exploded", die.exploded}};
  // The 1d4 of `(1d4)d6` is kept in its own term but is no part of the total: said apart.
  if (term.decides_count) out["role"] = "count";
  if (!die.symbol.empty()) out["symbol"] = die.symbol;
  if (const char* counted = counted_as(die)) out["counted"] = counted;
  return out;
}

void roll_once(Context& context, const RollOptions& options, const Roller& roller, DiceSource& source) {
  const Roll roll = roller.roll(source, options.reason);
  if (options.json) {
    nlohmann::ordered_json dice = nlohmann::ordered_json::array();
    for (const auto& term : roll.terms)
      for (const auto& die : term.dice) dice.push_back(die_json(term, die));
    *context.out << nlohmann::ordered_json{{"expr", roll.expr}, {"total", roll.total}, {"dice", dice}, {"text", roll.text}}.dump()
                 << "\n";
    return;
  }
  if (!roll.reason.empty()) *context.out << printable(roll.reason) << ": ";  // as the prompt shows it
  *context.out << roll.text << "\n";
}

// The dice `roll --times` may roll over all the times: a few seconds' worth.
constexpr std::uint64_t sampling_budget = 200'000'000;

// Passes every roll on to another source, counting the dice.
class CountedDice final : public DiceSource {
 public:
  explicit CountedDice(DiceSource& dice) : dice_(dice) {}
  std::size_t roll(const Die& die, std::string_view reason) override {
    ++rolled_;
    return dice_.roll(die, reason);
  }
  void roll_many(const Die& die, std::string_view reason, std::span<std::size_t> faces) override {
    rolled_ += faces.size();
    dice_.roll_many(die, reason, faces);
  }
  std::uint64_t rolled() const noexcept { return rolled_; }

 private:
  DiceSource& dice_;
  std::uint64_t rolled_ = 0;
};

// Whether a term's count is rolled (`(1d10000)d2`): another term is written inside that count,
// between its start and the term's own faces.
bool count_rolled(const Roller& roller) {
  const auto& terms = roller.terms();
  return std::any_of(terms.begin(), terms.end(), [&](const PreparedTerm& outer) {
    return outer.term->count && std::any_of(terms.begin(), terms.end(), [&](const PreparedTerm& inner) {
             return inner.term->faces_column >= outer.term->count->column &&
                    inner.term->faces_column < outer.term->faces_column;
           });
  });
}

void sample(Context& context, const RollOptions& options, const Roller& roller, DiceSource& dice) {
  std::map<std::int64_t, std::uint64_t> counts;
  CountedDice source(dice);
  SamplingBudget budget(sampling_budget, options.times);
  for (std::uint64_t i = 0; i < options.times; ++i) {
    const auto total = roller.total(source);
    // Refused naming the most times that fit these dice (the same --seed, the same figure). One
    // roll is at most DiceLimits::max_dice dice, so checking between rolls is soon enough.
    // A rolled count may come up past what one roll takes on any roll, however few: the figure
    // cannot promise a run of that many, and says so.
    if (const auto most = budget.after_roll(i + 1, source.rolled()))
      throw Error(fmt::format(
          "rolling {} {} times needs more than {} dice, the most --times rolls: give --times {} or fewer{}",
          dice::to_string(*roller.expression().root), options.times, budget.dice(), *most,
          count_rolled(roller)
              ? fmt::format(" (foretold from the rolls so far; and as a count is rolled, any roll whose count comes "
                            "up past the {} dice one roll may take is refused, however few the times)",
                            roller.limits().max_dice)
              : ""));
    ++counts[total];
  }
  // The rolls' mean and deviation as prob works them out (Distribution::moments): around a value
  // they took, not from the sums of the totals and their squares, which near 2^63 hold no digit of
  // a deviation of 1.7.
  const double n = static_cast<double>(options.times);
  Distribution<double> sampled;
  for (const auto& [value, count] : counts) sampled.outcomes.push_back({value, static_cast<double>(count) / n});
  // The mean as prob tells it, its origin's digits exact (d20 + 10^18 came out as 1e+18).
  const auto moments = sampled.moments();
  const double stddev = std::sqrt(moments.variance);
  const std::string expr = dice::to_string(*roller.expression().root);
  if (options.json) {
    nlohmann::ordered_json after_mean = {{"stddev", json_double(stddev)}};
    auto& entries = after_mean["distribution"] = nlohmann::ordered_json::array();
    for (const auto& [value, p] : sampled.outcomes) entries.push_back({{"value", value}, {"p", json_double(p)}});
    *context.out << json_with_number({{"expr", expr}, {"times", options.times}}, "mean",
                                     json_number(mean_told(sampled, moments, std::numeric_limits<double>::max_digits10)),
                                     after_mean)
                 << "\n";
    return;
  }
  *context.out << fmt::format("{}: {} rolls, mean {}, standard deviation {} (estimated by sampling)\n", expr,
                              options.times, mean_told(sampled, moments, 4), decimal_held(stddev, 4));
  print_distribution(*context.out, OutcomeRows(sampled.outcomes, true), options.all);
}

}  // namespace

void add_roll_command(CLI::App& app, Context& context) {
  auto* command = app.add_subcommand("roll", "Roll a dice expression and show every die");
  auto options = std::make_shared<RollOptions>();
  command->add_option("EXPR", options->expr, "A dice expression, e.g. 4d6kh3 or \"1d20+5 >= 15\"")->required();
  auto* seed = command->add_option("--seed", options->dice.seed, "Seed the generator: the same seed, the same rolls")
                   ->transform(seed_value());
  auto* dice = command->add_option("--dice", options->dice.scripted, "Use these values instead of random ones, in order")
                   ->check(dice_values())
                   ->type_name("1,4,9,10");
  auto* prompt = command->add_flag("--prompt", options->dice.by_hand, "Ask for each die (a GM rolling real dice)");
  seed->excludes(dice)->excludes(prompt);
  dice->excludes(prompt);
  command->add_option("--reason", options->reason, "What the roll is for, shown with it and at the prompt");
  auto* times = command->add_option("--times", options->times, "Roll N times and show the estimated distribution")
      ->transform(whole_number("a number of rolls", std::uint64_t{1}, std::uint64_t{100'000'000}))
      ->type_name("N");
  command->add_flag("--json", options->json, "Print JSON");
  command->add_flag("--all", options->all, "With --times, list every value, also those below 0.00005%")->needs(times);
  command->callback([&context, options] {
    const Roller roller(dice::parse_dice(options->expr, "<command line>"), NamedDice::without_packs());
    for (const auto& warning : dice_warnings(roller)) *context.err << render(warning, "warning") << "\n";
    const auto source = make_dice(options->dice, *context.err);  // prompts apart from the result (--json)
    if (options->times > 0)
      sample(context, *options, roller, *source);
    else
      roll_once(context, *options, roller, *source);
    warn_of_unused_dice(*source, *context.err);
  });
}

}  // namespace arbiter::cli
