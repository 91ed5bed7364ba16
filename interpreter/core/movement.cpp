#include "interpreter/core/movement.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/coordinates.hpp"

namespace arbiter {

std::string_view name(MoveEventKind kind) {
  constexpr std::array<std::string_view, 9> names{"swap",      "cross",      "head_on",      "same_cell",
                                                  "blocked",   "left_reach", "border_limit", "border_challenge",
                                                  "picked_up"};
  return names[static_cast<std::size_t>(kind)];
}

namespace {

void check_paths(const Grid& grid, const PathRules& rules, std::span<const Mover> movers) {
  for (std::size_t m = 0; m < movers.size(); ++m) {
    const Mover& mover = movers[m];
    grid.require_inside(mover.start, mover.name + "'s starting cell");
    for (const auto& [verb, other] : {std::pair{"carries", mover.carries}, std::pair{"follows", mover.follows}})
      if (other != nobody && (other >= movers.size() || other == m))
        throw Error(fmt::format("{} {} mover {}: not another of the {} movers", mover.name, verb, other,
                                movers.size()));
    Cell at = mover.start;
    for (std::size_t i = 0; i < mover.path.size(); ++i) {
      const Cell next = mover.path[i];
      if (const StepCheck check = check_step(grid, rules, at, next); check.obstacle != StepObstacle::None)
        throw Error(fmt::format("{}'s path, step {} (from {} to {}), is not possible: {}", mover.name, i + 1,
                                grid.label(at), grid.contains(next) ? grid.label(next) : "outside the grid",
                                describe(grid, check, at, next)));
      at = next;
    }
  }
}

// One phase being resolved: positions, this step's intentions, who has been halted.
class Phase {
 public:
  Phase(const Grid& grid, std::span<const Mover> movers, BorderTraffic& traffic, const MovementRules& rules,
        const MoveDecision& decide)
      : grid_(grid), movers_(movers), traffic_(traffic), rules_(rules), decide_(decide),
        position_(movers.size()), want_(movers.size()), before_(movers.size()), halted_(movers.size(), false),
        stop_after_(movers.size(), false),
        side_(movers.size()), reach_(movers.size()), partner_(movers.size(), nobody),
        followed_feet_(movers.size(), 0.0), diagonals_(movers.size(), 0), taken_(movers.size(), 0),
        waited_for_(movers.size(), nobody), ahead_(movers.size(), nobody) {
    result_.walked.resize(movers.size());
    result_.carried_by.assign(movers.size(), nobody);
    by_cell_.resize(movers.size());
    for (std::size_t i = 0; i < movers.size(); ++i) by_cell_[i] = i;
    // Sides as small numbers: the pair loops compare them thousands of times per phase.
    std::map<std::string_view, int> sides;
    for (std::size_t i = 0; i < movers.size(); ++i) {
      position_[i] = movers[i].start;
      side_[i] = sides.try_emplace(movers[i].side, static_cast<int>(sides.size())).first->second;
      reach_[i] = grid.reach_feet(movers[i].reach_feet);
    }
  }

  MovementResult run() {
    std::size_t longest = 0;
    for (const Mover& m : movers_) longest = std::max(longest, m.path.size());
    // A follower steps while anyone moves, or as many steps as its feet allow to reach the one it follows.
    for (const Mover& m : movers_)
      if (m.follows != nobody) longest = std::max(longest, static_cast<std::size_t>(m.follow_feet / grid_.scale()));
    pick_up();
    // One who waits a step for another to pass goes on a step later: a step more for each wait.
    for (std::size_t step = 1; step <= longest + waits_; ++step) {
      step_ = static_cast<int>(step);
      intend();
      check_borders();
      check_pairs();
      keep_cells_single();
      advance();
      check_reach();
      pick_up();
    }
    result_.positions = position_;
    return std::move(result_);
  }

 private:
  bool moving(std::size_t i) const { return want_[i] != position_[i]; }
  bool allies(std::size_t i, std::size_t j) const { return side_[i] == side_[j]; }
  bool carried(std::size_t i) const { return result_.carried_by[i] != nobody; }
  bool carrying(std::size_t i) const { return partner_[i] != nobody && !carried(i); }

  // Every metric counts at least the larger of the two offsets, so this cheap test rules out
  // almost every pair before the metric is asked. `reach_feet` is from reach_: a cell at least.
  bool within_reach(Cell a, Cell b, double reach_feet) const {
    const int far = std::max(std::abs(a.x - b.x), std::abs(a.y - b.y));
    return far * grid_.scale() <= reach_feet && grid_.within_reach(a, b, reach_feet);
  }

