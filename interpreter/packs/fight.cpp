#include "interpreter/packs/fight.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grammar/orders_format.hpp"
#include "interpreter/core/json_reader.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/core/order_check.hpp"
#include "interpreter/core/step_rules.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/ordered.hpp"
#include "interpreter/lua/stack_guard.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/world_bindings.hpp"
#include "interpreter/packs/definition_check.hpp"
#include "interpreter/packs/encounter.hpp"
#include "interpreter/packs/order_vocabulary.hpp"
#include "interpreter/packs/ruleset_check.hpp"

namespace arbiter::packs {

namespace {

using lua::StackGuard;

int raw_field(lua_State* L, int index, const char* key) {
  lua_pushstring(L, key);
  return lua_rawget(L, index < 0 ? index - 1 : index);
}

std::string located(const Definition& d, const std::string& message) {
  return d.history.back().location + ": " + message;
}

// The same as located, at the change that last set `field`.
std::string located(const Definition& d, std::string_view field, const std::string& message) {
  return setting(d, field).location + ": " + message;
}

std::vector<std::string> texts(const JsonReader& list) {
  std::vector<std::string> out;
  for (const auto& item : list.lua_items()) out.push_back(item.text());
  return out;
}

Halt parse_halt(const std::string& text) {
  if (text == "mover") return Halt::Mover;
  if (text == "other") return Halt::Other;
  if (text == "both") return Halt::Both;
  if (text == "meet") return Halt::Meet;
  if (text == "mover_after_step") return Halt::MoverAfterStep;
  if (text == "other_after_step") return Halt::OtherAfterStep;
  if (text == "none") return Halt::None;
  throw Error(with_nearest(fmt::format("the movement hook returned '{}'; expected nil, \"mover\", \"other\", "
                                       "\"both\", \"meet\", \"mover_after_step\" or \"other_after_step\"",
                                       text),
                           text, {"mover", "other", "both", "meet", "mover_after_step", "other_after_step", "none"}));
}

// The sheets' compass points and the grid's directions list the same eight in the same order.
Direction direction_of(orders::Compass compass) { return static_cast<Direction>(compass); }

// One more thing said of how an intent was chosen, after what is said already.
void add_note(Intent& intent, const std::string& text) {
  intent.note = intent.note.empty() ? text : intent.note + "; " + text;
}

}  // namespace

Fight::Fight(lua::Sandbox& sandbox, const Registry& registry, World world, DiceSource& dice, lua_State* L)
    : sandbox_(sandbox),
      registry_(registry),
      dice_(dice),
      world_(std::move(world)),
      roster_(roster_of(world_.entities())),
      handles_(L ? L : sandbox.state()),
      statuses_(world_, book_, log_),
      paths_(world_.grid()),
      vocabulary_(read_vocabulary(L ? L : sandbox.state(), registry)),
      declared_stats_(declared_stats(L ? L : sandbox.state(), registry)),
      flow_rules_(read_flow(L ? L : sandbox.state(), registry, default_order_, lookups_, ruleset_pack_)),
      flow_(world_, log_, statuses_, flow_rules_, *this) {
  world_.watch([this](EntityId id) { handles_.changed(id); });
  log_.charge_to(sandbox_);
  if (L) {
    map_memory_.charge_to(sandbox_);
    map_memory_.hold(world_.grid().bytes_held());
  }
  read_ruleset(L ? L : sandbox.state(), registry);
}

Fight::~Fight() {
  lua_State* L = sandbox_.state();
  for (const auto* functions : {&conditions_, &targets_, &hooks_, &kinds_})
    for (const auto& [name, f] : *functions) luaL_unref(L, LUA_REGISTRYINDEX, f.ref);
  for (const auto& [name, a] : actions_) {
    luaL_unref(L, LUA_REGISTRYINDEX, a.resolve.ref);
    luaL_unref(L, LUA_REGISTRYINDEX, a.name_ref);
  }
}

FlowRules read_flow(lua_State* L, const Registry& registry, std::string& default_order, LookupRules& lookups,
                    std::string& pack) {
  const Definition* d = registry.find(Kind::table, "flow");
  if (!d) throw Error("the packs declare no flow: a ruleset defines the table 'flow' with its phases (docs/fights.md)");
  pack = d->history.front().pack;
  StackGuard guard{L};
  registry.push(L, Kind::table, "flow");
  try {
    const nlohmann::json table = lua::check_json(L, -1);
    const JsonReader flow(table, "flow");
    flow.only({"phases", "default_order", "incapacitated", "one_per_cell", "lookups"});
    FlowRules rules;
    for (const auto& phase : flow["phases"].lua_items()) {
      phase.only({"name", "kind", "action_points"});
      PhaseRules p{phase["name"].text(), PhaseKind::Simultaneous, 0};
      if (const auto kind = phase.optional("kind")) p.kind = kind->here([&] { return parse_phase_kind(kind->text()); });
      // A budget of points: negative, a fraction or past any cost (costs are 0 to 1000000) is a slip.
      if (const auto points = phase.optional("action_points")) p.action_points = points->whole_number(0, most_action_points);
      rules.phases.push_back(std::move(p));
    }
    if (rules.phases.empty()) flow["phases"].fail("a flow has at least one phase");
    if (const auto order = flow.optional("default_order")) default_order = order->text();
    if (const auto statuses = flow.optional("incapacitated")) rules.incapacitated = texts(*statuses);
    if (const auto one = flow.optional("one_per_cell")) rules.movement.one_per_cell = one->boolean();
    if (const auto found = flow.optional("lookups")) {
      found->only({"injury", "more_is_worse", "size", "out_of_fight"});
      if (const auto injury = found->optional("injury")) lookups.injury_stat = injury->text();
      if (const auto worse = found->optional("more_is_worse")) lookups.more_is_worse = worse->boolean();
      if (const auto size = found->optional("size")) lookups.size_stat = size->text();
      if (const auto out = found->optional("out_of_fight")) lookups.out_of_fight = texts(*out);
    }
    return rules;
  } catch (const Error& e) {
    // Told at the change that last set the field it names: "flow.phases[1].action_points: …" (the
    // reader's), "… (at phases[1].name)" (plain data's, a string that is not text).
    const std::string& message = e.diagnostics().front().message;
    std::string field;
    if (const std::size_t end = message.find(": "); message.starts_with("flow.") && end != std::string::npos)
      field = message.substr(5, end - 5);
    else if (const std::size_t at = message.rfind(" (at "); message.ends_with(")") && at != std::string::npos)
      field = message.substr(at + 5, message.size() - at - 6);
    throw Error(parse_positioned(field.empty() ? located(*d, message) : located(*d, field, message)));
  }
}

void Fight::read_ruleset(lua_State* L, const Registry& registry) {
  // What the definitions say of one another, and the functions a fight calls, checked as every
  // command that loads the packs checks them (ruleset_check.hpp): again here, as a test case's
  // patch since they loaded may have changed them.
  check_ruleset(L, registry);
  StackGuard guard{L};
  // Every field was checked when it was defined (definition_check.hpp): each is absent or of its type.
  // The function on top of the stack, popped.
  const auto function_on_top = [&] {
    Function f;
    f.ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_rawgeti(L, LUA_REGISTRYINDEX, f.ref);
    lua::unchain(L);  // the pack's own function, inside what runs it under the pack's budget
    lua_Debug ar;
    lua_getinfo(L, ">u", &ar);
    if (!ar.isvararg) f.reads = ar.nparams;  // a C function counts as vararg
    return f;
  };
  const auto function_field = [&](const char* key) {
    if (raw_field(L, -1, key) == LUA_TFUNCTION) return function_on_top();
    lua_pop(L, 1);
    return Function{};
  };
  for (const Definition* d : registry.definitions()) {
    registry.push(L, d->kind, d->name);
    switch (d->kind) {
      case Kind::action: {
        const orders::ActionRules& rules = *vocabulary_.action(d->name);
        Action a{.name = d->name,
                 .away_from_hostiles = rules.away_from_hostiles,
                 .move_feet = rules.move_feet_at(world_.grid().scale()),
                 .resolve = function_field("resolve")};
        if (raw_field(L, -1, "ready") == LUA_TBOOLEAN) a.ready = lua_toboolean(L, -1);
        lua_pop(L, 1);
        a.ready_when = function_field("ready");
        a.target_allowed = function_field("target");
        a.allowed_when = function_field("allowed_by");
        a.cost_when = function_field("cost");
        const int cost_type = raw_field(L, -1, "cost");
        if (cost_type == LUA_TNUMBER) a.cost = static_cast<int>(lua_tointeger(L, -1));
        lua_pop(L, 1);
        a.gives_cost = cost_type != LUA_TNIL;
        a.gives_allowed_by = raw_field(L, -1, "allowed_by") != LUA_TNIL;
        lua_pop(L, 1);
        a.carries_target = raw_field(L, -1, "carries_target") == LUA_TBOOLEAN && lua_toboolean(L, -1);
        lua_pop(L, 1);
        a.follows_target = raw_field(L, -1, "follows_target") == LUA_TBOOLEAN && lua_toboolean(L, -1);
        lua_pop(L, 1);
        if (raw_field(L, -1, "allowed_by") == LUA_TTABLE) {
          for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TSTRING; ++i) {
            a.allowed_by.emplace_back(lua::whole_string(L, -1));
            lua_pop(L, 1);
          }
          lua_pop(L, 1);
        }
        lua_pop(L, 1);
        actions_.emplace(d->name, std::move(a));
        break;
      }
      case Kind::condition: conditions_.emplace(d->name, function_field("test")); break;
      case Kind::target:
        targets_.emplace(d->name, function_field("find"));
        if (Function kinds = function_field("kinds"); kinds.ref != LUA_NOREF) kinds_.emplace(d->name, kinds);
        break;
      case Kind::hook: hooks_.emplace(d->name, function_on_top()); break;
      case Kind::status: {
        StatusDefinition status = lua::check_status_definition(L, -1, d->name);
        status.name = d->name;  // its key: a `name` that differs is refused where it is written
        if (!status.modifiers.empty()) {
          const Change& wrote = setting(*d, "modifiers");
          status.modifiers_written_at = wrote.location;
          status.modifiers_pack_order = sandbox_.pack_order(wrote.pack);
        }
        book_.define(std::move(status));
        break;
      }
      case Kind::table:
        if (d->name == "narration") {
          // Each a template, checked where it was given (definition_check.hpp), and kept with that
          // place: a placeholder an event lacks is told there; one the runtime's events lack, now
          // (a test case's patch since the packs loaded).
          check_runtime_narration(L, registry);
          const nlohmann::json templates = lua::check_json(L, -1);
          for (const auto& [type, text] : templates.items()) {
            const Change& given = setting(*d, type);
            narrator_.set_template(type, text.get<std::string>(), given.location, given.pack);
          }
        }
        break;
    }
    lua_settop(L, guard.top());
  }
  if (const Definition* flow = registry.find(Kind::table, "flow")) flow_at_ = setting(*flow, "default_order").location;
  // An action that gives no `allowed_by` or no `cost` of its own is judged, or charged, by the
  // ruleset's hook of that name, if it has one, whoever proposes it (docs/fights.md): tempo's read
  // the action's row, so a house rule's action with a row is held to it as tempo's own are.
  const auto asked_for_each_action = [&](const char* name) {
    Function asked = hooks_.contains(name) ? hooks_.at(name) : Function{};
    asked.names_action = true;
    return asked;
  };
  const Function allows = asked_for_each_action("allowed_by"), costs = asked_for_each_action("cost");
  for (auto& [name, a] : actions_) {
    if (!a.gives_allowed_by) a.allowed_when = allows;
    if (!a.gives_cost) a.cost_when = costs;
    if (a.allowed_when.names_action || a.cost_when.names_action) {
      lua_pushlstring(L, name.data(), name.size());
      a.name_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    }
  }
}

