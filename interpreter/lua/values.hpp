#pragma once
// Lua values as the host handles them: copied out of a pack's reach, described for people, and
// functions replaced with access to what they replace. All use raw access only, so no metamethod
// of a pack's table runs outside a budgeted call.
#include <string>

#include <lua.hpp>

namespace arbiter::lua {

// Pushes a deep copy of the value at `index`: tables are copied (cycles kept as cycles, keys and
// metatables shared), everything else is pushed as is.
void push_deep_copy(lua_State* L, int index);

// A one-line Lua-like rendering: `{ max = 3, name = "Orc" }`, `function at rules/x/init.lua:12`.
// Keys sorted, nesting cut at `depth` levels.
std::string describe(lua_State* L, int index, int depth = 4);

// Like describe, but a table too long for one line of `width` is laid out one field per line,
// indented two columns more than the line it starts on (`indent`), where `used` columns are
// already taken; its nested tables likewise.
std::string describe_lines(lua_State* L, int index, std::size_t width = 100, std::size_t indent = 0,
                           std::size_t used = 0);

// Pushes a function that calls `replacement` with its own arguments followed by `previous`, so a
// house rule can reuse the function it replaces: `function(attacker, previous) … end`.
void push_chained(lua_State* L, int replacement, int previous);
// Replaces the function at the top of the stack, when it is such a chain, by the replacement that
// is called first (the last override's own function): the one whose author wrote what it returns.
void unchain(lua_State* L);

}  // namespace arbiter::lua
