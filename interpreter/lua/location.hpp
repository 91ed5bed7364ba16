#pragma once
// Where in the author's code a call into the host came from.
#include <string>

#include <lua.hpp>

#include "grammar/diagnostic.hpp"

namespace arbiter::lua {

// Where the function at `index` was written: its file, whole, and the line its definition starts
// at, of the function its pack wrote (values.hpp, unchain), where a bad answer of it is told. No
// file for one written in none (a built-in function, a chunk loaded from a string).
SourcePosition written_at(lua_State* L, int index);

// The file `ar` (of lua_getinfo "S") runs in, whole: "rules/house/deep/path/file.lua". Lua's own
// short_src keeps at most LUA_IDSIZE (60) characters and cuts a longer name at its front
// ("...ath/file.lua"); a chunk that is no file ("=stdin") is its short_src.
std::string file_of(const lua_Debug& ar);

// The innermost running Lua code on `L` outside the stdlib — the pack author's line, even when
// they called through a stdlib helper — into `ar`; false when there is none.
bool author_frame(lua_State* L, lua_Debug& ar);

// "file:line" of author_frame, or "" when there is none.
std::string caller_location(lua_State* L);

// "file:line" where a pack defines, overrides or patches a definition: the line of the file being
// loaded (the innermost main chunk outside the stdlib) that made the call, through any function of
// the pack's between (Platemail's `define("Charge", …)`, whose helper calls arbiter.define.action),
// so each definition has its own line; caller_location when no file is being loaded.
std::string definition_location(lua_State* L);

// Whether the author's line that called is gone: a stdlib function was called as a tail call
// (`return arbiter.override.hook(...)`), which keeps no frame of its caller, and no author's code
// runs further out to point at instead.
bool caller_lost_to_tail_call(lua_State* L);

// What an error whose line is so lost adds to its message: how to have the line told.
inline constexpr const char* tail_call_note =
    " (the line that called is not known: it called as a tail call, `return arbiter...(...)`, of which Lua keeps "
    "no line; without the `return` its line is told)";

}  // namespace arbiter::lua
