// How the host copies and shows Lua values: definitions are copied out of a pack's reach and
// shown to people by `arbiter explain` and `arbiter lua`.
#include "interpreter/lua/values.hpp"

#include <catch2/catch.hpp>

#include "interpreter/lua/sandbox.hpp"

using namespace arbiter::lua;

namespace {
struct Values {
  Sandbox sandbox;
  lua_State* L = sandbox.state();
  Values() { sandbox.add_pack({"values", {}, "values", {}}); }
  // Leaves the value `code` returns on the stack.
  void push(const std::string& code) { sandbox.run_string("values", "return " + code, "values.lua", 1); }
};
}  // namespace

TEST_CASE("describe shows a value on one line, keys sorted after the array part", "[values]") {
  Values v;
  v.push("{ 'a', 2, zeta = true, alpha = { x = 1.5 }, [10] = 'ten', ['two words'] = 0 }");
  CHECK(describe(v.L, -1) ==
        "{ \"a\", 2, [\"two words\"] = 0, [10] = \"ten\", alpha = { x = 1.5 }, zeta = true }");
  v.push("function() end");
  CHECK(describe(v.L, -1) == "function at values.lua:1");
  v.push("{ { { { { 'deep' } } } } }");
  CHECK(describe(v.L, -1, 2) == "{ { {…} } }");
  // A string is written as Lua would write it: a pack's line break adds no line to explain's listing.
  v.push("{ ['a\\nb'] = 'say \"hi\"\\n  2. overridden by tempo', tab = '\\t\\27[2J\\0' }");
  CHECK(describe(v.L, -1) == "{ [\"a\\nb\"] = \"say \\\"hi\\\"\\n  2. overridden by tempo\", tab = \"\\t\\x1b[2J\\x00\" }");
  // A key is shown whole: "a\0b" is not the key "a" shown twice.
  v.push("{ a = 1, ['a\\0b'] = 2 }");
  CHECK(describe(v.L, -1) == "{ [\"a\\x00b\"] = 2, a = 1 }");
}

TEST_CASE("a table inside itself is shown as a cycle and a deep one is cut off on one line or many", "[values]") {
  Values v;
  v.push("(function() local t = { a = 1 } t[1] = t t[2] = { t } return t end)()");
  CHECK(describe(v.L, -1) == "{ <cycle>, { <cycle> }, a = 1 }");
  CHECK(describe_lines(v.L, -1, 14) == "{\n  <cycle>,\n  { <cycle> },\n  a = 1,\n}");
  v.push("{ { { { { { 'deep' } } } } } }");
  CHECK(describe(v.L, -1) == "{ { { { {…} } } } }");
  CHECK(describe_lines(v.L, -1, 10) ==
        "{\n  {\n    {\n      {\n        {…},\n      },\n    },\n  },\n}");
  v.push("_G");
  CHECK_THAT(describe_lines(v.L, -1, 10), Catch::Matchers::Contains("  _G = <cycle>,\n"));
}

TEST_CASE("describe_lines breaks only what does not fit, two columns per level", "[values]") {
  Values v;
  v.push("{ short = { 1, 2 }, long = { alpha = 'aaaaaaaaaa', beta = 'bbbbbbbbbb' } }");
  CHECK(describe_lines(v.L, -1, 200) == describe(v.L, -1));
  CHECK(describe_lines(v.L, -1, 40) ==
        "{\n"
        "  long = {\n"
        "    alpha = \"aaaaaaaaaa\",\n"
        "    beta = \"bbbbbbbbbb\",\n"
        "  },\n"
        "  short = { 1, 2 },\n"
        "}");
}

TEST_CASE("a deep copy is independent of the original, and keeps cycles as cycles", "[values]") {
  Values v;
  v.push("(function() local t = { n = 1, inner = { m = 2 } } t.self = t return t end)()");
  push_deep_copy(v.L, -1);
  lua_pushinteger(v.L, 9);
  lua_setfield(v.L, -3, "n");  // change the original after copying
  lua_getfield(v.L, -1, "n");
  CHECK(lua_tointeger(v.L, -1) == 1);
  lua_pop(v.L, 1);
  lua_getfield(v.L, -1, "self");
  CHECK(lua_rawequal(v.L, -1, -2));  // the copy's cycle points at the copy
  lua_getfield(v.L, -3, "inner");
  lua_getfield(v.L, -3, "inner");
  CHECK_FALSE(lua_rawequal(v.L, -1, -2));  // nested tables are copied too
}

TEST_CASE("a pack function that replaces one says what it replaced and passes it last", "[values]") {
  Values v;
  v.push("function(x, previous) return previous(x) * 10 end");
  v.push("function(x) return x + 1 end");
  v.sandbox.push_pack_function(v.L, "values", -2, -1);
  CHECK(describe(v.L, -1) == "function at values.lua:1, replacing function at values.lua:1");
  lua_pushinteger(v.L, 4);
  v.sandbox.call("values", 1, 1);
  CHECK(lua_tointeger(v.L, -1) == 50);
  v.push("function() end");
  v.sandbox.push_pack_function(v.L, "values", -1);
  CHECK(describe(v.L, -1) == "function at values.lua:1");  // shown as the function its pack wrote
}
