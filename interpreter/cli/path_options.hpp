#pragma once
// The validator of the options and arguments that name a file, a folder or a pack (--save, --log,
// --resume, --orders, --house, --encounter, --rules, an ENCOUNTER, a SHEET, a PACK).
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace arbiter::cli {

// An empty value names nothing: most often a shell variable left unset (`--resume "$SAVE"`). Taken
// as "not given", `--resume ""` played a fresh fight and `--save` wrote it over the campaign's save;
// `--save ""` and `--log ""` wrote nothing, silently. So it is a usage error naming the option
// (CLI11 puts the option's name before the message), as an empty `--seed` is.
inline CLI::Validator names_something(std::string what) {
  return CLI::Validator(
      [what = std::move(what)](const std::string& value) -> std::string {
        if (!value.empty()) return {};
        return fmt::format("the value is empty, which names no {} (is a shell variable unset?)", what);
      },
      "");
}

}  // namespace arbiter::cli
