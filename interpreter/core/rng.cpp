#include "interpreter/core/rng.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "grammar/diagnostic.hpp"

namespace arbiter {

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
