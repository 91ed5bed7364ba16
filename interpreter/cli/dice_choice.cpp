#include "interpreter/cli/dice_choice.hpp"

#include <iostream>
#include <random>

namespace arbiter::cli {

std::unique_ptr<DiceSource> make_dice(const DiceChoice& choice, std::ostream& prompts) {
  if (!choice.scripted.empty()) return std::make_unique<ScriptedDice>(ScriptedDice::parse(choice.scripted));
  if (choice.by_hand) return std::make_unique<PromptedDice>(std::cin, prompts);
  // Without --seed, a fresh seed each run.
  return std::make_unique<SeededDice>(choice.seed ? *choice.seed
                                                  : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}());
}

}  // namespace arbiter::cli
