// `arbiter.fight`: fights inside a pack's tests, with scripted or seeded dice, under the packs
// being tested:
//   local fight = require "arbiter.fight"
//   local f = fight.new { map = { width = 8, height = 4 }, characters = { … }, dice = { 14, 3 } }
//   f:round [[ Aldric: 1: Charge -> "Orc" 2: Defend ]]   -- orders for the next round, then play it
//   f:stat("Orc", "wounds"), f:has("Orc", "Dazed"), f:cell("Orc"), f:narration(), f:events("attack")
//   f:within(function() return flow.previous("Aldric").action end)   -- the runtime modules, on this fight
#include "interpreter/packs/wrap_fight.hpp"

#include <algorithm>
#include <memory>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grammar/orders_format.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/core/order_check.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/location.hpp"
#include "interpreter/lua/services.hpp"
#include "interpreter/lua/userdata.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/weak_table.hpp"
#include "interpreter/lua/world_bindings.hpp"
#include "interpreter/packs/encounter.hpp"
#include "interpreter/packs/fight.hpp"

namespace arbiter::packs {

namespace {

constexpr const char* fight_type = "arbiter.fight.Fight";

// The fights the running test case made, in the Lua registry (held weakly: a fight the case lets
// go is collected as before), and the warnings those collected left, so that the case's end can
// tell them (end_of_case).
const char case_fights_key = 0;
const char warnings_of_collected_key = 0;

struct TestFight {
  std::unique_ptr<DiceSource> dice;
  std::unique_ptr<Fight> fight;
  std::string made_at;  // the test's line that made it
  bool dice_told = false;  // its dice never rolled were told at its case's end: not again when let go
};

TestFight& check_fight(lua_State* L) {
  auto& test_fight = *static_cast<TestFight*>(luaL_checkudata(L, 1, fight_type));
  if (!test_fight.fight) throw Error("this fight has been let go");
  return test_fight;
}

// What a fight leaves to tell when its case ends: its dice never rolled (as `run --dice` warns: a
// value never rolled is a roll the test expected and the rules skipped), unless told already.
std::optional<std::string> unrolled_dice_warning(const TestFight& made) {
  const auto* scripted = dynamic_cast<const ScriptedDice*>(made.dice.get());
  if (!scripted || scripted->remaining() == 0 || made.dice_told) return std::nullopt;
  return fmt::format("{}: warning: {} of the dice given to this fight {} not rolled: {}", made.made_at,
                     scripted->remaining(), scripted->remaining() == 1 ? "was" : "were",
                     fmt::join(scripted->unrolled(), ", "));
}

// Appends `warning` to the list at registry[warnings_of_collected_key].
void keep_warning(lua_State* L, const std::string& warning) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &warnings_of_collected_key) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &warnings_of_collected_key);
  }
  lua_pushlstring(L, warning.data(), warning.size());
  lua_rawseti(L, -2, static_cast<lua_Integer>(lua_rawlen(L, -2)) + 1);
  lua_pop(L, 1);
}

// Leaves an empty TestFight rather than running its destructor, so that a second call, or a
// method called after it, finds no fight instead of a destroyed one. The fight goes before the
// dice it rolls.
int let_go(lua_State* L) {
  auto& test_fight = *static_cast<TestFight*>(lua_touserdata(L, 1));
  if (test_fight.fight)  // collected before its case ended: what it had to tell is kept for then
    if (const auto warning = unrolled_dice_warning(test_fight)) keep_warning(L, *warning);
  test_fight.fight.reset();
  test_fight.dice.reset();
  // Its destructor never runs: what its other members hold is given back here.
  std::string().swap(test_fight.made_at);
  return 0;
}

