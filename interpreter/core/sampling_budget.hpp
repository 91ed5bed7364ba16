#pragma once
// The work a run of many rolls (`arbiter roll --times`) may do, counted in dice rolled over all
// the rolls (explosions and rerolls included): past it, the run is refused naming the most times
// that fit, rather than taking hours.
#include <cstdint>
#include <optional>

namespace arbiter {

class SamplingBudget {
 public:
  // `dice` in all for `times` rolls. Each below 2^32 (the command line's are 2*10^8 and 10^8), so
  // that the products it compares fit in 64 bits.
  SamplingBudget(std::uint64_t dice, std::uint64_t times) noexcept : dice_(dice), times_(times) {}

  // Told after each roll: `rolls` made so far (from 1) and `rolled` dice in all. The most times
  // that fit when the run must stop here, else nothing. Judged once, from the first rolls, when
  // there are enough of them for their average to hold: exact when every roll takes the same dice,
  // a forecast when they vary (explosions). Whatever the forecast, stopped once the budget is
  // spent: the rolls before this one are then exactly what fits.
  std::optional<std::uint64_t> after_roll(std::uint64_t rolls, std::uint64_t rolled) noexcept;

  std::uint64_t dice() const noexcept { return dice_; }

 private:
  std::uint64_t dice_;
  std::uint64_t times_;
  bool judged_ = false;
};

}  // namespace arbiter
