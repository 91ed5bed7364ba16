#pragma once
// Every C function exposed to Lua goes through `guarded`: a C++ exception thrown inside becomes a
// Lua error carrying its message. The Lua error is raised only after the catch block has ended,
// and nothing catches `...`: with the C++ build of Lua, Lua's own errors are exceptions too and
// must pass through untouched.
#include <exception>
#include <new>
#include <string>

#include <lua.hpp>

#include "grammar/diagnostic.hpp"
#include "interpreter/lua/location.hpp"

namespace arbiter::lua {

// The message for Lua: a diagnostic that points into some file keeps its own position;
// otherwise the error is placed at the author's line that made the call (see `guarded`). A text
// the call was given, named like "<dice expression>" or "<round sheet>", is no file the author
// can open: the error goes to the author's line too, and says where in that text it is. A column
// known is kept ("file:line:column:"), which Lua's own messages never have.
// Every problem an error holds is told, one after another (a round sheet's, as `run` tells them all).
inline std::string lua_message(const Error& error, bool& positioned) {
  std::string message;
  for (const Diagnostic& d : error.diagnostics()) {
    const bool in_given_text = d.where.file.starts_with('<');
    if (&d == &error.diagnostics().front()) positioned = !d.where.file.empty() && !in_given_text;
    else message += "\n";
    if (!d.where.file.empty()) {
      std::string where = d.where.file + (d.where.line ? ":" + std::to_string(d.where.line) : "");
      if (d.where.line && d.where.column) where += ":" + std::to_string(d.where.column);
      message += where + ": ";
    }
    message += d.message;
    for (const auto& note : d.notes) message += "\n" + note;
  }
  return message;
}

template <lua_CFunction F>
int guarded(lua_State* L) {
  std::string message;
  bool positioned = false;
  try {
    return F(L);
  } catch (const Error& e) {
    message = lua_message(e, positioned);
  } catch (const std::bad_alloc&) {
    message = "not enough memory";  // as Lua says it of its own
  } catch (const std::exception& e) {
    message = e.what();
  }
  if (!positioned) {
    const std::string where = caller_location(L);
    if (!where.empty()) message = where + ": " + message;
    else if (caller_lost_to_tail_call(L)) message += tail_call_note;
  }
  lua_pushlstring(L, message.data(), message.size());
  return lua_error(L);
}

}  // namespace arbiter::lua
