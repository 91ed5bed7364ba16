#include "interpreter/packs/definition_check.hpp"

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grammar/diagnostic.hpp"
#include "grammar/orders.hpp"
#include "interpreter/core/event_log.hpp"
#include "interpreter/core/mistakes.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/core/narration.hpp"
#include "interpreter/core/status_definition.hpp"
#include "interpreter/core/vocabulary.hpp"
#include "interpreter/lua/ordered.hpp"
#include "interpreter/lua/stack_guard.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/world_bindings.hpp"
#include "interpreter/packs/field_place.hpp"
#include "interpreter/packs/runtime_hooks.hpp"

namespace arbiter::packs {
namespace {

struct Field {
  const char* name;
  bool (*fits)(lua_State* L, int value);
  std::string expected;  // what it must be, after "must be"
  std::vector<std::string> words = {};  // the words it may be, if any: a misspelt one is told with the nearest
};

// 2 and 2.0 alike (`move = 10 * 1.5` is 15): a number with no fraction, in range.
bool whole_number(lua_State* L, int value) {
  int whole = 0;
  const lua_Integer n = lua_type(L, value) == LUA_TNUMBER ? lua_tointegerx(L, value, &whole) : 0;
  return whole && n >= 0 && n <= 1'000'000;
}
// A status's max_stacks: 1 or more.
bool count(lua_State* L, int value) { return whole_number(L, value) && lua_tointeger(L, value) >= 1; }
bool boolean(lua_State* L, int value) { return lua_type(L, value) == LUA_TBOOLEAN; }
bool text(lua_State* L, int value) { return lua_type(L, value) == LUA_TSTRING; }
bool function(lua_State* L, int value) { return lua_type(L, value) == LUA_TFUNCTION; }

bool table(lua_State* L, int value) { return lua_type(L, value) == LUA_TTABLE; }

bool boolean_or_function(lua_State* L, int value) { return boolean(L, value) || function(L, value); }
bool whole_number_or_function(lua_State* L, int value) { return whole_number(L, value) || function(L, value); }

// One of the words a status's field takes (`unit = "rounds"`), in any case, as the runtime reads it
// (parse_duration_unit).
template <const auto& words>
bool one_of(lua_State* L, int value) {
  return text(L, value) &&
         std::ranges::any_of(words, [&](std::string_view word) { return same_name(lua::whole_string(L, value), word); });
}
// A field of one of `words`: what it must be ("\"start\" or \"end\""), and the words, for the nearest.
template <const auto& words>
Field word_field(const char* name) {
  std::vector<std::string> quoted;
  for (const std::string_view word : words) quoted.push_back(fmt::format("\"{}\"", word));
  const std::string last = quoted.back();
  quoted.pop_back();
  return {name, one_of<words>, fmt::format("{} or {}", fmt::join(quoted, ", "), last),
          std::vector<std::string>(words.begin(), words.end())};
}

// One of these, or a function(me, target) judging whom the action may be taken at.
const std::vector<std::string> target_words{"enemy", "ally", "other", "none"};
bool target_kind(lua_State* L, int value) {
  if (function(L, value)) return true;
  return text(L, value) && std::ranges::find(target_words, lua::whole_string(L, value)) != target_words.end();
}

// `move = 15` or, as the Platemail pack's action data writes it, `move = { max = 15 }`; or `{ squares
// = 3 }`, squares of the map's scale (tempo's Base Combat Movement).
bool feet(lua_State* L, int value) {
  if (whole_number(L, value)) return true;
  if (lua_type(L, value) != LUA_TTABLE) return false;
  lua_pushnil(L);
  if (!lua_next(L, value)) return false;  // { }: no max
  const std::string_view key = text(L, -2) ? lua::whole_string(L, -2) : std::string_view{};
  const bool only_max = (key == "max" || key == "squares") && whole_number(L, -1);
  lua_pop(L, 1);
  const bool more = lua_next(L, value) != 0;
  lua_pop(L, more ? 2 : 0);
  return only_max && !more;
}

// Or a function() returning the feet, called once every pack has loaded (order_vocabulary.cpp), so
// that a definition reading its distance from a table (Platemail's actions_data) sees the house
// rules' patches of the table.
bool feet_or_function(lua_State* L, int value) { return function(L, value) || feet(L, value); }

// { "On Guard", "Off Guard" }: strings at 1..n and nothing else.
bool names(lua_State* L, int value) {
  if (lua_type(L, value) != LUA_TTABLE) return false;
  const lua_Unsigned length = lua_rawlen(L, value);
  lua_Unsigned count = 0;
  for (lua_pushnil(L); lua_next(L, value); lua_pop(L, 1)) {
    const bool item = lua_isinteger(L, -2) && lua_tointeger(L, -2) >= 1 &&
                      static_cast<lua_Unsigned>(lua_tointeger(L, -2)) <= length && text(L, -1);
    if (!item) {
      lua_pop(L, 2);
      return false;
    }
    ++count;
  }
  return count == length;
}

bool names_or_function(lua_State* L, int value) { return function(L, value) || names(L, value); }
bool boolean_or_names(lua_State* L, int value) { return boolean(L, value) || names(L, value); }

constexpr const char* true_or_false = "true or false";

// docs/fights.md, "Actions".
const std::vector<Field> action_fields{
    {"ready", boolean_or_function, "true, false or a function(me, intent)"},
    {"move", feet_or_function,
     "a whole number from 0 to 1000000, { max = that number }, { squares = that number }, or a function() returning "
     "the number or { squares = it }"},
    {"needs_target", boolean, true_or_false},
    {"needs_direction", boolean, true_or_false},
    {"target_is_way", boolean, true_or_false},
    {"target", target_kind, "\"enemy\", \"ally\", \"other\", \"none\", a function(me, target) or absent (any target)",
     target_words},
    {"carries_target", boolean, true_or_false},
    {"follows_target", boolean, true_or_false},
    {"away_from_hostiles", boolean_or_function, "true, false or a function() returning one"},
    {"declared_as", text, "the name of an action"},
    {"cost", whole_number_or_function,
     "a whole number of action points from 0 to 1000000, or a function(me, intent) returning one"},
    {"involuntary", boolean, true_or_false},
    {"turn_only", boolean, true_or_false},
    {"answers", names_or_function, "a list of action names or a function() returning one"},
    {"replaces", names_or_function, "a list of action names or a function() returning one"},
    {"usage", text, "a string"},
    {"arguments", boolean_or_names, "true (any argument), false (none) or a list of the words an argument may begin with"},
    {"allowed_by", names_or_function, "a list of status names or a function(me, intent)"},
    {"resolve", function, "a function(ctx)"},
    {"also_called", names, "a list of names"},
};

// docs/world.md, "Statuses". A modifier's own fields are checked as the status is read
// (lua::check_status_definition), as is a field that would do nothing beside another.
const std::vector<Field> status_fields{
    {"name", text, "a string"},
    word_field<stacking_names>("stacking"),
    {"max_stacks", count, "a whole number from 1 to 1000000"},
    word_field<duration_unit_names>("unit"),
    {"duration", whole_number, "a whole number from 0 to 1000000"},
    word_field<clock_edge_names>("expires"),
    word_field<clock_owner_names>("clock"),
    {"allows", names, "a list of action names"},
    {"forbids", names, "a list of action names"},
    {"modifiers", table, "a list of modifiers, { { roll = \"attack\", amount = -2, reason = \"Prone\" } }"},
};

const std::vector<Field> condition_fields{{"test", function, "a function(me, ...)"},
                                         {"also_called", names, "a list of phrases"},
                                         {"answered_by", names, "a list of action names"}};
const std::vector<Field> target_fields{{"find", function, "a function(me, ...)"},
                                      {"also_called", names, "a list of phrases"},
                                      {"compares", text, "the name of the stat it ranks characters by"},
                                      {"kinds", function, "a function(character) returning the words it answers to"},
                                      word_field<relation_names>("among")};

// A string a definition gives (`declared_as`, `usage`, `target`) or lists (`allowed_by`, `answers`)
// is a name or a sentence the fight shows and logs: text, whole.
void check_texts(lua_State* L, const std::string& what, int value) {
  if (lua_type(L, value) == LUA_TSTRING) lua::to_text(L, value, what);
  if (lua_type(L, value) != LUA_TTABLE) return;
  const auto items = static_cast<lua_Integer>(lua_rawlen(L, value));
  for (lua_Integer i = 1; i <= items; lua_pop(L, 1), ++i)
    if (lua_rawgeti(L, value, i) == LUA_TSTRING) lua::to_text(L, -1, fmt::format("{}[{}]", what, i));
}

// What is wrong with a definition: the field it is about, as the history names it ("move.maks"),
// and what is wrong with it.
struct Problem {
  std::string field;
  std::string text;
};

// The keys of the table at `index` (field `within` of the definition, "" for the definition) that
// are not `known`, each told as "no field 'maks' (did you mean 'max'?)", in sorted order (the
// table's own changes from run to run).
std::vector<Problem> unknown_fields(lua_State* L, int index, const std::vector<std::string>& known,
                                    const std::string& within = "") {
  std::vector<Problem> unknown;
  for (lua_pushnil(L); lua_next(L, index); lua_pop(L, 1)) {
    if (lua_type(L, -2) != LUA_TSTRING) {
      const std::string key = lua::describe(L, -2, 1);
      unknown.push_back({within + "[" + key + "]", fmt::format("no field [{}]", key)});
    } else if (const std::string key(lua::whole_string(L, -2)); std::ranges::find(known, key) == known.end()) {
      unknown.push_back({within.empty() ? key : within + "." + key,
                         with_nearest(fmt::format("no field '{}'", printable(key)), key, known)});
    }
  }
  std::ranges::sort(unknown, {}, &Problem::text);
  return unknown;
}

// What is wrong with a value that does not fit `field`: what it must be, and what it is.
Problem misfit(lua_State* L, int value, const Field& field) {
  // `move = { maks = 5 }`: the field misspelt inside, told with the nearest.
  if (std::string_view(field.name) == "move" && lua_type(L, value) == LUA_TTABLE) {
    const std::vector<Problem> inside = unknown_fields(L, value, {"max", "squares"}, field.name);
    if (!inside.empty()) {
      std::vector<std::string> told;
      for (const Problem& problem : inside) told.push_back(problem.text);
      return {inside.front().field, fmt::format("'move' has {}", fmt::join(told, ", "))};
    }
  }
  std::string message = fmt::format("'{}' must be {}, not {}", field.name, field.expected, lua::describe(L, value, 1));
  // A misspelt word (`target = "enemey"`) is told with the nearest of the words the field takes.
  if (text(L, value)) message = with_nearest(std::move(message), lua::whole_string(L, value), field.words);
  return {field.name, std::move(message)};
}

// Every field that is unknown or does not fit.
std::vector<Problem> field_problems(lua_State* L, const std::string& what, int index, const std::vector<Field>& fields) {
  std::vector<std::string> known;
  for (const Field& field : fields) known.emplace_back(field.name);
  std::vector<Problem> problems = unknown_fields(L, index, known);
  for (const Field& field : fields) {
    lua_pushstring(L, field.name);
    const bool absent = lua_rawget(L, index) == LUA_TNIL;
    check_texts(L, fmt::format("{}: '{}'", what, field.name), lua_gettop(L));
    if (!absent && !field.fits(L, lua_gettop(L))) problems.push_back(misfit(L, lua_gettop(L), field));
    lua_pop(L, 1);
  }
  return problems;
}

// The problems found, told at once: the author mends them all in one go. Told where the first of
// them is written.
void refuse_problems(const std::string& what, const std::vector<Problem>& problems) {
  if (problems.empty()) return;
  const std::string& first = problems.front().field;
  if (problems.size() == 1 && problems.front().text.starts_with("no field"))
    throw FieldMistake(first, what + " has " + problems.front().text);
  std::vector<std::string> told;
  for (const Problem& problem : problems)
    told.push_back(problem.text.starts_with("no field") ? "it has " + problem.text : problem.text);
  throw FieldMistake(first, every_mistake(what, told));
}

std::string definition_name(Kind kind, const std::string& name) { return fmt::format("{} '{}'", to_string(kind), name); }

void check_fields(lua_State* L, Kind kind, const std::string& name, int index, const std::vector<Field>& fields) {
  const std::string what = definition_name(kind, name);
  refuse_problems(what, field_problems(L, what, index, fields));
}

// What is wrong inside each of a status's modifiers (docs/world.md, "Statuses"): a misspelt `amont`
// or a roll that is no string would change every roll by 0, or no roll, silently. A modifier that
// is no table is the runtime's to tell (lua::check_status_definition), with the list's shape.
std::vector<Problem> modifier_problems(lua_State* L, int status) {
  std::vector<Problem> problems;
  lua_pushstring(L, "modifiers");
  if (lua_rawget(L, status) != LUA_TTABLE) {
    lua_pop(L, 1);
    return problems;
  }
  const int list = lua_gettop(L);
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, list));
  for (lua_Integer i = 1; i <= n; lua_pop(L, 1), ++i) {
    if (lua_rawgeti(L, list, i) != LUA_TTABLE) continue;
    const int item = lua_gettop(L);
    const std::string within = fmt::format("modifiers[{}]", i);
    const std::string modifier = fmt::format("modifier {}", i);
    for (Problem& unknown : unknown_fields(L, item, {"roll", "amount", "reason"}, within))
      problems.push_back({std::move(unknown.field), modifier + " has " + unknown.text});
    const auto field_of = [&](const char* key, int type) {
      lua_pushstring(L, key);
      return lua_rawget(L, item) == type;
    };
    const auto misfit_of = [&](const char* key, const char* expected) {
      problems.push_back({within + "." + key, fmt::format("{}'s '{}' must be {}, not {}", modifier, key, expected,
                                                          lua::describe(L, -1, 1))});
    };
    if (field_of("roll", LUA_TNIL)) problems.push_back({within, modifier + " needs the roll it changes (roll = \"attack\")"});
    else if (!text(L, -1)) misfit_of("roll", "the name of a roll, a string like \"attack\"");
    lua_pop(L, 1);
    if (field_of("amount", LUA_TNIL)) problems.push_back({within, modifier + " needs its amount, per stack (amount = -2)"});
    else if (int whole = 0; lua_type(L, -1) != LUA_TNUMBER || std::abs(lua_tointegerx(L, -1, &whole)) > 1'000'000 || !whole)
      misfit_of("amount", "a whole number from -1000000 to 1000000");
    lua_pop(L, 1);
    if (!field_of("reason", LUA_TNIL) && !text(L, -1)) misfit_of("reason", "a string");
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return problems;
}

// What each pack API after the first added to definitions (manifest.hpp, pack_api).
struct Added {
  Kind kind;
  const char* key;
  const char* value;  // the one new value of an older field; nullptr: the field itself is new
  int api;
};
const std::vector<Added> added_after_api_1{
    {Kind::action, "also_called", nullptr, 2},
    {Kind::condition, "also_called", nullptr, 2},
    {Kind::target, "also_called", nullptr, 2},
    {Kind::target, "compares", nullptr, 2},
    {Kind::target, "kinds", nullptr, 2},
    {Kind::target, "among", nullptr, 2},
    {Kind::condition, "answered_by", nullptr, 2},
    {Kind::action, "target", "ally", 2},
};

}  // namespace

