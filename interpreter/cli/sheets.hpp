#pragma once
// Reading order sheets from files, for `arbiter check` and `arbiter fmt`.
#include <string>

namespace arbiter::cli {

// The file, read up to and with its first control character, or to one byte past
// orders::max_sheet_bytes, for the parser to report either (a pipe or a device never ends: /dev/zero);
// throws arbiter::Error naming the file when it cannot be read.
std::string read_sheet(const std::string& path);

}  // namespace arbiter::cli
