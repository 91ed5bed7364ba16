#pragma once
// How a user's file is read (an encounter, a pack's file, a sheet, a save): one way, so that a read
// the system fails (an I/O error, a directory) is told with the system's reason, never taken for
// the file's end (a good save called empty, an encounter called one that returns nothing).
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

namespace arbiter {

// Reads `file` from its start, handing what is read to `take` a chunk at a time until the file ends
// or `take` returns false (a reader that has what it needs: nothing endless is read in full).
// Returns "" when that went well, else the system's reason it could not open or read the file.
std::string read_file(const std::filesystem::path& file, const std::function<bool(std::string_view)>& take);

}  // namespace arbiter