const Fight::Action& Fight::action(const std::string& name) const {
  if (const auto it = actions_.find(name); it != actions_.end()) return it->second;
  if (const auto* rules = vocabulary_.action(name)) return actions_.at(rules->name);  // any case
  std::vector<std::string> names;
  for (const auto& [known, a] : actions_) names.push_back(known);
  throw Error(unknown_name(name, names, "action"));
}

const Fight::Function* Fight::hook(const char* name) const {
  const auto it = hooks_.find(name);
  return it == hooks_.end() ? nullptr : &it->second;
}

std::string_view Fight::hook_name(const Function& f) const {
  const auto it = std::ranges::find_if(hooks_, [&](const auto& named) { return &named.second == &f; });
  return it == hooks_.end() ? std::string_view("pack's") : std::string_view(it->first);
}

// Before any call into the packs: handles as the world is now, and the packs' checks when a
// definition has changed (an action's patch in the phase before).
void Fight::prepare_pack_call() {
  handles_.refresh(L_);
  registry_.run_checks(L_, [&](const std::string&) { lua_call(L_, 0, 0); });  // each a pack function
}

void Fight::call(const Function& function, int nargs, int nresults) {
  prepare_pack_call();
  lua_rawgeti(L_, LUA_REGISTRYINDEX, function.ref);
  lua_insert(L_, -nargs - 1);
  lua_call(L_, nargs, nresults);  // a pack function: it enters its own pack's budget
}

template <class Read>
auto Fight::returned_by(const Function& function, Read&& read) -> decltype(read()) {
  try {
    return read();
  } catch (const Error& e) {
    const Diagnostic& problem = e.diagnostics().front();
    if (!problem.where.file.empty()) throw;
    lua_rawgeti(L_, LUA_REGISTRYINDEX, function.ref);
    SourcePosition written = lua::written_at(L_, -1);
    if (written.file.empty()) throw;  // written in no file: nowhere better to point
    Diagnostic placed = problem;
    placed.where = std::move(written);
    throw Error(std::move(placed));
  }
}

template <class T>
void Fight::Active::provide(T* service) {
  lua::Services& services = fight_.sandbox_.services();
  T* before = services.find<T>();
  services.provide<T>(service);
  restore_.push_back([&services, before] {
    if (before) services.provide<T>(before);
    else services.withdraw<T>();
  });
}

Fight::Active::Active(Fight& fight, lua_State* L) : fight_(fight), saved_thread_(fight.L_) {
  fight.L_ = L;
  provide(&fight.world_);
  provide(&fight.log_);
  provide(&fight.book_);
  provide(&fight.statuses_);
  provide(&fight.narrator_);
  provide(&fight.lookups_);
  provide(&fight.paths_);
  provide(&fight.flow_);
  provide<DiceSource>(&fight.dice_);
  provide(&fight.handles_);
  provide(&fight.encounter_fault_);
  provide(&fight.vocabulary_);  // the actions, for the functions given an action's name
  provide(fight.declared_stats_ ? &*fight.declared_stats_ : nullptr);  // for world.set_stat
  fight.handles_.refresh(L);  // what changed while the fight was not running
}

Fight::Active::~Active() {
  for (auto it = restore_.rbegin(); it != restore_.rend(); ++it) (*it)();
  fight_.L_ = saved_thread_;
}

void Fight::resume(const SavedState& state) {
  // A status the rules do not define, or that they could not have left so (a hand-edited save),
  // would stop the fight at its first lookup, blamed on the ruleset, or play on as no rule says:
  // refuse it here, at its place in the save.
  const auto& characters = world_.entities();
  for (std::size_t i = 0; i < characters.size(); ++i)
    for (std::size_t j = 0; j < characters[i].statuses.size(); ++j) {
      const ActiveStatus& status = characters[i].statuses[j];
      const auto refuse = [&](const char* field, const std::string& why) {
        throw Error(fmt::format("state.world.characters[{}].statuses[{}].{}: {}", i, j, field, why));
      };
      const StatusDefinition* definition = nullptr;
      try {
        definition = &book_.get(status.name);
      } catch (const Error& e) {
        refuse("name", e.diagnostics().front().message);
      }
      const bool timed = definition->unit != DurationUnit::UntilRemoved;
      if (status.timed != timed)
        refuse("timed", fmt::format("{}: {} lasts {}, so 'timed' is {}", status.timed, status.name,
                                    timed ? "for a duration" : "until it is removed", timed));
      const int most = definition->stacking == Stacking::Stack ? definition->max_stacks : 1;
      if (status.stacks > most)
        refuse("stacks", fmt::format("{}: {} holds at most {} stack{}", status.stacks, status.name, most,
                                     most == 1 ? "" : "s"));
      if (definition->stacking != Stacking::Independent)
        for (std::size_t k = 0; k < j; ++k)
          if (characters[i].statuses[k].name == status.name)
            refuse("name", fmt::format("{} is on {} twice (statuses[{}]): only a status applied independently "
                                       "(stacking = \"independent\") is held more than once",
                                       status.name, characters[i].name, k));
    }
  // A fight is saved between rounds, where the flow stands at phase 0, turn 0: another place would
  // be passed over unsaid, as the next round starts at its beginning whatever it says.
  if (state.flow.phase != 0)
    throw Error(fmt::format("state.flow.phase: {}: a fight is saved between rounds, where the phase is 0",
                            state.flow.phase));
  if (state.flow.turn != 0)
    throw Error(fmt::format("state.flow.turn: {}: a fight is saved between rounds, where the turn is 0",
                            state.flow.turn));
  // The log is the whole fight's, numbered on by the next run: one emptied or cut short would
  // number this run's events from 1 again, or tell rounds that were not played.
  const auto rounds_logged = std::count_if(state.log.begin(), state.log.end(), [](const LogEvent& event) {
    return event.type == event_type::round_started;
  });
  if (rounds_logged != state.flow.round)
    throw Error(fmt::format("state.log: it tells {} round{} (its round_started events), but state.flow.round says {} "
                            "{} played: the log must be the whole fight's, for this run's events to be numbered on",
                            rounds_logged, rounds_logged == 1 ? "" : "s", state.flow.round,
                            state.flow.round == 1 ? "was" : "were"));
  log_.restore(state.log);
  flow_.restore(state.flow, state.last_intents);
}

SavedState Fight::save(nlohmann::json rng) const {
  return SavedState{world_, flow_.position(), std::move(rng), flow_.last_intents(), log_.events()};
}

void Fight::add_orders(long round, orders::Sheet sheet) {
  numbered_.clear();  // the sheets may move
  orders_by_name_.clear();
  orders_[round].push_back(std::move(sheet));
}

void Fight::push_round(lua_State* L) {
  lua_pushlightuserdata(L, this);
  lua_pushcclosure(L, lua::guarded<round_entry>, 1);
}

void Fight::play_round() {
  push_round(sandbox_.state());
  try {
    sandbox_.call(ruleset_pack_, 0, 0);
  } catch (const Error& error) {
    throw round_error(error);
  }
}

void Fight::run_round(lua_State* L) {
  push_round(L);
  if (auto error = sandbox_.try_call(L, 0, 0)) throw round_error(*error);
}

namespace {

struct KindsCall {
  Fight& fight;
  orders::Roster& roster;
};

}  // namespace

orders::Roster Fight::roster() {
  orders::Roster roster = roster_of(world_.entities());
  if (kinds_.empty()) return roster;
  KindsCall call{*this, roster};
  lua_State* L = sandbox_.state();
  lua_pushlightuserdata(L, &call);
  lua_pushcclosure(L, lua::guarded<kinds_entry>, 1);
  sandbox_.call(ruleset_pack_, 0, 0);
  return roster;
}

int Fight::kinds_entry(lua_State* L) {
  const KindsCall& call = *static_cast<KindsCall*>(lua_touserdata(L, lua_upvalueindex(1)));
  Fight& fight = call.fight;
  Active active(fight, L);
  const auto& characters = fight.world_.entities();  // in the roster's order (roster_of)
  for (std::size_t i = 0; i < characters.size(); ++i)
    for (const auto& [target, kinds] : fight.kinds_) {
      StackGuard guard{L};
      lua::push_entity(L, characters[i].id);
      fight.call(kinds, 1, 1);
      call.roster[i].kinds[target] = fight.returned_by(kinds, [&] {
        const std::string what = fmt::format("target '{}': its 'kinds' function", target);
        if (!lua_istable(L, -1))
          throw Error(fmt::format("{} returns a list of the words the character answers to ({{ \"orc\" }}), not {}",
                                  what, lua::describe(L, -1, 1)));
        std::vector<std::string> words;
        for (lua_Integer n = 1; lua_rawgeti(L, -1, n) != LUA_TNIL; ++n) {
          if (lua_type(L, -1) != LUA_TSTRING)
            throw Error(fmt::format("{} returns a list of words, and its item {} is {}", what, n,
                                    lua::describe(L, -1, 1)));
          words.push_back(orders::fold_case(lua::to_text(L, -1, fmt::format("{}: item {}", what, n))));
          lua_pop(L, 1);
        }
        return words;
      });
    }
  return 0;
}

Error Fight::round_error(const Error& error) const {
  if (unanswered_) return Error(unanswered_->diagnostics());
  if (encounter_fault_) return placed(*encounter_fault_);
  if (const Error* dice = dice_.failure()) return Error(dice->diagnostics());
  return error;
}

