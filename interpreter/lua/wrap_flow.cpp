// The `flow` module: where the fight is (round, phase, turn), what each character is doing this
// phase, and the flow's levers a ruleset pulls — Ready, reactions, action points. The host
// provides the running Flow as a service; outside a fight every function is a clear error.
#include <algorithm>

#include <fmt/format.h>

#include "interpreter/core/flow.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/lua/character_handles.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/services.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/world_bindings.hpp"

namespace arbiter::lua {

namespace {

Flow& flow_of(lua_State* L) { return services(L).get<Flow>("fight"); }

int push_intent_or_nil(lua_State* L, const Intent* intent) {
  if (intent) push_intent(L, *intent, world_of(L));
  else lua_pushnil(L);
  return 1;
}

int position(lua_State* L) {
  const FlowPosition at = flow_of(L).position();
  lua_pushinteger(L, at.round);
  lua_pushinteger(L, at.phase);
  lua_pushinteger(L, at.turn);
  return 3;
}

int phase(lua_State* L) {
  const PhaseRules& running = flow_of(L).phase();
  lua_createtable(L, 0, 4);
  lua_pushstring(L, running.name.c_str());
  lua_setfield(L, -2, "name");
  lua_pushstring(L, std::string(name(running.kind)).c_str());
  lua_setfield(L, -2, "kind");
  lua_pushinteger(L, running.action_points);
  lua_setfield(L, -2, "action_points");
  lua_pushinteger(L, flow_of(L).position().phase);
  lua_setfield(L, -2, "number");
  return 1;
}

int intent(lua_State* L) {
  return push_intent_or_nil(L, flow_of(L).intent(check_entity(L, 1, world_of(L)).id));
}

int previous(lua_State* L) {
  return push_intent_or_nil(L, flow_of(L).previous(check_entity(L, 1, world_of(L)).id));
}

int set_ready(lua_State* L) {
  refuse_while_judging(L);
  const EntityId who = check_entity(L, 1, world_of(L)).id;
  luaL_checktype(L, 2, LUA_TBOOLEAN);
  flow_of(L).set_ready(who, lua_toboolean(L, 2));
  return 0;
}

// Action points and reaction windows belong to a phase: between phases (round_start, round_end,
// f:within between rounds) spent points would be forgotten when the next phase gives everyone
// its own, points read would be the last phase's leftovers (or 0 before any), and a reaction
// would answer nothing, so each is refused rather than lost or misread.
Flow& running_phase(lua_State* L, std::string_view function) {
  Flow& flow = flow_of(L);
  if (!flow.in_phase())
    throw Error(fmt::format("{} may be called only while a phase runs (in an action, a turn, a movement hook or "
                            "phase_start to phase_end), not between phases (round_start, round_end, or between "
                            "rounds)",
                            function));
  return flow;
}

int react(lua_State* L) {
  refuse_while_judging(L);
  World& world = world_of(L);
  Flow& flow = running_phase(L, "flow.react");
  Intent reaction;
  reaction.actor = check_entity(L, 1, world).id;
  reaction.action = check_text(L, 2, "the action name");
  check_action_name(L, reaction.action);
  if (!lua_isnoneornil(L, 3)) reaction.target = check_entity(L, 3, world).id;
  reaction.note = opt_text(L, 4, "the reason");
  const Intent* chosen = flow.intent(reaction.actor);
  reaction.ready = chosen && chosen->ready;
  const bool taken = flow.react(std::move(reaction));
  refresh_handles(L);  // outside a simultaneous phase the reaction has landed
  lua_pushboolean(L, taken);
  return 1;
}

int points(lua_State* L) {
  const EntityId who = check_entity(L, 1, world_of(L)).id;
  lua_pushinteger(L, running_phase(L, "flow.points").action_points(who));
  return 1;
}

// What is left stays from 0 to most_action_points: spending more than a character has would leave
// the rules a negative count to act on, blamed on whoever reads it later; a give-back may go past
// the phase's allocation (a house rule's bonus), but not past what any phase may give.
int spend(lua_State* L) {
  refuse_while_judging(L);
  const Entity& who = check_entity(L, 1, world_of(L));
  const lua_Integer points = check_whole(L, 2, "flow.spend's points", -most_action_points, most_action_points);
  Flow& flow = running_phase(L, "flow.spend");
  const lua_Integer has = flow.action_points(who.id);
  const lua_Integer left = has - points;
  if (points > 0 && left < 0)
    throw Error(fmt::format("{} has {} action points; spending {} would leave {}", who.name, has, points, left));
  if (points < 0 && left > most_action_points)
    throw Error(fmt::format("{} has {} action points; giving back {} would make {}, more than the {} a character "
                            "may hold",
                            who.name, has, -points, left, most_action_points));
  flow.spend(who.id, static_cast<int>(points));
  return 0;
}

const luaL_Reg functions[] = {
    {"position", guarded<position>}, {"phase", guarded<phase>},       {"intent", guarded<intent>},
    {"previous", guarded<previous>}, {"set_ready", guarded<set_ready>}, {"react", guarded<react>},
    {"points", guarded<points>},     {"spend", guarded<spend>},       {nullptr, nullptr},
};

}  // namespace

void push_intent(lua_State* L, const Intent& intent, const World& world) {
  lua_createtable(L, 0, 16);
  push_entity(L, intent.actor);
  lua_setfield(L, -2, "actor");
  lua_pushstring(L, intent.action.c_str());
  lua_setfield(L, -2, "action");
  if (intent.target != no_entity) {
    push_entity(L, intent.target);
    lua_setfield(L, -2, "target");
  }
  lua_pushboolean(L, intent.ready);
  lua_setfield(L, -2, "ready");
  lua_pushinteger(L, intent.cost);
  lua_setfield(L, -2, "cost");
  lua_pushstring(L, intent.order.c_str());
  lua_setfield(L, -2, "order");
  lua_pushstring(L, intent.note.c_str());
  lua_setfield(L, -2, "note");
  if (!intent.way_not_followed.empty()) {
    lua_pushstring(L, intent.way_not_followed.c_str());
    lua_setfield(L, -2, "way_not_followed");
  }
  if (intent.distance) {
    lua_pushinteger(L, *intent.distance);
    lua_setfield(L, -2, "distance");
  }
  if (intent.away_from) {
    push_label(L, *intent.away_from);
    lua_setfield(L, -2, "away_from");
  }
  lua_pushboolean(L, intent.reaction);
  lua_setfield(L, -2, "reaction");
  push_label(L, intent.start);
  lua_setfield(L, -2, "start");
  lua_pushnumber(L, intent.moved_feet);
  lua_setfield(L, -2, "moved");
  lua_pushboolean(L, intent.halted);
  lua_setfield(L, -2, "halted");
  lua_pushboolean(L, intent.carrying);
  lua_setfield(L, -2, "carrying");
  push_cells(L, intent.path);
  lua_setfield(L, -2, "path");
  lua_createtable(L, static_cast<int>(intent.arguments.size()), 0);
  for (std::size_t i = 0; i < intent.arguments.size(); ++i) {
    lua_pushstring(L, intent.arguments[i].c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setfield(L, -2, "arguments");
  lua_createtable(L, static_cast<int>(intent.responses.size()), 0);
  for (std::size_t i = 0; i < intent.responses.size(); ++i) {
    push_intent(L, intent.responses[i], world);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setfield(L, -2, "responses");
}

const std::vector<std::string>& intent_fields() {
  // Every field push_intent may set: documented in stdlib/types/flow.lua (flow.Intent) and docs/fights.md.
  static const std::vector<std::string> fields{
      "actor",    "action", "target", "ready",  "cost",     "order", "note",      "way_not_followed", "distance",
      "away_from", "reaction", "start", "moved", "halted", "carrying", "path", "arguments", "responses"};
  return fields;
}

namespace {

// What the fight adds for `resolve` to an intent's fields.
const std::vector<std::string> context_fields = [] {
  std::vector<std::string> fields = intent_fields();
  fields.insert(fields.end(), {"round", "phase"});
  return fields;
}();

int unknown_context_field(lua_State* L) {
  if (lua_type(L, 2) == LUA_TSTRING) {
    const std::string field(whole_string(L, 2));
    if (std::find(context_fields.begin(), context_fields.end(), field) != context_fields.end()) return 0;
    throw Error(with_nearest("an action's context has no field '" + printable(field) + "'", field, context_fields));
  }
  return 0;
}

}  // namespace

void refuse_unknown_context_fields(lua_State* L) {
  if (luaL_newmetatable(L, "arbiter.context")) {
    lua_pushcfunction(L, guarded<unknown_context_field>);
    lua_setfield(L, -2, "__index");
    lua_pushliteral(L, "an action's context");  // getmetatable() shows this, setmetatable() is refused
    lua_setfield(L, -2, "__metatable");
  }
  lua_setmetatable(L, -2);
}

int open_flow(lua_State* L) {
  luaL_newlib(L, functions);
  return 1;
}

}  // namespace arbiter::lua
