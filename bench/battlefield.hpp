#pragma once
// The benchmarks' battlefield (issue 3): 100×100 cells with 1,000 wall borders placed by a fixed
// linear congruential sequence, so every run measures the same map.
#include <cstdint>

#include "interpreter/core/grid.hpp"

namespace bench {

struct Sequence {
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  int below(int n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(n));
  }
};

inline arbiter::Grid battlefield() {
  arbiter::Grid grid(100, 100);
  Sequence random;
  const arbiter::Border wall{.name = "wall", .blocks_movement = true, .blocks_sight = true, .toughness = 6};
  for (std::size_t placed = 0; placed < 1000;) {
    const arbiter::Cell a{random.below(99), random.below(99)};
    const arbiter::Cell b = random.below(2) ? arbiter::Cell{a.x + 1, a.y} : arbiter::Cell{a.x, a.y + 1};
    if (grid.border(a, b)) continue;
    grid.set_border(a, b, wall);
    ++placed;
  }
  return grid;
}

}  // namespace bench
