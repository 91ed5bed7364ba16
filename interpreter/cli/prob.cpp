// arbiter prob EXPR [--json] [--exact] [--at-least X] [--all]: the exact distribution of a dice expression,
// as a table with a text histogram, or JSON {"expr","mean","stddev","distribution":[{"value","p"}]}
// (each entry with "fraction" under --exact).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <ostream>
#include <string_view>
#include <type_traits>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/distribution_table.hpp"
#include "interpreter/cli/number_options.hpp"
#include "interpreter/core/dice_warnings.hpp"
#include "interpreter/core/distribution.hpp"

namespace arbiter::cli {

namespace {

struct ProbOptions {
  std::string expr;
  bool json = false;
  bool exact = false;
  std::optional<std::int64_t> at_least;
  bool all = false;  // every value in the table, also those that print as 0.0000%
};

std::string fraction_text(double) { return {}; }

std::string fraction_text(const Fraction& p) { return p.get_str(); }

// A probability as JSON gives it (json_double), never 0 for what can happen nor 1 for what can
// fail (told_chance): a value of 1d2000! past 93 explosions, about 2000^-94 or less, is 5e-324, and
// at least 101 on 100d6 is 0.9999999999999999, not 1.
double json_probability(double p, ChanceBounds bounds) { return told_chance(json_double(p), bounds); }

// What the explosion depth cap cut off, to three figures. Below what a double holds (the
// distribution keeps such a chance as a double's smallest, never 0) it is told as such.
std::string cut_off_text(double p) {
  return p <= std::numeric_limits<double>::denorm_min() ? "less than 1e-300" : fmt::format("{:.3g}", p);
}

template <class P>
void report(Context& context, const ProbOptions& options, const Roller& roller, const Distribution<P>& d) {
  const auto moments = d.moments();
  // Exact fractions give the mean exactly, however far from 0; floating point, the digits its sums
  // hold (mean_held), in the table and in the JSON.
  const Fraction mean = Fraction(static_cast<long>(moments.origin)) + Fraction(moments.from_origin);
  const auto mean_to = [&](int places) {
    if constexpr (std::is_same_v<P, double>) {
      return mean_told(d, moments, places);
    } else {
      return decimal(mean, places);
    }
  };
  // In JSON, the digits a double's sums hold; an exact mean to 15 significant digits, as a double
  // would give them, and never fewer decimals than the text's four (10^18 + 10.5 keeps its .5).
  const auto json_mean = [&] {
    if constexpr (std::is_same_v<P, double>) {
      return mean_to(std::numeric_limits<double>::max_digits10);
    } else {
      const std::string whole = decimal(mean, 0);
      const auto digits = static_cast<int>(whole.size()) - (whole.starts_with('-') ? 1 : 0);
      return decimal(mean, std::max(4, 15 - digits));
    }
  };
  const double stddev = std::sqrt(to_double(moments.variance));
  // Not 0 when the cap cut any roll off, however little (an exact 2000^-101 is 0 as a double).
  const double cut_off = d.cut_off > 0 ? std::max(to_double(d.cut_off), std::numeric_limits<double>::denorm_min()) : 0.0;
  const std::string expr = dice::to_string(*roller.expression().root);

  if (options.json) {
    // Written as it is made, one value at a time: a distribution may hold 50 million values.
    // The mean with the digits the text gives it, written as they are: a double holds no
    // 1000000000000000010.5 (d20 + 10^18), which it made 1e+18.
    nlohmann::ordered_json after_mean = {{"stddev", json_double(stddev)}};
    // The mean exactly, which a JSON number (a double) cannot always hold (near ±2^63).
    if (options.exact) after_mean["mean_fraction"] = fraction_text(mean);
    nlohmann::ordered_json tail = nlohmann::ordered_json::object();
    if (options.at_least) {
      tail["at_least"] = {{"value", *options.at_least},
                          {"p", json_probability(to_double(d.at_least(*options.at_least)), d.bounds_at_least(*options.at_least))}};
      if (options.exact) tail["at_least"]["fraction"] = fraction_text(d.at_least(*options.at_least));
    }
    if (cut_off > 0) tail["cut_off"] = json_double(cut_off);
    const std::string head_text = json_with_number({{"expr", expr}}, "mean", json_number(json_mean()), after_mean),
                      tail_text = tail.dump();
    // The members of each object, without its braces, around the distribution's.
    *context.out << std::string_view(head_text).substr(0, head_text.size() - 1) << R"(,"distribution":[)";
    for (std::size_t i = 0; i < d.outcomes.size(); ++i) {
      nlohmann::ordered_json entry = {{"value", d.outcomes[i].value},
                                      {"p", json_probability(to_double(d.outcomes[i].p), d.bounds_of_value(d.outcomes[i].value))}};
      if (options.exact) entry["fraction"] = fraction_text(d.outcomes[i].p);
      *context.out << (i ? "," : "") << entry.dump();
    }
    *context.out << "]" << (tail.empty() ? "" : ",") << std::string_view(tail_text).substr(1) << "\n";
    return;
  }
  *context.out << fmt::format("{}: mean {}", expr, mean_to(4));
  if (options.exact) *context.out << " (" << fraction_text(mean) << ")";
  *context.out << fmt::format(", standard deviation {}\n", decimal_held(stddev, 4));
  if (cut_off > 0)
    *context.out << fmt::format("the explosion depth cap ({} extra dice) changed {} of the probability\n",
                                roller.limits().explode_depth, cut_off_text(cut_off));
  if (options.at_least) {
    // Past either end the answer is exact, 0 or 1, and says so with the reason (a floating-point
    // sum of every probability may miss 1 in its last digit). Between them it is neither, and is
    // never shown as either: a chance too small for four decimals, or too near 1, gets more.
    const std::int64_t x = *options.at_least;
    const auto p = d.at_least(x);
    std::string percent, why;
    if (x > d.high()) {
      percent = "0";
      why = fmt::format(" ({} is at most {}{})", expr, d.high(),
                        cut_off > 0 ? " within the explosion depth cap" : "");
    } else if (x <= d.low() && d.cut_off == 0) {
      percent = "100";
      why = fmt::format(" ({} is at least {})", expr, d.low());
    } else if (x <= d.low()) {
      // Every roll that is made, which is not every roll: those past the depth cap are refused.
      percent = uncertain_percent(p, d.cut_off);
      why = fmt::format(" ({} is at least {}; the rest are rolls past the explosion depth cap)", expr, d.low());
    } else {
      percent = uncertain_percent(p, d.at_most(x - 1));  // the complement summed from its own small terms
    }
    *context.out << fmt::format("P(>= {}) = {}%", x, percent);
    if (options.exact) *context.out << " = " << fraction_text(p);
    *context.out << why << "\n";
  }
  print_distribution(*context.out, OutcomeRows(d.outcomes, d.cut_off == 0), options.all || options.exact);  // --exact: every fraction
}

}  // namespace

void add_prob_command(CLI::App& app, Context& context) {
  auto* command = app.add_subcommand("prob", "The exact probability distribution of a dice expression");
  auto options = std::make_shared<ProbOptions>();
  command->add_option("EXPR", options->expr, "A dice expression, e.g. 4d6kh3 or \"1d20+5 >= 15\"")->required();
  command->add_flag("--json", options->json, "Print JSON instead of a table");
  command->add_flag("--exact", options->exact, "Exact fractions (big integers) as well as decimals");
  command->add_option("--at-least", options->at_least, "Also print the probability of X or more")
      ->transform(
          whole_number("a total", std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()))
      ->type_name("X");
  command->add_flag("--all", options->all, "List every value, also those below 0.00005% (summarised in one line otherwise)");
  command->callback([&context, options] {
    const Roller roller(dice::parse_dice(options->expr, "<command line>"), NamedDice::without_packs());
    for (const auto& warning : dice_warnings(roller)) *context.err << render(warning, "warning") << "\n";
    if (options->exact)
      report(context, *options, roller, exact_distribution_of(roller));
    else
      report(context, *options, roller, distribution_of(roller));
  });
}

}  // namespace arbiter::cli
