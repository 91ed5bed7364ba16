#pragma once
// The statuses runtime: applies, stacks, counts down and removes statuses on the world's
// characters by their definitions, and records every change in the event log. It also answers
// what a status means for play: may this character take this action, and what changes this roll.
#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/core/event_log.hpp"
#include "interpreter/core/status_definition.hpp"
#include "interpreter/core/world.hpp"

namespace arbiter {

struct Application {
  EntityId source = no_entity;
  std::optional<int> duration{};  // overrides the definition's (Platemail: "Dazed for next 1d4 Actions")
  std::string cause;
};

// A moment of the flow's clock: the start or end of a round, a phase, or someone's turn.
// `whose` is the character whose turn or phase it is, or no_entity for the whole table.
struct Tick {
  ClockEdge edge = ClockEdge::End;
  DurationUnit unit = DurationUnit::Turns;
  EntityId whose = no_entity;
};

struct ActionVerdict {
  bool allowed = true;
  std::string because;  // "Pinned does not allow Charge"
};

// Whether `who` has the status now. A status the book does not define is an arbiter::Error with the
// nearest names: a misspelt one ("Hiddne") would otherwise always answer no.
bool has_status(const Entity& who, std::string_view status, const StatusBook& book);

class Statuses {
 public:
  Statuses(World& world, const StatusBook& book, EventLog& log) : world_(world), book_(book), log_(log) {}

  // A negative duration is an arbiter::Error, as is an unknown status or character.
  void apply(EntityId target, std::string_view status, const Application& how = {});
  // Removes every instance; false (and nothing logged) when the character did not have it. An
  // unknown status or character is an arbiter::Error.
  bool remove(EntityId target, std::string_view status, const std::string& cause);
  // Throw what apply() and remove() would, changing nothing: an action's changes are proposed now
  // and applied when it ends, so a mistake is told at the line that proposed it (flow.hpp).
  void check_apply(EntityId target, std::string_view status, const Application& how = {}) const;
  void check_remove(EntityId target, std::string_view status) const;
  // Counts down every status running on this clock and removes those that run out.
  void tick(const Tick& tick);
  // tick's two halves, for a phase whose changes land between them (flow.cpp): count_down marks
  // what runs out, which still counts for the phase's rolls; expire removes it, told after the
  // phase's events. A change landing between them that applies or removes a marked status waits
  // for its expiry: expire makes it then, so the log tells the end before the new start.
  void count_down(const Tick& tick);
  void expire();
  // The changes waiting for expire, and forgetting those after the first `count`: what an action
  // that failed as it committed proposed (flow.cpp), as its events are.
  std::size_t waiting() const { return after_expiry_.size(); }
  void forget_waiting(std::size_t count) { after_expiry_.resize(std::min(count, after_expiry_.size())); }

  // Forbidden if any status forbids it, or if a status with an allow-list does not list it.
  ActionVerdict allows(EntityId who, std::string_view action) const;
  // Every modifier for this roll, times its status's stacks, in the order the statuses came. A roll
  // no status modifies but near one that some status does ("atack") is an arbiter::Error naming it
  // (StatusBook::check_roll; `asked_by`: the asking pack's place in the load order; `asked_at`: its line).
  std::vector<RollModifier> modifiers(EntityId who, std::string_view roll, std::size_t asked_by = 0,
                                      const std::function<std::string()>& asked_at = {}) const;

 private:
  void record(const char* type, const Entity& target, const ActiveStatus& status, const std::string& cause);
  // Removes the entity's statuses marked by count_down, logging each as expired.
  void end_running_out(Entity& entity);
  // Whether a change to `status` on `entity` must wait for expire: it is marked as running out, or
  // a change to it waits already (they are made in the order they came).
  bool waits_for_expiry(const Entity& entity, std::string_view status) const;

  // A change waiting for expire: an apply (`how`) or a remove (`cause`).
  struct Waiting {
    EntityId target = no_entity;
    std::string status;
    std::optional<Application> how;
    std::string cause;
  };

  World& world_;
  const StatusBook& book_;
  EventLog& log_;
  std::vector<Waiting> after_expiry_;
};

}  // namespace arbiter
