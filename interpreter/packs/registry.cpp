#include "interpreter/packs/registry.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/core/vocabulary.hpp"
#include "interpreter/lua/ordered.hpp"
#include "interpreter/lua/readonly.hpp"
#include "interpreter/lua/sandbox.hpp"
#include "interpreter/lua/stack_guard.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/world_bindings.hpp"
#include "interpreter/packs/definition_check.hpp"
#include "interpreter/packs/runtime_hooks.hpp"

namespace arbiter::packs {
namespace {

constexpr int max_patch_depth = 100;

std::vector<std::string> kind_names() {
  std::vector<std::string> names;
  for (Kind k : all_kinds) names.emplace_back(to_string(k));
  return names;
}

// Hooks are functions (extension points); everything else is a table of data and functions.
void check_value_type(lua_State* L, Kind kind, const std::string& name, int index) {
  const int wanted = kind == Kind::hook ? LUA_TFUNCTION : LUA_TTABLE;
  if (lua_type(L, index) != wanted)
    throw Error(fmt::format("{} '{}' must be a {}, not a {}", to_string(kind), name, lua_typename(L, wanted),
                            luaL_typename(L, index)));
}

// "statuses[2]" as Lua writes a list's item, "ranks.Parry" for a named field.
std::string field_path(const std::string& prefix, lua_State* L, int key) {
  if (lua_type(L, key) != LUA_TSTRING) return prefix + "[" + lua::describe(L, key, 0) + "]";
  const std::string name(lua::whole_string(L, key));
  return prefix.empty() ? name : prefix + "." + name;
}

// Every function a definition is given must be written in Lua, or be a definition's (some pack's
// already): a built-in one (`error`, `string.rep`, `coroutine.yield`) would run as no pack's code,
// and its errors could name no file or line. Checked before anything is copied or merged.
void check_written_in_lua(lua_State* L, Kind kind, const std::string& name, int index, const std::string& path,
                          std::set<const void*>& seen, int depth) {
  index = lua_absindex(L, index);
  if (lua_iscfunction(L, index)) {
    if (lua::Sandbox::push_pack_function_parts(L, index)) {
      lua_pop(L, 2);
      return;
    }
    const std::string what = fmt::format("{} '{}'", to_string(kind), name) + (path.empty() ? "" : ": '" + path + "'");
    throw FieldMistake(path, what + " must be a function written in Lua, not a built-in function");
  }
  // A read-only view is a definition's, checked when it was made; a table met again, checked; one
  // nested too deep is refused by the copy or the merge.
  if (lua_type(L, index) != LUA_TTABLE || lua::is_readonly(L, index) || depth > max_patch_depth ||
      !seen.insert(lua_topointer(L, index)).second)
    return;
  // In the fixed order: of two built-in functions, the same one is told every run.
  lua::for_each_ordered(L, index, [&] {
    check_written_in_lua(L, kind, name, -1, field_path(path, L, lua_gettop(L) - 1), seen, depth + 1);
  });
}

void check_written_in_lua(lua_State* L, Kind kind, const std::string& name, int index) {
  std::set<const void*> seen;
  check_written_in_lua(L, kind, name, index, "", seen, 0);
}

// Whether the table at `index` is a list of plain values ({ "Bound", "On Guard" }): a patch gives
// such a list whole. Merged item by item it could never be shortened, and { "Ranged Attack" } over
// { "Melee Attack", "Unarmed Attack" } would mean neither. A list of tables (a flow's phases) is
// merged item by item: `phases = { { action_points = 10 } }` changes the first phase's points.
bool plain_list(lua_State* L, int index) {
  if (lua_rawlen(L, index) == 0) return false;
  const bool plain = lua_rawgeti(L, index, 1) != LUA_TTABLE;
  lua_pop(L, 1);
  return plain;
}

// Whether the values at `a` and `b` hold the same data: equal, or tables with the same keys whose
// values hold the same data (a patch giving a list of tables their own items changes nothing).
// Tables nested past a patch's depth are taken as different.
bool same_data(lua_State* L, int a, int b, int depth = 0) {
  if (lua_rawequal(L, a, b)) return true;
  if (lua_type(L, a) != LUA_TTABLE || lua_type(L, b) != LUA_TTABLE || depth > max_patch_depth) return false;
  a = lua_absindex(L, a);
  b = lua_absindex(L, b);
  luaL_checkstack(L, 4, "comparing a patch with a definition");
  const auto keys = [&](int table) {
    std::size_t count = 0;
    lua_pushnil(L);
    while (lua_next(L, table)) {
      lua_pop(L, 1);
      ++count;
    }
    return count;
  };
  if (keys(a) != keys(b)) return false;
  lua_pushnil(L);
  while (lua_next(L, a)) {
    lua_pushvalue(L, -2);
    lua_rawget(L, b);
    const bool same = same_data(L, -2, -1, depth + 1);
    lua_pop(L, 2);
    if (!same) {
      lua_pop(L, 1);
      return false;
    }
  }
  return true;
}

// Merges `fields` into `target` (both tables on L's stack) on behalf of `pack`, recording each
// leaf it changes, in the fixed order of the keys (ordered.hpp), so the history (`arbiter.history`,
// `explain`) lists them the same way every run. A function replacing a function gets the one it
// replaces as its last argument.
void merge(lua_State* L, int target, int fields, const std::string& prefix, const std::string& pack,
           std::vector<FieldChange>& changes, int depth) {
  if (depth > max_patch_depth) throw Error(fmt::format("a patch may nest tables at most {} deep", max_patch_depth));
  luaL_checkstack(L, 8, "patching a definition");
  lua::for_each_ordered(L, fields, [&] {
    const int key = lua_gettop(L) - 1, value = lua_gettop(L);
    const std::string path = field_path(prefix, L, key);
    lua_pushvalue(L, key);
    lua_rawget(L, target);
    const int old = lua_gettop(L);
    if (lua_type(L, old) == LUA_TTABLE && lua_type(L, value) == LUA_TTABLE && !plain_list(L, value)) {
      merge(L, old, value, path, pack, changes, depth + 1);
    } else if (same_data(L, old, value)) {
      // The value it already has: no change, so no history to show and nothing to conflict with
      // (two house packs both setting Max Wounds to 4 agree, whatever their order).
    } else {
      FieldChange change{path, lua::describe(L, old), lua::describe(L, value)};
      lua_pushvalue(L, key);
      if (lua_type(L, old) == LUA_TFUNCTION && lua_type(L, value) == LUA_TFUNCTION)
        lua::Sandbox::of(L).push_pack_function(L, pack, value, old);
      else
        lua::push_deep_copy(L, value, &pack);
      lua_rawset(L, target);
      changes.push_back(std::move(change));
    }
    lua_settop(L, value);
  });
}

// The fields an override changes, named as a patch's changes are (`outcomes[2]`, `move.max`): each
// value of `now` (the replacement, a table on L's stack) that differs from `old`'s (the definition
// replaced), and each of `old`'s that `now` lacks. Tables are compared field by field, but for a
// list of plain values, which is one value as a patch gives it.
void overridden_fields(lua_State* L, int old, int now, const std::string& prefix, std::vector<FieldChange>& out,
                       int depth) {
  luaL_checkstack(L, 8, "comparing an override with the definition it replaces");
  lua::for_each_ordered(L, now, [&] {
    const int key = lua_gettop(L) - 1, value = lua_gettop(L);
    lua_pushvalue(L, key);
    lua_rawget(L, old);
    const int before = lua_gettop(L);
    const bool both_records = lua_type(L, before) == LUA_TTABLE && lua_type(L, value) == LUA_TTABLE &&
                              !plain_list(L, before) && !plain_list(L, value) && depth < max_patch_depth;
    if (both_records)
      overridden_fields(L, before, value, field_path(prefix, L, key), out, depth + 1);
    else if (!same_data(L, before, value))
      out.push_back({field_path(prefix, L, key), lua::describe(L, before), lua::describe(L, value)});
    lua_settop(L, value);
  });
  lua::for_each_ordered(L, old, [&] {
    const int key = lua_gettop(L) - 1, value = lua_gettop(L);
    lua_pushvalue(L, key);
    if (lua_rawget(L, now) == LUA_TNIL) out.push_back({field_path(prefix, L, key), lua::describe(L, value), "nil"});
    lua_settop(L, value);
  });
}

// An override's functions that replace functions (an action's `resolve`, a function in a table)
// get the ones they replace as their last argument, as a patch's do and a hook's override does
// (docs/packs.md, "Replace a whole definition"). `copy` is the override's copy, `given` what the
// pack gave, `old` the definition it replaces: the three walked together.
void chain_replaced(lua_State* L, int copy, int given, int old, const std::string& pack, int depth) {
  if (depth > max_patch_depth || lua::is_readonly(L, given)) return;  // a view is a definition's, whole
  luaL_checkstack(L, 8, "overriding a definition");
  // In the fixed order: the pack functions made here are numbered in the order of making, which
  // `tostring` and `pairs` show.
  lua::for_each_ordered(L, given, [&] {
    const int key = lua_gettop(L) - 1, value = lua_gettop(L);
    lua_pushvalue(L, key);
    lua_rawget(L, old);
    const int before = lua_gettop(L);
    if (lua_type(L, value) == LUA_TFUNCTION && lua_type(L, before) == LUA_TFUNCTION && !lua_rawequal(L, value, before)) {
      lua_pushvalue(L, key);
      lua::Sandbox::of(L).push_pack_function(L, pack, value, before);
      lua_rawset(L, copy);
    } else if (lua_type(L, value) == LUA_TTABLE && lua_type(L, before) == LUA_TTABLE) {
      lua_pushvalue(L, key);
      if (lua_rawget(L, copy) == LUA_TTABLE) chain_replaced(L, lua_gettop(L), value, before, pack, depth + 1);
    }
    lua_settop(L, value);
  });
}

// C0 (line breaks among them), DEL, and C1 written in UTF-8 (U+0085 is a line break too).
bool holds_control_character(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) return true;
    if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) < 0xa0 &&
        static_cast<unsigned char>(text[i + 1]) >= 0x80)
      return true;
    // U+2028 and U+2029, the line and paragraph separators: line breaks to an editor or a browser.
    if (text.substr(i, 3) == "\xe2\x80\xa8" || text.substr(i, 3) == "\xe2\x80\xa9") return true;
  }
  return false;
}

