// The walkthroughs in docs/ work as written: every file a page shows is the file in the
// repository, and every command in its console blocks, run from the project root, prints the
// lines shown after it, in order (`…` stands for lines left out; a command shown with no output
// must succeed).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/arbiter_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

std::string read(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// `build/arbiter` in a page is the binary under test.
Run run(std::string command) {
  const std::string shown = "build/arbiter";
  const std::string binary = ARBITER_BINARY;
  for (auto at = command.find(shown); at != std::string::npos; at = command.find(shown, at + binary.size()))
    command.replace(at, shown.size(), binary);
  return shell(command);
}

// Each expected line, `…` skipped, appears in the output in this order.
void check_output(const std::string& command, const std::vector<std::string>& expected) {
  INFO("$ " << command);
  const Run result = run(command);
  INFO(result.output);
  if (expected.empty()) {
    CHECK(result.exit_code == 0);
    return;
  }
  const auto got = lines_of(result.output);
  std::size_t next = 0;
  for (const auto& line : expected) {
    if (line.find_first_not_of(' ') != std::string::npos && line.substr(line.find_first_not_of(' ')) == "…") continue;
    while (next < got.size() && got[next] != line) ++next;
    CHECK(next < got.size());
    if (next == got.size()) {
      UNSCOPED_INFO("missing: " << line);
      return;
    }
    ++next;
  }
}

void check_page(const std::string& page) {
  const auto lines = lines_of(read(page));
  std::string file;  // set by a "File `path`:" line, for the code block that follows
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (line.rfind("File `", 0) == 0) file = line.substr(6, line.find('`', 6) - 6);
    if (line.rfind("```", 0) != 0 || line.size() == 3) continue;
    const std::string language = line.substr(3);
    std::vector<std::string> block;
    for (++i; i < lines.size() && lines[i] != "```"; ++i) block.push_back(lines[i]);
    if (language == "console") {
      for (std::size_t j = 0; j < block.size(); ++j) {
        if (block[j].rfind("$ ", 0) != 0) continue;
        std::vector<std::string> expected;
        for (std::size_t k = j + 1; k < block.size() && block[k].rfind("$ ", 0) != 0; ++k) expected.push_back(block[k]);
        check_output(block[j].substr(2), expected);
      }
    } else if (!file.empty()) {
      std::string shown;
      for (const auto& l : block) shown += l + "\n";
      INFO(page << " shows " << file);
      CHECK(shown == read(file));
      file.clear();
    }
  }
}

// The sample of `page` that starts at its line `first` ("$ cat big.txt", "$ arbiter prob …") and runs
// to its block's end, played in a folder of its own where examples/ is the repository's: each `$ cat
// FILE` writes the lines after it to FILE, and each `$ arbiter …` prints the lines shown after it.
void check_sample(const std::string& page, const std::string& first) {
  const auto lines = lines_of(read(page));
  auto at = std::find(lines.begin(), lines.end(), first);
  REQUIRE(at != lines.end());
  TempDir dir;
  std::filesystem::create_directory_symlink(std::filesystem::current_path() / "examples", dir.path / "examples");
  while (at != lines.end() && *at != "```") {
    std::string command = at->substr(2);
    // A command that runs on over a line ending in a backslash.
    while (command.ends_with('\\') && std::next(at) != lines.end()) command.pop_back(), command += *++at;
    std::vector<std::string> shown;
    for (++at; at != lines.end() && *at != "```" && at->rfind("$ ", 0) != 0; ++at) shown.push_back(*at);
    if (command.rfind("cat ", 0) == 0) {
      std::ofstream file(dir / command.substr(4));
      for (const std::string& line : shown) file << line << "\n";
    } else {
      if (command.rfind("arbiter ", 0) == 0) command.insert(0, "build/");
      REQUIRE(command.rfind("build/arbiter ", 0) == 0);
      check_output("cd " + dir.path.string() + " && " + command, shown);
    }
  }
}

}  // namespace

TEST_CASE("docs/writing-actions.md works as written: its files are the repository's, its commands print what it shows",
          "[docs]") {
  check_page("docs/writing-actions.md");
}

