#pragma once
// What a definition of each kind may hold: the fields of an action, a status, a condition and a
// target (docs/fights.md), each of its type. The registry checks every definition as it is made
// or changed (define, override, and what a patch would make of it), so a misspelt field or a value
// of the wrong type is an error at the author's line, whichever command loads the pack. Tables and
// hooks are the packs' own: a table may hold anything, a hook is any function; but the narration
// table's templates are checked as they are given, so a bad one is told at the line that gave it.
#include <optional>
#include <string>

#include <lua.hpp>

#include "grammar/diagnostic.hpp"
#include "interpreter/packs/registry.hpp"

namespace arbiter::packs {

// A mistake in one field of a definition (`cost = "3"`, a misspelt `taget`): an arbiter::Error
// that names the field as the history does ("move.maks"), so that the change making it is told
// where the field is written (field_place.hpp) rather than at the call's first line.
class FieldMistake : public Error {
 public:
  FieldMistake(std::string field, const std::string& message) : Error(message), field_(std::move(field)) {}
  const std::string& field() const noexcept { return field_; }

 private:
  std::string field_;
};

// Whether definitions of this kind and name are checked: actions, statuses, conditions and
// targets, and of tables the one the runtime reads as it is given, `narration` (each field an
// event type, its value a template); not other tables, nor hooks.
bool is_checked(Kind kind, const std::string& name);
// Throws FieldMistake naming the field and what it must be, or the nearest known field (several
// mistakes: at the first told); arbiter::Error for a mistake of no one field.
void check_definition(lua_State* L, Kind kind, const std::string& name, int index);

// A field (or a value of one) of a definition that a pack API newer than the pack declares added.
struct NewerThanApi {
  std::string field;  // the field as the message names it: "also_called", "target = \"ally\""
  std::string key;    // the field's key in the table: "also_called", "target"
  int api;            // the API that added it
};
// The first field of the definition, or of the patch, at `index` that pack API `api` lacks: a
// pack declaring `api = 1` must load on every Arbiter that offers API 1, which refuses it.
std::optional<NewerThanApi> newer_than_api(lua_State* L, Kind kind, int index, int api);

// Each template of the `narration` table for an event type the runtime logs under these rules
// (`blocked` only without the hook `movement`, which tells a blocked step itself) names only fields
// those events carry (Narrator::check_runtime_template): an arbiter::Error at the line of the change
// that set it. Once every pack has loaded, and as a fight is made.
void check_runtime_narration(lua_State* L, const Registry& registry);

}  // namespace arbiter::packs
