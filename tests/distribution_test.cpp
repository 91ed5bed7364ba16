#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/distribution.hpp"

using namespace arbiter;

namespace {

Distribution<Fraction> exact(std::string_view expr, DiceLimits limits = {}) {
  return exact_distribution_of(Roller(dice::parse_dice(expr), {}, limits));
}

Distribution<double> approx(std::string_view expr, DiceLimits limits = {}) {
  return distribution_of(Roller(dice::parse_dice(expr), {}, limits));
}

Fraction q(long a, long b) {
  Fraction f(a, b);
  f.canonicalize();
  return f;
}

// All ordered outcomes of n dice with `sides` faces, for checking the fast methods by brute force.
template <class F>
void each_roll(int n, int sides, F visit) {
  std::vector<int> dice(static_cast<std::size_t>(n), 1);
  for (;;) {
    visit(dice);
    int i = 0;
    while (i < n && dice[static_cast<std::size_t>(i)] == sides) dice[static_cast<std::size_t>(i++)] = 1;
    if (i == n) return;
    ++dice[static_cast<std::size_t>(i)];
  }
}

}  // namespace

TEST_CASE("3d6") {
  const auto d = exact("3d6");
  CHECK(d.low() == 3);
  CHECK(d.high() == 18);
  CHECK(d.probability(3) == q(1, 216));
  CHECK(d.probability(10) == q(27, 216));
  const auto moments = d.moments();
  CHECK(moments.origin == 3);  // the number of 3…18 nearest 0
  CHECK(moments.from_origin == q(15, 2));  // a mean of 21/2
  CHECK(moments.variance == q(35, 4));
  CHECK(d.at_least(11) == q(1, 2));
  CHECK(d.at_most(10) == q(1, 2));
}

TEST_CASE("4d6 drop lowest has mean 15869/1296") {
  CHECK(exact("4d6dl1").moments().mean() == q(15869, 1296));
  CHECK(exact("4d6kh3").moments().mean() == q(15869, 1296));
  CHECK(approx("4d6kh3").moments().mean() == Approx(15869.0 / 1296.0).epsilon(1e-12));
}

TEST_CASE("advantage and disadvantage") {
  const auto advantage = exact("2d20kh1");
  CHECK(advantage.probability(20) == q(39, 400));
  CHECK(advantage.probability(1) == q(1, 400));
  CHECK(advantage.moments().mean() == q(553, 40));
  CHECK(exact("2d20kl1").moments().mean() == q(287, 40));
}

TEST_CASE("4dF") {
  const auto d = exact("4dF");
  CHECK(d.low() == -4);
  CHECK(d.probability(0) == q(19, 81));
  CHECK(d.probability(4) == q(1, 81));
  CHECK(d.probability(-1) == q(16, 81));
  CHECK(d.moments().mean() == 0);
}

TEST_CASE("an exploding d6 tends to 21/5, and the cap says what it cut off") {
  const auto d = approx("1d6!");
  CHECK(d.moments().mean() == Approx(21.0 / 5.0).epsilon(1e-12));
  CHECK(d.cut_off > 0);
  CHECK(d.cut_off < 1e-70);
  DiceLimits shallow;
  shallow.explode_depth = 2;
  const auto capped = exact("1d6!", shallow);
  CHECK(capped.cut_off == q(1, 216));  // three sixes in a row: the third would explode again
  // That roll is refused (`roll`: "a d6 exploded 2 times and would explode again"), so 18 is no
  // value: 1…5, 7…11 (a six first), 13…17 (two), weighing 215/216 in all, whose mean is the mean.
  CHECK(capped.probability(18) == 0);
  CHECK(capped.probability(17) == q(1, 216));
  CHECK(capped.high() == 17);
  const Fraction made = q(215, 216), sum = q(15, 6) + q(45, 36) + q(75, 216);
  CHECK(capped.moments().mean() == sum / made);
  CHECK(capped.probability(6) == 0);  // a 6 always explodes before the cap
  // Compounding adds up the same way; penetrating takes one off every extra die.
  CHECK(exact("1d6!!", shallow).moments().mean() == capped.moments().mean());
  // Of the rolls made, a first extra die weighs 1/6 · 35/36 and a second 1/36 · 5/6.
  CHECK(exact("1d6!p", shallow).moments().mean() == capped.moments().mean() - (q(35, 216) + q(5, 216)) / made);
}

