#pragma once
// The validators of the options that take a number: whole numbers (--seed, --times, --rounds,
// --at-least, --max-instructions, --max-memory) and decimals (--max-seconds).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <type_traits>
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
// What is wrong with `text`, read as a number `kind` ("whole", "decimal") from `low` to `high`:
// not such a number at all, or one past an end of the range ("'1e7' is too large for a number of
// seconds"), which is then what to fix.
template <class T>
std::string number_fault(const std::string& text, const std::string& what, const char* kind, T low, T high,
                         bool is_number, bool too_small, bool too_large) {
  const std::string range = fmt::format("a {} number from {} to {}", kind, low, high);
  if (!is_number) return fmt::format("'{}' is not {}: {}", printable(text), what, range);
  if (too_small || too_large)
    return fmt::format("'{}' is too {} for {}: {}", printable(text), too_small ? "small" : "large", what, range);
  return {};
}

template <std::integral T>
CLI::Validator whole_number(std::string what, T low, T high) {
  return CLI::Validator(
      [what = std::move(what), low, high](std::string& text) -> std::string {
        T value{};
        const char* const end = text.data() + text.size();
        const auto [stop, error] = std::from_chars(text.data(), end, value);
        // Out of the type's range: digits past its end, beyond `high` (or, with a sign, below
        // `low`), as is a negative number where the type has no sign.
        const bool negative = text.starts_with('-');
        const auto digits_only = [&](const char* from) {
          return from != end && std::all_of(from, end, [](char c) { return c >= '0' && c <= '9'; });
        };
        const bool out_of_type = (error == std::errc::result_out_of_range && stop == end) ||
                                 (std::is_unsigned_v<T> && negative && digits_only(text.data() + 1));
        const bool is_number = (error == std::errc{} && stop == end) || out_of_type;
        std::string fault = number_fault(text, what, "whole", low, high, is_number,
                                         out_of_type ? negative : value < low, out_of_type ? !negative : value > high);
        if (fault.empty()) text = std::to_string(value);
        return fault;
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
        // "nan" reads as a number, but is none of a range; past a double's range (1e999, 1e-999)
        // is past this one, at the end strtod's infinity or zero says.
        const bool out_of_type = error == std::errc::result_out_of_range && stop == end;
        const bool is_number = ((error == std::errc{} && stop == end) || out_of_type) && !std::isnan(value);
        const bool huge = out_of_type && std::isinf(std::strtod(text.c_str(), nullptr));
        const bool negative = text.starts_with('-');
        return number_fault(text, what, "decimal", low, high, is_number, out_of_type ? negative || !huge : value < low,
                            out_of_type ? !negative && huge : value > high);
      },
      fmt::format("{} to {}", low, high));
}

}  // namespace arbiter::cli
