#pragma once
// Counts changes to an object for readers that keep what they computed from it (paths over a
// grid, the stats Lua has read). Not part of what the object is: two grids with the same cells
// are equal however often each was changed.
#include <cstdint>

namespace arbiter {

struct ChangeCounter {
  std::uint64_t count = 0;
  void bump() noexcept { ++count; }
  friend bool operator==(ChangeCounter, ChangeCounter) { return true; }
};

}  // namespace arbiter
