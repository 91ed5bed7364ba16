#include "interpreter/cli/dice_choice.hpp"

#include <iostream>
#include <limits>
#include <random>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "interpreter/cli/number_options.hpp"

namespace arbiter::cli {

CLI::Validator seed_value() {
  return whole_number("a seed", std::uint64_t{0}, std::numeric_limits<std::uint64_t>::max());
}

CLI::Validator dice_values() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        try {
          ScriptedDice::parse(text);
          return {};
        } catch (const Error& e) {
          return e.diagnostics().front().message;
        }
      },
      "");
}

std::unique_ptr<DiceSource> make_dice(const DiceChoice& choice, std::ostream& prompts) {
  if (!choice.scripted.empty()) return std::make_unique<ScriptedDice>(ScriptedDice::parse(choice.scripted));
  if (choice.by_hand) return std::make_unique<PromptedDice>(std::cin, prompts);
  // Without --seed, a fresh seed each run.
  return std::make_unique<SeededDice>(choice.seed ? *choice.seed
                                                  : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}());
}

void warn_of_unused_dice(const DiceSource& dice, std::ostream& err) {
  const auto* scripted = dynamic_cast<const ScriptedDice*>(&dice);
  if (!scripted || scripted->remaining() == 0) return;
  err << "warning: " << scripted->remaining() << " of the values given with --dice "
      << (scripted->remaining() == 1 ? "was" : "were") << " not rolled: " << fmt::format("{}", fmt::join(scripted->unrolled(), ", "))
      << "\n";
}

}  // namespace arbiter::cli
