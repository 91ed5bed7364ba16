#pragma once
// The fight's record: every change and every roll as a typed event, stamped with where in the
// flow it happened (round / phase / turn) and its cause ("Aldric attacks Orc #2"). Written out as
// JSON Lines (one event per line); narration.hpp turns events into sentences.
#include <algorithm>
#include <cstdint>
#include <iosfwd>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "interpreter/core/held_memory.hpp"

namespace arbiter {

class JsonReader;

// Where the flow is. The flow engine moves it; until then callers set it. Saved with the state.
struct FlowPosition {
  int round = 0;
  int phase = 0;
  int turn = 0;
  friend bool operator==(FlowPosition, FlowPosition) = default;
};

// The event types the runtime itself records; packs add their own ("attack", "wound"). The fields
// each carries are listed once, by runtime_event_fields (event_log.cpp).
namespace event_type {
inline constexpr const char* status_applied = "status_applied";
inline constexpr const char* status_stacked = "status_stacked";
inline constexpr const char* status_refreshed = "status_refreshed";// applied again: it grew
inline constexpr const char* status_shortened = "status_shortened";// "refresh" restarted shorter
inline constexpr const char* status_kept = "status_kept";          // applied again: its duration is as it was
inline constexpr const char* status_renewed = "status_renewed";    // one without a duration, applied again
inline constexpr const char* status_ignored = "status_ignored";    // already on, does not stack
inline constexpr const char* status_removed = "status_removed";
inline constexpr const char* status_expired = "status_expired";
inline constexpr const char* moved = "moved";
inline constexpr const char* stat_changed = "stat_changed";        // `from` null: it had none
inline constexpr const char* door_changed = "door_changed";        // `between` two cells
inline constexpr const char* roll = "roll";                        // the dice layer's
// The flow's (flow.hpp):
inline constexpr const char* round_started = "round_started";
inline constexpr const char* phase_started = "phase_started";
inline constexpr const char* declared = "declared";
inline constexpr const char* action_failed = "action_failed";
inline constexpr const char* action_refused = "action_refused";    // too few action points
inline constexpr const char* order_refused = "order_refused";      // the ruleset's reason
inline constexpr const char* order_not_carried_out = "order_not_carried_out";
inline constexpr const char* turn_without_action = "turn_without_action";        // no sheet orders it
inline constexpr const char* turn_cut_off = "turn_cut_off";        // flow.hpp: most_turn_actions
// Told by the runtime when the rules have no hook `movement`: a step into a cell another keeps,
// stopped; two whose paths meet (trading cells, crossing at a corner, stepping into one cell), which
// nothing of the rules stops.
inline constexpr const char* blocked = "blocked";
inline constexpr const char* paths_crossed = "paths_crossed";
}  // namespace event_type

// Every field the runtime's own events of `type` carry, those some of them lack too (declared's
// `cost`, only in a phase with action points), sorted; null for a type the runtime does not log.
// Templates naming them are checked against it; tests/event_log_test.cpp reads the example
// fights' logs against it.
const std::vector<std::string>* runtime_event_fields(std::string_view type);
// The types the runtime logs whose events carry `field` (those of a `status`: status_applied, …), sorted.
std::vector<std::string> runtime_event_types_with(std::string_view field);

struct LogEvent {
  std::uint64_t sequence = 0;  // 1 for the first event of the log
  std::string type;
  FlowPosition at;
  std::string cause;
  nlohmann::json fields = nlohmann::json::object();  // the type's own facts, by name
  friend bool operator==(const LogEvent&, const LogEvent&) = default;
};

class EventLog {
 public:
  void set_position(FlowPosition position) { position_ = position; }
  FlowPosition position() const { return position_; }

  // Stamps the event with the current position and the next sequence number. `fields` must be a
  // JSON object (an arbiter::Error otherwise). Where events are frequent, fill `fields` name by
  // name: a braced list of pairs costs a temporary array and a copy per field.
  const LogEvent& record(std::string type, nlohmann::json fields, std::string cause);
  // What record() would refuse: no type, or fields that are not an object.
  static void check(const std::string& type, const nlohmann::json& fields);
  const std::vector<LogEvent>& events() const { return events_; }
  // Every type ever recorded (those of events truncate forgot too): what a rule asking for events
  // of a type is told it may have misspelt, without walking a long fight's whole log at each ask.
  const std::set<std::string, std::less<>>& types() const { return types_; }
  // Forgets the events after the first `count`: what an action that failed as it committed logged.
  void truncate(std::size_t count);
  // Continues a saved log: the next event is numbered after the last of these.
  void restore(std::vector<LogEvent> events);
  // Counts what the events hold, now and from now on, on `account` (a fight's log: the sandbox's).
  void charge_to(MemoryAccount& account) noexcept { held_.charge_to(account); }

 private:
  FlowPosition position_;
  std::vector<LogEvent> events_;
  std::set<std::string, std::less<>> types_;
  HeldMemory held_;
};

nlohmann::json to_json(const LogEvent& event);
LogEvent event_from_json(const JsonReader& json);  // the inverse of to_json
// One compact JSON object per line, in order.
void write_json_lines(std::ostream& out, std::span<const LogEvent> events);

}  // namespace arbiter
