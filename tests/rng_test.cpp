#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/rng.hpp"

using arbiter::Rng;

TEST_CASE("splitmix64 gives the reference outputs for seed 0") {
  // From the reference splitmix64.c (Vigna): the first outputs starting at x = 0.
  std::uint64_t x = 0;
  CHECK(arbiter::splitmix64(x) == 0xe220a8397b1dcdafULL);
  CHECK(arbiter::splitmix64(x) == 0x6e789e6aa1b965f4ULL);
  CHECK(arbiter::splitmix64(x) == 0x06c45d188009454fULL);
  CHECK(arbiter::splitmix64(x) == 0xf88bb8a8724c81ecULL);
}

TEST_CASE("xoshiro256** gives the reference outputs from state {1, 2, 3, 4}") {
  // The reference xoshiro256starstar.c started from s = {1, 2, 3, 4}.
  auto rng = Rng::from_state({1, 2, 3, 4});
  CHECK(rng.next() == 11520);
  CHECK(rng.next() == 0);
  CHECK(rng.next() == 1509978240);
  CHECK(rng.next() == 1215971899390074240ULL);
}

TEST_CASE("a seed is the splitmix64 expansion, so the same seed replays the same rolls") {
  Rng a(42), b(42), c(43);
  std::uint64_t x = 42;
  CHECK(a.state() == Rng::State{arbiter::splitmix64(x), arbiter::splitmix64(x), arbiter::splitmix64(x),
                                arbiter::splitmix64(x)});
  for (int i = 0; i < 100; ++i) CHECK(a.below(20) == b.below(20));
  CHECK(Rng(42).next() != c.next());
}

TEST_CASE("below stays in range and reaches every value") {
  Rng rng(7);
  std::array<int, 6> seen{};
  for (int i = 0; i < 6000; ++i) {
    const auto v = rng.below(6);
    REQUIRE(v < 6);
    ++seen[v];
  }
  for (int count : seen) CHECK(count > 800);  // about 1000 each; far from any bias
  CHECK(rng.below(1) == 0);
  // The largest bound exercises the rejection path without hanging.
  CHECK(rng.below(~std::uint64_t{0}) < ~std::uint64_t{0});
}

TEST_CASE("split streams differ and the parent moves on") {
  Rng parent(1);
  const auto before = parent.state();
  Rng child = parent.split();
  CHECK(child.state() == before);
  CHECK(parent.state() != before);
  CHECK(child.next() != parent.next());
}

TEST_CASE("the state survives a JSON round trip, and malformed states are errors") {
  Rng rng(99);
  rng.next();
  const auto saved = rng.to_json();
  REQUIRE(saved.size() == 4);
  CHECK(saved[0].get<std::string>().size() == 16);
  Rng restored = Rng::from_json(saved);
  for (int i = 0; i < 10; ++i) CHECK(restored.next() == rng.next());

  CHECK_THROWS_AS(Rng::from_json(nlohmann::json::array({"0", "1"})), arbiter::Error);
  CHECK_THROWS_AS(Rng::from_json(nlohmann::json::parse(R"(["zz","0","0","0"])")), arbiter::Error);
  CHECK_THROWS_AS(Rng::from_json(nlohmann::json::parse(
                      R"(["0000000000000000","0000000000000000","0000000000000000","0000000000000000"])")),
                  arbiter::Error);
}