// fight.new { map = …, characters = …, dice = { 14, 3 } | seed = 1 }: the encounter fields
// (docs/encounters.md) without `rules` — the fight is under the packs already loaded.
int create(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  nlohmann::json setup = lua::check_json(L, 1);
  // `dice` and `seed` are the test's, not the encounter's: a misspelt one would be told as no field
  // of the encounter, with the encounter's fields for the nearest, and none of them near.
  for (const auto& [key, value] : setup.items())
    if (key != "dice" && key != "seed")
      if (const std::string hint = did_you_mean(key, {"dice", "seed"}); !hint.empty())
        throw Error(fmt::format("fight.new: the fight has no field '{}' ({})", key, hint));
  std::unique_ptr<DiceSource> dice;
  if (setup.contains("dice")) {
    const bool empty = setup["dice"].is_object() && setup["dice"].empty();  // {}: no roll expected
    if (!setup["dice"].is_array() && !empty)
      throw Error("fight.new: 'dice' is a list of values, in the order they are rolled");
    std::vector<std::string> values;
    if (!empty)
      for (const auto& v : setup["dice"]) values.push_back(v.is_string() ? v.get<std::string>() : v.dump());
    dice = std::make_unique<ScriptedDice>(std::move(values));
  } else {
    dice = std::make_unique<SeededDice>(setup.value("seed", std::uint64_t{1}));
  }
  setup.erase("dice");
  setup.erase("seed");
  setup["rules"] = nlohmann::json::array({"(the packs under test)"});
  // Named as a given text is, so an error is shown at the test's own line (lua::guarded).
  Encounter encounter = encounter_from_data(setup, "<fight.new>");
  const Registry& registry = lua::services(L).get<Registry>("rule registry");
  check_equipment(encounter, L, registry);
  TestFight& made = lua::push_userdata(L, fight_type, TestFight{std::move(dice), nullptr, lua::caller_location(L)});
  made.fight = std::make_unique<Fight>(lua::Sandbox::of(L), registry, make_world(encounter), *made.dice, L);
  made.fight->place_stats(encounter.stat_names);
  lua::push_weak_table(L, &case_fights_key, "v");
  // In the order made, counted in `n`: a collected one leaves a hole.
  lua_getfield(L, -1, "n");
  const lua_Integer made_before = lua_tointeger(L, -1);
  lua_pop(L, 1);
  lua_pushvalue(L, -2);
  lua_rawseti(L, -2, made_before + 1);
  lua_pushinteger(L, made_before + 1);
  lua_setfield(L, -2, "n");
  lua_pop(L, 1);
  return 1;
}

// f:round(sheet): the orders for the next round (checked like `arbiter run` checks them), then the
// round. An action that failed in it is an error here, once the round is played: told at once, it
// comes before whatever the case would trip over next (an event the action never logged), and a
// case that expects it (test.fails) reads the fight as the round left it.
int round(lua_State* L) {
  Fight& fight = *check_fight(L).fight;
  // Whole, so that the sheet's own check refuses a NUL byte at its place rather than end there.
  std::string text;
  if (!lua_isnoneornil(L, 2)) {
    luaL_checkstring(L, 2);
    text = lua::whole_string(L, 2);
  }
  // Before its orders are added: a round played inside another would leave the flow half-moved.
  if (fight.in_round()) throw Error("this fight is playing a round: f:round cannot be called from inside it");
  if (!text.empty()) {
    std::vector<orders::SheetFile> sheet{{"<round sheet>", text, orders::parse_orders_to_check(text, "<round sheet>", orders::declared_by(fight.vocabulary(), &fight.world().grid()))}};
    const orders::Roster roster = roster_of(fight.world().entities());
    auto problems = orders::check_orders(sheet, fight.vocabulary(), &roster, &fight.world().grid(),
                                         fight.flow().position().round + 1);
    if (!problems.empty()) throw Error(std::move(problems));
    fight.add_orders(fight.flow().position().round + 1, std::move(sheet.front().sheet));
  }
  const std::size_t logged_before = fight.log().events().size();
  fight.run_round(L);
  std::vector<const LogEvent*> failed;
  for (std::size_t i = logged_before; i < fight.log().events().size(); ++i)
    if (const LogEvent& event = fight.log().events()[i]; event.type == event_type::action_failed)
      failed.push_back(&event);
  if (failed.empty()) return 0;
  const LogEvent& first = *failed.front();
  const std::size_t more = failed.size() - 1;
  throw Error(fmt::format("{}'s {} failed in round {}: {}{}\n(a case that expects an action to fail plays its round "
                          "inside test.fails; f:failures() then lists the failures)",
                          first.fields.value("character", ""), first.fields.value("action", ""), first.at.round,
                          first.fields.value("error", ""),
                          more ? fmt::format(" (and {} more failed action{})", more, more == 1 ? "" : "s") : ""));
}

// f:stat(name, stat): nil for a stat the character lacks. When the rules list the stats they read,
// a name that is none of them, no equipment slot and no character's stat is an error naming the
// nearest, as a misspelt one would read nil; one of them is unset (the Wounds of the unhurt). Rules
// that list none may keep any stat ("lunged" beside "lunges"): nothing tells a slip from one not set.
int stat(lua_State* L) {
  Fight& fight = *check_fight(L).fight;
  const Entity& who = fight.world().find(lua::check_text(L, 2, "the character's name"));
  const std::string stat = lua::check_text(L, 3, "the stat name");
  if (const auto found = who.stats.find(stat); found != who.stats.end()) {
    lua::push_value(L, found->second);
    return 1;
  }
  if (auto named = rules_stat_names(L, lua::services(L).get<Registry>("rule registry"))) {
    // Each once, the character's own first: of names equally near, its own is named.
    std::vector<std::string> known;
    const auto add = [&](const std::string& name) {
      if (std::find(known.begin(), known.end(), name) == known.end()) known.push_back(name);
    };
    for (const auto& [name, value] : who.stats) add(name);
    for (const Entity& other : fight.world().entities())
      for (const auto& [name, value] : other.stats) add(name);
    for (const std::string& name : *named) add(name);
    check_known_name(stat, known, "stat");
  }
  lua_pushnil(L);
  return 1;
}

