#pragma once
// A fight under a stack of loaded packs: the world, its log, statuses and flow, with the packs'
// definitions answering every question the flow asks (docs/fights.md):
//   table  "flow"        phases, the default order, incapacitating statuses, lookups
//   table  "narration"   a sentence template per event type
//   status <name>        each status (fields of stdlib/types/status.lua)
//   action <name>        ready, cost, move, needs_target and resolve(ctx)
//   condition / target   the order vocabulary's phrases, with test(me, …) / find(me, …)
//   hook   <name>        round_start, round_end, phase_start, phase_end, turn_start, turn_end,
//                        movement, forced_action, choose, respond, initiative
// Every call into Lua happens inside a sandboxed call that the caller runs (`run_round` takes
// its thread), so the ruleset's budget holds for the whole round, and each pack's function runs
// under its own pack's budget within it.
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <lua.hpp>

#include "grammar/orders.hpp"
#include "interpreter/core/dice_source.hpp"
#include "interpreter/core/flow.hpp"
#include "interpreter/core/lookup.hpp"
#include "interpreter/core/narration.hpp"
#include "interpreter/core/order_check.hpp"
#include "interpreter/core/pathfinder.hpp"
#include "interpreter/core/snapshot.hpp"
#include "interpreter/core/vocabulary.hpp"
#include "interpreter/lua/character_handles.hpp"
#include "interpreter/lua/sandbox.hpp"
#include "interpreter/lua/world_bindings.hpp"
#include "interpreter/packs/encounter.hpp"
#include "interpreter/packs/registry.hpp"

namespace arbiter::packs {

// The ruleset's table "flow" as a fight plays it: its phases, incapacitating statuses and
// movement rules, with its default order, lookups and the pack that defined it. Each mistake
// (a misspelt field, a phase's kind, action points that are not a whole number from 0 to
// 1000000) is an arbiter::Error at the line of the pack that last changed that field. The one
// reader of the table: a fight, and the encounter's check of a stat of action points, read it alike.
FlowRules read_flow(lua_State* L, const Registry& registry, std::string& default_order, LookupRules& lookups,
                    std::string& pack);

class Fight final : public Ruleset {
 public:
  // Reads the ruleset from the registry; a bad definition is an arbiter::Error at its line. `L` is
  // the thread to read with: the running one when made inside a call (pack tests), else the main.
  Fight(lua::Sandbox& sandbox, const Registry& registry, World world, DiceSource& dice, lua_State* L = nullptr);
  ~Fight() override;
  Fight(const Fight&) = delete;
  Fight& operator=(const Fight&) = delete;

  World& world() { return world_; }
  EventLog& log() { return log_; }
  // Whether the rules refused a starting value of the encounter (world.encounter_error): the
  // encounter's mistake, whatever the dice.
  bool refused_encounter() const noexcept { return encounter_fault_.has_value(); }
  Flow& flow() { return flow_; }
  bool in_round() const { return in_round_; }  // a round is being played: a rule cannot start another
  const Narrator& narrator() const { return narrator_; }
  const orders::Vocabulary& vocabulary() const { return vocabulary_; }
  // Who is in the fight as sheets name them, now, with the words each answers to in a target's
  // {word} as the target's `kinds` says (RosterEntry::kinds): the packs' functions are called, as
  // one sandboxed call with the ruleset's budget, from outside any (as play_round is).
  orders::Roster roster();
  const StatusBook& status_book() const { return book_; }

  // A saved fight continues from `state`, whose world this fight was made with.
  void resume(const SavedState& state);
  // Everything needed to resume; `rng` is the dice generator's exported state.
  SavedState save(nlohmann::json rng) const;

