// The `dice` module: every roll through the dice source of the running fight or tool, so a test
// with scripted dice, a seeded simulation and a GM at the prompt all run the same pack code.
//   dice.roll(expr, reason)         -> result table (total, text, dice with their fates, counts)
//   dice.distribution(expr)         -> Distribution (exact, in floating point)
//   dice.parse(expr)                -> the expression in canonical notation, or nil and its mistake
//   dice.define(name, faces)        -> registers a named die, written d[name]
//   dice.pool{"1d6", "5d10"}        -> Pool: pool:roll(reason), pool:distribution(stats, fn)
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "interpreter/core/distribution.hpp"
#include "interpreter/core/event_log.hpp"
#include "interpreter/core/pool.hpp"
#include "interpreter/core/roll.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/ordered.hpp"
#include "interpreter/lua/modules.hpp"
#include "interpreter/lua/services.hpp"
#include "interpreter/lua/userdata.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/world_bindings.hpp"

namespace arbiter::lua {

namespace {

constexpr const char* distribution_type = "arbiter.dice.Distribution";
constexpr const char* pool_type = "arbiter.dice.Pool";
constexpr const char* pool_roll_type = "arbiter.dice.PoolRoll";
constexpr const char* roller_type = "arbiter.dice.Roller";

const NamedDice& named_dice(lua_State* L) {
  static const NamedDice none;
  const NamedDice* named = services(L).find<NamedDice>();
  return named ? *named : none;
}

// Parsed expressions by their text, in a table of the state (key: the address of rollers_key):
// rulesets roll the same few expressions ("1d20") many times a round, and parsing is most of the
// cost of a small roll. A named die never changes once defined, so a prepared roll stays right.
// The table is started afresh past `most_rollers`, so computed expressions cannot grow it forever.
const char rollers_key = 0;
constexpr lua_Integer most_rollers = 256;

// A pack's expression has no file of its own: its mistake is told at the pack's line (where Lua
// places the error), quoting the expression and the column in it, with its notes (the nearest
// named die).
template <class Work>
auto for_expression(std::string_view text, Work&& work) -> decltype(work()) {
  try {
    return work();
  } catch (const Error& e) {
    const Diagnostic& d = e.diagnostics().front();
    Diagnostic told;  // no place of its own: the pack's line is the error's
    told.message = fmt::format("dice expression \"{}\", column {}: {}", printable(text), d.where.column, d.message);
    told.notes = d.notes;
    throw Error(std::move(told));
  }
}

// Parsed, and its named dice found (prepared), at the pack's line: a die no pack defined is as
// much the expression's mistake as a misplaced sign.
Roller roller_in_pack(const char* text, const NamedDice& named) {
  return for_expression(text, [&] { return Roller(dice::parse_dice(text, "<dice expression>"), named); });
}

const Roller& roller_for(lua_State* L, int index) {
  // Text only: Lua would take the number 6 for the text "6", a constant and no roll (docs/dice.md).
  if (lua_type(L, index) != LUA_TSTRING) luaL_typeerror(L, index, "string (a dice expression such as \"1d6\")");
  const std::string expression = check_text(L, index, "the dice expression");
  const char* text = expression.c_str();
  lua_Integer count = -1;  // how many the cache holds; -1: there is none yet
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &rollers_key) == LUA_TTABLE) {
    lua_getfield(L, -1, "#");
    count = lua_tointeger(L, -1);
    lua_pop(L, 1);
  }
  if (count < 0 || count >= most_rollers) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 8);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &rollers_key);
    count = 0;
  }
  if (lua_getfield(L, -1, text) == LUA_TUSERDATA) {
    const Roller& cached = *static_cast<Roller*>(lua_touserdata(L, -1));
    lua_pop(L, 2);  // the table keeps it alive
    return cached;
  }
  lua_pop(L, 1);
  const Roller& made = push_userdata(L, roller_type, roller_in_pack(text, named_dice(L)));
  lua_setfield(L, -2, text);
  lua_pushinteger(L, count + 1);
  lua_setfield(L, -2, "#");
  lua_pop(L, 1);
  return made;
}