std::optional<NewerThanApi> newer_than_api(lua_State* L, Kind kind, int index, int api) {
  if (lua_type(L, index) != LUA_TTABLE) return std::nullopt;
  index = lua_absindex(L, index);
  for (const Added& added : added_after_api_1) {
    if (added.kind != kind || added.api <= api) continue;
    lua_pushstring(L, added.key);
    const int type = lua_rawget(L, index);
    const bool uses = added.value ? type == LUA_TSTRING && lua::whole_string(L, -1) == added.value : type != LUA_TNIL;
    lua_pop(L, 1);
    if (uses)
      return NewerThanApi{added.value ? fmt::format("{} = \"{}\"", added.key, added.value) : added.key, added.key,
                          added.api};
  }
  return std::nullopt;
}

// The `narration` table: event types to the templates they are narrated by ("" says nothing).
void check_narration(lua_State* L, int index) {
  lua::for_each_ordered(L, index, [&] {
    if (lua_type(L, -2) != LUA_TSTRING)
      throw Error(fmt::format("table 'narration': its keys are event types, not {}", lua::describe(L, -2, 0)));
    const std::string type = lua::to_text(L, -2, "table 'narration': the event type");
    if (lua_type(L, -1) != LUA_TSTRING)
      throw FieldMistake(type, fmt::format("table 'narration': '{}' must be a template, a string like \"{{character}} moves\", "
                              "not {}",
                              type, lua::describe(L, -1, 1)));
    const std::string text = lua::to_text(L, -1, fmt::format("table 'narration': '{}'", type));
    try {
      Narrator::check_template(text);
    } catch (const Error& e) {
      throw FieldMistake(type, fmt::format("table 'narration': '{}': {}", type, e.diagnostics().front().message));
    }
  });
}

