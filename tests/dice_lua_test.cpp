// The `dice` module as a pack sees it, through the sandbox, with scripted dice as the source.
#include <catch2/catch.hpp>

#include "interpreter/core/dice_source.hpp"
#include "interpreter/core/event_log.hpp"
#include "interpreter/core/named_dice.hpp"
#include "interpreter/core/narration.hpp"
#include "interpreter/lua/sandbox.hpp"

using namespace arbiter;

namespace {

// The Heimr dice challenge (seed 003) as a pack would write it, over one shared pool.
const char* heimr = R"(
local function result(c, p, first, extra)
  if c == 0 then return first + p end
  extra = math.max(0, extra - 1)
  if c > 0 then return first + extra + p else return first - extra + p end
end
local function stats(c)
  if c > 0 then return {"highest", "count:10"} else return {"lowest", "count:1"} end
end
local function pool(c) return dice.pool{"1d6", math.abs(c) .. "d10"} end
function check(c, p)
  local rolled = pool(c):roll("Heimr check")
  local s = stats(c)
  local first = c >= 0 and rolled:highest() or rolled:lowest()
  return result(c, p, first, rolled:count(s[2]:sub(7)))
end
function odds(c, p)
  return pool(c):distribution(stats(c), function(first, extra) return result(c, p, first, extra) end)
end
)";

struct Host {
  lua::Sandbox sandbox;
  NamedDice named;
  std::unique_ptr<ScriptedDice> scripted;

  Host() {
    sandbox.services().provide<NamedDice>(&named);
    sandbox.add_pack({"probe", {}, "probe", {}});
    sandbox.run_string("probe", heimr, "probe.lua", 0);
  }
  void script(std::vector<std::string> values) {
    scripted = std::make_unique<ScriptedDice>(std::move(values));
    sandbox.services().provide<DiceSource>(scripted.get());
  }
  std::string run(const std::string& code) {
    sandbox.run_string("probe", code, "probe.lua", 1);
    std::string result = luaL_tolstring(sandbox.state(), -1, nullptr);
    lua_pop(sandbox.state(), 2);
    return result;
  }
  std::string error(const std::string& code) {
    try {
      sandbox.run_string("probe", code, "probe.lua", 0);
    } catch (const Error& e) {
      return e.what();
    }
    return "no error";
  }
};

}  // namespace

TEST_CASE("dice.roll goes through the current dice source and shows its work", "[dice]") {
  Host host;
  host.script({"6", "5", "3", "1"});
  CHECK(host.run("local r = dice.roll('4d6kh3', 'Aldric rolls strength') return r.text .. ' | ' .. r.reason") ==
        "4d6kh3 = [6, 5, 3, 1 dropped] = 14 | Aldric rolls strength");
  host.script({"6", "5", "3", "1"});
  CHECK(host.run("local r = dice.roll('4d6kh3') return r.total * 100 + #r.dice") == "1404");
  host.script({"1"});
  CHECK(host.run("return dice.roll('1d6').dice[1].fate") == "kept");
}

TEST_CASE("dice.roll marks the die rolled for a count with its role, as roll --json does", "[dice]") {
  // docs/dice.md: the 1d4 of (1d4)d6 is kept within its own term but is no part of the total.
  Host host;
  host.script({"2", "3", "4"});
  CHECK(host.run("local r = dice.roll('(1d4)d6') local out = {} for _, d in ipairs(r.dice) do "
                 "out[#out + 1] = d.die .. '=' .. d.value .. ':' .. d.fate .. ':' .. tostring(d.role) end "
                 "return r.total .. ' ' .. table.concat(out, ' ')") == "7 d4=2:kept:count d6=3:kept:nil d6=4:kept:nil");
}

TEST_CASE("in a fight every roll is logged with its expression, dice, total, text and reason", "[dice]") {
  Host host;
  EventLog log;
  host.sandbox.services().provide(&log);
  host.script({"6", "5", "3", "1"});
  host.run("return dice.roll('4d6kh3', 'Aldric rolls strength')");
  REQUIRE(log.events().size() == 1);
  const LogEvent& roll = log.events().front();
  CHECK(roll.type == event_type::roll);
  CHECK(roll.cause == "Aldric rolls strength");
  CHECK(roll.fields == nlohmann::json{{"expression", "4d6kh3"},
                                      {"dice", {6, 5, 3, 1}},
                                      {"total", 14},
                                      {"text", "4d6kh3 = [6, 5, 3, 1 dropped] = 14"}});
}

