#pragma once
// The flow of a fight: a round is the phases a ruleset declares, each either
//   simultaneous  every character's intent is fixed first; everyone moves at once, step by step
//                 (movement.hpp), carrying along the targets of actions that carry them (Rescue);
//                 each action is resolved against the state of the phase's start, everyone where
//                 they moved, and every change is applied together when the phase ends (Platemail);
//   sequential    turns in an initiative order the ruleset computes; each character declares
//                 actions one by one from an action-point budget; others may respond to each
//                 declared action and the actor may answer the responses before it resolves
//                 (the tempo rules, Armellian's and Heimr's turns).
// The ruleset is asked through `Ruleset` at every step: hooks at the start and end of round, phase
// and turn; what each character does; what a movement event halts; reactions. Statuses count down
// on the same boundaries. An action is a transaction: it proposes `Changes`, applied only when it
// returns; an action that fails is logged ("action_failed") and the fight goes on.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/core/event_log.hpp"
#include "interpreter/core/movement.hpp"
#include "interpreter/core/statuses.hpp"
#include "interpreter/core/world.hpp"

namespace arbiter {

class Error;

enum class PhaseKind : std::uint8_t { Simultaneous, Sequential };
std::string_view name(PhaseKind kind);  // "simultaneous", "sequential"
PhaseKind parse_phase_kind(std::string_view text);

struct PhaseRules {
  std::string name;  // "1st Action Phase"
  PhaseKind kind = PhaseKind::Simultaneous;
  int action_points = 0;  // sequential: each character's budget for the phase (0: no budget)
};

struct FlowRules {
  std::vector<PhaseRules> phases;
  std::vector<std::string> incapacitated;  // statuses that keep a character from acting ("Unconscious")
  MovementRules movement;
};

// Whether a status lasting `unit`s is ever counted down under these phases (Flow ticks rounds and
// phases in every flow, turns only in sequential phases): one that is not would never end.
bool counts_down(DurationUnit unit, const std::vector<PhaseRules>& phases);

// What one character does with one action: chosen from its orders (or forced on it), then carried out.
struct Intent {
  EntityId actor = no_entity;
  std::string action;
  EntityId target = no_entity;
  std::vector<Cell> path{};  // the cells it means to enter, in order
  bool ready = false;      // Platemail's Ready, for the whole phase
  int cost = 0;            // action points (sequential phases)
  std::vector<std::string> arguments{};  // what the order adds in parentheses: Prepare Spell (Fireball)
  std::string order{};     // the order as written, for the log
  std::string note{};      // how it was chosen when not plainly ordered: "no order: Defend (the default)"
  // The order the rules refused, which this default order stands in for (simultaneous phases),
  // and why: what `arbiter check` tells of a sheet before the fight.
  std::string refused{};
  std::string refusal{};
  // The way the order wrote ("15' W"), when the action must move away from hostiles and a step of
  // that way would not: `path` follows it only up to that step.
  std::string way_not_followed{};
  // The distance the order wrote before its place or target ("Move 10' -> Orc": 10), feet: `path`
  // goes no farther, and a ruleset that plans its own way toward the target caps it so.
  std::optional<long> distance{};
  // The place the order moves away from ("Move away from Bo": where Bo stood when it was declared),
  // which a ruleset that reckons the way by it reads (tempo's Combat Move: "away from your opponent").
  std::optional<Cell> away_from{};
  // Its action carries the target along (Platemail's Rescue): in a simultaneous phase, once the
  // actor stands beside the target, the target moves with it (movement.hpp).
  bool carries_target = false;
  // Its action keeps it beside its target as the target moves, up to these feet (Platemail's
  // Guard: "Move up to 15' staying adjacent"); 0: it goes its own way (movement.hpp).
  double follow_feet = 0;
  bool reaction = false;   // taken in answer to something, beside the chosen action
  // What happened to it as the phase ran:
  Cell start{};                      // where the actor stood when it began
  double moved_feet = 0;
  bool halted = false;               // its movement was stopped
  bool carrying = false;             // carries_target: it picked the target up and carried it
  std::vector<Intent> responses{};   // sequential: what others declared against it, then the actor's answers
  friend bool operator==(const Intent&, const Intent&) = default;
};

// "Charge → Orc #2", "Move to C4 (stops at C3: Bo stands at D2)", "Prepare Spell (Fireball)": the
// intent as the others see it declared (`shown`: a Feint is a Melee Attack), as the log's
// `declared` event and a response prompt (`run --ask`) tell it.
std::string intent_summary(const Intent& intent, const std::string& shown, const World& world);

enum class Boundary : std::uint8_t { RoundStart, RoundEnd, PhaseStart, PhaseEnd, TurnStart, TurnEnd };
std::string_view name(Boundary boundary);  // "round_start", "phase_end", …

// The changes one action proposes, applied in the order proposed when it commits (Flow applies
// them all or none). A change is checked when proposed, so applying it should not fail.
class Changes {
 public:
  // `changes_grid`: the change alters the map (a door), which Flow then keeps to put back too.
  // `holds`: what the change keeps on the heap beyond itself (an event's fields), held on the
  // account the changes are charged to until they are applied or dropped.
  void propose(std::function<void()> change, bool changes_grid = false, std::size_t holds = 0) {
    pending_.push_back(std::move(change));
    changes_grid_ = changes_grid_ || changes_grid;
    held_.hold(sizeof(std::function<void()>) + holds);
  }
  // Counts what the pending changes hold on `account` (the sandbox's, whose pack proposes them).
  void charge_to(MemoryAccount& account) noexcept { held_.charge_to(account); }
  void apply();
  bool empty() const noexcept { return pending_.empty(); }
  bool changes_grid() const noexcept { return changes_grid_; }
  // Where the moves proposed so far take their characters: a later move into a cell one of them
  // leaves (a Shove that follows) is judged against where they will stand, not where they stand.
  std::map<EntityId, Cell>& moves() noexcept { return moves_; }

