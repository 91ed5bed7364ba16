#pragma once
// Lua values as the host handles them: copied out of a pack's reach and described for people. All
// use raw access only, so no metamethod of a pack's table runs outside a budgeted call.
#include <optional>
#include <string>
#include <string_view>

#include <lua.hpp>

namespace arbiter::lua {

// A string of Lua's as the host keeps it: whole (Lua's strings may hold NUL bytes, where a C
// string would end) and text (arbiter::check_text: no NUL byte, UTF-8), else an arbiter::Error
// naming `what` ("the stat name"). Every string a pack or an encounter gives that the fight keeps,
// logs, saves or looks a name up by goes through these, where it enters.
// The value at `index`, which must be a string.
std::string to_text(lua_State* L, int index, std::string_view what);
// Argument `arg` of a binding: a string, or a number as Lua writes it (as luaL_checklstring takes
// them); another type is Lua's argument error.
std::string check_text(lua_State* L, int arg, std::string_view what);
// The same, or `fallback` when the argument is absent or nil.
std::string opt_text(lua_State* L, int arg, std::string_view what, std::string fallback = {});

// A whole number a pack gives where the runtime keeps an int (a status's duration, max_stacks, a
// modifier's amount, an intent's cost, points spent): an integer, or a float with no fraction (2.0,
// `3 * 0.5 * 2`), from `least` to `most`. Anything else — a fraction, NaN, an infinity, a number out
// of range, a string, nil — is an arbiter::Error naming `what` and the value given, never cut to
// fit: "status 'Dazed': 'duration' must be a whole number from 0 to 1000000, not 1.5".
lua_Integer check_whole(lua_State* L, int index, std::string_view what, lua_Integer least, lua_Integer most);

// What a function the API declares boolean returned (a condition's test, an action's `ready`,
// `allowed_by`, `target`, `away_from_hostiles`): true or false, or nullopt for nil (nothing). Any
// other value, which Lua takes as true (`return me.stats.wounds`: 0; "no"), is an arbiter::Error
// naming `what` and the value: "condition 'I am fresh': its 'test' function must return true or
// false, not 0 …".
std::optional<bool> returned_boolean(lua_State* L, int index, std::string_view what);

// The string at `index` whole, NUL bytes and all, for a host that only shows it or compares it.
std::string_view whole_string(lua_State* L, int index);

// Pushes a deep copy of the value at `index`: tables are copied (cycles kept as cycles, keys and
// metatables shared), everything else is pushed as is; but with an `owner` (a pack), every
// function is made one of its pack functions (Sandbox::push_pack_function; one that already is
// some pack's stays that pack's): the registry's copy of a definition runs on behalf of the pack
// that wrote it, wherever it is called from.
void push_deep_copy(lua_State* L, int index, const std::string* owner = nullptr);

// A one-line Lua-like rendering: `{ max = 3, name = "Orc" }`, `function at rules/x/init.lua:12`
// (a pack function by the function its pack wrote, and the one it replaces).
// Keys sorted, nesting cut at `depth` levels (`{…}`), a table inside itself shown as `<cycle>`.
std::string describe(lua_State* L, int index, int depth = 4);

// Like describe, but a table too long for one line of `width` is laid out one field per line,
// indented two columns more than the line it starts on (`indent`), where `used` columns are
// already taken; its nested tables likewise.
std::string describe_lines(lua_State* L, int index, std::size_t width = 100, std::size_t indent = 0,
                           std::size_t used = 0, int depth = 4);

// Replaces the function at the top of the stack, when it is a pack function, by the function its
// pack wrote (the last override's own, which is called first): the one whose author wrote what it
// returns.
void unchain(lua_State* L);

}  // namespace arbiter::lua
