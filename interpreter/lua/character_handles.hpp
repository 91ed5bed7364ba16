#pragma once
// A fight's characters as Lua sees them (character_handle.cpp): one read-only handle per character
// for the fight's whole life, kept in a table of the fight's own, so handles work as table keys and
// two fights' handles never mix. A handle keeps its character's cell and stats once read, so rules
// read them again with no call into C++, until the world reports that they changed
// (World::watch): refresh() then drops them, before Lua runs again, and the next read makes them
// afresh. The fight provides its handles as a service while it runs (Fight::Active).
#include <vector>

#include <lua.hpp>

#include "interpreter/core/entity.hpp"

namespace arbiter {
class World;
}

namespace arbiter::lua {

class CharacterHandles {
 public:
  explicit CharacterHandles(lua_State* L);
  ~CharacterHandles();
  CharacterHandles(const CharacterHandles&) = delete;
  CharacterHandles& operator=(const CharacterHandles&) = delete;

  // The world's watcher: `id`'s handle is out of date until the next refresh.
  void changed(EntityId id);
  // Brings the handles of changed characters up to date. Call it wherever Lua may run next after
  // the world changed: before calling into Lua, and before a binding that changed it returns.
  void refresh(lua_State* L);
  // The character's handle, made on first use.
  void push(lua_State* L, const World& world, EntityId id) const;
  // A list of the characters' handles, in the order given.
  void push_list(lua_State* L, const World& world, const std::vector<EntityId>& ids) const;

 private:
  lua_State* owner_;
  int table_ref_;  // handles by id
  std::vector<EntityId> changed_;
};

// The handles of the fight the bindings run in (an error outside one).
CharacterHandles& handles_of(lua_State* L);
// After a binding changed the world outside an action's transaction: refreshes the handles, if a
// fight is running.
void refresh_handles(lua_State* L);

}  // namespace arbiter::lua