  // A carrier and the one it carries stop together: one step apart, or they would part.
  void halt(std::size_t i) {
    halted_[i] = true;
    want_[i] = position_[i];
    if (const std::size_t partner = partner_[i]; partner != nobody && moving(partner)) halt(partner);
  }

  // `i` stays where it is this step, and goes on along its way after `taker` has passed.
  void wait_for(std::size_t i, std::size_t taker) {
    want_[i] = position_[i];
    waited_for_[i] = taker;
    ++waits_;
    if (const std::size_t partner = partner_[i]; partner != nobody && moving(partner)) wait_for(partner, taker);
  }

  // `i` stops once it has taken its next step: this one, or, if it waits a step for another to
  // pass first, the one after (a head-on meeting: it lets the other by, then steps in and stops).
  void stop_after_step(std::size_t i) {
    stop_after_[i] = true;
    if (partner_[i] != nobody) stop_after_[partner_[i]] = true;
  }

  // The carried one's first step with its carrier is into the carrier's cell: they must be side
  // by side with that step possible. One who carries or is carried is not picked up, nor picks up.
  void pick_up() {
    for (std::size_t i = 0; i < movers_.size(); ++i) {
      const std::size_t j = movers_[i].carries;
      if (j == nobody || partner_[i] != nobody || partner_[j] != nobody) continue;
      if (!grid_.adjacent(position_[i], position_[j]) ||
          check_step(grid_, rules_.paths, position_[j], position_[i]).obstacle != StepObstacle::None)
        continue;
      partner_[i] = j;
      partner_[j] = i;
      result_.carried_by[j] = i;
      report_step(MoveEventKind::PickedUp, i, j, {position_[i], position_[i]}, {position_[j], position_[j]});
    }
  }

  // `other` has entered the cell it holds this phase, and `mover` is not following it: it stands
  // neither where the other started nor anywhere the other has stepped.
  bool crossed(std::size_t mover, std::size_t other) const {
    const std::vector<Cell>& walked = result_.walked[other];
    return !walked.empty() && position_[mover] != movers_[other].start &&
           std::find(walked.begin(), walked.end(), position_[mover]) == walked.end();
  }

  // The steps are from each one's position to its wish, unless given (LeftReach: the steps taken).
  void report(MoveEventKind kind, std::size_t mover, std::size_t other, int edge = -1) {
    report_step(kind, mover, other, {position_[mover], want_[mover]},
                other != nobody ? std::pair{position_[other], want_[other]} : std::pair<Cell, Cell>{}, edge);
  }

  // `step`: the mover's, `other_step` the other's, each from where it stands to where it goes.
  void report_step(MoveEventKind kind, std::size_t mover, std::size_t other, std::pair<Cell, Cell> step,
                   std::pair<Cell, Cell> other_step, int edge = -1) {
    MoveEvent event{.kind = kind, .step = step_, .mover = mover, .other = other, .from = step.first,
                    .to = step.second, .other_from = {}, .other_to = {}, .mover_ready = movers_[mover].ready,
                    .mover_carrying = carrying(mover), .edge = edge};
    if (other != nobody) {
      event.other_from = other_step.first;
      event.other_to = other_step.second;
      event.allies = allies(mover, other);
      event.other_ready = movers_[other].ready;
      event.other_carrying = carrying(other);
    }
    if (kind == MoveEventKind::Blocked) event.crossed = crossed(mover, other);
    result_.events.push_back(event);
    if (!decide_) return;
    const auto halt_whom = static_cast<unsigned>(decide_(event));
    if (halt_whom & static_cast<unsigned>(Halt::Mover)) halt(mover);
    if ((halt_whom & static_cast<unsigned>(Halt::Other)) && other != nobody) halt(other);
    if (halt_whom & static_cast<unsigned>(Halt::MoverAfterStep)) stop_after_step(mover);  // this step is still taken
    if ((halt_whom & static_cast<unsigned>(Halt::OtherAfterStep)) && other != nobody) stop_after_step(other);
  }

