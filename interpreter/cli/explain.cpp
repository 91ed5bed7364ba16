// arbiter explain PACK... [NAME]: what the stacked packs define, or one definition's final value
// and the chain of packs that made it.
#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/cli/path_options.hpp"
#include "interpreter/cli/session.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/lua/readonly.hpp"
#include "interpreter/lua/stack_guard.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/world_bindings.hpp"
#include "interpreter/packs/field_place.hpp"
#include "interpreter/packs/manifest.hpp"
#include "interpreter/packs/order_vocabulary.hpp"

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

// "weapons.Flail.melee" names a definition and a path into it; a definition's own name may hold a
// full stop, so the longest name that the wanted text starts with is the definition.
struct Wanted {
  const packs::Definition* definition = nullptr;
  std::vector<std::string> path;
};

// The steps of a path: `guard.6`, or a key in brackets, as the changes name a list's item
// (`guard[6]`) and as Lua writes any key (`guard[1.5]`, `weapons["Short Bow"]`): a bracket's key is
// one step whole, full stops and all.
std::vector<std::string> path_steps(std::string_view text) {
  std::vector<std::string> steps;
  if (text.starts_with('.')) text.remove_prefix(1);  // the full stop after a definition's name
  for (std::size_t at = 0; at < text.size();) {
    if (text[at] == '[') {
      const char quote = at + 1 < text.size() && (text[at + 1] == '"' || text[at + 1] == '\'') ? text[at + 1] : 0;
      const std::size_t key_at = at + (quote ? 2 : 1);
      const std::size_t key_end = quote ? text.find(quote, key_at) : text.find(']', key_at);
      const std::size_t close = quote && key_end != std::string_view::npos ? key_end + 1 : key_end;
      if (close != std::string_view::npos && close < text.size() && text[close] == ']') {
        steps.emplace_back(text.substr(key_at, key_end - key_at));
        at = close + 1;
        if (at < text.size() && text[at] == '.') ++at;
        continue;
      }
    }
    const std::size_t end = text.find_first_of(".[", at + 1);
    steps.emplace_back(text.substr(at, end - at));
    if (end == std::string_view::npos) break;
    at = text[end] == '.' ? end + 1 : end;
  }
  return steps;
}

// Replaces the table at the top of the stack by its field `step` (raw: no pack's metamethod runs
// here), or throws naming the fields it has. `walked` is the path so far, for the message. Returns
// the step as a change names it: `.name`, or `[6]` for a key that is not a name.
std::string descend(lua_State* L, const std::string& walked, const std::string& step) {
  const bool view = lua::push_viewed(L, -1);
  if (lua_type(L, -1) != LUA_TTABLE)
    throw Error(fmt::format("{} is {}, which has no fields ('{}' asked for)", walked, lua::describe(L, -1, 1), step));
  std::vector<std::string> fields;
  const lua_Unsigned items = lua_rawlen(L, -1);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    lua_pushvalue(L, -2);  // the key's text without turning the key itself into a string
    const int type = lua_type(L, -1);
    const bool named = type == LUA_TNUMBER || type == LUA_TSTRING;
    const std::optional<std::string> key = named ? std::optional(std::string(lua::whole_string(L, -1))) : std::nullopt;
    if (key && *key == step) {
      lua_pop(L, 1);
      lua_copy(L, -1, view ? -4 : -3);  // the field in place of the table (and of its view)
      lua_pop(L, view ? 3 : 2);
      return type == LUA_TSTRING ? "." + step : "[" + step + "]";
    }
    if (key) fields.push_back(*key);
    lua_pop(L, 2);
  }
  // A list's items are told by their range: a number near the one asked for is no misspelling of it.
  // A field is suggested by a word it shares, as well as misspelt: "Bolo" is a word of "Bolo/Net".
  std::vector<Suggestion> named;
  for (auto& field : fields) named.push_back({std::move(field)});
  const std::string hint = items > 0 && items == named.size() ? fmt::format("its items are 1 to {}", items)
                                                               : did_you_mean_one_of(nearest_suggestions(step, named));
  throw Error(fmt::format("{} has no field '{}'{}", walked, step, hint.empty() ? "" : " (" + hint + ")"));
}

// Whether the path `inner` is `outer` or a part of it ("stats.guard[6]" of "stats.guard").
bool within(const std::string& inner, const std::string& outer) {
  return inner.compare(0, outer.size(), outer) == 0 &&
         (inner.size() == outer.size() || inner[outer.size()] == '.' || inner[outer.size()] == '[');
}

// A patch's field that the wanted path is within, or that is within it.
bool overlaps(const std::string& field, const std::string& path) {
  return path.empty() || within(field, path) || within(path, field);
}

