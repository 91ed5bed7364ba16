// Line of sight between random cell pairs on the 100×100 battlefield with 1,000 walls.
// Target (issue 3): at least 1M queries per second.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench/battlefield.hpp"
#include "interpreter/core/sight.hpp"

static void line_of_sight_100x100_1000_walls(benchmark::State& state) {
  const arbiter::Grid grid = bench::battlefield();
  bench::Sequence random;
  std::vector<std::pair<arbiter::Cell, arbiter::Cell>> pairs(4096);
  for (auto& [a, b] : pairs) a = {random.below(100), random.below(100)}, b = {random.below(100), random.below(100)};
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [a, b] = pairs[i++ % pairs.size()];
    benchmark::DoNotOptimize(arbiter::line_of_sight(grid, a, b));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(line_of_sight_100x100_1000_walls);
