#include "interpreter/core/rng.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "grammar/diagnostic.hpp"

namespace arbiter {

namespace {

// GCC and Clang both have a 128-bit integer; __extension__ marks the choice for -Wpedantic.
__extension__ using uint128 = unsigned __int128;

constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

Rng::Rng(std::uint64_t seed) {
  for (auto& word : state_) word = splitmix64(seed);
}

Rng Rng::from_state(const State& state) {
  if (state == State{}) throw Error("a random generator state cannot be all zeros");
  Rng rng;
  rng.state_ = state;
  return rng;
}

std::uint64_t Rng::next() {
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

std::uint64_t Rng::below(std::uint64_t bound) {
  // The high word of a 128-bit product is uniform in [0, bound) once the low words that would
  // over-represent some results (fewer than 2^64 mod bound of them) are rejected.
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

void Rng::jump() {
  static constexpr State polynomial = {0x180ec6d33cfd0abaULL, 0xd5a61266f0c9392cULL, 0xa9582618e03fc9aaULL,
                                       0x39abdc4529b1661cULL};
  State jumped{};
  for (const std::uint64_t word : polynomial) {
    for (int bit = 0; bit < 64; ++bit) {
      if (word & (std::uint64_t{1} << bit)) {
        for (std::size_t i = 0; i < jumped.size(); ++i) jumped[i] ^= state_[i];
      }
      next();
    }
  }
  state_ = jumped;
}

Rng Rng::split() {
  Rng child = *this;
  jump();
  return child;
}

nlohmann::json Rng::to_json() const {
  auto words = nlohmann::json::array();
  for (const std::uint64_t word : state_) words.push_back(fmt::format("{:016x}", word));
  return words;
}

Rng Rng::from_json(const nlohmann::json& json) {
  const auto malformed = [] {
    return Error("a random generator state is four 16-digit hexadecimal strings, e.g. [\"0123456789abcdef\", …]");
  };
  if (!json.is_array() || json.size() != 4) throw malformed();
  State state{};
  for (std::size_t i = 0; i < 4; ++i) {
    if (!json[i].is_string()) throw malformed();
    const auto& text = json[i].get_ref<const std::string&>();
    if (text.size() != 16 || text.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) throw malformed();
    state[i] = std::stoull(text, nullptr, 16);
  }
  return from_state(state);
}

}  // namespace arbiter
