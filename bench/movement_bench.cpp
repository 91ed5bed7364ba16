// One phase of simultaneous movement for 50 characters: two lines of 25 walking 30' (6 steps)
// into each other on the 100×100 battlefield, so they meet head-on, swap, cross and leave reach.
// Target (issue 3): at most 50 µs per phase.
#include <benchmark/benchmark.h>

#include <vector>

#include "interpreter/core/movement.hpp"

static void simultaneous_movement_50_characters(benchmark::State& state) {
  const arbiter::Grid grid(100, 100);
  std::vector<arbiter::Mover> movers;
  for (int i = 0; i < 50; ++i) {
    const bool party = i % 2 == 0;
    const int x = 20 + i / 2 * 2 + (party ? 0 : 1);
    arbiter::Mover m{.id = i, .name = "m" + std::to_string(i), .side = party ? "party" : "orcs",
                     .start = {x, party ? 40 : 48}, .path = {}, .ready = i % 3 == 0, .reach_feet = 5};
    arbiter::Cell at = m.start;
    for (int s = 0; s < 6; ++s) {
      // Party walks north, orcs south; every fourth one veers diagonally into a neighbour's path.
      at = {at.x + (i % 4 == 1 ? (s % 2 ? 1 : -1) : 0), at.y + (party ? 1 : -1)};
      m.path.push_back(at);
    }
    movers.push_back(std::move(m));
  }
  const arbiter::MoveDecision clash = [](const arbiter::MoveEvent& e) {
    return e.allies || e.kind == arbiter::MoveEventKind::LeftReach ? arbiter::Halt::None : arbiter::Halt::Both;
  };
  std::size_t events = 0;
  for (auto _ : state) {
    arbiter::BorderTraffic traffic;
    const auto result = arbiter::resolve_movement(grid, movers, traffic, {}, clash);
    events = result.events.size();
    benchmark::DoNotOptimize(result);
  }
  state.counters["events"] = static_cast<double>(events);
}
BENCHMARK(simultaneous_movement_50_characters)->Unit(benchmark::kMicrosecond);