// What a definition made in a loop is made from (`made_from`, given by its pack): the part of
// another definition (a row of tempo's actions_data), and every change that set that part, at
// the field where the change's line writes it: the loop's line tells a modder nothing of the row
// to patch. The row's line itself, in a table made elsewhere and passed by name, is that table's.
void show_made_from(lua_State* L, const packs::Registry& registry, const packs::MadeFrom& from, std::ostream& out) {
  out << fmt::format("       made from {} {}{}:\n", packs::to_string(from.kind), from.name,
                     from.field.empty() ? "" : fmt::format("'s \"{}\"", from.field));
  const packs::Definition* source = registry.find(from.kind, from.name);
  if (!source) return;  // undefined since: nothing to show
  for (const packs::Change& change : source->history) {
    bool sets = change.operation != packs::Operation::patch;
    for (const auto& field : change.fields) sets = sets || overlaps(field.field, from.field);
    if (!sets) continue;
    out << fmt::format("         {} by {} at {}\n", packs::to_string(change.operation), change.pack,
                       packs::field_location(L, change.location, from.field));
  }
}

// The definitions `name` names, each with the path into it: of every kind (of `only`, if given),
// the longest definition name the text is or starts with, before a full stop or a bracket.
std::vector<Wanted> definitions_named(const packs::Registry& registry, const std::string& name,
                                      std::optional<packs::Kind> only) {
  std::vector<Wanted> named;
  std::size_t longest = 0;
  for (const auto* d : registry.definitions()) {
    if (only && d->kind != *only) continue;
    const bool whole = d->name == name;
    const bool prefix = name.size() > d->name.size() && name.compare(0, d->name.size(), d->name) == 0 &&
                        (name[d->name.size()] == '.' || name[d->name.size()] == '[');
    if (!whole && !prefix) continue;
    if (d->name.size() > longest) named.clear();
    if (d->name.size() < longest) continue;
    longest = d->name.size();
    named.push_back({d, whole ? std::vector<std::string>{} : path_steps(std::string_view(name).substr(d->name.size()))});
  }
  return named;
}

// The action, condition or target a sheet would read `written` as, by its declared name, when it is
// not written so: a sheet reads names without regard to case, a phrase to the blanks between its
// words too, a target's to a leading "the" ("closest enemy"), and a phrase with its placeholders
// filled in ("an enemy is within 10'": "an enemy is within {distance}"). Empty when none.
std::string declared_name(const orders::Vocabulary& vocabulary, const std::string& written,
                          std::optional<packs::Kind> only) {
  const auto of_kind = [&](packs::Kind kind) { return !only || *only == kind; };
  if (const auto* action = of_kind(packs::Kind::action) ? vocabulary.action(written) : nullptr) return action->name;
  if (const auto match = of_kind(packs::Kind::condition) ? vocabulary.condition(written) : std::nullopt)
    return match->declaration->text;
  if (const auto match = of_kind(packs::Kind::target) ? vocabulary.target(written) : std::nullopt)
    return match->declaration->text;
  return {};
}

// Why nothing is shown for `written`: the nearest names of the kind asked for, a name the packs give
// for hints (`also_called`: "the nearest enemy" is "the closest enemy") or a word shared counted,
// as a sheet's check suggests. A word that could be a folder, or a pack's name near no definition's,
// was most likely meant as a pack (`--pack-path` left out, a folder misspelt), so that is told too.
std::string nothing_named(lua_State* L, const packs::Registry& registry, const std::string& written,
                          std::optional<packs::Kind> only) {
  std::vector<Suggestion> candidates;
  for (const auto* d : registry.definitions())  // suggestions too are of the kind asked for
    if (!only || d->kind == *only) candidates.push_back({d->name, {}, packs::also_called(L, registry, *d)});
  const std::string hint = did_you_mean_one_of(nearest_suggestions(path_steps(written).front(), candidates));
  const std::string what = only ? fmt::format("no {} named '{}'", packs::to_string(*only), written)
                                : fmt::format("nothing named '{}'", written);
  std::string message = fmt::format("the packs define {}{}", what, hint.empty() ? "" : " (" + hint + ")");
  if (written.find('/') != std::string::npos)
    message += fmt::format(", and there is no folder {}: a pack named by its folder is the folder that holds its "
                           "pack.lua", written);
  else if (!only && hint.empty() && packs::valid_pack_name(written))
    message += fmt::format(", and no pack '{}' was found on the search path (--pack-path DIR adds a folder)", written);
  return message;
}

