#include "interpreter/core/status_definition.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/names.hpp"

namespace arbiter {

namespace {

template <class Enum, std::size_t N>
Enum parse_named(std::string_view text, const std::array<std::string_view, N>& names, const char* what) {
  for (std::size_t i = 0; i < N; ++i)
    if (same_name(text, names[i])) return static_cast<Enum>(i);
  std::string message = "unknown " + std::string(what) + " '" + std::string(text) + "' (";
  for (std::size_t i = 0; i < N; ++i) message += (i ? ", " : "") + std::string(names[i]);
  message += ")";
  if (const std::string hint = did_you_mean(text, {names.begin(), names.end()}); !hint.empty()) message += "; " + hint;
  throw Error(message);
}

}  // namespace

std::string_view name(Stacking stacking) { return stacking_names[static_cast<std::size_t>(stacking)]; }
Stacking parse_stacking(std::string_view text) { return parse_named<Stacking>(text, stacking_names, "stacking rule"); }
std::string_view name(DurationUnit unit) { return duration_unit_names[static_cast<std::size_t>(unit)]; }
DurationUnit parse_duration_unit(std::string_view text) {
  return parse_named<DurationUnit>(text, duration_unit_names, "duration unit");
}
std::string_view name(ClockEdge edge) { return clock_edge_names[static_cast<std::size_t>(edge)]; }
ClockEdge parse_clock_edge(std::string_view text) { return parse_named<ClockEdge>(text, clock_edge_names, "expiry point"); }
std::string_view name(ClockOwner owner) { return clock_owner_names[static_cast<std::size_t>(owner)]; }
ClockOwner parse_clock_owner(std::string_view text) { return parse_named<ClockOwner>(text, clock_owner_names, "clock owner"); }

void check_status(const StatusDefinition& definition) {
  if (definition.name.empty()) throw Error("a status needs a name");
  if (definition.duration < 0 || definition.duration > longest_duration)
    throw Error("status '" + definition.name + "': 'duration' must be a whole number from 0 to " +
                std::to_string(longest_duration) + ", not " + std::to_string(definition.duration));
  if (definition.max_stacks < 1 || definition.max_stacks > most_stacks)
    throw Error("status '" + definition.name + "': 'max_stacks' must be a whole number from 1 to " +
                std::to_string(most_stacks) + ", not " + std::to_string(definition.max_stacks));
}

std::string duration_without_unit(int duration) {
  return "'duration' = " + std::to_string(duration) +
         " counts nothing without a unit: give unit = \"rounds\", \"phases\" or \"turns\" "
         "(the default, \"until removed\", lasts until status.remove), or leave 'duration' out";
}

StatusBook::StatusBook(const StatusBook& other)
    : definitions_(other.definitions_), rolls_checked_(other.rolls_checked_), undecided_(other.undecided_) {
  index();
}

StatusBook& StatusBook::operator=(const StatusBook& other) {
  if (this == &other) return *this;
  definitions_ = other.definitions_;
  rolls_checked_ = other.rolls_checked_;
  undecided_ = other.undecided_;
  index();
  return *this;
}

void StatusBook::index() {
  by_name_.clear();
  for (const auto& [name, definition] : definitions_) by_name_.emplace(name, &definition);
}

void StatusBook::define(StatusDefinition definition) {
  check_status(definition);
  std::string key = definition.name;
  // A redefinition (a house rule's) replaces the value in the map's own node: its key stays put.
  const auto [it, inserted] = definitions_.insert_or_assign(std::move(key), std::move(definition));
  by_name_[it->first] = &it->second;
  rolls_checked_.clear();
  undecided_.clear();
}

// A roll no status modifies may be one the rules ask for so that a house rule's status can modify
// it (Platemail's "stealth"), so only a near miss of a roll some status modifies is refused: a
// misspelt "atack" would otherwise find no modifier, silently. The roll asked for is one the rules
// make; the one modified near it, unless the rules asked for it too, is the status's slip, told as
// the status's at its line (a house rule's, not the rules' roll that found it). The rules are the
// packs loaded no later than the one asking: a house rule that asked first for its own status's
// misspelt "atack" makes it no roll of Platemail's, whose "attack" is still asked for rightly.
// But the pack that wrote the status's roll, or a later one, asking for a near miss of it may be
// the one that slipped (a house rule's status rightly modifying "attack", and its own hook asking
// for "atack" before Platemail asks for "attack"): kept undecided until the rules ask for one of
// the two, or the round ends (settle_rolls). Not so when no pack asks (0: the host, or the
// stdlib, loaded before every pack), since none loaded before it could answer.
// Asked on every roll of a fight, so each name is judged once while the definitions stay as they are.
void StatusBook::check_roll(std::string_view roll, std::size_t asked_by,
                            const std::function<std::string()>& asked_at) const {
  // The rules asking for a status's roll make it theirs: a near miss a later pack asked for is that pack's slip.
  const auto settle_with = [&](std::vector<std::string> modified) {
    for (const auto& [asked, miss] : undecided_)
      if (miss.modified == roll && asked_by < miss.asked_by) {
        const std::string message = unknown_name(asked, modified, "roll");
        throw miss.asked_at.empty() ? Error(message) : Error(parse_positioned(miss.asked_at + ": " + message));
      }
  };
  const auto all_modified = [&] {
    std::vector<std::string> modified;
    for (const auto& [name, definition] : definitions_)
      for (const RollModifier& m : definition.modifiers) modified.push_back(m.roll);
    return modified;
  };
  if (const auto checked = rolls_checked_.find(roll); checked != rolls_checked_.end()) {
    checked->second = std::min(checked->second, asked_by);
    if (!undecided_.empty()) settle_with(all_modified());
    return;
  }
  const std::vector<std::string> modified = all_modified();
  const bool modifies = std::find(modified.begin(), modified.end(), roll) != modified.end();
  if (!modifies) {
    const std::vector<std::string> near = nearest_names(roll, modified);
    if (!near.empty()) {
      const auto asked = rolls_checked_.find(near.front());
      if (asked != rolls_checked_.end() && asked->second <= asked_by) throw Error(unknown_name(roll, modified, "roll"));
      if (asked_by > 0 && written_by_no_later_than(near.front(), asked_by)) {
        undecided_.try_emplace(std::string(roll), NearMiss{near.front(), asked_by, asked_at ? asked_at() : ""});
        return;
      }
      throw misspelt_modifier(near.front(), roll);
    }
  }
  if (!undecided_.empty()) settle_with(modified);
  rolls_checked_.emplace(roll, asked_by);
}

bool StatusBook::written_by_no_later_than(const std::string& modified, std::size_t asked_by) const {
  for (const auto& [name, definition] : definitions_)
    for (const RollModifier& m : definition.modifiers)
      if (m.roll == modified && definition.modifiers_pack_order <= asked_by) return true;
  return false;
}

void StatusBook::settle_rolls() const {
  if (undecided_.empty()) return;
  const auto first = undecided_.begin();
  const Error told = misspelt_modifier(first->second.modified, first->first);
  undecided_.clear();
  throw told;
}

Error StatusBook::misspelt_modifier(const std::string& misspelt, std::string_view asked) const {
  for (const auto& [name, definition] : definitions_)
    for (std::size_t i = 0; i < definition.modifiers.size(); ++i) {
      if (definition.modifiers[i].roll != misspelt) continue;
      const std::string message = fmt::format("status '{}': modifier {}'s roll '{}' is no roll the rules make (did "
                                              "you mean '{}'?)",
                                              name, i + 1, misspelt, asked);
      const std::string& where = definition.modifiers_written_at;
      return where.empty() ? Error(message) : Error(parse_positioned(where + ": " + message));
    }
  return Error(unknown_name(asked, {misspelt}, "roll"));  // no status modifies it: not asked
}

const StatusDefinition* StatusBook::find(std::string_view status) const {
  const auto it = by_name_.find(status);
  return it == by_name_.end() ? nullptr : it->second;
}

const StatusDefinition& StatusBook::get(std::string_view status) const {
  if (const StatusDefinition* d = find(status)) return *d;
  std::vector<std::string> names;
  for (const auto& [n, _] : definitions_) names.push_back(n);
  throw Error(unknown_name(status, names, "status"));
}

}  // namespace arbiter
