#include "interpreter/packs/order_vocabulary.hpp"

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/lua/location.hpp"
#include "interpreter/lua/sandbox.hpp"
#include "interpreter/lua/stack_guard.hpp"
#include "interpreter/lua/values.hpp"

namespace arbiter::packs {
namespace {

// Reads field `key` of the table at the top of the stack, raw: no metamethod of a pack runs here.
int raw_field(lua_State* L, const char* key) {
  lua_pushstring(L, key);
  return lua_rawget(L, -2);
}

[[noreturn]] void fail(const Definition& d, const std::string& message) {
  throw Error(parse_positioned(d.history.back().location + ": " + message));
}

// A whole number field of the definition on top of the stack, or `fallback` when absent.
std::optional<long> whole_number(lua_State* L, const Definition& d, const char* key, long least) {
  const int type = raw_field(L, key);
  std::optional<long> value;
  if (type != LUA_TNIL) {
    if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < least || lua_tointeger(L, -1) > 1'000'000)
      fail(d, fmt::format("{} '{}': '{}' must be a whole number from {} to 1000000", to_string(d.kind), d.name, key, least));
    value = static_cast<long>(lua_tointeger(L, -1));
  }
  lua_pop(L, 1);
  return value;
}

// The names in the list on top of the stack (its items were checked to be strings), popping it;
// one that is not text is told at `d`'s line, as its field `what`.
std::vector<std::string> pop_names(lua_State* L, const Definition& d, const std::string& what) {
  std::vector<std::string> names;
  for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TSTRING; ++i) {
    try {
      names.push_back(lua::to_text(L, -1, fmt::format("{} '{}': '{}'[{}]", to_string(d.kind), d.name, what, i)));
    } catch (const Error& e) {
      fail(d, e.diagnostics().front().message);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 2);  // the nil that ended it, and the list
  return names;
}

// The definition on top of the stack's `also_called`: the other names players may write for it,
// for hints only.
std::vector<std::string> also_called_of(lua_State* L, const Definition& d) {
  if (raw_field(L, "also_called") == LUA_TTABLE) return pop_names(L, d, "also_called");
  lua_pop(L, 1);
  return {};
}

// Calls the function below `nargs` arguments on top of the stack now, on behalf of the pack that
// last made `owner`, leaving its one result.
void call_now(lua_State* L, const Definition& owner, int nargs) {
  lua::Sandbox& sandbox = lua::Sandbox::of(L);
  if (!sandbox.running()) {
    sandbox.call(owner.history.back().pack, nargs, 1);
  } else if (auto error = sandbox.try_call(L, nargs, 1)) {
    throw *error;
  }
}

// Where the function on top of the stack, a field of `d`, was written: the line a bad answer of it
// is told at (the function its pack wrote, not the wrapper that runs it on the pack's behalf).
std::string written_at(lua_State* L, const Definition& d) {
  const SourcePosition written = lua::written_at(L, -1);
  return written.file.empty() ? d.history.back().location : fmt::format("{}:{}", written.file, written.line);
}

}  // namespace

void push_definition_value(lua_State* L, const Definition& d, const char* key) {
  if (raw_field(L, key) != LUA_TFUNCTION) return;
  const std::string where = written_at(L, d);
  call_now(L, d, 0);
  const auto whole = [&](int index) {
    int is_whole = 0;
    const lua_Integer n = lua_type(L, index) == LUA_TNUMBER ? lua_tointegerx(L, index, &is_whole) : 0;
    return is_whole && n >= 0 && n <= 1'000'000;
  };
  // The feet, or `{ squares = n }` and nothing else (tempo's Base Combat Movement, read from its rules).
  const auto squares = [&] {
    if (lua_type(L, -1) != LUA_TTABLE) return false;
    int entries = 0;
    bool fits = false;
    for (lua_pushnil(L); lua_next(L, -2); lua_pop(L, 1)) {
      ++entries;
      fits = lua_type(L, -2) == LUA_TSTRING && std::string_view(lua_tostring(L, -2)) == "squares" && whole(-1);
    }
    return entries == 1 && fits;
  };
  const std::string whose = fmt::format("action '{}': its '{}' function", d.name, key);
  if (std::string_view(key) == "move") {
    if (!whole(-1) && !squares())
      throw Error(parse_positioned(
          fmt::format("{}: {} must return a whole number of feet from 0 to 1000000, or {{ squares = that number }}, "
                      "not {}",
                      where, whose, lua::describe(L, -1, 1))));
    return;
  }
  // `away_from_hostiles`, which has no reason to give nothing.
  try {
    if (!lua::returned_boolean(L, -1, whose)) throw Error(fmt::format("{} must return true or false, not nil", whose));
  } catch (const Error& e) {
    throw Error(parse_positioned(where + ": " + e.diagnostics().front().message));
  }
}

