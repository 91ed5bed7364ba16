#include "interpreter/core/flow.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/names.hpp"

namespace arbiter {

namespace {

constexpr std::array phase_kind_names{"simultaneous", "sequential"};
constexpr std::array boundary_names{"round_start", "round_end", "phase_start", "phase_end", "turn_start", "turn_end"};


// "rules/x/init.lua:12: attempt to index a nil value": the failure on one line of the log.
std::string one_line(const Error& error) {
  const Diagnostic& d = error.diagnostics().front();
  if (d.where.file.empty()) return d.message;
  return d.where.file + (d.where.line ? ":" + std::to_string(d.where.line) : "") + ": " + d.message;
}

}  // namespace

// With how it was chosen when that needs saying; words in parentheses are told only when the action
// shown is the action taken (a Feint's are not the Melee Attack's the others see).
std::string intent_summary(const Intent& intent, const std::string& shown, const World& world) {
  std::string text = shown;
  if (shown == intent.action && !intent.arguments.empty())
    text += fmt::format(" ({})", fmt::join(intent.arguments, ", "));
  if (intent.target != no_entity) text += " → " + world.get(intent.target).name;
  else if (!intent.path.empty()) text += " to " + world.grid().label(intent.path.back());
  if (!intent.note.empty()) text += " (" + intent.note + ")";
  return text;
}

std::string_view name(PhaseKind kind) { return phase_kind_names[static_cast<std::size_t>(kind)]; }

PhaseKind parse_phase_kind(std::string_view text) {
  for (std::size_t i = 0; i < phase_kind_names.size(); ++i)
    if (text == phase_kind_names[i]) return static_cast<PhaseKind>(i);
  throw Error(with_nearest(fmt::format("unknown kind of phase '{}'", text), text,
                           {phase_kind_names.begin(), phase_kind_names.end()}));
}

bool counts_down(DurationUnit unit, const std::vector<PhaseRules>& phases) {
  switch (unit) {  // no default: a new unit must be told here
    case DurationUnit::Rounds:
    case DurationUnit::Phases: return !phases.empty();  // run_round, run_phase
    case DurationUnit::Turns:                           // run_turn
      return std::ranges::any_of(phases, [](const PhaseRules& p) { return p.kind == PhaseKind::Sequential; });
    case DurationUnit::UntilRemoved: return false;
  }
  return false;
}

std::string_view name(Boundary boundary) { return boundary_names[static_cast<std::size_t>(boundary)]; }

void Changes::apply() {
  auto changes = std::move(pending_);
  pending_.clear();
  moves_.clear();
  for (auto& change : changes) change();
  held_.release(held_.bytes());  // what the changes made (an event) is held where it is kept now
}

Flow::Flow(World& world, EventLog& log, Statuses& statuses, FlowRules rules, Ruleset& ruleset)
    : world_(world), log_(log), statuses_(statuses), rules_(std::move(rules)), ruleset_(ruleset) {
  if (rules_.phases.empty()) throw Error("the ruleset's flow declares no phases");
}

const PhaseRules& Flow::phase() const {
  const int number = position().phase;
  if (!in_phase_ || number < 1 || number > static_cast<int>(rules_.phases.size()))
    throw Error("no phase is running");
  return rules_.phases[static_cast<std::size_t>(number - 1)];
}

const std::string* Flow::incapacitating(const Entity& who) const {
  const auto it = std::find_if(rules_.incapacitated.begin(), rules_.incapacitated.end(),
                               [&](const std::string& status) { return who.status(status) != nullptr; });
  return it == rules_.incapacitated.end() ? nullptr : &*it;
}

std::vector<EntityId> Flow::acting() const {
  std::vector<EntityId> ids;
  for (const Entity& e : world_.entities())
    if (can_act(e)) ids.push_back(e.id);
  return ids;
}

const Intent* Flow::intent(EntityId who) const {
  const auto it = current_.find(who);
  return it == current_.end() ? nullptr : &it->second;
}

const Intent* Flow::previous(EntityId who) const {
  const auto it = previous_.find(who);
  return it == previous_.end() ? nullptr : &it->second;
}

void Flow::set_ready(EntityId who, bool ready) {
  const auto it = current_.find(who);
  if (it == current_.end()) throw Error(world_.get(who).name + " has no action in this phase");
  it->second.ready = ready;
}

int Flow::action_points(EntityId who) const {
  const auto it = points_.find(who);
  return it == points_.end() ? 0 : it->second;
}

void Flow::spend(EntityId who, int points) { points_[who] -= points; }

void Flow::restore(FlowPosition position, std::map<EntityId, Intent> last_intents) {
  log_.set_position(position);
  previous_ = std::move(last_intents);
  current_.clear();
}

void Flow::boundary(Boundary edge, EntityId whose) {
  const DurationUnit unit = edge == Boundary::RoundStart || edge == Boundary::RoundEnd ? DurationUnit::Rounds
                                                                                       : DurationUnit::Turns;
  // What runs out at a start is gone before the ruleset's hook; what runs out at an end, after it.
  if (edge == Boundary::RoundStart || edge == Boundary::TurnStart) {
    statuses_.tick({ClockEdge::Start, unit, whose});
    ruleset_.boundary(edge, whose);
  } else {
    ruleset_.boundary(edge, whose);
    statuses_.tick({ClockEdge::End, unit, whose});
  }
}

void Flow::declare(const Intent& intent, bool sequential) {
  // Named one by one: a braced list would build every value twice (one event per declaration).
  nlohmann::json fields = nlohmann::json::object();
  fields.emplace("character", world_.get(intent.actor).name);
  fields.emplace("action", intent.action);
  // Told aloud: what the others see. The truth is `action`, for the GM.
  fields.emplace("summary", intent_summary(intent, ruleset_.declared_as(intent.action), world_));
  if (intent.target != no_entity) fields.emplace("target", world_.get(intent.target).name);
  if (sequential) {
    fields.emplace("cost", intent.cost);
    fields.emplace("points_before", action_points(intent.actor) + intent.cost);  // declared once paid
    fields.emplace("points", action_points(intent.actor));
  }
  if (intent.reaction) fields.emplace("reaction", true);
  if (!intent.refused.empty()) {
    fields.emplace("refused", intent.refused);
    fields.emplace("reason", intent.refusal);
  }
  log_.record(event_type::declared, std::move(fields), intent.order);
}

void Flow::run_round() {
  FlowPosition at = position();
  at = {at.round + 1, 0, 0};
  log_.set_position(at);
  log_.record(event_type::round_started, {{"round", at.round}}, "");
  boundary(Boundary::RoundStart);
  for (std::size_t i = 0; i < rules_.phases.size(); ++i) {
    log_.set_position({at.round, static_cast<int>(i + 1), 0});
    run_phase(rules_.phases[i]);
  }
  log_.set_position({at.round, 0, 0});
  boundary(Boundary::RoundEnd);
}

void Flow::run_phase(const PhaseRules& phase) {
  in_phase_ = true;
  struct Leave {
    bool& in_phase;
    ~Leave() { in_phase = false; }
  } leave{in_phase_};
  log_.record(event_type::phase_started, {{"name", phase.name}}, "");
  points_.clear();
  spent_responding_.clear();
  for (const EntityId id : acting()) points_[id] = phase.action_points;
  statuses_.tick({ClockEdge::Start, DurationUnit::Phases, no_entity});
  ruleset_.boundary(Boundary::PhaseStart, no_entity);
  if (phase.kind == PhaseKind::Simultaneous) {
    for (const Entity& e : world_.entities())
      if (const std::string* status = incapacitating(e)) ruleset_.cannot_act(e, *status);
    run_simultaneous();
  } else {
    run_sequential();
  }
  // Statuses count this phase before its changes land: one applied now lasts from the next phase.
  // What ran out ends after them: it held for the phase's actions, and is told after them.
  statuses_.count_down({ClockEdge::End, DurationUnit::Phases, no_entity});
  for (Proposed& proposed : std::exchange(phase_changes_, {}))
    commit(proposed.actor, proposed.action, proposed.changes);
  statuses_.expire();
  ruleset_.boundary(Boundary::PhaseEnd, no_entity);  // it still sees the phase's intents
  for (auto& [id, intent] : current_) previous_[id] = std::move(intent);
  current_.clear();
}

void Flow::run_simultaneous() {
  // Every intent is fixed before anyone moves: what happens in the phase cannot change them.
  for (const EntityId id : acting()) {
    const Entity& who = world_.get(id);
    std::optional<Intent> chosen = ruleset_.choose(who, action_points(id));
    if (!chosen) continue;
    chosen->actor = id;
    chosen->start = who.position;
    declare(*chosen, false);
    current_[id] = std::move(*chosen);
  }
  move_everyone();
  for (auto& [id, intent] : current_) {
    Changes changes;
    if (resolve(intent, changes)) phase_changes_.push_back({id, intent.action, std::move(changes)});
  }
}

void Flow::move_everyone() {
  const std::vector<Entity>& everyone = world_.entities();
  const auto index_of = [&](EntityId id) {
    return static_cast<std::size_t>(
        std::find_if(everyone.begin(), everyone.end(), [id](const Entity& e) { return e.id == id; }) -
        everyone.begin());
  };
  std::vector<Mover> movers;
  bool anyone_moves = false;
  for (const Entity& e : everyone) {
    const auto it = current_.find(e.id);
    Mover mover{e.id, e.name, e.side, e.position, {}, false, 0};
    if (it != current_.end()) {
      const Intent& intent = it->second;
      mover.path = intent.path;
      mover.ready = intent.ready;
      if (intent.carries_target && intent.target != no_entity && intent.target != e.id)
        mover.carries = index_of(intent.target);
      if (intent.follow_feet > 0 && intent.target != no_entity && intent.target != e.id) {
        mover.follows = index_of(intent.target);
        mover.follow_feet = intent.follow_feet;
        mover.path.clear();  // it goes where the one it follows goes
      }
      // One that stays in place still picks up the target beside it, or follows it.
      anyone_moves = anyone_moves || !mover.path.empty() || mover.carries != nobody || mover.follows != nobody;
    }
    movers.push_back(std::move(mover));
  }
  if (!anyone_moves) return;
  for (Mover& mover : movers) mover.reach_feet = ruleset_.reach_feet(world_.get(mover.id));
  // A carrier's intent says whether it carries its target by now, for the rules that read it while
  // everyone moves (an Attack of Opportunity on a rescuer): once everyone has moved, below, too.
  const auto decide = [&](const MoveEvent& event) {
    for (const auto& [who, carrying] : {std::pair{event.mover, event.mover_carrying}, std::pair{event.other, event.other_carrying}})
      if (who != nobody && movers[who].carries != nobody) current_.at(movers[who].id).carrying = carrying;
    return ruleset_.movement(event);
  };
  const MovementResult result = resolve_movement(world_.grid(), movers, world_.traffic(), rules_.movement, decide);
  for (std::size_t i = 0; i < movers.size(); ++i) {
    const auto it = current_.find(movers[i].id);
    Intent* intent = it == current_.end() ? nullptr : &it->second;
    if (intent) {
      Cell at = movers[i].start;
      for (const Cell next : result.walked[i]) {
        intent->moved_feet += world_.grid().distance_feet(at, next);
        at = next;
      }
      intent->halted = result.walked[i].size() < movers[i].path.size();
    }
    if (intent && movers[i].carries != nobody) intent->carrying = result.carried_by[movers[i].carries] == i;
    Entity& who = world_.get(movers[i].id);
    const Cell to = result.positions[i];
    if (to == who.position) continue;
    nlohmann::json fields{{"character", who.name},
                          {"from", world_.grid().label(who.position)},
                          {"to", world_.grid().label(to)},
                          {"feet", intent ? intent->moved_feet : 0.0},
                          {"halted", intent && intent->halted}};
    std::string cause = intent ? intent->action : "";
    // Moved by being carried: its carrier's action moved it.
    if (const std::size_t carrier = result.carried_by[i]; carrier != nobody) {
      fields["carried_by"] = movers[carrier].name;
      cause = current_.at(movers[carrier].id).action;
    }
    log_.record(event_type::moved, std::move(fields), cause);
    world_.move(who.id, to);
  }
}

bool Flow::resolve(const Intent& intent, Changes& into) {
  struct Resolving {
    const Intent*& now;
    const Intent* before;
    ~Resolving() { now = before; }
  } resolving{resolving_, std::exchange(resolving_, &intent)};
  try {
    ruleset_.resolve(intent, into);
    return true;
  } catch (const Error& e) {
    into = Changes{};
    record_failure(intent.actor, intent.action, e);
    return false;
  }
}

bool Flow::commit(EntityId actor, const std::string& action, Changes& changes) {
  if (changes.empty()) return true;
  // Kept, not undone change by change: a change is any function, and undoing needs none of them.
  const World::Saved before = world_.save(changes.changes_grid());
  const std::size_t logged = log_.events().size();
  const std::size_t waiting = statuses_.waiting();
  const auto undo = [&] {
    world_.restore(before);
    log_.truncate(logged);
    statuses_.forget_waiting(waiting);
  };
  try {
    changes.apply();
  } catch (const Error& e) {
    undo();
    record_failure(actor, action, e);
    return false;
  } catch (...) {
    undo();
    throw;
  }
  return true;
}

void Flow::record_failure(EntityId actor, const std::string& action, const Error& error) {
  log_.record(event_type::action_failed,
              {{"character", world_.get(actor).name}, {"action", action}, {"error", one_line(error)}}, "");
}

bool Flow::react(Intent reaction) {
  const EntityId who = reaction.actor;
  reaction.reaction = true;
  reaction.start = world_.get(who).position;
  // In a sequential phase every declaration tells its cost and the points before and after, which
  // a ruleset's narration names (tempo's "(4 AP: 12 → 8)"): a reaction by flow.react is an extra
  // action, which costs nothing.
  declare(reaction, in_phase_ && phase().kind == PhaseKind::Sequential);
  Changes changes;
  if (!resolve(reaction, changes)) return false;
  // Simultaneous phases apply every change at their end; elsewhere a reaction lands at once.
  if (in_phase_ && phase().kind == PhaseKind::Simultaneous) {
    phase_changes_.push_back({who, reaction.action, std::move(changes)});
    return true;
  }
  return commit(who, reaction.action, changes);
}

std::optional<Intent> Flow::respond(EntityId who, const Intent& declared) {
  std::optional<Intent> response = ruleset_.respond(world_.get(who), declared, action_points(who));
  if (!response) return std::nullopt;
  // As a turn's action: a phase without a budget counts no points, and one with a budget refuses,
  // and tells, what the points left cannot pay.
  if (phase().action_points > 0 && response->cost > action_points(who)) {
    log_.record(event_type::action_refused,
                {{"character", world_.get(who).name}, {"action", response->action}, {"cost", response->cost},
                 {"points", action_points(who)}},
                "not enough action points");
    return std::nullopt;
  }
  response->actor = who;
  response->reaction = true;
  response->start = world_.get(who).position;
  spend(who, response->cost);
  spent_responding_[who] += response->cost;
  declare(*response, true);
  return response;
}

void Flow::run_sequential() {
  FlowPosition at = position();
  // Those kept from acting are given too: only the ruleset knows whether this phase would give one
  // a turn, and only there is its order not carried out (a phase of another side's is no place).
  std::vector<EntityId> everyone;
  for (const Entity& e : world_.entities()) everyone.push_back(e.id);
  for (const EntityId id : ruleset_.initiative(std::move(everyone))) {
    // Out of the fight before the phase or earlier in it: no turn, between the turns.
    if (const std::string* status = incapacitating(world_.get(id))) {
      log_.set_position({at.round, at.phase, 0});
      ruleset_.cannot_act(world_.get(id), *status);
      continue;
    }
    at.turn += 1;
    log_.set_position(at);
    run_turn(id);
  }
}

void Flow::run_turn(EntityId who) {
  boundary(Boundary::TurnStart, who);
  reset_traffic_started_by(world_.traffic(), who);
  bool acted = false;
  bool capped = false;
  for (int n = 0; can_act(world_.get(who)); ++n) {
    // "Until you have finished or have no more action points available": with a budget, a turn
    // whose points are spent ends, and what it leaves undone is said (its points may have gone on
    // answering others before it came).
    if (phase().action_points > 0 && action_points(who) <= 0) {
      const int responding = spent_responding_[who];
      ruleset_.turn_cut_short(world_.get(who),
                              responding > 0
                                  ? fmt::format("no action points left, {} spent answering others", responding)
                                  : "no action points left",
                              acted);
      break;
    }
    // Rules that never end a turn (a `choose` that always gives a 0-AP action) must not hang the
    // fight: the turn is ended, and that is told, with who kept choosing.
    if (n == most_turn_actions) {
      capped = true;
      break;
    }
    std::optional<Intent> chosen = ruleset_.choose(world_.get(who), action_points(who));
    if (!chosen) break;
    Intent& intent = current_[who] = std::move(*chosen);
    intent.actor = who;
    intent.start = world_.get(who).position;
    if (phase().action_points > 0 && intent.cost > action_points(who)) {
      log_.record(event_type::action_refused,
                  {{"character", world_.get(who).name}, {"action", intent.action}, {"cost", intent.cost},
                   {"points", action_points(who)}},
                  "not enough action points");
      break;
    }
    spend(who, intent.cost);
    declare(intent, true);
    acted = true;
    // The window: every other character may respond, then the actor may answer each response,
    // seeing them all among its action's responses ("IF my attack was parried"). The tempo rules
    // order it so: "Opponents may declare a reactive action", then "You declare if you are
    // replacing your action with a counter tempo-action".
    for (const EntityId other : acting()) {
      if (other == who) continue;
      if (std::optional<Intent> response = respond(other, intent)) intent.responses.push_back(std::move(*response));
    }
    const std::size_t responses = intent.responses.size();
    for (std::size_t i = 0; i < responses; ++i) {
      const Intent response = intent.responses[i];  // a copy: the answer is appended to the same list
      if (std::optional<Intent> answer = respond(who, response)) intent.responses.push_back(std::move(*answer));
    }
    Changes changes;
    if (resolve(intent, changes)) commit(who, intent.action, changes);
    previous_[who] = intent;
  }
  if (capped) {
    const Entity& mover = world_.get(who);
    const TurnChooser chooser = ruleset_.turn_chooser(mover);
    nlohmann::json fields{{"character", mover.name}, {"actions", most_turn_actions}, {"by", chooser.who}};
    if (!chooser.pack.empty()) fields["pack"] = chooser.pack;
    log_.record(event_type::turn_cut_off, std::move(fields), "");
    ruleset_.turn_cut_short(mover, fmt::format("its turn was ended after {} actions", most_turn_actions), true);
  }
  // Felled by what answered its own action: the rest of its turn is not done, and is said so.
  if (const std::string* status = incapacitating(world_.get(who))) ruleset_.turn_cut_short(world_.get(who), *status, acted);
  boundary(Boundary::TurnEnd, who);
}

}  // namespace arbiter
