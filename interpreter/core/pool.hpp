#pragma once
// A pool of mixed dice rolled together (a Heimr check rolls 1d6 and |C|d10) and the statistics a
// pack reads from one shared roll: the highest die, the lowest, how many dice show a face, the
// sum. Rules such as "the highest die, plus one for every extra 10" combine several statistics of
// the same roll, so the exact distribution is their joint one, computed die by die (each statistic
// merges with max, min or +), never by listing every combination of dice.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/core/dice_source.hpp"
#include "interpreter/core/dice_terms.hpp"
#include "interpreter/core/distribution.hpp"
#include "interpreter/core/named_dice.hpp"
#include "interpreter/core/roll.hpp"

namespace arbiter {

struct PoolStatistic {
  enum class Kind { highest, lowest, count, sum };
  Kind kind = Kind::sum;
  std::string face;  // count: the face counted, as written on the die ("10", "Sword")

  // "highest", "lowest", "sum", or "count:10"; throws arbiter::Error with a did-you-mean.
  static PoolStatistic parse(std::string_view text);
};

struct PoolRoll {
  struct Die {
    std::string die;  // "d10"
    std::int64_t value = 0;
    std::string label;  // the face as written: "10", "Sword"
  };
  std::vector<Die> dice;  // in pool order
  std::int64_t statistic(const PoolStatistic& statistic) const;
  std::string text() const;  // "[d6: 1, d10: 10, d10: 7]"
};

class Pool {
 public:
  struct Group {
    Die die;
    std::int64_t count = 0;
  };

  // Throws arbiter::Error for an empty pool or more dice than the limits allow.
  explicit Pool(std::vector<Group> groups, const DiceLimits& limits = {});
  // Each entry plain dice, "1d6", "5d10", "2d[armellian]" (no modifiers: they belong to the rule).
  static Pool parse(const std::vector<std::string>& entries, const NamedDice& named, const DiceLimits& limits = {});

  PoolRoll roll(DiceSource& source, std::string_view reason) const;

  // P(statistics == key) for every reachable key, keys in the order of `statistics`.
  template <class P>
  std::map<std::vector<std::int64_t>, P> joint(const std::vector<PoolStatistic>& statistics,
                                               const DistributionBudget& budget = {}) const;

  const std::vector<Group>& groups() const noexcept { return groups_; }
  std::string text() const;  // "1d6, 5d10"

 private:
  std::vector<Group> groups_;
};

}  // namespace arbiter
