// The cost of the Lua host (Foundation issue targets): creating a sandboxed state with the stdlib
// loaded (< 1 ms, < 512 KB) and a Lua -> C++ call through the exception guard (< 60 ns), each
// beside the bare Lua equivalent measured in the same run; and a call of a function the registry
// holds (a pack function), by its own pack and by another, beside a plain Lua call.
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

// `caller`'s loop calls a function of pack "bench": plain, or made a pack function as the registry
// makes what a pack defines. Called by "bench" it is one C call more; by "other" it enters
// "bench", with its budget, and leaves it at every call.
void BM_PackFunctionCall(benchmark::State& state, const char* caller, bool pack_function) {
  lua::Sandbox sandbox;
  sandbox.add_pack({"bench", {}, "bench", {}});
  sandbox.add_pack({"other", {}, "other", {}});
  lua_State* L = sandbox.state();
  sandbox.run_string(caller, call_loop, "loop.lua", 1);
  sandbox.run_string("bench", "return function(s, x) return s + x end", "bench.lua", 1);
  if (pack_function) {
    sandbox.push_pack_function(L, "bench", -1);
    lua_remove(L, -2);
  }
  for (auto _ : state) {
    lua_pushvalue(L, -2);
    lua_pushvalue(L, -2);
    lua_pushinteger(L, calls_per_run);
    sandbox.call(caller, 2, 1);
    lua_pop(L, 1);
  }
  state.SetItemsProcessed(state.iterations() * calls_per_run);
}
BENCHMARK_CAPTURE(BM_PackFunctionCall, plain_lua_call, "bench", false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PackFunctionCall, within_its_pack, "bench", true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PackFunctionCall, from_another_pack, "other", true)->Unit(benchmark::kMillisecond);

}  // namespace
