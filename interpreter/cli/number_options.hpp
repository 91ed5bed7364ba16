#pragma once
// The validators of the options that take a number: whole numbers (--seed, --times, --rounds,
// --at-least, --max-instructions, --max-memory) and decimals (--max-seconds).
#include <charconv>
#include <concepts>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "grammar/diagnostic.hpp"

namespace arbiter::cli {

// A whole number from `low` to `high` written in plain decimal, or else a usage error naming the
// value and what was expected: "'0x10' is not a seed: a whole number from 0 to 18446744073709551615".
// CLI11 alone reads 0x10 as 16 and 010 as 8, and sets a number past the type's range to its end:
// the value goes on to it rewritten in its plain form ("010" as "10"), which it reads as typed.
// Give it with Option::transform: Option::check throws the rewritten text away.
template <std::integral T>
CLI::Validator whole_number(std::string what, T low, T high) {
  return CLI::Validator(
      [what = std::move(what), low, high](std::string& text) -> std::string {
        T value{};
        const char* const end = text.data() + text.size();
        const auto [stop, error] = std::from_chars(text.data(), end, value);
        if (error != std::errc{} || stop != end || value < low || value > high)
          return fmt::format("'{}' is not {}: a whole number from {} to {}", printable(text), what, low, high);
        text = std::to_string(value);
        return {};
      },
      fmt::format("{} to {}", low, high));
}

// A decimal number from `low` to `high` (`0.5`, `2`, `1e3`), or else a usage error as above. CLI11
// alone reads hexadecimal floats (`0x10`) and lets "nan" through a range check.
inline CLI::Validator decimal_number(std::string what, double low, double high) {
  return CLI::Validator(
      [what = std::move(what), low, high](std::string& text) -> std::string {
        double value = 0;
        const char* const end = text.data() + text.size();
        const auto [stop, error] = std::from_chars(text.data(), end, value, std::chars_format::general);
        if (error != std::errc{} || stop != end || !(value >= low && value <= high))
          return fmt::format("'{}' is not {}: a decimal number from {} to {}", printable(text), what, low, high);
        return {};
      },
      fmt::format("{} to {}", low, high));
}

}  // namespace arbiter::cli
