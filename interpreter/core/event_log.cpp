#include "interpreter/core/event_log.hpp"

#include <algorithm>
#include <map>
#include <ostream>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/json_reader.hpp"

namespace arbiter {

namespace {

const std::map<std::string, std::vector<std::string>, std::less<>>& runtime_events() {
  using namespace event_type;
  static const std::vector<std::string> status{"duration", "source", "stacks", "status", "target", "unit"};
  static const std::map<std::string, std::vector<std::string>, std::less<>> fields{
      {status_applied, status}, {status_stacked, status}, {status_refreshed, status}, {status_shortened, status},
      {status_kept, status}, {status_renewed, status}, {status_ignored, status}, {status_removed, status},
      {status_expired, status},
      {moved, {"carried_by", "character", "feet", "from", "halted", "to"}},
      {stat_changed, {"character", "from", "stat", "to"}},
      {door_changed, {"between", "from", "to"}},
      {roll, {"dice", "expression", "text", "total"}},
      {round_started, {"round"}},
      {phase_started, {"name"}},
      {declared, {"action", "character", "cost", "points", "points_before", "reaction", "reason", "refused", "summary",
                  "target"}},
      {action_failed, {"action", "character", "error"}},
      {action_refused, {"action", "character", "cost", "points"}},
      {order_refused, {"action", "answered", "answering", "character", "entry", "reason"}},
      {order_not_carried_out, {"character", "order", "reason", "status"}},
      {turn_without_action, {"character", "reason"}},
      {turn_cut_off, {"actions", "by", "character", "pack"}},
      {blocked, {"at", "by", "character", "to"}},
      {paths_crossed, {"character", "from", "meeting", "other", "other_from", "other_to", "to"}},
  };
  return fields;
}

}  // namespace

const std::vector<std::string>* runtime_event_fields(std::string_view type) {
  const auto it = runtime_events().find(type);
  return it == runtime_events().end() ? nullptr : &it->second;
}

std::vector<std::string> runtime_event_types_with(std::string_view field) {
  std::vector<std::string> types;
  for (const auto& [type, fields] : runtime_events())
    if (std::find(fields.begin(), fields.end(), field) != fields.end()) types.push_back(type);
  return types;
}

void EventLog::check(const std::string& type, const nlohmann::json& fields) {
  if (type.empty()) throw Error("a log event needs a type");
  if (!fields.is_object()) throw Error("the fields of a '" + type + "' event must be named (a table of name = value)");
}

namespace {

std::size_t event_bytes(const LogEvent& event) {
  return sizeof(LogEvent) + event.type.size() + event.cause.size() + bytes_held(event.fields);
}

}  // namespace

const LogEvent& EventLog::record(std::string type, nlohmann::json fields, std::string cause) {
  check(type, fields);
  types_.insert(type);  // a node is made only for a type not there yet
  events_.push_back(LogEvent{events_.size() + 1, std::move(type), position_, std::move(cause), std::move(fields)});
  held_.hold(event_bytes(events_.back()));
  return events_.back();
}

void EventLog::truncate(std::size_t count) {
  while (events_.size() > count) {
    held_.release(event_bytes(events_.back()));
    events_.pop_back();
  }
}

void EventLog::restore(std::vector<LogEvent> events) {
  for (const LogEvent& event : events_) held_.release(event_bytes(event));
  events_ = std::move(events);
  for (const LogEvent& event : events_) {
    types_.insert(event.type);
    held_.hold(event_bytes(event));
  }
}

nlohmann::json to_json(const LogEvent& event) {
  return {{"seq", event.sequence},
          {"type", event.type},
          {"round", event.at.round},
          {"phase", event.at.phase},
          {"turn", event.at.turn},
          {"cause", event.cause},
          {"fields", event.fields}};
}

LogEvent event_from_json(const JsonReader& j) {
  if (!j["fields"].raw().is_object()) j["fields"].fail("expected the event's named facts");
  return LogEvent{static_cast<std::uint64_t>(j["seq"].integer()), j["type"].text(),
                  FlowPosition{j["round"].integer(), j["phase"].integer(), j["turn"].integer()}, j["cause"].text(),
                  j["fields"].raw()};
}

void write_json_lines(std::ostream& out, std::span<const LogEvent> events) {
  for (const LogEvent& event : events) out << to_json(event).dump() << '\n';
}

}  // namespace arbiter
