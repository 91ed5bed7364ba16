// The sandbox against the bad input a stranger's pack can bring (issue: Foundation, "Bad input
// this must survive"). Each case: a clear error naming the file and line, and a host that keeps
// working for the same and for other packs.
#include "interpreter/lua/sandbox.hpp"

#include <catch2/catch.hpp>

#include "interpreter/lua/guard.hpp"

using namespace arbiter;
using namespace arbiter::lua;

namespace {

const std::filesystem::path fixtures = std::filesystem::path(ARBITER_SOURCE_DIR) / "tests/packs";

// Small budgets keep the runaway cases fast; real defaults are far larger.
Budget test_budget() { return Budget{2'000'000, 16u << 20, std::chrono::milliseconds(20'000)}; }

struct Host {
  Sandbox sandbox{test_budget()};
  std::vector<std::string> printed;
  Host() {
    sandbox.add_pack({"sandboxed", fixtures / "sandboxed", "tests/packs/sandboxed", {}});
    sandbox.add_pack({"other", {}, "other", {}});
    sandbox.on_print = [this](const std::string& pack, const std::string& line) {
      printed.push_back(pack + ": " + line);
    };
  }
  // Runs `code` as the pack's init.lua and returns its one result as a string.
  std::string run(const std::string& code, const std::string& pack = "sandboxed") {
    sandbox.run_string(pack, code, "tests/packs/" + pack + "/init.lua", 1);
    std::string result = luaL_tolstring(sandbox.state(), -1, nullptr);
    lua_pop(sandbox.state(), 2);
    return result;
  }
  // The error `code` raises, as the CLI would print it.
  std::string error(const std::string& code, const std::string& pack = "sandboxed") {
    try {
      sandbox.run_string(pack, code, "tests/packs/" + pack + "/init.lua", 0);
    } catch (const Error& e) {
      CHECK(lua_gettop(sandbox.state()) == 0);  // nothing left behind on the stack
      return e.what();
    }
    FAIL("expected an error from: " << code);
    return {};
  }
  // Leaves the function `code` returns on the stack, made one of `pack`'s as the registry makes
  // what a pack defines.
  void push_pack_function(const std::string& pack, const std::string& code) {
    sandbox.run_string(pack, code, "tests/packs/" + pack + "/init.lua", 1);
    sandbox.push_pack_function(sandbox.state(), pack, -1);
    lua_remove(sandbox.state(), -2);
  }
  // Calls the function `code` returns, in `pack`'s scope, with the `nargs` values on the stack as
  // its arguments; returns the error, as the CLI would print it, or its one result.
  std::string call_with(const std::string& pack, const std::string& code, int nargs) {
    lua_State* L = sandbox.state();
    sandbox.run_string(pack, code, "tests/packs/" + pack + "/init.lua", 1);
    lua_insert(L, -nargs - 1);
    try {
      sandbox.call(pack, nargs, 1);
    } catch (const Error& e) {
      CHECK(lua_gettop(L) == 0);
      return e.what();
    }
    std::string result = luaL_tolstring(L, -1, nullptr);
    lua_settop(L, 0);
    return result;
  }
  // After any failure the host still runs code, for this pack and for others.
  void still_works() {
    CHECK(run("return 6 * 7") == "42");
    CHECK(run("return ('ok'):upper()", "other") == "OK");
  }
};

using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using Catch::Matchers::StartsWith;

}  // namespace

TEST_CASE("an infinite loop exhausts the instruction budget at its line", "[sandbox]") {
  Host host;
  const auto message = host.error("local n = 0\nwhile true do\n  n = n + 1\nend");
  CHECK_THAT(message, StartsWith("tests/packs/sandboxed/init.lua:"));
  CHECK_THAT(message, Contains("instruction budget exhausted: pack 'sandboxed' ran more than 2000000"));
  CHECK_THAT(message, Contains("in pack 'sandboxed'"));
  host.still_works();
}

TEST_CASE("a pcall cannot swallow a spent instruction budget", "[sandbox]") {
  Host host;
  const auto message = host.error(
      "while true do\n"
      "  pcall(function() while true do end end)\n"
      "end");
  CHECK_THAT(message, Contains("instruction budget exhausted"));
  host.still_works();
}

TEST_CASE("an infinite loop inside a coroutine is caught too", "[sandbox]") {
  Host host;
  const auto message = host.error(
      "local co = coroutine.wrap(function() while true do end end)\n"
      "co()");
  CHECK_THAT(message, Contains("instruction budget exhausted"));
  host.still_works();
}

TEST_CASE("coroutines that each end before the hook's first call are counted all the same", "[sandbox]") {
  // Lua restarts the count on every new thread: a coroutine that ends within the hook's interval
  // was never counted, and a tree of them ran without limit. Each is charged the interval up front.
  Host host;
  // 11,111 coroutines of about 300 instructions each: some 3.3 million, all in short coroutines.
  const auto message = host.error(
      "local function run(d)\n"
      "  if d == 0 then local n = 0 for j = 1, 100 do n = n + 1 end return n end\n"
      "  local s = 0\n"
      "  for i = 1, 10 do s = s + coroutine.wrap(run)(d - 1) end\n"
      "  return s\n"
      "end\n"
      "return coroutine.wrap(run)(4)");
  CHECK_THAT(message, StartsWith("tests/packs/sandboxed/init.lua:"));
  CHECK_THAT(message, Contains("instruction budget exhausted: pack 'sandboxed' ran more than 2000000"));
  // Made with coroutine.create too, each charged when it is made: the 2,001st passes the budget.
  const auto created = host.error("for i = 1, 3000 do\n  coroutine.resume(coroutine.create(function() end))\nend");
  CHECK_THAT(created, StartsWith("tests/packs/sandboxed/init.lua:"));
  CHECK_THAT(created, Contains("instruction budget exhausted"));
  CHECK(host.run("local n = 0\nfor i = 1, 1900 do coroutine.wrap(function() n = n + 1 end)() end\nreturn n") ==
        "1900");
  host.still_works();
}

TEST_CASE("recursion without end stops at the author's line", "[sandbox]") {
  Host host;
  const std::string code = "local function down(n)\n  return 1 + down(n + 1)\nend\nreturn down(1)";
  // Lua's stack grows by heap allocation: with a small memory budget the budget ends it first,
  // with a large one Lua's own stack limit does.
  CHECK_THAT(host.error(code), StartsWith("tests/packs/sandboxed/init.lua:2: error: memory budget exhausted"));
  Sandbox roomy{Budget{2'000'000, 1u << 30, std::chrono::seconds(20)}};
  roomy.add_pack({"roomy", {}, "roomy", {}});
  try {
    roomy.run_string("roomy", code, "roomy/init.lua", 0);
    FAIL("expected a stack overflow");
  } catch (const Error& e) {
    CHECK_THAT(e.what(), StartsWith("roomy/init.lua:2: error: stack overflow"));
  }
  host.still_works();
}

TEST_CASE("string.rep of a gigabyte exhausts the memory budget", "[sandbox]") {
  Host host;
  const auto message = host.error("local big = string.rep('x', 1 << 30)\nreturn #big");
  CHECK_THAT(message, StartsWith("tests/packs/sandboxed/init.lua:1:"));
  CHECK_THAT(message, Contains("memory budget exhausted: pack 'sandboxed' needed more than 16 MiB"));
  host.still_works();
}

TEST_CASE("garbage does not count toward a call's memory budget: only what it keeps does", "[sandbox]") {
  // 10 MiB kept, and a hundred times 1 MiB made and dropped: far more than the 16 MiB budget in
  // all, and never more than 11 MiB alive. The collector is given the chance to take the garbage
  // back before the budget is judged spent.
  Host host;
  CHECK(host.run("local kept = {}\n"
                 "for i = 1, 10 do kept[i] = string.rep('k', 1 << 20) .. i end\n"
                 "local made = 0\n"
                 "for i = 1, 100 do made = made + #(string.rep('x', 1 << 20) .. i) end\n"
                 "return #kept .. ' kept, ' .. made // (1 << 20) .. ' MiB made'") == "10 kept, 100 MiB made");
  // What is kept still counts: 20 MiB alive is refused, at the line that asked.
  Host fresh;
  CHECK_THAT(fresh.error("local kept = {}\nfor i = 1, 20 do\n  kept[i] = string.rep('k', 1 << 20) .. i\nend"),
             StartsWith("tests/packs/sandboxed/init.lua:3: error: memory budget exhausted"));
  host.still_works();
  fresh.still_works();
}

TEST_CASE("a table that grows forever exhausts the memory budget, even under pcall", "[sandbox]") {
  Host host;
  const auto message = host.error(
      "local t = {}\n"
      "while true do\n"
      "  pcall(function() for i = 1, 1e9 do t[#t + 1] = {i} end end)\n"
      "end");
  CHECK_THAT(message, Contains("memory budget exhausted"));
  host.still_works();
}

TEST_CASE("what the packs keep from call to call is bounded, not only what one call allocates", "[sandbox]") {
  // Each call keeps 6 MiB more, well within its budget of 16 MiB; the packs may keep twice the
  // budget in all, so the fifth, which would bring them past 32 MiB, is refused at its line.
  Host host;
  lua_State* L = host.sandbox.state();
  CHECK(host.sandbox.heap_limit() == 32u << 20);
  const std::string keep = "kept = kept or {}\nkept[#kept + 1] = string.rep('x', 6 << 20)\nreturn #kept";
  std::string message;
  int calls = 0;
  for (; calls < 10; ++calls) {
    try {
      host.sandbox.run_string("sandboxed", keep, "tests/packs/sandboxed/init.lua", 0);
    } catch (const Error& e) {
      message = e.what();
      break;
    }
  }
  CHECK(calls == 4);
  CHECK_THAT(message, StartsWith("tests/packs/sandboxed/init.lua:2: error: memory budget exhausted: the packs hold "));
  CHECK_THAT(message, Contains("MiB with what pack 'sandboxed' asked for, more than the 32 MiB they may keep in all "
                               "(twice what one call may allocate: --max-memory raises both for packs you trust)"));
  CHECK(lua_gettop(L) == 0);
  CHECK(host.sandbox.memory_in_use() < host.sandbox.heap_limit());
  host.still_works();
  // Let go of, it is room again.
  CHECK(host.run("kept = nil\ncollectgarbage()\nreturn 'let go'") == "let go");
  CHECK(host.run(keep) == "1");
}

TEST_CASE("files, processes, native code and the debug library are out of reach", "[sandbox]") {
  Host host;
  CHECK_THAT(host.error("local f = io.open('/etc/passwd')"), Contains("global 'io'"));
  CHECK_THAT(host.error("os.execute('true')"), Contains("global 'os'"));
  CHECK_THAT(host.error("package.loadlib('libc.so.6', 'system')"), Contains("global 'package'"));
  CHECK_THAT(host.error("debug.sethook()"), Contains("global 'debug'"));
  CHECK_THAT(host.error("dofile('/etc/passwd')"), Contains("global 'dofile'"));
  CHECK_THAT(host.error("loadfile('/etc/passwd')"), Contains("global 'loadfile'"));
  CHECK_THAT(host.error("require 'os'"), Contains("module 'os' not found"));
  CHECK_THAT(host.error("require 'io'", "other"), Contains("no stdlib module 'io'"));
  host.still_works();
}

TEST_CASE("a chunk a pack loads is named as its own whatever name it asks for", "[sandbox]") {
  // Named as another pack's file, its errors would be told there and blamed on that pack.
  CHECK_THAT(Host().error("local f = load(\"error('broken')\", '@rules/platemail/fight.lua') f()"),
             StartsWith("tests/packs/sandboxed/(load rules/platemail/fight.lua):1: error: broken"));
  // Cut to what Lua shows of a file's name whole (59 characters), the folder kept.
  CHECK_THAT(Host().error("load('error(1)', '=' .. string.rep('x', 80))()"),
             StartsWith("tests/packs/sandboxed/(load " + std::string(26, 'x') + "...):1: error: 1"));
  CHECK_THAT(Host().error("load('error(2)')()"), StartsWith("tests/packs/sandboxed/(load):1: error: 2"));
}

TEST_CASE("bytecode can be neither made nor loaded, and each refusal says why", "[sandbox]") {
  // docs/packs.md, "The sandbox": no string.dump; load "takes text only, never bytecode".
  Host host;
  const std::string no_dump = "string.dump is not available in a pack: bytecode is never loaded in a pack";
  CHECK_THAT(host.error("return string.dump(function() end)"), Contains(no_dump));
  CHECK_THAT(host.error("return ('').dump(print)"), Contains(no_dump));
  // Refused whatever mode the caller passed, and said so, not "(mode is 't')".
  for (const char* mode : {"", ", 'x', 'b'", ", 'x', 'bt'"})
    CHECK(host.run(std::string("local f, message = load('\\27Lua\\x54\\0'") + mode + "); return message") ==
          "attempt to load a binary chunk: bytecode is never loaded in a pack, which loads Lua source text only");
  // Mode "b" refuses text, as Lua's load does.
  CHECK(host.run("return select(2, load('return 1 + 1', 'chunk', 'b'))") ==
        "attempt to load a text chunk (mode is 'b')");
  CHECK(host.run("return load('return 1 + 1', 'chunk', 't')()") == "2");
  CHECK(host.run("return load('return 1 + 1', 'chunk', 'bt')()") == "2");
  host.still_works();
}

TEST_CASE("shared tables cannot be changed by one pack for the others", "[sandbox]") {
  Host host;
  CHECK_THAT(host.error("string.upper = function() return 'pwned' end"), Contains("read-only table"));
  CHECK_THAT(host.error("rawset(string, 'upper', print)"), Contains("rawset cannot change a read-only table"));
  CHECK_THAT(host.error("setmetatable(string, {})"), Contains("protected metatable"));
  CHECK_THAT(host.error("getmetatable('').__index.upper = print"), Contains("index a nil value"));
  // docs/packs.md: getmetatable("") gives, instead of the shared table, a string saying why (it was
  // `false`, with no word of why).
  CHECK(host.run("return getmetatable('')") ==
        "the string metatable is shared by every pack and cannot be read or changed");
  CHECK(host.run("return getmetatable(('x'):rep(3))") == host.run("return getmetatable('')"));
  CHECK_THAT(host.error("table.insert(math, 1)"), Contains("read-only table"));
  CHECK_THAT(host.error("setmetatable(_G, nil)"), Contains("protected metatable"));
  CHECK(host.run("return getmetatable(string)") == "read-only");
  // The same names still work, unchanged, everywhere.
  CHECK(host.run("return ('abc'):upper() .. string.upper('d')") == "ABCD");
  CHECK(host.run("local n = 0 for _ in pairs(math) do n = n + 1 end return n > 20") == "true");
  host.still_works();
}

TEST_CASE("each pack has its own globals", "[sandbox]") {
  Host host;
  host.run("shared_name = 'from sandboxed'; print = nil; return true");
  CHECK(host.run("return tostring(shared_name)", "other") == "nil");
  CHECK(host.run("return shared_name") == "from sandboxed");
  host.run("print('still here')", "other");
  CHECK(host.printed == std::vector<std::string>{"other: still here"});
}

TEST_CASE("finalizers cannot be set: they would run outside any budget", "[sandbox]") {
  Host host;
  CHECK_THAT(host.error("setmetatable({}, { __gc = function() while true do end end })"),
             StartsWith("tests/packs/sandboxed/init.lua:1: error: __gc is not allowed in a pack"));
  CHECK_THAT(host.error("setmetatable({}, { __gc = true })"), Contains("__gc is not allowed"));
  CHECK(host.run("local t = setmetatable({}, { __index = function() return 7 end }) return t.x") == "7");
  host.still_works();
}

TEST_CASE("collectgarbage cannot stop the collector", "[sandbox]") {
  Host host;
  CHECK_THAT(host.error("collectgarbage('stop')"), Contains("collectgarbage('stop') is not allowed in a pack"));
  CHECK_THAT(host.error("collectgarbage('generational')"), Contains("not allowed"));
  CHECK(host.run("return collectgarbage('count') > 0") == "true");
}

TEST_CASE("print goes to the host's log with the pack's name", "[sandbox]") {
  Host host;
  host.run("print('hello', 1, nil, true)");
  CHECK(host.printed == std::vector<std::string>{"sandboxed: hello\t1\tnil\ttrue"});
}

TEST_CASE("print gives the host each line of a text with newlines as a line of its own", "[sandbox]") {
  Host host;
  host.run("print('Round 1\\nAna is now On Guard', 'and\\r more')");
  CHECK(host.printed == std::vector<std::string>{"sandboxed: Round 1", "sandboxed: Ana is now On Guard\tand\r more"});
}

TEST_CASE("require finds the pack's own files and nothing outside", "[sandbox]") {
  Host host;
  CHECK(host.run("return require('lib.helpers').double(21)") == "42");
  CHECK(host.run("return require('lib.helpers') == require('lib.helpers')") == "true");
  CHECK_THAT(host.error("require '../../../etc/passwd'"), Contains("is not a module name"));
  CHECK_THAT(host.error("require 'tables\\0junk'"), Contains("'tables\\x00junk' is not a module name"));
  CHECK_THAT(host.error("require '/etc/passwd'"), Contains("is not a module name"));
  CHECK_THAT(host.error("require 'lib.missing'"),
             Contains("module 'lib.missing' not found: looked for tests/packs/sandboxed/lib/missing.lua"));
  CHECK_THAT(host.error("require 'lib.cycle_a'"), Contains("require cycle"));
  CHECK_THAT(host.error("require 'arbiter.nope'"), Contains("no stdlib module 'arbiter.nope'"));
  host.still_works();
}

TEST_CASE("a runtime error carries a traceback into the author's files", "[sandbox]") {
  Host host;
  const auto message = host.error("local helpers = require 'lib.helpers'\nhelpers.broken()");
  CHECK_THAT(message, StartsWith("tests/packs/sandboxed/lib/helpers.lua:9: error: attempt to index a nil value"));
  CHECK_THAT(message, Contains("stack traceback:"));
  CHECK_THAT(message, Contains("tests/packs/sandboxed/lib/helpers.lua:9: in field 'broken'"));
  CHECK_THAT(message, Contains("tests/packs/sandboxed/init.lua:2: in main chunk"));
}

TEST_CASE("a syntax error names the file, line and what was expected", "[sandbox]") {
  Host host;
  CHECK(host.error("local x = 1\nreturn x +") ==
        "tests/packs/sandboxed/init.lua:2:11: error: unexpected symbol near <eof>\n  return x +\n            ^\n"
        "  in pack 'sandboxed'");
}

TEST_CASE("a syntax error is shown at the token Lua names, in a file of any length of name", "[sandbox]") {
  Host host;
  // The same text earlier on the line is not the token Lua stopped at.
  CHECK(host.error("local x = 1\nlocal y = x + + 2\n") ==
        "tests/packs/sandboxed/init.lua:2:15: error: unexpected symbol near '+'\n  local y = x + + 2\n"
        "                ^\n  in pack 'sandboxed'");
  // Lua shortens a long file name in its message ("...aaa.lua"): the file is named whole.
  const std::string file = "tests/packs/sandboxed/" + std::string(60, 'a') + ".lua";
  try {
    host.sandbox.run_string("sandboxed", "local t = {", file, 0);
    FAIL("expected a syntax error");
  } catch (const Error& e) {
    const Diagnostic& d = e.diagnostics().front();
    CHECK(d.where.file == file);
    CHECK((d.where.line == 1 && d.where.column == 12));
    CHECK(d.message == "unexpected symbol near <eof>");
  }
}

TEST_CASE("errors raised with a table or without position still name the file and line", "[sandbox]") {
  Host host;
  CHECK_THAT(host.error("local x = 1\nerror({code = 7})"),
             StartsWith("tests/packs/sandboxed/init.lua:2: error: error with a table value as its message"));
  CHECK_THAT(host.error("local x = 1\nerror('plain', 0)"), StartsWith("tests/packs/sandboxed/init.lua:2: error: plain"));
}

namespace {
int throws_std_exception(lua_State*) { throw std::runtime_error("the C++ side refused"); }
}  // namespace

TEST_CASE("a C++ exception in a guarded function becomes a Lua error with its message", "[sandbox]") {
  Host host;
  host.sandbox.run_string("sandboxed", "return function(f)\n  return pcall(f)\nend", "tests/packs/sandboxed/init.lua",
                          1);
  lua_pushcfunction(host.sandbox.state(), guarded<throws_std_exception>);
  host.sandbox.call("sandboxed", 1, 2);
  CHECK_FALSE(lua_toboolean(host.sandbox.state(), -2));
  // The position is the author's line, even when a built-in like pcall made the call.
  CHECK(std::string(lua_tostring(host.sandbox.state(), -1)) ==
        "tests/packs/sandboxed/init.lua:2: the C++ side refused");
  lua_settop(host.sandbox.state(), 0);

  // Uncaught, it stops the call like any Lua error.
  host.sandbox.run_string("sandboxed", "return function(f)\n  f()\nend", "tests/packs/sandboxed/init.lua", 1);
  lua_pushcfunction(host.sandbox.state(), guarded<throws_std_exception>);
  try {
    host.sandbox.call("sandboxed", 1, 0);
    FAIL("expected an error");
  } catch (const Error& e) {
    CHECK_THAT(e.what(), StartsWith("tests/packs/sandboxed/init.lua:2: error: the C++ side refused"));
  }
  CHECK(lua_gettop(host.sandbox.state()) == 0);
  host.still_works();
}

TEST_CASE("a pack may ask for a smaller budget, never a larger one", "[sandbox]") {
  Host host;
  host.sandbox.add_pack({"frugal", {}, "frugal", Budget{10'000, 16u << 20, std::chrono::milliseconds(20'000)}});
  // The hint says which limit it was: the pack's own, which the ceiling's flag does not raise.
  CHECK_THAT(host.error("for i = 1, 100000 do end", "frugal"),
             Contains("ran more than 10000 Lua instructions in one call (pack 'frugal' asks for at most 10000 Lua "
                      "instructions in its pack.lua budget)"));
  host.sandbox.add_pack({"greedy", {}, "greedy", Budget{UINT64_MAX, SIZE_MAX, std::chrono::hours(1)}});
  CHECK_THAT(host.error("while true do end", "greedy"),
             Contains("ran more than 2000000 Lua instructions in one call (--max-instructions raises it for a pack "
                      "you trust)"));
}

namespace {
// The pack Lua runs on behalf of, as the registry records it.
int running_pack(lua_State* L) {
  lua_pushstring(L, Sandbox::of(L).current_pack().c_str());
  return 1;
}
}  // namespace

TEST_CASE("a pack's function runs under that pack's budget when another pack's code calls it", "[sandbox]") {
  Host host;
  host.sandbox.add_pack({"frugal", {}, "tests/packs/frugal", Budget{10'000, 16u << 20, std::chrono::seconds(20)}});
  host.push_pack_function("frugal", "return function()\n  for i = 1, 100000 do end\nend");
  // The caller's pcall cannot carry on past it either.
  const auto message = host.call_with("sandboxed", "return function(f) pcall(f) return 'carried on' end", 1);
  CHECK_THAT(message, StartsWith("tests/packs/frugal/init.lua:2: error: instruction budget exhausted: pack 'frugal' "
                                 "ran more than 10000 Lua instructions in one call (pack 'frugal' asks for at most "
                                 "10000 Lua instructions in its pack.lua budget)\n  in pack 'frugal'"));
  host.still_works();
}

TEST_CASE("a pack cannot escape its budget by calling a pack with a bigger one", "[sandbox]") {
  // Nested budgets: the function of the pack called runs under its own budget counted from the
  // call, and never past what the caller has left; the message names the pack whose code ran and
  // the pack whose budget was spent.
  Host host;
  host.sandbox.add_pack({"tight", {}, "tests/packs/tight", Budget{10'000, 2u << 20, std::chrono::seconds(20)}});
  host.sandbox.add_pack({"roomy", {}, "tests/packs/roomy", {}});
  host.push_pack_function("roomy", "return function() while true do end end");
  CHECK_THAT(host.call_with("tight", "return function(f) f() end", 1),
             StartsWith("tests/packs/roomy/init.lua:1: error: instruction budget exhausted: pack 'roomy' ran more "
                        "than the 10000 Lua instructions of the call of pack 'tight' it ran within (pack 'tight' "
                        "asks for at most 10000 Lua instructions in its pack.lua budget)\n  in pack 'roomy'"));
  host.push_pack_function("roomy", "return function() return #string.rep('x', 8 << 20) end");
  CHECK_THAT(host.call_with("tight", "return function(f) return f() end", 1),
             StartsWith("tests/packs/roomy/init.lua:1: error: memory budget exhausted: pack 'roomy' needed more "
                        "than the 2 MiB of the call of pack 'tight' it ran within (pack 'tight' asks for at most "
                        "2 MiB in its pack.lua budget)"));
  // The host's ceiling spent inside another pack's function: the pack that ran is named.
  host.push_pack_function("roomy", "return function() while true do end end");
  CHECK_THAT(host.call_with("sandboxed", "return function(f) f() end", 1),
             StartsWith("tests/packs/roomy/init.lua:1: error: instruction budget exhausted: pack 'roomy' ran more "
                        "than the 2000000 Lua instructions allowed one call (--max-instructions raises it for a "
                        "pack you trust)\n  in pack 'roomy'"));
  host.still_works();
}

namespace {
// Calls its arguments as the fight calls an action's resolve: an error ends only that call.
int try_calling(lua_State* L) {
  if (const auto error = Sandbox::of(L).try_call(L, lua_gettop(L) - 1, 0)) throw *error;
  return 0;
}
}  // namespace

TEST_CASE("calls that each end before the hook's first call are counted all the same", "[sandbox]") {
  // Each protected call (an action's resolve) runs on a thread of its own whose count starts
  // afresh: charged the interval, 3,000 tiny calls pass a budget of 2 million.
  Host host;
  lua_State* L = host.sandbox.state();
  host.push_pack_function("sandboxed", "return function() end");
  lua_pushcfunction(L, guarded<try_calling>);
  CHECK_THAT(host.call_with("sandboxed", "return function(f, try)\n  for i = 1, 3000 do try(f) end\nend", 2),
             Contains("error: instruction budget exhausted: pack 'sandboxed' ran more than 2000000"));
  // A budget smaller than the interval is not spent by the charge alone.
  host.sandbox.add_pack({"tiny", {}, "tests/packs/tiny", Budget{100, 16u << 20, std::chrono::seconds(20)}});
  CHECK(host.run("return 6 * 7", "tiny") == "42");
  CHECK_THAT(host.error("for i = 1, 100 do end", "tiny"), Contains("ran more than 100 Lua instructions"));
  host.still_works();
}

TEST_CASE("memory refused at once in a protected call is told at the line of the pack that asked", "[sandbox]") {
  // One block far past the budget is refused before the hook can raise, and Lua raises at once
  // without calling any handler: the place is found on the call's own stack.
  Host host;
  host.sandbox.add_pack({"roomy", {}, "tests/packs/roomy", {}});
  lua_State* L = host.sandbox.state();
  host.push_pack_function("roomy", "return function()\n  return #string.rep('x', 64 << 20)\nend");
  lua_pushcfunction(L, guarded<try_calling>);
  CHECK_THAT(host.call_with("sandboxed", "return function(f, try) try(f) return 'carried on' end", 2),
             StartsWith("tests/packs/roomy/init.lua:2: error: memory budget exhausted: pack 'roomy' needed more "
                        "than the 16 MiB allowed one call (--max-memory raises it for a pack you trust)\n"
                        "  in pack 'roomy'\n"
                        "  stack traceback:\n"
                        "    tests/packs/roomy/init.lua:2: in function <tests/packs/roomy/init.lua:1>"));
  host.still_works();
}

namespace {
// As a binding that makes the runtime keep what a pack gave it (an event logged, a map made), then
// calls a function of another pack (a hook, an action): holds its first argument's bytes, then
// calls its second, plainly or, with a third argument, as an action's protected call.
int hold_then_call(lua_State* L) {
  Sandbox& sandbox = Sandbox::of(L);
  sandbox.hold(static_cast<std::size_t>(luaL_checkinteger(L, 1)));
  const bool protected_call = lua_toboolean(L, 3);
  lua_settop(L, 2);
  if (!protected_call) lua_call(L, 0, 0);
  else if (const auto error = sandbox.try_call(L, 0, 0)) throw *error;
  return 0;
}
}  // namespace

TEST_CASE("memory a pack makes the runtime hold past its budget is told at its line before another pack runs",
          "[sandbox][budget]") {
  // Judged at the next instruction, which was the called function's first: told at its line and
  // blamed on its pack, or, within the slack, spent by it too.
  Host host;
  host.sandbox.add_pack({"roomy", {}, "tests/packs/roomy", {}});
  lua_State* L = host.sandbox.state();
  // Far past the 16 MiB budget, spent at once; and within the slack, judged after a collection.
  for (const lua_Integer held : {lua_Integer{24} << 20, (lua_Integer{16} << 20) + (lua_Integer{256} << 10)})
    for (const bool protected_call : {false, true}) {
      INFO(held << (protected_call ? " bytes, in a protected call" : " bytes"));
      host.push_pack_function("roomy", "return function()\n  return 1\nend");
      lua_pushcfunction(L, guarded<hold_then_call>);
      lua_pushinteger(L, held);
      lua_pushboolean(L, protected_call);
      const std::string told =
          host.call_with("sandboxed", "return function(f, hold, n, protected)\n  hold(n, f, protected)\nend", 4);
      CHECK_THAT(told, StartsWith("tests/packs/sandboxed/init.lua:2: error: memory budget exhausted: pack 'sandboxed' "
                                  "needed more than 16 MiB in one call"));
      CHECK_THAT(told, Contains("\n  in pack 'sandboxed'\n"));
      host.sandbox.release(static_cast<std::size_t>(held));
    }
  host.still_works();
}

TEST_CASE("a memory budget spent to its last bytes in a protected call is still reported", "[sandbox]") {
  // string.rep's buffer crosses the budget and is granted from the slack; the string made from it
  // is refused at once. Swept over sizes, some leave the slack all but used: the report, with its
  // traceback, is the host's work and must not need the pack's memory.
  Host host;
  host.sandbox.add_pack({"tight", {}, "tests/packs/tight", Budget{2'000'000, 64u << 10, std::chrono::seconds(20)}});
  lua_State* L = host.sandbox.state();
  for (lua_Integer short_of = 0; short_of <= 4096; short_of += 16) {
    INFO(short_of);
    host.push_pack_function("tight", "return function(n) return #string.rep('x', n) end");
    lua_pushcfunction(L, guarded<try_calling>);
    lua_pushinteger(L, (64 << 10) + (1 << 20) - short_of);
    const auto message =
        host.call_with("sandboxed", "return function(f, try, n) collectgarbage() try(f, n) return 'carried on' end", 3);
    CHECK_THAT(message, StartsWith("tests/packs/tight/init.lua:1: error: memory budget exhausted: pack 'tight'"));
  }
  host.still_works();
}

TEST_CASE("after a call into another pack the caller runs on with its own name and budget", "[sandbox]") {
  Host host;
  host.sandbox.add_pack({"tight", {}, "tests/packs/tight", Budget{10'000, 2u << 20, std::chrono::seconds(20)}});
  lua_State* L = host.sandbox.state();
  host.push_pack_function("tight", "return function(who) return who() end");
  host.push_pack_function("tight", "return function() error('refused') end");
  lua_pushcfunction(L, running_pack);
  // Far more than tight's 10000 instructions after its functions return or fail: the caller's
  // own limits are back.
  CHECK(host.call_with("sandboxed",
                       "return function(ask, fail, who)\n"
                       "  local inside = ask(who)\n"
                       "  assert(not pcall(fail))\n"
                       "  for i = 1, 500000 do end\n"
                       "  return inside .. ' then ' .. who()\n"
                       "end",
                       3) == "tight then sandboxed");
  // A function that already is some pack's stays the pack's that wrote it.
  host.push_pack_function("tight", "return function() end");
  host.sandbox.push_pack_function(L, "sandboxed", -1);
  CHECK(lua_rawequal(L, -1, -2));
  lua_settop(L, 0);
}

TEST_CASE("a pack's time budget holds inside a longer call of another pack", "[sandbox]") {
  Sandbox sandbox{Budget{UINT64_MAX, 16u << 20, std::chrono::seconds(20)}};
  sandbox.add_pack({"patient", {}, "tests/packs/patient", {}});
  sandbox.add_pack({"hasty", {}, "tests/packs/hasty", Budget{UINT64_MAX, 16u << 20, std::chrono::milliseconds(50)}});
  lua_State* L = sandbox.state();
  sandbox.run_string("patient", "return function(f) f() end", "tests/packs/patient/init.lua", 1);
  sandbox.run_string("hasty", "return function() while true do end end", "tests/packs/hasty/init.lua", 1);
  sandbox.push_pack_function(L, "hasty", -1);
  lua_remove(L, -2);
  try {
    sandbox.call("patient", 1, 0);
    FAIL("expected the time budget to run out");
  } catch (const Error& e) {
    CHECK_THAT(e.what(), StartsWith("tests/packs/hasty/init.lua:1: error: time budget exhausted: pack 'hasty' ran "
                                    "longer than 50 ms in one call (pack 'hasty' asks for at most 50 ms in its "
                                    "pack.lua budget)"));
  }
}

TEST_CASE("a __close that loops after the budget is spent is stopped, and the budget is the error", "[sandbox]") {
  // An error raised in the count hook leaves the thread's hooks off: closed afterwards, its
  // to-be-closed variables ran with no budget at all, until the watchdog gave up on the program,
  // blaming a built-in function. Once the budget is spent, nothing is closed; a coroutine a spent
  // budget stopped is never closed, in that call or a later one.
  Host host;
  const std::string looping = "local x <close> = setmetatable({}, { __close = function() while true do end end })\n";
  const auto spent = [](const std::string& message, const std::string& line) {
    CHECK_THAT(message, StartsWith("tests/packs/sandboxed/init.lua:" + line +
                                   ": error: instruction budget exhausted: pack 'sandboxed' ran more than 2000000"));
  };
  spent(host.error(looping + "while true do end"), "2");
  spent(host.error("coroutine.wrap(function()\n" + looping + "while true do end\nend)()"), "3");
  spent(host.error("local co = coroutine.create(function()\n" + looping +
                   "while true do end\nend)\nlocal ok = coroutine.resume(co)\ncoroutine.close(co)"),
        "3");
  // docs/packs.md: "a `pcall` in any pack cannot catch it and carry on". coroutine.resume caught
  // it: the resumer carried on until its own hook's interval ended, ~300 turns of a loop.
  spent(host.error("carried = 0\nlocal co = coroutine.create(function()\n" + looping +
                   "while true do end\nend)\nlocal ok = coroutine.resume(co)\n"
                   "for i = 1, 1e9 do carried = carried + 1 end"),
        "4");
  CHECK(host.run("return carried") == "0");
  // Kept by the pack: a later call cannot close them either.
  spent(host.error("stopped = coroutine.create(function()\n" + looping + "while true do end\nend)\n"
                   "coroutine.resume(stopped)\nwhile true do end"),
        "3");
  CHECK(host.run("return select(2, coroutine.close(stopped))") ==
        "the coroutine was stopped by a spent budget: its to-be-closed variables are not closed");
  spent(host.error("wrapped = coroutine.wrap(function()\n" + looping + "while true do end\nend)\nwrapped()"), "3");
  CHECK_THAT(host.run("return select(2, pcall(wrapped))"), EndsWith("cannot resume dead coroutine"));
  // And an action's call (try_call) stopped by the budget leaves its closers unrun too.
  lua_State* L = host.sandbox.state();
  host.push_pack_function("sandboxed", "return function()\n" + looping + "while true do end\nend");
  lua_pushcfunction(L, guarded<try_calling>);
  spent(host.call_with("sandboxed", "return function(f, try) try(f) end", 2), "3");
  host.still_works();
}

TEST_CASE("a __close run after an ordinary error still runs, under the budget", "[sandbox]") {
  Host host;
  CHECK(host.run("closed = 0\n"
                 "local co = coroutine.wrap(function()\n"
                 "  local x <close> = setmetatable({}, { __close = function() closed = closed + 1 end })\n"
                 "  error('inside')\n"
                 "end)\n"
                 "local ok, message = pcall(co)\n"
                 "return closed .. ' ' .. message") == "1 tests/packs/sandboxed/init.lua:4: inside");
  // A closer that loops after an ordinary error is stopped by the budget, which ends the call.
  CHECK_THAT(host.error("pcall(coroutine.wrap(function()\n"
                        "  local x <close> = setmetatable({}, { __close = function() while true do end end })\n"
                        "  error('inside')\n"
                        "end))\n"
                        "return 'carried on'"),
             StartsWith("tests/packs/sandboxed/init.lua:2: error: instruction budget exhausted"));
  host.still_works();
}

TEST_CASE("yielding out of a pack's main chunk is an error, not a hang", "[sandbox]") {
  Host host;
  CHECK_THAT(host.error("coroutine.yield(1)"), Contains("outside any coroutine"));
  host.still_works();
}

TEST_CASE("pairs and next visit keys in a fixed order: numbers then strings then booleans then objects as made",
          "[sandbox][determinism]") {
  Host host;
  // Lua's own order of string keys follows a hash seeded afresh in every process: twenty of them
  // come out sorted by chance far less often than the test is run.
  const std::string fill =
      "local t = {}\n"
      "for _, k in ipairs({ 'kilo', 'alpha', 'juliett', 'echo', 'Zulu', 'bravo', 'lima', 'hotel', 'delta',\n"
      "  'mike', 'golf', 'charlie', 'india', 'foxtrot', 'oscar', 'november', 'papa', 'quebec', 'Orc #2', 'Orc' }) do\n"
      "  t[k] = true end\n"
      "t[10] = 1; t[-1.5] = 1; t[2] = 1; t[true] = 1; t[false] = 1\n";
  const std::string sorted =
      "-1.5 2 10 Orc Orc #2 Zulu alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike "
      "november oscar papa quebec false true";
  CHECK(host.run(fill + "local out = {} for k in pairs(t) do out[#out + 1] = tostring(k) end\n"
                        "return table.concat(out, ' ')") == sorted);
  CHECK(host.run(fill + "local out, k = {}, next(t)\n"
                        "while k ~= nil do out[#out + 1] = tostring(k); k = next(t, k) end\n"
                        "return table.concat(out, ' ')") == sorted);
  // Tables, functions, coroutines as keys: in the order they were made, whatever their addresses.
  CHECK(host.run("local made = {} for i = 1, 30 do\n"
                 "  made[i] = (i % 3 == 0) and coroutine.create(print) or (i % 2 == 0) and {i} or function() return i end\n"
                 "end\n"
                 "local t = {} for i = 30, 1, -1 do t[made[i]] = i end\n"
                 "local out = {} for _, i in pairs(t) do out[#out + 1] = i end\n"
                 "for i = 1, 30 do if out[i] ~= i then return 'out of order at ' .. i end end return 'made order'") ==
        "made order");
  // tostring and print tell a table or function by its place in the order of making, not by an
  // address that changes from run to run; one with __tostring or __name as it says.
  CHECK(host.run("local a, b = {}, function() end\n"
                 "local na, nb = tonumber(tostring(a):match('^table: #(%d+)$')), "
                 "tonumber(tostring(b):match('^function: #(%d+)$'))\n"
                 "return na and nb and nb == na + 1 and tostring(math.floor) == 'function: builtin' and "
                 "tostring(setmetatable({}, { __tostring = function() return 'mine' end })) == 'mine'") == "true");
  host.run("print({}) return 0");
  REQUIRE(host.printed.size() == 1);
  CHECK_THAT(host.printed[0], Catch::Matchers::Matches("sandboxed: table: #[0-9]+"));
  // A field set to nil during the loop is passed over; `next` goes on after a removed key.
  CHECK(host.run("local t = { a = 1, b = 2, c = 3 } local out = {}\n"
                 "for k in pairs(t) do out[#out + 1] = k; t.b = nil end\n"
                 "local u = { x = 1, y = 2 } local k = next(u); u[k] = nil\n"
                 "return table.concat(out) .. next(u, k) .. tostring(next({}))") == "acynil");
  // __pairs is honoured; the read-only views walk in the same order.
  CHECK(host.run("local t = setmetatable({}, { __pairs = function() return function(_, k) if not k then return 1, 'x' end end, nil, nil end })\n"
                 "for k, v in pairs(t) do return v end") == "x");
  CHECK(host.run("local out = {} for k in pairs(string) do out[#out + 1] = k end\n"
                 "local copy = { table.unpack(out) } table.sort(copy)\n"
                 "return table.concat(out, ',') == table.concat(copy, ',')") == "true");
  CHECK_THAT(host.error("return next({ a = 1 }, 'b')"), Contains("invalid key to 'next'"));
  CHECK_THAT(host.error("for k in pairs(nil) do end"), Contains("bad argument #1 to 'pairs' (table expected, got nil)"));
  host.still_works();
}

TEST_CASE("next visits a shared library's keys as pairs does, in the same fixed order", "[sandbox][determinism]") {
  // docs/packs.md: "`pairs` and `next` visit a table's keys in a fixed order". A library is a
  // read-only view, an empty table showing another: `next(string)` said nil, and
  // `next(math, 'abs')` "invalid key to 'next'".
  Host host;
  for (const std::string library : {"string", "math", "table"}) {
    INFO(library);
    CHECK(host.run("local walked = {} for k in pairs(" + library + ") do walked[#walked + 1] = k end\n"
                   "local stepped, k = {}, next(" + library + ")\n"
                   "while k ~= nil do stepped[#stepped + 1] = k; k = next(" + library + ", k) end\n"
                   "return #walked > 0 and table.concat(walked, ',') == table.concat(stepped, ',')") == "true");
    CHECK(host.run("if next(" + library + ") == nil then return 'empty' end return 'not empty'") == "not empty");
    CHECK(host.run("return select(2, next(" + library + ", next(" + library + "))) ~= nil") == "true");
  }
  host.still_works();
}

TEST_CASE("every way a value becomes text tells a table or function as tostring does, never by its address",
          "[sandbox][determinism]") {
  // string.format("%s", {}) said "table: 0x5dc80127c10", a __name "Thing: 0x...", words.quoted({ {} })
  // "'table: 0x...'": a different text every run of the same seed.
  Host host;
  const std::string made = "local t = {} local n = tostring(t):match('^table: #(%d+)$')\n";
  CHECK(host.run(made + "return string.format('%s', t) == 'table: #' .. n and ('%s'):format(t) == 'table: #' .. n") ==
        "true");
  // With a width and flags, as %s takes them; %p is told as %s tells the value.
  CHECK(host.run(made + "return string.format('[%-12s|%p|%5s]', t, t, true) == "
                        "string.format('[%-12s|%s|%5s]', 'table: #' .. n, 'table: #' .. n, 'true')") == "true");
  CHECK(host.run("return string.format('%p %p %p', 1, nil, 'x')") == "1 nil x");
  CHECK(host.run("return string.format('%s', math.floor)") == "function: builtin");
  CHECK_THAT(host.run("return string.format('%s|%s', function() end, coroutine.create(function() end))"),
             Catch::Matchers::Matches("function: #[0-9]+\\|thread: #[0-9]+"));
  // docs/packs.md: "a built-in function as `function: builtin`": print, made by the sandbox after
  // it began numbering what it makes, was "function: #3912".
  CHECK(host.run("return tostring(print) .. '|' .. string.format('%s', coroutine.wrap(function() end)) .. '|' .. "
                 "tostring(require)") == "function: builtin|function: builtin|function: builtin");
  // A __name tells the kind, the order of making the value; __tostring its own text.
  CHECK_THAT(host.run("return tostring(setmetatable({}, { __name = 'Thing' }))"),
             Catch::Matchers::Matches("Thing: #[0-9]+"));
  CHECK_THAT(host.run("return string.format('%s', setmetatable({}, { __name = 'Thing' }))"),
             Catch::Matchers::Matches("Thing: #[0-9]+"));
  CHECK(host.run("return string.format('%s', setmetatable({}, { __tostring = function() return 'mine' end }))") ==
        "mine");
  CHECK_THAT(host.run("return (\"'%s'\"):format({})"), Catch::Matchers::Matches("'table: #[0-9]+'"));
  host.run("print(setmetatable({}, { __name = 'Thing' })) return 0");
  REQUIRE(host.printed.size() == 1);
  CHECK_THAT(host.printed[0], Catch::Matchers::Matches("sandboxed: Thing: #[0-9]+"));
  // Lua's own format is still what formats, and its mistakes are told as before.
  CHECK(host.run("return string.format('%5.1f|%d|%q|%%|%x', 2.25, 3, 'a', 255)") == "  2.2|3|\"a\"|%|ff");
  CHECK_THAT(host.error("return string.format('%s %s', 1)"), Contains("bad argument #3 to 'format' (no value)"));
  CHECK_THAT(host.error("return string.format('%d', {})"),
             Contains("bad argument #2 to 'format' (number expected, got table)"));
  // The same text in two sandboxes (two runs) made alike.
  const std::string code = "local a = {} local f = function() end\n"
                           "return string.format('%s %s %p', a, f, a) .. tostring(setmetatable({}, { __name = 'X' }))"
                           " .. (\"'%s'\"):format(f)";
  Host first, second;
  CHECK(first.run(code) == second.run(code));
  host.still_works();
}

TEST_CASE("math.random is no pack's: calling it says to roll with the dice module", "[sandbox][determinism]") {
  Host host;
  CHECK_THAT(host.error("return math.random(1, 6)"),
             StartsWith("tests/packs/sandboxed/init.lua:1: error: math.random is not available in a pack"));
  CHECK_THAT(host.error("return math.random(1, 6)"), Contains("dice.roll"));
  CHECK_THAT(host.error("math.randomseed(42)"), Contains("math.randomseed is not available in a pack"));
  CHECK(host.run("return math.floor(2.5) + math.max(1, 3)") == "5");
  host.still_works();
}

TEST_CASE("a name a runtime module does not have is an error at the pack's line, naming the nearest",
          "[sandbox][modules]") {
  // Was Lua's "attempt to call a nil value (field 'rol')", or nil when only read.
  Host host;
  CHECK_THAT(host.error("\nreturn dice.rol('1d6', 'why')"),
             StartsWith("tests/packs/sandboxed/init.lua:2: error: there is no dice function named 'rol'; did you "
                        "mean 'roll' or 'pool'?\n  in pack 'sandboxed'"));
  CHECK_THAT(host.error("local f = world.closet"),
             StartsWith("tests/packs/sandboxed/init.lua:1: error: there is no world function named 'closet'; did "
                        "you mean 'closest'?"));
  CHECK_THAT(host.error("if log.narate then end"), Contains("there is no log function named 'narate'; did you mean "
                                                            "'narrate'?"));
  CHECK_THAT(host.error("return orders.pars()", "other"),
             StartsWith("tests/packs/other/init.lua:1: error: there is no orders function named 'pars'; did "
                        "you mean 'parse'?"));
  // Every module still shows what it has, and still refuses to be changed.
  CHECK(host.run("return type(status.apply) .. type(flow.intent)") == "functionfunction");
  CHECK(host.run("local n = 0 for _ in pairs(grid) do n = n + 1 end return n > 10") == "true");
  CHECK(host.run("return getmetatable(dice)") == "read-only");
  CHECK_THAT(host.error("dice.rol = print"), Contains("attempt to change a read-only table"));
  CHECK_THAT(host.error("rawset(dice, 'rol', print)"), Contains("rawset cannot change a read-only table"));
  CHECK_THAT(host.error("setmetatable(dice, {})"), Contains("protected metatable"));
  // Lua's own libraries are as Lua made them: a pack may ask `table.unpack or unpack`.
  CHECK(host.run("return tostring(string.nothing)") == "nil");
  host.still_works();
}