TEST_CASE("rerolls that leave only exploding faces are refused before anything is weighed") {
  // Every chain would run to the cap: a 6, then 100 more, with certainty; no roll could be made.
  CHECK_THROWS_WITH(exact("1d6r<6!"), Catch::Contains("every face of a d6 that r<6 keeps explodes"));
  CHECK(exact("1d6r<5!").probability(5) == q(1, 2));  // a 5 or a 6: a 5 ends it at once
}

TEST_CASE("success counting is a binomial, and failures subtract") {
  const auto d = exact("10d10>=8");
  CHECK(d.moments().mean() == 3);
  CHECK(to_double(d.probability(3)) == Approx(120 * 0.027 * std::pow(0.7, 7)));
  CHECK(exact("10d10>=8f<=1").moments().mean() == 2);
  CHECK(exact("3d6>4").moments().mean() == 1);  // '>' is strict: 5 and 6
}

TEST_CASE("a die meeting both the success and the f point weighs +1 and -1") {
  // docs/dice.md: "`f<=N` with that | each die meeting it subtracts one success".
  CHECK(exact("1d6>=1f<=1").probability(0) == q(1, 6));
  CHECK(exact("1d6>=1f<=1").probability(1) == q(5, 6));
  CHECK(exact("3d6>=4f>=5").moments().mean() == q(1, 2));  // each die: 1/6 (a 4) counts 1
}

TEST_CASE("comparisons, arithmetic and a random number of dice") {
  CHECK(exact("1d20+5 >= 15").probability(1) == q(11, 20));
  CHECK(exact("(1d4)d6").moments().mean() == q(35, 4));
  CHECK(exact("1d6/2").probability(0) == q(1, 6));  // 1/2 rounds toward zero
  CHECK(exact("-1d6").moments().mean() == q(-7, 2));
  CHECK(exact("2d6 - 1d6").moments().mean() == q(7, 2));
  CHECK(exact("1d6*1d6").probability(36) == q(1, 36));
}

TEST_CASE("rerolls and clamps") {
  const auto r = exact("1d6r");
  CHECK(r.probability(1) == 0);
  CHECK(r.probability(2) == q(1, 5));
  const auto ro = exact("1d6ro");
  CHECK(ro.probability(1) == q(1, 36));
  CHECK(ro.probability(6) == q(7, 36));
  CHECK(exact("1d6min3").probability(3) == q(1, 2));
  CHECK(exact("1d6max2").moments().mean() == q(11, 6));
}

TEST_CASE("keep/drop by per-outcome dynamic programming matches brute force") {
  for (const char* expr : {"5d6kh2", "5d6kl2", "5d6dh2", "5d6dl3", "5d6kh2>=5", "5d6kh5", "5d6k0"}) {
    INFO(expr);
    const auto expression = dice::parse_dice(expr);
    const auto& term = std::get<dice::DiceTerm>(expression.root->node);
    const auto& sel = *term.selection;
    std::map<std::int64_t, long> counts;
    each_roll(5, 6, [&](std::vector<int> dice) {
      std::sort(dice.begin(), dice.end(), std::greater<>());
      const long k = sel.keep ? sel.count : 5 - sel.count;
      const bool high = sel.keep == sel.highest;
      long sum = 0;
      for (long i = 0; i < k; ++i) {
        const int v = high ? dice[static_cast<std::size_t>(i)] : dice[static_cast<std::size_t>(4 - i)];
        sum += term.successes ? (v >= 5) : v;
      }
      ++counts[sum];
    });
    const auto d = exact(expr);
    Fraction total = 0;
    for (const auto& [value, count] : counts) {
      CHECK(d.probability(value) == q(count, 7776));
      total += d.probability(value);
    }
    CHECK(total == 1);
  }
}