int has(lua_State* L) {
  Fight& fight = *check_fight(L).fight;
  const Entity& who = fight.world().find(lua::check_text(L, 2, "the character's name"));
  lua_pushboolean(L, has_status(who, lua::check_text(L, 3, "the status name"), fight.status_book()));
  return 1;
}

int cell(lua_State* L) {
  Fight& fight = *check_fight(L).fight;
  lua_pushstring(L, fight.world().grid().label(fight.world().find(lua::check_text(L, 2, "the character's name")).position).c_str());
  return 1;
}

// Every sentence of the narration so far, in order (the silenced types left out).
int narration(lua_State* L) {
  Fight& fight = *check_fight(L).fight;
  lua_newtable(L);
  lua_Integer n = 0;
  for (const LogEvent& event : fight.log().events()) {
    const std::string sentence = fight.narrator().render(event);
    if (sentence.empty()) continue;
    lua_pushlstring(L, sentence.data(), sentence.size());
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

// The events of a type (every event when none is named): { type, round, phase, cause, fields }.
int push_events(lua_State* L, Fight& fight, const std::optional<std::string>& type) {
  lua_newtable(L);
  lua_Integer n = 0;
  for (const LogEvent& event : fight.log().events()) {
    if (type && event.type != *type) continue;
    lua::push_json(L, to_json(event));
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

int events(lua_State* L) {
  Fight& fight = *check_fight(L).fight;
  if (lua_isnoneornil(L, 2)) return push_events(L, fight, std::nullopt);
  const std::string type = lua::check_text(L, 2, "the event type");
  check_event_type(type, fight.log(), fight.narrator());
  return push_events(L, fight, type);
}

// f:failures(): the actions that failed so far, each of which f:round raised as it played them.
int failures(lua_State* L) { return push_events(L, *check_fight(L).fight, std::string(event_type::action_failed)); }

// f:within(fn, ...): calls fn with the runtime modules (world, flow, status, log, dice) on this fight.
int within(lua_State* L) {
  Fight& fight = *check_fight(L).fight;
  luaL_checktype(L, 2, LUA_TFUNCTION);
  const Fight::Active active(fight, L);
  lua_call(L, lua_gettop(L) - 2, LUA_MULTRET);
  return lua_gettop(L) - 1;
}

}  // namespace

std::vector<std::string> end_of_case(lua_State* L) {
  std::vector<std::string> warnings;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &warnings_of_collected_key) == LUA_TTABLE) {
    for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TSTRING; lua_pop(L, 1), ++i)
      warnings.emplace_back(lua::whole_string(L, -1));
    lua_pop(L, 1);  // the nil past the last
  }
  lua_pop(L, 1);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &case_fights_key) == LUA_TTABLE) {
    lua_getfield(L, -1, "n");
    const lua_Integer made = lua_tointeger(L, -1);
    lua_pop(L, 1);
    // Told once: a fight the case kept alive may be let go of in a later case (let_go).
    for (lua_Integer i = 1; i <= made; lua_pop(L, 1), ++i)
      if (lua_rawgeti(L, -1, i) == LUA_TUSERDATA)
        if (auto& fight = *static_cast<TestFight*>(lua_touserdata(L, -1)); fight.fight) {
          if (const auto warning = unrolled_dice_warning(fight)) warnings.push_back(*warning);
          fight.dice_told = true;
        }
  }
  lua_pop(L, 1);
  for (const void* key : {&case_fights_key, &warnings_of_collected_key}) {
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, key);
  }
  return warnings;
}

int open_fight(lua_State* L) {
  static const luaL_Reg methods[] = {
      {"round", lua::guarded<round>}, {"stat", lua::guarded<stat>},         {"has", lua::guarded<has>},
      {"cell", lua::guarded<cell>},   {"narration", lua::guarded<narration>}, {"events", lua::guarded<events>},
      {"within", lua::guarded<within>}, {"failures", lua::guarded<failures>}, {nullptr, nullptr}};
  lua::register_userdata_type(L, fight_type, "arbiter.fight.Fight", methods, let_go);
  static const luaL_Reg functions[] = {{"new", lua::guarded<create>}, {nullptr, nullptr}};
  luaL_newlib(L, functions);
  return 1;
}

}  // namespace arbiter::packs
