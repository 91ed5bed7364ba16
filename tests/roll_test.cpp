#include <limits>
#include <sstream>

#include <catch2/catch.hpp>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/roll.hpp"

using namespace arbiter;

namespace {

NamedDice armellian_dice() {
  NamedDice named;
  named.define("armellian", {{0, "Sword"}, {0, "Shield"}, {0, "Sun"}, {0, "Moon"}, {0, "Wyld"}, {0, "Rot"}});
  return named;
}

Roll scripted(std::string_view expr, std::vector<std::int64_t> values, const NamedDice& named = {}) {
  ScriptedDice dice(values);
  Roll roll = Roller(dice::parse_dice(expr), named).roll(dice, "test");
  CHECK(dice.remaining() == 0);  // every scripted value was used: no more, no fewer dice
  return roll;
}

Diagnostic error_of(std::string_view expr, DiceSource& source, const NamedDice& named = {}) {
  try {
    Roller(dice::parse_dice(expr), named).roll(source, "");
  } catch (const Error& e) {
    return e.diagnostics().front();
  }
  return {{}, "no error", {}, {}};
}

std::string error_message(std::string_view expr, DiceSource& source, const NamedDice& named = {}) {
  return error_of(expr, source, named).message;
}

}  // namespace

TEST_CASE("results show every die and its fate on one line") {
  CHECK(scripted("4d6kh3", {6, 5, 3, 1}).text == "4d6kh3 = [6, 5, 3, 1 dropped] = 14");
  CHECK(scripted("4d6dl1", {1, 5, 3, 6}).text == "4d6dl1 = [1 dropped, 5, 3, 6] = 14");
  CHECK(scripted("2d20kl1", {17, 4}).text == "2d20kl1 = [17 dropped, 4] = 4");
  CHECK(scripted("1d20+5", {14}).text == "1d20 + 5 = [14] + 5 = 19");
  CHECK(scripted("7", {}).text == "7 = 7");
  const auto roll = scripted("2d6+1d4", {3, 4, 2});
  REQUIRE(roll.terms.size() == 2);
  CHECK(roll.terms[0].notation == "2d6");
  CHECK(roll.terms[1].die == "d4");
  CHECK(roll.total == 9);
  CHECK(roll.reason == "test");
}

TEST_CASE("keep and drop with ties keep the earlier die") {
  CHECK(scripted("3d6kh1", {5, 5, 2}).text == "3d6kh1 = [5, 5 dropped, 2 dropped] = 5");
  CHECK(scripted("3d6kh5", {1, 2, 3}).total == 6);  // keeping more than rolled keeps them all
  CHECK(scripted("3d6dh5", {1, 2, 3}).total == 0);
}

TEST_CASE("success counting right after the dice, and failures that subtract") {
  CHECK(scripted("5d10>=8", {8, 3, 10, 7, 9}).text == "5d10>=8 = [8 success, 3, 10 success, 7, 9 success] = 3");
  CHECK(scripted("4d10>=8f<=1", {8, 1, 1, 9}).total == 0);
  CHECK(scripted("3d6>4", {4, 5, 6}).total == 2);  // '>' is strict
}

TEST_CASE("an exploding die is listed before the die it adds and that die's rerolls, in the order rolled") {
  // stdlib/types/dice.lua: "dice: every die, in the order rolled". 2d6r1!: 1 (rerolled), 6
  // (explodes), then its extra die 1, 1 (rerolled) and 5; then the second die, 3.
  CHECK(scripted("2d6r1!", {1, 6, 1, 1, 5, 3}).text ==
        "2d6r=1! = [1 rerolled, 6 exploded, 1 rerolled, 1 rerolled, 5, 3] = 14");
}

TEST_CASE("a compounding die is listed where its first roll was, before the rerolls of the dice added into it") {
  // stdlib/types/dice.lua: "dice: every die, in the order rolled"; docs/dice.md: `!!` adds the
  // extra rolls "into the same die (one die, one value)". 2d6r1!!: 6 (explodes), its extra die 1
  // (rerolled) and 3, compounded into 6 + 3 = 9; then the second die, 2.
  CHECK(scripted("2d6r1!!", {6, 1, 3, 2}).text == "2d6r=1!! = [9 exploded, 1 rerolled, 2] = 11");
  // A reroll of the first roll comes before it, as it was rolled before it.
  CHECK(scripted("1d6r1!!", {1, 6, 1, 4}).text == "1d6r=1!! = [1 rerolled, 10 exploded, 1 rerolled] = 10");
}

