// Reading an encounter of many characters: the time must grow with their number, not its square.
// Each character's name was compared with every earlier one's (as sheets read names), its stats
// placed by counting the lines before them, and each copy named by gathering every name taken:
// five sides of 1,000 characters took 11 s to read, 1,000 copies of each of five 6 s.
//   build/bench/encounter_bench
#include <string>

#include <benchmark/benchmark.h>

#include "interpreter/core/grid.hpp"
#include "interpreter/packs/encounter.hpp"
#include "tests/support/temp_dir.hpp"

using namespace arbiter;

namespace {

constexpr int width = 100;

// An encounter of `sides` sides of `each` characters, on a map wide enough for all of them: each
// written out with a stat and a weapon, or, `copies`, one per side with `count = each`.
std::string encounter(std::int64_t sides, std::int64_t each, bool copies) {
  const int height = static_cast<int>(sides * each / width) + 1;
  const Grid grid(width, height);
  std::string text = "return {\n  rules = { \"tempo\" },\n  map = { width = " + std::to_string(width) +
                     ", height = " + std::to_string(height) + " },\n  characters = {\n";
  for (std::int64_t side = 0; side < sides; ++side)
    for (std::int64_t one = 0; one < (copies ? 1 : each); ++one) {
      const std::int64_t n = copies ? side * each : side * each + one;
      const Cell at{static_cast<int>(n % width), static_cast<int>(n / width)};
      text += "    { name = \"Side " + std::to_string(side) + " Fighter " + std::to_string(one) + "\", side = \"side " +
              std::to_string(side) + "\", at = \"" + grid.label(at) + "\", weapon = \"Sword\", stats = { skill = 1 }" +
              (copies ? ", count = " + std::to_string(each) : std::string()) + " },\n";
    }
  return text + "  },\n}\n";
}

void read(benchmark::State& state, bool copies) {
  const TempDir dir;
  const std::string file = dir / "encounter.lua";
  std::ofstream(file) << encounter(5, state.range(0), copies);
  lua::Sandbox sandbox;
  for (auto _ : state) benchmark::DoNotOptimize(packs::read_encounter(sandbox, file));
  state.SetComplexityN(5 * state.range(0));
}

// Five sides of `range(0)` characters, each written out.
void BM_ReadWrittenCharacters(benchmark::State& state) { read(state, false); }
BENCHMARK(BM_ReadWrittenCharacters)->RangeMultiplier(2)->Range(125, 1000)->Complexity()->Unit(benchmark::kMillisecond);

// Five characters of `count = range(0)`: the copies named and placed.
void BM_ReadCopies(benchmark::State& state) { read(state, true); }
BENCHMARK(BM_ReadCopies)->RangeMultiplier(2)->Range(125, 1000)->Complexity()->Unit(benchmark::kMillisecond);

}  // namespace
