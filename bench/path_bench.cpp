// A* between random cell pairs across the 100×100 battlefield with 1,000 walls, reusing one
// PathFinder. Target (issue 3): at least 20k paths per second.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench/battlefield.hpp"
#include "interpreter/core/pathfinder.hpp"

static void shortest_path_100x100_1000_walls(benchmark::State& state) {
  arbiter::Grid grid = bench::battlefield();
  grid.set_metric(static_cast<arbiter::Metric>(state.range(0)));
  arbiter::PathFinder paths(grid);
  bench::Sequence random;
  std::vector<std::pair<arbiter::Cell, arbiter::Cell>> pairs(1024);
  for (auto& [a, b] : pairs) a = {random.below(100), random.below(100)}, b = {random.below(100), random.below(100)};
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [a, b] = pairs[i++ % pairs.size()];
    benchmark::DoNotOptimize(paths.shortest(a, b));
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(std::string(arbiter::name(grid.metric())));
}
BENCHMARK(shortest_path_100x100_1000_walls)->DenseRange(0, 3);
