// The dice budget of `arbiter roll --times`, at small sizes: the command line's own is 200 million
// dice, which its tests cannot roll to the die in a suite's time.
#include <catch2/catch.hpp>

#include "interpreter/core/sampling_budget.hpp"

namespace {

using arbiter::SamplingBudget;

// Rolls `times` rolls of which the first `first` take `early` dice each and the rest `late`: the
// number of rolls made when the budget stopped the run (with the most times it named), or the
// times asked when it ran to the end.
struct Outcome {
  std::uint64_t rolls_made;
  std::optional<std::uint64_t> most;
};
Outcome run(std::uint64_t budget_dice, std::uint64_t times, std::uint64_t first, std::uint64_t early,
            std::uint64_t late) {
  SamplingBudget budget(budget_dice, times);
  std::uint64_t rolled = 0;
  for (std::uint64_t rolls = 1; rolls <= times; ++rolls) {
    rolled += rolls <= first ? early : late;
    if (const auto most = budget.after_roll(rolls, rolled)) return {rolls, most};
  }
  return {times, std::nullopt};
}

}  // namespace

TEST_CASE("a run of rolls that takes the same dice every roll fits its budget to the die", "[dice][budget]") {
  // Fewer rolls than it takes to judge: stopped only when spent, naming the rolls before.
  CHECK_FALSE(run(1'000, 100, 0, 10, 10).most);
  const auto one_more = run(1'000, 101, 0, 10, 10);
  CHECK(one_more.rolls_made == 101);
  CHECK(one_more.most == 100);
  // Enough rolls to judge: refused at the thousandth roll, naming exactly what fits, which runs.
  const auto foretold = run(20'000, 5'000, 0, 10, 10);
  CHECK(foretold.rolls_made == 1'000);
  CHECK(foretold.most == 2'000);
  CHECK_FALSE(run(20'000, 2'000, 0, 10, 10).most);
  CHECK(run(20'000, 2'001, 0, 10, 10).most == 2'000);
}

TEST_CASE("a run of large rolls is judged once a million dice are rolled", "[dice][budget]") {
  const auto judged = run(10'000'000, 10'000, 0, 2'000, 2'000);
  CHECK(judged.rolls_made == 500);
  CHECK(judged.most == 5'000);
}

TEST_CASE("a run whose later rolls take more dice than its first foretold stops when the budget is spent",
          "[dice][budget]") {
  // The first thousand rolls take 10 dice, the rest 30: judged fine at the thousandth, spent at
  // the 1667th, which names the 1666 rolls before it; those fit, one more does not.
  const auto spent = run(30'000, 2'500, 1'000, 10, 30);
  CHECK(spent.rolls_made == 1'667);
  CHECK(spent.most == 1'666);
  CHECK_FALSE(run(30'000, 1'666, 1'000, 10, 30).most);
  CHECK(run(30'000, 1'667, 1'000, 10, 30).most == 1'666);
}
