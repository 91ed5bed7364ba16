#pragma once
// What a definition of each kind may hold: the fields of an action, a status, a condition and a
// target (docs/fights.md), each of its type. The registry checks every definition as it is made
// or changed (define, override, and what a patch would make of it), so a misspelt field or a value
// of the wrong type is an error at the author's line, whichever command loads the pack. Tables and
// hooks are the packs' own: a table may hold anything, a hook is any function.
#include <string>

#include <lua.hpp>

#include "interpreter/packs/registry.hpp"

namespace arbiter::packs {

// Whether definitions of this kind have fields to check: not tables, nor hooks.
bool has_fields(Kind kind);
// Throws arbiter::Error naming the field and what it must be, or the nearest known field.
void check_definition(lua_State* L, Kind kind, const std::string& name, int index);

}  // namespace arbiter::packs