TEST_CASE("a die meeting both the success and the f point counts +1 and -1") {
  // docs/dice.md: "`f<=N` with that | each die meeting it subtracts one success".
  CHECK(scripted("3d6>=4f>=5", {5, 4, 1}).text == "3d6>=4f>=5 = [5 success and failure, 4 success, 1] = 1");
  CHECK(scripted("1d6>=1f<=1", {1}).total == 0);
}

TEST_CASE("a comparison elsewhere tests the whole expression") {
  CHECK(scripted("1d20+5 >= 15", {10}).total == 1);
  CHECK(scripted("1d20+5 >= 15", {9}).total == 0);
  CHECK(scripted("(3d6)>=11", {4, 4, 3}).total == 1);
  CHECK(scripted("3d6 > 11", {4, 4, 3}).total == 0);
}

TEST_CASE("integer arithmetic: division rounds toward zero, powers, overflow is an error") {
  CHECK(scripted("7/2", {}).total == 3);
  CHECK(scripted("-7/2", {}).total == -3);
  CHECK(scripted("2^10 - 3*4", {}).total == 1012);
  // docs/dice.md, Precedence: a leading minus binds tighter than ^, as in a spreadsheet.
  CHECK(scripted("-2^2", {}).total == 4);
  CHECK(scripted("-(2^2)", {}).total == -4);
  CHECK(scripted("0-2^2", {}).total == -4);
  CHECK(scripted("-d6^2", {3}).total == 9);
  ScriptedDice none(std::vector<std::int64_t>{});
  CHECK_THAT(error_message("1/0", none), Catch::Contains("division by zero"));
  CHECK_THAT(error_message("(99^99)d20", none), Catch::Contains("too large"));
  CHECK_THAT(error_message("9223372036854775807+1", none), Catch::Contains("too large"));
  // docs/dice.md: numbers are 64-bit, the least one included, though its digits alone are too large.
  CHECK(scripted("-9223372036854775808", {}).total == std::numeric_limits<std::int64_t>::min());
  CHECK(scripted("1 + - 9223372036854775808", {}).total == std::numeric_limits<std::int64_t>::min() + 1);
  CHECK(scripted("-9223372036854775808^1", {}).total == std::numeric_limits<std::int64_t>::min());
  CHECK_THAT(error_message("--9223372036854775808", none), Catch::Contains("-(-9223372036854775808) is too large"));
  CHECK_THAT(error_message("9223372036854775808", none), Catch::Contains("the number 9223372036854775808 is too large"));
  CHECK_THAT(error_message("-9223372036854775809", none), Catch::Contains("the number 9223372036854775809 is too large"));
  CHECK_THAT(error_message("-9223372036854775808d6", none), Catch::Contains("the number 9223372036854775808 is too large"));
  // Past the least number is too small, as docs/dice.md says, not too large.
  CHECK_THAT(error_message("-9223372036854775808-1", none), Catch::Contains("-9223372036854775808 - 1 is too small"));
  CHECK_THAT(error_message("(-3037000500)*3037000500", none), Catch::Contains("is too small"));
  CHECK_THAT(error_message("(-2)^65", none), Catch::Contains("-2 ^ 65 is too small"));
  CHECK_THAT(error_message("(-2)^64", none), Catch::Contains("-2 ^ 64 is too large"));
}

TEST_CASE("the least number's digits may be subtracted when the result fits, as its unary form reads them",
          "[dice]") {
  // "0-9223372036854775808" was refused, "the number 9223372036854775808 is too large", though
  // 0 - 2^63 is the least 64-bit number.
  constexpr std::int64_t least = std::numeric_limits<std::int64_t>::min();
  CHECK(scripted("0-9223372036854775808", {}).total == least);
  CHECK(scripted("5 - 9223372036854775808", {}).total == least + 5);
  CHECK(scripted("1d6 - 9223372036854775808", {6}).total == least + 6);
  CHECK(scripted("9223372036854775807-9223372036854775808", {}).total == -1);
  CHECK(dice::to_string(*dice::parse_dice("1d6-9223372036854775808").root) == "1d6 - 9223372036854775808");
  ScriptedDice none(std::vector<std::int64_t>{});
  CHECK_THAT(error_message("-1-9223372036854775808", none), Catch::Contains("is too small"));
  // Before a power, a product or a quotient the digits alone are their operand, and too large.
  CHECK_THAT(error_message("0-9223372036854775808*1", none),
             Catch::Contains("the number 9223372036854775808 is too large"));
}

