// Order sheets: parsing, and parsing then checking against a vocabulary and a roster, of 1 MB of
// sheets (issue 4's target: at least 20 MB/s). Run: build/bench/orders_bench
#include <string>

#include <benchmark/benchmark.h>

#include "grammar/orders.hpp"
#include "interpreter/core/order_check.hpp"

using namespace arbiter::orders;

namespace {

// About 1 MB of sheets in both forms, each character once, all of them valid.
struct Fixture {
  std::string text;
  Roster roster;
  Vocabulary vocabulary;

  Fixture() {
    vocabulary.phases = 2;
    vocabulary.add_action({"Charge", true, 15});
    vocabulary.add_action({"Full Attack", true, std::nullopt});
    vocabulary.add_action({"Move", false, 15});
    vocabulary.add_action({"Ranged Attack", true, std::nullopt});
    vocabulary.add_condition("I reach the enemy", "bench");
    vocabulary.add_condition("{character} is down", "bench");
    vocabulary.add_condition("I have at least {n} wounds", "bench");
    vocabulary.add_target("the closest enemy", "bench");
    vocabulary.add_target("the most injured enemy", "bench");
    for (int i = 0; text.size() < (1u << 20); ++i) {
      const std::string name = "Fighter " + std::to_string(i);
      roster.push_back({name, "players"});
      if (i % 2 == 0) {
        text += "Character: " + name +
                "\nFirst Action:\n  Action: Charge\n  Target: Towards the closest enemy.\nSecond Action:\n"
                "  IF: I reach the enemy\n    Action: Full Attack\n    Target: Closest Enemy\n  ELSE:\n"
                "    Action: Charge\n    Target: Towards the closest enemy.\n\n";
      } else {
        text += "\"" + name + "\":  # compact\n  1: Move 15' S, S, SW\n"
                "  2: IF \"Fighter 0\" is down AND NOT I have at least 2 wounds THEN Ranged Attack -> most injured "
                "enemy ELSE Ranged Attack -> \"Fighter 0\"\n";
      }
    }
  }
};

const Fixture& fixture() {
  static const Fixture f;
  return f;
}

void BM_parse(benchmark::State& state) {
  const auto& f = fixture();
  for (auto _ : state) benchmark::DoNotOptimize(parse_orders(f.text, "bench.txt"));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * f.text.size()));
}
BENCHMARK(BM_parse)->Unit(benchmark::kMillisecond);

void BM_parse_and_check(benchmark::State& state) {
  const auto& f = fixture();
  for (auto _ : state) {
    std::vector<SheetFile> sheets{{"bench.txt", f.text, parse_orders(f.text, "bench.txt")}};
    const auto diagnostics = check_orders(sheets, f.vocabulary, &f.roster);
    if (!diagnostics.empty()) state.SkipWithError(diagnostics.front().message.c_str());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * f.text.size()));
}
BENCHMARK(BM_parse_and_check)->Unit(benchmark::kMillisecond);

}  // namespace