  // A sheet for round `round`, checked by the caller against the vocabulary and roster.
  void add_orders(long round, orders::Sheet sheet);
  // The GM at the terminal (`arbiter run --ask`): asked, with `question`, for each decision about
  // character `who` that no sheet makes; `refused`, when not empty, says first why the last answer
  // to this question was not taken; `answering`, when not empty, is the declared action (as the
  // others see it) the answer responds to, else the answer is `who`'s own action. Returns the entry
  // typed (an order, or IF … ELSE …), checked against the vocabulary and the fight as a turn entry or
  // as a standing order ON `answering`, or none (an empty answer). `choices` gives, when the GM asks
  // what may be typed, the actions `who` may take here: what the rules would take (the hooks
  // `actions`, `responses`, with why they would not take the others when they say), or else what
  // the actions' timing and `who`'s statuses allow. Throws when there is no one to ask any more (the
  // input ended).
  struct Choice {
    std::vector<std::string> open;                             // the actions' names
    std::vector<std::pair<std::string, std::string>> closed;  // an action the rules would not take, and why
  };
  using Choices = std::function<Choice()>;
  using Ask = std::function<std::optional<orders::Phase>(const std::string& who, const std::string& question,
                                                         const std::string& refused, const std::string& answering,
                                                         const Choices& choices)>;
  void set_ask(Ask ask) { ask_ = std::move(ask); }
  // Where the encounter wrote each stat: an encounter_error of the rules is told there.
  void place_stats(std::vector<StatName> places) { stat_places_ = std::move(places); }
  // Plays the next round as one sandboxed call with the ruleset's budget.
  void play_round();
  // Plays the next round from inside a running sandboxed call: `L` is its thread (pack tests). Its
  // errors are told as play_round tells them; a spent budget still ends the running call.
  void run_round(lua_State* L);

  // While it lives, the sandbox's world modules see this fight (then what they saw before).
  class Active {
   public:
    Active(Fight& fight, lua_State* L);
    ~Active();
    Active(const Active&) = delete;
    Active& operator=(const Active&) = delete;

   private:
    template <class T>
    void provide(T* service);
    Fight& fight_;
    lua_State* saved_thread_;
    std::vector<std::function<void()>> restore_;
  };

  // Ruleset: the flow's questions, answered by the packs.
  void boundary(Boundary boundary, EntityId whose) override;
  std::optional<Intent> choose(const Entity& who, int ap_left) override;
  Halt movement(const MoveEvent& event) override;
  double reach_feet(const Entity& who) override;
  std::vector<EntityId> initiative(std::vector<EntityId> everyone) override;
  std::optional<Intent> respond(const Entity& who, const Intent& declared, int ap_left) override;
  void resolve(const Intent& intent, Changes& changes) override;
  std::string declared_as(const std::string& action) const override;
  void cannot_act(const Entity& who, const std::string& status) override;
  void turn_cut_short(const Entity& who, const std::string& why, bool acted) override;
  TurnChooser turn_chooser(const Entity& who) const override;

