#include <catch2/catch.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

#include "grammar/diagnostic.hpp"
#include "grammar/dice.hpp"
#include "grammar/dice_rules.hpp"

using namespace arbiter;
using namespace arbiter::dice;

namespace {

std::string canonical(std::string_view text) { return to_string(*parse_dice(text).root); }

// The first diagnostic of the error `text` raises.
Diagnostic error_of(std::string_view text) {
  try {
    parse_dice(text, "<test>");
  } catch (const Error& e) {
    return e.diagnostics().front();
  }
  FAIL("no error for " << text);
  return {};
}

}  // namespace

TEST_CASE("the dice grammar has no rule that can loop without consuming input", "[dice]") {
  CHECK(tao::pegtl::analyze<rules::grammar>() == 0);
}

TEST_CASE("dice terms and their modifiers") {
  CHECK(canonical("d20") == "d20");
  CHECK(canonical("4d6kh3") == "4d6kh3");
  CHECK(canonical("4d6k3") == "4d6kh3");
  CHECK(canonical("4d6dl1") == "4d6dl1");
  CHECK(canonical("2d20kl") == "2d20kl1");
  CHECK(canonical("d%") == "d%");
  CHECK(canonical("4dF") == "4dF");
  CHECK(canonical("d{1, 1,2,3}") == "d{1,1,2,3}");
  CHECK(canonical("d{-1,0,1}") == "d{-1,0,1}");
  CHECK(canonical("5d[armellian]=Sword") == "5d[armellian]=Sword");
  CHECK(canonical("3d6!") == "3d6!");
  CHECK(canonical("3d6!!") == "3d6!!");
  CHECK(canonical("3d6!p") == "3d6!p");
  CHECK(canonical("3d6!>=5") == "3d6!>=5");
  CHECK(canonical("3d6!=5") == "3d6!=5");
  CHECK(canonical("3d6!5") == "3d6!=5");
  CHECK(canonical("2d6r") == "2d6r");
  CHECK(canonical("2d6r<3") == "2d6r<3");
  CHECK(canonical("2d6ro1") == "2d6ro=1");
  CHECK(canonical("4d6min2max5") == "4d6min2max5");
  // Modifiers apply in one fixed order, so the canonical form shows that order.
  CHECK(canonical("4d6kh3r1") == "4d6r=1kh3");
  CHECK(canonical("10d10>=8") == "10d10>=8");
  CHECK(canonical("10d10>=8f<=1") == "10d10>=8f<=1");
  CHECK(canonical("10d10>8f1") == "10d10>8f=1");
  CHECK(canonical("(1d4)d6") == "(1d4)d6");
  // Success counting and failures too, wherever they are written among the modifiers.
  CHECK(canonical("4d6>=5kh3") == "4d6kh3>=5");
  CHECK(canonical("4d6f1>=5") == "4d6>=5f=1");
  CHECK(canonical("10d10>=8kh5f<=1r1") == "10d10r=1kh5>=8f<=1");
  // A second compare point after the successes compares the count, as with a space.
  CHECK(std::holds_alternative<Compare>(parse_dice("1d6>=5>=1").root->node));
  CHECK(error_of("4d6f1").message ==
        "a failure test (f) subtracts from a count of successes: give the count too, e.g. 10d10>=8f<=1");
  CHECK(error_of("4d6f1>=5f2").message == "a failure test (f) is given twice for the same dice; write it once");
}

TEST_CASE("a '-' touching a modifier with no point is neither guessed as a point nor as a subtraction") {
  // docs/dice.md: "the point may be written in full (`!>=9`, `r<3`) or as a bare number meaning
  // equality"; a die may have negative faces (dF, d{-2,5}). `dFr-1` was read silently as
  // `dFr - 1` (reroll the lowest face, less 1), while `3d6min-1` takes -1: refused, saying both ways.
  for (const char* ambiguous : {"dFr-1", "d{-2,5}r-2", "dF!-1", "dFro-1", "4dF!!-1", "1d6!p-1"}) {
    INFO(ambiguous);
    const auto d = error_of(ambiguous);
    CHECK_THAT(d.message, Catch::StartsWith("a '-' touching !, r or ro is read neither as a negative point nor as a "
                                            "subtraction: write a point on a negative face with '='"));
    CHECK(d.where.column == std::string_view(ambiguous).find('-', 3) + 1);
  }
  CHECK_THAT(error_of("3d6kh-1").message, Catch::StartsWith("a count of dice to keep or drop is never negative"));
  // Each way, written so: the point with '=', the subtraction with a space.
  CHECK(canonical("dFr=-1") == "dFr=-1");
  CHECK(canonical("d{-2,5}!=-2") == "d{-2,5}!=-2");
  CHECK(canonical("dFr - 1") == "dFr - 1");
  CHECK(canonical("3d6kh1-1") == "3d6kh1 - 1");
  CHECK(canonical("3d6min-1") == "3d6min-1");
}

