#pragma once
// The random number generator every roll in Arbiter comes from, specified here so a seed replays
// identically on every platform, compiler and standard library: xoshiro256** (Blackman & Vigna,
// 2018) seeded by splitmix64, and Lemire's multiply-and-reject method for unbiased integers in a
// range. std::uniform_int_distribution is never used: its output differs between libraries.
#include <array>
#include <cstdint>

#include <nlohmann/json_fwd.hpp>

namespace arbiter {

class Rng {
 public:
  using State = std::array<std::uint64_t, 4>;

  // The four state words are the first four outputs of splitmix64 started at `seed`.
  explicit Rng(std::uint64_t seed);
  // Restores a state taken with `state()`. All-zero is the one state xoshiro cannot leave.
  static Rng from_state(const State& state);

  // The raw 64-bit output. Inline, with below(): every die rolled calls them.
  std::uint64_t next() {
    auto& s = state_;
    const std::uint64_t result = rotl(s[1] * 5, 7) * 9;
    const std::uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
  }

  // Uniform in [0, bound), bound > 0, without modulo bias (Lemire, "Fast Random Integer
  // Generation in an Interval", 2019): the high word of a 128-bit product is uniform once the
  // low words that would over-represent some results (fewer than 2^64 mod bound) are rejected.
  std::uint64_t below(std::uint64_t bound) {
    uint128 product = static_cast<uint128>(next()) * bound;
    auto low = static_cast<std::uint64_t>(product);
    if (low < bound) {
      const std::uint64_t threshold = (0 - bound) % bound;
      while (low < threshold) {
        product = static_cast<uint128>(next()) * bound;
        low = static_cast<std::uint64_t>(product);
      }
    }
    return static_cast<std::uint64_t>(product >> 64);
  }

  // Advances by 2^128 outputs: streams started by successive jumps never overlap in practice.
  void jump();
  // A new generator for parallel work: a copy of this one, after which this one jumps, so the
  // two streams are 2^128 outputs apart.
  Rng split();

  const State& state() const noexcept { return state_; }

  // Saved with the fight: ["0123456789abcdef", …] (four 16-digit hex words, JSON has no uint64).
  nlohmann::json to_json() const;
  static Rng from_json(const nlohmann::json& json);  // throws arbiter::Error on a malformed state

 private:
  // GCC and Clang both have a 128-bit integer; __extension__ marks the choice for -Wpedantic.
  __extension__ using uint128 = unsigned __int128;
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  Rng() = default;
  State state_{};
};

// One step of splitmix64: advances `x` and returns the mixed output.
std::uint64_t splitmix64(std::uint64_t& x);

}  // namespace arbiter
