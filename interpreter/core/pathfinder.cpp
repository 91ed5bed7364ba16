#include "interpreter/core/pathfinder.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <numbers>

namespace arbiter {

namespace {
// Cheapest estimate first; among equals the one nearer the goal as the crow flies, then the one
// further along. Chebyshev ground has wide plateaus of equal estimates, and without this A*
// fans out across them.
struct Later {
  bool operator()(const auto& a, const auto& b) const {
    if (a.estimate != b.estimate) return a.estimate > b.estimate;
    if (a.crow_flight != b.crow_flight) return a.crow_flight > b.crow_flight;
    return a.cost < b.cost;
  }
};

int squared_distance(Cell a, Cell b) { return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y); }
}  // namespace

PathFinder::PathFinder(const Grid& grid, PathRules rules)
    : grid_(grid), rules_(rules), parities_(grid.metric() == Metric::Alternating ? 2 : 1) {
  check_rules(rules_);
  const auto states = static_cast<std::size_t>(grid.cell_count()) * 2;
  reached_.assign(states, 0);
  settled_.assign(states, 0);
  occupied_.assign(static_cast<std::size_t>(grid.cell_count()), 0);
  cost_.assign(states, 0);
  parent_.assign(states, -1);
}

void PathFinder::refresh_open_steps() {
  if (steps_built_ && steps_revision_ == grid_.revision()) return;
  open_steps_.assign(static_cast<std::size_t>(grid_.cell_count()), 0);
  for (int i = 0; i < grid_.cell_count(); ++i) {
    const Cell at = grid_.cell_at(i);
    for (Direction d : all_directions)
      if (check_step(grid_, rules_, at, step(at, d)).obstacle == StepObstacle::None)
        open_steps_[static_cast<std::size_t>(i)] |= static_cast<std::uint8_t>(1u << static_cast<unsigned>(d));
  }
  steps_revision_ = grid_.revision();
  steps_built_ = true;
}

void PathFinder::begin_query(std::span<const Cell> occupied) {
  refresh_open_steps();
  parities_ = grid_.metric() == Metric::Alternating ? 2 : 1;
  if (++query_ == 0) {  // the stamps wrapped around: clear them once every 4 billion queries
    std::fill(reached_.begin(), reached_.end(), 0);
    std::fill(settled_.begin(), settled_.end(), 0);
    std::fill(occupied_.begin(), occupied_.end(), 0);
    query_ = 1;
  }
  for (Cell c : occupied)
    if (grid_.contains(c)) occupied_[static_cast<std::size_t>(grid_.index(c))] = query_;
  open_.clear();
}

double PathFinder::heuristic(int state, Cell goal) const {
  const Cell at = grid_.cell_at(state / parities_);
  // The exact cost on open ground: never more than the real cost, and as close to it as can be.
  const int dx = std::abs(at.x - goal.x), dy = std::abs(at.y - goal.y);
  const int diagonal = std::min(dx, dy), straight = std::max(dx, dy) - diagonal;
  switch (grid_.metric()) {
    case Metric::Chebyshev: return straight + diagonal;
    case Metric::Manhattan: return dx + dy;
    case Metric::Alternating: return straight + diagonal + (diagonal + state % parities_) / 2;
    case Metric::Euclidean: return straight + std::numbers::sqrt2 * diagonal;  // steps are 1 or √2
  }
  return 0;
}

