// The `world` module: the characters of the fight and the general targets of the order sheets
// ("closest enemy", "most injured enemy"). Characters come back as handles: `c.name`, `c.cell`,
// `c.stats.wounds` always read the character as it is now.
#include <algorithm>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/event_log.hpp"
#include "interpreter/core/flow.hpp"
#include "interpreter/core/lookup.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/services.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/world_bindings.hpp"

namespace arbiter::lua {

namespace {

LookupRules& lookup_rules(lua_State* L) { return services(L).get<LookupRules>("lookup rules"); }

Relation opt_relation(lua_State* L, int index) {
  return lua_isnoneornil(L, index) ? Relation::Any : parse_relation(check_text(L, index, "the relation"));
}

int push_found(lua_State* L, const std::optional<EntityId>& found) {
  if (found) push_entity(L, *found);
  else lua_pushnil(L);
  return 1;
}

int character(lua_State* L) {
  World& world = world_of(L);
  push_entity(L, check_entity(L, 1, world).id);
  return 1;
}

int characters(lua_State* L) {
  const World& world = world_of(L);
  const bool any_side = lua_isnoneornil(L, 1);
  const std::string side = any_side ? "" : check_text(L, 1, "the side");
  std::vector<EntityId> ids;
  ids.reserve(world.entities().size());
  for (const Entity& e : world.entities())
    if (any_side || e.side == side) ids.push_back(e.id);
  if (ids.empty() && !any_side) {  // a side no one is on: a misspelt one would find no one
    std::vector<std::string> sides;
    for (const Entity& e : world.entities())
      if (std::find(sides.begin(), sides.end(), e.side) == sides.end()) sides.push_back(e.side);
    check_known_name(side, sides, "side");
  }
  push_entities(L, ids);
  return 1;
}

// One character to a cell, as an encounter and a save require: a move into another's cell is
// refused where it is made, not when the save it wrote will not load.
Error crowded(const World& world, const Entity& mover, const Entity& there, Cell to) {
  return Error(fmt::format("{} cannot move to {}: {} stands there, and a cell holds one character", mover.name,
                           world.grid().label(to), there.name));
}

int move(lua_State* L) {
  World& world = world_of(L);
  Entity& who = check_entity(L, 1, world);
  const Cell to = check_cell(L, 2, world.grid());
  const std::string cause = opt_text(L, 3, "the cause");
  EventLog& log = services(L).get<EventLog>("event log");
  // Inside an action, judged against where its moves so far will have put everyone.
  Changes* pending = services(L).find<Changes>();
  const auto will_stand = [pending](const Entity& e) {
    if (pending)
      if (const auto moving = pending->moves().find(e.id); moving != pending->moves().end()) return moving->second;
    return e.position;
  };
  for (const Entity& e : world.entities())
    if (e.id != who.id && will_stand(e) == to) throw crowded(world, who, e, to);
  if (pending) pending->moves()[who.id] = to;
  // A change is applied once, so it hands its event over rather than copying it; the fields are
  // named one by one, as a braced list would build each twice.
  change(L, [&world, &log, id = who.id, to, cause]() mutable {
    const Entity& mover = world.get(id);
    // Another action of the phase may have taken the cell since: this one then fails whole.
    if (const Entity* there = world.standing_in(to, id)) throw crowded(world, mover, *there, to);
    nlohmann::json fields = nlohmann::json::object();
    fields.emplace("character", mover.name);
    fields.emplace("from", world.grid().label(mover.position));
    fields.emplace("to", world.grid().label(to));
    log.record(event_type::moved, std::move(fields), std::move(cause));
    world.move(id, to);
  });
  return 0;
}

int set_stat(lua_State* L) {
  World& world = world_of(L);
  Entity& who = check_entity(L, 1, world);
  const std::string stat = check_text(L, 2, "the stat name");
  luaL_checkany(L, 3);
  Value value;
  try {
    value = check_value(L, 3);
  } catch (const Error& e) {
    throw Error(fmt::format("stat '{}': {}", printable(stat), e.diagnostics().front().message));
  }
  if (const auto* declared = services(L).find<DeclaredStats>()) {
    if (std::find(declared->names.begin(), declared->names.end(), stat) == declared->names.end()) {
      // Near a declared stat (or one a character has) but none of them: most likely a slip, which
      // would set a stat nothing reads.
      std::vector<std::string> known = declared->names;
      for (const Entity& e : world.entities())
        for (const auto& [name, held] : e.stats)
          if (std::find(known.begin(), known.end(), name) == known.end()) known.push_back(name);
      if (std::find(known.begin(), known.end(), stat) == known.end())
        if (const std::string hint = did_you_mean(stat, known); !hint.empty())
          throw Error(fmt::format("world.set_stat: '{}' is no stat the rules declare ({}); a stat of the rules' "
                                  "own takes a name apart from theirs, or is declared with "
                                  "arbiter.patch.table(\"encounter\", {{ stats = {{ {} = \"any\" }} }})",
                                  printable(stat), hint, printable(stat)));
    } else if (const auto refusal = declared->refusal(stat, value)) {
      throw Error(fmt::format("world.set_stat: {}'s {} {}, as the rules declare it (the encounter table's stats)",
                              who.name, printable(stat), *refusal));
    }
  }
  const std::string cause = opt_text(L, 4, "the cause");
  EventLog& log = services(L).get<EventLog>("event log");
  change(L, [&world, &log, id = who.id, stat, value = std::move(value), cause]() mutable {
    const Entity& changed = world.get(id);
    const auto old = changed.stats.find(stat);
    nlohmann::json fields = nlohmann::json::object();
    fields.emplace("character", changed.name);
    fields.emplace("stat", stat);
    fields.emplace("from", old == changed.stats.end() ? nlohmann::json() : nlohmann::json(old->second));
    fields.emplace("to", value);
    log.record(event_type::stat_changed, std::move(fields), std::move(cause));
    world.set_stat(id, stat, std::move(value));
  });
  return 0;
}

using Finder = std::optional<EntityId> (*)(const World&, const Entity&, Relation, const LookupRules&, const Keep&);

// `name` (world.closest, …) with the pack's own test of a candidate, keep(character): true or
// false, nil for false; another answer, which Lua would take as true, is an error at the line the
// test is written on, as every function that answers yes or no (lua::returned_boolean).
int find_one(lua_State* L, Finder find, const char* name) {
  World& world = world_of(L);
  const Entity& of = check_entity(L, 1, world);
  const Relation relation = opt_relation(L, 2);
  Keep keep;
  if (!lua_isnoneornil(L, 3)) {
    luaL_checktype(L, 3, LUA_TFUNCTION);
    keep = [L, name](EntityId id) {
      lua_pushvalue(L, 3);
      push_entity(L, id);
      lua_call(L, 1, 1);
      std::optional<bool> kept;
      try {
        kept = returned_boolean(L, -1, fmt::format("{}'s keep function", name));
      } catch (const Error& e) {
        Diagnostic placed = e.diagnostics().front();
        placed.where = written_at(L, 3);  // none for a built-in function: then the line that called
        throw Error(std::move(placed));
      }
      lua_pop(L, 1);
      return kept.value_or(false);
    };
  }
  return push_found(L, find(world, of, relation, lookup_rules(L), keep));
}
int find_closest(lua_State* L) { return find_one(L, closest, "world.closest"); }
int find_farthest(lua_State* L) { return find_one(L, farthest, "world.farthest"); }
int find_most_injured(lua_State* L) { return find_one(L, most_injured, "world.most_injured"); }
int find_biggest(lua_State* L) { return find_one(L, biggest, "world.biggest"); }

int within_reach_of(lua_State* L) {
  World& world = world_of(L);
  const Entity& of = check_entity(L, 1, world);
  const double feet = luaL_checknumber(L, 2);
  push_entities(L, within_reach(world, of, feet, opt_relation(L, 3), lookup_rules(L)));
  return 1;
}

int visible_to(lua_State* L) {
  World& world = world_of(L);
  const Entity& of = check_entity(L, 1, world);
  push_entities(L, visible_from(world, of, opt_relation(L, 2), lookup_rules(L)));
  return 1;
}

// world.encounter_error(c, stat, message): the encounter's value of `stat` for `c` is one the rules
// cannot play; the fight stops, told at that stat's place in the encounter.
int encounter_error(lua_State* L) {
  const Entity& who = check_entity(L, 1, world_of(L));
  EncounterFault fault{who.name, check_text(L, 2, "the stat name"), check_text(L, 3, "the message")};
  services(L).get<std::optional<EncounterFault>>("fight") = fault;
  throw Error(fmt::format("{}'s {} {}", fault.character, fault.stat, fault.message));
}

const luaL_Reg functions[] = {
    {"character", guarded<character>},
    {"characters", guarded<characters>},
    {"move", guarded<move>},
    {"set_stat", guarded<set_stat>},
    {"encounter_error", guarded<encounter_error>},
    {"closest", guarded<find_closest>},
    {"farthest", guarded<find_farthest>},
    {"most_injured", guarded<find_most_injured>},
    {"biggest", guarded<find_biggest>},
    {"within_reach", guarded<within_reach_of>},
    {"visible_from", guarded<visible_to>},
    {nullptr, nullptr},
};

}  // namespace

int open_world(lua_State* L) {
  luaL_newlib(L, functions);
  return 1;
}

}  // namespace arbiter::lua
