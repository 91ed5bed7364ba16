#include "interpreter/core/world.hpp"

#include <algorithm>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/names.hpp"

namespace arbiter {

World::World(Grid grid, std::vector<Entity> entities, EntityId next_id, BorderTraffic traffic)
    : grid_(std::move(grid)), next_id_(next_id), traffic_(std::move(traffic)) {
  std::set<std::string, std::less<>> given;
  for (const Entity& entity : entities) given.insert(entity.name);
  std::set<EntityId> ids;
  for (Entity& entity : entities) {
    check_new(entity, given);
    if (entity.id < 1 || entity.id >= next_id_ || !ids.insert(entity.id).second)
      throw Error(entity.name + " has id " + std::to_string(entity.id) + ", which is taken or out of range (1.." +
                  std::to_string(next_id_ - 1) + ")");
    names_.insert(entity.name);
    entities_.push_back(std::move(entity));
  }
}

void World::check_new(const Entity& entity, const std::set<std::string, std::less<>>& reserved) const {
  // A name of blanks alone is no name to a sheet, which could never order that character.
  if (character_name_key(entity.name).empty())
    throw Error(entity.name.empty() ? "a character needs a name" : "a character needs a name, not only blanks");
  if (names_.contains(entity.name))
    throw Error("there is already a character named '" + entity.name + "'; the next free name is '" +
                unique_name(entity.name, reserved) + "'");
  grid_.require_inside(entity.position, entity.name + "'s cell");
}

Entity& World::add(Entity entity) {
  check_new(entity);
  names_.insert(entity.name);
  entity.id = next_id_++;
  entities_.push_back(std::move(entity));
  return entities_.back();
}

std::string World::unique_name(std::string_view base, const std::set<std::string, std::less<>>& reserved) const {
  // As order sheets read names, without regard to case or blanks: a copy "Orc #2" beside a written
  // "ORC #2" (or "Orc  #2") could not be told apart from it. The keys are made once: an encounter's
  // `count = 1000` names a thousand copies, each trying the numbers taken before it.
  std::set<std::string, std::less<>> taken;
  for (const std::string& name : reserved) taken.insert(character_name_key(name));
  for (const Entity& e : entities_) taken.insert(character_name_key(e.name));
  if (!taken.contains(character_name_key(base))) return std::string(base);
  for (int n = 2;; ++n)
    if (std::string name = std::string(base) + " #" + std::to_string(n); !taken.contains(character_name_key(name)))
      return name;
}

Entity& World::get(EntityId id) { return const_cast<Entity&>(std::as_const(*this).get(id)); }

const Entity& World::get(EntityId id) const {
  // Ids are given from 1 in the order characters are added, so a character is most often at its
  // id's place, found at once: a round of thousands looks them up at every turn. A saved world may
  // number them otherwise, and is searched.
  if (id >= 1 && static_cast<std::size_t>(id) <= entities_.size() && entities_[static_cast<std::size_t>(id) - 1].id == id)
    return entities_[static_cast<std::size_t>(id) - 1];
  const auto it = std::find_if(entities_.begin(), entities_.end(), [id](const Entity& e) { return e.id == id; });
  if (it == entities_.end()) throw Error("there is no character with id " + std::to_string(id));
  return *it;
}

const Entity* World::standing_in(Cell cell, EntityId except) const {
  const auto it = std::find_if(entities_.begin(), entities_.end(),
                               [&](const Entity& e) { return e.position == cell && e.id != except; });
  return it == entities_.end() ? nullptr : &*it;
}

void World::set_stat(EntityId id, const std::string& stat, Value value) {
  Entity& e = get(id);
  e.stats[stat] = std::move(value);
  changed(id);
}

void World::move(EntityId id, Cell to) {
  get(id).position = to;
  changed(id);
}

Entity& World::find(std::string_view name) { return const_cast<Entity&>(std::as_const(*this).find(name)); }

const Entity& World::find(std::string_view name) const {
  const auto it = std::find_if(entities_.begin(), entities_.end(), [name](const Entity& e) { return e.name == name; });
  if (it != entities_.end()) return *it;
  std::vector<std::string> names;
  for (const Entity& e : entities_) names.push_back(e.name);
  throw Error(unknown_name(name, names, "character"));
}

}  // namespace arbiter