template <class Settle>
void PathFinder::search(Cell from, int goal, double budget, std::span<const Cell> occupied, Settle&& settle) {
  begin_query(occupied);
  const Cell goal_cell = goal >= 0 ? grid_.cell_at(goal) : Cell{};
  const int start = grid_.index(from) * parities_;
  reached_[static_cast<std::size_t>(start)] = query_;
  cost_[static_cast<std::size_t>(start)] = 0;
  parent_[static_cast<std::size_t>(start)] = -1;
  open_.push_back({goal >= 0 ? heuristic(start, goal_cell) : 0, 0, 0, start});
  while (!open_.empty()) {
    std::pop_heap(open_.begin(), open_.end(), Later{});
    const Node node = open_.back();
    open_.pop_back();
    const auto s = static_cast<std::size_t>(node.state);
    if (settled_[s] == query_) continue;
    settled_[s] = query_;
    if (!settle(node.state, node.cost)) return;
    const Cell at = grid_.cell_at(node.state / parities_);
    const int parity = node.state % parities_;
    const unsigned open = open_steps_[static_cast<std::size_t>(node.state / parities_)];
    for (Direction d : all_directions) {
      if (!(open >> static_cast<unsigned>(d) & 1u)) continue;
      const Cell next = step(at, d);
      const int next_cell = grid_.index(next);
      if (occupied_[static_cast<std::size_t>(next_cell)] == query_ && next_cell != goal) continue;
      const int next_parity = parities_ == 2 && is_diagonal(d) ? 1 - parity : parity;
      const int next_state = next_cell * parities_ + next_parity;
      const auto n = static_cast<std::size_t>(next_state);
      if (settled_[n] == query_) continue;
      const double cost = node.cost + allowed_step_cost(grid_, rules_, at, next, parity);
      if (cost > budget || (reached_[n] == query_ && cost_[n] <= cost)) continue;
      reached_[n] = query_;
      cost_[n] = cost;
      parent_[n] = node.state;
      open_.push_back({cost + (goal >= 0 ? heuristic(next_state, goal_cell) : 0), cost,
                       goal >= 0 ? squared_distance(next, goal_cell) : 0, next_state});
      std::push_heap(open_.begin(), open_.end(), Later{});
    }
  }
}

Path PathFinder::path_to(int state) const {
  Path path;
  path.feet = cost_[static_cast<std::size_t>(state)] * grid_.scale();
  for (int s = state; parent_[static_cast<std::size_t>(s)] >= 0; s = parent_[static_cast<std::size_t>(s)])
    path.steps.push_back(grid_.cell_at(s / parities_));
  std::reverse(path.steps.begin(), path.steps.end());
  return path;
}

std::optional<Path> PathFinder::shortest(Cell from, Cell to, std::span<const Cell> occupied) {
  grid_.require_inside(from, "the start");
  grid_.require_inside(to, "the destination");
  const int goal = grid_.index(to);
  int found = -1;
  search(from, goal, std::numeric_limits<double>::max(), occupied, [&](int state, double) {
    if (state / parities_ != goal) return true;
    found = state;
    return false;
  });
  if (found < 0) return std::nullopt;
  return path_to(found);
}

Path PathFinder::toward(Cell from, Cell goal, double budget_feet, double stop_within_feet,
                        std::span<const Cell> occupied) {
  auto full = shortest(from, goal, occupied);
  if (!full) return {};
  const bool goal_taken = std::find(occupied.begin(), occupied.end(), goal) != occupied.end();
  Path out;
  Cell at = from;
  int diagonals = 0;
  for (Cell next : full->steps) {
    if (grid_.within_feet(at, goal, stop_within_feet)) break;
    if (next == goal && goal_taken) break;
    const double feet = out.feet + step_cost(grid_, rules_, at, next, diagonals) * grid_.scale();
    if (feet > budget_feet) break;
    if (is_diagonal(*direction_between(at, next))) ++diagonals;
    out.steps.push_back(next);
    out.feet = feet;
    at = next;
  }
  return out;
}

Path PathFinder::away_from(Cell from, std::span<const Cell> hostiles, double budget_feet,
                           std::span<const Cell> occupied) {
  grid_.require_inside(from, "the start");
  if (hostiles.empty()) return {};
  auto nearest_hostile = [&](Cell c) {
    double nearest = std::numeric_limits<double>::max();
    for (Cell h : hostiles) nearest = std::min(nearest, grid_.distance(c, h));
    return nearest;
  };
  int best = -1;
  double best_distance = -1, best_cost = 0;
  search(from, -1, budget_feet / grid_.scale(), occupied, [&](int state, double cost) {
    const Cell c = grid_.cell_at(state / parities_);
    const double d = nearest_hostile(c);
    // States come cheapest first, so a strictly farther cell, or an equally far one in earlier
    // row order at the same cost, is the only thing that replaces the best.
    if (d > best_distance || (d == best_distance && cost == best_cost && state / parities_ < best / parities_)) {
      best = state;
      best_distance = d;
      best_cost = cost;
    }
    return true;
  });
  return path_to(best);
}

}  // namespace arbiter