TEST_CASE("in a fight a pool's roll is logged too, and the runtime's narration shows every die", "[dice]") {
  // Every roll is shown (issue: "with every roll shown"): a pool is rolled dice like any other.
  Host host;
  EventLog log;
  host.sandbox.services().provide(&log);
  host.script({"1", "10", "7"});
  CHECK(host.run("return dice.pool{'1d6', '2d10'}:roll('Heimr attack'):highest()") == "10");
  REQUIRE(log.events().size() == 1);
  const LogEvent& roll = log.events().front();
  CHECK(roll.type == event_type::roll);
  CHECK(roll.cause == "Heimr attack");
  CHECK(roll.fields == nlohmann::json{{"expression", "1d6, 2d10"},
                                      {"dice", {1, 10, 7}},
                                      {"total", 18},
                                      {"text", "1d6, 2d10 = [d6: 1, d10: 10, d10: 7]"}});
  CHECK(Narrator().render(roll) == "Heimr attack: 1d6, 2d10 = [d6: 1, d10: 10, d10: 7]");
  host.script({"4", "1", "3", "1"});
  host.run("return dice.roll('4d6kh3', 'Aldric rolls strength').total");
  CHECK(Narrator().render(log.events().back()) == "Aldric rolls strength: 4d6kh3 = [4, 1, 3, 1 dropped] = 8");
}

TEST_CASE("a roll without a reason is narrated alone, as `arbiter roll` prints it, without a dangling colon",
          "[dice]") {
  // It was "  : 1d6 = [5] = 5".
  Host host;
  EventLog log;
  host.sandbox.services().provide(&log);
  host.script({"5", "2"});
  host.run("dice.roll('1d6') return dice.roll('1d6', '')");
  REQUIRE(log.events().size() == 2);
  CHECK(Narrator().render(log.events()[0]) == "1d6 = [5] = 5");
  CHECK(Narrator().render(log.events()[1]) == "1d6 = [2] = 2");
  // A pack's own template for rolls is its own: "{cause}: {text}" there says what it says.
  Narrator told;
  told.set_template(event_type::roll, "{cause}: {text}");
  CHECK(told.render(log.events()[0]) == ": 1d6 = [5] = 5");
}

TEST_CASE("a dice expression is text: a number is refused, not rolled as a constant", "[dice]") {
  // dice.roll(6, "six") rolled the constant 6, though the expression is annotated `string`.
  Host host;
  host.script({"3"});
  CHECK_THAT(host.error("return dice.roll(6, 'six')"),
             Catch::Matchers::Contains("bad argument #1 to 'roll' (string (a dice expression such as \"1d6\") "
                                       "expected, got number)"));
  CHECK_THAT(host.error("return dice.distribution(6)"),
             Catch::Matchers::Contains("bad argument #1 to 'distribution' (string (a dice expression such as "
                                       "\"1d6\") expected, got number)"));
  CHECK(host.run("return dice.roll('6', 'six').total") == "6");
}

TEST_CASE("an expression rolled again is the same roll, however many different ones came between", "[dice]") {
  Host host;
  // 300 different expressions (more than the prepared rolls kept), then the first one again.
  std::vector<std::string> values(301, "4");
  host.script(values);
  CHECK(host.run("local sum = 0 for n = 1, 300 do sum = sum + dice.roll('1d6+' .. n).total end "
                 "return sum .. ' ' .. dice.roll('1d6+1').text") == std::to_string(300 * 4 + 300 * 301 / 2) + " 1d6 + 1 = [4] + 1 = 5");
}

TEST_CASE("dice.define registers symbol dice, and results keep symbols and count them", "[dice]") {
  Host host;
  host.run("dice.define('armellian', {'Sword', 'Shield', 'Sun', 'Moon', 'Wyld', 'Rot'}) return true");
  host.script({"Sword", "Wyld", "Sword"});
  CHECK(host.run("local r = dice.roll('3d[armellian]') return r.counts.Sword .. ' ' .. r.dice[2].symbol") == "2 Wyld");
  CHECK_THAT(host.error("dice.define('armellian', {'x'})"), Catch::Contains("already defined"));
  CHECK_THAT(host.error("dice.define('bad', {{}})"), Catch::Contains("must be a symbol (a string) or a whole number"));
}

