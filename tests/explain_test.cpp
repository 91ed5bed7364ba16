// `arbiter explain` as a user runs it: which word is a name, where a definition was made, and what
// it says of a name that names nothing.
#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>

#include "tests/support/arbiter_process.hpp"
#include "tests/support/temp_dir.hpp"

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// The line of `file` that holds `text` first, counted from 1; 0 when none does.
int line_holding(const std::string& file, const std::string& text) {
  std::ifstream in(file);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number)
    if (line.find(text) != std::string::npos) return number;
  return 0;
}

}  // namespace

TEST_CASE("explain places a definition at the pack's own call, not inside the helper that calls arbiter.define",
          "[cli][explain]") {
  // docs/packs.md: every change keeps "the line that made it", which explain shows and errors cite.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "helped");
  std::ofstream(dir / "helped/pack.lua") << "return { name = \"helped\", version = \"0.1.0\" }\n";
  std::ofstream(dir / "helped/init.lua") << "local arbiter = require \"arbiter\"\n"
                                            "local function define(name, fields)\n"
                                            "  fields.target = \"none\"\n"
                                            "  arbiter.define.action(name, fields)\n"
                                            "end\n"
                                            "define(\"Wait\", { resolve = function() end })\n"
                                            "define(\"Rest\", { resolve = function() end })\n";
  const auto rest = arbiter("explain " + (dir / "helped") + " Rest");
  CHECK(rest.exit_code == 0);
  CHECK_THAT(rest.output, Contains("  1. defined by helped at " + dir / "helped/init.lua:7\n"));
  // A name defined twice through the helper is told at the second call, citing the first.
  std::ofstream(dir / "helped/init.lua", std::ios::app) << "define(\"Wait\", { resolve = function() end })\n";
  const auto twice = arbiter("explain " + (dir / "helped"));
  CHECK(twice.exit_code == 1);
  CHECK_THAT(twice.output, StartsWith(dir / "helped/init.lua:8:"));
  CHECK_THAT(twice.output, Contains("action 'Wait' is already defined by pack 'helped' at " + dir / "helped/init.lua:6"));
  // Platemail defines its actions so (actions.lua's `define`): Charge at its own line.
  const int charge = line_holding("rules/platemail/actions.lua", "define(\"Charge\"");
  REQUIRE(charge > 0);
  CHECK_THAT(arbiter("explain platemail action:Charge").output,
             Contains("  1. defined by platemail at rules/platemail/actions.lua:" + std::to_string(charge) + "\n"));
}
