#pragma once
// The fight's map and everyone on it: the grid, the characters, and the border traffic of the
// current turn. What a saved state holds besides the flow position and the dice.
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/core/entity.hpp"
#include "interpreter/core/grid.hpp"
#include "interpreter/core/movement.hpp"

namespace arbiter {

// Who is told when a character's cell or stats change (Lua's character handles, which keep those
// once read until they change). It stays with the world it watches: a copy of a world (a save)
// starts unwatched, and two worlds compare equal whoever watches them.
struct WorldWatcher {
  std::function<void(EntityId)> changed;
  WorldWatcher() = default;
  WorldWatcher(const WorldWatcher&) noexcept {}
  WorldWatcher& operator=(const WorldWatcher&) noexcept { return *this; }
  friend bool operator==(const WorldWatcher&, const WorldWatcher&) { return true; }
};

// A value an encounter gives that the rules cannot start a fight with (three fighters who all
// start in one bind): raised by a pack (`world.encounter_error`), told at the encounter's place of
// that stat as the GM's mistake, not blamed on the pack.
struct EncounterFault {
  std::string character;  // "Cy"
  std::string stat;       // "guard"
  std::string message;
};

class World {
 public:
  explicit World(Grid grid) : grid_(std::move(grid)) {}
  // A world as it was saved, ids included. Checks what add() checks, and that no id reaches
  // `next_id` (ids are never reused).
  World(Grid grid, std::vector<Entity> entities, EntityId next_id, BorderTraffic traffic);

  Grid& grid() { return grid_; }
  const Grid& grid() const { return grid_; }
  BorderTraffic& traffic() { return traffic_; }
  const BorderTraffic& traffic() const { return traffic_; }

  // Adds a character; its name must be unique in the world (see unique_name) and its cell
  // inside the grid. Returns it with its new id (the reference lasts until the next add).
  Entity& add(Entity entity);
  // `base` if no one has it yet, otherwise "base #2", "base #3", … the first that is free and
  // not `reserved` (names that will be given later), ignoring ASCII case as sheets do.
  std::string unique_name(std::string_view base, const std::set<std::string, std::less<>>& reserved = {}) const;

  Entity& get(EntityId id);
  const Entity& get(EntityId id) const;
  // By display name, exactly; an unknown name is an Error with a did-you-mean.
  Entity& find(std::string_view name);
  const Entity& find(std::string_view name) const;
  const std::vector<Entity>& entities() const { return entities_; }
  // Who stands in `cell` but `except`, if anyone (the first added, where a cell holds several).
  const Entity* standing_in(Cell cell, EntityId except = no_entity) const;
  // Changes a character's stat or cell, telling the watcher.
  void set_stat(EntityId id, const std::string& stat, Value value);
  void move(EntityId id, Cell to);
  void watch(std::function<void(EntityId)> watcher) { watcher_.changed = std::move(watcher); }
  // The id the next character will get (kept in saves so ids are never reused).
  EntityId next_id() const { return next_id_; }

  // What an action's changes can alter, kept to put back should one of them fail: the characters
  // and the border traffic, and the grid only when asked (a door changes). Restoring assigns in
  // place, so a reference to a character stays valid.
  struct Saved {
    std::vector<Entity> entities;
    BorderTraffic traffic;
    std::optional<Grid> grid;
  };
  Saved save(bool with_grid) const { return {entities_, traffic_, with_grid ? std::optional(grid_) : std::nullopt}; }
  void restore(const Saved& saved) {
    entities_ = saved.entities;
    traffic_ = saved.traffic;
    if (saved.grid) grid_ = *saved.grid;
  }

  friend bool operator==(const World&, const World&) = default;

 private:
  // `reserved`: names that will be given later, which a duplicate's suggested name must avoid too.
  void check_new(const Entity& entity, const std::set<std::string, std::less<>>& reserved = {}) const;
  void changed(EntityId id) const {
    if (watcher_.changed) watcher_.changed(id);
  }

  Grid grid_;
  std::vector<Entity> entities_;
  // Their names, for check_new: an encounter adds thousands. A character is never renamed nor
  // removed, so restore() leaves them as they are.
  std::set<std::string, std::less<>> names_;
  EntityId next_id_ = 1;
  BorderTraffic traffic_;
  WorldWatcher watcher_;
};

}  // namespace arbiter