void push_rolled_die(lua_State* L, const RolledTerm& term, const RolledDie& die) {
  lua_createtable(L, 0, 7);
  lua_pushstring(L, term.die.c_str());
  lua_setfield(L, -2, "die");
  // The 1d4 of `(1d4)d6` is kept in its own term but is no part of the total, as `roll --json` says.
  if (term.decides_count) {
    lua_pushliteral(L, "count");
    lua_setfield(L, -2, "role");
  }
  lua_pushinteger(L, die.value);
  lua_setfield(L, -2, "value");
  if (!die.symbol.empty()) {
    lua_pushstring(L, die.symbol.c_str());
    lua_setfield(L, -2, "symbol");
  }
  lua_pushstring(L, fate_of(die));
  lua_setfield(L, -2, "fate");
  lua_pushboolean(L, die.exploded);
  lua_setfield(L, -2, "exploded");
  if (const char* counted = counted_as(die)) {
    lua_pushstring(L, counted);
    lua_setfield(L, -2, "counted");
  }
}

// In a fight every roll is in the log at once, with its reason, even if the action then fails:
// the dice were rolled. `text` shows every die ("1d20 + 2 = [15] + 2 = 17").
void record_roll(lua_State* L, const std::string& expression, nlohmann::json dice, std::int64_t total,
                 const std::string& text, const std::string& reason) {
  EventLog* log = services(L).find<EventLog>();
  if (!log) return;
  nlohmann::json fields = nlohmann::json::object();
  fields["expression"] = expression;
  fields["dice"] = std::move(dice);
  fields["total"] = total;
  fields["text"] = text;
  log->record(event_type::roll, std::move(fields), reason);
}

void record_roll(lua_State* L, const Roll& result) {
  nlohmann::json dice = nlohmann::json::array();
  for (const auto& term : result.terms)
    for (const auto& die : term.dice) dice.push_back(die.value);
  record_roll(L, result.expr, std::move(dice), result.total, result.text, result.reason);
}

int roll(lua_State* L) {
  refuse_while_judging(L);  // a roll is logged and moves the dice on: once each time it is judged
  const Roller& roller = roller_for(L, 1);
  const std::string reason = opt_text(L, 2, "the roll's reason");
  DiceSource& source = services(L).get<DiceSource>("dice source");
  const Roll result = roller.roll(source, reason);
  record_roll(L, result);
  lua_createtable(L, 0, 6);
  lua_pushinteger(L, result.total);
  lua_setfield(L, -2, "total");
  lua_pushstring(L, result.text.c_str());
  lua_setfield(L, -2, "text");
  lua_pushstring(L, result.expr.c_str());
  lua_setfield(L, -2, "expr");
  lua_pushstring(L, result.reason.c_str());
  lua_setfield(L, -2, "reason");
  std::size_t dice_rolled = 0;
  for (const auto& term : result.terms) dice_rolled += term.dice.size();
  lua_createtable(L, static_cast<int>(dice_rolled), 0);  // dice, every term's in order
  lua_newtable(L);                                        // counts by symbol
  lua_Integer n = 0;
  for (const auto& term : result.terms) {
    for (const auto& die : term.dice) {
      push_rolled_die(L, term, die);
      lua_rawseti(L, -3, ++n);
    }
    for (const auto& [symbol, count] : term.symbol_counts()) {
      lua_getfield(L, -1, symbol.c_str());
      const lua_Integer before = lua_tointeger(L, -1);
      lua_pop(L, 1);
      lua_pushinteger(L, before + count);
      lua_setfield(L, -2, symbol.c_str());
    }
  }
  lua_setfield(L, -3, "counts");
  lua_setfield(L, -2, "dice");
  return 1;
}

// A mistake is returned, not raised: a pack checks an expression it was given (a table's field)
// before anything rolls it, and tells the mistake at the field, as it tells its other fields'.
// Only parsed and prepared, never weighed: an expression too costly to weigh exactly still rolls.
int parse(lua_State* L) {
  try {
    const Roller& roller = roller_for(L, 1);
    lua_pushstring(L, dice::to_string(*roller.expression().root).c_str());
    return 1;
  } catch (const Error& e) {
    bool positioned = false;
    const std::string message = lua_message(e, positioned);
    lua_pushnil(L);
    lua_pushlstring(L, message.data(), message.size());
    return 2;
  }
}

int distribution(lua_State* L) {
  const Roller& roller = roller_for(L, 1);
  push_userdata(L, distribution_type,
                for_expression(roller.expression().text, [&] { return distribution_of(roller); }));
  return 1;
}

Distribution<double>& check_distribution(lua_State* L) {
  return *static_cast<Distribution<double>*>(luaL_checkudata(L, 1, distribution_type));
}

// d:p, d:at_least, d:at_most: the chance, never 0 for what can happen nor 1 for what can fail
// (told_chance), as `arbiter prob --json` gives it.
template <double (Distribution<double>::*chance)(std::int64_t) const,
          ChanceBounds (Distribution<double>::*bounds)(std::int64_t) const>
