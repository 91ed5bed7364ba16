#pragma once
// Integer arithmetic of the dice notation: 64-bit, overflow is an error (never a wrap), and
// division rounds toward zero (docs/dice.md). Shared by rolling and exact distributions.
#include <cstdint>

namespace arbiter::checked {

std::int64_t add(std::int64_t a, std::int64_t b);
std::int64_t subtract(std::int64_t a, std::int64_t b);
std::int64_t multiply(std::int64_t a, std::int64_t b);
std::int64_t divide(std::int64_t a, std::int64_t b);  // toward zero; throws on b == 0
std::int64_t power(std::int64_t base, std::int64_t exponent);  // throws on exponent < 0
std::int64_t negate(std::int64_t a);
// One of + - * / ^.
std::int64_t apply(char op, std::int64_t a, std::int64_t b);

}  // namespace arbiter::checked
