#include "interpreter/core/snapshot.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <map>
#include <sstream>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/input_file.hpp"
#include "interpreter/core/output_file.hpp"
#include "interpreter/core/world_json.hpp"

namespace arbiter {

namespace {

constexpr const char* format_name = "arbiter-state";

// A save's problem is told at the save: its file, and its line and column where the reading knows
// them (`--json` gives each to a program: a message that began with the file's name had none).
[[noreturn]] void refuse(const std::string& file, const std::string& what) {
  throw Error(Diagnostic{{file, 0, 0}, what, {}, {}});
}
[[noreturn]] void refuse(const std::filesystem::path& file, const std::string& what) { refuse(file.string(), what); }

// Told at the save's byte `byte`, counted from 1 as the JSON parser counts them (one past the
// text: its end), with its line and column.
[[noreturn]] void refuse_at(const std::filesystem::path& file, const std::string& text, std::size_t byte,
                            const std::string& what) {
  throw Error(at_offset(file.string(), with_newline_line_ends(text), byte > 0 ? byte - 1 : 0, what));
}

// The library's document builder, noting the byte where reading failed: for a number too large
// for a double (1e999) its exception says which number, not where.
class JsonBuilder : public nlohmann::detail::json_sax_dom_parser<nlohmann::json> {
 public:
  using json_sax_dom_parser::json_sax_dom_parser;
  std::size_t failed_at = 0;

