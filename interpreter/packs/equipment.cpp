// check_equipment (encounter.hpp): a ruleset says which character fields are equipment with
//   arbiter.define.table("encounter", { equipment = { weapon = "weapons", armor = "armor" } })
// and each names a row of the table its slot names.
#include <algorithm>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "interpreter/core/names.hpp"
#include "interpreter/packs/encounter.hpp"

namespace arbiter::packs {
namespace {

struct Slot {
  std::string table;              // "weapons"
  std::vector<std::string> rows;  // its string keys, sorted so hints do not depend on hashing
};

[[noreturn]] void fail(const Definition& d, const std::string& message) {
  throw Error(parse_positioned(d.history.back().location + ": table 'encounter': " + message));
}

std::vector<std::string> string_keys(lua_State* L) {
  std::vector<std::string> keys;
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TSTRING) keys.emplace_back(lua_tostring(L, -1));
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

// The ruleset's slots, read raw: no metamethod of a pack runs here.
std::map<std::string, Slot, std::less<>> read_slots(lua_State* L, const Registry& registry) {
  std::map<std::string, Slot, std::less<>> slots;
  const Definition* d = registry.find(Kind::table, "encounter");
  if (!d) return slots;
  registry.push(L, Kind::table, "encounter");
  lua_pushstring(L, "equipment");
  const int type = lua_rawget(L, -2);
  const char* expected = "'equipment' must map slots to tables: { weapon = \"weapons\" }";
  if (type != LUA_TNIL && type != LUA_TTABLE) fail(*d, expected);
  if (type == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TSTRING)
        fail(*d, expected);
      const std::string slot = lua_tostring(L, -2), table = lua_tostring(L, -1);
      lua_pop(L, 1);
      if (!registry.push(L, Kind::table, table))
        fail(*d, fmt::format("slot '{}': {}", slot, registry.unknown(Kind::table, table)));
      slots[slot] = {table, string_keys(L)};
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 2);
  return slots;
}

// The stats the ruleset reads (`stats = { "strength", … }`), sorted; nullopt when it does not say.
std::optional<std::vector<std::string>> read_stat_names(lua_State* L, const Registry& registry) {
  const Definition* d = registry.find(Kind::table, "encounter");
  if (!d) return std::nullopt;
  registry.push(L, Kind::table, "encounter");
  lua_pushstring(L, "stats");
  const int type = lua_rawget(L, -2);
  std::optional<std::vector<std::string>> names;
  const char* expected = "'stats' must list the names of the stats the rules read: { \"strength\", \"dexterity\" }";
  if (type == LUA_TTABLE) {
    names.emplace();
    for (lua_Integer i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL; ++i) {
      if (lua_type(L, -1) != LUA_TSTRING) fail(*d, expected);
      names->emplace_back(lua_tostring(L, -1));
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
    std::sort(names->begin(), names->end());
  } else if (type != LUA_TNIL) {
    fail(*d, expected);
  }
  lua_pop(L, 2);
  return names;
}

}  // namespace

void check_equipment(Encounter& encounter, lua_State* L, const Registry& registry) {
  const auto slots = read_slots(L, registry);
  std::vector<std::string> known = character_fields;
  for (const auto& [slot, table] : slots) known.push_back(slot);
  std::vector<Diagnostic> problems;
  for (const EquipmentField& field : encounter.unchecked) {
    const auto slot = slots.find(field.name);
    if (slot == slots.end()) {
      problems.push_back(field.field.diagnostic(with_hint(
          fmt::format("{} has no field '{}'", field.wearers.front(), field.name), did_you_mean(field.name, known))));
      continue;
    }
    const auto& rows = slot->second.rows;
    if (!field.value.is_string()) {
      problems.push_back(field.value_place.diagnostic(
          fmt::format("{}'s {} must name a row of the '{}' table, like \"{}\"", field.wearers.front(), field.name,
                      slot->second.table, rows.empty() ? "…" : rows.front())));
      continue;
    }
    const std::string item = field.value.get<std::string>();
    if (std::find(rows.begin(), rows.end(), item) == rows.end()) {
      problems.push_back(field.value_place.diagnostic(
          with_hint(fmt::format("unknown {} '{}'", field.name, item), did_you_mean(item, rows))));
      continue;
    }
    for (Entity& e : encounter.characters)
      if (std::find(field.wearers.begin(), field.wearers.end(), e.name) != field.wearers.end())
        e.stats[field.name] = item;
  }
  if (const auto read = read_stat_names(L, registry)) {
    std::vector<std::string> known = *read;
    for (const auto& [slot, table] : slots) known.push_back(slot);
    for (const StatName& stat : encounter.stat_names)
      if (std::find(known.begin(), known.end(), stat.name) == known.end())
        problems.push_back(stat.place.diagnostic(with_hint(
            fmt::format("{} has a stat '{}' that the rules do not read", stat.holder, stat.name),
            did_you_mean(stat.name, known))));
  }
  // In the order they are written, as the GM reads the file.
  std::stable_sort(problems.begin(), problems.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::pair(a.where.line, a.where.column) < std::pair(b.where.line, b.where.column);
  });
  if (!problems.empty()) throw Error(std::move(problems));
  encounter.unchecked.clear();
}

}  // namespace arbiter::packs