TEST_CASE("big pools stay fast and sum to one") {
  const auto d = approx("100d10kh10");
  double total = 0;
  for (const auto& outcome : d.outcomes) total += outcome.p;
  CHECK(total == Approx(1.0).epsilon(1e-9));
  CHECK(d.high() == 100);
  DiceLimits l5r;
  l5r.explode_depth = 9;
  const auto roll_and_keep = approx("5d10!!kh3", l5r);
  CHECK(roll_and_keep.moments().mean() > 20);
  CHECK(roll_and_keep.cut_off > 0);
}

TEST_CASE("keeping from a big pool: the far tail is a small positive probability, never below zero") {
  const auto d = approx("50d20kh25");
  for (const auto& outcome : d.outcomes) CHECK(outcome.p >= 0);
  // 500 needs 25 or more 20s among the 50 dice: the binomial tail, summed exactly.
  const auto tail = exact("50d20>=20 >= 25").probability(1);
  CHECK(d.probability(500) == Approx(tail.get_d()).epsilon(1e-9));
  CHECK(d.probability(500) > 1e-19);
  // Compounding with keep (the L5R roll and keep) ranks dice whose values reach far out.
  for (const auto& outcome : approx("5d10!!kh3").outcomes) CHECK(outcome.p >= 0);
}

TEST_CASE("a distribution holds every value it can take, however unlikely: a double's 0 is no impossible value") {
  // docs/dice.md: "A distribution holds only the values it can take"; the rarest of a big pool are
  // below what a double holds (420 ones: 6^-420, about 1e-327), and were left out, so that 420d6
  // ran from 422 to 2518. Every sum from n to 6n (20n) is possible, by hand.
  const auto pool = approx("420d6");
  CHECK(pool.low() == 420);
  CHECK(pool.high() == 2520);
  CHECK(pool.outcomes.size() == 2101);
  CHECK(approx("500d20").low() == 500);
  CHECK(approx("500d20").high() == 10000);
  // Keeping: the 3 highest of 420 ones is 3, once in 6^420 rolls.
  const auto kept = approx("420d6kh3");
  CHECK(kept.low() == 3);
  CHECK(kept.high() == 18);
  CHECK(kept.outcomes.size() == 16);
  // A chain of explosions: a 1 after k explosions on the one 2 of 2000 faces is 2k + 1, k = 0 to
  // 100 (the depth cap), the last (1/2000)^100 * 1999/2000, about 8e-331.
  std::string ones_then_two = "d{";
  for (int i = 0; i < 1999; ++i) ones_then_two += "1,";
  ones_then_two += "2}!";
  const auto chain = approx(ones_then_two);
  CHECK(chain.low() == 1);
  CHECK(chain.high() == 201);
  CHECK(chain.outcomes.size() == 101);
}

TEST_CASE("a floating-point chance is a probability, 0 to 1, a large one the complement of the small rest") {
  // docs/dice.md: "`--json` gives the same numbers"; Lua's d:at_least is this one. The sum of the
  // terms near 1 came out as 1.00000000000002 (500d20 at least 1500, at most 9000) and as 1 -
  // 1.8e-13 for 3000d6 at least 8000, whose true miss is about 1e-300 (/tmp/qa-odds, QA pass).
  const auto pool = approx("500d20");
  CHECK(pool.at_least(1500) == 1.0);
  CHECK(pool.at_most(9000) == 1.0);
  CHECK(approx("3000d6").at_least(8000) == 1.0);
  // 3d6 is 11 or more in 108 of its 216 rolls, by hand.
  CHECK(approx("3d6").at_least(11) == Approx(0.5).epsilon(1e-15));
  CHECK(approx("3d6").at_most(10) == Approx(0.5).epsilon(1e-15));
  // Every roll that is made: 1 less what the depth cap cut off.
  const auto exploding = approx("1d6!");
  CHECK(exploding.at_least(1) == 1 - exploding.cut_off);
}