void explain_one(Session& session, const std::string& wanted, std::ostream& out) {
  // "table:wounds" names the kind; a bare name shows every kind that has it.
  std::string written = wanted;
  std::optional<packs::Kind> only;
  if (const auto colon = wanted.find(':'); colon != std::string::npos) {
    only = packs::parse_kind(wanted.substr(0, colon));
    written = wanted.substr(colon + 1);
  }
  const auto& registry = session.stack.registry();
  std::vector<Wanted> shown = definitions_named(registry, written, only);
  if (shown.empty()) {
    const std::string declared =
        declared_name(packs::read_vocabulary(session.sandbox.state(), registry), written, only);
    if (!declared.empty()) shown = definitions_named(registry, declared, only);
    if (shown.empty()) throw Error(nothing_named(session.sandbox.state(), registry, written, only));
  }
  lua_State* L = session.sandbox.state();
  const lua::StackGuard guard(L);
  // A part is looked for in every kind the name is of, as the whole is shown for each: the kinds
  // without it are told only when none has it.
  std::vector<std::string> missing;
  bool any = false;
  // Pushes the part `path` of `d` and returns it as a change names it, or throws (the stack as it was).
  const auto walk = [&](const packs::Definition& d, const std::vector<std::string>& path) {
    const int top = lua_gettop(L);
    registry.push(L, d.kind, d.name);
    std::string walked = d.name;
    try {
      for (const auto& step : path) walked += descend(L, walked, step);
    } catch (const Error&) {
      lua_settop(L, top);
      throw;
    }
    return walked;
  };
  for (const auto& [d, path] : shown) {
    std::string walked;
    try {
      walked = walk(*d, path);
    } catch (const Error& e) {
      missing.push_back(shown.size() > 1 ? fmt::format("{} {}", packs::to_string(d->kind), e.diagnostics().front().message)
                                         : e.diagnostics().front().message);
      continue;
    }
    if (std::exchange(any, true)) out << "\n";
    // Every level: a GM looks a row up to read its numbers, which a cut would hide.
    const std::string heading = fmt::format("{} {} = ", packs::to_string(d->kind), walked);
    out << heading << lua::describe_lines(L, -1, 100, 0, heading.size(), lua::deepest_plain_data) << "\n";
    lua_pop(L, 1);
    // The part as a change names it: "stats.guard[6]", "max".
    const std::string part = walked.size() > d->name.size() && walked[d->name.size()] == '.'
                                 ? walked.substr(d->name.size() + 1)
                                 : walked.substr(d->name.size());
    // What a change did to the part: a patch's fields; an override's, of the whole definition, the
    // whole, or, for a part, the fields of it the override changed, as a patch's are named.
    const auto changed = [&](const packs::Change& change) {
      std::vector<const packs::FieldChange*> fields;
      for (const auto& field : change.operation == packs::Operation::override && !part.empty() ? change.overridden
                                                                                               : change.fields)
        if (overlaps(field.field, part)) fields.push_back(&field);
      return fields;
    };
    // A part a change added where there was none (a row only a house pack gives) is that change's
    // from there on: what came before it made other parts.
    std::size_t first = 0;
    for (std::size_t at = 0; at < d->history.size(); ++at)
      for (const auto* field : changed(d->history[at]))
        if (!part.empty() && within(part, field->field) && field->before == "nil") first = at;
    int step = 0;
    for (std::size_t at = first; at < d->history.size(); ++at) {
      const packs::Change& change = d->history[at];
      const std::vector<const packs::FieldChange*> fields = changed(change);
      // Patched elsewhere, or overridden with the part as it was: not a change of the part.
      if (change.operation != packs::Operation::define && fields.empty()) continue;
      out << fmt::format("  {}. {} by {} at {}\n", ++step, packs::to_string(change.operation), change.pack,
                         change.location);
      if (change.operation == packs::Operation::define && d->made_from)
        show_made_from(L, registry, *d->made_from, out);
      // An override's change of the whole definition is named by it.
      for (const auto* field : fields)
        out << fmt::format("       {}: {} -> {}\n", field->field.empty() ? d->name : field->field, field->before,
                           field->after);
    }
  }
  if (any) return;
  // The kind asked for lacks the part: another kind of the name that has it is how to pick it.
  if (only)
    for (const auto* other : registry.definitions()) {
      if (other->kind == *only || other->name != shown.front().definition->name) continue;
      try {
        walk(*other, shown.front().path);
      } catch (const Error&) {
        continue;
      }
      lua_pop(L, 1);
      const std::string kind(packs::to_string(other->kind));
      throw Error(fmt::format("{} ({} {} has it: {}:{})", missing.front(), kind, other->name, kind, written));
    }
  if (missing.size() == 1) throw Error(missing.front());
  throw Error(fmt::format("no kind of '{}' has '{}': {}", shown.front().definition->name, written,
                          fmt::join(missing, "; ")));
}

}  // namespace

void add_explain_command(CLI::App& app, Context& context) {
  auto* command = app.add_subcommand(
      "explain", "Show what the stacked packs define, or one definition's value and its chain of packs");
  // Owned by the callback, which outlives parsing.
  auto arguments = std::make_shared<std::vector<std::string>>();
  command->add_option("PACK... [NAME]", *arguments,
                      "Packs to load in order (names or folders); a last word that is no pack is the name to "
                      "explain (kind:name picks a kind; name.field.field shows one part)")
      ->required()
      ->check(names_something("pack or definition"));
  command->callback([&context, arguments] {
    Session session(context);
    // The last word is a definition's name unless it names a pack: one on the search path, or a
    // folder that is there. A word that is neither, a slash and all (`weapons.Bolo/Net`), is read
    // as a name, and told as a folder too when the packs define nothing of that name.
    std::vector<std::string> packs = *arguments;
    std::string name;
    const auto& last = packs.back();
    std::error_code unreadable;
    const bool folder = last.find('/') != std::string::npos && std::filesystem::is_directory(last, unreadable);
    if (packs.size() > 1 && !folder && !session.stack.search_path().find(last)) {
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
