#include "interpreter/core/dice_source.hpp"

#include <algorithm>
#include <charconv>
#include <istream>
#include <limits>
#include <optional>
#include <ostream>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "grammar/orders.hpp"

namespace arbiter {

namespace {

std::string_view trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

// "1st", "2nd", "3rd", "11th", "22nd": which of the scripted values, not a number to read as one.
std::string ordinal(std::size_t n) {
  const std::size_t tens = n % 100, units = n % 10;
  const char* suffix = tens >= 11 && tens <= 13 ? "th" : units == 1 ? "st" : units == 2 ? "nd" : units == 3 ? "rd" : "th";
  return fmt::format("{}{}", n, suffix);
}

std::string for_reason(std::string_view reason) {
  return reason.empty() ? std::string{} : fmt::format(" for {}", printable(reason));
}

}  // namespace

void DiceSource::fail(std::string message) {
  failure_ = Error(std::move(message));
  throw *failure_;
}

std::size_t SeededDice::roll(const Die& die, std::string_view) { return rng_.below(die.size()); }

void SeededDice::roll_many(const Die& die, std::string_view, std::span<std::size_t> faces) {
  const std::size_t size = die.size();
  for (auto& face : faces) face = rng_.below(size);
}

ScriptedDice::ScriptedDice(std::vector<std::string> values) : values_(std::move(values)) {}

ScriptedDice::ScriptedDice(const std::vector<std::int64_t>& values) {
  for (const auto v : values) values_.push_back(std::to_string(v));
}

ScriptedDice ScriptedDice::parse(std::string_view text) {
  if (trimmed(text).empty()) throw Error("the scripted dice are empty: give the values to roll, e.g. 1,4,9,10");
  std::vector<std::string> values;
  for (std::size_t start = 0, item = 1; start <= text.size(); ++item) {
    const auto comma = std::min(text.find(',', start), text.size());
    const std::string_view written = trimmed(text.substr(start, comma - start));
    if (written.empty())
      throw Error(fmt::format("the scripted dice '{}' have an empty item (number {}): give whole numbers between the "
                              "commas, e.g. 1,4,9,10",
                              text, item));
    for (std::size_t at = 0; at < written.size();) {  // "1 4 9" between two commas is three values
      const auto end = std::min(written.find(' ', at), written.size());
      const std::string_view value = written.substr(at, end - at);
      std::int64_t number = 0;
      const char* first = value.data() + (value.front() == '+' ? 1 : 0);
      const auto [last, error] = std::from_chars(first, value.data() + value.size(), number);
      if (error == std::errc::result_out_of_range && last == value.data() + value.size())
        throw Error(value.front() == '-'
                        ? fmt::format("the scripted dice hold '{}', which is too small: the lowest value is {}", value,
                                      std::numeric_limits<std::int64_t>::min())
                        : fmt::format("the scripted dice hold '{}', which is too large: the highest value is {}",
                                      value, std::numeric_limits<std::int64_t>::max()));
      if (error != std::errc{} || last != value.data() + value.size() || first == last)
        throw Error(fmt::format("the scripted dice hold '{}', which is not a whole number", value));
      values.emplace_back(value);
      at = written.find_first_not_of(' ', end);
      if (at == std::string_view::npos) break;
    }
    start = comma + 1;
  }
  return ScriptedDice(std::move(values));
}

std::size_t ScriptedDice::roll(const Die& die, std::string_view reason) {
  if (next_ == values_.size()) {
    const std::string used = values_.size() == 1 ? "its one value was used"
                                                 : fmt::format("all {} values were used", values_.size());
    fail(fmt::format("the scripted dice ran out: {}, and {} is needed{}", used, die.named_with_article(), for_reason(reason)));
  }
  const std::string& written = values_[next_];
  const auto face = die.find(written);
  if (!face) {
    // "scripted value 2 ('9')" read as the value two: which value it is, then the value itself.
    fail(fmt::format("the {} scripted value, {}, cannot be rolled on {}{}: its faces are {}", ordinal(next_ + 1), written,
                     die.named_with_article(), for_reason(reason), die.describe_faces()));
  }
  ++next_;
  return *face;
}

bool read_line(std::istream& in, std::string& line) {
  line.clear();
  for (int c; (c = in.get()) != std::char_traits<char>::eof();) {
    if (c == '\n') return true;
    if (c == '\r') {
      if (in.peek() == '\n') in.get();
      return true;
    }
    // Refused as soon as it is read, not at a line end that may never come (/dev/zero).
    if (c == '\0') throw Error(fmt::format("the line typed holds a NUL byte (byte {}): type text", line.size() + 1));
    if (line.size() == orders::max_line_bytes)
      throw Error(fmt::format("the line typed is too long: a line may hold at most {} bytes ('{}…')",
                              orders::max_line_bytes, printable(line.substr(0, 40))));
    line += static_cast<char>(c);
  }
  return !line.empty();
}

std::size_t PromptedDice::roll(const Die& die, std::string_view reason) {
  std::optional<std::size_t> face;
  const auto ask = [&] {
    for (;;) {
      out_ << "Roll a " << die.name() << for_reason(reason) << ": " << std::flush;
      std::string line;
      bool given = false;
      try {
        given = read_line(in_, line);
      } catch (const Error& e) {
        out_ << "\n";  // the prompt's line ends, for what is told next not to be written on it
        fail(fmt::format("no value was given for the {}{}: {}", die.name(), for_reason(reason),
                         e.diagnostics().front().message));
      }
      if (!given) {
        out_ << "\n";
        fail(fmt::format("no value was given for the {}{}: the input ended", die.name(), for_reason(reason)));
      }
      if ((face = die.find(trimmed(line)))) return;
      out_ << fmt::format("'{}' is not a face of {} ({}); roll again.\n", printable(trimmed(line)), die.named_with_article(),
                          die.describe_faces());
    }
  };
  if (around_asking) around_asking(ask);
  else ask();
  return *face;
}

}  // namespace arbiter
