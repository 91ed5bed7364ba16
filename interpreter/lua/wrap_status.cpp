// The `status` module: defining statuses from plain tables, applying and removing them, and what
// they mean for play (allowed actions, roll modifiers with reasons). Changes go to the log.
#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/mistakes.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/core/statuses.hpp"
#include "interpreter/core/vocabulary.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/location.hpp"
#include "interpreter/lua/ordered.hpp"
#include "interpreter/lua/sandbox.hpp"
#include "interpreter/lua/services.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/world_bindings.hpp"

namespace arbiter::lua {

namespace {

// The fight's own: a change to a status running out waits in it for the phase's end (statuses.hpp).
Statuses& runtime(lua_State* L) { return services(L).get<Statuses>("statuses"); }

std::vector<std::string> string_list_field(lua_State* L, int table, const char* field) {
  std::vector<std::string> out;
  lua_getfield(L, table, field);
  if (!lua_isnil(L, -1)) {
    if (!lua_istable(L, -1)) throw Error(std::string("'") + field + "' must be a list of action names");
    const lua_Integer n = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, -1, i);
      if (lua_type(L, -1) != LUA_TSTRING) throw Error(std::string("'") + field + "' must be a list of action names");
      out.push_back(to_text(L, -1, fmt::format("'{}'[{}]", field, i)));
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return out;
}

// A whole number field of the table at `table`, or `fallback` when absent: a fraction, NaN, an
// infinity or one out of range is an error naming the field and the value, never cut to fit.
int opt_whole_field(lua_State* L, int table, const char* field, const std::string& what, int least, int most,
                    int fallback) {
  lua_getfield(L, table, field);
  const int value = lua_isnil(L, -1) ? fallback
                                     : static_cast<int>(check_whole(L, -1, fmt::format("{}: '{}'", what, field), least,
                                                                    most));
  lua_pop(L, 1);
  return value;
}

bool has_field(lua_State* L, int table, const char* field) {
  lua_getfield(L, table, field);
  const bool given = !lua_isnil(L, -1);
  lua_pop(L, 1);
  return given;
}

std::vector<RollModifier> modifiers_field(lua_State* L, int table, const std::string& status) {
  std::vector<RollModifier> out;
  lua_getfield(L, table, "modifiers");
  if (!lua_isnil(L, -1)) {
    const int list = lua_gettop(L);
    const char* shape =
        "modifiers = { { roll = \"attack\", amount = -2, reason = \"Prone\" } }: each modifier a table in the list";
    if (!lua_istable(L, list))
      throw Error(fmt::format("{}: 'modifiers' must be a list of modifiers, {}; not {}", status, shape,
                              printable(describe(L, list, 1))));
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, list));
    // One modifier's fields written without the list around them (`modifiers = { roll = "attack",
    // amount = -2 }`) would be no modifier at all, silently.
    const KeysBesideList beside = keys_beside_list(L, list, n);
    if (!beside.names.empty() || !beside.others.empty())
      throw Error(fmt::format("{}: 'modifiers' must be a list of modifiers, {}; this one has {} '{}' beside its "
                              "items{}",
                              status, shape, beside.names.empty() ? "the key" : "the field",
                              beside.names.empty() ? beside.others.front() : beside.names.front(),
                              n == 0 && !beside.names.empty() ? " (one modifier's fields: put { } around them)" : ""));
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, list, i);
      const int item = lua_gettop(L);
      if (!lua_istable(L, item))
        throw Error(fmt::format("{}: 'modifiers' must be a list of modifiers, {}; item {} is {}", status, shape, i,
                                printable(describe(L, item, 1))));
      // A misspelt `amont` or a fraction would otherwise change every roll by 0, or by less, silently.
      const std::string what = "a status's modifier " + std::to_string(i);
      check_field_names(L, item, what, {"roll", "amount", "reason"});
      RollModifier m;
      m.roll = opt_string_field(L, item, "roll", "");
      m.reason = opt_string_field(L, item, "reason", "");
      if (m.roll.empty()) throw Error(what + " needs the roll it changes (roll = \"attack\")");
      if (!has_field(L, item, "amount")) throw Error(what + " needs its amount, per stack (amount = -2)");
      m.amount = opt_whole_field(L, item, "amount", what, -1'000'000, 1'000'000, 0);
      out.push_back(std::move(m));
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return out;
}

}  // namespace

StatusDefinition check_status_definition(lua_State* L, int table, std::string_view name) {
  luaL_checktype(L, table, LUA_TTABLE);
  // Its fields' names and types were checked as it was defined, every mistake at once
  // (packs::check_definition); here what they mean together.
  table = lua_absindex(L, table);
  StatusDefinition d;
  d.name = opt_string_field(L, table, "name", "");
  const std::string_view called = name.empty() ? std::string_view(d.name) : name;
  const std::string what = called.empty() ? "a status" : fmt::format("status '{}'", printable(called));
  d.stacking = parse_stacking(opt_string_field(L, table, "stacking", "refresh"));
  d.max_stacks = opt_whole_field(L, table, "max_stacks", what, 1, most_stacks, 1);
  d.unit = parse_duration_unit(opt_string_field(L, table, "unit", "until removed"));
  d.duration = opt_whole_field(L, table, "duration", what, 0, longest_duration, 0);
  d.expires_at = parse_clock_edge(opt_string_field(L, table, "expires", "end"));
  d.clock = parse_clock_owner(opt_string_field(L, table, "clock", "owner"));
  d.allows = string_list_field(L, table, "allows");
  d.forbids = string_list_field(L, table, "forbids");
  d.modifiers = modifiers_field(L, table, what);
  // A field that does nothing would pass for one that does: a duration that nothing counts down,
  // stacks that never add up. Both told at once, as the fields' own mistakes are.
  std::vector<std::string> mistakes;
  if (d.unit == DurationUnit::UntilRemoved && has_field(L, table, "duration"))
    mistakes.push_back(duration_without_unit(d.duration));
  if (d.stacking != Stacking::Stack && has_field(L, table, "max_stacks"))
    mistakes.push_back(fmt::format("'max_stacks' = {} counts nothing unless it stacks: give stacking = \"stack\" (the "
                                   "stacking is \"{}\"), or leave 'max_stacks' out",
                                   d.max_stacks, arbiter::name(d.stacking)));
  if (!mistakes.empty()) throw Error(every_mistake(what, mistakes));
  return d;
}

