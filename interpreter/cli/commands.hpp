#pragma once
// The `arbiter` command line: main.cpp owns the global options and calls one `add_*` function per
// subcommand, each defined in its own file. The CLI is the only layer that prints.
#include <cerrno>
#include <cstdint>
#include <functional>
#include <ostream>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace arbiter::cli {

// What every subcommand may read: the global options, where to write, and its exit code.
struct Context {
  std::vector<std::string> pack_paths;  // --pack-path, searched before the default places
  std::uint64_t max_instructions = 0;   // --max-instructions; 0: the host's default
  std::uint64_t max_memory_mib = 0;     // --max-memory (MiB); 0: the host's default
  double max_seconds = 0;               // --max-seconds; 0: the host's default
  bool strict = false;                  // --strict: conflicts between packs are errors
  std::optional<std::uint64_t> seed;    // a subcommand's --seed: the same seed, the same rolls
  std::ostream* out = nullptr;
  std::ostream* err = nullptr;
  int exit_code = 0;                    // a subcommand sets 1 when it reported bad input
  // When the output cannot be written (a full disk, a closed pipe), what was written all the same
  // ("the save s.json"), for the error to say; and the system's reason of the first write that
  // failed, which a command that goes on writing files (run) would otherwise lose.
  std::vector<std::string> written;
  int output_error = 0;
  // Flushes `out`, keeping the reason of the first write that failed in output_error.
  void flush_out() {
    out->flush();
    if (!*out && output_error == 0) output_error = errno;
  }
  // The packs hidden by those loaded are told once a command, which may load them again (test: per file).
  bool told_hidden_packs = false;
  bool told_environment_folders = false;  // the folders of $ARBITER_PATH not there, likewise (search_path)
  // What a command owes its output before the program ends at once (a pack stuck in a built-in
  // function: Session's on_stuck): `run` tells the narration of what happened so far. Called from
  // the watchdog's thread while the command's own stands still inside that function.
  std::function<void()> last_words;
};

// Each registers its subcommand on `app`; the subcommand's callback does the work, writes to
// context.out / context.err, and throws arbiter::Error for bad input (printed by main, exit 1).
void add_packs_command(CLI::App& app, Context& context);
void add_explain_command(CLI::App& app, Context& context);
void add_lua_command(CLI::App& app, Context& context);
void add_test_command(CLI::App& app, Context& context);
void add_check_command(CLI::App& app, Context& context);
void add_fmt_command(CLI::App& app, Context& context);
void add_roll_command(CLI::App& app, Context& context);  // roll.cpp
void add_prob_command(CLI::App& app, Context& context);  // prob.cpp
void add_run_command(CLI::App& app, Context& context);   // run.cpp

}  // namespace arbiter::cli