TEST_CASE("every Heimr worked example through the Lua API", "[dice]") {
  Host host;
  const std::vector<std::tuple<int, int, std::vector<std::string>, int>> examples = {
      {3, 3, {"1", "4", "9", "10"}, 13},
      {5, 6, {"1", "3", "5", "7", "10", "10"}, 17},  // the source says 18; its own terms add to 17
      {0, 0, {"3"}, 3},
      {4, 3, {"1", "1", "2", "4", "6"}, 9},
      {2, -3, {"3", "10", "10"}, 8},
      {-4, -4, {"1", "1", "1", "4", "9"}, -5},  // the source says -2; its own terms give -5
  };
  for (const auto& [c, p, rolled, expected] : examples) {
    host.script(rolled);
    CHECK(host.run("return check(" + std::to_string(c) + ", " + std::to_string(p) + ")") == std::to_string(expected));
    CHECK(host.scripted->remaining() == 0);
  }
}

TEST_CASE("distributions from Lua: expressions and pool rules", "[dice]") {
  Host host;
  CHECK(host.run("return string.format('%.6f', dice.distribution('4d6kh3'):mean())") == "12.244599");
  CHECK(host.run("return dice.distribution('3d6'):at_least(11)") == "0.5");
  CHECK(host.run("return #dice.distribution('3d6'):values()") == "16");
  CHECK(host.run("return string.format('%.4f', odds(5, 0):at_least(9))") == "0.6723");
  CHECK(host.run("return string.format('%.4f', odds(-5, 0):at_most(2))") == "0.7815");
}

TEST_CASE("a distribution's chance in Lua is 0 only for what cannot happen and 1 only for what cannot fail", "[dice]") {
  // docs/dice.md: "Lua's `d:at_least(x)` and `d:at_most(x)` are the same numbers" as --json, which
  // never reads 0 for a value that can be rolled nor 1 for one that can be missed. 1d2000!'s
  // highest value, 100 explosions then a 1999, comes up once in 2000^101 rolls: it was 0.0.
  // At least 101 on 100d6 misses only on all ones, 6^-100: it was 1.0, a certainty.
  Host host;
  CHECK(host.run("local d = dice.distribution('1d2000!') return d:p(201999) > 0 and d:at_least(201999) > 0") == "true");
  CHECK(host.run("local d = dice.distribution('1d2000!') return d:p(202000) .. ' ' .. d:at_least(202000)") == "0.0 0.0");
  CHECK(host.run("local d = dice.distribution('100d6') return d:at_least(101) < 1 and d:at_most(599) < 1 and d:p(350) < 1") == "true");
  // What cannot fail is certain, and what cannot happen is impossible.
  CHECK(host.run("local d = dice.distribution('100d6') return d:at_least(100) .. ' ' .. d:at_most(600) .. ' ' .. d:at_least(601)")
        == "1.0 1.0 0.0");
  CHECK(host.run("return dice.distribution('1d1'):p(1)") == "1.0");
}

TEST_CASE("dice.parse checks an expression without rolling it: its canonical notation, or nil and the mistake",
          "[dice]") {
  Host host;
  host.script({});  // no die to roll: parsing rolls none
  CHECK(host.run("return dice.parse('1d6+2')") == "1d6 + 2");
  CHECK(host.run("return select(2, dice.parse('d6x'))") ==
        "dice expression \"d6x\", column 4: explosions are written with ! (Foundry's x): 3d6! explodes on the highest "
        "face, 3d6!>=5 on 5 or more");
  CHECK(host.run("return dice.parse('d6x')") == "nil");
  CHECK_THAT(host.run("return select(2, dice.parse('d[armelian]'))"), Catch::Contains("there is no die named 'armelian'"));
  // Parsed, not weighed: an expression too costly for dice.distribution still rolls, so it parses.
  CHECK(host.run("return dice.parse('500d100')") == "500d100");
  CHECK_THAT(host.error("dice.parse(6)"), Catch::Contains("a dice expression such as \"1d6\""));
}

