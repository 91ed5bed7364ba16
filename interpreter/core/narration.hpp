#pragma once
// Log events into sentences through templates: "{target} is {status} ({cause})". A placeholder
// names one of the event's fields, or round, phase, turn, cause or type; `{{` and `}}` write a
// brace. The runtime has a default sentence for each of its event types; a pack overrides any
// of them, or adds one for its own types.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "interpreter/core/event_log.hpp"

namespace arbiter {

// The narration key of one status's events of a type, "status_applied:Severed left arm": its
// template tells those events instead of the type's own ("{target}'s left arm is severed").
std::string status_template_key(std::string_view type, std::string_view status);
// The type and status such a key names; nullopt for a type's own key ("status_applied").
std::optional<std::pair<std::string_view, std::string_view>> status_template_parts(std::string_view key);

class Narrator {
 public:
  Narrator();  // with the runtime's default templates

  // Checks the template's braces (an arbiter::Error naming the column otherwise) and keeps it, with
  // where it was given ("file:line") and by which pack, if a pack gave it, for the errors below.
  void set_template(std::string type, std::string text, std::string where = {}, std::string pack = {});
  // The check alone: the registry checks a pack's `narration` table with it where it is given.
  static void check_template(std::string_view text);
  // A template given an event type the runtime logs (runtime_event_fields), or one status's events
  // of such a type (`key` "status_applied:Taunted"), that names a field none of its events carry: an
  // arbiter::Error naming the key, the field, the fields they carry and the nearest, told once the
  // packs load rather than when such an event is first narrated, if ever.
  static void check_runtime_template(std::string_view key, std::string_view text);
  const std::string* template_for(std::string_view type) const;
  std::vector<std::string> types() const;  // those with a template, in order

  // The event's sentence. An event type without a template is narrated as "type: name=value, …".
  // A placeholder the event does not have is an arbiter::Error naming it and the fields it has, at
  // the place its template was given, when a pack gave it.
  std::string render(const LogEvent& event) const;
  // The same error, with no position (the line that logs the event is the one to point at) and the
  // template's place in its text: checked as a pack logs an event, so that the mistake is told at
  // that line, as the action's failure, rather than once the round is played and narrated.
  void check_fields(std::string_view type, const nlohmann::json& fields) const;

 private:
  struct Template {
    std::string text;
    std::string where;  // "file:line" of the pack's change that gave it, if a pack gave it
    std::string pack;
    bool runtime = false;  // the runtime's own default, which no pack has replaced
    std::string key;       // as it was given: its type's, or one status's ("status_applied:Taunted")
  };
  // The template an event of `type` with `fields` is told by: its status's own, else its type's.
  const Template* template_of(std::string_view type, const nlohmann::json& fields) const;
  // Calls out(text) for each literal and each placeholder's value; a placeholder the event lacks
  // is the error above, positioned at the template's place if `placed`.
  template <class Out>
  void fill(const Template& t, const LogEvent* event, const nlohmann::json& fields, bool placed,
            Out&& out) const;
  std::map<std::string, Template, std::less<>> templates_;
  // The runtime's sentence for a stat set that had no value: "goes from null to 2" says nothing.
  Template stat_set_{"{character}'s {stat} is now {to} ({cause})", {}, {}, true, event_type::stat_changed};
  // The runtime's sentence for a roll with no reason: the roll alone, as `arbiter roll` without
  // --reason prints it, not ": 1d6 = [5] = 5".
  Template roll_without_reason_{"{text}", {}, {}, true, event_type::roll};
};

// An event type asked for by name (f:events, log.phase_events) that the fight does not know (not the
// runtime's, each of which has a template, nor one a pack narrates, nor one logged) but that is near
// one it knows ("exchang") is an arbiter::Error naming the nearest: it would find no events, as if
// none had happened. One near none may be a pack's own type that has not happened yet: let be.
void check_event_type(std::string_view type, const EventLog& log, const Narrator& narrator);

// A field's value as narration shows it: text without quotes, 3 not 3.0, lists with commas.
std::string narrate_value(const nlohmann::json& value);

}  // namespace arbiter
