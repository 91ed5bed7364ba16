// arbiter: the command line. Exit codes: 0 success, 1 bad input (reported with its position),
// 2 bad usage of the command line, 3 an internal error (a bug in Arbiter: please report it).
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <limits>
#include <new>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/number_options.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/packs/search_path.hpp"

namespace {

// A folder of packs for --pack-path: one that is not there would be searched for nothing, and a
// misspelt path would leave the pack meant to be found hidden (or another one found), silently.
// Unnamed, so that the help shows `--pack-path DIR`, not CLI11's `DIR:DIR`, which reads as a list.
CLI::Validator folder_of_packs() {
  return CLI::Validator(
      [](const std::string& path) -> std::string {
        const std::string why = arbiter::packs::not_a_folder(path);
        if (why.empty()) return why;
        // `A:B` written as $ARBITER_PATH is: the option takes one folder each time it is given.
        std::vector<std::string> each;
        for (const std::filesystem::path& part : arbiter::packs::folders_of_list(path)) {
          if (!arbiter::packs::not_a_folder(part).empty()) return why + ": name a folder that holds packs";
          each.push_back("--pack-path " + arbiter::printable(part.string()));
        }
        if (each.size() > 1)
          return fmt::format("{}: name each folder with its own --pack-path ({})", why, fmt::join(each, " "));
        return why + ": name a folder that holds packs";
      },
      "");
}

// A word written where the subcommand goes that names none (`arbiter encounter`): CLI11 keeps it
// aside, then asks for a subcommand or shows the help without naming it.
std::optional<std::string> unknown_subcommand(const CLI::App& app) {
  if (!app.get_subcommands().empty()) return std::nullopt;
  for (const std::string& word : app.remaining())
    if (!word.starts_with('-')) return word;
  return std::nullopt;
}

CLI::ExtrasError usage_error(const std::string& message) {
  return CLI::ExtrasError(message, CLI::ExitCodes::ExtrasError);
}

CLI::ExtrasError unknown_subcommand_error(const CLI::App& app, const std::string& word) {
  std::vector<std::string> names;
  for (const CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; }))
    names.push_back(command->get_name());
  std::string hint = arbiter::did_you_mean(word, names);
  if (hint.empty()) hint = fmt::format("the subcommands are {}", fmt::join(names, ", "));
  return usage_error(fmt::format("unknown subcommand '{}' ({})", arbiter::printable(word), hint));
}

// The options `app` takes, as written: --at-least, and with `short_names` -e and -h too.
std::vector<std::string> option_names(const CLI::App& app, bool short_names = true) {
  std::vector<std::string> names;
  for (const CLI::Option* option : app.get_options()) {
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    if (short_names)
      for (const std::string& name : option->get_snames()) names.push_back("-" + name);
  }
  return names;
}

// A word left over that is written as an option (`prob 2d6 --at-lest 7`) and names none: CLI11
// says only that it was not expected. `--times=3` is the option `--times`.
std::optional<std::string> unknown_option(const CLI::App& app, const CLI::App* command) {
  std::vector<std::string> known = option_names(app);
  if (command) std::ranges::copy(option_names(*command), std::back_inserter(known));
  for (const std::string& word : app.remaining(true)) {
    if (!word.starts_with('-') || word == "-" || word == "--") continue;
    const std::string name = word.substr(0, word.find('='));
    if (std::find(known.begin(), known.end(), name) == known.end()) return name;
  }
  return std::nullopt;
}

// Says what the command takes, and the nearest option to the one misspelt; one place for every
// subcommand, whose options are read from CLI11 (the global ones may follow a subcommand too).
CLI::ExtrasError unknown_option_error(const CLI::App& app, const CLI::App* command, const std::string& word) {
  // Short names are not suggested: any one letter is one edit from any other.
  const std::vector<std::string> global = option_names(app, false);
  std::vector<std::string> own = command ? option_names(*command, false) : global;
  const std::string where = command ? fmt::format("arbiter {}", command->get_name()) : "arbiter";
  std::vector<std::string> candidates = own;
  if (command) candidates.insert(candidates.end(), global.begin(), global.end());
  std::string hint = arbiter::did_you_mean(word, candidates);
  if (hint.empty()) {
    std::erase_if(own, [](const std::string& name) { return name == "--help"; });
    hint = own.empty() ? fmt::format("'{}' takes no options of its own", where)
                       : fmt::format("'{}' takes {}", where, fmt::join(own, ", "));
    if (command) hint += fmt::format(", and the global options of 'arbiter --help'");
    // `roll -d6+10`: a value, read as an option.
    if (!word.starts_with("--")) hint += "; a value that begins with '-' goes after '--'";
  }
  return usage_error(fmt::format("unknown option '{}' for '{}' ({})", arbiter::printable(word), where, hint));
}