TEST_CASE("what the depth cap cuts off is never 0 in floating point, however small its exact value") {
  // docs/dice.md: the distribution's probabilities "add up to 1 − cut_off"; a cut_off that rounds
  // to 0 made every roll made read as every roll (prob: "100% … is at least 1"). Against the exact
  // computation: 1101 twos in a row, 2^-1101, below the smallest double (2^-1074).
  DiceLimits deep;
  deep.explode_depth = 1100;
  const auto exact_cut = exact("1d2!", deep).cut_off;
  Fraction expected(1);
  for (int i = 0; i < 1101; ++i) expected /= 2;
  CHECK(exact_cut == expected);
  const auto floating = approx("1d2!", deep);
  CHECK(floating.cut_off > 0);
  CHECK(floating.cut_off <= std::numeric_limits<double>::denorm_min());
  // A random number of such dice, and a pool of them, keep it too.
  CHECK(approx("(1d2)d2!", deep).cut_off > 0);
  CHECK(approx("3d2!", deep).cut_off > 0);
}

TEST_CASE("an arithmetic error points at its part of the expression") {
  try {
    approx("2 + 1d6/(1d6-1d6)");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.diagnostics().front().message == "1 / 0: division by zero");
    CHECK(e.diagnostics().front().where.column == 5);
  }
}

TEST_CASE("an overflow names the arithmetic a roll does, as rolling names it") {
  // docs/dice.md: "Numbers are 64-bit; any overflow is an error". A penetrating die's extra die
  // counts one less: the least 64-bit face, rolled again after an explosion, is one below it,
  // which is what overflows (it was named as the sum of two wrapped values, 9223372036854775807 +
  // 9223372036854775807, that no roll holds).
  const char* penetrating = "d{-9223372036854775808,1}!p<0";
  ScriptedDice lowest_twice(std::vector<std::int64_t>{std::numeric_limits<std::int64_t>::min(),
                                                      std::numeric_limits<std::int64_t>::min()});
  const std::string rolled = "-9223372036854775808 - 1 is too small: dice arithmetic is limited to 64-bit whole numbers";
  CHECK_THROWS_WITH(Roller(dice::parse_dice(penetrating)).roll(lowest_twice, "overflow"), Catch::Contains(rolled));
  CHECK_THROWS_WITH(approx(penetrating), Catch::Contains(rolled));
  CHECK_THROWS_WITH(exact(penetrating), Catch::Contains(rolled));
  // Where no face explodes, no die follows to count one less: nothing overflows.
  CHECK(exact("d{-9223372036854775808,1}!p>5").probability(std::numeric_limits<std::int64_t>::min()) == q(1, 2));
  // Kept dice are added one by one, as a roll adds them; no roll multiplies 3 by a face.
  const char* kept = "5d{-9223372036854775808,1}kh3";
  const std::string added = "-9223372036854775808 + -9223372036854775808 is too small";
  ScriptedDice lowest(std::vector<std::int64_t>(5, std::numeric_limits<std::int64_t>::min()));
  CHECK_THROWS_WITH(Roller(dice::parse_dice(kept)).roll(lowest, "overflow"), Catch::Contains(added));
  CHECK_THROWS_WITH(approx(kept), Catch::Contains(added));
  CHECK_THROWS_WITH(exact(kept), Catch::Contains(added));
}

