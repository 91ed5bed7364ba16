// Rolling dice in-process, the peer being @dice-roller/rpg-dice-roller (bench/peers, run beside
// this one): parse once, then roll with the seeded generator. `total` draws the same dice as a
// full roll without recording them (sampling); `shown` builds the result that shows its work.
#include <benchmark/benchmark.h>

#include "interpreter/core/roll.hpp"

namespace {

void roll_total(benchmark::State& state, const char* expr) {
  const arbiter::Roller roller(arbiter::dice::parse_dice(expr));
  arbiter::SeededDice dice(42);
  for (auto _ : state) benchmark::DoNotOptimize(roller.total(dice));
  state.SetItemsProcessed(state.iterations());
}

void roll_shown(benchmark::State& state, const char* expr) {
  const arbiter::Roller roller(arbiter::dice::parse_dice(expr));
  arbiter::SeededDice dice(42);
  for (auto _ : state) benchmark::DoNotOptimize(roller.roll(dice, "benchmark"));
  state.SetItemsProcessed(state.iterations());
}

// Parsing and rolling each time, as rpg-dice-roller's `new DiceRoll(notation)` does.
void parse_and_roll(benchmark::State& state, const char* expr) {
  arbiter::SeededDice dice(42);
  for (auto _ : state) {
    const arbiter::Roller roller(arbiter::dice::parse_dice(expr));
    benchmark::DoNotOptimize(roller.roll(dice, "benchmark"));
  }
  state.SetItemsProcessed(state.iterations());
}

}  // namespace

BENCHMARK_CAPTURE(roll_total, 4d6kh3, "4d6kh3");
BENCHMARK_CAPTURE(roll_total, 1d20 + 5, "1d20+5");
BENCHMARK_CAPTURE(roll_total, 10d10 >= 8, "10d10>=8");
BENCHMARK_CAPTURE(roll_total, 3d6!, "3d6!");
BENCHMARK_CAPTURE(roll_shown, 4d6kh3, "4d6kh3");
BENCHMARK_CAPTURE(roll_shown, 1d20 + 5, "1d20+5");
BENCHMARK_CAPTURE(roll_shown, 10d10 >= 8, "10d10>=8");
BENCHMARK_CAPTURE(roll_shown, 3d6!, "3d6!");
BENCHMARK_CAPTURE(parse_and_roll, 4d6kh3, "4d6kh3");
BENCHMARK_CAPTURE(parse_and_roll, 1d20 + 5, "1d20+5");
BENCHMARK_CAPTURE(parse_and_roll, 10d10 >= 8, "10d10>=8");
BENCHMARK_CAPTURE(parse_and_roll, 3d6!, "3d6!");