  void intend() {
    for (std::size_t i = 0; i < movers_.size(); ++i) {
      if (carried(i)) continue;
      const auto& path = movers_[i].path;
      want_[i] = !halted_[i] && taken_[i] < path.size() ? path[taken_[i]] : position_[i];
    }
    // Once every carrier's wish is known: the carried step into the cells their carriers leave.
    for (std::size_t i = 0; i < movers_.size(); ++i)
      if (carried(i)) want_[i] = moving(partner_[i]) ? position_[partner_[i]] : position_[i];
    // And once everyone else's is: the followers keep beside the ones they follow.
    for (std::size_t i = 0; i < movers_.size(); ++i)
      if (movers_[i].follows != nobody && !carried(i) && !halted_[i]) want_[i] = follow_step(i);
  }

  // Where follower `i` steps to stay beside the one it follows, which means to enter want_[ward]:
  // a cell beside that one before a cell nearer to it, then the nearest, straight behind it before
  // off to a side, the first direction (N, NE, …) breaking a tie; never a cell someone stays in or
  // means to enter (a cell being left is free), nor beyond its feet.
  Cell follow_step(std::size_t i) const {
    const Cell here = position_[i], ward = want_[movers_[i].follows];
    if (grid_.adjacent(here, ward)) return here;
    const auto rank_of = [&](Cell c) {
      const int dx = c.x - ward.x, dy = c.y - ward.y;
      return std::tuple{!grid_.adjacent(c, ward), grid_.distance(c, ward), dx * dx + dy * dy};
    };
    Cell best = here;
    auto best_rank = rank_of(here);
    for (const Direction direction : all_directions) {
      const Cell next = step(here, direction);
      if (next == ward || check_step(grid_, rules_.paths, here, next).obstacle != StepObstacle::None) continue;
      if (followed_feet_[i] + step_feet(i, next) > movers_[i].follow_feet) continue;
      bool taken = false;
      for (std::size_t j = 0; j < movers_.size() && !taken; ++j)
        taken = j != i && want_[j] == next;  // one staying wants its own cell
      if (taken) continue;
      const auto rank = rank_of(next);
      if (rank < best_rank) {
        best = next;
        best_rank = rank;
      }
    }
    return best;
  }

  double step_feet(std::size_t i, Cell next) const {
    return step_cost(grid_, rules_.paths, position_[i], next, diagonals_[i]) * grid_.scale();
  }

  // Heimr: "As soon as the limit is reached, no more characters can move through the border."
  void check_borders() {
    std::map<int, int> passing;
    for (std::size_t i = 0; i < movers_.size(); ++i) {
      if (!moving(i)) continue;
      const int edge = grid_.edge(position_[i], want_[i]);
      const Border* border = edge < 0 ? nullptr : grid_.border(position_[i], want_[i]);
      if (!border) continue;
      if (border->movement_limit > 0) {
        const auto used = traffic_.find(edge);
        if ((used == traffic_.end() ? 0 : used->second.count) + passing[edge] >= border->movement_limit) {
          report(MoveEventKind::BorderLimit, i, nobody, edge);
          halt(i);
          continue;
        }
        ++passing[edge];
      }
      if (border->crossing_challenge) report(MoveEventKind::BorderChallenge, i, nobody, edge);
    }
  }

  bool crossing_corner(std::size_t i, std::size_t j) const {
    const Cell a = position_[i], b = want_[i];
    if (a.x == b.x || a.y == b.y) return false;
    const Cell side_a{b.x, a.y}, side_b{a.x, b.y};
    return (position_[j] == side_a && want_[j] == side_b) || (position_[j] == side_b && want_[j] == side_a);
  }

  // `j` steps into the cell `i` walked into and is leaving, and goes on beyond it to the other
  // side of `i`'s way through it (the way in and the way out): it crosses `i`'s path right behind
  // it. One who stops there, turns after `i` (round a corner) or back, only follows or touches,
  // and the cell `i` started from is no path behind it.
  bool crossing_behind(std::size_t i, std::size_t j) const {
    if (want_[j] != position_[i] || !moving(i)) return false;
    const std::vector<Cell>& way = movers_[j].path;
    if (movers_[j].follows != nobody || carried(j) || taken_[j] + 1 >= way.size()) return false;
    const std::vector<Cell>& walked = result_.walked[i];
    if (walked.empty() || walked.back() != position_[i]) return false;
    const Cell at = position_[i], in = walked.size() > 1 ? walked[walked.size() - 2] : movers_[i].start;
    const Cell from = position_[j], beyond = way[taken_[j] + 1];
    // Which side of the line from `at` along (dx, dy) a cell is on: the sign of a cross product.
    const auto across = [&](int dx, int dy) {
      const auto side = [&](Cell c) { return dx * (c.y - at.y) - dy * (c.x - at.x); };
      return side(from) * side(beyond) < 0;
    };
    return across(at.x - in.x, at.y - in.y) && across(want_[i].x - at.x, want_[i].y - at.y);
  }

