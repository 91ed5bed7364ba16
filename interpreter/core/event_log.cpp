#include "interpreter/core/event_log.hpp"

#include <ostream>

#include "grammar/diagnostic.hpp"

namespace arbiter {

const LogEvent& EventLog::record(std::string type, nlohmann::json fields, std::string cause) {
  if (type.empty()) throw Error("a log event needs a type");
  if (!fields.is_object()) throw Error("the fields of a '" + type + "' event must be named (a table of name = value)");
  events_.push_back(LogEvent{events_.size() + 1, std::move(type), position_, std::move(cause), std::move(fields)});
  return events_.back();
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

void write_json_lines(std::ostream& out, std::span<const LogEvent> events) {
  for (const LogEvent& event : events) out << to_json(event).dump() << '\n';
}

}  // namespace arbiter
