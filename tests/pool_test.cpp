// The Heimr dice challenge (seed 003, "Dice challenges") computed through pool statistics: roll
// one d6 and |C| d10; with C > 0 take the highest die plus one for every 10 beyond the first, with
// C < 0 the lowest die minus one for every 1 beyond the first, with C = 0 the d6; then add P.
#include <catch2/catch.hpp>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/pool.hpp"

using namespace arbiter;

namespace {

Pool heimr_pool(std::int64_t consistency) {
  return Pool({{Die::numbered(6), 1}, {Die::numbered(10), consistency < 0 ? -consistency : consistency}});
}

std::vector<PoolStatistic> heimr_statistics(std::int64_t consistency) {
  if (consistency > 0) return {PoolStatistic::parse("highest"), PoolStatistic::parse("count:10")};
  return {PoolStatistic::parse("lowest"), PoolStatistic::parse("count:1")};
}

std::int64_t heimr_result(std::int64_t consistency, std::int64_t potential, const std::vector<std::int64_t>& die) {
  if (consistency == 0) return die[0] + potential;
  const std::int64_t extra = std::max<std::int64_t>(0, die[1] - 1);
  return consistency > 0 ? die[0] + extra + potential : die[0] - extra + potential;
}

std::int64_t heimr_check(std::int64_t consistency, std::int64_t potential, std::vector<std::int64_t> rolled) {
  ScriptedDice dice(rolled);
  const auto roll = heimr_pool(consistency).roll(dice, "Heimr check");
  CHECK(dice.remaining() == 0);
  std::vector<std::int64_t> values;
  for (const auto& s : heimr_statistics(consistency)) values.push_back(roll.statistic(s));
  return heimr_result(consistency, potential, values);
}

Fraction q(long a, long b) {
  Fraction f(a, b);
  f.canonicalize();
  return f;
}

}  // namespace

TEST_CASE("every Heimr worked example, by its rule") {
  CHECK(heimr_check(3, 3, {1, 4, 9, 10}) == 13);
  // The source writes "10+1+6 = 18"; its own terms add up to 17, which is what the rule gives.
  CHECK(heimr_check(5, 6, {1, 3, 5, 7, 10, 10}) == 17);
  CHECK(heimr_check(0, 0, {3}) == 3);
  CHECK(heimr_check(4, 3, {1, 1, 2, 4, 6}) == 9);
  CHECK(heimr_check(2, -3, {3, 10, 10}) == 8);
  // The source writes "1-2-4 = -2"; its own terms give -5, which is what the rule gives. (Its
  // penalty of 2 for three 1s confirms that the d6's 1 counts among the "multiple dice".)
  CHECK(heimr_check(-4, -4, {1, 1, 1, 4, 9}) == -5);
}

TEST_CASE("the Heimr side notes: C 5 gives 9 or 10 as the highest die 67.23% of the time, C -5 a 1 or 2 as the lowest 78.15% (not 89%)") {
  Fraction high = 0;
  for (const auto& [key, p] : heimr_pool(5).joint<Fraction>({PoolStatistic::parse("highest")}))
    if (key[0] >= 9) high += p;
  CHECK(high == q(2101, 3125));  // 1 - (8/10)^5 = 0.67232
  Fraction low = 0;
  for (const auto& [key, p] : heimr_pool(-5).joint<Fraction>({PoolStatistic::parse("lowest")}))
    if (key[0] <= 2) low += p;
  CHECK(low == q(7327, 9375));  // 1 - (4/6)(8/10)^5 = 0.78155
  CHECK(low.get_d() == Approx(0.7815).margin(0.0001));
}

TEST_CASE("the whole Heimr check distribution from the joint statistics of one shared roll") {
  // C 2, P 0: highest of d6, d10, d10, plus one if both d10 show 10.
  std::map<std::int64_t, Fraction> result;
  for (const auto& [key, p] : heimr_pool(2).joint<Fraction>(heimr_statistics(2))) result[heimr_result(2, 0, key)] += p;
  CHECK(result[11] == q(1, 100));
  CHECK(result[10] == q(18, 100));  // exactly one 10
  CHECK(result[1] == q(1, 600));
  Fraction total = 0;
  for (const auto& [value, p] : result) total += p;
  CHECK(total == 1);
}

TEST_CASE("pools from notation, and their errors") {
  NamedDice named;
  named.define("armellian", {{0, "Sword"}, {0, "Shield"}, {0, "Sun"}, {0, "Moon"}, {0, "Wyld"}, {0, "Rot"}});
  const auto pool = Pool::parse({"3d[armellian]", "1d6"}, named);
  ScriptedDice dice(std::vector<std::string>{"Sword", "Wyld", "sword", "6"});
  const auto roll = pool.roll(dice, "");
  CHECK(roll.statistic(PoolStatistic::parse("count:Sword")) == 2);
  CHECK(roll.statistic(PoolStatistic::parse("highest")) == 6);
  CHECK(roll.text() == "[armellian: Sword, armellian: Wyld, armellian: Sword, d6: 6]");
  const auto swords = pool.joint<Fraction>({PoolStatistic::parse("count:Sword")});
  CHECK(swords.at({3}) == q(1, 216));
  CHECK_THROWS_WITH(PoolStatistic::parse("highst"), Catch::Contains("did you mean 'highest'?"));
  CHECK_THROWS_WITH(Pool::parse({"4d6kh3"}, named), Catch::Contains("plain dice"));
  CHECK_THROWS_AS(Pool({}), Error);
  CHECK_THROWS_AS(Pool({{Die::numbered(6), 20000}}), Error);
}

TEST_CASE("a joint distribution past its work budget is refused with the advice to sample") {
  // Each step of the joint is a map insertion, weighed as many multiply-adds: with a budget of
  // 1,000 multiply-adds, the 100 states of the second d10 are already too many, so a pool too big
  // to weigh is refused in seconds, well inside a pack's time budget.
  const DistributionBudget small{.max_steps = 1000};
  CHECK_THROWS_WITH(Pool({{Die::numbered(10), 3}}).joint<double>({PoolStatistic::parse("sum")}, small),
                    "error: the pool's joint distribution is too much work; estimate it by rolling the pool many "
                    "times");
  CHECK(Pool({{Die::numbered(10), 1}}).joint<double>({PoolStatistic::parse("sum")}, small).size() == 10);
}
