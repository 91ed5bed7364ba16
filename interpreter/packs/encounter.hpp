#pragma once
// An encounter file (docs/encounters.md): a Lua file, run in the sandbox, returning the packs to
// load, the map and the characters of a fight. Read in two steps, since the packs to load come
// from the file and the equipment is checked against what they define:
//   auto encounter = read_encounter(sandbox, "skirmish.lua");
//   stack.load(encounter.rules);
//   check_equipment(encounter, sandbox.state(), stack.registry());
//   World world = make_world(encounter);
// Every problem is an arbiter::Error at the file, line and column of the bad value.
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <lua.hpp>
#include <nlohmann/json.hpp>

#include "interpreter/core/grid.hpp"
#include "interpreter/core/order_check.hpp"
#include "interpreter/core/snapshot.hpp"
#include "interpreter/core/world.hpp"
#include "interpreter/lua/sandbox.hpp"
#include "interpreter/lua/world_bindings.hpp"
#include "interpreter/packs/registry.hpp"
#include "interpreter/packs/source_text.hpp"

namespace arbiter::packs {

// The fields every character may have; any other is for the ruleset to claim as equipment.
inline const std::vector<std::string> character_fields{"name", "side", "at", "stats", "count"};

// "unknown armor 'Chian Mail' (did you mean 'Chain Mail'?)": a message with names.hpp's hint.
inline std::string with_hint(std::string message, const std::string& hint) {
  return hint.empty() ? message : message + " (" + hint + ")";
}

// A character field other than name, side, at, stats and count (`weapon = "Sword"`): the ruleset
// says whether it is equipment (check_equipment).
struct EquipmentField {
  std::vector<std::string> wearers;  // the character and its copies: "Orc", "Orc #2"
  std::string name;                  // "weapon"
  nlohmann::json value;              // "Sword"
  Place field;                       // where the field's name is written
  Place value_place;                 // where its value is written
};

// A stat an encounter gives a character (`stats = { strength = 2 }`), where its name is written:
// the ruleset may say which stats it reads (check_equipment).
struct StatName {
  std::string holder;  // the character as written ("Orc"; its copies hold it too)
  std::string name;    // "strength"
  Value value;         // checked against what the rules say the stat is (a count, a text, …)
  Place place;
  Place value_place;   // where its value is written: an equipment slot's row is told there
};

struct Encounter {
  std::string file;                // as the user named it
  std::vector<std::string> rules;  // the ruleset, then house-rule packs, in load order
  std::vector<Place> rules_at;     // where each of them is written
  Grid grid{1, 1};
  std::vector<Entity> characters;  // in file order, ids from 1; `count` copies follow their original
  std::vector<EquipmentField> unchecked;  // emptied by check_equipment
  std::vector<StatName> stat_names;       // checked by check_equipment
  std::vector<std::filesystem::path> required;  // the files it requires, as read (`require "sub.chars"`)
  std::vector<Diagnostic> warnings;             // what is likely a slip but may be meant (two sides near alike)
};

// Runs `file` in its own sandboxed scope and reads everything but the equipment.
Encounter read_encounter(lua::Sandbox& sandbox, const std::filesystem::path& file);
// The same from data already read (pack tests build fights from tables): `name` names it in errors.
Encounter encounter_from_data(const nlohmann::json& document, const std::string& name);

// After the encounter's packs are loaded: each unchecked field must be an equipment slot of the
// ruleset's `encounter` table (`equipment = { weapon = "weapons", … }`) naming a row of the table
// the slot names; it becomes a stat of its wearers (stats.weapon = "Sword"). When that table lists
// the stats the rules read (`stats = { "strength", … }`), every stat given must be one of them or
// an equipment slot: a misspelt stat would otherwise be silently ignored. A slot written in the
// stats (`stats = { weapon = "Sword" }`) is checked as the field is, and refused when the field is
// given too. Reports every bad field at once.
void check_equipment(Encounter& encounter, lua_State* L, const Registry& registry);

// A saved fight's stats, checked as check_equipment checks an encounter's: when the rules list the
// stats they read, every stat is one of them or a slot; each stat the rules read is of its kind,
// each slot names a row of its table. What the save's log shows the rules setting in play (a stat
// to the value it has) is theirs and passes. Throws an arbiter::Error at the stat's path in the
// save (`state.world.characters[0].stats.ap: …`), so a hand-edited save is refused before the
// rules trip over it.
void check_saved_stats(const SavedState& state, lua_State* L, const Registry& registry);

// The names the rules give a character's stats, when their `encounter` table lists the stats they
// read: those and its equipment slots (one a character lacks is unset: no Wound yet). nullopt when
// it lists none: any name may be a stat the rules keep.
std::optional<std::vector<std::string>> rules_stat_names(lua_State* L, const Registry& registry);

// The stats the rules declare, as world.set_stat checks them (lua::DeclaredStats); nullopt when their
// `encounter` table lists none.
std::optional<lua::DeclaredStats> declared_stats(lua_State* L, const Registry& registry);

// The fight at its start. Call check_equipment first (a std::logic_error otherwise).
World make_world(const Encounter& encounter);

// Who is in the fight, for the order-sheet checker: an encounter's characters, or a fight's
// (`world.entities()`).
orders::Roster roster_of(std::span<const Entity> characters);

}  // namespace arbiter::packs