TEST_CASE("the example atop the arbiter.fight annotations passes as a pack test, as written", "[docs]") {
  // The lines after "--   local fight" up to the blank comment line, their "--   " taken off.
  std::string example;
  bool inside = false;
  for (const std::string& line : lines_of(read("stdlib/types/arbiter-fight.lua"))) {
    if (line.rfind("--   local fight", 0) == 0) inside = true;
    if (!inside) continue;
    if (line.rfind("--   ", 0) != 0) break;
    example += line.substr(5) + "\n";
  }
  REQUIRE_FALSE(example.empty());
  TempDir dir;
  const std::filesystem::path pack = dir.path / "example";
  std::filesystem::create_directories(pack / "tests");
  std::ofstream(pack / "pack.lua") << "return { name = 'example', version = '1.0.0' }\n";
  std::ofstream(pack / "init.lua") << "";
  std::ofstream(pack / "tests" / "example_test.lua")
      << "local test = require 'arbiter.test'\ntest.case('the annotations example', function()\n" << example << "end)\n";
  const Run result = run("build/arbiter --pack-path " + dir.path.string() + " test platemail example");
  INFO(example << result.output);
  CHECK(result.exit_code == 0);
  CHECK_THAT(result.output, Catch::Matchers::Contains("ok    the annotations example"));
}

TEST_CASE("docs/orders.md's tempo sheet passes arbiter check, as written", "[docs]") {
  // The block after "In a ruleset whose round is played in turns", up to its closing fence.
  const auto lines = lines_of(read("docs/orders.md"));
  std::string sheet;
  bool after = false, inside = false;
  for (const std::string& line : lines) {
    if (line.rfind("In a ruleset whose round is played in turns", 0) == 0) after = true;
    if (!after) continue;
    if (line == "```") {
      if (inside) break;
      inside = true;
      continue;
    }
    if (inside) sheet += line + "\n";
  }
  REQUIRE_FALSE(sheet.empty());
  TempDir dir;
  std::ofstream(dir / "sheet.txt") << sheet;
  const Run result = run("build/arbiter check " + (dir / "sheet.txt") + " --encounter examples/tempo/duel.lua");
  INFO(sheet << result.output);
  CHECK(result.exit_code == 0);
}

TEST_CASE("README.md's commands written inline run as written", "[docs]") {
  // Each `build/arbiter …` in backquotes, which may run on over a line break as Markdown allows.
  const std::string readme = read("README.md");
  std::vector<std::string> commands;
  for (std::size_t open = readme.find('`'); open != std::string::npos; open = readme.find('`', open + 1)) {
    const std::size_t close = readme.find('`', open + 1);
    if (close == std::string::npos) break;
    std::string span = readme.substr(open + 1, close - open - 1);
    open = close;
    if (span.rfind("build/arbiter ", 0) != 0) continue;
    for (char& c : span)
      if (c == '\n') c = ' ';
    commands.push_back(span);
  }
  REQUIRE(commands.size() >= 3);
  for (const std::string& command : commands) {
    INFO("$ " << command);
    const Run result = run(command);
    INFO(result.output);
    CHECK(result.exit_code == 0);
  }
}