bool overlaps(const Change& a, const Change& b) {
  if (a.operation != Operation::patch || b.operation != Operation::patch) return true;
  for (const auto& x : a.fields) {
    for (const auto& y : b.fields) {
      const auto& [shorter, longer] = x.field.size() <= y.field.size() ? std::tie(x.field, y.field)
                                                                        : std::tie(y.field, x.field);
      if (longer.compare(0, shorter.size(), shorter) == 0 &&
          (longer.size() == shorter.size() || longer[shorter.size()] == '.'))
        return true;
    }
  }
  return false;
}

}  // namespace

std::string_view to_string(Kind kind) {
  switch (kind) {
    case Kind::action: return "action";
    case Kind::status: return "status";
    case Kind::table: return "table";
    case Kind::condition: return "condition";
    case Kind::target: return "target";
    case Kind::hook: return "hook";
  }
  return "?";
}

Kind parse_kind(std::string_view text) {
  for (Kind k : all_kinds)
    if (to_string(k) == text) return k;
  const std::string hint = did_you_mean(text, kind_names());
  throw Error(fmt::format("'{}' is not a kind of definition: the kinds are action, status, table, condition, "
                          "target and hook{}",
                          text, hint.empty() ? "" : " (" + hint + ")"));
}

std::string_view to_string(Operation operation) {
  switch (operation) {
    case Operation::define: return "defined";
    case Operation::override: return "overridden";
    case Operation::patch: return "patched";
  }
  return "?";
}

