#pragma once
// Reading order sheets from files, for `arbiter check` and `arbiter fmt`.
#include <string>

namespace arbiter::cli {

// The whole file; throws arbiter::Error naming the file when it cannot be read.
std::string read_sheet(const std::string& path);

}  // namespace arbiter::cli
