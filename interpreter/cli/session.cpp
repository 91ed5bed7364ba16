#include "interpreter/cli/session.hpp"

#include <cstdlib>
#include <ostream>
#include <random>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grammar/diagnostic.hpp"

namespace arbiter::cli {
namespace {

lua::Budget ceiling(const Context& context) {
  lua::Budget budget;
  if (context.max_instructions) budget.instructions = context.max_instructions;
  if (context.max_memory_mib) budget.memory_bytes = static_cast<std::size_t>(context.max_memory_mib) << 20;
  if (context.max_seconds > 0)
    budget.time = std::chrono::milliseconds(static_cast<std::int64_t>(context.max_seconds * 1000));
  return budget;
}

}  // namespace

packs::SearchPath search_path(Context& context) {
  if (!std::exchange(context.told_environment_folders, true))
    for (const auto& folder : packs::environment_folders())
      if (const std::string why = packs::not_a_folder(folder); !why.empty())
        *context.err << fmt::format("warning: $ARBITER_PATH: {}: no packs are searched there\n", why);
  return packs::SearchPath::standard(context.pack_paths);
}

Session::Session(Context& context)
    : dice(context.seed ? *context.seed : std::random_device{}()),
      sandbox(ceiling(context)),
      stack(sandbox, search_path(context)),
      context_(context) {
  sandbox.services().provide<DiceSource>(&dice);
  sandbox.services().provide(&named_dice);
  // Saved states are written atomically, so ending here loses nothing.
  sandbox.on_stuck = [&context](const Error& error) {
    *context.err << error.what() << std::endl;
    std::_Exit(1);
  };
  sandbox.on_print = [&context](const std::string& pack, const std::string& line) {
    *context.err << "[" << pack << "] " << printable(line) << "\n";  // a pack cannot drive the terminal
  };
}

void Session::tell_hidden_packs() {
  if (std::exchange(context_.told_hidden_packs, true)) return;
  for (const auto& copies : stack.hidden_copies())
    *context_.err << fmt::format("note: pack '{}' is loaded from {}, which comes first on the search path and hides "
                                 "the {} in {}\n",
                                 copies.pack, copies.loaded, copies.hidden.size() == 1 ? "one" : "ones",
                                 fmt::join(copies.hidden, ", "));
}

void Session::load(const std::vector<std::string>& packs, std::span<const packs::Place> written_at) {
  stack.load(packs, written_at);
  tell_hidden_packs();
  std::vector<Diagnostic> conflicts;
  for (const auto& conflict : stack.registry().conflicts()) {
    conflicts.push_back(parse_positioned(conflict.location + ": " + conflict.message));
  }
  if (conflicts.empty()) return;
  if (context_.strict) throw Error(std::move(conflicts));
  for (const auto& d : conflicts) *context_.err << render(d, "warning") << "\n";
}

}  // namespace arbiter::cli
