#pragma once
// Where every roll comes from. Each roll names its die and the reason ("Aldric attacks Orc #2"),
// so a GM rolling physical dice knows what to roll, and a script or a log can say what a value was
// for. Three sources: the seeded generator, a scripted list (tests, the rule books' worked
// examples), and a prompt for a person rolling real dice.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/die.hpp"
#include "interpreter/core/rng.hpp"

namespace arbiter {

class DiceSource {
 public:
  virtual ~DiceSource() = default;
  // The face rolled on `die` (an index into its faces). Throws arbiter::Error when no value can
  // be had (a script ran out, the person's input ended).
  virtual std::size_t roll(const Die& die, std::string_view reason) = 0;
  // `faces.size()` rolls of the same die, in order: the same values as that many calls of roll().
  // A source may do it faster (one virtual call for a whole pool).
  virtual void roll_many(const Die& die, std::string_view reason, std::span<std::size_t> faces) {
    for (auto& face : faces) face = roll(die, reason);
  }
  // Why a roll could not be had (a script ran out or held a wrong value, the input ended), or
  // null: a fight cannot go on with the dice it was given, and the fault is the input's.
  const Error* failure() const noexcept { return failure_ ? &*failure_ : nullptr; }

 protected:
  // Remembers why and throws it.
  [[noreturn]] void fail(std::string message);

 private:
  std::optional<Error> failure_;
};

class SeededDice final : public DiceSource {
 public:
  explicit SeededDice(std::uint64_t seed) : rng_(seed) {}
  explicit SeededDice(Rng rng) : rng_(rng) {}
  std::size_t roll(const Die& die, std::string_view reason) override;
  void roll_many(const Die& die, std::string_view reason, std::span<std::size_t> faces) override;
  Rng& rng() noexcept { return rng_; }

 private:
  Rng rng_;
};

// Values in the order they will be rolled, each written as on the die: "10", "-1", "Sword".
class ScriptedDice final : public DiceSource {
 public:
  explicit ScriptedDice(std::vector<std::string> values);
  explicit ScriptedDice(const std::vector<std::int64_t>& values);
  // "1, 4, 9, 10" or "1,4,9,10": whole numbers between commas (spaces too); an empty item or
  // anything but a whole number is an error naming it.
  static ScriptedDice parse(std::string_view text);

  std::size_t roll(const Die& die, std::string_view reason) override;
  std::size_t remaining() const noexcept { return values_.size() - next_; }
  // The values not rolled yet, in order.
  std::span<const std::string> unrolled() const noexcept { return std::span(values_).subspan(next_); }

 private:
  std::vector<std::string> values_;
  std::size_t next_ = 0;
};

// A line typed at the terminal (a die's face, the GM's answer at `run --ask`): up to a newline or a
// carriage return, one line end as a sheet counts them (CRLF is one), so input piped with old Mac
// line ends is not read as one line with the next. False when the input ended before any text. A
// line longer than a sheet's (orders::max_line_bytes) or holding a NUL byte is an arbiter::Error as
// soon as that byte is read, so an input that never ends a line (/dev/zero) is not read on forever.
bool read_line(std::istream& in, std::string& line);

// Asks on `out` ("Roll a d10 for Aldric attacks Orc #2: ") and reads a line from `in`; a value the
// die cannot show is refused and asked again; the end of input is an error.
class PromptedDice final : public DiceSource {
 public:
  PromptedDice(std::istream& in, std::ostream& out) : in_(in), out_(out) {}
  std::size_t roll(const Die& die, std::string_view reason) override;

  // Runs each question until it is answered (`ask`): a fight's narration catches up first, so the
  // person sees what the dice so far did before rolling the next, and the rules' time budget
  // stops while the person rolls.
  std::function<void(const std::function<void()>& ask)> around_asking;

 private:
  std::istream& in_;
  std::ostream& out_;
};

}  // namespace arbiter
