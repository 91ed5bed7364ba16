// arbiter explain PACK... [NAME]: what the stacked packs define, or one definition's final value
// and the chain of packs that made it.
#include <memory>
#include <ostream>
#include <sstream>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/cli/session.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/lua/values.hpp"

namespace arbiter::cli {
namespace {

std::string summary(const packs::Definition& d) {
  std::string text;
  for (const auto& change : d.history)
    text += fmt::format("{}{} by {}", text.empty() ? "" : ", ", packs::to_string(change.operation), change.pack);
  return text;
}

void list_all(Session& session, std::ostream& out) {
  out << "Load order:\n";
  int i = 0;
  for (const auto& m : session.stack.load_order())
    out << fmt::format("  {}. {} {} ({})\n", ++i, m.name, m.version.str(), m.display_folder);
  out << "\nDefinitions:\n";
  for (const auto* d : session.stack.registry().definitions())
    out << fmt::format("  {:<10} {:<24} {}\n", packs::to_string(d->kind), d->name, summary(*d));
}

void explain_one(Session& session, const std::string& wanted, std::ostream& out) {
  // "table:wounds" names the kind; a bare name shows every kind that has it.
  std::string name = wanted;
  std::optional<packs::Kind> only;
  if (const auto colon = wanted.find(':'); colon != std::string::npos) {
    only = packs::parse_kind(wanted.substr(0, colon));
    name = wanted.substr(colon + 1);
  }
  const auto& registry = session.stack.registry();
  std::vector<std::string> all_names;
  bool found = false;
  lua_State* L = session.sandbox.state();
  for (const auto* d : registry.definitions()) {
    if (only && d->kind != *only) continue;  // suggestions too are of the kind asked for
    all_names.push_back(d->name);
    if (d->name != name) continue;
    if (found) out << "\n";
    found = true;
    registry.push(L, d->kind, d->name);
    const std::string heading = fmt::format("{} {} = ", packs::to_string(d->kind), d->name);
    out << heading << lua::describe_lines(L, -1, 100, 0, heading.size()) << "\n";
    lua_pop(L, 1);
    int step = 0;
    for (const auto& change : d->history) {
      out << fmt::format("  {}. {} by {} at {}\n", ++step, packs::to_string(change.operation), change.pack,
                         change.location);
      if (change.operation == packs::Operation::patch)
        for (const auto& field : change.fields)
          out << fmt::format("       {}: {} -> {}\n", field.field, field.before, field.after);
    }
  }
  if (!found) {
    const std::string hint = did_you_mean(name, all_names);
    const std::string what = only ? fmt::format("no {} named '{}'", packs::to_string(*only), name)
                                  : fmt::format("nothing named '{}'", name);
    throw Error(fmt::format("the packs define {}{}", what, hint.empty() ? "" : " (" + hint + ")"));
  }
}

}  // namespace

void add_explain_command(CLI::App& app, Context& context) {
  auto* command = app.add_subcommand(
      "explain", "Show what the stacked packs define, or one definition's value and its chain of packs");
  // Owned by the callback, which outlives parsing.
  auto arguments = std::make_shared<std::vector<std::string>>();
  command->add_option("PACK... [NAME]", *arguments,
                      "Packs to load in order (names or folders); a last word that is no pack is the name to "
                      "explain (kind:name picks a kind)")
      ->required();
  command->callback([&context, arguments] {
    Session session(context);
    // The last word is a definition's name unless it names a pack.
    std::vector<std::string> packs = *arguments;
    std::string name;
    const auto& last = packs.back();
    if (packs.size() > 1 && last.find('/') == std::string::npos && !session.stack.search_path().find(last)) {
      name = last;
      packs.pop_back();
    }
    session.load(packs);
    // Names, values and sources are the packs' text: shown so that they cannot drive the terminal.
    std::ostringstream shown;
    if (name.empty())
      list_all(session, shown);
    else
      explain_one(session, name, shown);
    *context.out << printable(shown.str(), true);
  });
}

}  // namespace arbiter::cli
