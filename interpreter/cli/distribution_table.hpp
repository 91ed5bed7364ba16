#pragma once
// The table and text histogram `arbiter prob` and `arbiter roll --times` print.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace arbiter::cli {

struct DistributionRow {
  std::int64_t value = 0;
  double p = 0;
  std::string fraction;  // "15869/1296" with --exact, else empty
};

// value, probability, at least, at most, [fraction,] and a bar as long as the probability is high.
void print_distribution(std::ostream& out, const std::vector<DistributionRow>& rows);

}  // namespace arbiter::cli
