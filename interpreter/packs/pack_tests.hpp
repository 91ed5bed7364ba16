#pragma once
// Running a pack's own tests (`tests/*.lua`, written with the stdlib's `arbiter.test`): each file
// registers cases; each case then runs as its own call, with its own budget.
#include <filesystem>
#include <string>
#include <vector>

#include "interpreter/lua/sandbox.hpp"
#include "interpreter/packs/manifest.hpp"

namespace arbiter::packs {

struct CaseResult {
  std::string name;
  bool passed = false;
  std::string failure;  // the rendered error of a failed case
  std::vector<std::string> warnings;  // what passed or not, the case should hear (dice left unrolled)
};

// The test files of a pack, sorted: tests/*.lua in its folder, where they really are (no link
// leading out of it, from the file or from tests/ itself: lua::is_file_in_folder).
std::vector<std::filesystem::path> test_files(const Manifest& pack);

// Runs one test file in `sandbox`, where the packs under test are already loaded, as a scope of
// `pack` (so the file may require the pack's modules). A file that fails to load throws
// arbiter::Error; a failing case is a result, not an exception.
std::vector<CaseResult> run_test_file(lua::Sandbox& sandbox, const Manifest& pack, const std::filesystem::path& file);

}  // namespace arbiter::packs
