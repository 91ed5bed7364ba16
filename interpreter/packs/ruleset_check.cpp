#include "interpreter/packs/ruleset_check.hpp"

#include <algorithm>
#include <string_view>
#include <tuple>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/core/flow.hpp"
#include "interpreter/core/status_definition.hpp"
#include "interpreter/lua/stack_guard.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/world_bindings.hpp"
#include "interpreter/packs/field_place.hpp"
#include "interpreter/packs/fight.hpp"
#include "interpreter/packs/order_vocabulary.hpp"
#include "interpreter/packs/runtime_hooks.hpp"

namespace arbiter::packs {
namespace {

int raw_field(lua_State* L, int index, const char* key) {
  lua_pushstring(L, key);
  return lua_rawget(L, index < 0 ? index - 1 : index);
}

// At `field` of `d` where the change that last set it writes it.
[[noreturn]] void fail(lua_State* L, const Definition& d, std::string_view field, const std::string& message,
                       std::string note = {}) {
  Diagnostic problem = at_field(L, setting(d, field).location, std::string(field), message);
  if (!note.empty()) problem.notes.push_back(std::move(note));
  throw Error(std::move(problem));
}

// The strings of the list at the top of the stack, if it is a table (a function's list is the
// pack's own to check), which it pops.
std::vector<std::string> listed(lua_State* L) {
  std::vector<std::string> names;
  if (lua_type(L, -1) == LUA_TTABLE) {
    for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TSTRING; ++i) {
      names.emplace_back(lua::whole_string(L, -1));
      lua_pop(L, 1);
    }
    lua_pop(L, 1);  // the value that ended the list
  }
  lua_pop(L, 1);
  return names;
}

bool holds(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

void check_ruleset(lua_State* L, const Registry& registry) {
  const lua::StackGuard guard(L);
  const Definition* flow = registry.find(Kind::table, "flow");
  std::vector<std::string> action_names, status_names;
  std::vector<std::pair<const Definition*, DurationUnit>> units;  // each status's, checked against the flow
  for (const Definition* d : registry.definitions()) {
    if (d->kind == Kind::action) action_names.push_back(d->name);
    if (d->kind == Kind::status) status_names.push_back(d->name);
  }
  // The functions a fight calls. An order naming an action, a condition or a target without one
  // would stop the fight mid-round, or fail at the table: refused before any round.
  if (flow)
    for (const Definition* d : registry.definitions()) {
      const auto [field, does] = d->kind == Kind::action      ? std::pair{"resolve", "carry it out"}
                                 : d->kind == Kind::condition ? std::pair{"test", "tell whether it holds"}
                                 : d->kind == Kind::target    ? std::pair{"find", "tell whom it names"}
                                                              : std::pair{"", ""};
      if (*field == '\0') continue;
      registry.push(L, d->kind, d->name);
      const bool present = raw_field(L, -1, field) == LUA_TFUNCTION;
      lua_settop(L, guard.top());
      if (!present)
        fail(L, *d, field,
             fmt::format("{} '{}' has no '{}' function: a fight calls it to {}{}", to_string(d->kind), d->name, field,
                         does,
                         d->kind == Kind::action ? ", so an order naming it could not be carried out (only rules that "
                                                   "play no fight, with no table 'flow', declare actions without it)"
                                                 : ""));
    }
  const orders::Vocabulary vocabulary = read_vocabulary(L, registry);
  for (const Definition* d : registry.definitions()) {
    registry.push(L, d->kind, d->name);
    if (d->kind == Kind::action) {
      if (const std::string& shown = vocabulary.action(d->name)->declared_as; !shown.empty() && !vocabulary.action(shown))
        fail(L, *d, "declared_as", fmt::format("action '{}': 'declared_as' names no action: '{}'", d->name, shown),
             did_you_mean(shown, vocabulary.action_names()));
      // A list written in the definition; one a function derives from a pack's data is that pack's to check.
      for (const char* field : {"answers", "replaces"}) {
        raw_field(L, -1, field);
        for (const std::string& named : listed(L))
          if (!vocabulary.action(named))
            fail(L, *d, field, fmt::format("action '{}': '{}' names no action: '{}'", d->name, field, named),
                 did_you_mean(named, vocabulary.action_names()));
      }
      // A misspelt status would make the action never allowed.
      raw_field(L, -1, "allowed_by");
      for (const std::string& status : listed(L))
        if (!holds(status_names, status))
          fail(L, *d, "allowed_by",
               fmt::format("action '{}': allowed_by: {}", d->name, unknown_name(status, status_names, "status")));
    } else if (d->kind == Kind::condition) {
      // A misspelt answer would never be one a replacement answers: every entry under it warned of.
      raw_field(L, -1, "answered_by");
      for (const std::string& named : listed(L))
        if (!vocabulary.action(named))
          fail(L, *d, "answered_by",
               fmt::format("condition '{}': 'answered_by' names no action: '{}'", d->name, named),
               did_you_mean(named, vocabulary.action_names()));
    } else if (d->kind == Kind::status) {
      // A misspelt action would be allowed or forbidden nothing.
      const StatusDefinition status = lua::check_status_definition(L, -1);
      units.emplace_back(d, status.unit);
      for (const auto& [field, actions] : {std::pair{"allows", &status.allows}, std::pair{"forbids", &status.forbids}})
        for (const std::string& action : *actions)
          if (!holds(action_names, action))
            fail(L, *d, field,
                 fmt::format("status '{}': {}: {}", d->name, field, unknown_name(action, action_names, "action")));
    }
    lua_settop(L, guard.top());
  }
  if (!flow) return;
  std::string default_order, pack;
  LookupRules lookups;
  FlowRules rules = read_flow(L, registry, default_order, lookups, pack);
  // The order of whoever has none: an action of any case, as a sheet names it.
  if (!default_order.empty() && !vocabulary.action(default_order))
    fail(L, *flow, "default_order",
         "flow.default_order: " + unknown_name(default_order, vocabulary.action_names(), "action"));
  // The default order is taken at no one, going nowhere, on no one's action (Fight::default_intent),
  // by everyone left without an order: an action that needs a target would fail on ctx.target every
  // time (docs/fights.md), one that must say where it moves would go nowhere, one the rules force
  // is never ordered, and an answer has nothing to answer.
  if (const orders::ActionRules* taken = default_order.empty() ? nullptr : vocabulary.action(default_order)) {
    const char* why = taken->needs_target      ? "needs a target (needs_target = true), but a default order is taken "
                                                 "at no one, so its resolve would fail on ctx.target"
                      : taken->needs_direction ? "must say where it moves (needs_direction = true), but a default "
                                                 "order is given no way, so it would go nowhere"
                      : taken->involuntary     ? "is involuntary (forced by the rules, never ordered)"
                      : taken->answers         ? "is taken only in answer to another's action (answers), and a "
                                                 "default order answers none"
                                               : nullptr;
    if (why)
      fail(L, *flow, "default_order",
           fmt::format("flow.default_order: '{}' {}, for everyone left without an order: name an action taken on "
                       "one's own, at no one (its resolve may find a target itself, as with "
                       "world.closest(ctx.actor, \"enemy\"))",
                       taken->name, why));
  }
  // A misspelt status in `incapacitated` would let the Unconscious fight on, in
  // `lookups.out_of_fight` keep the Dead a lookup's answer.
  for (const auto& [field, named] : {std::pair{"incapacitated", &rules.incapacitated},
                                     std::pair{"lookups.out_of_fight", &lookups.out_of_fight}})
    for (const std::string& status : *named)
      if (!holds(status_names, status))
        fail(L, *flow, field, fmt::format("flow.{}: {}", field, unknown_name(status, status_names, "status")));
  std::vector<std::string> phases;
  for (const PhaseRules& phase : rules.phases) phases.push_back(fmt::format("{} ({})", phase.name, name(phase.kind)));
  // "A duration of N lasts through N ticks of its clock" (docs/world.md): a clock the flow never
  // ticks (turns, in a flow of simultaneous phases only) would keep the status on for good.
  for (const auto& [d, unit] : units) {
    if (unit == DurationUnit::UntilRemoved || counts_down(unit, rules.phases)) continue;
    std::vector<std::string> counted;
    for (std::size_t other = 0; other < duration_unit_names.size(); ++other)  // every unit the runtime has
      if (counts_down(static_cast<DurationUnit>(other), rules.phases))
        counted.push_back(fmt::format("\"{}\"", duration_unit_names[other]));
    fail(L, *d, "unit",
         fmt::format("status '{}': unit = \"{}\" is never counted down in this flow, so the status would never end: "
                     "turns come only in sequential phases, and the flow's phases are {}. Give unit = {}, which this "
                     "flow counts down",
                     d->name, name(unit), fmt::join(phases, ", "), fmt::join(counted, " or ")));
  }
  // Likewise a hook of sequential phases (docs/fights.md, "Hooks": a turn's, its order's, its
  // actions' and their responses'): defined under a flow without turns, it would silently never run.
  // Every such hook is told at once, each at its own line, not one per run.
  if (counts_down(DurationUnit::Turns, rules.phases)) return;
  std::vector<Diagnostic> never_called;
  for (const RuntimeHook& hook : runtime_hooks)
    if (const Definition* d = hook.sequential_only ? registry.find(Kind::hook, hook.name) : nullptr)
      never_called.push_back(
          at_name(L, setting(*d, "").location, d->name,
                   fmt::format("hook '{}' is never called in this flow: it is called only in sequential phases, where "
                               "turns come, and the flow's phases are {}{}",
                               hook.name, fmt::join(phases, ", "),
                               hook.instead.empty() ? "" : fmt::format(". Use {}, which this flow calls", hook.instead))));
  if (never_called.empty()) return;
  std::ranges::stable_sort(never_called, {}, [](const Diagnostic& d) {
    return std::tie(d.where.file, d.where.line, d.where.column);  // as the files write them
  });
  throw Error(std::move(never_called));
}

}  // namespace arbiter::packs
