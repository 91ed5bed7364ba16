#include "interpreter/core/checked.hpp"

#include <limits>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"

namespace arbiter::checked {

namespace {

// `below`: the result is past the least 64-bit number, not the greatest.
[[noreturn]] void overflow(std::int64_t a, char op, std::int64_t b, bool below) {
  throw Error(fmt::format("{} {} {} is too {}: dice arithmetic is limited to 64-bit whole numbers", a, op, b,
                          below ? "small" : "large"));
}

}  // namespace

std::int64_t add(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_add_overflow(a, b, &r)) overflow(a, '+', b, a < 0);
  return r;
}

std::int64_t subtract(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) overflow(a, '-', b, a < 0);
  return r;
}

std::int64_t multiply(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) overflow(a, '*', b, (a < 0) != (b < 0));
  return r;
}

std::int64_t divide(std::int64_t a, std::int64_t b) {
  if (b == 0) throw Error(fmt::format("{} / 0: division by zero", a));
  if (a == std::numeric_limits<std::int64_t>::min() && b == -1) overflow(a, '/', b, false);
  return a / b;  // C++ division truncates toward zero, as the notation specifies
}

std::int64_t power(std::int64_t base, std::int64_t exponent) {
  if (exponent < 0) throw Error(fmt::format("{} ^ {}: powers need an exponent of 0 or more", base, exponent));
  std::int64_t result = 1;
  // |base| ≥ 2 overflows within 63 steps, so this loop is short whatever the exponent.
  for (std::int64_t i = 0; i < exponent; ++i) {
    if (__builtin_mul_overflow(result, base, &result)) overflow(base, '^', exponent, base < 0 && exponent % 2 == 1);
    if (result == 0 || result == 1) break;
    if (result == -1) return exponent % 2 ? -1 : 1;
  }
  return result;
}

std::int64_t negate(std::int64_t a) {
  if (a == std::numeric_limits<std::int64_t>::min())
    throw Error(fmt::format("-({}) is too large: dice arithmetic is limited to 64-bit whole numbers", a));
  return -a;
}

std::int64_t apply(char op, std::int64_t a, std::int64_t b) {
  switch (op) {
    case '+':
      return add(a, b);
    case '-':
      return subtract(a, b);
    case '*':
      return multiply(a, b);
    case '/':
      return divide(a, b);
    default:
      return power(a, b);
  }
}

}  // namespace arbiter::checked