TEST_CASE("every runtime function the docs call is one the annotations declare, and a field read off its result is "
          "one of what it returns",
          "[docs]") {
  // The annotations: each function's returned types (its `---@return` lines), each class's fields.
  std::map<std::string, std::vector<std::string>> returns;
  std::map<std::string, std::set<std::string>> fields;
  const std::regex function_line(R"(^function ([\w.:]+)\()"), return_line(R"(^---@return (\S+))"),
      class_line(R"(^---@class ([\w.]+))"), field_line(R"(^---@field ([\w]+)\??\s)");
  for (const auto& entry : std::filesystem::directory_iterator("stdlib/types")) {
    std::vector<std::string> returned;
    std::string in_class;
    for (const std::string& line : lines_of(read(entry.path().string()))) {
      std::smatch m;
      if (std::regex_search(line, m, return_line)) returned.push_back(m[1]);
      if (std::regex_search(line, m, class_line)) in_class = m[1];
      if (std::regex_search(line, m, field_line) && !in_class.empty()) fields[in_class].insert(m[1]);
      if (std::regex_search(line, m, function_line)) returns[m[1]] = returned;
      if (line.rfind("---", 0) != 0) returned.clear(), in_class.clear();
    }
  }
  std::set<std::string> modules;
  for (const auto& [name, _] : returns)
    if (const auto dot = name.find('.'); dot != std::string::npos) modules.insert(name.substr(0, dot));
  // `flow.position().round`, `world.closest(me, "enemy")`: a call of a module's function, and the
  // field read off what it returns. A pack's own hooks (`arbiter.hooks.exchange(ctx)`) are its own.
  const std::regex call(R"(\b((?:[a-z_]+\.)+[a-z_]+)\(([^()]*)\)(\.(\w+))?)");
  std::vector<std::string> pages{"README.md"};
  for (const auto& entry : std::filesystem::directory_iterator("docs")) pages.push_back(entry.path().string());
  int calls = 0;
  for (const std::string& page : pages) {
    const std::string text = read(page);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), call); it != std::sregex_iterator(); ++it) {
      const std::string name = (*it)[1];
      if (!modules.contains(name.substr(0, name.find('.'))) || name.rfind("arbiter.hooks.", 0) == 0) continue;
      ++calls;
      INFO(page << ": " << it->str());
      const auto declared = returns.find(name);
      CHECK(declared != returns.end());
      if (declared == returns.end() || !(*it)[4].matched) continue;
      // A field of the one value it returns (nil or not: `flow.intent(c).carrying`).
      CHECK(declared->second.size() == 1);
      if (declared->second.size() != 1) continue;
      std::string type = declared->second.front();
      if (type.back() == '?') type.pop_back();
      CHECK(fields[type].contains((*it)[4]));
    }
  }
  CHECK(calls > 20);
}

TEST_CASE("every event the runtime logs is named in docs/world.md's event log, every event a pack logs in its README",
          "[docs]") {
  // The runtime's types are interpreter/core/event_log.hpp's; `status_*` names all its status_ ones.
  const std::string world = read("docs/world.md");
  const auto from = world.find("## The event log");
  REQUIRE(from != std::string::npos);
  const std::string log_section = world.substr(from, world.find("\n## ", from + 1) - from);
  const std::regex runtime_type(R"re(inline constexpr const char\* \w+ = "(\w+)")re");
  const std::string header = read("interpreter/core/event_log.hpp");
  int types = 0;
  for (std::sregex_iterator it(header.begin(), header.end(), runtime_type), end; it != end; ++it, ++types) {
    const std::string type = (*it)[1];
    const std::string family = type.substr(0, type.find('_')) + "_*";
    INFO("the runtime's event '" << type << "'");
    CHECK((log_section.find("`" + type + "`") != std::string::npos ||
           log_section.find("`" + family + "`") != std::string::npos));
  }
  CHECK(types > 10);
  // A pack's own: each `log.event("…"` of its Lua files, its tests aside.
  const std::regex pack_event(R"re(log\.event\("(\w+)")re");
  for (const auto& pack : std::filesystem::directory_iterator("rules")) {
    const std::string readme = read((pack.path() / "README.md").string());
    for (const auto& file : std::filesystem::recursive_directory_iterator(pack.path())) {
      const std::string path = file.path().string();
      if (file.path().extension() != ".lua" || path.find("/tests/") != std::string::npos) continue;
      const std::string code = read(path);
      for (std::sregex_iterator it(code.begin(), code.end(), pack_event), end; it != end; ++it) {
        INFO(path << " logs '" << (*it)[1] << "'");
        CHECK(readme.find("`" + std::string((*it)[1]) + "`") != std::string::npos);
      }
    }
  }
}