TEST_CASE("beyond the work budget: an error suggesting sampling") {
  CHECK_THROWS_WITH(approx("10000d1000"), Catch::Contains("--times 100000"));
  CHECK_THROWS_WITH(approx("3d6!kh2"), Catch::Contains("use !! (compounding)"));
  CHECK_THROWS_WITH(approx("1d1000000!"), Catch::Contains("--times 100000"));  // refused before any work
  // Faces at both ends of 64 bits: their span overflows a subtraction, and was once taken as small.
  // A distribution holds its values, not its span: two values, however far apart; exploding, the
  // highest face added to itself passes 64 bits, as it does when rolled.
  const char* widest = "d{9223372036854775807,-9223372036854775807}";
  CHECK(approx(widest).outcomes.size() == 2);
  CHECK(exact(widest).probability(9223372036854775807) == q(1, 2));
  CHECK_THROWS_WITH(approx(std::string(widest) + "!"), Catch::Contains("is too large: dice arithmetic is limited"));
  // Exact work counts the words of its numbers: 1000d6's denominators reach 6^1000, and its
  // fractions took minutes where floating point is refused at once.
  CHECK_THROWS_WITH(exact("1000d6"), Catch::Contains("--times 100000"));
  CHECK_THROWS_WITH(exact("10d10!>=8"), Catch::Contains("--times 100000"));
  const auto pool = exact("300d6");
  CHECK(pool.moments().mean() == 1050);
  mpz_class all_ones;
  mpz_ui_pow_ui(all_ones.get_mpz_t(), 6, 300);
  CHECK(pool.probability(300) == Fraction(1, all_ones));  // every die a 1
}

TEST_CASE("rolling and exact distributions agree on what each modifier means") {
  // Seeded, so deterministic: 200,000 rolls put the sample mean within a few standard errors.
  for (const char* expr : {"3d6r<3", "4d6ro1kh3", "2d6!p", "3d6!!kl2", "2d10!>=9min3", "6d10>=7f1", "(1d4)d6",
                           "4dF+2", "d{1,1,2,3}*2", "1d20+5 >= 15", "5d6dh2max4", "2d6!max5", "2d6!pmax5",
                           "3d6!<2min3"}) {
    INFO(expr);
    const Roller roller(dice::parse_dice(expr));
    const auto d = distribution_of(roller);
    SeededDice dice(11);
    const int n = 200'000;
    double sum = 0;
    for (int i = 0; i < n; ++i) sum += static_cast<double>(roller.total(dice));
    CHECK(std::abs(sum / n - d.moments().mean()) < 5 * std::sqrt(d.moments().variance / n) + 1e-9);
  }
}

TEST_CASE("the dice limit counts the whole expression for a distribution as for a roll") {
  // docs/dice.md: "Each expression may roll at most 10,000 dice"; a distribution weighs every roll,
  // so it refuses an expression some roll of which asks for more, counted as rolling counts.
  const DiceLimits small{.max_dice = 10};
  SeededDice dice(1);
  for (const char* expr : {"6d2+5d2", "(1d10)d2", "(1d4)d2+(1d4)d2+1d2"}) {
    INFO(expr);
    CHECK_THROWS_WITH(approx(expr, small), Catch::Contains("one expression rolls at most 10 dice"));
  }
  CHECK_THROWS_WITH(approx("6d2+5d2", small),
                    Catch::Contains("error: 5d2 asks for up to 5 dice after up to 6 asked for before it, 11 in all: one expression rolls at "
                    "most 10 dice"));
  CHECK_THROWS_WITH(Roller(dice::parse_dice("6d2+5d2"), {}, small).roll(dice, "limit"),
                    Catch::Contains("error: 5d2 asks for 5 dice after 6 already rolled, 11 in all: one expression "
                                    "rolls at most 10 dice"));
  // At most 10 in all, a roll's count die among them: within the limit.
  CHECK(approx("(1d9)d2", small).high() == 18);
  CHECK(approx("5d2+5d2", small).high() == 20);
}

