#pragma once
// Every mistake found in one thing (a definition), told in one message, so that its author mends
// them all in one go rather than one run at a time.
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace arbiter {

// "status 'Zed': 'duration' = 2 counts nothing …", or, with more than one, "status 'Zed': 2
// mistakes: …; …".
inline std::string every_mistake(std::string_view what, const std::vector<std::string>& mistakes) {
  if (mistakes.size() == 1) return fmt::format("{}: {}", what, mistakes.front());
  return fmt::format("{}: {} mistakes: {}", what, mistakes.size(), fmt::join(mistakes, "; "));
}

}  // namespace arbiter
