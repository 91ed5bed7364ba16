#include "interpreter/lua/watchdog.hpp"

#include <condition_variable>
#include <mutex>
#include <set>
#include <thread>

namespace arbiter::lua {

class WatchdogThread {
 public:
  static WatchdogThread& instance() {
    // Never destroyed: a detached thread may still be waiting when the program exits.
    static auto* watcher = new WatchdogThread;
    return *watcher;
  }

  void arm(Watchdog& dog, Watchdog::Clock::time_point give_up_at, const std::string& watched) {
    bool wake = false;
    {
      std::lock_guard lock(mutex_);
      dog.give_up_at_ = give_up_at;
      dog.watched_ = watched;
      armed_.insert(&dog);
      if (!started_) {
        std::thread(&WatchdogThread::watch, this).detach();
        started_ = true;
      }
      // Woken only when it would otherwise wake too late: a sandbox arms at every call, and a
      // wake-up costs more than a short call. Waking early, it just looks again.
      wake = !waking_at_ || give_up_at < *waking_at_;
    }
    if (wake) changed_.notify_one();
  }

  void disarm(Watchdog& dog) {
    std::lock_guard lock(mutex_);
    dog.give_up_at_.reset();
    armed_.erase(&dog);
  }

 private:
  void watch() {
    std::unique_lock lock(mutex_);
    for (;;) {
      if (armed_.empty()) {
        waking_at_.reset();
        changed_.wait(lock);
        continue;
      }
      Watchdog* first = *armed_.begin();
      for (Watchdog* dog : armed_)
        if (*dog->give_up_at_ < *first->give_up_at_) first = dog;
      const auto deadline = *first->give_up_at_;
      waking_at_ = deadline;
      if (changed_.wait_until(lock, deadline) == std::cv_status::timeout && armed_.contains(first) &&
          first->give_up_at_ == deadline) {
        armed_.erase(first);
        first->give_up_at_.reset();
        first->on_stuck_(first->watched_);  // ends the program; the lock dies with it
      }
    }
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  std::set<Watchdog*> armed_;
  std::optional<Watchdog::Clock::time_point> waking_at_;  // when the watcher wakes; none: when told
  bool started_ = false;
};

void Watchdog::arm(Clock::time_point give_up_at, const std::string& watched) {
  WatchdogThread::instance().arm(*this, give_up_at, watched);
}

void Watchdog::disarm() { WatchdogThread::instance().disarm(*this); }

}  // namespace arbiter::lua
