#include "interpreter/core/sampling_budget.hpp"

namespace arbiter {

namespace {
// Enough rolls, or dice, for their average to foretell the rest.
constexpr std::uint64_t rolls_to_judge = 1'000;
constexpr std::uint64_t dice_to_judge = 1'000'000;
}  // namespace

std::optional<std::uint64_t> SamplingBudget::after_roll(std::uint64_t rolls, std::uint64_t rolled) noexcept {
  if (rolled > dice_) return rolls - 1;
  if (judged_ || (rolls < rolls_to_judge && rolled < dice_to_judge)) return std::nullopt;
  judged_ = true;
  if (rolled * times_ > dice_ * rolls) return dice_ * rolls / rolled;
  return std::nullopt;
}

}  // namespace arbiter
