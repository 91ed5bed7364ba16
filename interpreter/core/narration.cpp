#include "interpreter/core/narration.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/names.hpp"

namespace arbiter {

namespace {

// Calls literal(text) and placeholder(name) in order; throws on an unbalanced brace.
template <class Literal, class Placeholder>
void scan(std::string_view text, Literal&& literal, Placeholder&& placeholder) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
      literal(std::string_view(&text[i], 1));
      ++i;
    } else if (c == '{') {
      // A brace opened again before this one closes ("{source ({cause}") leaves this one unclosed.
      const std::size_t close = text.find_first_of("{}", i + 1);
      if (close == std::string_view::npos || close == i + 1 || text[close] == '{')
        throw Error("the template \"" + std::string(text) + "\" has an unclosed or empty '{' at column " +
                    std::to_string(i + 1) + " (write {{ for a brace)");
      placeholder(text.substr(i + 1, close - i - 1));
      i = close;
    } else if (c == '}') {
      throw Error("the template \"" + std::string(text) + "\" has a '}' without its '{' at column " +
                  std::to_string(i + 1) + " (write }} for a brace)");
    } else {
      literal(text.substr(i, 1));
    }
  }
}

// The template without the asides that would be told empty: a placeholder alone in parentheses
// after a space, " ({cause})", whose value is no text (a status applied with no cause is "Ann is
// now Out", not "Ann is now Out ()").
std::string without_empty_asides(std::string text, const LogEvent& event) {
  std::size_t from = 0;
  for (std::size_t open; (open = text.find(" ({", from)) != std::string::npos;) {
    from = open + 1;
    const std::size_t close = text.find("})", open);
    if (close == std::string::npos) break;
    const std::string name = text.substr(open + 3, close - open - 3);
    if (name.empty() || name.find_first_of("{}") != std::string::npos) continue;  // "{{", a brace written
    const auto field = event.fields.find(name);
    const bool empty = name == "cause" ? event.cause.empty()
                                       : field != event.fields.end() && narrate_value(*field).empty();
    if (empty) text.erase(from = open, close + 2 - open);
  }
  return text;
}

// What every event has, whatever its type: where it happened, its cause and its type.
bool is_general_field(std::string_view name) {
  return name == "round" || name == "phase" || name == "turn" || name == "cause" || name == "type";
}

}  // namespace

std::string narrate_value(const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_float()) {
    const double n = value.get<double>();
    if (n == std::floor(n) && std::abs(n) < 1e15) return std::to_string(static_cast<long long>(n));
  }
  if (value.is_array()) {
    std::string out;
    for (const auto& item : value) out += (out.empty() ? "" : ", ") + narrate_value(item);
    return out;
  }
  return value.dump();
}

Narrator::Narrator() {
  set_template(event_type::status_applied, "{target} is now {status} ({cause})");
  set_template(event_type::status_stacked, "{target}'s {status} grows to {stacks} ({cause})");
  set_template(event_type::status_refreshed, "{target}'s {status} lasts longer ({cause})");
  set_template(event_type::status_shortened, "{target}'s {status} now ends sooner ({cause})");
  // Told, as the roll in its cause would otherwise go unseen (a Dazed rolled shorter than the one on).
  set_template(event_type::status_kept, "{target}'s {status} goes on as it was ({cause})");
  // A status without a duration applied again changes nothing, but its cause may hold a roll (which
  // limb a Critical Hit severs: one severed already): told, so every roll is shown.
  set_template(event_type::status_renewed, "{target} is still {status} ({cause})");
  set_template(event_type::status_ignored, "{target} is already {status}");
  set_template(event_type::status_removed, "{target} is no longer {status} ({cause})");
  set_template(event_type::status_expired, "{target}'s {status} wears off");
  set_template(event_type::moved, "{character} moves from {from} to {to}");
  set_template(event_type::stat_changed, "{character}'s {stat} goes from {from} to {to} ({cause})");
  set_template(event_type::door_changed, "the door between {between} is now {to} ({cause})");
  set_template(event_type::roll, "{cause}: {text}");
  set_template(event_type::round_started, "Round {round}");
  set_template(event_type::phase_started, "{name}");
  set_template(event_type::declared, "{character}: {summary}");
  set_template(event_type::action_failed, "{character}'s {action} fails: {error}");
  set_template(event_type::action_refused, "{character} cannot pay {cost} points for {action} ({points} left)");
  set_template(event_type::order_refused, "{character} cannot {action}: {reason}");
  set_template(event_type::order_not_carried_out, "{character} cannot act ({reason}): its order ({order}) is not carried out");
  set_template(event_type::turn_without_action, "{character} takes no action: {reason}");
  set_template(event_type::turn_cut_off,
               "{character}'s turn is ended after {actions} actions, the most one turn may take: {by} kept choosing "
               "another");
  set_template(event_type::blocked, "{character} is blocked at {at}: {by} holds {to}");
  set_template(event_type::paths_crossed,
               "{character} ({from} to {to}) and {other} ({other_from} to {other_to}) cross paths");
  for (auto& [type, t] : templates_) t.runtime = true;
}