TEST_CASE("an arithmetic error points at its part of the expression, as a parse error does") {
  const auto column_of = [](std::string_view expr, std::vector<std::int64_t> values) -> std::size_t {
    ScriptedDice dice(values);
    try {
      Roller(dice::parse_dice(expr, "<command line>"), {}).roll(dice, "");
    } catch (const Error& e) {
      CHECK(e.diagnostics().front().where.file == "<command line>");
      return e.diagnostics().front().where.column;
    }
    FAIL("no error");
    return 0;
  };
  CHECK(column_of("2 + 1d6/0", {3}) == 5);                          // the division, from its left operand
  CHECK(column_of("1 + -(-9223372036854775807-1)", {}) == 5);      // the negation
  constexpr auto highest = std::numeric_limits<std::int64_t>::max(), lowest = std::numeric_limits<std::int64_t>::min();
  CHECK(column_of("1 + 2d{9223372036854775807}", {highest, highest}) == 7);    // the dice's sum, at their faces
  CHECK(column_of("d{-9223372036854775808,5}!p", {5, lowest}) == 2);          // penetrating past the lowest number
  CHECK(column_of("1+d{9223372036854775807,1}!!", {highest, highest}) == 4);  // compounding past the highest
}

TEST_CASE("explosions: standard, compounding, penetrating") {
  CHECK(scripted("3d6!", {6, 6, 2, 3, 4}).text == "3d6! = [6 exploded, 6 exploded, 2, 3, 4] = 21");
  CHECK(scripted("3d6!!", {6, 6, 2, 3, 4}).text == "3d6!! = [14 exploded, 3, 4] = 21");
  CHECK(scripted("2d6!p", {6, 6, 2, 5}).text == "2d6!p = [6 exploded, 5 exploded, 1, 5] = 17");
  CHECK(scripted("2d10!>=9", {9, 1, 3}).total == 13);
}

TEST_CASE("rerolls: r until the die no longer matches, ro once") {
  CHECK(scripted("2d6r", {1, 1, 3, 4}).text == "2d6r = [1 rerolled, 1 rerolled, 3, 4] = 7");
  CHECK(scripted("2d6ro", {1, 1, 4}).text == "2d6ro = [1 rerolled, 1, 4] = 5");
  CHECK(scripted("1d6r<3", {2, 1, 5}).total == 5);
}

TEST_CASE("min and max clamp each die") {
  CHECK(scripted("3d6min2", {1, 4, 6}).text == "3d6min2 = [2, 4, 6] = 12");
  CHECK(scripted("3d6max4", {1, 4, 6}).total == 9);
  // A die that exploded too: explosions test the face rolled, "before clamps".
  CHECK(scripted("1d6!max5", {6, 6, 2}).text == "1d6!max5 = [5 exploded, 5 exploded, 2] = 12");
  CHECK(scripted("1d6!1min3", {1, 1, 4}).total == 10);
  CHECK(scripted("1d6!pmax4", {6, 3}).total == 6);
}

TEST_CASE("percentile, Fate and listed faces") {
  CHECK(scripted("d%", {100}).total == 100);
  CHECK(scripted("4dF", {-1, 0, 1, 1}).text == "4dF = [-1, 0, 1, 1] = 1");
  CHECK(scripted("2d{1,1,2,3}", {3, 1}).total == 4);
  ScriptedDice bad(std::vector<std::int64_t>{4});
  CHECK_THAT(error_message("d{1,1,2,3}", bad), Catch::Contains("its faces are 1, 1, 2, 3"));
}

