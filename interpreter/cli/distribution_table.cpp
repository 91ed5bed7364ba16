#include "interpreter/cli/distribution_table.hpp"

#include <algorithm>
#include <cmath>
#include <ostream>

#include <fmt/format.h>

namespace arbiter::cli {

void print_distribution(std::ostream& out, const std::vector<DistributionRow>& rows) {
  constexpr double bar_width = 50;
  double highest = 0, total = 0;
  for (const auto& row : rows) {
    highest = std::max(highest, row.p);
    total += row.p;
  }
  const bool fractions = !rows.empty() && !rows.front().fraction.empty();
  std::size_t fraction_width = 8;
  for (const auto& row : rows) fraction_width = std::max(fraction_width, row.fraction.size());
  out << fmt::format("{:>8}  {:>9}  {:>9}  {:>9}", "value", "p", "at least", "at most");
  if (fractions) out << fmt::format("  {:>{}}", "fraction", fraction_width);
  out << "\n";
  double below = 0;
  for (const auto& row : rows) {
    const double at_least = total - below;
    below += row.p;
    out << fmt::format("{:>8}  {:>8.4f}%  {:>8.4f}%  {:>8.4f}%", row.value, 100 * row.p, 100 * at_least, 100 * below);
    if (fractions) out << fmt::format("  {:>{}}", row.fraction, fraction_width);
    const auto bar = highest > 0 ? static_cast<std::size_t>(std::lround(bar_width * row.p / highest)) : 0;
    out << "  " << std::string(bar, '#') << "\n";
  }
}

}  // namespace arbiter::cli
