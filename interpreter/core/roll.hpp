#pragma once
// Rolling a dice expression through a dice source, with results that show their work: every die
// with its value and fate, and a one-line rendering such as `4d6kh3 = [6, 5, 3, 1 dropped] = 14`.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/dice.hpp"
#include "interpreter/core/dice_source.hpp"
#include "interpreter/core/dice_terms.hpp"
#include "interpreter/core/named_dice.hpp"

namespace arbiter {

struct RolledDie {
  std::int64_t value = 0;  // after penetration, compounding and clamps
  std::string symbol;      // the face's symbol on symbol dice
  bool rerolled = false;   // replaced by the die after it (r, ro)
  bool exploded = false;   // added another die (!, !p) or was added to (!!)
  bool dropped = false;    // left out by keep/drop
  SuccessCount counted;    // with a compare point after the dice: a success, a failure, or both
};

struct RolledTerm {
  std::string notation;  // `4d6kh3`
  std::string die;       // `d6`
  std::vector<RolledDie> dice;  // in the order rolled
  std::int64_t value = 0;       // the sum of the kept dice, or the successes counted
  bool counts_successes = false;
  bool decides_count = false;   // rolled for how many dice a later term rolls: the 1d4 of `(1d4)d6`

  // By symbol, over the dice that count: {"Sword": 2, "Rot": 1}.
  std::map<std::string, std::int64_t> symbol_counts() const;
};

struct Roll {
  std::string expr;    // canonical notation
  std::string reason;  // why it was rolled: "Aldric attacks Orc #2"
  std::int64_t total = 0;
  std::vector<RolledTerm> terms;  // in the order rolled
  std::string text;               // `4d6kh3 = [6, 5, 3, 1 dropped] = 14`
};

// `[6, 5, 3, 1 dropped]`
std::string render_dice(const RolledTerm& term);
// A die's fate within its own term, as every result names it: "kept", "dropped" or "rerolled".
const char* fate_of(const RolledDie& die);
// How a compare point after the dice counted a die: "success", "failure", "success and failure"
// (it met both points, counting 0), or nullptr when it counted nothing.
const char* counted_as(const RolledDie& die);

// An expression ready to roll many times: dice resolved and limits checked once.
class Roller {
 public:
  explicit Roller(dice::Expression expression, const NamedDice& named = {}, DiceLimits limits = {});

  // Throws arbiter::Error when a roll would pass the limits, or the source has no value.
  Roll roll(DiceSource& source, std::string_view reason) const;
  // The same roll without recording its dice: for sampling and benchmarks.
  std::int64_t total(DiceSource& source) const;

  const dice::Expression& expression() const noexcept { return expression_; }
  const std::vector<PreparedTerm>& terms() const noexcept { return terms_; }
  const DiceLimits& limits() const noexcept { return limits_; }

 private:
  dice::Expression expression_;
  std::vector<PreparedTerm> terms_;
  DiceLimits limits_;
};

}  // namespace arbiter
