// `arbiter` driven from a script: what goes to stdout and what to stderr, exit codes, JSON outputs,
// files that cannot be read or written.
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "tests/support/arbiter_process.hpp"
#include "tests/support/temp_dir.hpp"

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// `arbiter ARGUMENTS` with what it writes to stderr thrown away: stdout alone, as a script reads it.
Run stdout_of(const std::string& arguments) {
  return shell(fmt::format("{{ {} {} 2>/dev/null; }}", ARBITER_BINARY, arguments));
}

// `arbiter ARGUMENTS > /dev/full`: what it says of output it cannot write.
Run into_full_disk(const std::string& arguments) {
  return shell(fmt::format("{{ {} --pack-path examples/packs {} > /dev/full; }}", ARBITER_BINARY, arguments));
}

}  // namespace

TEST_CASE("roll --prompt asks on stderr, so that roll --prompt --json writes JSON alone on stdout", "[cli][dice]") {
  // docs/dice.md: "--prompt asks a GM rolling real dice … on stderr, … so stdout holds the result alone".
  const auto rolled = shell(fmt::format("{{ printf '3\\n5\\n' | {} roll 2d6 --prompt --json --reason 'to hit' 2>/dev/null; }}",
                                        ARBITER_BINARY));
  REQUIRE(rolled.exit_code == 0);
  const auto json = nlohmann::json::parse(rolled.output);  // throws on a prompt mixed in
  CHECK(json["total"] == 8);
  // The prompts are still shown to the GM, on stderr.
  const auto asked = shell(fmt::format("{{ printf '3\\n5\\n' | {} roll 2d6 --prompt --reason 'to hit' >/dev/null; }}",
                                       ARBITER_BINARY));
  CHECK_THAT(asked.output, Contains("Roll a d6 for to hit: "));
}

TEST_CASE("roll --json and prob --json write nothing on stdout for a mistake: it is told on stderr, exit 1",
          "[cli][dice]") {
  // docs/dice.md: "With --json stdout holds that one object or nothing: a mistake … is told on stderr".
  for (const std::string command : {"roll 2d6x --json", "prob 2d6x --json", "roll 1d6 --dice 7 --json"}) {
    const auto quiet = stdout_of(command);
    CHECK(quiet.exit_code == 1);
    CHECK(quiet.output.empty());
    CHECK_THAT(arbiter(command).output, Contains("error: "));
  }
}

TEST_CASE("roll --times --json gives every number to the 15 significant digits prob --json gives", "[cli][dice]") {
  // docs/dice.md: "roll --times N --json: … each number to 15 significant digits at most, as prob --json".
  const auto rolled = stdout_of("roll 1d3 --times 7 --seed 1 --json");
  REQUIRE(rolled.exit_code == 0);
  const std::regex number(R"([0-9]*\.[0-9]+(e[-+]?[0-9]+)?)");
  int decimals = 0;
  for (auto it = std::sregex_iterator(rolled.output.begin(), rolled.output.end(), number); it != std::sregex_iterator();
       ++it) {
    std::string digits = it->str().substr(0, it->str().find('e'));
    std::erase(digits, '.');
    digits.erase(0, digits.find_first_not_of('0'));
    CHECK(digits.size() <= 15);
    ++decimals;
  }
  CHECK(decimals >= 4);  // the mean, the deviation and the values' shares (7 rolls: sevenths)
}

TEST_CASE("the text of --version and --help, when it cannot be written, is an error as any command's output is", "[cli]") {
  for (const std::string command : {"--version", "--help", "check --help", "roll --help"}) {
    const auto full = into_full_disk(command);
    CHECK(full.exit_code == 1);
    CHECK_THAT(full.output, Contains("error: could not write the output: No space left on device"));
  }
}

TEST_CASE("arbiter test whose output cannot be written says the system's reason", "[cli][packs]") {
  // The reason was that of a later call (readlink's "Invalid argument"), not the write's.
  const auto full = into_full_disk("test platemail");
  CHECK(full.exit_code == 1);
  CHECK_THAT(full.output, Contains("error: could not write the output: No space left on device"));
}