void check_event_type(std::string_view type, const EventLog& log, const Narrator& narrator) {
  if (narrator.template_for(type) || log.types().contains(type)) return;
  std::vector<std::string> known = narrator.types();
  for (const std::string& logged : log.types())
    if (std::find(known.begin(), known.end(), logged) == known.end()) known.push_back(logged);
  // A type near none of these may be the pack's own, not logged yet ("no wound this phase"): no
  // list of a pack's types exists to tell it from a slip, so only a near miss is refused.
  if (!nearest_names(type, known).empty()) throw Error(unknown_name(type, known, "event type"));
}

void Narrator::check_template(std::string_view text) {
  scan(text, [](std::string_view) {}, [](std::string_view) {});
}

void Narrator::check_runtime_template(std::string_view key, std::string_view text) {
  const auto status_parts = status_template_parts(key);
  const std::string_view type = status_parts ? status_parts->first : key;
  const std::vector<std::string>* fields = runtime_event_fields(type);
  if (!fields) return;
  scan(text, [](std::string_view) {}, [&](std::string_view name) {
    if (is_general_field(name) || std::find(fields->begin(), fields->end(), name) != fields->end()) return;
    throw Error(with_nearest(fmt::format("the '{}' template names {{{}}}, which the runtime's '{}' events do not have "
                                         "(they have: {}; and round, phase, turn, cause, type)",
                                         key, name, type, fmt::join(*fields, ", ")),
                             name, *fields));
  });
}

void Narrator::set_template(std::string type, std::string text, std::string where, std::string pack) {
  check_template(text);
  Template given{std::move(text), std::move(where), std::move(pack), false, type};
  templates_[std::move(type)] = std::move(given);
}

const std::string* Narrator::template_for(std::string_view type) const {
  const auto it = templates_.find(type);
  return it == templates_.end() ? nullptr : &it->second.text;
}

std::vector<std::string> Narrator::types() const {
  std::vector<std::string> out;
  for (const auto& [type, text] : templates_) out.push_back(type);
  return out;
}

template <class Out>
void Narrator::fill(const Template& t, const LogEvent* event, const nlohmann::json& fields,
                    bool placed, Out&& out) const {
  scan(t.text, out, [&](std::string_view name) {
    if (is_general_field(name)) {
      if (!event) return;
      if (name == "round") out(std::to_string(event->at.round));
      else if (name == "phase") out(std::to_string(event->at.phase));
      else if (name == "turn") out(std::to_string(event->at.turn));
      else out(name == "cause" ? event->cause : event->type);
    } else if (const auto it = fields.find(name); it != fields.end()) {
      if (event) out(narrate_value(*it));
    } else {
      std::string has;
      for (const auto& [field, _] : fields.items()) has += (has.empty() ? "" : ", ") + field;
      std::string message = "the '" + t.key + "' template";
      if (!t.pack.empty()) message += " of pack '" + t.pack + "'";
      if (!placed && !t.where.empty()) message += " (" + t.where + ")";
      message += " names {" + std::string(name) + "}, which this event does not have (it has: " +
                 (has.empty() ? "nothing" : has) + "; and round, phase, turn, cause, type)";
      if (placed && !t.where.empty()) throw Error(parse_positioned(t.where + ": " + message));
      throw Error(message);
    }
  });
}

namespace {
constexpr char status_separator = ':';
}  // namespace

std::string status_template_key(std::string_view type, std::string_view status) {
  return std::string(type) + status_separator + std::string(status);
}

std::optional<std::pair<std::string_view, std::string_view>> status_template_parts(std::string_view key) {
  const std::size_t at = key.find(status_separator);
  if (at == std::string_view::npos) return std::nullopt;
  return std::pair{key.substr(0, at), key.substr(at + 1)};
}

const Narrator::Template* Narrator::template_of(std::string_view type, const nlohmann::json& fields) const {
  if (const auto status = fields.find("status"); status != fields.end() && status->is_string())
    if (const auto it = templates_.find(status_template_key(type, status->get_ref<const std::string&>()));
        it != templates_.end())
      return &it->second;
  const auto it = templates_.find(type);
  return it == templates_.end() ? nullptr : &it->second;
}

std::string Narrator::render(const LogEvent& event) const {
  const Template* t = template_of(event.type, event.fields);
  if (!t) {
    std::string out = event.type + ":";
    for (const auto& [name, value] : event.fields.items()) out += " " + name + "=" + narrate_value(value) + ",";
    if (out.back() == ',') out.pop_back();
    return out;
  }
  if (t->runtime && event.type == event_type::stat_changed && event.fields.value("from", nlohmann::json()).is_null())
    t = &stat_set_;
  if (t->runtime && event.type == event_type::roll && event.cause.empty()) t = &roll_without_reason_;
  Template told = *t;
  told.text = without_empty_asides(t->text, event);
  std::string out;
  fill(told, &event, event.fields, true, [&](std::string_view text) { out += text; });
  return out;
}

void Narrator::check_fields(std::string_view type, const nlohmann::json& fields) const {
  if (const Template* t = template_of(type, fields)) fill(*t, nullptr, fields, false, [](std::string_view) {});
}

}  // namespace arbiter