TEST_CASE("a distribution counts an exploding die at the most it may roll, so it weighs no roll that is refused") {
  // docs/dice.md: "Each expression may roll at most 10,000 dice (explosions and rerolls
  // included)". 9d2+1d2! is 10 dice before any explosion: a roll whose d2 explodes (half of them)
  // is refused, so the distribution, which weighs every roll, refuses the expression, as it does a
  // rolled count that may come up too high.
  const DiceLimits small{.max_dice = 10, .explode_depth = 3};
  ScriptedDice exploding(std::vector<std::int64_t>{1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1});
  CHECK_THROWS_WITH(Roller(dice::parse_dice("9d2+1d2!"), {}, small).roll(exploding, "limit"),
                    Catch::Contains("this roll needs more than 10 dice"));
  CHECK_THROWS_WITH(approx("9d2+1d2!", small),
                    Catch::Contains("error: 1d2! asks for up to 4 dice after up to 9 asked for before it, 13 in all: one "
                                    "expression rolls at most 10 dice"));
  CHECK_THROWS_WITH(exact("9d2+1d2!", small),
                    Catch::Contains("each d2 of 1d2! may roll 4 dice: itself and the 3 its explosions may add (the "
                                    "explosion depth cap); a distribution weighs every roll, and a roll past the limit is "
                                    "refused"));
  // Every kind of explosion, and a reroll once (each die at most twice).
  CHECK_THROWS_WITH(approx("3d2!!", small), Catch::Contains("3d2!! asks for up to 12 dice:"));
  CHECK_THROWS_WITH(approx("3d2!p", small), Catch::Contains("3d2!p asks for up to 12 dice:"));
  CHECK_THROWS_WITH(approx("6d2ro1", small), Catch::Contains("6d2ro=1 asks for up to 12 dice:"));
  CHECK_THROWS_WITH(approx("2d2ro1!", small), Catch::Contains("each d2 of 2d2ro=1! may roll 8 dice: itself and the 3 "
                                                             "its explosions may add (the explosion depth cap), each "
                                                             "rerolled once"));
  // Within the limit at the most: weighed as before. 2d2! at most 8 dice, 5d2ro1 at most 10.
  CHECK(exact("2d2!", small).probability(2) == q(1, 4));
  CHECK(exact("5d2ro1", small).probability(5) == q(1, 1024));  // each die 1, then 1 again: (1/2)^2 each
}

TEST_CASE("the budget counts a distribution's values, not their span: sparse powers and explosions are computed") {
  // docs/dice.md: ^ is a power. 1d6^24 is six values, from 1 to 6^24: its span was counted, and it
  // was refused as too much work.
  const auto powers = exact("1d6^24");
  REQUIRE(powers.outcomes.size() == 6);
  CHECK(powers.high() == 4738381338321616896);  // 6^24
  CHECK(powers.probability(16777216) == q(1, 6));  // 2^24
  CHECK(powers.at_least(2) == q(5, 6));
  CHECK(approx("1d6^24").outcomes.size() == 6);
  // Sums of values far apart: 21 distinct sums of two of six values.
  const auto sums = exact("1d6^10 + 1d6^10");
  CHECK(sums.outcomes.size() == 21);
  CHECK(sums.probability(2 * 60466176) == q(1, 36));
  // d{1,1000000}! explodes only on 1000000: k 1000000s and a 1 (k up to the cap's 100; 101
  // 1000000s would explode past the cap): 101 values, not a span of 10^8.
  const auto chain = approx("d{1,1000000}!");
  CHECK(chain.outcomes.size() == 101);
  CHECK(chain.probability(1000001) == Approx(0.25));
  CHECK(approx("1d6!*1000000").outcomes.size() == approx("1d6!").outcomes.size());
  // What is truly big is still refused, before the work, with the advice to sample.
  CHECK_THROWS_WITH(approx("1d1000000!"), Catch::Contains("--times 100000"));
  CHECK_THROWS_WITH(approx("1d1000000*1d1000000"), Catch::Contains("--times 100000"));
  CHECK_THROWS_WITH(exact("1d1000000+1d1000000"), Catch::Contains("--times 100000"));
  // A map of sums past the values a distribution may hold is refused as that, naming the limit
  // hit: docs/dice.md, "at most 50 million values (6.25 million filed apart)" - an eighth.
  CHECK_THROWS_WITH(distribution_of(Roller(dice::parse_dice("1d1000*1d1000")), DistributionBudget{.max_values = 8000}),
                    Catch::Contains("has too many values (more than 1000 filed apart, far from each other) to weigh"));
}