Error Fight::placed(const EncounterFault& fault) const {
  for (const StatName& stat : stat_places_) {
    // A copy ("Orc #2") holds the stats written for its original ("Orc").
    const bool holder = fault.character == stat.holder || fault.character.starts_with(stat.holder + " #");
    if (holder && stat.name == fault.stat)
      return Error(stat.place.diagnostic(fmt::format("{}'s {} {}", stat.holder, stat.name, fault.message)));
  }
  return Error(fmt::format("{}'s {} {}", fault.character, fault.stat, fault.message));
}

int Fight::round_entry(lua_State* L) {
  Fight& fight = *static_cast<Fight*>(lua_touserdata(L, lua_upvalueindex(1)));
  fight.in_round_ = true;
  const struct RoundEnds {
    bool& in_round;
    ~RoundEnds() { in_round = false; }
  } round_ends{fight.in_round_};
  Active active(fight, L);
  fight.flow_.run_round();
  fight.book_.settle_rolls();  // a near miss of a status's roll the rules never asked for this round
  fight.numbered_.clear();
  fight.orders_by_name_.clear();
  fight.orders_.erase(fight.flow_.position().round);
  fight.handles_.refresh(L);  // what landed after the round's last call into Lua (a simultaneous phase's changes)
  return 0;
}

// ---- the flow's questions ----

void Fight::boundary(Boundary edge, EntityId whose) {
  if (edge == Boundary::TurnStart) entry_[whose] = 0;  // a turn starts at its sheet's first entry
  if (const Function* f = hook(std::string(name(edge)).c_str())) {
    StackGuard guard{L_};
    int nargs = 0;
    if (whose != no_entity) {
      lua::push_entity(L_, whose);
      nargs = 1;
    }
    call(*f, nargs, 0);
  }
  // Once the rules have begun the round (statuses ticked, their round_start run): what is asked
  // is what the characters may do now.
  if (edge == Boundary::RoundStart && ask_) ask_round_orders();
}

TurnChooser Fight::hook_chooser(const char* name) const {
  const Definition* d = registry_.find(Kind::hook, name);
  if (!d || d->history.empty()) return {fmt::format("the hook '{}'", name), ""};
  const Change& last = d->history.back();  // the override called first
  return {fmt::format("the hook '{}' of pack '{}' ({})", name, last.pack, last.location), last.pack};
}

TurnChooser Fight::turn_chooser(const Entity&) const { return chooser_; }

std::optional<Intent> Fight::choose(const Entity& who, int ap_left) {
  StackGuard guard{L_};
  if (const Function* forced = hook("forced_action")) {
    lua::push_entity(L_, who.id);
    call(*forced, 1, 1);
    if (auto intent = returned_by(*forced, [&] { return intent_from_lua(who, -1, "forced_action"); })) {
      chooser_ = hook_chooser("forced_action");
      return intent;
    }
    lua_pop(L_, 1);
  }
  if (flow_.phase().kind != PhaseKind::Sequential) return from_orders(who);
  const Function* f = hook("choose");  // without it, each order is taken as written (judge)
  // Who chose, should the turn be ended for choosing too many: the sheet's entries are as many as
  // it writes; the GM's answers, or the hook's choices, as many as they give.
  chooser_ = orders_of(who) ? TurnChooser{fmt::format("{}'s order sheet", who.name), ""}
             : ask_         ? TurnChooser{"the GM's answers", ""}
             : f            ? hook_chooser("choose")
                            : TurnChooser{"the default order", ""};
  const auto push_arguments = [&] {
    lua::push_entity(L_, who.id);
    lua_pushinteger(L_, ap_left);
    return 2;
  };
  // A sheet's entries are the turn's decisions, in order; when they are used up the turn ends.
  if (const orders::CharacterOrders* mine = orders_of(who)) {
    long& taken = entry_[who.id];
    for (const orders::Phase* entry = nullptr; (entry = numbered(*mine, taken + 1)) != nullptr;) {
      ++taken;
      const orders::Order* order = picked(who, *entry);
      if (!order) continue;
      const Intent proposal = intent_from_order(who, *order);
      if (auto intent = judge(f, push_arguments(), who, &proposal)) return intent;
    }
    return std::nullopt;
  }
  if (ask_)
    return ask_sequential(f, who,
                          fmt::format("{}'s next action ({} AP left; empty: end the turn)", who.name, ap_left),
                          "", push_arguments, [&] {
                            StackGuard guard{L_};
                            lua::push_entity(L_, who.id);
                            lua_pushinteger(L_, ap_left);
                            if (auto choice = offered("actions", 2)) return *choice;
                            return takeable(who, "");
                          });
  // Without `choose`, the ruleset's default order, once a turn, as a simultaneous phase takes it;
  // without one, a turn may take no action, and says why.
  if (!f) {
    if (flow_.intent(who.id)) return std::nullopt;
    if (!default_order_.empty()) return default_intent(who, "no order for this turn");
    log_.record(event_type::turn_without_action,
                {{"character", who.name}, {"reason", "no order for this turn, and the flow names no default_order"}},
                "");
    return std::nullopt;
  }
  // The ruleset's own choice: a turn that takes no action at all is told, with the ruleset's
  // reason when it gives one ("3 AP needed, 1 left").
  std::string why;
  std::optional<Intent> intent = judge(f, push_arguments(), who, nullptr, nullptr, &why);
  if (!intent && !why.empty() && !flow_.intent(who.id))
    log_.record(event_type::turn_without_action, {{"character", who.name}, {"reason", why}}, "");
  return intent;
}

std::optional<Intent> Fight::judge(const Function* f, int nargs, const Entity& who, const Intent* proposal,
                                   std::string* refusal, std::string* declined, const Answering* answering) {
  StackGuard guard{L_, lua_gettop(L_) - nargs};  // the arguments pushed before the call are consumed
  std::optional<Intent> intent;
  std::optional<std::string> reason;
  if (!f) {
    // No hook: the order as written (docs/fights.md, "Sequential phases"), within the points left.
    if (!proposal) return std::nullopt;
    intent = *proposal;
    settle_cost(action(intent->action), *intent);
    if (const int left = flow_.action_points(who.id); flow_.phase().action_points > 0 && intent->cost > left)
      reason = fmt::format("{} AP needed, {} left", intent->cost, left);
  } else {
    if (proposal) {
      lua::push_intent(L_, *proposal, world_);
      // Kept below the hook's arguments, to know it if the hook returns it as given.
      lua_pushvalue(L_, -1);
      lua_insert(L_, -(nargs + 2));
    } else {
      lua_pushnil(L_);
    }
    call(*f, nargs + 1, 2);
    intent = returned_by(*f, [&] { return intent_from_lua(who, -2, hook_name(*f)); });
    // The order as given (`return ordered`) pays what the rules charge for it, as it would with no
    // hook: its cost was not settled when it was proposed, since a hook gives its own.
    if (intent && proposal && lua_rawequal(L_, -2, -3)) settle_cost(action(intent->action), *intent);
    if (intent && proposal) {
      // The order as written is what the declaration carries out, whatever action the pack made of
      // it (a melee order from afar becomes a Move); its arguments, only if it took the action.
      if (intent->order.empty() || intent->action == proposal->action) intent->order = proposal->order;
      if (intent->action == proposal->action) intent->arguments = proposal->arguments;
    }
  }
  // What the rules forbid whoever proposes it (a status, allowed_by, an attack at an ally) is
  // refused here, before any points are paid or anyone responds.
  const Intent* refused = proposal;
  if (intent) {
    if (!reason) reason = forbidden(*intent);
    refused = &*intent;
  } else if (lua_type(L_, -1) == LUA_TSTRING) {
    std::string given = returned_by(*f, [&] { return lua::to_text(L_, -1, "the reason returned"); });
    if (!proposal) {
      if (declined) *declined = std::move(given);
      return std::nullopt;
    }
    reason = std::move(given);
  }
  if (!reason) return intent;
  LogEvent event = refusal_of(who, *refused, *reason, answering);
  if (refusal) *refusal = narrator_.render(event);
  else log_.record(std::move(event.type), std::move(event.fields), std::move(event.cause));
  return std::nullopt;
}

LogEvent Fight::refusal_of(const Entity& who, const Intent& refused, const std::string& reason,
                           const Answering* answering) const {
  LogEvent event{0, std::string(event_type::order_refused), flow_.position(), refused.order,
                 {{"character", who.name}, {"action", refused.action}, {"reason", reason}}};
  if (answering) {
    event.fields["answering"] = answering->action;
    event.fields["answered"] = answering->actor;
  }
  // A turn's entry of the sheet: which one, as two entries may write the same order.
  else if (const auto taken = entry_.find(who.id);
           taken != entry_.end() && flow_.in_phase() && flow_.phase().kind == PhaseKind::Sequential && orders_of(who))
    event.fields["entry"] = taken->second;
  return event;
}

std::optional<Intent> Fight::ask_sequential(const Function* f, const Entity& who, const std::string& question,
                                            const std::string& answering,
                                            const std::function<int()>& push_arguments, const Choices& choices) {
  std::string refused;
  for (;;) {
    const std::optional<orders::Phase> answer = ask(who, question, refused, choices, answering);
    if (!answer) return std::nullopt;  // only an empty answer is none
    const orders::Order* order = picked(who, *answer);
    if (!order) {
      refused = "no condition of that answer holds and it has no ELSE: nothing to do";
      continue;
    }
    const Intent proposal = intent_from_order(who, *order);
    refused.clear();
    if (auto intent = judge(f, push_arguments(), who, &proposal, &refused)) return intent;
    if (refused.empty()) refused = fmt::format("the rules do not let {} {} now", who.name, proposal.action);
  }
}

std::optional<Fight::Choice> Fight::offered(const char* name, int nargs) {
  const Function* f = hook(name);
  if (!f) {
    lua_pop(L_, nargs);
    return std::nullopt;
  }
  StackGuard guard{L_, lua_gettop(L_) - nargs};  // the arguments pushed before the call are consumed
  call(*f, nargs, 2);
  return returned_by(*f, [&] {
    const std::string expected = fmt::format("the hook '{}' returns a list of action names", name);
    if (!lua_istable(L_, -2)) throw Error(expected);
    Choice choice;
    for (lua_Integer i = 1; lua_rawgeti(L_, -2, i) != LUA_TNIL; ++i) {
      if (lua_type(L_, -1) != LUA_TSTRING) throw Error(expected);
      choice.open.push_back(action(lua::to_text(L_, -1, "an action's name")).name);  // an action of the rules, as it is spelt there
      lua_pop(L_, 1);
    }
    lua_pop(L_, 1);
    if (lua_isnil(L_, -1)) return choice;
    const std::string why = fmt::format("the hook '{}' returns after its list a table of why it would not take "
                                        "other actions, by their names",
                                        name);
    if (!lua_istable(L_, -1)) throw Error(why);
    lua::for_each_ordered(L_, -1, [&] {
      if (lua_type(L_, -2) != LUA_TSTRING || lua_type(L_, -1) != LUA_TSTRING) throw Error(why);
      const std::string& spelt = action(lua::to_text(L_, -2, "an action's name")).name;
      choice.closed.emplace_back(spelt, lua::to_text(L_, -1, "why"));
    });
    return choice;
  });
}