 private:
  void prepare_pack_call();
  // What the runtime tells of a meeting while everyone moves, when the rules have no hook `movement`.
  void tell_meeting(const MoveEvent& event);
  // Pushes a C function that plays the next round on the thread it is called on, for a sandboxed call.
  void push_round(lua_State* L);
  static int round_entry(lua_State* L);
  static int kinds_entry(lua_State* L);  // fills the roster of its upvalue's KindsCall (roster())
  // The error a round that failed with `error` is told with: the input's fault (an unanswered
  // question, the encounter's mistake, dice that failed) without a pack's blame or traceback.
  Error round_error(const Error& error) const;
  // The encounter's mistake the rules found, at its stat's place when the encounter wrote it.
  Error placed(const EncounterFault& fault) const;
  // A pack function from the registry: called, it runs on behalf of its pack, with its budget.
  struct Function {
    int ref = LUA_NOREF;
    // How many arguments it can read: a Lua function's parameters, every one for a vararg or a C
    // function. Lua drops those beyond, so one the function cannot read need not be made (an
    // intent, a table of fifteen fields and three lists, for Platemail's `ready = function()`).
    int reads = std::numeric_limits<int>::max();
    // The ruleset's hook `allowed_by` or `cost`, asked for an action that gives none of its own
    // (tempo: by the action's row, a house rule's action too): the action's name comes after the actor.
    bool names_action = false;
  };
  struct Action {
    std::string name;
    bool ready = true;
    Function ready_when{};  // ready = function(me, intent): Ready by how the action is used (Use Item)
    Function target_allowed{};  // target = function(me, target) -> ok, why: whom it may be taken at (Rescue)
    int cost = 0;
    bool gives_cost = false;        // its definition gives `cost`, a number or a function
    bool gives_allowed_by = false;  // its definition gives `allowed_by`, a list or a function
    Function cost_when{};  // cost = function(me, intent) -> AP: an intent that gives none pays it; else the hook `cost`
    bool away_from_hostiles = false;  // with no way written, it moves away from every enemy
    bool carries_target = false;      // its target moves with the actor once picked up (Intent::carries_target)
    bool follows_target = false;      // the actor keeps beside its target as it moves (Intent::follow_feet)
    std::vector<std::string> allowed_by{};  // if any: only a character with one of these statuses may take it
    Function allowed_when{};  // allowed_by = function(me) -> ok, why: who may take it (Platemail's Rapid Fire: no crossbow);
                              // with no allowed_by at all, the hook `allowed_by`
    std::optional<long> move_feet{};
    Function resolve{};
    int name_ref = LUA_NOREF;  // its name as a Lua string, for a hook asked for it (Function::names_action)
  };

  void read_ruleset(lua_State* L, const Registry& registry);
  const Action& action(const std::string& name) const;
  // Pushes the function and calls it with the `nargs` values above it, leaving `nresults`; first
  // the packs' checks, if a definition has changed since they ran (Registry::run_checks).
  void call(const Function& function, int nargs, int nresults);
  // call() of a function that judges yes or no (allowed_by, target, a condition's test, a target's
  // find), `judging` naming it: a change it tries is refused (lua::Judging).
  void judge_by(const Function& function, int nargs, int nresults, lua::Judging judging);
  // Pushes the actor, the action's name for a hook asked for it (Function::names_action), and the
  // intent when `function` reads it (Function::reads): the count pushed.
  int push_actor_and_intent(const Action& chosen, const Function& function, const Intent& intent);
  const Function* hook(const char* name) const;
  // Runs `read`, which reads what `function` returned. An error it raises without a position is
  // the mistake of whoever wrote `function`: it is shown at the line where `function` is written,
  // in that pack, not in the ruleset running the fight.
  template <class Read>
  auto returned_by(const Function& function, Read&& read) -> decltype(read());
  // What `function`, one the API declares boolean, returned at `index`: true or false, nullopt for
  // nil; any other value an error at its line (lua::returned_boolean), naming it as `kind` `name`'s
  // `key` function ("action 'Zap': its 'ready' function"). Called on the hot path: the name is
  // made only for the error.
  std::optional<bool> returned_boolean(const Function& function, int index, const char* kind, const std::string& name,
                                       const char* key);
  // The same, for a function named otherwise (a hook): `named()` makes its name, for the error only.
  template <class Named>
  std::optional<bool> returned_boolean(const Function& function, int index, Named&& named);
  // What a function judging an intent (an action's `allowed_by` or `target`) returned, its two
  // results on top of the stack: nullopt when it allows the intent, else why not: its reason, else
  // `refused()`, or, when it returned nothing at all, that it did (a forgotten `return`).
  template <class Refused>
  std::optional<std::string> refusal_returned(const Function& function, const std::string& action, const char* key,
                                              Refused&& refused);
  // The character a pack's function gave at `index`: a handle or a name; nil is none. `what` leads
  // the error for anything else ("the target 'weakest foe' finds").
  EntityId returned_character(int index, const char* what);

