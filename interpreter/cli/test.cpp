// arbiter test PACK...: runs the tests/*.lua of each named pack (written with `arbiter.test`),
// every file against a fresh load of all the named packs, so one file cannot spoil another.
#include <algorithm>
#include <memory>
#include <ostream>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/cli/path_options.hpp"
#include "interpreter/cli/session.hpp"
#include "interpreter/packs/pack_tests.hpp"

namespace arbiter::cli {
namespace {

std::string indented(const std::string& text) {
  std::string out = "        ";
  for (const char c : text) {
    out += c;
    if (c == '\n') out += "        ";
  }
  return out;
}

}  // namespace

void add_test_command(CLI::App& app, Context& context) {
  auto* command = app.add_subcommand("test", "Run the tests of packs (their tests/*.lua), loaded on top of each other");
  auto packs = std::make_shared<std::vector<std::string>>();
  command->add_option("PACK", *packs, "Packs to load in order and test (names or folders)")
      ->required()
      ->check(names_something("pack"));
  command->callback([&context, packs] {
    // Which packs are named (not merely required) is known once they are resolved.
    std::vector<packs::Manifest> tested;
    {
      Session session(context);
      session.stack.load(*packs);
      session.tell_hidden_packs();
      const auto& named = session.stack.named();
      for (const auto& m : session.stack.load_order())
        if (std::find(named.begin(), named.end(), m.name) != named.end()) tested.push_back(m);
    }
    int passed = 0, failed = 0;
    bool untested = false;  // a pack named with no tests: an error, told as such, not as a case failed
    for (const auto& pack : tested) {
      const auto files = packs::test_files(pack);
      if (files.empty()) {
        *context.err << fmt::format("{}/tests: error: pack '{}' has no tests (tests/*.lua in its folder, written with "
                                    "arbiter.test: docs/writing-actions.md shows how; a link leading out of the "
                                    "folder is not one)\n",
                                    pack.display_folder, pack.name);
        untested = true;
      }
      for (const auto& file : files) {
        *context.out << pack.display_folder << "/tests/" << file.filename().string() << "\n";
        Session session(context);
        // A case stuck in a built-in function ends the program (Session's on_stuck): the cases
        // before it are told as each ends, and it is named before the watchdog's error.
        struct Forget {
          Context& context;
          ~Forget() { context.last_words = nullptr; }
        } forget{context};
        const packs::CaseListener listener{
            [&](const std::string& name) {
              context.last_words = [&context, name] {
                *context.out << "  FAIL  " << printable(name) << "\n        stopped: see the error below\n";
              };
            },
            [&](const packs::CaseResult& result) {
              context.last_words = nullptr;
              // A case's name and failure are the pack's text: shown so they cannot drive the terminal.
              *context.out << (result.passed ? "  ok    " : "  FAIL  ") << printable(result.name) << "\n";
              if (!result.passed) *context.out << indented(printable(result.failure, true)) << "\n";
              for (const auto& warning : result.warnings) *context.out << indented(printable(warning, true)) << "\n";
              context.flush_out();
              ++(result.passed ? passed : failed);
            }};
        try {
          session.load(*packs);
          packs::run_test_file(session.sandbox, pack, file, listener);
        } catch (const Error& e) {
          *context.out << "  FAIL  the file did not load\n" << indented(e.what()) << "\n";
          ++failed;
        }
      }
    }
    if (passed + failed > 0 || !untested) *context.out << fmt::format("{} passed, {} failed\n", passed, failed);
    context.flush_out();  // the reason told at the end: the packs' files read since would overwrite errno
    if (failed > 0 || untested) context.exit_code = 1;
  });
}

}  // namespace arbiter::cli