std::optional<orders::Phase> Fight::ask(const Entity& who, const std::string& question, const std::string& refused,
                                        const Choices& choices, const std::string& answering) {
  try {
    return ask_(who.name, question, refused, answering, choices);
  } catch (const Error& e) {
    unanswered_ = e;
    throw;
  }
}

Fight::Choice Fight::takeable(const Entity& who, const std::string& answering) {
  Choice choice;
  for (const std::string& name : vocabulary_.action_names()) {
    const orders::ActionRules& rules = *vocabulary_.action(name);
    const auto answers = [&](const std::string& declared) {
      return !rules.answers || std::any_of(rules.answers->begin(), rules.answers->end(), [&](const std::string& one) {
               return orders::fold_case(one) == orders::fold_case(declared);
             });
    };
    const bool timed = answering.empty() ? !rules.answers : !rules.turn_only && answers(answering);
    if (timed && !rules.involuntary && !forbidden(intent_for(who, action(name)))) choice.open.push_back(rules.name);
  }
  return choice;
}

// Indexed by name once, as the sheets were checked (name_in_fight): looked for through every sheet
// at each turn, a round of thousands of characters took the square of their number.
const orders::CharacterOrders* Fight::orders_of(const Entity& who) const {
  const long round = flow_.position().round;
  const auto sheets = orders_.find(round);
  if (sheets == orders_.end()) return nullptr;
  const auto [index, fresh] = orders_by_name_.try_emplace(round);
  if (fresh)
    for (const auto& sheet : sheets->second)
      for (const auto& character : sheet.characters)
        index->second.try_emplace(name_in_fight(character.name.text), &character);
  const auto found = index->second.find(who.name);
  return found == index->second.end() ? nullptr : found->second;
}

// Indexed by number once, as a turn reads its entries one after another: looked for through the
// list each time, a turn of 100000 entries was quadratic. The sheets number them 1, 2, 3… with
// none left out (not always in that order); a number past them is looked for as written.
const orders::Phase* Fight::numbered(const orders::CharacterOrders& mine, long number) {
  const auto [at, fresh] = numbered_.try_emplace(&mine);
  std::vector<const orders::Phase*>& index = at->second;
  if (fresh) {
    index.assign(mine.phases.size() + 1, nullptr);
    for (const auto& phase : mine.phases)
      if (phase.number >= 1 && static_cast<std::size_t>(phase.number) < index.size() && !index[phase.number])
        index[phase.number] = &phase;
  }
  return number >= 1 && static_cast<std::size_t>(number) < index.size() ? index[number] : orders::entry(mine, number);
}

const orders::Order* Fight::picked(const Entity& who, const orders::Phase& entry) {
  for (const auto& branch : entry.branches)
    if (holds(who, branch.condition)) return &branch.order;
  return entry.otherwise ? &*entry.otherwise : nullptr;
}

// An order no one will carry out is said, not dropped: this phase's entry, or in a sequential
// phase the turn's entries.
void Fight::cannot_act(const Entity& who, const std::string& status) {
  const orders::CharacterOrders* mine = orders_of(who);
  if (!mine) return;
  std::vector<std::string> lost;
  for (const auto& phase : mine->phases)
    if (flow_.phase().kind == PhaseKind::Sequential || phase.number == flow_.position().phase)
      lost.push_back(orders::format(phase));
  not_carried_out(who, lost, status, &status);
}

// The turn's entries not yet taken; without a sheet, the ruleset's own choice is said only when the
// turn took no action at all.
void Fight::turn_cut_short(const Entity& who, const std::string& why, bool acted) {
  const orders::CharacterOrders* mine = orders_of(who);
  if (!mine) {
    if (!acted)
      log_.record(event_type::turn_without_action, {{"character", who.name}, {"reason", why}}, "");
    return;
  }
  std::vector<std::string> lost;
  for (const orders::Phase* entry = nullptr; (entry = numbered(*mine, entry_[who.id] + 1)) != nullptr;) {
    ++entry_[who.id];
    lost.push_back(orders::format(*entry));
  }
  not_carried_out(who, lost, why);
}

void Fight::not_carried_out(const Entity& who, const std::vector<std::string>& lost, const std::string& why,
                            const std::string* status) {
  if (lost.empty()) return;
  // A GM hears the first few; the sheet has the rest (a turn of 2000 entries made one line of them all).
  constexpr std::size_t told = 3;
  std::string orders = fmt::format("{}", fmt::join(lost.begin(), lost.begin() + std::min(told, lost.size()), "; "));
  if (lost.size() > told) orders += fmt::format("; and {} more", lost.size() - told);
  nlohmann::json fields{{"character", who.name}, {"reason", why}, {"order", std::move(orders)}};
  if (status) fields["status"] = *status;
  log_.record(event_type::order_not_carried_out, std::move(fields), status ? *status : "");
}

Intent Fight::from_orders(const Entity& who) {
  const orders::CharacterOrders* mine = orders_of(who);
  const long phase = flow_.position().phase;
  const orders::Phase* ordered = mine ? numbered(*mine, phase) : nullptr;
  if (const auto asked = asked_.find({who.id, phase}); !ordered && asked != asked_.end()) ordered = &asked->second;
  if (!ordered && ask_ && !asked_this_round_.contains(who.id)) return asked_order(who);
  if (!ordered) return default_intent(who, "no order for this phase");
  const orders::Order* order = picked(who, *ordered);
  if (!order) return default_intent(who, "no condition held and there is no ELSE");
  Intent intent = intent_from_order(who, *order);
  // An order the rules forbid (an attack whose phrase found an ally) is not carried out: the
  // character takes the default order instead of moving toward what it may not do.
  if (const auto reason = forbidden(intent)) {
    Intent instead = default_intent(who, fmt::format("'{}' is refused ({})", intent.order, *reason));
    instead.refused = intent.order;
    instead.refusal = *reason;
    return instead;
  }
  return intent;
}

void Fight::ask_round_orders() {
  asked_.clear();
  asked_this_round_.clear();
  const auto& phases = flow_.rules().phases;
  bool first = true;  // the first simultaneous phase is judged as it is asked: nothing comes before it
  for (std::size_t p = 0; p < phases.size(); ++p) {
    if (phases[p].kind != PhaseKind::Simultaneous) continue;
    const long number = static_cast<long>(p) + 1;
    for (const Entity& who : world_.entities()) {
      if (!flow_.can_act(who)) continue;
      if (const orders::CharacterOrders* mine = orders_of(who); mine && numbered(*mine, number)) continue;
      asked_this_round_.insert(who.id);
      if (std::optional<orders::Phase> answer = asked_phase(who, number, first)) asked_[{who.id, number}] = *answer;
    }
    first = false;
  }
}

std::optional<orders::Phase> Fight::asked_phase(const Entity& who, long number, bool judged) {
  const std::string question =
      fmt::format("Round {}, {}: {}'s order (empty: {}, the default order)", flow_.position().round,
                  flow_.rules().phases[static_cast<std::size_t>(number - 1)].name, who.name, default_order_);
  std::string refused;
  for (;;) {
    std::optional<orders::Phase> answer = ask(who, question, refused, [&] { return takeable(who, ""); });
    if (!answer || !judged) return answer;
    const orders::Order* order = picked(who, *answer);
    if (!order) {
      refused = "no condition of that answer holds and it has no ELSE: nothing to do";
      continue;
    }
    const Intent intent = intent_from_order(who, *order);
    const auto reason = forbidden(intent);
    if (!reason) return answer;
    refused = narrator_.render(refusal_of(who, intent, *reason));
  }
}

Intent Fight::asked_order(const Entity& who) {
  const std::optional<orders::Phase> answer = asked_phase(who, flow_.position().phase, true);
  if (!answer) return default_intent(who, "no order for this phase");
  return intent_from_order(who, *picked(who, *answer));
}

Intent Fight::intent_for(const Entity& who, const Action& chosen) {
  Intent intent;
  intent.actor = who.id;
  intent.action = chosen.name;
  intent.ready = chosen.ready;
  intent.cost = chosen.cost;
  intent.carries_target = chosen.carries_target;
  if (chosen.follows_target && chosen.move_feet) {
    intent.follow_feet = static_cast<double>(*chosen.move_feet);
    if (const std::optional<MoveLimit> limit = move_limit(who, chosen)) {
      intent.follow_feet = static_cast<double>(limit->feet);
      add_note(intent, limit->reason);
    }
  }
  intent.start = who.position;
  return intent;
}

int Fight::push_actor_and_intent(const Action& chosen, const Function& function, const Intent& intent) {
  lua::push_entity(L_, intent.actor);
  int pushed = 1;
  if (function.names_action && function.reads > pushed) {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, chosen.name_ref);
    ++pushed;
  }
  if (function.reads <= pushed) return pushed;
  lua::push_intent(L_, intent, world_);
  return pushed + 1;
}

// The action's own say on Ready, once the intent is complete (Use Item: by the item).
void Fight::settle_ready(const Action& chosen, Intent& intent) {
  if (chosen.ready_when.ref == LUA_NOREF) return;
  StackGuard guard{L_};
  call(chosen.ready_when, push_actor_and_intent(chosen, chosen.ready_when, intent), 1);
  intent.ready =
      returned_boolean(chosen.ready_when, -1, "action", chosen.name, "ready").value_or(false);
}

void Fight::settle_cost(const Action& chosen, Intent& intent) {
  if (chosen.cost_when.ref == LUA_NOREF) return;
  StackGuard guard{L_};
  call(chosen.cost_when, push_actor_and_intent(chosen, chosen.cost_when, intent), 1);
  intent.cost = returned_by(chosen.cost_when, [&] {
    return static_cast<int>(lua::check_whole(
        L_, -1, fmt::format("action '{}': its 'cost' function's action points", chosen.name), 0, 1'000'000));
  });
}