namespace {

int apply(lua_State* L) {
  World& world = world_of(L);
  const EntityId target = check_entity(L, 1, world).id;
  const std::string status = check_text(L, 2, "the status name");
  Application how;
  if (!lua_isnoneornil(L, 3)) {
    luaL_checktype(L, 3, LUA_TTABLE);
    check_field_names(L, 3, "status.apply's options table", {"source", "duration", "cause"});
    lua_getfield(L, 3, "source");
    if (!lua_isnil(L, -1)) how.source = check_entity(L, -1, world).id;
    lua_pop(L, 1);
    lua_getfield(L, 3, "duration");
    if (!lua_isnil(L, -1))
      how.duration = static_cast<int>(check_whole(
          L, -1, fmt::format("status '{}' on {}: 'duration'", printable(status), world.get(target).name), 0,
          longest_duration));
    lua_pop(L, 1);
    how.cause = opt_string_field(L, 3, "cause", "");
  }
  Statuses& statuses = runtime(L);
  statuses.check_apply(target, status, how);
  change(L, [&statuses, target, status, how] { statuses.apply(target, status, how); });
  return 0;
}

int remove(lua_State* L) {
  const EntityId target = check_entity(L, 1, world_of(L)).id;
  const std::string status = check_text(L, 2, "the status name");
  const std::string cause = opt_text(L, 3, "the cause");
  Statuses& statuses = runtime(L);
  statuses.check_remove(target, status);
  // Inside an action the removal waits for the commit: say whether there is something to remove.
  lua_pushboolean(L, world_of(L).get(target).status(status) != nullptr);
  change(L, [&statuses, target, status, cause] { statuses.remove(target, status, cause); });
  return 1;
}

int has(lua_State* L) {
  const Entity& who = check_entity(L, 1, world_of(L));
  std::size_t length = 0;
  const char* const name = luaL_checklstring(L, 2, &length);
  const std::string_view status(name, length);
  const auto& book = services(L).get<StatusBook>("status book");
  // Asked hundreds of times a round: a name the book holds needs no other check, and is looked up
  // once (has_status would look it up again for every status not held, most of them).
  if (book.find(status)) {
    lua_pushboolean(L, who.status(status) != nullptr);
    return 1;
  }
  check_text(L, 2, "the status name");
  lua_pushboolean(L, has_status(who, status, book));
  return 1;
}

int allows(lua_State* L) {
  const EntityId who = check_entity(L, 1, world_of(L)).id;
  const std::string action = check_text(L, 2, "the action name");
  check_action_name(L, action);
  const ActionVerdict verdict = runtime(L).allows(who, action);
  lua_pushboolean(L, verdict.allowed);
  if (verdict.allowed) return 1;
  lua_pushlstring(L, verdict.because.data(), verdict.because.size());
  return 2;
}

int modifiers(lua_State* L) {
  const EntityId who = check_entity(L, 1, world_of(L)).id;
  // Who asks decides whose slip a near miss is: a roll a pack loaded before asks for is the rules'.
  // The asking line, found only for a near miss kept undecided, is where the asker's slip is told.
  const auto found = runtime(L).modifiers(who, check_text(L, 2, "the roll's name"), Sandbox::of(L).current_pack_order(),
                                          [L] { return caller_location(L); });
  lua_createtable(L, static_cast<int>(found.size()), 0);
  lua_Integer total = 0;
  for (std::size_t i = 0; i < found.size(); ++i) {
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, found[i].amount);
    lua_setfield(L, -2, "amount");
    lua_pushstring(L, found[i].reason.c_str());
    lua_setfield(L, -2, "reason");
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    total += found[i].amount;
  }
  lua_pushinteger(L, total);
  return 2;
}

const luaL_Reg functions[] = {
    {"apply", guarded<apply>}, {"remove", guarded<remove>},       {"has", guarded<has>},
    {"allows", guarded<allows>}, {"modifiers", guarded<modifiers>}, {nullptr, nullptr},
};

}  // namespace

void check_action_name(lua_State* L, std::string_view action) {
  const auto* vocabulary = services(L).find<orders::Vocabulary>();
  if (!vocabulary) return;
  if (const orders::ActionRules* found = vocabulary->action(action); found && found->name == action) return;
  check_known_name(action, vocabulary->action_names(), "action");
}

int open_status(lua_State* L) {
  luaL_newlib(L, functions);
  return 1;
}

}  // namespace arbiter::lua
