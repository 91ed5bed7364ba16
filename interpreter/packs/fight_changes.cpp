#include "interpreter/packs/fight_changes.hpp"

#include <array>
#include <utility>

#include <fmt/format.h>

#include "interpreter/core/json_reader.hpp"
#include "interpreter/lua/world_bindings.hpp"
#include "interpreter/packs/wrap_registry.hpp"

namespace arbiter::packs {
namespace {

// As a pack writes it: arbiter.define, arbiter.override, arbiter.patch.
constexpr std::array operation_names{std::pair{Operation::define, "define"}, std::pair{Operation::override, "override"},
                                     std::pair{Operation::patch, "patch"}};

std::string operation_name(Operation operation) {
  for (const auto& [known, name] : operation_names)
    if (known == operation) return name;
  return "?";
}

Operation parse_operation(const std::string& text) {
  for (const auto& [operation, name] : operation_names)
    if (name == text) return operation;
  throw Error(fmt::format("\"{}\" is not a change: one of \"define\", \"override\", \"patch\"", printable(text)));
}

}  // namespace

nlohmann::json saved_fight_changes(const Registry& registry) {
  nlohmann::json saved = nlohmann::json::array();
  for (const FightChange& change : registry.fight_changes()) {
    if (!change.not_plain.empty()) {
      Diagnostic refused = parse_positioned(fmt::format(
          "{}: {} '{}' was {} by pack '{}' during the fight, with what a save cannot keep ({}): resumed, the fight "
          "would go on without the change, so it is not saved",
          change.location, to_string(change.kind), change.name, to_string(change.operation), change.pack,
          change.not_plain));
      refused.notes.push_back(
          "make the change as the pack loads, in its files, with a function that tells when it applies (by "
          "flow.position(), a stat or a status), or change only plain data (numbers, strings, true/false, tables of "
          "those) during the fight");
      throw Error(std::move(refused));
    }
    saved.push_back({{"kind", to_string(change.kind)},
                     {"name", change.name},
                     {"operation", operation_name(change.operation)},
                     {"pack", change.pack},
                     {"location", change.location},
                     {"value", change.value}});
  }
  return saved;
}

void make_saved_fight_changes(lua::Sandbox& sandbox, const Registry& registry, const nlohmann::json& changes) {
  lua_State* L = sandbox.state();
  const JsonReader list(changes, "state.definition_changes");
  for (const JsonReader& change : list.items()) {
    change.only({"kind", "name", "operation", "pack", "location", "value"});
    const Kind kind = change["kind"].parsed(parse_kind);
    const Operation operation = change["operation"].parsed(parse_operation);
    const std::string name = change["name"].text(), pack = change["pack"].text(), location = change["location"].text();
    const JsonReader value = change["value"];
    lua::push_json(L, value.raw());
    value.here([&] { change_definition(L, operation, kind, name, lua_gettop(L), pack, location); });
    lua_pop(L, 1);
    // Checked now, not at the fight's first call into the packs, which would blame the pack's line.
    value.here([&] { registry.run_checks(L, [&](const std::string& checker) { sandbox.call(checker, 0, 0); }); });
  }
}

}  // namespace arbiter::packs
