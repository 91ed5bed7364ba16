#pragma once
// Running a pack's own tests (`tests/*.lua`, written with the stdlib's `arbiter.test`): each file
// registers cases; each case then runs as its own call, with its own budget.
#include <filesystem>
#include <functional>
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
// `pack` (so the file may require the pack's modules), telling `started` each case's name as it
// starts and `finished` its result as it ends: a case stuck in a built-in function ends the
// program (Sandbox::on_stuck), and what the cases before found must be told by then. A file that
// fails to load throws arbiter::Error; a failing case is a result, not an exception.
struct CaseListener {
  std::function<void(const std::string& name)> started;
  std::function<void(const CaseResult&)> finished;
};
void run_test_file(lua::Sandbox& sandbox, const Manifest& pack, const std::filesystem::path& file,
                   const CaseListener& listener);

}  // namespace arbiter::packs