  bool opposite_directions(std::size_t i, std::size_t j) const {
    return want_[i].x - position_[i].x == -(want_[j].x - position_[j].x) &&
           want_[i].y - position_[i].y == -(want_[j].y - position_[j].y);
  }

  // Who stands in `cell` now, or nobody (`standing_`: everyone's cell, sorted, made each step).
  std::size_t standing_in(Cell cell) const {
    const auto at = std::lower_bound(standing_.begin(), standing_.end(), std::pair{cell, std::size_t{0}});
    return at != standing_.end() && at->first == cell ? at->second : nobody;
  }

  // Whether `k` is one of a ring of movers, each stepping into the next one's cell (two: a swap).
  // The ring moves only if each takes the cell it steps into.
  bool in_ring(std::size_t k) const {
    std::size_t at = k;
    for (std::size_t n = 0; n < movers_.size() && moving(at); ++n) {
      at = standing_in(want_[at]);
      if (at == nobody) return false;
      if (at == k) return true;
    }
    return false;
  }

  // Whether `m` takes before `k` a cell both step into: one of a ring first (were it to wait, the
  // cell's holder, further along the ring, could not leave it: no one would move), then one who
  // goes on after this step (one who stops after it is not to stand in its way), then the first.
  bool takes_before(std::size_t m, std::size_t k) const {
    return std::tuple{!in_ring(m), static_cast<bool>(stop_after_[m]), m} <
           std::tuple{!in_ring(k), static_cast<bool>(stop_after_[k]), k};
  }

  // Whether `k`, moving, is sure to let another take the cell it steps into and wait (as
  // keep_cells_single picks the one who takes a cell several step into: takes_before).
  bool gives_way(std::size_t k) const {
    for (std::size_t m = 0; m < movers_.size(); ++m)
      if (m != k && moving(m) && want_[m] == want_[k] && takes_before(m, k)) return true;
    return false;
  }

  // Whether `k` is sure to end this step where it stands, whatever the meetings still to judge
  // decide: it is not moving, or gives way to another stepping into the same cell, or steps into
  // the cell of one who so stays (one character to a cell). `i` and `j`: the two being judged,
  // whose own meeting is not yet decided (met again along the cells ahead: none of them stays).
  bool stays(std::size_t k, std::size_t i, std::size_t j) const {
    for (std::size_t n = 0; n <= movers_.size(); ++n) {
      if (!moving(k) || gives_way(k)) return true;
      k = ahead_[k];
      if (k == nobody || k == i || k == j) return false;
    }
    return false;  // a ring of movers, each stepping into the next one's cell
  }

  // Whether `i`'s step is sure not to be taken this step: the cell it steps into is held by one
  // who stays there. Then `i` meets no one on that step: it is only blocked (keep_cells_single).
  // `j` is the one `i` is being judged with.
  bool kept_out(std::size_t i, std::size_t j) const {
    if (!rules_.one_per_cell) return false;
    const std::size_t k = ahead_[i];
    return k != nobody && k != j && stays(k, i, j);
  }

  // How many others stand one behind another in the cells ahead of `i`, each leaving its cell
  // for the next (`j` aside): what meets them decides whether `i` can step.
  std::size_t queued_behind(std::size_t i, std::size_t j) const {
    std::size_t depth = 0;
    for (std::size_t at = i; depth < movers_.size(); ++depth) {
      const std::size_t k = ahead_[at];
      if (k == nobody || k == i || k == j || !moving(k)) break;
      at = k;
    }
    return depth;
  }

