// `arbiter run` when something goes wrong: a pack's error keeps its message and is blamed on the
// pack whose code raised it, at its line; what the user typed or rolled is the input's fault and
// blames no pack; bad command-line values are usage errors before anything runs.
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "tests/support/arbiter_process.hpp"

using Catch::Matchers::Contains;

namespace {

struct Sheet {
  std::filesystem::path path;
  explicit Sheet(const std::string& text)
      : path(std::filesystem::temp_directory_path() /
             ("arbiter-errors-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + ".txt")) {
    std::ofstream(path) << text;
  }
  ~Sheet() { std::filesystem::remove(path); }
  static inline int counter = 0;
};

const std::string one_round = "run examples/platemail/skirmish.lua --rounds 1 ";

}  // namespace

TEST_CASE("an error raised in a house pack's hook keeps its message, at its line", "[run][errors]") {
  const auto run = arbiter(one_round + "--seed 1 --house hook-error");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("tests/packs/hook-error/init.lua:2: error: the house hook's own message"));
  CHECK_THAT(run.output, !Contains("function value"));
}