TEST_CASE("arithmetic precedence, and comparisons of the whole expression") {
  CHECK(canonical("1d20+5") == "1d20 + 5");
  const auto e = parse_dice("1 + 2 * 3");
  const auto& sum = std::get<Binary>(e.root->node);
  CHECK(sum.op == '+');
  CHECK(std::get<Binary>(sum.right->node).op == '*');
  // Right-associative powers, left-associative subtraction.
  const auto p = parse_dice("2^3^2");
  CHECK(std::holds_alternative<Binary>(std::get<Binary>(p.root->node).right->node));
  const auto m = parse_dice("10-3-2");
  CHECK(std::holds_alternative<Binary>(std::get<Binary>(m.root->node).left->node));
  // A space or anything but dice before the comparison: it compares the whole expression.
  CHECK(std::holds_alternative<Compare>(parse_dice("1d20+5 >= 15").root->node));
  CHECK(std::holds_alternative<Compare>(parse_dice("(3d6)>=11").root->node));
  CHECK(std::holds_alternative<Compare>(parse_dice("3d6 >= 11").root->node));
  // Right after the dice: it counts the dice that meet it.
  CHECK(std::get<DiceTerm>(parse_dice("3d6>=5").root->node).successes.has_value());
  CHECK(canonical("-(2d6) * -3") == "-(2d6) * -3");
  CHECK(parse_dice("  d20 + 1  ").root->column == 3);
}

TEST_CASE("parse errors point at the column and say what was expected") {
  auto d = error_of("2d6 +");
  CHECK(d.where.file == "<test>");
  CHECK(d.where.column == 6);
  CHECK(d.message == "expected a number, dice such as 2d6 or d20, or '('");
  d = error_of("2dx");
  CHECK(d.where.column == 3);
  CHECK_THAT(d.message, Catch::Contains("expected the die after 'd'"));
  CHECK(error_of("(1d6").message == "expected ')' to close the '('");
  CHECK(error_of("1d6 1").where.column == 5);
  CHECK_THAT(error_of("1d6 1").message, Catch::Contains("expected an operator"));
  CHECK(error_of("d{1,a}").message.find("whole number") != std::string::npos);
  CHECK(error_of("d[]").message == "expected the name of a die a pack defined with dice.define, e.g. d[armellian]");
  CHECK(error_of("4d6min").message == "expected a number after min/max, e.g. 4d6min2");
  CHECK(error_of("10d10>=8f").message == "expected the failure test after 'f', e.g. f<=1 or f1");
  CHECK(error_of("1d6>=").message == "expected a number (or a face symbol) after the comparison");
}

TEST_CASE("other tools' readings get a message saying what to write here") {
  CHECK(error_of("1d20 => 10").message == "write '>=' rather than '=>'");
  CHECK(error_of("1d20 =< 10").message == "write '<=' rather than '=<'");
  CHECK(error_of("1d6==6").message == "equality is a single '=' (e.g. 1d6=6)");
  CHECK_THAT(error_of("d00").message, Catch::Contains("percentile dice are written d% or d100"));
  CHECK_THAT(error_of("1d20cs>19").message, Catch::Contains("Roll20's cs/cf"));
  CHECK_THAT(error_of("2d6[fire]").message, Catch::Contains("Roll20's 2d6[fire]"));
  CHECK_THAT(error_of("3d6s").message, Catch::Contains("sorting"));
  CHECK_THAT(error_of("3d6x").message, Catch::Contains("Foundry's x"));
  CHECK(error_of("7 // 2").where.column == 3);
  // Capital D (as many tools and players write it) and a lower-case Fate die.
  for (const char* upper : {"4D6", "D20", "(2)D6"}) {
    INFO(upper);
    CHECK(error_of(upper).message == "dice are written with a lower-case d: 4d6, d20");
  }
  CHECK(error_of("2d6+1D4").where.column == 6);
  CHECK(error_of("4df").message == "Fate dice are written dF (4dF)");
  CHECK(error_of("4DF").message == "dice are written with a lower-case d and Fate dice with a capital F: 4dF");
}