Intent Fight::default_intent(const Entity& who, const std::string& why) {
  // The rules' omission, told at the flow they defined, naming who is left without an order.
  if (default_order_.empty())
    throw Error(parse_positioned(fmt::format("{}: {}: {}, and the flow defined here names no default_order to "
                                             "take in its place",
                                             flow_at_, who.name, why)));
  const Action& chosen = action(default_order_);
  Intent intent = intent_for(who, chosen);
  const std::string following = intent.note;  // intent_for's, on how far it may follow
  intent.note = why + ": " + default_order_ + ", the default order";
  if (!following.empty()) add_note(intent, following);
  WayCut cut;
  intent.path = path_of(who, {}, no_entity, chosen, &cut);
  if (!cut.stopped.empty()) add_note(intent, "stops at " + cut.stopped);
  if (!cut.stays.empty()) add_note(intent, cut.stays);
  settle_ready(chosen, intent);
  settle_cost(chosen, intent);
  return intent;
}

// The way an order goes that it does not write. An action whose target is where it goes
// (`target_is_way`: Move, Sprint), at a cell no one stands on ("Move -> C3", "Move 10' -> C3"),
// goes to that cell, as "Move to C3" writes it: a cell names whoever stands there, and with no one
// there it went nowhere, a Move told bare. One that moves away from hostiles whatever its target
// (Fall Back) keeps to that. nullopt: the order goes as written.
std::optional<orders::Movement> Fight::way_to_cell(const orders::Order& order, EntityId target,
                                                  const Action& chosen) const {
  // "Move toward C3" is "Move -> C3" written as the order's way (docs/orders.md).
  const orders::Target* aim = vocabulary_.action(chosen.name)->way_target(order);
  if (!aim || target != no_entity || !cell_of(*aim)) return std::nullopt;
  orders::Movement way = order.movement;
  way.kind = orders::Movement::Kind::destination;
  way.place = *aim;
  return way;
}

Intent Fight::intent_from_order(const Entity& who, const orders::Order& order) {
  const Action& chosen = action(order.action.text);
  Intent intent = intent_for(who, chosen);
  intent.order = orders::format(order);
  for (const auto& argument : order.arguments) intent.arguments.push_back(argument.text);
  if (const orders::Target* aim = orders::taken_at(order)) intent.target = target_of(who, *aim, chosen);
  if (order.movement.steps.empty()) intent.distance = order.movement.feet;
  if (order.movement.kind == orders::Movement::Kind::away && order.movement.place)
    intent.away_from = place_of(who, *order.movement.place, chosen);
  const std::optional<orders::Movement> to_cell = way_to_cell(order, intent.target, chosen);
  const orders::Movement& way = to_cell ? *to_cell : order.movement;
  WayCut cut;
  intent.path = path_of(who, way, intent.target, chosen, &cut);
  // A distance written that no step fits in ("Move 5' to C3", a diagonal costing 7'): said, not
  // a Move narrated bare that goes nowhere, when the way without it would go somewhere.
  if (intent.distance && intent.path.empty() && cut.stopped.empty()) {
    orders::Movement whole = way;
    whole.feet.reset();
    if (whole.kind == orders::Movement::Kind::path) whole.kind = orders::Movement::Kind::none;  // toward the target
    if (!path_of(who, whole, intent.target, chosen, nullptr).empty())
      cut.stopped = fmt::format("{}: the next step costs more than the {}' written", world_.grid().label(who.position),
                                *intent.distance);
  }
  if (cut.held_back) intent.way_not_followed = orders::format(way);
  // A wall, a closed door or costly ground in a written way: the GM hears why the move fell short.
  if (!cut.stopped.empty()) {
    const std::string written = orders::format(way);
    add_note(intent, (written.empty() ? "" : written + " ") + "stops at " + cut.stopped);
  }
  // Nowhere to go that leads away (Fall Back cornered): said, not a Fall Back narrated bare.
  if (!cut.stays.empty()) add_note(intent, cut.stays);
  settle_ready(chosen, intent);
  return intent;
}

std::optional<Intent> Fight::intent_from_lua(const Entity& who, int index, std::string_view hook) {
  index = lua_absindex(L_, index);
  if (lua_isnil(L_, index)) return std::nullopt;
  if (!lua_istable(L_, index))
    throw Error(fmt::format("the {} hook returns an intent: nil or {{ action = …, target = …, note = … }}, not {}",
                            hook, printable(lua::describe(L_, index, 1))));
  if (raw_field(L_, index, "action") != LUA_TSTRING)
    throw Error(fmt::format("an intent needs 'action', the action's name: {}", printable(lua::describe(L_, index, 1))));
  const Action& chosen = action(lua::to_text(L_, -1, "an intent's action"));
  lua_pop(L_, 1);
  // A misspelt field (`tagret`) would be ignored, and the action taken without it (docs/packs.md: a
  // typo never passes as nil). An intent may be the one the hook was given, with all its fields.
  lua::check_field_names(L_, index, "an intent", lua::intent_fields());
  Intent intent = intent_for(who, chosen);
  if (raw_field(L_, index, "target") != LUA_TNIL) intent.target = returned_character(-1, "an intent's target is");
  lua_pop(L_, 1);
  const orders::ActionRules* rules = vocabulary_.action(chosen.name);
  // Taken at no one, an action that needs a target would fail inside its resolve, every time.
  if (rules && rules->needs_target && intent.target == no_entity)
    throw Error(fmt::format("an intent for '{}' needs a target, as the action does (needs_target), and this one "
                            "gives none: {{ action = \"{}\", target = <a character or its name> }}",
                            chosen.name, chosen.name));
  // A turn's own action that only answers another's (a reaction: tempo's Parry), or replaces one's
  // own when it is answered (a counter-tempo action: CT Parry), would be paid for and then have
  // nothing to answer: refused as a sheet's turn entry, or an `--ask` answer, of it is (order_check.cpp).
  if (hook == "choose" && rules && rules->answers)
    throw Error(fmt::format("the choose hook returns {}'s next action on its turn, but {}", who.name,
                            rules->replaces.empty() ? orders::answers_only(*rules) : orders::replaces_only(*rules)));
  if (raw_field(L_, index, "note") == LUA_TSTRING) {
    const std::string following = intent.note;  // intent_for's, on how far it may follow
    intent.note = lua::to_text(L_, -1, "an intent's note");
    if (!following.empty()) add_note(intent, following);
  }
  lua_pop(L_, 1);
  // A negative cost would give points back; more than a definition's cost may be is no cost a rule means.
  const bool cost_given = raw_field(L_, index, "cost") != LUA_TNIL;
  if (cost_given)
    intent.cost = static_cast<int>(lua::check_whole(L_, -1, "an intent's cost (action points)", 0, 1'000'000));
  lua_pop(L_, 1);
  const bool ready_given = raw_field(L_, index, "ready") == LUA_TBOOLEAN;
  if (ready_given) intent.ready = lua_toboolean(L_, -1);
  lua_pop(L_, 1);
  if (raw_field(L_, index, "away_from") != LUA_TNIL) intent.away_from = lua::check_cell(L_, -1, world_.grid());
  lua_pop(L_, 1);
  if (raw_field(L_, index, "path") == LUA_TNIL) {
    WayCut cut;
    intent.path = path_of(who, {}, intent.target, chosen, &cut);
    if (!cut.stopped.empty()) add_note(intent, "stops at " + cut.stopped);
    if (!cut.stays.empty()) add_note(intent, cut.stays);
  } else {  // the rules' own path (Platemail's Entrapped Terror: none): move_limit is theirs to apply
    const Grid& grid = world_.grid();
    intent.path = lua::opt_cells(L_, -1, grid);
    // Checked here, where the error is placed at the function that returned it; found while
    // everyone moves, it was blamed on the ruleset whose round was running, at no line.
    Cell at = who.position;
    for (std::size_t i = 0; i < intent.path.size(); ++i) {
      const Cell next = intent.path[i];
      if (const StepCheck check = check_step(grid, paths_.rules(), at, next); check.obstacle != StepObstacle::None)
        throw Error(fmt::format("an intent's path: {}'s step {} (from {} to {}) is not possible: {}", who.name, i + 1,
                                grid.label(at), grid.label(next), describe(grid, check, at, next)));
      at = next;
    }
  }
  lua_pop(L_, 1);
  if (!ready_given) settle_ready(chosen, intent);
  if (!cost_given) settle_cost(chosen, intent);
  return intent;
}

void Fight::push_bindings(const orders::Match& match, int& count) {
  for (const auto& binding : match.bindings) {
    if (binding.slot == orders::Slot::character) lua::push_entity(L_, world_.find(name_in_fight(binding.value)).id);
    else if (binding.slot == orders::Slot::word) lua_pushlstring(L_, binding.value.data(), binding.value.size());
    else {
      // {n} and {distance} are whole numbers: integers in Lua, bounded as the check bounds them.
      if (!orders::number_in_range(binding.value))
        throw Error(fmt::format("number out of range: at most {} in absolute value, not {}", orders::max_number,
                                binding.value));
      lua_pushinteger(L_, std::stol(binding.value));
    }
    ++count;
  }
}

bool Fight::holds(const Entity& who, const orders::Condition& condition) {
  using Kind = orders::Condition::Kind;
  switch (condition.kind) {
    case Kind::all:
      for (const auto& c : condition.operands)
        if (!holds(who, c)) return false;
      return true;
    case Kind::any:
      for (const auto& c : condition.operands)
        if (holds(who, c)) return true;
      return false;
    case Kind::negation: return !holds(who, condition.operands.front());
    case Kind::phrase: break;
  }
  StackGuard guard{L_};
  const std::optional<orders::Match> match = vocabulary_.condition(condition.phrase.text);
  const Function& test = call_phrase(who, match, conditions_, "condition", condition.phrase.text);
  return returned_boolean(test, -1, "condition", match->declaration->text, "test").value_or(false);
}

template <class Named>
std::optional<bool> Fight::returned_boolean(const Function& function, int index, Named&& named) {
  if (lua_isnil(L_, index)) return std::nullopt;
  if (lua_isboolean(L_, index)) return lua_toboolean(L_, index) != 0;
  return returned_by(function, [&] { return lua::returned_boolean(L_, index, named()); });
}

std::optional<bool> Fight::returned_boolean(const Function& function, int index, const char* kind,
                                            const std::string& name, const char* key) {
  return returned_boolean(function, index, [&] { return fmt::format("{} '{}': its '{}' function", kind, name, key); });
}