bool Registry::has_turns(lua_State* L) const {
  const lua::StackGuard guard(L);
  if (!push(L, Kind::table, "flow") || lua_type(L, -1) != LUA_TTABLE) return false;
  lua_pushstring(L, "phases");
  if (lua_rawget(L, -2) != LUA_TTABLE) return false;
  for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TTABLE; ++i) {
    lua_pushstring(L, "kind");
    lua_rawget(L, -2);
    if (lua_type(L, -1) == LUA_TSTRING && lua::whole_string(L, -1) == "sequential") return true;
    lua_pop(L, 2);
  }
  return false;
}

std::string Registry::unknown(Kind kind, const std::string& name, lua_State* L) const {
  const std::string message = fmt::format("no {} '{}' is defined", to_string(kind), printable(name));
  // One of the runtime's hooks that no pack defines: a misspelling of none, but a hook this flow
  // may never call (docs/fights.md, "Hooks").
  if (const RuntimeHook* hook = kind == Kind::hook ? runtime_hook(name) : nullptr) {
    if (hook->sequential_only && L && !has_turns(L))
      return fmt::format("{}: '{}' is a hook of sequential phases, which this ruleset's flow never calls: its "
                         "phases are all simultaneous",
                         message, name);
    return fmt::format("{}: the runtime calls '{}' once a pack defines it, and none loaded does: define it with "
                       "arbiter.define.hook",
                       message, name);
  }
  const std::vector<std::string> known = names(kind);
  if (const std::string hint = did_you_mean(name, known); !hint.empty()) return fmt::format("{} ({})", message, hint);
  const std::string kind_name(to_string(kind));
  const std::string many = kind_name + (kind_name.ends_with('s') ? "es" : "s");  // statuses
  if (known.empty()) return fmt::format("{}: no pack loaded defines {}", message, many);
  return fmt::format("{}; the {} defined are, nearest first: {}", message, many, listed_nearest_first(name, known));
}