TEST_CASE("a pack's roll tells its dropped dice as dropped, outside its total and counts, and a pool drops none",
          "[dice]") {
  // stdlib/types/dice.lua: `dice` is "every die, in the order rolled", `fate` "kept"|"dropped"
  // within the die's own term, `counts` "kept dice by symbol"; dice.pool's entries are "plain
  // dice", and the rule reads every die of the pool.
  Host host;
  host.script({"5", "4", "2", "4", "Sword", "2", "Shield"});
  CHECK(host.run("local r = dice.roll('4d6kh3') local fates = {} "
                 "for _, d in ipairs(r.dice) do fates[#fates + 1] = d.value .. ' ' .. d.fate end "
                 "return r.total .. ': ' .. table.concat(fates, ', ')") == "13: 5 kept, 4 kept, 2 dropped, 4 kept");
  // Symbol faces are worth 0 (docs/dice.md): keeping the highest die keeps the 2, and the symbols
  // dropped are in no count.
  CHECK(host.run("dice.define('arms', {'Sword', 'Shield', 2}) local r = dice.roll('3d[arms]kh1') "
                 "local fates = {} for _, d in ipairs(r.dice) do fates[#fates + 1] = (d.symbol or d.value) .. ' ' .. "
                 "d.fate end return table.concat(fates, ', ') .. ' | ' .. r.total .. ', Sword ' .. "
                 "tostring(r.counts.Sword)") == "Sword dropped, 2 kept, Shield dropped | 2, Sword nil");
  CHECK_THAT(host.error("dice.pool{'1d6', '4d6kh3'}"),
             Catch::StartsWith("probe.lua:1: error: pool entry 2 \"4d6kh3\": a pool entry is plain dice such as 1d6 "
                               "or 5d10, with no keep or drop"));
  CHECK_THAT(host.error("dice.pool{'4d6dl1'}"), Catch::StartsWith("probe.lua:1: error: pool entry 1 \"4d6dl1\":"));
}

TEST_CASE("a die no pack named is told as the other mistakes of a pack's dice, with the nearest name", "[dice]") {
  // docs/dice.md: a mistake in a pack's expression is told at the pack's line, "the expression
  // quoted, with the column in it". A named die no pack defined was told as
  // "<dice expression>:1:4:", a place in no file, and a pool's as "<pool>:1:4:".
  Host host;
  host.script({});
  host.run("dice.define('zed', {1, 2, 3}) return true");
  for (const std::string call : {"dice.roll('1d[zd]')", "dice.distribution('1d[zd]')", "select(2, dice.parse('1d[zd]'))"}) {
    const std::string told = call.starts_with("select") ? host.run("return " + call) : host.error(call);
    CAPTURE(call);
    CHECK_THAT(told, Catch::Contains("dice expression \"1d[zd]\", column 4: there is no die named 'zd'\ndid you mean "
                                     "'zed'?"));
    CHECK_THAT(told, !Catch::Contains("<dice expression>"));
  }
  const std::string pool = host.error("dice.pool{'1d6', '2d[zd]'}");
  CHECK_THAT(pool, Catch::StartsWith("probe.lua:1: error: pool entry 2 \"2d[zd]\", column 4: there is no die named "
                                     "'zd'\ndid you mean 'zed'?"));
}

TEST_CASE("bad input from a pack is a Lua error with the position", "[dice]") {
  Host host;
  host.script({"1"});
  const auto message = host.error("dice.roll('2d6 +')");
  // At the author's line, not at "<dice expression>:1", which names no file; the expression quoted,
  // with the column in it.
  CHECK_THAT(message, Catch::StartsWith("probe.lua:1: error: dice expression \"2d6 +\", column 6: expected a number, "
                                        "dice such as 2d6 or d20, or '('"));
  CHECK_THAT(host.error("dice.roll('d[armelian]')"), Catch::Contains("there is no die named 'armelian'"));
  CHECK_THAT(host.error("dice.roll('2d6')"), Catch::Contains("the scripted dice ran out"));
  // A pool's entry and an expression too big to weigh are quoted, as a bad expression is.
  CHECK_THAT(host.error("dice.pool{'1d6', '2x10'}"),
             Catch::StartsWith("probe.lua:1: error: pool entry 2 \"2x10\", column 2: expected an operator"));
  CHECK_THAT(host.error("dice.distribution('500d100')"),
             Catch::StartsWith("probe.lua:1: error: dice expression \"500d100\", column 5: the exact distribution of "
                               "500d100 is too much work"));
  CHECK_THAT(host.error("dice.pool{'1d6'}:distribution({'highst'}, function(h) return h end)"),
             Catch::Contains("did you mean 'highest'?"));
  CHECK_THAT(host.error("dice.pool{'1d6'}:distribution({'highest'}, function(h) return 'x' end)"),
             Catch::Contains("must return a whole number"));
  lua::Sandbox bare;
  bare.add_pack({"probe", {}, "probe", {}});
  try {
    bare.run_string("probe", "dice.roll('1d6')", "probe.lua", 0);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK_THAT(e.what(), Catch::Contains("there is no dice source here"));
  }
}
