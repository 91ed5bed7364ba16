// The watchdog gives up on a call stuck past its deadline (watchdog.hpp). It is woken only when a
// deadline comes earlier than the one it waits for, so these cases check that an earlier deadline
// still fires on time and that a call that ends in time is never reported.
#include "interpreter/lua/watchdog.hpp"

#include <atomic>
#include <chrono>
#include <thread>

#include <catch2/catch.hpp>

using namespace arbiter::lua;
using namespace std::chrono_literals;

namespace {

// Waits up to `limit` for `flag`, so a slow machine only makes the test slower, not wrong.
bool becomes_true(const std::atomic<bool>& flag, std::chrono::milliseconds limit) {
  const auto until = Watchdog::Clock::now() + limit;
  while (!flag && Watchdog::Clock::now() < until) std::this_thread::sleep_for(5ms);
  return flag;
}

}  // namespace

TEST_CASE("the watchdog reports a call stuck past its deadline, with what it watched", "[sandbox][watchdog]") {
  std::atomic<bool> stuck = false;
  std::string watched;
  Watchdog dog([&](const std::string& what) {
    watched = what;
    stuck = true;
  });
  // Armed first far away, then sooner: the watcher waiting for the far deadline must still wake.
  dog.arm(Watchdog::Clock::now() + 1h, "patient pack");
  dog.arm(Watchdog::Clock::now() + 50ms, "stuck pack");
  REQUIRE(becomes_true(stuck, 10s));
  CHECK(watched == "stuck pack");
}

TEST_CASE("calls that end in time are never reported, however many", "[sandbox][watchdog]") {
  std::atomic<bool> stuck = false;
  Watchdog dog([&](const std::string&) { stuck = true; });
  for (int call = 0; call < 10000; ++call) {
    dog.arm(Watchdog::Clock::now() + 200ms, "quick pack");
    dog.disarm();
  }
  std::this_thread::sleep_for(300ms);  // past every deadline armed above
  CHECK_FALSE(stuck);
  // And a later stuck call of the same dog is still caught.
  dog.arm(Watchdog::Clock::now() + 20ms, "quick pack");
  CHECK(becomes_true(stuck, 10s));
}