Definition& Registry::existing(lua_State* L, Kind kind, const std::string& name) {
  const auto it = definitions_.find({kind, name});
  if (it == definitions_.end()) throw Error(unknown(kind, name, L));
  return it->second;
}

// Sheets name actions, conditions and targets without regard to case (and phrases without regard
// to the blanks between words, a target's to a leading "the": docs/orders.md), as encounters'
// characters are named (encounter.cpp): a second name that is the first to every sheet would take
// its orders, or lose them, silently. Refused at the second, naming the first; an override or a
// patch of the first names it as it is defined.
void Registry::check_alike(Kind kind, const std::string& name) const {
  using Key = std::string (*)(std::string_view);
  const Key key = kind == Kind::action      ? Key{orders::action_key}
                  : kind == Kind::condition ? Key{orders::condition_key}
                  : kind == Kind::target    ? Key{orders::target_key}
                                            : nullptr;
  if (!key) return;
  const std::string mine = key(name);
  for (const auto& [id, earlier] : definitions_) {
    if (id.first != kind || key(id.second) != mine) continue;
    const Change& first = earlier.history.front();
    const char* reads = kind == Kind::action ? "an action's name without regard to case"
                        : kind == Kind::condition
                            ? "a condition's phrase without regard to case or to the blanks between its words"
                            : "a target's phrase without regard to case, to the blanks between its words or to a "
                              "leading 'the'";
    throw Error(fmt::format("{0} '{1}' is {0} '{2}' to an order sheet, which reads {3}; '{2}' is already defined by "
                            "pack '{4}' at {5}: give this one a name of its own, or change that one with "
                            "arbiter.override.{0} or arbiter.patch.{0} and the name '{2}'",
                            to_string(kind), name, id.second, reads, first.pack, first.location));
  }
}