  template <class Exception>
  bool parse_error(std::size_t byte, const std::string& token, const Exception& error) {
    failed_at = byte;
    return json_sax_dom_parser::parse_error(byte, token, error);  // throws `error`
  }
};

nlohmann::json intent_to_json(const Intent& intent, const World& world) {
  const Grid& grid = world.grid();
  nlohmann::json path = nlohmann::json::array();
  for (const Cell c : intent.path) path.push_back(grid.label(c));
  nlohmann::json responses = nlohmann::json::array();
  for (const Intent& r : intent.responses) responses.push_back(intent_to_json(r, world));
  nlohmann::json json = {{"character", world.get(intent.actor).name},
                        {"action", intent.action},
                        {"target",
                         intent.target == no_entity ? nlohmann::json() : nlohmann::json(world.get(intent.target).name)},
                        {"path", path},
                        {"arguments", intent.arguments},
                        {"ready", intent.ready},
                        {"cost", intent.cost},
                        {"order", intent.order},
                        {"note", intent.note},
                        {"reaction", intent.reaction},
                        {"start", grid.label(intent.start)},
                        {"moved_feet", intent.moved_feet},
                        {"halted", intent.halted},
                        {"responses", responses}};
  // Only when there is one: saves of fights without it stay as they were.
  if (!intent.way_not_followed.empty()) json["way_not_followed"] = intent.way_not_followed;
  if (intent.distance) json["distance"] = *intent.distance;
  if (intent.away_from) json["away_from"] = grid.label(*intent.away_from);
  if (intent.carries_target) json["carries_target"] = true;
  if (intent.follow_feet > 0) json["follow_feet"] = intent.follow_feet;
  if (intent.carrying) json["carrying"] = true;
  if (!intent.refused.empty()) {
    json["refused"] = intent.refused;
    json["refusal"] = intent.refusal;
  }
  return json;
}

Intent intent_from_json(const JsonReader& j, const World& world) {
  const Grid& grid = world.grid();
  const auto character = [&](const JsonReader& name) {
    return name.parsed([&](const std::string& text) { return world.find(text).id; });
  };
  const auto cell = [&](const JsonReader& label) { return cell_from(grid, label); };
  Intent intent;
  intent.actor = character(j["character"]);
  intent.action = j["action"].text();
  if (const auto target = j.optional("target")) intent.target = character(*target);
  for (const auto& step : j["path"].items()) intent.path.push_back(cell(step));
  for (const auto& argument : j["arguments"].items()) intent.arguments.push_back(argument.text());
  intent.ready = j["ready"].boolean();
  intent.cost = j["cost"].integer();
  intent.order = j["order"].text();
  intent.note = j["note"].text();
  if (const auto way = j.optional("way_not_followed")) intent.way_not_followed = way->text();
  if (const auto distance = j.optional("distance")) intent.distance = distance->integer();
  if (const auto away = j.optional("away_from")) intent.away_from = cell(*away);
  intent.reaction = j["reaction"].boolean();
  intent.start = cell(j["start"]);
  intent.moved_feet = j["moved_feet"].number();
  intent.halted = j["halted"].boolean();
  if (const auto carries = j.optional("carries_target")) intent.carries_target = carries->boolean();
  if (const auto follow = j.optional("follow_feet")) intent.follow_feet = follow->number();
  if (const auto carrying = j.optional("carrying")) intent.carrying = carrying->boolean();
  if (const auto refused = j.optional("refused")) {
    intent.refused = refused->text();
    intent.refusal = j["refusal"].text();
  }
  for (const auto& r : j["responses"].items()) intent.responses.push_back(intent_from_json(r, world));
  return intent;
}

}  // namespace

nlohmann::json state_to_json(const SavedState& state) {
  nlohmann::json last = nlohmann::json::array();
  for (const auto& [id, intent] : state.last_intents) last.push_back(intent_to_json(intent, state.world));
  nlohmann::json log = nlohmann::json::array();
  for (const LogEvent& event : state.log) log.push_back(to_json(event));
  return {{"format", format_name},
          {"version", state_format_version},
          {"flow",
           {{"round", state.flow.round}, {"phase", state.flow.phase}, {"turn", state.flow.turn}, {"last_intents", last}}},
          {"rng", state.rng},
          {"played_from", state.played_from},
          {"definition_changes", state.definition_changes},
          {"world", world_to_json(state.world)},
          {"log", log}};
}

SavedState state_from_json(const nlohmann::json& json, const std::string& source) {
  const JsonReader root(json, "state");
  const auto format = json.is_object() ? json.find("format") : json.end();
  if (!json.is_object() || format == json.end() || *format != format_name)
    refuse(source, std::string("this is not an Arbiter saved state (no \"format\": \"") + format_name + "\")");
  // A bad value is told by its path, after the file's name.
  const auto checked = [&source](auto&& read) {
    try {
      return read();
    } catch (const Error& e) {
      refuse(source, "not a valid saved state: " + e.diagnostics().front().message);
    }
  };
  const int version = checked([&] { return root["version"].integer(); });
  if (version > state_format_version)
    refuse(source, "saved by a newer Arbiter (format version " + std::to_string(version) +
                       "; this one reads versions up to " + std::to_string(state_format_version) + ")");
  if (version < 1) refuse(source, "format version " + std::to_string(version) + " does not exist");
  return checked([&] {
    const JsonReader flow = root["flow"];
    const auto place = [](const JsonReader& j) {
      const int n = j.integer();
      if (n < 0) j.fail("cannot be negative");
      return n;
    };
    // Required even when null (no generator): a missing one must not become a fresh seed unsaid.
    if (!json.contains("rng")) root.fail("'rng' is missing");
    SavedState state{world_from_json(root["world"]),
                     FlowPosition{place(flow["round"]), place(flow["phase"]), place(flow["turn"])}, json["rng"]};
    std::map<int, const Entity*> standing;  // as in an encounter: one character to a cell
    for (const Entity& e : state.world.entities())
      if (const auto [other, added] = standing.emplace(state.world.grid().index(e.position), &e); !added)
        root["world"]["characters"].fail(e.name + " and " + other->second->name + " both stand in " +
                                         state.world.grid().label(e.position) + ": one character to a cell");
    state.version = version;
    if (version >= 2) {
      if (!json.contains("played_from")) root.fail("'played_from' is missing");
      state.played_from = json["played_from"];
    }
    if (version >= 3) {
      if (!json.contains("definition_changes")) root.fail("'definition_changes' is missing");
      state.definition_changes = json["definition_changes"];
    }
    // A version 3 save always has them: one without lost them, and would resume otherwise than the
    // unbroken fight (an Aim forgotten).
    const auto needed = [&](const JsonReader& parent, const char* key) {
      return version >= 3 ? std::optional(parent[key]) : parent.optional(key);
    };
    if (version >= 3) {
      root.only({"format", "version", "flow", "rng", "played_from", "definition_changes", "world", "log"});
      flow.only({"round", "phase", "turn", "last_intents"});
    }
    if (const auto last = needed(flow, "last_intents"))
      for (const auto& item : last->items()) {
        Intent intent = intent_from_json(item, state.world);
        state.last_intents[intent.actor] = std::move(intent);
      }
    if (const auto log = needed(root, "log"))
      for (const auto& item : log->items()) state.log.push_back(event_from_json(item));
    for (std::size_t i = 0; i < state.log.size(); ++i)
      if (state.log[i].sequence != i + 1) root["log"].fail("events must be numbered 1, 2, 3, … in order");
    return state;
  });
}

std::string state_text(const SavedState& state) { return state_to_json(state).dump(1) + "\n"; }

void save_state(const std::filesystem::path& file, const SavedState& state) {
  replace_file(file, state_text(state), "save");
}

SavedState load_state(const std::filesystem::path& file) {
  std::error_code error;
  const auto status = std::filesystem::status(file, error);
  if (std::filesystem::is_directory(status)) refuse(file, "cannot read: it is a directory");
  // A device or a pipe may never end (/dev/zero): a save is a file.
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    refuse(file, "cannot read: it is not a plain file (a device, a pipe or a socket); a save is a file");
  std::ostringstream text;
  if (const std::string why = read_file(file, [&](std::string_view chunk) {
        text << chunk;
        return true;
      });
      !why.empty())
    refuse(file, "cannot read: " + why);
  if (text.str().empty()) refuse(file, "the file is empty (a save interrupted before it was written?)");
  nlohmann::json json;
  JsonBuilder builder(json);
  const std::size_t size = text.str().size();
  try {
    nlohmann::json::sax_parse(text.str(), &builder);
  } catch (const nlohmann::json::parse_error& e) {
    // The parser places the end of the text one byte past it.
    refuse_at(file, text.str(), e.byte,
              e.byte > size ? "damaged or truncated: its JSON ends unfinished, after " + std::to_string(size) + " bytes"
                            : "damaged: it is not valid JSON (at byte " + std::to_string(e.byte) + " of " +
                                  std::to_string(size) + ")");
  } catch (const nlohmann::json::out_of_range&) {
    // The only one the parser throws: a number past a double's range (1e999, 400 digits).
    refuse_at(file, text.str(), builder.failed_at,
              fmt::format("damaged: it is not valid JSON (at byte {} of {}: a number too large to read)",
                          builder.failed_at, size));
  }
  return state_from_json(json, file.string());
}

}  // namespace arbiter