TEST_CASE("slips at the end of an expression are named, at their column") {
  // A comparison of whole expressions is the loosest operator, and there is one.
  for (const char* chained : {"1 < 2 < 3", "1d6>=5>=1>=1"}) {
    INFO(chained);
    CHECK_THAT(error_of(chained).message, Catch::StartsWith("only one comparison of whole expressions is allowed"));
  }
  CHECK(error_of("1 < 2 < 3").where.column == 7);
  CHECK(error_of("1d6>=5>=1>=1").where.column == 10);
  // docs/dice.md: "Case matters"; each modifier is named as it is written, in lower case.
  CHECK(error_of("4d6KH3").message == "modifiers are lower-case: kh");
  CHECK(error_of("4d6KH3").where.column == 4);
  CHECK(error_of("1d6R1").message == "modifiers are lower-case: r");
  CHECK(error_of("1d6MIN2").message == "modifiers are lower-case: min");
  // Foundry's rr and a compound penetration: what Arbiter writes instead.
  CHECK_THAT(error_of("3d6rr1").message, Catch::StartsWith("r already rerolls until the die no longer meets the point"));
  CHECK(error_of("3d6rr1").where.column == 4);
  CHECK_THAT(error_of("1d6!!p").message, Catch::StartsWith("penetrating explosions are written !p"));
  CHECK(error_of("1d6!!p").where.column == 4);
  // A carriage return is invisible under a caret: said in words.
  CHECK(error_of("1d6\r").message == "a carriage return (a Windows line end) is no part of an expression; remove it");
  CHECK(error_of("1d6\r").where.column == 4);
}

TEST_CASE("semantic errors: numbers too large, modifiers given twice") {
  CHECK(error_of("99999999999999999999d6").message == "the number 99999999999999999999 is too large");
  const auto twice = error_of("4d6kh3kl1");
  CHECK(twice.where.column == 7);
  CHECK(twice.message == "keep/drop (k, kh, kl, dh, dl) is given twice for the same dice; write it once");
  CHECK_THAT(error_of("3d6!!!").message, Catch::Contains("explosion"));
}

TEST_CASE("pathological nesting fails with a message, not a stack overflow") {
  const std::string deep = std::string(100000, '(') + "1" + std::string(100000, ')');
  CHECK_THAT(error_of(deep).message, Catch::Contains("more than 64 deep"));
  CHECK_THAT(error_of(std::string(100000, '-') + "1").message, Catch::Contains("deep"));
  std::string powers = "2";
  for (int i = 0; i < 100000; ++i) powers += "^2";
  CHECK_THAT(error_of(powers).message, Catch::Contains("deep"));
  const std::string ok = std::string(60, '(') + "1" + std::string(60, ')');
  CHECK_NOTHROW(parse_dice(ok));
  // A long flat chain builds a tall tree too: it has its own limit.
  std::string chain = "1";
  for (int i = 0; i < 200; ++i) chain += "+1";
  CHECK_NOTHROW(parse_dice(chain));
  for (int i = 0; i < 10000; ++i) chain += "+1";
  CHECK_THAT(error_of(chain).message, Catch::Contains("the expression is too long"));
}

TEST_CASE("nesting and chains may reach the documented limits exactly, and not one past them") {
  const auto parens = [](std::size_t n) { return std::string(n, '(') + "1" + std::string(n, ')'); };
  const auto signs = [](std::size_t n) { return std::string(n, '-') + "1"; };
  const auto powers = [](std::size_t n) {
    std::string text = "1";
    for (std::size_t i = 0; i < n; ++i) text += "^1";
    return text;
  };
  const auto sums = [](std::size_t n) {
    std::string text = "1";
    for (std::size_t i = 0; i < n; ++i) text += "+1";
    return text;
  };
  const std::string too_deep = "the expression nests parentheses, signs or powers more than 64 deep";
  CHECK_NOTHROW(parse_dice(parens(max_nesting)));
  CHECK(error_of(parens(max_nesting + 1)).message == too_deep);
  CHECK_NOTHROW(parse_dice(signs(max_nesting)));
  CHECK(error_of(signs(max_nesting + 1)).message == too_deep);
  CHECK_NOTHROW(parse_dice(powers(max_nesting)));
  CHECK(error_of(powers(max_nesting + 1)).message == too_deep);
  CHECK(error_of("-(" + parens(max_nesting - 1) + ")").message == too_deep);  // kinds add up
  CHECK_NOTHROW(parse_dice(sums(max_height)));
  CHECK(error_of(sums(max_height + 1)).message ==
        "the expression is too long: at most 256 operators and parentheses in a chain");
  // docs/dice.md: "a chain of operators may be 256 long": the operators are counted, whatever
  // they join, so 256 additions of 1d6 (a dice term with its count) are as many as of 1.
  std::string dice_sums = "1";
  for (std::size_t i = 0; i < max_height; ++i) dice_sums += "+1d6";
  CHECK_NOTHROW(parse_dice(dice_sums));
  CHECK(error_of(dice_sums + "+1d6").message ==
        "the expression is too long: at most 256 operators and parentheses in a chain");
}