TEST_CASE("a file that fails to read is told with the system's reason, not taken for an empty one", "[cli][errors]") {
  // /proc/self/mem is a plain file whose reading fails (its first page is not mapped): EIO, for
  // root too. An encounter is read as a pack's files are (lua::read_source).
  const auto encounter = arbiter("run /proc/self/mem --seed 1");
  CHECK(encounter.exit_code == 1);
  CHECK_THAT(encounter.output, Contains("/proc/self/mem: error: cannot read the file: Input/output error"));
  const auto save = arbiter("run examples/platemail/skirmish.lua --resume /proc/self/mem");
  CHECK(save.exit_code == 1);
  CHECK_THAT(save.output, Contains("/proc/self/mem: error: cannot read: Input/output error"));
  CHECK_THAT(save.output, !Contains("empty"));
}

TEST_CASE("check reports a sheet it cannot read with the other sheets' problems, not instead of them",
          "[cli][orders]") {
  // README: check reports "every problem at once".
  TempDir dir;
  std::ofstream(dir / "a.txt") << "Aldric:\n  1: Melee Atack -> Orc\n";
  const std::string command =
      "check " + (dir / "a.txt") + " " + (dir / "missing.txt") + " --encounter examples/platemail/skirmish.lua";
  const auto told = arbiter(command);
  CHECK(told.exit_code == 1);
  CHECK_THAT(told.output, Contains("missing.txt: error: cannot read the order sheet: No such file or directory"));
  CHECK_THAT(told.output, Contains("a.txt:2:6: error: unknown action 'Melee Atack'"));
  const auto json = nlohmann::json::parse(stdout_of(command + " --json").output);
  CHECK(json["ok"] == false);
  std::string messages;
  for (const auto& diagnostic : json["diagnostics"]) messages += diagnostic["message"].get<std::string>() + "\n";
  CHECK_THAT(messages, Contains("cannot read the order sheet: No such file or directory"));
  CHECK_THAT(messages, Contains("unknown action 'Melee Atack'"));
}

TEST_CASE("a save and a log of any legal name are written: the temporary file's name fits beside them",
          "[cli][save]") {
  // docs/world.md: "any name a file may have can be saved to", and errors never name the temporary.
  TempDir dir;
  const std::string base(245, 's');
  const std::string save = dir / (base + ".json"), log = dir / (base + ".l");  // 250 bytes each, alike at the start
  const auto run = arbiter("run examples/platemail/skirmish.lua --rounds 1 --seed 7 --quiet --save " + save +
                           " --log " + log);
  CHECK(run.exit_code == 0);
  CHECK(std::filesystem::exists(save));
  CHECK(std::filesystem::exists(log));
  CHECK(std::distance(std::filesystem::directory_iterator(dir.path), std::filesystem::directory_iterator()) == 2);
}

TEST_CASE("a fight stopped by its scripted dice running out leaves the log of the rounds it finished, without --save",
          "[cli][log]") {
  // docs/fights.md, --log: "A fight stopped by its input ending … leaves the log of the rounds this run
  // finished, as the save does".
  TempDir dir;
  const std::string fight = "run examples/platemail/skirmish.lua --quiet --orders examples/platemail/skirmish-round1.txt "
                            "examples/platemail/skirmish-round2.txt";
  const auto seeded = arbiter(fight + " --rounds 1 --seed 7 --log " + (dir / "round1.jsonl"));
  REQUIRE(seeded.exit_code == 0);
  // The dice round 1 rolled, as its log tells them: given with --dice, round 1 is played again, and
  // round 2 runs out of dice.
  std::string dice;
  std::ifstream lines(dir / "round1.jsonl");
  for (std::string line; std::getline(lines, line);) {
    const auto event = nlohmann::json::parse(line);
    if (event["type"] == "roll")
      for (const auto& value : event["fields"]["dice"]) dice += (dice.empty() ? "" : ",") + value.dump();
  }
  REQUIRE(!dice.empty());
  const auto stopped = arbiter(fight + " --dice " + dice + " --log " + (dir / "stopped.jsonl"));
  CHECK(stopped.exit_code == 1);
  CHECK_THAT(stopped.output, Contains("the scripted dice ran out"));
  CHECK_THAT(stopped.output, Contains("written after round 1: the log of this run's rounds to " + (dir / "stopped.jsonl") +
                                     "; round 2 was not finished"));
  REQUIRE(std::filesystem::exists(dir / "stopped.jsonl"));
  CHECK(read_text(dir / "stopped.jsonl") == read_text(dir / "round1.jsonl"));
}
