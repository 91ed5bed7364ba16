#include "interpreter/core/lookup.hpp"

#include <algorithm>
#include <array>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/names.hpp"

namespace arbiter {

namespace {

std::optional<double> number_stat(const Entity& e, const std::string& stat) {
  const auto it = e.stats.find(stat);
  if (it == e.stats.end()) return std::nullopt;
  if (const double* n = std::get_if<double>(&it->second.data)) return *n;
  throw Error(e.name + "'s " + stat + " must be a number to compare characters by it");
}

// The candidate with the highest score (nullopt scores skip it); ties to the nearer, then lower id.
// `keep` is the rules' own test (Lua, a line of sight per candidate: the costliest part of a
// lookup), so it is asked of the best first and of no more than it takes. A candidate whose score
// is an error is one only if `keep` keeps it.
template <class Score>
std::optional<EntityId> best(const World& world, const Entity& of, Relation relation, const LookupRules& rules,
                             const Keep& keep, Score&& score) {
  struct Ranked {
    EntityId id;
    double score, distance;
  };
  std::vector<Ranked> ranked;
  for (EntityId id : candidates(world, of, relation, rules)) {
    const Entity& e = world.get(id);
    try {
      if (const std::optional<double> s = score(e)) ranked.push_back({id, *s, world.grid().distance(of.position, e.position)});
    } catch (const Error&) {
      if (!keep || keep(id)) throw;
    }
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) {
    return a.score != b.score ? a.score > b.score : a.distance < b.distance;
  });
  for (const Ranked& r : ranked)
    if (!keep || keep(r.id)) return r.id;
  return std::nullopt;
}

}  // namespace

Relation parse_relation(std::string_view text) {
  const auto& names = relation_names;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (same_name(text, names[i])) return static_cast<Relation>(i);
  std::string message = "unknown relation '" + std::string(text) + "' (any, ally, enemy)";
  if (const std::string hint = did_you_mean(text, {names.begin(), names.end()}); !hint.empty()) message += "; " + hint;
  throw Error(message);
}

std::vector<EntityId> candidates(const World& world, const Entity& of, Relation relation, const LookupRules& rules,
                                 const Keep& keep) {
  std::vector<EntityId> out;
  for (const Entity& e : world.entities()) {
    if (e.id == of.id) continue;
    if (!in_relation(relation, e.side, of.side)) continue;
    if (std::any_of(rules.out_of_fight.begin(), rules.out_of_fight.end(), [&](const std::string& s) { return e.status(s); }))
      continue;
    if (keep && !keep(e.id)) continue;
    out.push_back(e.id);
  }
  return out;
}

std::optional<EntityId> closest(const World& world, const Entity& of, Relation relation, const LookupRules& rules,
                                const Keep& keep) {
  return best(world, of, relation, rules, keep,
              [&](const Entity& e) { return std::optional(-world.grid().distance(of.position, e.position)); });
}

std::optional<EntityId> farthest(const World& world, const Entity& of, Relation relation, const LookupRules& rules,
                                 const Keep& keep) {
  return best(world, of, relation, rules, keep,
              [&](const Entity& e) { return std::optional(world.grid().distance(of.position, e.position)); });
}

std::optional<EntityId> most_injured(const World& world, const Entity& of, Relation relation, const LookupRules& rules,
                                     const Keep& keep) {
  return best(world, of, relation, rules, keep, [&](const Entity& e) -> std::optional<double> {
    const auto injury = number_stat(e, rules.injury_stat);
    // A stat that counts harm taken starts at 0: a character without it is unhurt (Platemail's
    // wounds before the first hit). One that falls as a character is hurt (hit points) has no such
    // start, so without it a character is not compared.
    if (!injury) return rules.more_is_worse ? std::optional(0.0) : std::nullopt;
    return rules.more_is_worse ? *injury : -*injury;
  });
}

std::optional<EntityId> biggest(const World& world, const Entity& of, Relation relation, const LookupRules& rules,
                                const Keep& keep) {
  return best(world, of, relation, rules, keep, [&](const Entity& e) { return number_stat(e, rules.size_stat); });
}

std::vector<EntityId> within_reach(const World& world, const Entity& of, double feet, Relation relation,
                                   const LookupRules& rules) {
  std::vector<EntityId> out = candidates(world, of, relation, rules);
  std::erase_if(out, [&](EntityId id) { return !world.grid().within_reach(of.position, world.get(id).position, feet); });
  return out;
}

std::vector<EntityId> visible_from(const World& world, const Entity& of, Relation relation, const LookupRules& rules) {
  std::vector<EntityId> out = candidates(world, of, relation, rules);
  std::erase_if(out, [&](EntityId id) { return !line_of_sight(world.grid(), of.position, world.get(id).position).visible(); });
  return out;
}

}  // namespace arbiter
