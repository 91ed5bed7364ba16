#pragma once
// What the world's Lua modules (`grid`, `world`, `status`, `log`) share: their open functions
// for modules.cpp, and the conversions between Lua values and the core's cells, characters,
// values and JSON. Cells cross into Lua as labels ("C3"); characters as handles (read-only tables
// that show the character as it is now: character_handles.hpp), and anywhere a character is
// wanted its name works too.
//
// The modules find the fight through the sandbox's services: World, EventLog, StatusBook,
// Narrator, LookupRules and a PathFinder over the world's grid. A module function called where
// the host provides none (while a pack loads) is a clear error, not a crash.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <lua.hpp>
#include <nlohmann/json.hpp>

#include "interpreter/core/coordinates.hpp"
#include "interpreter/core/entity.hpp"
#include "interpreter/core/status_definition.hpp"
#include "interpreter/core/value.hpp"

namespace arbiter {
class Grid;
class World;
struct Intent;
}  // namespace arbiter

namespace arbiter::lua {

int open_grid(lua_State* L);
int open_flow(lua_State* L);  // wrap_flow.cpp
int open_world(lua_State* L);
int open_status(lua_State* L);
int open_log(lua_State* L);

World& world_of(lua_State* L);

// Applies `change` now (and refreshes the characters' handles), or inside an action (while
// the host provides a Changes service) proposes it, to be applied when the action commits:
// actions are transactions. Check arguments before, so a mistake is reported at the author's
// line. `holds`: what the change keeps on the heap beyond itself (an event's fields), counted
// against the pack's memory budget while it waits for the commit. (changes.cpp)
void change(lua_State* L, std::function<void()> change, bool changes_grid = false, std::size_t holds = 0);

// Provided by the fight while a function that judges yes or no runs (an action's allowed_by or
// target, a condition's test, a target's find), naming it ("action 'Jab': allowed_by"): it is
// judged before an action and again when it resolves, so a change it made would land each time,
// outside any action. refuse_while_judging refuses one at the author's line (change(), the
// flow's levers, which act at once: flow.spend, set_ready, react, and what moves the dice on or
// sets the narration: a roll, log.narrate); reads cost nothing more.
// Its parts are views of names that outlive the call: nothing is built unless a change is refused.
struct Judging {
  std::string_view kind;  // "action", "condition", "target"
  std::string_view name;  // "Jab", "I am wounded"
  std::string_view part;  // "allowed_by", "target", or none
  std::string told() const;  // "action 'Jab': allowed_by"
};
// An arbiter::Error while a Judging is provided: "action 'Jab': allowed_by judges; it cannot change
// the fight (spend): ...", naming the binding as the author called it. (changes.cpp)
void refuse_while_judging(lua_State* L);

// A cell argument: a label ("C3"), or a character (handle or name) meaning the cell it is in.
Cell check_cell(lua_State* L, int index, const Grid& grid);
void push_label(lua_State* L, Cell cell);                        // "C3"
void push_cells(lua_State* L, const std::vector<Cell>& cells);  // a list of labels
// A list of cells (labels or characters); none when the argument is absent or nil.
std::vector<Cell> opt_cells(lua_State* L, int index, const Grid& grid);

// A character argument: a handle or a display name ("Orc #2"; unknown names get a did-you-mean).
Entity& check_entity(lua_State* L, int index, World& world);
void push_entity(lua_State* L, EntityId id);
void push_entities(lua_State* L, const std::vector<EntityId>& ids);
// The id a character handle at `index` holds, or nothing when it is not one.
std::optional<EntityId> test_character(lua_State* L, int index);

// An intent as Lua sees it: actor, action, target, ready, cost, order, note, way_not_followed,
// distance, reaction, start, moved, halted, path, responses (wrap_flow.cpp).
void push_intent(lua_State* L, const Intent& intent, const World& world);
// The names of those fields. An intent a hook returns (choose, respond, forced_action) may have only
// these (it may be the one it was given); a misspelt one (`tagret`) is refused, not ignored.
const std::vector<std::string>& intent_fields();
// Makes the action context at the top of the stack (an intent with round and phase) refuse to read a
// field it does not have, naming the nearest: a misspelt `ctx.targte` would otherwise be nil. Every
// documented field reads, nil when absent (`target` with none); fields the pack sets read too.
void refuse_unknown_context_fields(lua_State* L);

// An action's name given to a function (status.allows, flow.react) names an action the packs define,
// exactly: a misspelt one would be allowed by every status, or fail later with no line of the
// caller's. An arbiter::Error with the nearest name otherwise. Checked where the host knows the
// actions: a fight provides its vocabulary (wrap_status.cpp).
void check_action_name(lua_State* L, std::string_view action);

// The stats the rules declare (their `encounter` table's `stats` and equipment slots,
// docs/encounters.md), for world.set_stat, which a fight provides when its rules declare some:
// a stat set to a value of the wrong kind, or under a name that is none of them but near one, is
// refused at the line that sets it. A name near none may be a stat of the rules' own, kept without
// declaring it, and is set.
struct DeclaredStats {
  std::vector<std::string> names;  // the declared stats and the equipment slots
  // Why `value` is not what the declared stat `stat` must be ("must be a count: …, not \"lots\""):
  // nothing when it is, or when `stat` declares no kind (a slot: the rules set what they like).
  std::function<std::optional<std::string>(const std::string& stat, const Value& value)> refusal;
};

// Plain data both ways: numbers, booleans, strings and lists (tables 1..n) of those.
Value check_value(lua_State* L, int index);
void push_value(lua_State* L, const Value& value);
void push_properties(lua_State* L, const Properties& properties);

// A table of named values (nested tables and lists allowed) to a JSON object, and back. Read for a
// reader that reports a bad value where it is written (an encounter's), a NaN or infinite number
// is kept; for the log (an event's fields) it is refused at once, as JSON would log it as null, and
// an empty table inside is an empty list `[]`, as the same field holding items is (no hits, no
// reactions). A list (items 1..n) that holds anything else too is refused; so is nesting deeper than
// `deepest_plain_data` (a cycle or a mistake). A character's handle is logged as its name (an event
// names who); for a save, as the log is but keeping what a pack wrote, it is refused: read back, it
// would be a string where the pack left a handle.
constexpr int deepest_plain_data = 32;
// The keys of the table at `index` that are not its items 1..`items`: its names, and any other key
// as "[3]", each sorted (Lua's own order changes from run to run: the same table, the same message).
struct KeysBesideList {
  std::vector<std::string> names, others;
};
KeysBesideList keys_beside_list(lua_State* L, int index, lua_Integer items);
enum class JsonFor { reading, logging, saving };
nlohmann::json check_json(lua_State* L, int index, JsonFor purpose = JsonFor::reading);
void push_json(lua_State* L, const nlohmann::json& value);

// The C++ status definition from the table a pack writes (fields in stdlib/types/status.lua), whose
// fields' names and types packs::check_definition checked first: the registry checks each status
// definition with it too, and a fight fills its status book from it. `name`:
// the name it is defined under, for the messages ("status 'Dazed': …"); else its `name` field's.
// Whole numbers are whole and in range (longest_duration, most_stacks), never cut to fit; a field
// that would do nothing (a duration without a unit that counts down, max_stacks without stacking
// "stack", one modifier's fields given as `modifiers` without the list around them) is refused.
StatusDefinition check_status_definition(lua_State* L, int index, std::string_view name = {});

// The table at `index` (a definition, options) has only fields named in `known`: a misspelt one
// (`durration`) would otherwise be ignored, silently. Else an Error naming the nearest known field:
// "{what} has no field 'durration' (did you mean 'duration'?)".
void check_field_names(lua_State* L, int index, std::string_view what, const std::vector<std::string>& known);

// Optional fields of an options table at `index` (absent or nil: the fallback).
std::string opt_string_field(lua_State* L, int index, const char* field, const std::string& fallback);
double opt_number_field(lua_State* L, int index, const char* field, double fallback);

}  // namespace arbiter::lua
