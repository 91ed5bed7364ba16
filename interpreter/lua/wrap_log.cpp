// The `log` module: a pack records its own events (attacks, wounds) with their cause, reads the
// recent ones, and overrides how each type of event is narrated.
#include "interpreter/core/event_log.hpp"
#include "interpreter/core/narration.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/location.hpp"
#include "interpreter/lua/services.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/world_bindings.hpp"

namespace arbiter::lua {

namespace {

EventLog& log_of(lua_State* L) { return services(L).get<EventLog>("event log"); }

void push_event(lua_State* L, const LogEvent& event) {
  lua_createtable(L, 0, 7);
  lua_pushinteger(L, static_cast<lua_Integer>(event.sequence));
  lua_setfield(L, -2, "seq");
  lua_pushlstring(L, event.type.data(), event.type.size());
  lua_setfield(L, -2, "type");
  lua_pushinteger(L, event.at.round);
  lua_setfield(L, -2, "round");
  lua_pushinteger(L, event.at.phase);
  lua_setfield(L, -2, "phase");
  lua_pushinteger(L, event.at.turn);
  lua_setfield(L, -2, "turn");
  lua_pushlstring(L, event.cause.data(), event.cause.size());
  lua_setfield(L, -2, "cause");
  push_json(L, event.fields);
  lua_setfield(L, -2, "fields");
}

int event(lua_State* L) {
  std::string type = check_text(L, 1, "the event type");
  nlohmann::json fields = lua_isnoneornil(L, 2) ? nlohmann::json::object() : check_json(L, 2, JsonFor::logging);
  std::string cause = opt_text(L, 3, "the cause");
  EventLog::check(type, fields);  // now, at the author's line, though an action logs it when it commits
  // Its template too, as far as the fields go: a placeholder the event lacks would stop the
  // narration after the round, far from this line (docs/world.md, "Narration").
  if (const Narrator* narrator = services(L).find<Narrator>()) narrator->check_fields(type, fields);
  // A change is applied once, so it hands its event over rather than copying it.
  const std::size_t holds = type.size() + cause.size() + bytes_held(fields);
  change(
      L,
      [&log = log_of(L), type = std::move(type), fields = std::move(fields), cause = std::move(cause)]() mutable {
        log.record(std::move(type), std::move(fields), std::move(cause));
      },
      false, holds);
  return 0;
}

int recent(lua_State* L) {
  const auto& events = log_of(L).events();
  const auto wanted = static_cast<std::size_t>(std::max<lua_Integer>(0, luaL_optinteger(L, 1, 10)));
  const std::size_t first = events.size() > wanted ? events.size() - wanted : 0;
  lua_createtable(L, static_cast<int>(events.size() - first), 0);
  for (std::size_t i = first; i < events.size(); ++i) {
    push_event(L, events[i]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i - first + 1));
  }
  return 1;
}

// The events of the running phase (of one type, if named), oldest first: what a ruleset tallies
// when the phase ends (Platemail's Wounds from every hit of the phase).
int phase_events(lua_State* L) {
  const EventLog& log = log_of(L);
  const std::optional<std::string> type =
      lua_isnoneornil(L, 1) ? std::nullopt : std::optional(check_text(L, 1, "the event type"));
  const FlowPosition now = log.position();
  const auto& events = log.events();
  std::size_t first = events.size();
  while (first > 0 && events[first - 1].at.round == now.round && events[first - 1].at.phase == now.phase) --first;
  lua_newtable(L);
  lua_Integer n = 0;
  for (std::size_t i = first; i < events.size(); ++i) {
    if (type && events[i].type != *type) continue;
    push_event(L, events[i]);
    lua_rawseti(L, -2, ++n);
  }
  // A type that found events is one the fight knows: only one that found none may be misspelt.
  if (type && n == 0) check_event_type(*type, log, services(L).get<Narrator>("narrator"));
  return 1;
}

int narrate(lua_State* L) {
  refuse_while_judging(L);  // the narration's templates are the fight's, set by the rules' code, not judged
  const std::string type = check_text(L, 1, "the event type");
  const std::string text = check_text(L, 2, "the template");
  services(L).get<Narrator>("narrator").set_template(type, text, caller_location(L));
  return 0;
}

int render(lua_State* L) {
  const auto& events = log_of(L).events();
  const lua_Integer seq = luaL_checkinteger(L, 1);
  luaL_argcheck(L, seq >= 1 && static_cast<std::size_t>(seq) <= events.size(), 1, "no event with that number");
  const std::string text = services(L).get<Narrator>("narrator").render(events[static_cast<std::size_t>(seq - 1)]);
  lua_pushlstring(L, text.data(), text.size());
  return 1;
}

int position(lua_State* L) {
  const FlowPosition at = log_of(L).position();
  lua_pushinteger(L, at.round);
  lua_pushinteger(L, at.phase);
  lua_pushinteger(L, at.turn);
  return 3;
}

const luaL_Reg functions[] = {
    {"event", guarded<event>},   {"recent", guarded<recent>},     {"narrate", guarded<narrate>},
    {"phase_events", guarded<phase_events>},
    {"render", guarded<render>}, {"position", guarded<position>}, {nullptr, nullptr},
};

}  // namespace

int open_log(lua_State* L) {
  luaL_newlib(L, functions);
  return 1;
}

}  // namespace arbiter::lua