TEST_CASE("every page a doc names (`something.md`) is in the repository", "[docs]") {
  // docs/orders.md sent its reader to an ARCHITECTURE.md no checkout has. A name is looked for from
  // the project root, the docs folder and the naming page's own folder.
  std::vector<std::filesystem::path> pages{"README.md"};
  for (const auto& entry : std::filesystem::directory_iterator("docs")) pages.push_back(entry.path());
  for (const auto& entry : std::filesystem::directory_iterator("rules")) pages.push_back(entry.path() / "README.md");
  const std::regex named(R"([\w./-]+\.md\b)");
  for (const auto& page : pages) {
    const std::string text = read(page.string());
    for (std::sregex_iterator it(text.begin(), text.end(), named), end; it != end; ++it) {
      const std::filesystem::path name = it->str();
      INFO(page.string() << " names " << name.string());
      CHECK((std::filesystem::exists(name) || std::filesystem::exists("docs" / name) ||
             std::filesystem::exists(page.parent_path() / name)));
    }
  }
}

TEST_CASE("the samples of docs/orders.md, docs/dice.md, docs/fights.md and docs/packs.md print what they show",
          "[docs]") {
  // Each was pasted once and drifted: a caret under another column than the one the message names,
  // a shipped sheet edited since, a table's columns respaced, a run cut with no mark, a line number
  // moved.
  check_sample("docs/orders.md", "$ cat big.txt");
  check_sample("docs/orders.md", "$ cat crossbow.txt");
  check_sample("docs/dice.md", "$ arbiter prob 4d6kh3 --exact --at-least 15");
  check_sample("docs/fights.md", "$ build/arbiter run examples/platemail/skirmish.lua \\");
  // docs/packs.md's explain of tempo's Melee Attack, as a house rule patched it: the lines tempo's own
  // files give are tempo's.
  const Run explained = run("build/arbiter explain tempo 'Melee Attack'");
  int lines = 0;
  for (const std::string& line : lines_of(read("docs/packs.md"))) {
    if (line.find("defined by tempo at ") == std::string::npos) continue;
    ++lines;
    INFO(explained.output);
    CHECK_THAT(explained.output, Catch::Matchers::Contains(line));
  }
  CHECK(lines == 2);
}

TEST_CASE("README.md's table of commands names every option each command's --help lists", "[docs]") {
  // `run --quiet`, `roll --reason` and `lua --seed` were in --help and not in the table.
  const auto readme = lines_of(read("README.md"));
  const std::regex option(R"(^\s+(--[a-z-]+))");
  for (const std::string command : {"run", "roll", "lua", "prob", "check", "explain", "test", "packs", "fmt"}) {
    const auto row = std::find_if(readme.begin(), readme.end(), [&](const std::string& line) {
      return line.rfind("| `arbiter " + command + " ", 0) == 0 || line.rfind("| `arbiter " + command + "`", 0) == 0;
    });
    REQUIRE(row != readme.end());
    for (const std::string& line : lines_of(run("build/arbiter " + command + " --help").output)) {
      std::smatch m;
      if (!std::regex_search(line, m, option) || m[1] == "--help") continue;
      INFO("arbiter " << command << " " << m[1]);
      CHECK(row->find(m[1].str()) != std::string::npos);
    }
  }
}

TEST_CASE("docs/world.md's saved state shows every member a save has", "[docs]") {
  // Its sample lacked `log`, `flow.last_intents` and `played_from.encounter_place`, and named an
  // older platemail-house than the one examples/packs holds.
  TempDir dir;
  REQUIRE(run("build/arbiter --pack-path examples/packs run examples/platemail/skirmish.lua --house platemail-house "
              "--orders examples/platemail/skirmish-round1.txt --seed 1 --quiet --save " + (dir / "state.json"))
              .exit_code == 0);
  const std::string world = read("docs/world.md");
  const auto from = world.find("## Saved state");
  REQUIRE(from != std::string::npos);
  const std::string sample = world.substr(from, world.find("\n```\n", world.find("```json", from)) - from);
  const nlohmann::json save = nlohmann::json::parse(read(dir / "state.json"));
  for (const auto& [member, value] : save.items()) {
    INFO(member);
    CHECK(sample.find("\"" + member + "\":") != std::string::npos);
    if (!value.is_object()) continue;
    for (const auto& [inner, _] : value.items()) {
      INFO(member << "." << inner);
      CHECK(sample.find("\"" + inner + "\":") != std::string::npos);
    }
  }
  for (const auto& pack : save["played_from"]["packs"]) CHECK(sample.find(pack.get<std::string>()) != std::string::npos);
}