// An option that takes one value given more than once (`--seed 1 --seed 2`): CLI11 says "At Most 1
// required but received 2". Which one was meant is not for Arbiter to guess.
std::optional<CLI::ExtrasError> repeated_option_error(const CLI::App& app, const CLI::App* command) {
  std::vector<const CLI::Option*> options = app.get_options();
  if (command) std::ranges::copy(command->get_options(), std::back_inserter(options));
  for (const CLI::Option* option : options) {
    const std::size_t given = option->count();
    if (given < 2 || option->get_items_expected_max() != 1) continue;
    return usage_error(fmt::format("{} is given {}: give it once", option->get_name(),
                                   given == 2 ? "twice" : fmt::format("{} times", given)));
  }
  return std::nullopt;
}

// The output could not be written: said with the system's reason, and the files written all the
// same (the error is the output's, not the fight's). Exit 1.
int output_failed(const arbiter::cli::Context& context) {
  const int why = context.output_error != 0 ? context.output_error : errno;
  const std::string written =
      context.written.empty() ? ""
                              : fmt::format("; {} {} written", fmt::join(context.written, " and "),
                                            context.written.size() == 1 ? "was" : "were");
  std::cerr << fmt::format("error: could not write the output: {}{}\n", std::strerror(why), written);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  // The narration piped into `head` or a pager quit early: a write to the closed pipe fails, told
  // at the end as a full disk is, once the fight is played and its save and log written. The signal
  // it would raise killed the program silently, the save, the log and the dice rolled by hand lost.
  std::signal(SIGPIPE, SIG_IGN);
  CLI::App app{"Arbiter: a rules interpreter for tabletop combat.", "arbiter"};
  app.set_version_flag("--version", "arbiter " ARBITER_VERSION);
  app.require_subcommand(1);
  app.fallthrough();  // global options may also follow the subcommand

  arbiter::cli::Context context;
  context.out = &std::cout;
  context.err = &std::cerr;
  // One folder each time it is given: a greedy list would take an unknown subcommand for a folder.
  app.add_option("--pack-path", context.pack_paths, "A folder of packs to search before the standard places; give it once for each folder")
      ->type_name("DIR")
      ->allow_extra_args(false)
      ->check(folder_of_packs());
  app.add_option("--max-instructions", context.max_instructions,
                 "Lua instructions one call of a pack may run (default 200000000)")
      ->transform(arbiter::cli::whole_number("a number of instructions", std::uint64_t{1},
                                             std::numeric_limits<std::uint64_t>::max()));
  // Bounded so that the budget in bytes and the deadline on the clock cannot overflow.
  app.add_option("--max-memory", context.max_memory_mib, "MiB one call of a pack may allocate (default 256); the packs may keep twice as much in all")
      ->transform(arbiter::cli::whole_number("a number of MiB", std::uint64_t{1}, std::uint64_t{1} << 20));
  app.add_option("--max-seconds", context.max_seconds, "Seconds one call of a pack may run (default 10)")
      ->transform(arbiter::cli::decimal_number("a number of seconds", 0.001, 1e6));
  app.add_flag("--strict", context.strict, "Treat conflicts between packs as errors");

  arbiter::cli::add_packs_command(app, context);
  arbiter::cli::add_explain_command(app, context);
  arbiter::cli::add_lua_command(app, context);
  arbiter::cli::add_test_command(app, context);
  arbiter::cli::add_check_command(app, context);
  arbiter::cli::add_fmt_command(app, context);
  arbiter::cli::add_roll_command(app, context);
  arbiter::cli::add_prob_command(app, context);
  arbiter::cli::add_run_command(app, context);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (const auto word = unknown_subcommand(app)) {
      app.exit(unknown_subcommand_error(app, *word));
      return 2;
    }
    const auto chosen = app.get_subcommands();
    const CLI::App* command = chosen.empty() ? nullptr : chosen.front();
    if (e.get_exit_code() != 0) {  // not --help
      if (const auto word = unknown_option(app, command)) {
        app.exit(unknown_option_error(app, command, *word));
        return 2;
      }
      if (dynamic_cast<const CLI::ArgumentMismatch*>(&e))
        if (const auto repeated = repeated_option_error(app, command)) {
          app.exit(*repeated);
          return 2;
        }
    }
    if (app.exit(e) != 0) return 2;
    // --help and --version print their text as any command does: a full disk is no success.
    if (!std::cout.flush()) return output_failed(context);
    return 0;
  } catch (const arbiter::Error& e) {
    std::cerr << e.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    // No file is left half written: outputs are replaced whole, after the work (output_file.hpp).
    std::cerr << "error: out of memory: the machine gave Arbiter no more (--max-memory bounds what the packs may "
                 "use)\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "internal error: " << arbiter::printable(e.what(), true) << "\n";
    return 3;
  }
  // What was printed is the result: a full disk must not pass for success (`fmt sheet > new.txt`).
  if (!std::cout.flush()) return output_failed(context);
  return context.exit_code;
}