namespace {

// The key of one status's template, "status_applied:Taunted": its type must be one the runtime logs
// with a status, and its status one the rules define (docs/world.md, "Narration"). A misspelt type
// ("status_expird") would be looked up by no event, and the type's own sentence told instead.
void check_status_template_key(const std::string& type, const std::string& status, const Registry& registry) {
  const std::vector<std::string> of_a_status = runtime_event_types_with("status");
  const bool known_status = registry.find(Kind::status, status) != nullptr;
  if (!runtime_event_fields(type)) {
    // A pack's own type with a colon in it, near none of those and naming no status, is let be.
    const std::string hint = did_you_mean(type, of_a_status);
    if (hint.empty() && !known_status) return;
    throw Error(fmt::format("'{}:{}' names a template for one status, but the runtime logs no '{}' events{}", type,
                            status, type,
                            hint.empty() ? fmt::format(" (those of a status: {})", fmt::join(of_a_status, ", "))
                                         : "; " + hint));
  }
  if (std::ranges::find(of_a_status, type) == of_a_status.end())
    throw Error(fmt::format("'{}:{}' names a template for one status, but the runtime's '{}' events are of no "
                            "status: write '{}' alone",
                            type, status, type, type));
  if (!known_status)
    throw Error(fmt::format("'{}:{}': {}", type, status, unknown_name(status, registry.names(Kind::status), "status")));
}

}  // namespace

