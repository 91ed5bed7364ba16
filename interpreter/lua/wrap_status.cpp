// The `status` module: defining statuses from plain tables, applying and removing them, and what
// they mean for play (allowed actions, roll modifiers with reasons). Changes go to the log.
#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/core/statuses.hpp"
#include "interpreter/core/vocabulary.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/ordered.hpp"
#include "interpreter/lua/services.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/world_bindings.hpp"

namespace arbiter::lua {

namespace {

Statuses runtime(lua_State* L) {
  return Statuses(world_of(L), services(L).get<StatusBook>("status book"), services(L).get<EventLog>("event log"));
}

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

std::vector<RollModifier> modifiers_field(lua_State* L, int table) {
  std::vector<RollModifier> out;
  lua_getfield(L, table, "modifiers");
  if (!lua_isnil(L, -1)) {
    luaL_checktype(L, -1, LUA_TTABLE);
    const int list = lua_gettop(L);
    const lua_Integer n = luaL_len(L, list);
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, list, i);
      const int item = lua_gettop(L);
      if (!lua_istable(L, item)) throw Error("each modifier is a table: { roll = \"attack\", amount = -2, reason = \"Prone\" }");
      // A misspelt `amont` or a fraction would otherwise change every roll by 0, or by less, silently.
      const std::string what = "a status's modifier " + std::to_string(i);
      check_field_names(L, item, what, {"roll", "amount", "reason"});
      RollModifier m;
      m.roll = opt_string_field(L, item, "roll", "");
      m.reason = opt_string_field(L, item, "reason", "");
      if (m.roll.empty()) throw Error(what + " needs the roll it changes (roll = \"attack\")");
      lua_getfield(L, item, "amount");
      int whole = 0;
      const lua_Integer amount = lua_tointegerx(L, -1, &whole);
      if (lua_isnil(L, -1)) throw Error(what + " needs its amount, per stack (amount = -2)");
      if (lua_type(L, -1) != LUA_TNUMBER || !whole || amount < -1'000'000 || amount > 1'000'000)
        throw Error(fmt::format("{}: 'amount' must be a whole number from -1000000 to 1000000, not {}", what,
                                printable(push_as_text(L, -1))));
      lua_pop(L, 1);
      m.amount = static_cast<int>(amount);
      out.push_back(std::move(m));
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return out;
}

}  // namespace

StatusDefinition check_status_definition(lua_State* L, int table) {
  luaL_checktype(L, table, LUA_TTABLE);
  // A misspelt field (`durration`) would leave the status lasting "until removed", silently.
  static const std::vector<std::string> fields{"name",  "stacking", "max_stacks", "unit",   "duration",
                                               "expires", "clock",  "allows",     "forbids", "modifiers"};
  table = lua_absindex(L, table);
  check_field_names(L, table, "a status", fields);
  StatusDefinition d;
  d.name = opt_string_field(L, table, "name", "");
  d.stacking = parse_stacking(opt_string_field(L, table, "stacking", "refresh"));
  d.max_stacks = static_cast<int>(opt_number_field(L, table, "max_stacks", 1));
  d.unit = parse_duration_unit(opt_string_field(L, table, "unit", "until removed"));
  d.duration = static_cast<int>(opt_number_field(L, table, "duration", 0));
  d.expires_at = parse_clock_edge(opt_string_field(L, table, "expires", "end"));
  d.clock = parse_clock_owner(opt_string_field(L, table, "clock", "owner"));
  d.allows = string_list_field(L, table, "allows");
  d.forbids = string_list_field(L, table, "forbids");
  d.modifiers = modifiers_field(L, table);
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
    if (!lua_isnil(L, -1)) how.duration = static_cast<int>(luaL_checkinteger(L, -1));
    lua_pop(L, 1);
    how.cause = opt_string_field(L, 3, "cause", "");
  }
  Statuses statuses = runtime(L);
  statuses.check_apply(target, status, how);
  change(L, [statuses, target, status, how]() mutable { statuses.apply(target, status, how); });
  return 0;
}

int remove(lua_State* L) {
  const EntityId target = check_entity(L, 1, world_of(L)).id;
  const std::string status = check_text(L, 2, "the status name");
  const std::string cause = opt_text(L, 3, "the cause");
  Statuses statuses = runtime(L);
  statuses.check_remove(target, status);
  // Inside an action the removal waits for the commit: say whether there is something to remove.
  lua_pushboolean(L, world_of(L).get(target).status(status) != nullptr);
  change(L, [statuses, target, status, cause]() mutable { statuses.remove(target, status, cause); });
  return 1;
}

int has(lua_State* L) {
  const Entity& who = check_entity(L, 1, world_of(L));
  lua_pushboolean(L, has_status(who, check_text(L, 2, "the status name"), services(L).get<StatusBook>("status book")));
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
  const auto found = runtime(L).modifiers(who, check_text(L, 2, "the roll's name"));
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
