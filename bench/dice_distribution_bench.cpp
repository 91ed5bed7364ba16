// Exact distributions, against icepool's published times on this class of machine (issue 5):
// 10d6kh3 1.3 ms, 100d10kh10 67 ms, L5R roll 5 keep 3 with d10s exploding to depth 9 59 ms.
// Debian's dicelab is run beside these by bench/dicelab.sh on sizes it finishes.
#include <benchmark/benchmark.h>

#include "interpreter/core/distribution.hpp"

namespace {

void distribution(benchmark::State& state, const char* expr, std::int64_t explode_depth) {
  arbiter::DiceLimits limits;
  limits.explode_depth = explode_depth;
  const arbiter::Roller roller(arbiter::dice::parse_dice(expr), {}, limits);
  for (auto _ : state) benchmark::DoNotOptimize(arbiter::distribution_of(roller));
}

void exact(benchmark::State& state, const char* expr, std::int64_t explode_depth) {
  arbiter::DiceLimits limits;
  limits.explode_depth = explode_depth;
  const arbiter::Roller roller(arbiter::dice::parse_dice(expr), {}, limits);
  for (auto _ : state) benchmark::DoNotOptimize(arbiter::exact_distribution_of(roller));
}

}  // namespace

BENCHMARK_CAPTURE(distribution, 10d6kh3, "10d6kh3", 100)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(distribution, 100d10kh10, "100d10kh10", 100)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(distribution, l5r_5d10!!kh3_depth9, "5d10!!kh3", 9)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(distribution, 3d6, "3d6", 100)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(distribution, 5d6kh3, "5d6kh3", 100)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(exact, 10d6kh3, "10d6kh3", 100)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(exact, 100d10kh10, "100d10kh10", 100)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(exact, l5r_5d10!!kh3_depth9, "5d10!!kh3", 9)->Unit(benchmark::kMillisecond);