void check_runtime_narration(lua_State* L, const Registry& registry) {
  const Definition* narration = registry.find(Kind::table, "narration");
  if (!narration) return;
  // `blocked` and `paths_crossed` are the runtime's only without the hook `movement` (Platemail logs
  // a `blocked` of its own).
  const bool tells_meetings = !registry.find(Kind::hook, "movement");
  const lua::StackGuard guard(L);
  registry.push(L, Kind::table, "narration");
  lua::for_each_ordered(L, -1, [&] {
    const std::string key(lua::whole_string(L, -2));  // text, checked where it was given
    if ((key == event_type::blocked || key == event_type::paths_crossed) && !tells_meetings) return;
    try {
      // One status's template ("status_applied:Severed left arm") is checked as its type's.
      if (const auto parts = status_template_parts(key))
        check_status_template_key(std::string(parts->first), std::string(parts->second), registry);
      Narrator::check_runtime_template(key, lua::whole_string(L, -1));
    } catch (const Error& e) {
      throw Error(at_field(L, setting(*narration, key).location, key,
                           "table 'narration': " + e.diagnostics().front().message));
    }
  });
}

bool is_checked(Kind kind, const std::string& name) {
  return (kind != Kind::table && kind != Kind::hook) || (kind == Kind::table && name == "narration");
}