 private:
  std::vector<std::function<void()>> pending_;
  std::map<EntityId, Cell> moves_;
  bool changes_grid_ = false;
  HeldMemory held_;
};

// The most actions one sequential turn takes: rules that never end a turn (a `choose` that always
// gives a 0-AP action) must not hang the fight. The turn is then ended, and that is logged
// (`turn_cut_off`) with who kept choosing (Ruleset::turn_chooser).
inline constexpr int most_turn_actions = 100;

// The most action points a phase gives (`action_points`), and a character holds after a give-back.
inline constexpr int most_action_points = 1'000'000;

// Who chose a turn's actions, for a turn ended at most_turn_actions: "the hook 'choose' of pack
// 'brawl' (packs/brawl/init.lua:63)", and that pack, if a pack's.
struct TurnChooser {
  std::string who;
  std::string pack;
};

// What the flow asks the ruleset. The Lua layer answers from a pack's definitions; tests in C++.
class Ruleset {
 public:
  virtual ~Ruleset() = default;
  // `whose`: the character whose turn starts or ends; no_entity for rounds and phases.
  virtual void boundary(Boundary boundary, EntityId whose) = 0;
  // Simultaneous: the character's intent for the phase (nullopt: it does nothing). Sequential: its
  // next action this turn, with `ap_left` points left (nullopt ends the turn).
  virtual std::optional<Intent> choose(const Entity& who, int ap_left) = 0;
  // What a movement event stops; the ruleset may also answer it with reactions (Flow::react).
  virtual Halt movement(const MoveEvent& event) = 0;
  // The character's melee reach in feet, asked before everyone moves: stepping out of it is a
  // LeftReach event. 0 (and anything under a cell) is the next cell (Grid::reach_feet).
  virtual double reach_feet(const Entity& /*who*/) { return 0; }
  // Sequential phases: the order of turns among all the characters, those an incapacitating status
  // keeps from acting too (where one of those comes, it takes no turn: Flow calls cannot_act).
  virtual std::vector<EntityId> initiative(std::vector<EntityId> everyone) = 0;
  // Sequential: `who`'s response to a declared action (the actor answering responses is asked
  // the same way, with the response as `declared`); nullopt: none.
  virtual std::optional<Intent> respond(const Entity& who, const Intent& declared, int ap_left) = 0;
  // Carries the intent out, proposing its changes. Throws arbiter::Error when the action fails.
  virtual void resolve(const Intent& intent, Changes& changes) = 0;
  // What the others see declared when `action` is (tempo's Feint is declared "as a regular attack").
  virtual std::string declared_as(const std::string& action) const { return action; }
  // For each character kept out of a phase by `status` (an incapacitating one), at the start of a
  // simultaneous phase, in a sequential one where initiative puts it: whatever it was ordered to
  // do is not done, and the ruleset may say so.
  virtual void cannot_act(const Entity& /*who*/, const std::string& /*status*/) {}
  // Sequential: `who`'s turn ends because its action points are spent (`why`: "no action points
  // left, 12 spent answering others") or an incapacitating status came on it during the turn
  // (`why`: "Down"); what it was still ordered to do is not done, and the ruleset may say so.
  // `acted`: it took an action this turn.
  virtual void turn_cut_short(const Entity& /*who*/, const std::string& /*why*/, bool /*acted*/) {}
  // Sequential: who chose `who`'s last action, when its turn is ended at most_turn_actions.
  virtual TurnChooser turn_chooser(const Entity& /*who*/) const { return {"the rules", ""}; }
};

class Flow {
 public:
  Flow(World& world, EventLog& log, Statuses& statuses, FlowRules rules, Ruleset& ruleset);

