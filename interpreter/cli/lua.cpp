// arbiter lua PACK... (-e CODE | FILE.lua): a designer's scratchpad — run code in the sandbox
// with packs loaded and `arbiter` at hand; what it prints and returns is shown.
#include <memory>
#include <ostream>

#include "grammar/diagnostic.hpp"
#include "interpreter/cli/dice_choice.hpp"
#include "interpreter/cli/path_options.hpp"
#include "interpreter/cli/session.hpp"
#include "interpreter/lua/values.hpp"

namespace arbiter::cli {

void add_lua_command(CLI::App& app, Context& context) {
  auto* command = app.add_subcommand("lua", "Run Lua in the sandbox with packs loaded (a scratchpad)");
  // Owned by the callback, which outlives parsing.
  auto arguments = std::make_shared<std::vector<std::string>>();
  auto code = std::make_shared<std::string>();
  command->add_option("PACK... [FILE]", *arguments, "Packs to load, then a .lua file to run unless -e is given")
      ->check(names_something("pack or file"));
  command->add_option("-e,--execute", *code, "Lua code to run");
  command->add_option("--seed", context.seed, "Seed the dice: the same seed, the same rolls")->transform(seed_value());
  command->callback([&context, arguments, code] {
    std::vector<std::string> packs = *arguments;
    std::string file;
    // What to run is bad usage of the command line when missing or given twice, as CLI11's are.
    if (code->empty()) {
      if (packs.empty() || !packs.back().ends_with(".lua"))
        throw CLI::ValidationError("lua", "give the code to run with -e CODE, or a FILE.lua after the packs");
      file = packs.back();
      packs.pop_back();
    } else if (!packs.empty() && packs.back().ends_with(".lua")) {
      throw CLI::ValidationError("lua", "give the code to run with -e CODE or as a FILE.lua, not both ('" +
                                            printable(packs.back()) + "' and -e)");
    }
    Session session(context);
    session.sandbox.on_print = [&context](const std::string&, const std::string& line) {
      *context.out << printable(line) << "\n";
    };
    if (!packs.empty()) session.load(packs);

    const std::string snippet = "(snippet)";
    // A file's `require` looks in its folder, the working folder for "try.lua"; messages name the
    // file as it was given.
    const auto folder = std::filesystem::path(file).parent_path();
    const auto required_from = file.empty() ? folder : folder.empty() ? std::filesystem::path(".") : folder;
    session.sandbox.add_pack({snippet, required_from, folder.string(), session.sandbox.ceiling()});
    session.sandbox.run_string(snippet, "arbiter = require 'arbiter'", "(setup)", 0);
    lua_State* L = session.sandbox.state();
    if (file.empty())
      session.sandbox.run_string(snippet, *code, "(command line)", LUA_MULTRET);
    else
      session.sandbox.run_file(snippet, file, LUA_MULTRET);
    // Eight levels: a row of a rules table (`weapons.Flail`) to its conditions.
    for (int i = 1; i <= lua_gettop(L); ++i) *context.out << printable(lua::describe_lines(L, i, 100, 0, 0, 8), true) << "\n";
    lua_settop(L, 0);
  });
}

}  // namespace arbiter::cli
