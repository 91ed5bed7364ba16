#pragma once
// The last resort against a pack that never returns to the Lua VM: the budgets are enforced by a
// hook that only runs between Lua instructions, so a call stuck inside a C function (a string
// pattern that backtracks for hours) escapes them. Lua cannot be interrupted there safely, so
// when a call overruns its time budget by a grace period, the watchdog gives up on the process:
// it calls `on_stuck` with what it was watching, from its own thread. It never touches the Lua
// state.
// One thread, started when first needed, watches every armed watchdog of the process.
#include <chrono>
#include <functional>
#include <optional>
#include <string>

namespace arbiter::lua {

class Watchdog {
 public:
  using Clock = std::chrono::steady_clock;
  explicit Watchdog(std::function<void(const std::string&)> on_stuck) : on_stuck_(std::move(on_stuck)) {}
  ~Watchdog() { disarm(); }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  // From now until `disarm`, reaching `give_up_at` calls on_stuck(watched). `watched` names what
  // runs (a pack); the message is only composed if it is ever needed.
  void arm(Clock::time_point give_up_at, const std::string& watched);
  void disarm();

 private:
  friend class WatchdogThread;
  std::function<void(const std::string&)> on_stuck_;
  std::optional<Clock::time_point> give_up_at_;  // guarded by the watching thread's mutex
  std::string watched_;
};

}  // namespace arbiter::lua
