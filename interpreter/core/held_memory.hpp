#pragma once
// Memory the runtime holds on behalf of the rules' code (the events a fight's log keeps, the map
// of a fight a pack made) is counted where the rules' own memory is, against the same budget: the
// Lua sandbox's (docs/packs.md, "Budgets"). Otherwise a pack could keep gigabytes in the runtime
// while its own heap stays small.
#include <cstddef>

#include <nlohmann/json.hpp>

namespace arbiter {

// Where held memory is counted: the sandbox, which judges it against the running call's budget.
class MemoryAccount {
 public:
  virtual void hold(std::size_t bytes) noexcept = 0;
  virtual void release(std::size_t bytes) noexcept = 0;

 protected:
  ~MemoryAccount() = default;
};

// Bytes held on an account, given back when they are let go of or the holder dies. With no
// account (a log or a fight outside any sandbox) it only counts.
class HeldMemory {
 public:
  HeldMemory() = default;
  ~HeldMemory() { release(bytes_); }
  HeldMemory(const HeldMemory&) = delete;
  HeldMemory& operator=(const HeldMemory&) = delete;
  // What is held moves with what holds it (a transaction's changes, kept until its phase ends).
  HeldMemory(HeldMemory&& other) noexcept : account_(other.account_), bytes_(other.bytes_) { other.bytes_ = 0; }
  HeldMemory& operator=(HeldMemory&& other) noexcept {
    if (this != &other) {
      release(bytes_);
      account_ = other.account_;
      bytes_ = other.bytes_;
      other.bytes_ = 0;
    }
    return *this;
  }

  // Moves what is held so far onto `account`, and what is held from now on.
  void charge_to(MemoryAccount& account) noexcept {
    if (account_) account_->release(bytes_);
    account_ = &account;
    account_->hold(bytes_);
  }
  void hold(std::size_t bytes) noexcept {
    bytes_ += bytes;
    if (account_) account_->hold(bytes);
  }
  void release(std::size_t bytes) noexcept {
    bytes_ -= bytes;
    if (account_) account_->release(bytes);
  }
  std::size_t bytes() const noexcept { return bytes_; }

 private:
  MemoryAccount* account_ = nullptr;
  std::size_t bytes_ = 0;
};

// About what `value` takes on the heap: its nodes and its texts. An estimate, the same for the same
// value on every machine, so a budget refuses the same call every time.
std::size_t bytes_held(const nlohmann::json& value);

}  // namespace arbiter
