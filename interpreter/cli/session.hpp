#pragma once
// What most subcommands start from: a sandbox with the global options' budgets, the dice, and a
// stack of packs loaded into it, with conflicts between packs reported (errors under --strict).
#include <string>
#include <vector>

#include "interpreter/cli/commands.hpp"
#include "interpreter/core/dice_source.hpp"
#include "interpreter/core/named_dice.hpp"
#include "interpreter/lua/sandbox.hpp"
#include "interpreter/packs/pack_stack.hpp"
#include "interpreter/packs/search_path.hpp"

namespace arbiter::cli {

// Where packs are found (packs::SearchPath::standard), warning on the error stream, once a command,
// of each folder of $ARBITER_PATH that is not there: the variable may be shared by machines that
// lack some of its folders, so it is no error, but a misspelt folder must not hide packs silently.
packs::SearchPath search_path(Context& context);

class Session {
 public:
  explicit Session(Context& context);
  // Loads the packs and reports conflicts; throws arbiter::Error for bad packs.
  // `written_at`: where each pack is named, when a file names them (PackStack::load).
  void load(const std::vector<std::string>& packs, std::span<const packs::Place> written_at = {});
  // Says on the error stream, a line for each, which loaded pack the search path took where it
  // found others of its name (only `arbiter packs` told): a user who installed a newer copy, or
  // edits one, learns which one plays. Once a command (Context::told_hidden_packs); load calls it.
  void tell_hidden_packs();

  // Declared before the sandbox, which holds pointers to them as services.
  SeededDice dice;         // Context::seed, or a fresh seed per run
  NamedDice named_dice;    // dice packs define by name (`dice.define`)
  lua::Sandbox sandbox;
  packs::PackStack stack;

 private:
  Context& context_;
};

}  // namespace arbiter::cli