  // Swaps, crossings and shared wishes all need two movers within two cells of each other. Two
  // who step into cells others are leaving are judged after those others' meetings, which may
  // stop them where they stand.
  void check_pairs() {
    standing_.clear();
    for (std::size_t i = 0; i < movers_.size(); ++i) standing_.emplace_back(position_[i], i);
    std::sort(standing_.begin(), standing_.end());
    walkers_.clear();
    for (std::size_t i = 0; i < movers_.size(); ++i) {
      ahead_[i] = moving(i) ? standing_in(want_[i]) : nobody;
      if (moving(i)) walkers_.push_back(i);
    }
    queued_.clear();
    for (std::size_t a = 0; a < walkers_.size(); ++a)
      for (std::size_t b = a + 1; b < walkers_.size(); ++b) {
        const std::size_t i = walkers_[a], j = walkers_[b];
        if (partner_[i] == j) continue;  // a carrier and the one it carries move as one
        if (std::abs(position_[i].x - position_[j].x) > 2 || std::abs(position_[i].y - position_[j].y) > 2) continue;
        if (const std::size_t depth = std::max(queued_behind(i, j), queued_behind(j, i)); depth > 0)
          queued_.push_back({depth, i, j});
        else
          judge_pair(i, j);
      }
    std::stable_sort(queued_.begin(), queued_.end(),
                     [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
    for (const auto& [depth, i, j] : queued_) judge_pair(i, j);
  }

  // Reports the meeting of `i`'s and `j`'s steps, if they meet. A step into a cell someone stays in
  // is not taken, so it meets no one on the way (a square held by one who stays: two stepping into
  // it are both only blocked, and no paths cross in it, nor at a corner beside it).
  void judge_pair(std::size_t i, std::size_t j) {
    if (!moving(i) || !moving(j)) return;  // halted by an earlier event this step
    // One waited for the other to take the cell between them: now they pass, as was decided.
    if (waited_for_[i] == j || waited_for_[j] == i) return;
    MoveEventKind kind{};
    std::size_t mover = i, other = j;
    if (want_[i] == position_[j] && want_[j] == position_[i]) kind = MoveEventKind::Swap;
    else if (crossing_corner(i, j)) kind = MoveEventKind::Cross;
    else if (crossing_behind(i, j)) {
      kind = MoveEventKind::Cross;
      std::swap(mover, other);
    } else if (crossing_behind(j, i)) kind = MoveEventKind::Cross;
    else if (want_[i] == want_[j]) kind = opposite_directions(i, j) ? MoveEventKind::HeadOn : MoveEventKind::SameCell;
    else return;
    if (kept_out(i, j) || kept_out(j, i)) return;
    report(kind, mover, other);
  }

  // With one character per cell, a step into a cell someone stays in is not taken. Of several
  // stepping into one cell whom the meeting did not stop, the first takes it and the others wait a
  // step (they pass after it, or find it held). Halting or waiting can block the one behind, so
  // repeat until nothing changes. Each round sorts the characters by the cell they will be in, so
  // clashes sit side by side.
  void keep_cells_single() {
    for (std::size_t& waited : waited_for_) waited = nobody;
    if (!rules_.one_per_cell) return;
    // Trusting that a holder stays is a foresight; should it ever fail to come true (nothing else
    // changing), the cells left waiting for it are settled as they stand.
    bool foresee = true, foreseen = false;
    for (bool changed = true; changed;) {
      changed = false;
      foreseen = false;
      std::sort(by_cell_.begin(), by_cell_.end(), [this](std::size_t a, std::size_t b) {
        return want_[a] < want_[b] || (want_[a] == want_[b] && a < b);
      });
      std::vector<std::pair<std::size_t, std::size_t>> blocked;  // (mover, the one staying there)
      for (std::size_t first = 0, last; first < by_cell_.size(); first = last) {
        last = first + 1;
        while (last < by_cell_.size() && want_[by_cell_[last]] == want_[by_cell_[first]]) ++last;
        if (last - first == 1) continue;
        std::size_t staying = nobody;
        for (std::size_t k = first; k < last; ++k)
          if (!moving(by_cell_[k])) staying = by_cell_[k];
        // One leaving the cell who is sure to stay in it (stopped by what stops it here) holds it
        // once that is settled: no one takes the cell, nor waits for another to take it.
        if (const std::size_t holder = standing_in(want_[by_cell_[first]]);
            foresee && staying == nobody && holder != nobody && stays(holder, holder, nobody)) {
          foreseen = true;
          continue;
        }
        // Movers wanting one cell were reported as SameCell or HeadOn already. One of a ring takes
        // the cell first, then one who goes on after this step (takes_before).
        std::size_t taker = nobody;
        for (std::size_t k = first; k < last && staying == nobody; ++k)
          if (taker == nobody || takes_before(by_cell_[k], taker)) taker = by_cell_[k];
        for (std::size_t k = first; k < last; ++k) {
          const std::size_t i = by_cell_[k];
          if (!moving(i) || i == taker) continue;
          if (staying != nobody) {
            blocked.emplace_back(i, staying);
            halt_later_.push_back(i);
          } else {
            wait_later_.emplace_back(i, taker);
          }
        }
      }
      std::sort(blocked.begin(), blocked.end());
      for (const auto& [i, k] : blocked) report(MoveEventKind::Blocked, i, k);
      for (std::size_t i : halt_later_) halt(i);
      for (const auto& [i, taker] : wait_later_) wait_for(i, taker);
      changed = !halt_later_.empty() || !wait_later_.empty();
      if (!changed && foreseen) {
        foresee = false;
        changed = true;
      }
      halt_later_.clear();
      wait_later_.clear();
    }
  }

  void advance() {
    before_ = position_;
    for (std::size_t i = 0; i < movers_.size(); ++i) {
      if (!moving(i)) continue;
      const int edge = grid_.edge(position_[i], want_[i]);
      if (const Border* border = edge < 0 ? nullptr : grid_.border(position_[i], want_[i]);
          border && border->movement_limit > 0) {
        BorderUse& use = traffic_[edge];
        if (use.count++ == 0) use.first = movers_[i].id;
      }
      if (movers_[i].follows != nobody) followed_feet_[i] += step_feet(i, want_[i]);
      diagonals_[i] += position_[i].x != want_[i].x && position_[i].y != want_[i].y;
      position_[i] = want_[i];
      ++taken_[i];
      if (stop_after_[i]) halted_[i] = true;
      if (!carried(i)) result_.walked[i].push_back(position_[i]);
    }
  }

  // Platemail: an Attack of Opportunity is "triggered when an adjacent enemy moves into a
  // non-adjacent space"; reported for every foe whose reach is left, Ready or not.
  void check_reach() {
    for (std::size_t i = 0; i < movers_.size(); ++i) {
      if (before_[i] == position_[i]) continue;
      for (std::size_t j = 0; j < movers_.size(); ++j) {
        if (j == i || allies(i, j) || partner_[i] == j) continue;
        const double reach = reach_[j];
        if (within_reach(before_[i], before_[j], reach) && !within_reach(position_[i], position_[j], reach))
          report_step(MoveEventKind::LeftReach, i, j, {before_[i], position_[i]}, {before_[j], position_[j]});
      }
    }
  }

  const Grid& grid_;
  std::span<const Mover> movers_;
  BorderTraffic& traffic_;
  const MovementRules& rules_;
  const MoveDecision& decide_;
  std::vector<Cell> position_, want_, before_;
  std::vector<bool> halted_;
  std::vector<bool> stop_after_;  // stops once it has taken its next step (Halt's …AfterStep)
  std::vector<int> side_;
  std::vector<double> reach_;
  std::vector<std::size_t> partner_;  // the one each carries or is carried by, once picked up
  std::vector<double> followed_feet_;  // how far each follower has gone following
  std::vector<int> diagonals_;         // diagonal steps taken: the 5-10-5 metric's count
  std::vector<std::size_t> taken_;     // steps of its path each has taken: the next is path[taken_]
  std::vector<std::size_t> waited_for_;  // this step, the one each waits for to pass, or nobody
  std::size_t waits_ = 0;              // steps waited, which the phase lasts longer for
  std::vector<std::size_t> by_cell_, halt_later_, walkers_;
  std::vector<std::tuple<std::size_t, std::size_t, std::size_t>> queued_;  // (queued behind, i, j) this step
  std::vector<std::pair<Cell, std::size_t>> standing_;  // (cell, who stands there) this step, sorted
  std::vector<std::size_t> ahead_;  // this step, who stands in the cell each moving one steps into, or nobody
  std::vector<std::pair<std::size_t, std::size_t>> wait_later_;  // (mover, the one it waits for)
  int step_ = 0;
  MovementResult result_;
};

}  // namespace

void reset_traffic_started_by(BorderTraffic& traffic, int mover_id) {
  std::erase_if(traffic, [mover_id](const auto& entry) { return entry.second.first == mover_id; });
}

MovementResult resolve_movement(const Grid& grid, std::span<const Mover> movers, BorderTraffic& traffic,
                                const MovementRules& rules, const MoveDecision& decide) {
  check_paths(grid, rules.paths, movers);
  return Phase(grid, movers, traffic, rules, decide).run();
}

}  // namespace arbiter