int distribution_chance(lua_State* L) {
  const Distribution<double>& d = check_distribution(L);
  const lua_Integer value = luaL_checkinteger(L, 2);
  lua_pushnumber(L, told_chance((d.*chance)(value), (d.*bounds)(value)));
  return 1;
}
int distribution_mean(lua_State* L) {
  lua_pushnumber(L, check_distribution(L).moments().mean());
  return 1;
}
int distribution_stddev(lua_State* L) {
  lua_pushnumber(L, std::sqrt(check_distribution(L).moments().variance));
  return 1;
}
int distribution_cut_off(lua_State* L) {
  lua_pushnumber(L, check_distribution(L).cut_off);
  return 1;
}
int distribution_values(lua_State* L) {
  const auto& d = check_distribution(L);
  lua_newtable(L);
  lua_Integer n = 0;
  for (const auto& [value, p] : d.outcomes) {
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, value);
    lua_setfield(L, -2, "value");
    lua_pushnumber(L, p);
    lua_setfield(L, -2, "p");
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

int define(lua_State* L) {
  const std::string name = check_text(L, 1, "the die's name");
  luaL_checktype(L, 2, LUA_TTABLE);
  std::vector<Face> faces;
  const lua_Integer n = luaL_len(L, 2);
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, 2, i);
    if (lua_type(L, -1) == LUA_TSTRING)
      faces.push_back({0, to_text(L, -1, fmt::format("face {} of the die '{}'", i, name))});
    else if (lua_isinteger(L, -1))
      faces.push_back({lua_tointeger(L, -1), {}});
    else
      throw Error(fmt::format("face {} of the die '{}' must be a symbol (a string) or a whole number, not a {}", i,
                              name, luaL_typename(L, -1)));
    lua_pop(L, 1);
  }
  services(L).get<NamedDice>("dice registry").define(name, std::move(faces));
  return 0;
}

int pool(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  std::vector<std::string> entries;
  const lua_Integer n = luaL_len(L, 1);
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, 1, i);
    if (lua_type(L, -1) != LUA_TSTRING)
      throw Error(fmt::format("pool entry {} must be dice such as \"5d10\", not a {}", i, luaL_typename(L, -1)));
    entries.push_back(to_text(L, -1, fmt::format("pool entry {}", i)));
    lua_pop(L, 1);
  }
  push_userdata(L, pool_type, Pool::parse(entries, named_dice(L)));
  return 1;
}

const Pool& check_pool(lua_State* L) { return *static_cast<Pool*>(luaL_checkudata(L, 1, pool_type)); }
const PoolRoll& check_pool_roll(lua_State* L) {
  return *static_cast<PoolRoll*>(luaL_checkudata(L, 1, pool_roll_type));
}

int pool_roll(lua_State* L) {
  refuse_while_judging(L);
  const Pool& pool = check_pool(L);
  const std::string reason = opt_text(L, 2, "the roll's reason");
  const PoolRoll& rolled =
      push_userdata(L, pool_roll_type, pool.roll(services(L).get<DiceSource>("dice source"), reason));
  // A pool has no total of its own (its rule reads the statistics): the log gives the sum, as rolled:sum().
  nlohmann::json dice = nlohmann::json::array();
  for (const auto& die : rolled.dice) dice.push_back(die.value);
  const std::string expression = pool.text();
  record_roll(L, expression, std::move(dice), rolled.statistic({PoolStatistic::Kind::sum, {}}),
              expression + " = " + rolled.text(), reason);
  return 1;
}

std::vector<PoolStatistic> check_statistics(lua_State* L, int index) {
  luaL_checktype(L, index, LUA_TTABLE);
  std::vector<PoolStatistic> statistics;
  const lua_Integer n = luaL_len(L, index);
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, index, i);
    luaL_checkstring(L, -1);
    statistics.push_back(PoolStatistic::parse(to_text(L, -1, fmt::format("statistic {}", i))));
    lua_pop(L, 1);
  }
  if (statistics.empty()) throw Error("name at least one statistic: highest, lowest, sum or count:FACE");
  return statistics;
}