TEST_CASE("named symbol dice keep their symbols and count by symbol") {
  const auto named = armellian_dice();
  ScriptedDice dice(std::vector<std::string>{"Sword", "Rot", "sword", "Wyld", "Sun"});
  const auto roll = Roller(dice::parse_dice("5d[armellian]=Sword"), named).roll(dice, "");
  CHECK(roll.text == "5d[armellian]=Sword = [Sword success, Rot, Sword success, Wyld, Sun] = 2");
  const auto counts = roll.terms[0].symbol_counts();
  CHECK(counts.at("Sword") == 2);
  CHECK(counts.at("Wyld") == 1);
  CHECK(counts.count("Moon") == 0);
  ScriptedDice more(std::vector<std::string>{"Wyld", "Sword"});
  CHECK(Roller(dice::parse_dice("1d[armellian]!=Wyld"), named).roll(more, "").text ==
        "1d[armellian]!=Wyld = [Wyld exploded, Sword] = 0");
  SeededDice seeded(1);
  CHECK_THAT(error_message("d[armelian]", seeded, named), Catch::Contains("there is no die named 'armelian'"));
  try {
    Roller(dice::parse_dice("d[armelian]"), named);
  } catch (const Error& e) {
    REQUIRE(e.diagnostics().front().notes.size() == 1);
    CHECK(e.diagnostics().front().notes[0] == "did you mean 'armellian'?");
    CHECK(e.diagnostics().front().where.column == 3);
  }
  CHECK_THAT(error_message("5d[armellian]=Swrod", seeded, named), Catch::Contains("has no face 'Swrod'"));
  CHECK_THAT(error_message("5d6=Sword", seeded, named), Catch::Contains("a d6 has no face 'Sword'"));
  CHECK_THAT(error_message("5d[armellian]=Swrod", seeded, named), Catch::StartsWith("an armellian has no face"));
  // docs/dice.md: "Without a point, ! explodes on the die's highest face and r rerolls its lowest
  // face"; symbol faces are all worth 0, so neither exists: the message asks for a face, not
  // "every face explodes (on =0)".
  CHECK(error_message("3d[armellian]!", seeded, named) ==
        "an armellian has symbol faces, none highest or lowest: name the face it explodes on, e.g. !=Rot");
  CHECK(error_message("3d[armellian]r", seeded, named) ==
        "an armellian has symbol faces, none highest or lowest: name the face it rerolls on, e.g. r=Rot");
  // A mixed die whose last face is a number: the example names a symbol face (it was "e.g. !=").
  NamedDice mixed;
  mixed.define("mix", {{0, "Sword"}, {2, ""}, {3, ""}});
  CHECK(error_message("3d[mix]!", seeded, mixed) ==
        "a mix has symbol faces, none highest or lowest: name the face it explodes on, e.g. !=Sword");
  CHECK(error_message("3d[mix]ro", seeded, mixed) ==
        "a mix has symbol faces, none highest or lowest: name the face it rerolls on, e.g. ro=Sword");
  // Without a pack no die is named; the note says where names come from, in the words of where
  // the name was written: a pack or `arbiter lua` can define one, `arbiter roll` cannot.
  const auto note_of = [](const NamedDice& named) {
    try {
      Roller(dice::parse_dice("5d[armellian]=Sword"), named);
    } catch (const Error& e) {
      REQUIRE(e.diagnostics().front().notes.size() == 1);
      return e.diagnostics().front().notes[0];
    }
    FAIL("no error");
    return std::string();
  };
  CHECK(note_of({}) ==
        "no die has a name yet: dice.define names one, in a pack or in arbiter lua (docs/dice.md, Named and symbol dice)");
  CHECK_THAT(note_of(NamedDice::without_packs()),
             Catch::StartsWith("arbiter roll and prob load no pack, so no die has a name here: try a named die in "
                               "arbiter lua"));
}

TEST_CASE("limits: never a hang, never a silent truncation") {
  SeededDice seeded(3);
  CHECK(error_message("d1!", seeded) == "every face of a d1 explodes (on =1): it would never stop");
  // Rerolled until it shows a face that explodes, and so on for each die it explodes into.
  CHECK(error_message("1d6r<6!", seeded) == "every face of a d6 that r<6 keeps explodes (on =6): it would never stop");
  CHECK(error_message("1d6r<5!>=5", seeded) ==
        "every face of a d6 that r<5 keeps explodes (on >=5): it would never stop");
  CHECK_NOTHROW(Roller(dice::parse_dice("1d6ro<6!")).roll(seeded, "kept once"));  // a reroll once keeps what it shows
  CHECK_NOTHROW(Roller(dice::parse_dice("1d6r<5!")).roll(seeded, "a 5 stops it"));
  CHECK(error_message("1d1r1", seeded) == "every face of a d1 meets r=1: the reroll would never end");
  CHECK(error_message("3d6r<=6", seeded) == "every face of a d6 meets r<=6: the reroll would never end");
  CHECK_THAT(error_message("(99^99)d20", seeded), Catch::Contains("99 ^ 99 is too large"));
  CHECK(error_message("-(-9223372036854775807-1)", seeded) ==
        "-(-9223372036854775808) is too large: dice arithmetic is limited to 64-bit whole numbers");
  CHECK(error_message("1000000d1000000", seeded) ==
        "1000000d1000000 asks for 1000000 dice: one expression rolls at most 10000 dice");
  // The dice already rolled count towards the limit, and the message says so, and which part asked.
  CHECK(error_message("5000d6+5001d6", seeded) ==
        "5001d6 asks for 5001 dice after 5000 already rolled, 10001 in all: one expression rolls at most 10000 dice");
  // A rolled count is known only when rolled: its own die counts, and the message names the term.
  ScriptedDice most(std::vector<std::int64_t>{10000});
  CHECK(error_message("(1d10000)d6", most) ==
        "(1d10000)d6 asks for 10000 dice after 1 already rolled, 10001 in all: one expression rolls at most 10000 dice");
  CHECK(error_message("1d1000001", seeded) == "a d1000001 has too many sides: the limit is 1000000");
  CHECK(error_message("9000d2!", seeded) == "this roll needs more than 10000 dice (explosions and rerolls included)");
  CHECK(error_of("3 + 9000d2!", seeded).where.column == 10);  // the exploding term's faces
  CHECK(error_message("(0-2)d6", seeded) == "cannot roll a negative number of dice (-2)");
  // The limits are configurable.
  DiceLimits small;
  small.max_dice = 3;
  CHECK_THROWS_AS(Roller(dice::parse_dice("4d6"), {}, small).roll(seeded, ""), Error);
  CHECK_NOTHROW(Roller(dice::parse_dice("1000000d6"), {}, DiceLimits{1'000'000, 6, 100}).total(seeded));
}

