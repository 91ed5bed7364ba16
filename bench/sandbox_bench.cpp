// The cost of the Lua host (Foundation issue targets): creating a sandboxed state with the stdlib
// loaded (< 1 ms, < 512 KB) and a Lua -> C++ call through the exception guard (< 60 ns), each
// beside the bare Lua equivalent measured in the same run.
//   build/bench/sandbox_bench
#include <benchmark/benchmark.h>

#include "interpreter/lua/guard.hpp"
#include "interpreter/packs/pack_stack.hpp"
#include "stdlib/embedded.hpp"

using namespace arbiter;

namespace {

constexpr int calls_per_run = 1'000'000;

void load_stdlib(lua::Sandbox& sandbox) {
  sandbox.add_pack({"bench", {}, "bench", {}});
  std::string code;
  for (const auto& module : stdlib_modules()) code += "require '" + std::string(module.name) + "'\n";
  sandbox.run_string("bench", code, "bench.lua", 0);
}

void BM_BareLuaState(benchmark::State& state) {
  std::size_t bytes = 0;
  for (auto _ : state) {
    lua_State* L = luaL_newstate();
    luaL_openlibs(L);
    bytes = static_cast<std::size_t>(lua_gc(L, LUA_GCCOUNT, 0)) * 1024 + lua_gc(L, LUA_GCCOUNTB, 0);
    lua_close(L);
  }
  state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_BareLuaState)->Unit(benchmark::kMicrosecond);

void BM_SandboxWithStdlib(benchmark::State& state) {
  std::size_t bytes = 0;
  for (auto _ : state) {
    lua::Sandbox sandbox;
    packs::PackStack stack(sandbox, packs::SearchPath({}));
    load_stdlib(sandbox);
    bytes = sandbox.memory_in_use();
  }
  state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_SandboxWithStdlib)->Unit(benchmark::kMicrosecond);

int add_numbers(lua_State* L) {
  lua_pushinteger(L, luaL_checkinteger(L, 1) + luaL_checkinteger(L, 2));
  return 1;
}

// Calls `f` n times from Lua; the loop itself costs about a nanosecond per turn.
const char* const call_loop = "return function(f, n) local s = 0 for i = 1, n do s = f(s, 1) end return s end";

void BM_BareCall(benchmark::State& state) {
  lua_State* L = luaL_newstate();
  luaL_openlibs(L);
  luaL_dostring(L, call_loop);
  for (auto _ : state) {
    lua_pushvalue(L, -1);
    lua_pushcfunction(L, add_numbers);
    lua_pushinteger(L, calls_per_run);
    lua_call(L, 2, 1);
    lua_pop(L, 1);
  }
  state.SetItemsProcessed(state.iterations() * calls_per_run);
  lua_close(L);
}
BENCHMARK(BM_BareCall)->Unit(benchmark::kMillisecond);

void BM_GuardedCallInSandbox(benchmark::State& state) {
  lua::Sandbox sandbox;
  sandbox.add_pack({"bench", {}, "bench", {}});
  lua_State* L = sandbox.state();
  sandbox.run_string("bench", call_loop, "bench.lua", 1);
  for (auto _ : state) {
    lua_pushvalue(L, -1);
    lua_pushcfunction(L, lua::guarded<add_numbers>);
    lua_pushinteger(L, calls_per_run);
    sandbox.call("bench", 2, 1);
    lua_pop(L, 1);
  }
  state.SetItemsProcessed(state.iterations() * calls_per_run);
}
BENCHMARK(BM_GuardedCallInSandbox)->Unit(benchmark::kMillisecond);

}  // namespace