// pool:distribution({"highest", "count:10"}, function(highest, tens) return … end): the rule is
// called once per distinct combination of the statistics, not once per combination of dice.
int pool_distribution(lua_State* L) {
  const Pool& pool = check_pool(L);
  const auto statistics = check_statistics(L, 2);
  luaL_checktype(L, 3, LUA_TFUNCTION);
  const auto joint = pool.joint<double>(statistics);
  std::map<std::int64_t, double> results;
  for (const auto& [key, p] : joint) {
    lua_pushvalue(L, 3);
    for (const auto value : key) lua_pushinteger(L, value);
    lua_call(L, static_cast<int>(key.size()), 1);
    if (!lua_isinteger(L, -1))
      throw Error(fmt::format("the rule given to pool:distribution must return a whole number, not a {}",
                              luaL_typename(L, -1)));
    results[lua_tointeger(L, -1)] += p;
    lua_pop(L, 1);
  }
  Distribution<double> d;
  for (const auto& [value, p] : results)
    if (p != 0) d.outcomes.push_back({value, p});
  push_userdata(L, distribution_type, std::move(d));
  return 1;
}

int pool_roll_statistic(lua_State* L, PoolStatistic statistic) {
  lua_pushinteger(L, check_pool_roll(L).statistic(statistic));
  return 1;
}
int pool_roll_highest(lua_State* L) { return pool_roll_statistic(L, {PoolStatistic::Kind::highest, {}}); }
int pool_roll_lowest(lua_State* L) { return pool_roll_statistic(L, {PoolStatistic::Kind::lowest, {}}); }
int pool_roll_sum(lua_State* L) { return pool_roll_statistic(L, {PoolStatistic::Kind::sum, {}}); }
int pool_roll_count(lua_State* L) {
  const std::string face = push_as_text(L, 2);
  return pool_roll_statistic(L, {PoolStatistic::Kind::count, face});
}
int pool_roll_text(lua_State* L) {
  lua_pushstring(L, check_pool_roll(L).text().c_str());
  return 1;
}
int pool_roll_dice(lua_State* L) {
  const auto& rolled = check_pool_roll(L);
  lua_createtable(L, static_cast<int>(rolled.dice.size()), 0);
  lua_Integer n = 0;
  for (const auto& die : rolled.dice) {
    lua_createtable(L, 0, 3);
    lua_pushstring(L, die.die.c_str());
    lua_setfield(L, -2, "die");
    lua_pushinteger(L, die.value);
    lua_setfield(L, -2, "value");
    lua_pushstring(L, die.label.c_str());
    lua_setfield(L, -2, "face");
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

}  // namespace

int open_dice(lua_State* L) {
  static const luaL_Reg distribution_methods[] = {
      {"p", guarded<distribution_chance<&Distribution<double>::probability, &Distribution<double>::bounds_of_value>>},
      {"at_least", guarded<distribution_chance<&Distribution<double>::at_least, &Distribution<double>::bounds_at_least>>},
      {"at_most", guarded<distribution_chance<&Distribution<double>::at_most, &Distribution<double>::bounds_at_most>>},
      {"mean", guarded<distribution_mean>},
      {"stddev", guarded<distribution_stddev>}, {"cut_off", guarded<distribution_cut_off>},
      {"values", guarded<distribution_values>}, {nullptr, nullptr}};
  static const luaL_Reg pool_methods[] = {
      {"roll", guarded<pool_roll>}, {"distribution", guarded<pool_distribution>}, {nullptr, nullptr}};
  static const luaL_Reg pool_roll_methods[] = {
      {"highest", guarded<pool_roll_highest>}, {"lowest", guarded<pool_roll_lowest>},
      {"sum", guarded<pool_roll_sum>},         {"count", guarded<pool_roll_count>},
      {"dice", guarded<pool_roll_dice>},       {"text", guarded<pool_roll_text>},
      {nullptr, nullptr}};
  static const luaL_Reg functions[] = {{"roll", guarded<roll>},
                                      {"distribution", guarded<distribution>},
                                      {"parse", guarded<parse>},
                                      {"define", guarded<define>},
                                      {"pool", guarded<pool>},
                                      {nullptr, nullptr}};
  register_userdata_type(L, distribution_type, "dice.Distribution", distribution_methods,
                         destroy_userdata<Distribution<double>>);
  register_userdata_type(L, pool_type, "dice.Pool", pool_methods, destroy_userdata<Pool>);
  register_userdata_type(L, pool_roll_type, "dice.PoolRoll", pool_roll_methods, destroy_userdata<PoolRoll>);
  static const luaL_Reg no_methods[] = {{nullptr, nullptr}};
  register_userdata_type(L, roller_type, "dice.Roller", no_methods, destroy_userdata<Roller>);
  luaL_newlib(L, functions);
  return 1;
}

}  // namespace arbiter::lua
