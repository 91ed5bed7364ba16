#pragma once
// The `arbiter.fight` module: fights inside a pack's tests (wrap_fight.cpp).
#include <string>
#include <vector>

#include <lua.hpp>

namespace arbiter::packs {

int open_fight(lua_State* L);

// The warnings the fights a test case made leave once it has run (scripted dice left unrolled),
// "file:line: warning: …" each; the fights are then forgotten.
std::vector<std::string> end_of_case(lua_State* L);

}  // namespace arbiter::packs