namespace {

// Field `key` of the action definition on top of the stack: a list of action names or a
// function() returning one, called now, once every pack has loaded, so that a pack deriving it
// from its data (tempo's rows) sees every house rule's patch of that data. Absent: nullopt.
std::optional<std::vector<std::string>> names_field(lua_State* L, const Definition& d, const char* key) {
  const int type = raw_field(L, key);
  if (type != LUA_TFUNCTION && type != LUA_TTABLE) {
    lua_pop(L, 1);
    return std::nullopt;
  }
  const std::string where = type == LUA_TFUNCTION ? written_at(L, d) : d.history.back().location;
  if (type == LUA_TFUNCTION) call_now(L, d, 0);
  const auto list_of_texts = [&] {
    if (!lua_istable(L, -1)) return false;
    for (lua_pushnil(L); lua_next(L, -2); lua_pop(L, 1))
      if (!lua_isinteger(L, -2) || lua_type(L, -1) != LUA_TSTRING) {
        lua_pop(L, 2);
        return false;
      }
    return true;
  };
  if (!list_of_texts())
    throw Error(parse_positioned(fmt::format("{}: {} '{}': its '{}'{} must {} a list of action names, not {}", where,
                                             to_string(d.kind), d.name, key,
                                             type == LUA_TFUNCTION ? " function" : "",
                                             type == LUA_TFUNCTION ? "return" : "be", lua::describe(L, -1, 1))));
  return pop_names(L, d, key);
}

// When a sheet may order the action: from its definition, or, when that says nothing of it, from
// the ruleset's hook `timing(name)` (tempo: by its row), so an action a house rule defines as the
// docs show is checked as the ruleset's own are.
void read_timing(lua_State* L, const Definition& d, const Registry& registry, orders::ActionRules& rules) {
  const auto given = [&](const char* key) {
    const bool there = raw_field(L, key) != LUA_TNIL;
    lua_pop(L, 1);
    return there;
  };
  // The three fields of the table on top of the stack, which `owner` gave.
  const auto read_from = [&](const Definition& owner) {
    rules.turn_only = raw_field(L, "turn_only") == LUA_TBOOLEAN && lua_toboolean(L, -1);
    lua_pop(L, 1);
    rules.answers = names_field(L, owner, "answers");
    rules.replaces = names_field(L, owner, "replaces").value_or(std::vector<std::string>{});
  };
  const Definition* hook = registry.find(Kind::hook, "timing");
  if (!hook || given("turn_only") || given("answers") || given("replaces")) {
    read_from(d);
    return;
  }
  registry.push(L, Kind::hook, "timing");
  lua_pushstring(L, d.name.c_str());
  call_now(L, *hook, 1);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return;
  }
  if (!lua_istable(L, -1))
    fail(*hook, fmt::format("the hook 'timing' returns nil or {{ turn_only = …, answers = {{…}}, replaces = {{…}} }} "
                            "for action '{}', not a {}",
                            d.name, luaL_typename(L, -1)));
  read_from(*hook);
  lua_pop(L, 1);
}