void Registry::define(lua_State* L, Kind kind, const std::string& name, int index, const std::string& pack,
                      const std::string& location) {
  if (name.empty()) throw Error(fmt::format("a {} needs a name", to_string(kind)));
  // Names are written in sheets, logs and saves (JSON): text, whole.
  check_text(name, fmt::format("the {} name", to_string(kind)));
  // Names are listed a line each (`arbiter explain`) and written in order sheets: a line break
  // would forge a line of the listing, and no one could type the name.
  if (holds_control_character(name))
    throw Error(fmt::format("the {} name \"{}\" holds a line break or another control character: a name is one "
                            "line of text",
                            to_string(kind), printable(name)));
  if (const Definition* earlier = find(kind, name)) {
    const Change& first = earlier->history.front();
    const std::string defined = fmt::format("{} '{}' is already defined by pack '{}' at {}", to_string(kind), name,
                                            first.pack, first.location);
    // Two packs of which neither builds on the other, such as two rulesets loaded together: no
    // override can be meant.
    if (first.pack != pack && !depends_on_(pack, first.pack) && !depends_on_(first.pack, pack))
      throw Error(fmt::format("{}, and neither of '{}' and '{}' requires the other: they cannot be loaded together "
                              "(two rulesets?). A house rule that changes it requires '{}' and uses "
                              "arbiter.override.{} or arbiter.patch.{}",
                              defined, first.pack, pack, first.pack, to_string(kind), to_string(kind)));
    throw Error(fmt::format("{}: use arbiter.override.{} to replace it, or arbiter.patch.{} to change some of its "
                            "fields",
                            defined, to_string(kind), to_string(kind)));
  }
  check_alike(kind, name);
  check_value_type(L, kind, name, index);
  check_written_in_lua(L, kind, name, index);
  check_definition(L, kind, name, index);
  std::optional<FightChange> kept = fight_change(L, kind, name, Operation::define, index, pack, location);
  // A copy, so that changing the table afterwards cannot bypass the registry; its functions are
  // the pack's, run on its behalf and budget wherever they are called from.
  lua::push_deep_copy(L, index, &pack);
  Definition definition{kind, name, luaL_ref(L, LUA_REGISTRYINDEX), {}, {}};
  definition.history.push_back(Change{pack, Operation::define, location, {}});
  definitions_.emplace(std::pair{kind, name}, std::move(definition));
  ++revision_;
  if (kept) fight_changes_.push_back(std::move(*kept));
}

void Registry::set_made_from(lua_State* L, Kind kind, const std::string& name, MadeFrom from) {
  if (!find(from.kind, from.name)) throw Error(unknown(from.kind, from.name, L));
  existing(L, kind, name).made_from = std::move(from);
}

void Registry::replace(lua_State* L, Kind kind, const std::string& name, int index, const std::string& pack,
                       const std::string& location) {
  Definition& definition = existing(L, kind, name);
  check_value_type(L, kind, name, index);
  check_written_in_lua(L, kind, name, index);
  check_definition(L, kind, name, index);
  index = lua_absindex(L, index);
  std::optional<FightChange> kept = fight_change(L, kind, name, Operation::override, index, pack, location);
  lua_rawgeti(L, LUA_REGISTRYINDEX, definition.value_ref);
  FieldChange change{"", lua::describe(L, -1), lua::describe(L, index)};
  std::vector<FieldChange> overridden;
  if (kind == Kind::hook) {
    lua::Sandbox::of(L).push_pack_function(L, pack, index, -1);
  } else {
    lua::push_deep_copy(L, index, &pack);
    chain_replaced(L, lua_gettop(L), index, lua_gettop(L) - 1, pack, 0);
    // Compared with the copy, which holds data where the pack gave a definition's read-only view.
    overridden_fields(L, lua_gettop(L) - 1, lua_gettop(L), "", overridden, 0);
  }
  lua_rawseti(L, LUA_REGISTRYINDEX, definition.value_ref);
  lua_pop(L, 1);
  record(definition, Change{pack, Operation::override, location, {std::move(change)}, std::move(overridden)});
  if (kept) fight_changes_.push_back(std::move(*kept));
}

void Registry::patch(lua_State* L, Kind kind, const std::string& name, int index, const std::string& pack,
                     const std::string& location) {
  Definition& definition = existing(L, kind, name);
  if (kind == Kind::hook)
    throw Error(fmt::format("hook '{}' is a function: use arbiter.override.hook to replace it", name));
  if (lua_type(L, index) != LUA_TTABLE)
    throw Error(fmt::format("a patch of {} '{}' is a table of the fields to change, not a {}", to_string(kind), name,
                            luaL_typename(L, index)));
  check_written_in_lua(L, kind, name, index);
  index = lua_absindex(L, index);
  std::optional<FightChange> kept = fight_change(L, kind, name, Operation::patch, index, pack, location);
  lua_rawgeti(L, LUA_REGISTRYINDEX, definition.value_ref);
  const int current = lua_gettop(L);
  std::vector<FieldChange> changes;
  if (is_checked(kind, name)) {
    // Checked as it would be after the patch, before it is: a bad patch leaves the definition as it was.
    lua::push_deep_copy(L, current);
    merge(L, lua_gettop(L), index, "", pack, changes, 0);
    check_definition(L, kind, name, -1);
    lua_pop(L, 1);
    changes.clear();
  }
  merge(L, current, index, "", pack, changes, 0);
  lua_pop(L, 1);
  record(definition, Change{pack, Operation::patch, location, std::move(changes)});
  if (kept) fight_changes_.push_back(std::move(*kept));
}