template <class Refused>
std::optional<std::string> Fight::refusal_returned(const Function& function, const std::string& action,
                                                   const char* key, Refused&& refused) {
  const std::optional<bool> allowed = returned_boolean(function, -2, "action", action, key);
  if (allowed.value_or(false)) return std::nullopt;
  if (lua_type(L_, -1) == LUA_TSTRING)
    return returned_by(function, [&] { return lua::to_text(L_, -1, "the reason returned"); });
  if (!allowed) return fmt::format("{} returned nothing: return true, or false and why", key);
  return refused();
}

const Fight::Function& Fight::call_phrase(const Entity& who, const std::optional<orders::Match>& match,
                        const std::map<std::string, Function, std::less<>>& functions, const char* kind,
                        const std::string& phrase, const std::string* ordering) {
  if (!match) throw Error(fmt::format("no {} '{}' is declared", kind, phrase));
  const Function& f = functions.at(match->declaration->text);  // each has its function (read_ruleset)
  int nargs = 1;
  lua::push_entity(L_, who.id);
  push_bindings(*match, nargs);
  if (ordering && f.reads > nargs) {
    lua_pushlstring(L_, ordering->data(), ordering->size());
    ++nargs;
  }
  judge_by(f, nargs, 1, {kind, phrase, {}});
  return f;
}

void Fight::judge_by(const Function& function, int nargs, int nresults, lua::Judging judging) {
  lua::Services& services = sandbox_.services();
  struct Restore {
    lua::Services& services;
    lua::Judging* outer = services.find<lua::Judging>();
    ~Restore() {
      if (outer) services.provide<lua::Judging>(outer);
      else services.withdraw<lua::Judging>();
    }
  } restore{services};
  services.provide<lua::Judging>(&judging);
  call(function, nargs, nresults);
}

EntityId Fight::returned_character(int index, const char* what) {
  if (lua_isnil(L_, index)) return no_entity;
  if (const std::optional<EntityId> id = lua::test_character(L_, index)) return *id;
  if (lua_type(L_, index) == LUA_TSTRING) return world_.find(lua::to_text(L_, index, "a character's name")).id;
  throw Error(fmt::format("{} a character, a character's name or nil, not a {}", what, luaL_typename(L_, index)));
}

std::string Fight::name_in_fight(std::string_view written) const {
  const orders::RosterEntry* someone = orders::named(roster_, written);
  return someone ? someone->name : std::string(written);
}

EntityId Fight::target_of(const Entity& who, const orders::Target& target, const Action& ordering) {
  using Kind = orders::Target::Kind;
  switch (target.kind) {
    case Kind::self: return who.id;
    case Kind::character: return world_.find(name_in_fight(target.text.text)).id;
    case Kind::cell:
    case Kind::coordinates: return standing_at(*cell_of(target));  // "Ranged Attack -> C3": whoever is there
    case Kind::phrase: break;
  }
  if (const orders::RosterEntry* someone = orders::bare_name(target.text.text, vocabulary_, roster_))
    return world_.find(someone->name).id;  // "Charge -> Orc Brute"
  StackGuard guard{L_};
  const Function& find =
      call_phrase(who, vocabulary_.target(target.text.text), targets_, "target", target.text.text, &ordering.name);
  return returned_by(find, [&] {
    return returned_character(-1, fmt::format("the target '{}' finds", target.text.text).c_str());
  });
}

std::optional<Cell> Fight::place_of(const Entity& who, const orders::Target& target, const Action& ordering) {
  if (const auto cell = cell_of(target)) return cell;
  const EntityId id = target_of(who, target, ordering);
  if (id == no_entity) return std::nullopt;
  return world_.get(id).position;
}

std::optional<Cell> Fight::cell_of(const orders::Target& target) const {
  const Grid& grid = world_.grid();
  if (target.kind == orders::Target::Kind::cell) return grid.cell(target.text.text);
  if (target.kind == orders::Target::Kind::coordinates)
    return grid.cell_at_feet(static_cast<int>(target.x), static_cast<int>(target.y));
  return std::nullopt;
}

// Whoever stands on the cell as the order is read; of several (one fallen where another stands),
// one who can still act.
EntityId Fight::standing_at(Cell cell) const {
  EntityId fallen = no_entity;
  for (const Entity& e : world_.entities()) {
    if (e.position != cell) continue;
    if (flow_.can_act(e)) return e.id;
    if (fallen == no_entity) fallen = e.id;
  }
  return fallen;
}

// Why `who`, moving away from those at `from` within `budget_feet`, stays where it is: no one to
// move away from, or no square it can reach is farther from the nearest of them; told with the
// nearest by name (`hostiles`: they are its hostiles, Fall Back's "away from hostiles").
std::string Fight::nowhere_farther(const Entity& who, const std::vector<Cell>& from, long budget_feet,
                                   bool hostiles) const {
  const Grid& grid = world_.grid();
  const std::string here = grid.label(who.position);
  if (from.empty()) return fmt::format("stays at {}: there is no hostile to move away from", here);
  if (budget_feet <= 0) return fmt::format("stays at {}: it cannot move", here);
  double nearest = std::numeric_limits<double>::infinity();
  for (const Cell c : from) nearest = std::min(nearest, grid.distance(who.position, c));
  std::vector<std::string> names;
  for (const Entity& e : world_.entities())
    if (e.id != who.id && (!hostiles || (e.side != who.side && flow_.can_act(e))) &&
        std::find(from.begin(), from.end(), e.position) != from.end() &&
        grid.distance(who.position, e.position) == nearest)
      names.push_back(e.name);
  std::string whom = names.empty() ? grid.label(from.front()) : fmt::format("{}", fmt::join(names, ", "));
  if (hostiles) whom = fmt::format("the nearest hostile ({})", whom);
  return fmt::format("stays at {}: no square it can reach within {}' is farther from {}", here, budget_feet, whom);
}

std::string Fight::no_way_to(const Entity& who, Cell to, const Entity* there_stands) {
  const Grid& grid = world_.grid();
  const std::string here = grid.label(who.position),
                    there = there_stands ? fmt::format("{} at {}", there_stands->name, grid.label(to)) : grid.label(to);
  // Only the others stand in the way: the map leaves one, which they may clear.
  if (paths_.shortest(who.position, to)) return fmt::format("stays at {}: others stand in every way to {}", here, there);
  return fmt::format("stays at {}: the map leaves no way to {}", here, there);
}

std::vector<Cell> Fight::path_of(const Entity& who, const orders::Movement& movement, EntityId target,
                                 const Action& action, WayCut* cut) {
  if (!action.move_feet) return {};
  const long own = *action.move_feet;
  const std::optional<MoveLimit> limit = move_limit(who, action);
  if (!limit) return plan_path(who, movement, target, action, own, cut);
  // One that follows its target goes where the target goes, as far as intent_for lets it, which
  // says why; a path of its own is walked only when it may not follow at all.
  if (action.follows_target) return plan_path(who, movement, target, action, limit->feet, nullptr);
  WayCut limited;
  std::vector<Cell> path = plan_path(who, movement, target, action, limit->feet, &limited);
  // Said only where the limit cuts the way short: planned with the action's own distance, it
  // would have gone further.
  WayCut whole;
  std::vector<Cell> unlimited = plan_path(who, movement, target, action, own, &whole);
  if (unlimited.size() <= path.size()) {
    if (cut) *cut = whole;
    return unlimited;
  }
  if (cut) {
    cut->held_back = limited.held_back;
    cut->stopped = fmt::format("{}, {}", world_.grid().label(path.empty() ? who.position : path.back()), limit->reason);
  }
  return path;
}

std::optional<Fight::MoveLimit> Fight::move_limit(const Entity& who, const Action& action) {
  const Function* f = hook("move_limit");
  if (!f || !action.move_feet || *action.move_feet <= 0) return std::nullopt;
  const long own = *action.move_feet;
  StackGuard guard{L_};
  lua::push_entity(L_, who.id);
  lua_pushlstring(L_, action.name.data(), action.name.size());
  lua_pushinteger(L_, own);
  call(*f, 3, 2);
  return returned_by(*f, [&]() -> std::optional<MoveLimit> {
    if (lua_isnil(L_, -2)) return std::nullopt;
    int whole = 0;
    const lua_Integer feet = lua_tointegerx(L_, -2, &whole);
    const int why = lua_type(L_, -1);
    if (!whole || feet < 0 || (why != LUA_TNIL && why != LUA_TSTRING))
      throw Error(fmt::format("the move_limit hook returns nil, or the feet {} may move with {} (a whole number, 0 or "
                              "more) and optionally why (a string), not {}, {}",
                              who.name, action.name, printable(lua::describe(L_, -2, 1)),
                              printable(lua::describe(L_, -1, 1))));
    if (feet >= own) return std::nullopt;
    MoveLimit limit{static_cast<long>(feet), why == LUA_TSTRING ? lua_tostring(L_, -1) : ""};
    if (limit.reason.empty()) limit.reason = fmt::format("{} goes at most {}' here", action.name, limit.feet);
    return limit;
  });
}

bool Fight::hostile(const Entity& who, const Entity& other, const Action& action) {
  const Function* f = hook("hostile");
  if (!f) return true;
  StackGuard guard{L_};
  lua::push_entity(L_, who.id);
  lua::push_entity(L_, other.id);
  lua_pushlstring(L_, action.name.data(), action.name.size());
  call(*f, 3, 1);
  // nil: no opinion, so `other` counts, as it does with no hook.
  return returned_boolean(*f, -1, [&] {
           return fmt::format("the hostile hook, asked whether {} counts {} among the hostiles it moves away from,",
                              who.name, other.name);
         }).value_or(true);
}