  // A simultaneous phase's intent: the sheet's order, the GM's (--ask), or the default order.
  Intent from_orders(const Entity& who);
  // Says that `lost`, what `who` was ordered to do, is not carried out, and why; `status`: the
  // incapacitating status that is why.
  void not_carried_out(const Entity& who, const std::vector<std::string>& lost, const std::string& why,
                       const std::string* status = nullptr);
  // This round's orders for `who`, if a sheet gives any.
  const orders::CharacterOrders* orders_of(const Entity& who) const;
  // The order an entry picks by its conditions: its first branch that holds, else its ELSE; none.
  const orders::Order* picked(const Entity& who, const orders::Phase& entry);
  // The entry (or phase) of that number in the character's orders this round; null when none.
  const orders::Phase* numbered(const orders::CharacterOrders& mine, long number);
  // Why the rules forbid `intent` whoever proposes it: a status that forbids the action, an
  // `allowed_by` the actor lacks (a status, or what its function refuses), an attack at oneself or
  // an ally, a target the action's own `target` function refuses. nullopt: allowed.
  std::optional<std::string> forbidden(const Intent& intent);
  // Whether, without the hook `respond`, the actor's next entry `entry` answers `response` to its action.
  bool answers_own(const Entity& who, const orders::Order& entry, const Intent& response) const;
  // Asks the sequential hook `f` (choose or respond, with its arguments already pushed) about the
  // proposal: the intent it takes, or none. Without the hook (`f` null) the proposal is taken as
  // ordered, unless the rules forbid it or, in a phase with a budget, it costs more action points
  // than `who` has left (refused with "3 AP needed, 2 left"); with no proposal, none. A refusal
  // with a reason is logged, unless `refusal` is given: then it is told there as the narration
  // would tell it, and not logged. Without a proposal no order was refused: the reason the hook
  // gave with nil goes to `declined`, if given, for the caller to tell or not. `answering`: what a
  // standing order's proposal answers, which the refusal names.
  struct Answering {
    std::string action;  // as the others see it
    std::string actor;   // who declared it
  };
  std::optional<Intent> judge(const Function* f, int nargs, const Entity& who, const Intent* proposal,
                              std::string* refusal = nullptr, std::string* declined = nullptr,
                              const Answering* answering = nullptr);
  // The GM's proposals (`ask_`) until the hook takes one or the GM answers none; a refused answer is
  // the GM's typing, not part of the fight: said at the prompt, never logged.
  // ask_, remembering why it could not answer: that ends the round as the GM's error, not a pack's.
  // `choices`: what `who` may take there, worked out only when the GM asks (it calls into the rules).
  std::optional<orders::Phase> ask(const Entity& who, const std::string& question, const std::string& refused,
                                   const Choices& choices, const std::string& answering = {});
  std::optional<Intent> ask_sequential(const Function* f, const Entity& who, const std::string& question,
                                       const std::string& answering, const std::function<int()>& push_arguments,
                                       const Choices& choices);
  // What `who` may be ordered to take now, by what the runtime knows, for the GM asking at a prompt
  // of rules that offer nothing themselves: its own action (`answering` empty) or a response to
  // `answering`, by the actions' timing; none forced by the rules (involuntary) or forbidden to
  // `who` (forbidden, without a target).
  Choice takeable(const Entity& who, const std::string& answering);
  // With --ask, the round's simultaneous phases are ordered at its start, as sheets order them
  // ("All Characters declare their Action orders at the start of each Round"): before any die,
  // the GM is asked, phase by phase, for the order of each character who can act and no sheet
  // orders in it, a later phase's with IF … THEN … ELSE for what the earlier ones bring.
  void ask_round_orders();
  // The GM's order for `who` in phase `number` of the round, or none (the default order). For the
  // phase about to run (`judged`), an answer whose conditions do not hold and that has no ELSE, or
  // an order the rules forbid, is asked again with the reason; a later phase's is judged when it
  // comes, as a sheet's is.
  std::optional<orders::Phase> asked_phase(const Entity& who, long number, bool judged);
  // A character the round's start did not ask (it could not act then), for the running phase.
  Intent asked_order(const Entity& who);
  // `order_refused` for `refused`: logged in the fight, or only said at the --ask prompt.
  LogEvent refusal_of(const Entity& who, const Intent& refused, const std::string& reason,
                      const Answering* answering = nullptr) const;
  // What the rules would take now, offered to the GM: the list of action names the hook `name`
  // (`responses`, `actions`) returns for the `nargs` arguments pushed, which it consumes, and the
  // table of why it would not take others ({ ["Melee Attack"] = "Bo is Down" }) it may return
  // after it; nullopt when the ruleset has no such hook.
  std::optional<Choice> offered(const char* name, int nargs);
  Intent default_intent(const Entity& who, const std::string& why);
  // An intent for `chosen`, Ready or not by the action (asking it when it depends on the use).
  Intent intent_for(const Entity& who, const Action& chosen);
  Intent intent_from_order(const Entity& who, const orders::Order& order);
  // The way to a cell an order targets that no one stands on, for an action going where it targets.
  std::optional<orders::Movement> way_to_cell(const orders::Order& order, EntityId target, const Action& chosen) const;
  // A table the hook `hook` returned (forced_action, choose, respond) as an intent; nil: none.
  std::optional<Intent> intent_from_lua(const Entity& who, int index, std::string_view hook);
  // The name of the hook `f` (one hook() found).
  std::string_view hook_name(const Function& f) const;
  void settle_ready(const Action& chosen, Intent& intent);
  // The action's `cost` function's AP, for an intent that gives no cost of its own: whoever
  // proposed it, a sheet or a house rule's hook, pays what the rules charge.
  void settle_cost(const Action& chosen, Intent& intent);
  bool holds(const Entity& who, const orders::Condition& condition);
  // Whom an order's target names as `who` takes `ordering`: a general target's `find` is handed
  // the action's name when it reads one more argument than the phrase binds (Platemail: Ready by
  // that action's tag, so Unaware of a Hidden skulker or not as the order is taken).
  EntityId target_of(const Entity& who, const orders::Target& target, const Action& ordering);
  // A name as a sheet writes it ("orc") as the fight spells it ("Orc"), by the rule the sheets were
  // checked with before the round (orders::named); a name of no one stays as written.
  std::string name_in_fight(std::string_view written) const;
  // The cell a cell or coordinates target names (nullopt for the other kinds).
  std::optional<Cell> cell_of(const orders::Target& target) const;
  // Where a place of an order is (toward, away from): the cell it names, or where the one it
  // names stands; nullopt for no one.
  std::optional<Cell> place_of(const Entity& who, const orders::Target& target, const Action& ordering);
  EntityId standing_at(Cell cell) const;
  // How a written way ("E, E", "15' S") or destination ("to G2") was followed, when not to its end.
  struct WayCut {
    bool held_back = false;  // where it stops leading away from hostiles (Fall Back, Terror)
    // Where and why it stops: "C2, the next step barred: it leaves the grid", or short of a
    // destination beyond the action's distance: "E2: G2 is 25' away, Move goes at most 15'".
    std::string stopped;
    // Why it goes nowhere at all when it must move away (Fall Back, Terror): "stays at D1: no square
    // it can reach within 15' is farther from the nearest hostile (Orc)".
    std::string stays;
  };
  // The cells `who` means to enter, and in `cut`, if given, where the written way was cut short:
  // by the action's distance, or by fewer feet the rules allow `who` now (move_limit), and why.
  std::vector<Cell> path_of(const Entity& who, const orders::Movement& movement, EntityId target, const Action& action,
                            WayCut* cut = nullptr);
  // Why `who`, moving away from `from` (its hostiles' cells, or a place's) within `budget_feet`,
  // stays where it is: WayCut::stays.
  std::string nowhere_farther(const Entity& who, const std::vector<Cell>& from, long budget_feet, bool hostiles) const;
  // Why `who` stays, going to or toward `to` (where `there_stands` stands, if it goes toward
  // someone), which no way leads to past the others: walled off, or they stand in every way there
  // (WayCut::stays).
  std::string no_way_to(const Entity& who, Cell to, const Entity* there_stands = nullptr);
  // The same within `budget_feet`.
  std::vector<Cell> plan_path(const Entity& who, const orders::Movement& movement, EntityId target,
                              const Action& action, long budget_feet, WayCut* cut);
  // Fewer feet than its own that the rules let `who` move with `action` now (the hook
  // `move_limit`: Platemail's severed leg), and why; nullopt when the action's own distance holds.
  struct MoveLimit {
    long feet = 0;
    std::string reason;  // "one leg severed: Sprint goes at most 15'"
  };
  std::optional<MoveLimit> move_limit(const Entity& who, const Action& action);
  // Whether `who`, moving away from hostiles with `action`, counts `other` (an enemy able to act)
  // among them: the hook `hostile` (Platemail: not one it does not perceive); without it, yes.
  bool hostile(const Entity& who, const Entity& other, const Action& action);
  void push_bindings(const orders::Match& match, int& count);
  // Calls the pack's function for a declared phrase (a condition's test, a target's find) with the
  // character and the phrase's bindings, then the name of the action being ordered (`ordering`, a
  // target's) if the function reads it, leaving its result on the stack; returns the function.
  const Function& call_phrase(const Entity& who, const std::optional<orders::Match>& match,
                   const std::map<std::string, Function, std::less<>>& functions, const char* kind,
                   const std::string& phrase, const std::string* ordering = nullptr);