// What the order checker needs of the action definition on top of the stack. Its fields were
// checked when it was defined (definition_check.hpp): each is absent or of its type.
orders::ActionRules action_rules(lua_State* L, const Definition& d, const Registry& registry) {
  orders::ActionRules rules{d.name, false, std::nullopt, false, false};
  const auto flag = [&](const char* key) {
    const bool set = raw_field(L, key) == LUA_TBOOLEAN && lua_toboolean(L, -1);
    lua_pop(L, 1);
    return set;
  };
  const auto text = [&](const char* key) {
    std::string value(raw_field(L, key) == LUA_TSTRING ? lua::whole_string(L, -1) : "");
    lua_pop(L, 1);
    return value;
  };
  rules.needs_target = flag("needs_target");
  rules.needs_direction = flag("needs_direction");
  rules.target_is_way = flag("target_is_way");
  rules.involuntary = flag("involuntary");
  // `target = "enemy"`: the action attacks, so its target is an opponent; `"ally"`: another of one's
  // side (Guard); `"other"`: anyone but oneself; `"none"`: it takes none; a function judges each target in the fight (sheets cannot be
  // checked against it before).
  const std::string kind = text("target");
  rules.enemy_target = kind == "enemy";
  rules.ally_target = kind == "ally";
  rules.other_target = kind == "other";
  rules.no_target = kind == "none";
  rules.declared_as = text("declared_as");
  rules.also_called = also_called_of(L, d);
  rules.usage = text("usage");
  // `arguments = true`, or the words an argument may begin with.
  if (raw_field(L, "arguments") == LUA_TTABLE) {
    rules.argument_words = pop_names(L, d, "arguments");
  } else {
    rules.any_argument = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  read_timing(L, d, registry, rules);
  // `move = 15` or, as the Platemail pack's action data writes it, `move = { max = 15 }`; or `move =
  // { squares = 3 }`, squares of whatever scale the map has (tempo); 0 or absent: the action stays
  // in place. A function() returning the feet or the squares is called now, once every pack has
  // loaded, as `answers` is: Platemail's and tempo's read their tables, which house rules patch.
  push_definition_value(L, d, "move");
  bool in_squares = false;
  if (lua_type(L, -1) == LUA_TTABLE) {
    in_squares = raw_field(L, "squares") != LUA_TNIL;
    if (!in_squares) {
      lua_pop(L, 1);
      raw_field(L, "max");
    }
    lua_remove(L, -2);
  }
  if (const lua_Integer n = lua_tointeger(L, -1); n > 0) (in_squares ? rules.move_squares : rules.move_feet) = static_cast<long>(n);
  lua_pop(L, 1);
  push_definition_value(L, d, "away_from_hostiles");  // a function: called now, as `move` is
  rules.away_from_hostiles = lua_type(L, -1) == LUA_TBOOLEAN && lua_toboolean(L, -1);
  lua_pop(L, 1);
  return rules;
}

// The flow table on top of the stack: how many phases it has, and whether one is sequential: then
// sheets give standing orders (ON) and any number of entries a turn. A malformed flow is the
// fight's to report.
struct FlowShape {
  long phases = 0;
  bool sequential = false;
};
FlowShape flow_shape(lua_State* L) {
  const int top = lua_gettop(L);
  FlowShape shape;
  if (lua_istable(L, -1) && raw_field(L, "phases") == LUA_TTABLE)
    for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TTABLE; ++i) {
      ++shape.phases;
      if (raw_field(L, "kind") == LUA_TSTRING && lua::whole_string(L, -1) == "sequential") shape.sequential = true;
      lua_pop(L, 2);
    }
  lua_settop(L, top);
  return shape;
}

}  // namespace

std::vector<std::string> also_called(lua_State* L, const Registry& registry, const Definition& d) {
  if (d.kind != Kind::action && d.kind != Kind::condition && d.kind != Kind::target) return {};
  const lua::StackGuard guard(L);
  registry.push(L, d.kind, d.name);
  return also_called_of(L, d);
}

