#pragma once
// Where a subcommand's dice come from: --seed N (the seeded generator; a fresh seed without it),
// --dice LIST (scripted values, in order) or rolled by hand at a prompt.
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "interpreter/core/dice_source.hpp"

namespace arbiter::cli {

struct DiceChoice {
  std::optional<std::uint64_t> seed;
  std::string scripted;  // "14, 3, 6"
  bool by_hand = false;
};

// Validators for --seed (whole_number: 0 … 2^64 − 1, given with Option::transform) and --dice (see
// ScriptedDice::parse): a bad value is a usage error naming it, before anything runs.
CLI::Validator seed_value();
CLI::Validator dice_values();

// Prompts for dice rolled by hand go to `prompts`, answers come from standard input.
std::unique_ptr<DiceSource> make_dice(const DiceChoice& choice, std::ostream& prompts);

// Dice given with --dice that nothing rolled are most likely a mistake in the list: said on `err`.
void warn_of_unused_dice(const DiceSource& dice, std::ostream& err);

}  // namespace arbiter::cli