  lua::Sandbox& sandbox_;
  HeldMemory map_memory_;  // a fight a pack made (from inside a running call) holds its map on the pack's budget
  const Registry& registry_;  // the packs' checks run before each call into them
  lua_State* L_ = nullptr;  // the running thread during a round
  DiceSource& dice_;
  World world_;
  const orders::Roster roster_;  // who is in the fight, as sheets name them: fixed for its length
  lua::CharacterHandles handles_;  // watches world_
  EventLog log_;
  StatusBook book_;
  Statuses statuses_;
  Narrator narrator_;
  LookupRules lookups_;
  PathFinder paths_;
  orders::Vocabulary vocabulary_;
  std::optional<lua::DeclaredStats> declared_stats_;
  TurnChooser chooser_;  // who chose the last action of a sequential turn (choose)
  TurnChooser hook_chooser(const char* name) const;  // the encounter table's stats, for world.set_stat
  std::map<std::string, Action, std::less<>> actions_;  // by name as defined
  std::map<std::string, Function, std::less<>> conditions_, targets_, hooks_;
  std::map<std::string, Function, std::less<>> kinds_;  // by target phrase: its `kinds`, if it gives one
  std::string default_order_;
  std::string flow_at_;  // "file:line" of the change that gave the flow its default_order, or defined it
  std::string ruleset_pack_;  // the pack that declared the flow: its budget runs a round
  FlowRules flow_rules_;
  Flow flow_;
  std::map<long, std::vector<orders::Sheet>> orders_;  // by round
  std::map<const orders::CharacterOrders*, std::vector<const orders::Phase*>> numbered_;  // by number, from 1
  // A round's orders by the name in the fight of the character they are for, the first written
  // (orders_of): made when first asked, and again when sheets are added.
  mutable std::map<long, std::map<std::string, const orders::CharacterOrders*, std::less<>>> orders_by_name_;
  std::map<EntityId, long> entry_;  // sequential: the number of the entry each character took last this turn
  // --ask: the orders the GM gave at the round's start, by character and phase, and who was asked.
  std::map<std::pair<EntityId, long>, orders::Phase> asked_;
  std::set<EntityId> asked_this_round_;
  Ask ask_;
  std::optional<Error> unanswered_;  // why the GM could not answer (the input ended)
  std::optional<EncounterFault> encounter_fault_;  // a starting value the rules refused (world.encounter_error)
  std::vector<StatName> stat_places_;
  bool in_round_ = false;  // a round is being played (in_round())
};

}  // namespace arbiter::packs