std::vector<Cell> Fight::plan_path(const Entity& who, const orders::Movement& movement, EntityId target,
                                   const Action& action, long budget_feet, WayCut* cut) {
  std::vector<Cell> occupied;
  for (const Entity& e : world_.entities())
    if (e.id != who.id) occupied.push_back(e.position);
  const Grid& grid = world_.grid();
  using Kind = orders::Movement::Kind;
  const auto place = [&]() -> std::optional<Cell> {
    if (!movement.place) return std::nullopt;
    return place_of(who, *movement.place, action);
  };
  std::vector<Cell> hostiles;  // only an action that must move away from them needs them
  if (action.away_from_hostiles)
    for (const Entity& e : world_.entities())
      if (e.side != who.side && flow_.can_act(e) && hostile(who, e, action)) hostiles.push_back(e.position);
  // "Must move away from hostiles" (Fall Back, Terror): a written way is followed only while each
  // step takes the character no nearer to the nearest hostile.
  const auto nearest_hostile = [&](Cell at) {
    double nearest = std::numeric_limits<double>::infinity();
    for (const Cell h : hostiles) nearest = std::min(nearest, grid.distance(at, h));
    return nearest;
  };
  const auto held_away = [&](std::vector<Cell> path) {
    if (!action.away_from_hostiles) return path;
    Cell at = who.position;
    for (std::size_t i = 0; i < path.size(); ++i) {
      if (nearest_hostile(path[i]) < nearest_hostile(at)) {
        if (cut) cut->held_back = true;
        return std::vector<Cell>(path.begin(), path.begin() + i);
      }
      at = path[i];
    }
    return path;
  };
  // A distance with no steps caps the way to a place or a target: "Move 10' -> Orc" goes toward
  // the Orc, 10' at most, as "Move 10' toward Orc" does.
  const bool capped = movement.feet && movement.steps.empty();
  const bool written_binds = capped && *movement.feet <= budget_feet;  // rather than the action's distance
  if (capped) budget_feet = std::min(budget_feet, *movement.feet);
  switch (capped && movement.kind == Kind::path ? Kind::none : movement.kind) {
    case Kind::path: {
      // Between phases (a round's orders asked at its start, run --ask) only simultaneous phases
      // are ordered.
      const bool sequential = flow_.in_phase() && flow_.phase().kind == PhaseKind::Sequential;
      // "15' S" walks south for 15'; "S, S, SW" takes those steps; the written distance repeats
      // the last direction until it is covered. Never beyond what the action allows, and as far
      // as the way goes: a wall or a cliff ends the walk there ("the Arbiter does the best they
      // can to fulfill ... the order's intent").
      const std::vector<orders::Step>& steps = movement.steps;
      const double written = movement.feet ? static_cast<double>(*movement.feet) : 0;
      std::vector<Cell> path;
      Cell at = who.position;
      double feet = 0;
      int diagonals = 0;
      for (std::size_t i = 0; i < steps.size() || (!steps.empty() && feet < written); ++i) {
        const Cell next = arbiter::step(at, direction_of(steps[std::min(i, steps.size() - 1)].direction));
        const bool written_out = i >= steps.size();  // only the written distance is left to cover
        if (const StepCheck check = check_step(grid, paths_.rules(), at, next); check.obstacle != StepObstacle::None) {
          if (cut) cut->stopped = grid.label(at) + ", the next step barred: " + describe(grid, check, at, next);
          break;
        }
        // In turns the others stand still while one moves, and a square holds one character.
        if (sequential)
          if (const auto holder = std::find_if(world_.entities().begin(), world_.entities().end(),
                                               [&](const Entity& e) { return e.id != who.id && e.position == next; });
              holder != world_.entities().end()) {
            if (cut) cut->stopped = fmt::format("{}, the next step barred: {} stands at {}", grid.label(at), holder->name,
                                                grid.label(next));
            break;
          }
        const double cost = step_cost(grid, paths_.rules(), at, next, diagonals) * grid.scale();
        if (written > 0 && feet + cost > written && written_out) break;
        if (feet + cost > static_cast<double>(budget_feet)) {
          if (cut) cut->stopped = fmt::format("{}: the next step would take it past {}'", grid.label(at), budget_feet);
          break;
        }
        feet += cost;
        diagonals += next.x != at.x && next.y != at.y;
        path.push_back(at = next);
      }
      return held_away(std::move(path));
    }
    case Kind::destination:
      if (const auto to = place()) {
        std::vector<Cell> path =
            held_away(paths_.toward(who.position, *to, static_cast<double>(budget_feet), 0, occupied).steps);
        const Cell end = path.empty() ? who.position : path.back();
        if (!cut || end == *to) return path;
        // Another stands on the place itself: the way ends beside it, and says who, as a step barred does.
        if (const auto holder = std::find_if(world_.entities().begin(), world_.entities().end(),
                                             [&](const Entity& e) { return e.id != who.id && e.position == *to; });
            holder != world_.entities().end()) {
          const std::string held = fmt::format("{} stands at {}", holder->name, grid.label(*to));
          if (path.empty()) cut->stays = fmt::format("stays at {}: {}", grid.label(end), held);
          else cut->stopped = fmt::format("{}: {}", grid.label(end), held);
          return path;
        }
        // Farther than the action goes, or than the distance written ("Move 15' to H4"): the GM
        // hears where it stops and why, as for a written way. A distance no step fits in is told
        // by the order's intent, as for any way. No way there at all: it stays, and says why.
        const auto whole = paths_.shortest(who.position, *to, occupied);
        if (!whole) cut->stays = no_way_to(who, *to);
        else if (whole->feet > static_cast<double>(budget_feet) && !(written_binds && path.empty()))
          cut->stopped = fmt::format("{}: {} is {}' away, {}", grid.label(end), grid.label(*to), whole->feet,
                                     written_binds ? fmt::format("{}' written", budget_feet)
                                                   : fmt::format("{} goes at most {}'", action.name, budget_feet));
        return path;
      }
      return {};
    case Kind::toward:
      if (const auto to = place()) {
        std::vector<Cell> path =
            held_away(paths_.toward(who.position, *to, static_cast<double>(budget_feet), grid.scale(), occupied).steps);
        if (path.empty() && cut && *to != who.position && !paths_.shortest(who.position, *to, occupied)) {
          // Toward a character ("Charge toward \"Orc\""): named, as an order at it is.
          const EntityId there = cell_of(*movement.place) ? no_entity : standing_at(*to);
          cut->stays = no_way_to(who, *to, there == no_entity ? nullptr : &world_.get(there));
        }
        return path;
      }
      return {};
    case Kind::away:
      if (const auto from = place()) {
        const std::vector<Cell> away_from{*from};
        std::vector<Cell> path = paths_.away_from(who.position, away_from, static_cast<double>(budget_feet), occupied).steps;
        if (path.empty() && cut) cut->stays = nowhere_farther(who, away_from, budget_feet, false);
        return path;
      }
      return {};
    case Kind::none:
      if (action.away_from_hostiles) {  // Fall Back, Terror: "move away from hostiles"
        std::vector<Cell> path = paths_.away_from(who.position, hostiles, static_cast<double>(budget_feet), occupied).steps;
        if (path.empty() && cut) cut->stays = nowhere_farther(who, hostiles, budget_feet, true);
        return path;
      }
      // An action that moves, ordered at a character without a way to go: toward it ("Charge -> Orc").
      // No way there at all: it stays, and says why, as a Move to a cell does.
      if (target != no_entity && target != who.id) {
        const Entity& whom = world_.get(target);
        std::vector<Cell> path =
            paths_.toward(who.position, whom.position, static_cast<double>(budget_feet), grid.scale(), occupied).steps;
        if (path.empty() && cut && !paths_.shortest(who.position, whom.position, occupied))
          cut->stays = no_way_to(who, whom.position, &whom);
        return path;
      }
      return {};
  }
  return {};
}

// Without the hook `movement`, the runtime tells what the declarations did not say: a step into a
// cell another keeps is stopped whatever the rules say (one to a cell); two whose paths meet (trading
// cells, crossing at a corner, stepping into one cell) are stopped by nothing of the rules, so the
// narration would show two plain moves through each other.
void Fight::tell_meeting(const MoveEvent& event) {
  const auto& everyone = world_.entities();
  const Grid& grid = world_.grid();
  const Entity& mover = everyone[event.mover];
  const Intent* intent = flow_.intent(mover.id);
  nlohmann::json fields;
  fields["character"] = mover.name;
  switch (event.kind) {
    case MoveEventKind::Blocked:
      fields["at"] = grid.label(event.from);
      fields["by"] = everyone[event.other].name;
      fields["to"] = grid.label(event.to);
      log_.record(event_type::blocked, std::move(fields), intent ? intent->action : "");
      return;
    case MoveEventKind::Swap:
    case MoveEventKind::Cross:
    case MoveEventKind::HeadOn:
    case MoveEventKind::SameCell:
      fields["from"] = grid.label(event.from);
      fields["to"] = grid.label(event.to);
      fields["other"] = everyone[event.other].name;
      fields["other_from"] = grid.label(event.other_from);
      fields["other_to"] = grid.label(event.other_to);
      fields["meeting"] = std::string(name(event.kind));
      log_.record(event_type::paths_crossed, std::move(fields), intent ? intent->action : "");
      return;
    default:  // reach left and borders: what the rules make of them, the rules tell
      return;
  }
}

Halt Fight::movement(const MoveEvent& event) {
  const Function* f = hook("movement");
  const auto& everyone = world_.entities();
  const Grid& grid = world_.grid();
  if (!f) {
    tell_meeting(event);
    return Halt::None;
  }
  StackGuard guard{L_};
  lua_createtable(L_, 0, 12);
  lua_pushstring(L_, std::string(name(event.kind)).c_str());
  lua_setfield(L_, -2, "kind");
  lua_pushinteger(L_, event.step);
  lua_setfield(L_, -2, "step");
  lua::push_entity(L_, everyone[event.mover].id);
  lua_setfield(L_, -2, "mover");
  if (event.other != nobody) {
    lua::push_entity(L_, everyone[event.other].id);
    lua_setfield(L_, -2, "other");
  }
  lua_pushstring(L_, grid.label(event.from).c_str());
  lua_setfield(L_, -2, "from");
  lua_pushstring(L_, grid.label(event.to).c_str());
  lua_setfield(L_, -2, "to");
  if (event.other != nobody) {
    lua_pushstring(L_, grid.label(event.other_from).c_str());
    lua_setfield(L_, -2, "other_from");
    lua_pushstring(L_, grid.label(event.other_to).c_str());
    lua_setfield(L_, -2, "other_to");
  }
  lua_pushboolean(L_, event.allies);
  lua_setfield(L_, -2, "allies");
  lua_pushboolean(L_, event.mover_ready);
  lua_setfield(L_, -2, "mover_ready");
  lua_pushboolean(L_, event.other_ready);
  lua_setfield(L_, -2, "other_ready");
  lua_pushboolean(L_, event.crossed);
  lua_setfield(L_, -2, "crossed");
  call(*f, 1, 1);
  return returned_by(*f, [&] {
    if (lua_isnil(L_, -1)) return Halt::None;
    if (!lua_isstring(L_, -1))
      throw Error(fmt::format("the movement hook returns nil, \"mover\", \"other\", \"both\", \"meet\", "
                              "\"mover_after_step\" or \"other_after_step\", not {}",
                              printable(lua::describe(L_, -1, 1))));
    return parse_halt(lua::to_text(L_, -1, "the movement hook's answer"));
  });
}