  const FlowRules& rules() const { return rules_; }
  FlowPosition position() const { return log_.position(); }
  const PhaseRules& phase() const;  // the running phase (an Error between phases)
  // Whether a phase is running: from its start to the end of its phase_end hook.
  bool in_phase() const noexcept { return in_phase_; }
  // The action being resolved now (a reaction inside another, the reaction), or nullptr: what a
  // die rolled by hand is for.
  const Intent* resolving() const noexcept { return resolving_; }

  // Plays the next round through.
  void run_round();

  // Whether the character takes part: not out of the fight by an incapacitating status.
  bool can_act(const Entity& who) const { return incapacitating(who) == nullptr; }
  // The first incapacitating status the character has, or nullptr.
  const std::string* incapacitating(const Entity& who) const;
  // The character's intent in the running phase (until its end hooks have run); nullptr when it
  // has none (out of the fight, or between phases).
  const Intent* intent(EntityId who) const;
  // Its last intent before the running phase (Platemail: "I reach the enemy", Aim).
  const Intent* previous(EntityId who) const;
  void set_ready(EntityId who, bool ready);

  // A reaction window: `reaction` is resolved now, beside the chosen actions (Platemail's Attack of
  // Opportunity, from a movement event). Its changes land with the phase's. False if it failed.
  bool react(Intent reaction);

  int action_points(EntityId who) const;
  void spend(EntityId who, int points);  // negative gives points back (Recover Stamina)

  // What a saved fight must keep besides the world: the intents of the last phase played.
  const std::map<EntityId, Intent>& last_intents() const { return previous_; }
  void restore(FlowPosition position, std::map<EntityId, Intent> last_intents);

 private:
  void run_phase(const PhaseRules& phase);
  void run_simultaneous();
  void run_sequential();
  void run_turn(EntityId who);
  // Asks `who` to respond to `declared`; a response it can pay for is declared and paid.
  std::optional<Intent> respond(EntityId who, const Intent& declared);
  void declare(const Intent& intent, bool sequential);
  void move_everyone();
  // Resolves one intent as a transaction; its changes go to `into`. False if it failed.
  bool resolve(const Intent& intent, Changes& into);
  // Applies an action's changes all or none: when one fails, the world and the log are put back as
  // they were before the first, and the action has failed. False then.
  bool commit(EntityId actor, const std::string& action, Changes& changes);
  void record_failure(EntityId actor, const std::string& action, const Error& error);
  void boundary(Boundary boundary, EntityId whose = no_entity);
  std::vector<EntityId> acting() const;

  World& world_;
  EventLog& log_;
  Statuses& statuses_;
  FlowRules rules_;
  Ruleset& ruleset_;

  std::map<EntityId, Intent> current_;   // this phase's intents
  std::map<EntityId, Intent> previous_;  // each character's last intent before this phase
  std::map<EntityId, int> points_;
  std::map<EntityId, int> spent_responding_;  // this phase's points each character paid for responses
  // Simultaneous: what each of the phase's actions proposed, committed in turn at its end.
  struct Proposed {
    EntityId actor;
    std::string action;
    Changes changes;
  };
  std::vector<Proposed> phase_changes_;
  bool in_phase_ = false;
  const Intent* resolving_ = nullptr;
};

}  // namespace arbiter
