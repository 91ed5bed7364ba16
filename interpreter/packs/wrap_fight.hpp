#pragma once
// The `arbiter.fight` module: fights inside a pack's tests (wrap_fight.cpp).
#include <string>
#include <vector>

#include <lua.hpp>

namespace arbiter::packs {

int open_fight(lua_State* L);

// What the fights a test case made leave to tell once it has run, "file:line: …" each; the fights
// are then forgotten. An action's failure the case never read (f:failures()) fails it.
struct CaseAftermath {
  std::vector<std::string> unread_failures;
  std::vector<std::string> warnings;  // scripted dice left unrolled
};
CaseAftermath end_of_case(lua_State* L);

}  // namespace arbiter::packs