double Fight::reach_feet(const Entity& who) {
  const Function* f = hook("reach");
  if (!f) return 0;
  StackGuard guard{L_};
  lua::push_entity(L_, who.id);
  call(*f, 1, 1);
  return returned_by(*f, [&] {
    const double feet = lua_tonumber(L_, -1);
    if (!lua_isnumber(L_, -1) || !(feet >= 0) || !std::isfinite(feet))
      throw Error(fmt::format("the reach hook returns a reach in feet: a number, 0 or more, not {}",
                              printable(lua::describe(L_, -1, 1))));
    return feet;
  });
}

std::vector<EntityId> Fight::initiative(std::vector<EntityId> everyone) {
  const Function* f = hook("initiative");
  if (!f) return everyone;
  StackGuard guard{L_};
  lua::push_entities(L_, everyone);
  call(*f, 1, 1);
  return returned_by(*f, [&] {
    constexpr const char* expected = "the initiative hook returns the characters in the order of their turns";
    if (!lua_istable(L_, -1)) throw Error(fmt::format("{} (a list of them), not {}", expected, luaL_typename(L_, -1)));
    std::vector<EntityId> order;
    for (lua_Integer i = 1; lua_rawgeti(L_, -1, i) != LUA_TNIL; ++i) {
      const std::optional<EntityId> id = lua::test_character(L_, -1);
      if (!id)
        throw Error(fmt::format("{}: its item {} is {}, not a character (world.character(name) gives one)", expected,
                                i, lua::describe(L_, -1)));
      const std::string& name = world_.get(*id).name;
      if (std::find(everyone.begin(), everyone.end(), *id) == everyone.end())
        throw Error(fmt::format("the initiative hook lists {}, who is not among the characters it was given", name));
      if (std::find(order.begin(), order.end(), *id) != order.end())
        throw Error(fmt::format("the initiative hook lists {} twice: each character takes one turn", name));
      order.push_back(*id);
      lua_pop(L_, 1);
    }
    return order;
  });
}

std::optional<Intent> Fight::respond(const Entity& who, const Intent& declared, int ap_left) {
  const Function* f = hook("respond");  // without it, each standing order is taken as written (judge)
  StackGuard guard{L_};
  const auto push_arguments = [&] {
    lua::push_entity(L_, who.id);
    lua::push_intent(L_, declared, world_);
    lua_pushinteger(L_, ap_left);
    return 3;
  };
  if (const orders::CharacterOrders* mine = orders_of(who)) {
    // The first standing order whose trigger names the declared action, as the others see it.
    const std::string shown = declared_as(action(declared.action).name);
    for (const auto& standing : mine->standing) {
      if (!same_name(standing.trigger.text, shown)) continue;
      if (const orders::Order* order = picked(who, standing.choice)) {
        const Intent proposal = intent_from_order(who, *order);
        const Answering answering{shown, world_.get(declared.actor).name};
        return judge(f, push_arguments(), who, &proposal, nullptr, nullptr, &answering);
      }
    }
    // Answering a response to its own action, the actor may use its next entry, if the rules take
    // it as an answer ("2: IF my attack was parried THEN Counter-Attack ELSE Melee Attack");
    // otherwise the entry stays for the turn's next choice.
    if (declared.reaction) {
      long& taken = entry_[who.id];
      if (const orders::Phase* entry = numbered(*mine, taken + 1))
        if (const orders::Order* order = picked(who, *entry); order && (f || answers_own(who, *order, declared))) {
          const Intent proposal = intent_from_order(who, *order);
          std::string unsaid;  // the entry stays for the turn: not a refusal to tell
          if (auto intent = judge(f, push_arguments(), who, &proposal, &unsaid)) {
            ++taken;
            return intent;
          }
        }
    }
    return std::nullopt;
  }
  if (ask_) {
    // What the others see (a Feint is "declared as a regular attack"), as the narration tells it.
    lua::push_entity(L_, who.id);
    lua::push_intent(L_, declared, world_);
    lua_pushinteger(L_, ap_left);
    const auto offer = offered("responses", 3);
    if (offer && offer->open.empty()) return std::nullopt;  // nothing the rules would take: not asked
    const std::string listed = offer ? fmt::format("{}; ", fmt::join(offer->open, ", ")) : "";
    const std::string shown = declared_as(declared.action);
    // Where a movement goes, as the narration told it: a response to it may depend on that.
    return ask_sequential(f, who,
                          fmt::format("{} declared {}. {}'s response ({}{} AP left; empty: none)",
                                      world_.get(declared.actor).name, intent_summary(declared, shown, world_),
                                      who.name, listed, ap_left),
                          shown, push_arguments, [&] { return offer ? *offer : takeable(who, shown); });
  }
  return judge(f, push_arguments(), who, nullptr);
}

// Without `respond`, the actor's next entry answers a response to its action only as the sheets
// were checked to read it (docs/orders.md, "Answering an answer"): its action answers the response
// as the others see it, or replaces the actor's own action.
bool Fight::answers_own(const Entity& who, const orders::Order& entry, const Intent& response) const {
  const orders::ActionRules& rules = *vocabulary_.action(entry.action.text);
  const auto names = [](const std::vector<std::string>& list, const std::string& name) {
    return std::any_of(list.begin(), list.end(), [&](const std::string& one) { return same_name(one, name); });
  };
  const Intent* own = flow_.intent(who.id);
  return (rules.answers && names(*rules.answers, declared_as(response.action))) ||
         (own && names(rules.replaces, own->action));
}

std::string Fight::declared_as(const std::string& name) const {
  const orders::ActionRules* rules = vocabulary_.action(name);
  return rules && !rules->declared_as.empty() ? rules->declared_as : name;
}

std::optional<std::string> Fight::forbidden(const Intent& intent) {
  const Action& chosen = action(intent.action);
  if (const ActionVerdict verdict = statuses_.allows(intent.actor, chosen.name); !verdict.allowed)
    return verdict.because;
  const Entity& actor = world_.get(intent.actor);
  if (!chosen.allowed_by.empty() &&
      std::none_of(chosen.allowed_by.begin(), chosen.allowed_by.end(),
                   [&](const std::string& status) { return actor.status(status) != nullptr; }))
    return fmt::format("{} is only allowed to a character who is {}", chosen.name, fmt::join(chosen.allowed_by, " or "));
  if (chosen.allowed_when.ref != LUA_NOREF) {
    // With the intent, so that what the order says may decide: "Prepare Spell (Firebal)".
    StackGuard guard{L_};
    judge_by(chosen.allowed_when, push_actor_and_intent(chosen, chosen.allowed_when, intent), 2,
             {"action", chosen.name, "allowed_by"});
    if (auto reason = refusal_returned(chosen.allowed_when, chosen.name, "allowed_by", [&] {
          return fmt::format("the rules do not let {} {} now", actor.name, chosen.name);
        }))
      return reason;
  }
  // An attack (`target = "enemy"`) at oneself or an ally, an action for an ally (`"ally"`) at
  // oneself or an enemy, or an action at another (`"other"`) at oneself, from a pack's intent, a
  // sheet read without a roster or a general target: "the moving enemy", "adjacent opponents".
  const orders::ActionRules& rules = *vocabulary_.action(chosen.name);
  if (intent.target != no_entity && rules.targets_another()) {
    const Entity& target = world_.get(intent.target);
    // A reason, told after "Ana cannot Move: ": it does not name the action and the actor again.
    if (target.id == actor.id)
      return fmt::format("the target of {} is {}, not {} itself", chosen.name, orders::target_wanted(rules),
                         actor.name);
    if (rules.enemy_target && target.side == actor.side)
      return fmt::format("{} is an ally of {}: the target of {} is an enemy", target.name, actor.name, chosen.name);
    if (rules.ally_target && target.side != actor.side)
      return fmt::format("{} is not an ally of {}: the target of {} is an ally", target.name, actor.name, chosen.name);
  }
  // An action that must say where it moves, going nowhere toward its target, which is the character
  // itself: a cell it stands on ("Move -> C4"), which only the fight can tell (the check refuses
  // "Move -> self"). Taken, it was narrated as a Move and went nowhere.
  if (rules.needs_direction && intent.target == actor.id && intent.path.empty())
    return fmt::format("it goes toward its target, and that is {} itself: write where it moves, compass steps such "
                       "as 'N, NE' or a cell: 'to C3'",
                       actor.name);
  if (intent.target != no_entity && chosen.target_allowed.ref != LUA_NOREF) {
    StackGuard guard{L_};
    lua::push_entity(L_, intent.actor);
    lua::push_entity(L_, intent.target);
    judge_by(chosen.target_allowed, 2, 2, {"action", chosen.name, "target"});
    if (auto reason = refusal_returned(chosen.target_allowed, chosen.name, "target", [&] {
          return fmt::format("the rules do not let {} {} {}", actor.name, chosen.name, world_.get(intent.target).name);
        }))
      return reason;
  }
  return std::nullopt;
}

void Fight::resolve(const Intent& intent, Changes& changes) {
  const Action& chosen = action(intent.action);
  if (chosen.resolve.ref == LUA_NOREF)
    throw Error("action '" + chosen.name + "' has no resolve function: it can be ordered but not carried out");
  // Judged again here: a reaction (flow.react) and a forced action come to the rules no other way,
  // and a status may have changed since the intent was taken.
  if (const auto reason = forbidden(intent)) throw Error(*reason);
  // This action's transaction, until it ends; then the one it was inside (an action's flow.react
  // resolves another action), if any.
  lua::Services& services = sandbox_.services();
  struct Restore {
    lua::Services& services;
    Changes* outer = services.find<Changes>();
    ~Restore() {
      if (outer) services.provide<Changes>(outer);
      else services.withdraw<Changes>();
    }
  } restore{services};
  services.provide<Changes>(&changes);
  changes.charge_to(sandbox_);
  StackGuard guard{L_};
  prepare_pack_call();
  lua_rawgeti(L_, LUA_REGISTRYINDEX, chosen.resolve.ref);
  lua::push_intent(L_, intent, world_);
  const FlowPosition at = flow_.position();
  lua_pushinteger(L_, at.round);
  lua_setfield(L_, -2, "round");
  lua_pushinteger(L_, at.phase);
  lua_setfield(L_, -2, "phase");
  lua::refuse_unknown_context_fields(L_);
  // Protected, so a failing action ends only itself; a spent budget still ends the round.
  if (auto error = sandbox_.try_call(L_, 1, 0)) {
    // Not the action's fault: the fight stops (nothing is saved) rather than play on without dice.
    if (dice_.failure()) throw std::runtime_error(error->diagnostics().front().message);
    throw *error;
  }
}

}  // namespace arbiter::packs
