#include "interpreter/core/statuses.hpp"

#include <algorithm>
#include <utility>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/names.hpp"

namespace arbiter {

namespace {

// What applying a status again did, told truly: a status "grows" only when a stack was added (not
// at its most stacks), "lasts longer" only when its duration grew, and one without a duration
// (Hidden, On Guard) is renewed with nothing to tell.
const char* renewal_event(const ActiveStatus& status, int stacks_before, int remaining_before) {
  if (status.stacks > stacks_before) return event_type::status_stacked;
  if (!status.timed) return event_type::status_renewed;
  if (status.remaining == remaining_before) return event_type::status_kept;
  return status.remaining > remaining_before ? event_type::status_refreshed : event_type::status_shortened;
}

}  // namespace

void Statuses::record(const char* type, const Entity& target, const ActiveStatus& status, const std::string& cause) {
  const StatusDefinition& definition = book_.get(status.name);
  const std::string source = status.source == no_entity ? "" : world_.get(status.source).name;
  nlohmann::json fields = nlohmann::json::object();
  fields["target"] = target.name;
  fields["status"] = status.name;
  fields["source"] = source;
  fields["stacks"] = status.stacks;
  fields["duration"] = status.timed ? nlohmann::json(status.remaining) : nlohmann::json(nullptr);
  fields["unit"] = name(definition.unit);
  log_.record(type, std::move(fields), cause);
}

void Statuses::check_apply(EntityId target, std::string_view status, const Application& how) const {
  const StatusDefinition& definition = book_.get(status);
  const Entity& entity = world_.get(target);
  if (how.source != no_entity) world_.get(how.source);  // an unknown source is an error too
  const std::string what = "status '" + definition.name + "' on " + entity.name;
  // A duration given to a status that lasts until removed would never run out, silently.
  if (how.duration && definition.unit == DurationUnit::UntilRemoved)
    throw Error(what + ": " + duration_without_unit(*how.duration));
  const int duration = how.duration.value_or(definition.duration);
  if (duration < 0 || duration > longest_duration)
    throw Error(what + ": 'duration' must be a whole number from 0 to " +
                std::to_string(longest_duration) + ", not " + std::to_string(duration));
}

void Statuses::check_remove(EntityId target, std::string_view status) const {
  book_.get(status);
  world_.get(target);
}

void Statuses::apply(EntityId target, std::string_view status, const Application& how) {
  check_apply(target, status, how);
  const StatusDefinition& definition = book_.get(status);
  Entity& entity = world_.get(target);
  if (waits_for_expiry(entity, definition.name)) {
    after_expiry_.push_back({target, definition.name, how});
    return;
  }
  const int duration = how.duration.value_or(definition.duration);
  const ActiveStatus fresh{definition.name, how.source, definition.unit != DurationUnit::UntilRemoved, duration, 1};

  const auto existing = std::find_if(entity.statuses.begin(), entity.statuses.end(),
                                     [&](const ActiveStatus& s) { return s.name == definition.name; });
  if (existing == entity.statuses.end() || definition.stacking == Stacking::Independent) {
    entity.statuses.push_back(fresh);
    record(event_type::status_applied, entity, entity.statuses.back(), how.cause);
    return;
  }
  if (definition.stacking == Stacking::Ignore) {
    record(event_type::status_ignored, entity, *existing, how.cause);
    return;
  }
  const int stacks_before = existing->stacks;
  if (definition.stacking == Stacking::Stack) existing->stacks = std::min(existing->stacks + 1, definition.max_stacks);
  const int before = existing->remaining;
  if (definition.stacking != Stacking::Longer || duration > before) {
    existing->remaining = duration;
    existing->source = how.source;
  }
  record(renewal_event(*existing, stacks_before, before), entity, *existing, how.cause);
}

bool Statuses::remove(EntityId target, std::string_view status, const std::string& cause) {
  check_remove(target, status);
  Entity& entity = world_.get(target);
  if (waits_for_expiry(entity, status)) {
    after_expiry_.push_back({target, std::string(status), std::nullopt, cause});
    // What it will remove: an instance not running out, or one applied before it, waiting too.
    return std::any_of(entity.statuses.begin(), entity.statuses.end(),
                       [&](const ActiveStatus& s) { return s.name == status && !s.running_out; }) ||
           std::any_of(after_expiry_.begin(), after_expiry_.end() - 1, [&](const Waiting& w) {
             return w.target == target && w.status == status && w.how;
           });
  }
  bool removed = false;
  for (auto it = entity.statuses.begin(); it != entity.statuses.end();) {
    if (it->name != status) {
      ++it;
      continue;
    }
    record(event_type::status_removed, entity, *it, cause);
    it = entity.statuses.erase(it);
    removed = true;
  }
  return removed;
}

void Statuses::tick(const Tick& tick) {
  count_down(tick);
  expire();
}

void Statuses::count_down(const Tick& tick) {
  for (const Entity& listed : world_.entities()) {
    for (ActiveStatus& status : world_.get(listed.id).statuses) {
      const StatusDefinition& definition = book_.get(status.name);
      const EntityId clock_owner = definition.clock == ClockOwner::Owner ? listed.id : status.source;
      const bool counts = status.timed && !status.running_out && definition.unit == tick.unit &&
                          definition.expires_at == tick.edge && (tick.whose == no_entity || tick.whose == clock_owner);
      // A duration of N lasts through N ticks of its clock; 0 ends at the first one.
      if (!counts) continue;
      status.remaining = std::max(0, status.remaining - 1);
      status.running_out = status.remaining == 0;
    }
  }
}

void Statuses::expire() {
  // Characters in id order, statuses in the order they came: the log is the same every run.
  for (const Entity& listed : world_.entities()) end_running_out(world_.get(listed.id));
  for (Waiting& change : std::exchange(after_expiry_, {})) {
    if (change.how) apply(change.target, change.status, *change.how);
    else remove(change.target, change.status, change.cause);
  }
}

bool Statuses::waits_for_expiry(const Entity& entity, std::string_view status) const {
  return std::any_of(entity.statuses.begin(), entity.statuses.end(),
                     [&](const ActiveStatus& s) { return s.running_out && s.name == status; }) ||
         std::any_of(after_expiry_.begin(), after_expiry_.end(),
                     [&](const Waiting& w) { return w.target == entity.id && w.status == status; });
}

void Statuses::end_running_out(Entity& entity) {
  for (auto it = entity.statuses.begin(); it != entity.statuses.end();) {
    if (it->running_out) {
      record(event_type::status_expired, entity, *it, "its duration ran out");
      it = entity.statuses.erase(it);
    } else {
      ++it;
    }
  }
}

bool has_status(const Entity& who, std::string_view status, const StatusBook& book) {
  if (who.status(status)) return true;
  book.get(status);
  return false;
}

ActionVerdict Statuses::allows(EntityId who, std::string_view action) const {
  const Entity& entity = world_.get(who);
  for (const ActiveStatus& status : entity.statuses) {
    const StatusDefinition& definition = book_.get(status.name);
    const auto listed = [&](const std::vector<std::string>& actions) {
      return std::find(actions.begin(), actions.end(), action) != actions.end();
    };
    if (listed(definition.forbids) || (!definition.allows.empty() && !listed(definition.allows)))
      return {false, status.name + " does not allow " + std::string(action)};
  }
  return {};
}

std::vector<RollModifier> Statuses::modifiers(EntityId who, std::string_view roll, std::size_t asked_by,
                                              const std::function<std::string()>& asked_at) const {
  book_.check_roll(roll, asked_by, asked_at);
  std::vector<RollModifier> out;
  for (const ActiveStatus& status : world_.get(who).statuses)
    for (const RollModifier& m : book_.get(status.name).modifiers)
      if (m.roll == roll) out.push_back({m.roll, m.amount * status.stacks, m.reason});
  return out;
}

}  // namespace arbiter
