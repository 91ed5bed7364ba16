#pragma once
// Where a field of a definition is written, for a mistake in it. Lua keeps no position for a
// table's fields, so the field is found again in the text of the call that made the change (the
// change's location, "rules/house/init.lua:12"): `armor["Full Plate"].absorb` at its `absorb`. Only
// for an error: finding it reads the file, which no check that passes pays for.
#include <string>

#include <lua.hpp>

#include "grammar/diagnostic.hpp"

namespace arbiter::packs {

// `message` at `field` ("Full Plate.absorb", "statuses[2]": a field as the history names it; ""
// the definition) in the table given to the call at `location`: at the innermost of its keys
// written there, with its line to show. At `location` itself ("file:line") when the file is no
// pack's or cannot be read, or the call writes not even the field's first key (a table made
// elsewhere and passed by name, or built in a loop).
Diagnostic at_field(lua_State* L, const std::string& location, const std::string& field, std::string message);

// `message` at the definition's `name` as the call at `location` writes it (`arbiter.define.hook(
// "choose", …)`: its "choose"), for a definition that is wrong whole; at `location` as at_field.
Diagnostic at_name(lua_State* L, const std::string& location, const std::string& name, std::string message);

// The place of at_field as a location: "rules/house/init.lua:12:41", or `location`.
std::string field_location(lua_State* L, const std::string& location, const std::string& field);

}  // namespace arbiter::packs