orders::Vocabulary read_vocabulary(lua_State* L, const Registry& registry) {
  orders::Vocabulary vocabulary;
  for (const auto* d : registry.definitions()) {
    switch (d->kind) {
      case Kind::action:
        registry.push(L, d->kind, d->name);
        vocabulary.add_action(action_rules(L, *d, registry));
        lua_pop(L, 1);
        break;
      case Kind::condition:
      case Kind::target: {
        registry.push(L, d->kind, d->name);
        std::vector<std::string> also_called = also_called_of(L, *d);
        // A target's `compares`: the stat it ranks characters by (checked to be text as it was defined),
        // and whether it says the words each character answers to in its {word} (`kinds`, a function).
        std::string compares(d->kind == Kind::target && raw_field(L, "compares") == LUA_TSTRING ? lua::whole_string(L, -1)
                                                                                                : "");
        if (d->kind == Kind::target) lua_pop(L, 1);
        const bool says_kinds = d->kind == Kind::target && raw_field(L, "kinds") == LUA_TFUNCTION;
        if (d->kind == Kind::target) lua_pop(L, 1);
        // Whom it picks among (`among`, one of relation_names as it was defined): anyone if not said.
        const Relation among = d->kind == Kind::target && raw_field(L, "among") == LUA_TSTRING
                                   ? parse_relation(lua::whole_string(L, -1))
                                   : Relation::Any;
        if (d->kind == Kind::target) lua_pop(L, 1);
        // The answers a condition stands for (`answered_by`, a list of names as it was defined).
        std::vector<std::string> answered_by;
        if (d->kind == Kind::condition) {
          if (raw_field(L, "answered_by") == LUA_TTABLE) answered_by = pop_names(L, *d, "answered_by");
          else lua_pop(L, 1);
        }
        lua_pop(L, 1);
        if (d->kind == Kind::condition)
          vocabulary.add_condition(d->name, d->history.front().location, also_called, answered_by);
        else vocabulary.add_target(d->name, d->history.front().location, also_called, compares, says_kinds, among);
        break;
      }
      case Kind::table:
        if (d->name == "flow") {
          registry.push(L, d->kind, d->name);
          const FlowShape flow = flow_shape(L);
          vocabulary.sequential = flow.sequential;
          vocabulary.flow_phases = flow.sequential ? 0 : flow.phases;
          lua_pop(L, 1);
        }
        if (d->name != "orders") break;
        registry.push(L, d->kind, d->name);
        vocabulary.phases = whole_number(L, *d, "phases", 1).value_or(0);
        vocabulary.feet_per_step = whole_number(L, *d, "feet_per_step", 1).value_or(vocabulary.feet_per_step);
        lua_pop(L, 1);
        break;
      case Kind::hook: vocabulary.rules_choose = vocabulary.rules_choose || d->name == "choose"; break;
      default: break;
    }
  }
  return vocabulary;
}

void check_orders_table(lua_State* L, const Registry& registry) {
  const Definition* orders = registry.find(Kind::table, "orders");
  if (!orders || !registry.find(Kind::table, "flow")) return;
  registry.push(L, Kind::table, "flow");
  const FlowShape flow = flow_shape(L);
  lua_pop(L, 1);
  registry.push(L, Kind::table, "orders");
  const std::optional<long> phases = whole_number(L, *orders, "phases", 1);
  lua_pop(L, 1);
  // In a sequential flow `phases` counts a turn's entries, which no number of phases bounds.
  if (!phases || flow.sequential || flow.phases == 0 || *phases <= flow.phases) return;
  fail(*orders, fmt::format("table 'orders': 'phases' is {}, but the flow has {} phase{}: a sheet's orders "
                            "for phase {} would never be played (docs/orders.md: 'phases' is the number of the "
                            "flow's phases each character orders)",
                            *phases, flow.phases, flow.phases == 1 ? " (simultaneous)" : "s (all simultaneous)",
                            flow.phases + 1));
}

}  // namespace arbiter::packs