std::optional<FightChange> Registry::fight_change(lua_State* L, Kind kind, const std::string& name,
                                                  Operation operation, int index, const std::string& pack,
                                                  const std::string& location) const {
  if (!keeping_fight_changes_) return std::nullopt;
  FightChange change{kind, name, operation, pack, location, nullptr, ""};
  try {
    // As a log keeps its fields (finite numbers, which JSON holds), but a character's handle is
    // refused: resumed, the definition would hold its name instead.
    change.value = lua::check_json(L, index, lua::JsonFor::saving);
  } catch (const Error& e) {
    change.not_plain = e.diagnostics().front().message;
  }
  return change;
}

const Change& setting(const Definition& d, std::string_view field) {
  for (auto change = d.history.rbegin(); change != d.history.rend(); ++change) {
    const bool sets = change->operation != Operation::patch ||
                      std::any_of(change->fields.begin(), change->fields.end(), [&](const FieldChange& f) {
                        return f.field == field || f.field.starts_with(std::string(field) + ".") ||
                               f.field.starts_with(std::string(field) + "[");
                      });
    if (sets) return *change;
  }
  return d.history.back();
}

void Registry::add_check(lua_State* L, int index, const std::string& pack) {
  if (!accepting_checks_)
    throw Error("arbiter.add_check: a check is added as its pack loads (in the pack's files, outside any "
                "function the runtime calls later)");
  lua_pushvalue(L, index);
  checks_.push_back({pack, luaL_ref(L, LUA_REGISTRYINDEX)});
  checked_.reset();  // a check added runs before the runtime next calls into the packs
}

void Registry::run_checks(lua_State* L, const std::function<void(const std::string& pack)>& call) const {
  if (checked_ == revision_) return;
  for (const Check& check : checks_) {  // none is added meanwhile: packs are loaded (add_check)
    lua_rawgeti(L, LUA_REGISTRYINDEX, check.ref);
    call(check.pack);
  }
  checked_ = revision_;
}

void Registry::record(Definition& definition, Change change) {
  ++revision_;
  for (const Change& earlier : definition.history) {
    if (earlier.pack == change.pack || depends_on_(change.pack, earlier.pack)) continue;
    const std::string what = fmt::format("{} '{}'", to_string(definition.kind), definition.name);
    if (earlier.operation == Operation::define) {
      conflicts_.push_back({change.location, fmt::format("pack '{}' changes {}, defined by pack '{}', without "
                                                         "requiring '{}': add it to the manifest's requires",
                                                         change.pack, what, earlier.pack, earlier.pack)});
    } else if (overlaps(earlier, change)) {
      conflicts_.push_back({change.location, fmt::format("packs '{}' ({}) and '{}' both change {} and neither "
                                                         "requires the other: the result depends on load order",
                                                         earlier.pack, earlier.location, change.pack, what)});
    }
  }
  definition.history.push_back(std::move(change));
}

bool Registry::push(lua_State* L, Kind kind, const std::string& name) const {
  const Definition* definition = find(kind, name);
  if (!definition) return false;
  lua_rawgeti(L, LUA_REGISTRYINDEX, definition->value_ref);
  return true;
}

const Definition* Registry::find(Kind kind, const std::string& name) const {
  const auto it = definitions_.find({kind, name});
  return it == definitions_.end() ? nullptr : &it->second;
}

std::vector<std::string> Registry::names(Kind kind) const {
  std::vector<std::string> names;
  for (const auto& [key, definition] : definitions_)
    if (key.first == kind) names.push_back(key.second);
  return names;
}

std::vector<const Definition*> Registry::definitions() const {
  std::vector<const Definition*> all;
  for (const auto& [key, definition] : definitions_) all.push_back(&definition);
  return all;
}

}  // namespace arbiter::packs