void check_definition(lua_State* L, Kind kind, const std::string& name, int index) {
  index = lua_absindex(L, index);
  luaL_checkstack(L, 4, "checking a definition");
  switch (kind) {
    case Kind::action: {
      // A name no sheet can write is an action no order can give (docs/orders.md).
      if (!orders::is_action_name(name))
        throw Error(fmt::format("action '{}': an order sheet cannot write this name. An action's name is words of "
                                "letters, one space between them (a word may hold ' or -, as in \"Counter-Attack\"), "
                                "and no word the sheet reads otherwise (if, then, to, toward, away, a compass word)",
                                printable(name)));
      check_fields(L, kind, name, index, action_fields);
      lua_pushstring(L, "needs_target");
      lua_rawget(L, index);
      lua_pushstring(L, "target");
      lua_rawget(L, index);
      const bool contradicts = lua_toboolean(L, -2) && text(L, -1) && lua::whole_string(L, -1) == "none";
      lua_pop(L, 2);
      if (contradicts)
        throw FieldMistake("target", fmt::format("action '{}': it cannot both need a target and take none (target = \"none\")", name));
      return;
    }
    case Kind::condition:
    case Kind::target:
      check_fields(L, kind, name, index, kind == Kind::condition ? condition_fields : target_fields);
      try {
        orders::check_placeholders(name);  // the name is the phrase
      } catch (const Error& e) {
        throw Error(fmt::format("{} '{}': {}", to_string(kind), name, e.diagnostics().front().message));
      }
      // The words `kinds` gives are what the phrase's {word} is compared with: one without it has none.
      if (kind == Kind::target && (" " + name + " ").find(" {word} ") == std::string::npos) {
        lua_pushstring(L, "kinds");
        const bool says_kinds = lua_rawget(L, index) != LUA_TNIL;
        lua_pop(L, 1);
        if (says_kinds)
          throw FieldMistake("kinds", fmt::format("target '{}': 'kinds' says which words a character answers to in "
                                                  "the phrase's {{word}}, and it has none: leave 'kinds' out, or "
                                                  "write {{word}} where the kind goes",
                                                  name));
      }
      return;
    case Kind::status: {
      // A modifier's mistakes are the status's, told with its fields' (docs/world.md, "Statuses").
      const std::string what = definition_name(kind, name);
      std::vector<Problem> problems = field_problems(L, what, index, status_fields);
      std::ranges::move(modifier_problems(L, index), std::back_inserter(problems));
      refuse_problems(what, problems);
      StatusDefinition status = lua::check_status_definition(L, index, name);
      // A definition's name is its registry key: a `name` field naming another status would make
      // this one replace that status in the fight, past the error "already defined" that
      // define gives, and leave the key naming nothing.
      if (!status.name.empty() && status.name != name)
        throw FieldMistake("name", fmt::format("status '{}': 'name' is \"{}\", but a status is named by its definition: leave "
                                "'name' out (or write \"{}\"); to change status '{}', use arbiter.override.status or "
                                "arbiter.patch.status",
                                name, status.name, name, status.name));
      status.name = name;
      check_status(status);
      return;
    }
    case Kind::table:
      if (name == "narration") check_narration(L, index);
      return;
    case Kind::hook:
      // A misspelt flow hook (`chose`, `round_strat`) would never be called, and the fight would
      // silently play without it. A pack's own hook (Platemail's `attack`, tempo's `exchange`),
      // which its code calls through arbiter.hooks, is named apart from the runtime's.
      if (!runtime_hook(name))
        if (const std::vector<std::string> near = nearest_names(name, runtime_hook_names()); !near.empty())
          throw Error(fmt::format("hook '{}' is not one the runtime calls, so nothing would call it: did you mean "
                                  "'{}'? (a pack's own hook, which its code calls through arbiter.hooks, takes a "
                                  "name apart from the runtime's: docs/fights.md, \"Hooks\")",
                                  printable(name), near.front()));
      return;
  }
}

}  // namespace arbiter::packs
