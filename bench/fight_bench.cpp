// Fights end to end. Issue 6's targets: rounds resolved per second in a 4-versus-4 Platemail
// skirmish with narration off (>= 20,000 rounds/s on one core), and the memory of one loaded
// Platemail state (<= 4 MB): the Lua heap after the pack and a fight are loaded, and the C++
// heap the whole setup takes. Issue 7's: actions resolved per second in a tempo duel with
// narration off (>= 100,000 actions/s), every action declared counted (reactions included).
//   build/bench/fight_bench   (from the project root: it reads rules/ and examples/)
#include <fstream>
#include <iterator>

#include <benchmark/benchmark.h>
#include <mimalloc.h>

#include "grammar/orders.hpp"
#include "interpreter/packs/encounter.hpp"
#include "interpreter/packs/fight.hpp"
#include "interpreter/packs/pack_stack.hpp"

using namespace arbiter;

namespace {

// Everyone fights whoever is nearest, every phase: the busy round of a skirmish.
std::string brawl() {
  const char* const order = "IF an enemy is adjacent THEN Full Attack -> the adjacent enemy ELSE Charge -> closest enemy";
  std::string sheet;
  for (const char* name : {"Aldric", "Brienne", "Cedric", "Dara", "Orc", "\"Orc #2\"", "\"Orc Brute\"", "Goblin"})
    sheet += std::string(name) + ":\n  1: " + order + "\n  2: " + order + "\n";
  return sheet;
}

// An encounter's fight under its packs, restarted at will.
struct Table {
  lua::Sandbox sandbox;
  packs::PackStack stack{sandbox, packs::SearchPath::standard({})};
  packs::Encounter encounter;
  SeededDice dice{7};
  std::unique_ptr<packs::Fight> fight;

  explicit Table(const char* file) : encounter(packs::read_encounter(sandbox, file)) {
    stack.load(encounter.rules);
    packs::check_equipment(encounter, sandbox.state(), stack.registry());
  }
  // A fresh fight from the encounter: the same characters, unhurt.
  void start() { fight = std::make_unique<packs::Fight>(sandbox, stack.registry(), packs::make_world(encounter), dice); }
};

struct Skirmish : Table {
  orders::Sheet sheet = orders::parse_orders(brawl(), "brawl");
  Skirmish() : Table("examples/platemail/skirmish.lua") {}
  void play() {
    fight->add_orders(fight->flow().position().round + 1, sheet);
    fight->play_round();
  }
};

// The first rounds of a fight, over and over: after three rounds the fight starts again, so the
// figure is for rounds where everyone is still on their feet.
void BM_SkirmishRound(benchmark::State& state) {
  Skirmish skirmish;
  skirmish.start();
  int played = 0;
  for (auto _ : state) {
    if (played++ % 3 == 0) {
      state.PauseTiming();
      skirmish.start();
      state.ResumeTiming();
    }
    skirmish.play();
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["events_per_round"] = static_cast<double>(skirmish.fight->log().events().size()) /
                                       static_cast<double>(skirmish.fight->flow().position().round);
}
BENCHMARK(BM_SkirmishRound)->Unit(benchmark::kMicrosecond);
// One run of exactly 52 rounds from a fresh fight, however busy the machine: the rounds callgrind
// counts one by one to compare two builds (docs/architecture.md, "Performance").
BENCHMARK(BM_SkirmishRound)->Iterations(52)->Unit(benchmark::kMicrosecond);

// The tempo duel's three rounds with their order sheets, over and over (by the third one of them
// is down): declarations, reactions and counter-tempo answers.
void BM_DuelActions(benchmark::State& state) {
  Table duel("examples/tempo/duel.lua");
  std::vector<orders::Sheet> sheets;
  for (int round = 1; round <= 3; ++round) {
    const std::string file = "examples/tempo/duel-round" + std::to_string(round) + ".txt";
    std::ifstream in(file);
    sheets.push_back(orders::parse_orders(std::string(std::istreambuf_iterator<char>(in), {}), file));
  }
  const auto start = [&] {
    duel.start();
    for (const orders::Sheet& sheet : sheets) duel.fight->add_orders(*sheet.round, sheet);
  };
  start();
  std::size_t actions = 0;
  int played = 0;
  const auto declared = [&] {
    std::size_t n = 0;
    for (const LogEvent& e : duel.fight->log().events()) n += e.type == event_type::declared;
    return n;
  };
  for (auto _ : state) {
    if (played++ % 3 == 0) {
      state.PauseTiming();
      actions += declared();
      start();
      state.ResumeTiming();
    }
    duel.fight->play_round();
  }
  actions += declared();
  state.SetItemsProcessed(static_cast<std::int64_t>(actions));
}
BENCHMARK(BM_DuelActions)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DuelActions)->Iterations(52)->Unit(benchmark::kMicrosecond);

// One tempo round whose sheet gives Ilse a turn of `range(0)` entries, of which she plays a few:
// the time grows with the sheet's length alone (entries are found by number through an index; a
// search of the list for each one made 100,000 entries take the round past its time budget).
void BM_TurnOfManyEntries(benchmark::State& state) {
  Table duel("examples/tempo/duel.lua");
  std::string text = "Ilse:\n";
  for (std::int64_t i = 1; i <= state.range(0); ++i)
    text += "  " + std::to_string(i) + ": IF I have at least 4 AP THEN Melee Attack -> my opponent ELSE Ready\n";
  const orders::Sheet sheet = orders::parse_orders(text, "long");
  for (auto _ : state) {
    state.PauseTiming();
    duel.start();
    duel.fight->add_orders(1, sheet);
    state.ResumeTiming();
    duel.fight->play_round();
  }
  state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_TurnOfManyEntries)->RangeMultiplier(10)->Range(100, 100'000)->Complexity()->Unit(benchmark::kMillisecond);

// Bytes in the blocks this thread's heap has handed out and not taken back (mimalloc is the
// programs' malloc).
std::size_t heap_in_use() {
  std::size_t bytes = 0;
  const auto add_area = [](const mi_heap_t*, const mi_heap_area_t* area, void*, std::size_t, void* sum) {
    *static_cast<std::size_t*>(sum) += area->used * area->block_size;
    return true;
  };
  mi_heap_visit_blocks(mi_heap_get_default(), false, add_area, &bytes);
  return bytes;
}

void BM_LoadedPlatemailState(benchmark::State& state) {
  std::size_t lua_bytes = 0, heap_bytes = 0;
  for (auto _ : state) {
    const std::size_t before = heap_in_use();
    Skirmish skirmish;
    skirmish.start();
    lua_gc(skirmish.sandbox.state(), LUA_GCCOLLECT, 0);
    lua_bytes = skirmish.sandbox.memory_in_use();
    heap_bytes = heap_in_use() - before;
  }
  state.counters["lua_bytes"] = static_cast<double>(lua_bytes);
  state.counters["heap_bytes"] = static_cast<double>(heap_bytes);
}
BENCHMARK(BM_LoadedPlatemailState)->Unit(benchmark::kMillisecond);

}  // namespace