TEST_CASE("a die that would explode past the depth cap is an error, never a shortened total") {
  DiceLimits capped;
  capped.explode_depth = 2;
  ScriptedDice dice(std::vector<std::int64_t>{6, 6, 5});
  CHECK(Roller(dice::parse_dice("1d6!"), {}, capped).roll(dice, "").text == "1d6! = [6 exploded, 6 exploded, 5] = 17");
  for (const char* expr : {"1d6!", "1d6!!", "1d6!p", "2 + 1d6!>=5"}) {
    INFO(expr);
    ScriptedDice sixes(std::vector<std::int64_t>{6, 6, 6});
    CHECK_THROWS_WITH(Roller(dice::parse_dice(expr), {}, capped).roll(sixes, ""),
                      Catch::Contains("a d6 exploded 2 times and would explode again: one die explodes at most 2 times"));
    ScriptedDice again(std::vector<std::int64_t>{6, 6, 6});
    CHECK_THROWS_AS(Roller(dice::parse_dice(expr), {}, capped).total(again), Error);
  }
  // The default cap: 100 explosions are a roll, a 101st is an error (docs/dice.md).
  std::vector<std::int64_t> twos(101, 2);
  CHECK(scripted("1d2!", [&] {
          auto last_is_one = twos;
          last_is_one.back() = 1;
          return last_is_one;
        }()).total == 201);
  ScriptedDice one_more(twos);
  const auto error = error_of("1d2!", one_more);
  CHECK(error.message == "a d2 exploded 100 times and would explode again: one die explodes at most 100 times");
  CHECK(error.where.column == 3);
}

TEST_CASE("a count that is rolled shows its roll before the dice it decided") {
  CHECK(scripted("(1d4)d6", {2, 3, 4}).text == "(1d4)d6 = (1d4 = [2] = 2) [3, 4] = 7");
  CHECK(scripted("(1d4+1)d6 + 1", {1, 3, 4}).text == "(1d4 + 1)d6 + 1 = (1d4 + 1 = [1] + 1 = 2) [3, 4] + 1 = 8");
  CHECK(scripted("((1d2)d4)d6", {1, 2, 5, 6}).text ==
        "((1d2)d4)d6 = ((1d2)d4 = (1d2 = [1] = 1) [2] = 2) [5, 6] = 11");
  // A count without dice is seen in the number of dice: nothing more to show.
  CHECK(scripted("(2+1)d6", {1, 2, 3}).text == "(2 + 1)d6 = [1, 2, 3] = 6");
  const auto roll = scripted("(1d4)d6", {2, 3, 4});
  REQUIRE(roll.terms.size() == 2);
  CHECK(roll.terms[0].notation == "1d4");
  CHECK(roll.total == 7);
}

TEST_CASE("success counting and failures may be written among the other modifiers") {
  CHECK(scripted("4d6>=5kh3", {6, 5, 3, 1}).text == scripted("4d6kh3>=5", {6, 5, 3, 1}).text);
  CHECK(scripted("4d6f1>=5", {6, 1, 3, 1}).total == -1);
}

TEST_CASE("a seeded roll replays, and total() draws the same dice as roll()") {
  const Roller roller(dice::parse_dice("10d10>=8 + 4d6kh3 + 3d6!"));
  SeededDice a(2024), b(2024);
  for (int i = 0; i < 100; ++i) CHECK(roller.roll(a, "").total == roller.total(b));
}

TEST_CASE("the prompt is told the die and the reason of each roll") {
  std::istringstream in("14\n");
  std::ostringstream out;
  PromptedDice prompt(in, out);
  CHECK(Roller(dice::parse_dice("1d20+5")).roll(prompt, "Aldric attacks Orc #2").total == 19);
  CHECK(out.str() == "Roll a d20 for Aldric attacks Orc #2: ");
}
