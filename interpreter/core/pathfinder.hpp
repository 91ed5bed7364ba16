#pragma once
// Paths over the grid: the cheapest path (A*), "move toward X up to N feet" and "move away from
// hostiles". One PathFinder keeps its search buffers between queries, so a query allocates only
// the path it returns. A PathFinder reads its grid live; build one per grid and reuse it.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "interpreter/core/step_rules.hpp"

namespace arbiter {

struct Path {
  std::vector<Cell> steps;  // the cells entered, in order; the start is not included
  double feet = 0;          // what the steps cost
  friend bool operator==(const Path&, const Path&) = default;
};

class PathFinder {
 public:
  explicit PathFinder(const Grid& grid, PathRules rules = {});

  // The cheapest path, or nullopt when `to` cannot be reached. `occupied` cells (other
  // characters) are walked around; `to` itself may be one of them.
  std::optional<Path> shortest(Cell from, Cell to, std::span<const Cell> occupied = {});

  // Platemail's "Charge toward the closest enemy": along the cheapest path, as far as
  // `budget_feet` allows, stopping early once within `stop_within_feet` of `goal` (0: at it). An
  // occupied goal is never entered. An unreachable goal gives an empty path.
  Path toward(Cell from, Cell goal, double budget_feet, double stop_within_feet = 0,
              std::span<const Cell> occupied = {});

  // Platemail's Fall Back and Terror, "move away from hostiles": the cell reachable within
  // `budget_feet` whose nearest hostile is farthest; on a tie the cheaper, then the first in row
  // order. Staying put is an answer (empty path) when nothing is better.
  Path away_from(Cell from, std::span<const Cell> hostiles, double budget_feet, std::span<const Cell> occupied = {});

  const PathRules& rules() const { return rules_; }

 private:
  struct Node {
    double estimate;  // cost so far + heuristic
    double cost;
    int crow_flight;  // squared straight-line distance to the goal, to break ties
    int state;
  };
  // Search from `from` over (cell, diagonal parity) states. With a goal it is A*; without one
  // (goal < 0) it is Dijkstra bounded by `budget`, calling settle(state, cost) for each state in
  // cost order.
  template <class Settle>
  void search(Cell from, int goal, double budget, std::span<const Cell> occupied, Settle&& settle);
  double heuristic(int state, Cell goal) const;
  Path path_to(int state) const;
  void begin_query(std::span<const Cell> occupied);

  // Which of the eight steps out of each cell check_step allows, one bit per Direction, rebuilt
  // whenever the grid changes: the inner loop then reads a byte instead of re-checking walls.
  void refresh_open_steps();

  const Grid& grid_;
  PathRules rules_;
  int parities_;  // 2 under 5-10-5, where the cost of the next diagonal depends on the count so far
  std::uint32_t query_ = 0;
  std::uint64_t steps_revision_ = 0;
  bool steps_built_ = false;
  std::vector<std::uint8_t> open_steps_;
  std::vector<std::uint32_t> reached_;   // == query_: cost_ and parent_ are valid this query
  std::vector<std::uint32_t> settled_;
  std::vector<std::uint32_t> occupied_;
  std::vector<double> cost_;
  std::vector<int> parent_;
  std::vector<Node> open_;
};

}  // namespace arbiter
