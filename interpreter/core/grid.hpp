#pragma once
// The battlefield: width × height cells of `scale` feet, the borders between neighbouring cells
// and each cell's terrain, with the ruleset's distance metric. Heimr's location grid (A1..C3,
// borders between locations) is this same grid with a scale that does not matter.
//
// Coordinates come in three forms: cells (x east, y north, from 0), feet (Platemail's
// "X: 15, Y: 20", the south-west corner of a cell is x*scale, y*scale) and labels ("C3", see
// labels.hpp). Every form a person typed is checked, and a bad one is an arbiter::Error.
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "interpreter/core/change_counter.hpp"
#include "interpreter/core/coordinates.hpp"
#include "interpreter/core/labels.hpp"
#include "interpreter/core/map_features.hpp"
#include "interpreter/core/metric.hpp"

namespace arbiter {

struct Feet {
  int x = 0;
  int y = 0;
  friend bool operator==(Feet, Feet) = default;
};

class Grid {
 public:
  // Throws arbiter::Error when check_size or check_scale would.
  Grid(int width, int height, int feet_per_cell = 5, Metric metric = Metric::Chebyshev);
  // What a grid may be, checked alone so a reader can point at the field that is wrong.
  static void check_size(int width, int height);
  static void check_scale(int feet_per_cell);

  int width() const { return width_; }
  int height() const { return height_; }
  int scale() const { return scale_; }  // feet per cell
  Metric metric() const { return metric_; }
  void set_metric(Metric metric) {
    metric_ = metric;
    revision_.bump();
  }
  // Goes up with every change to the map, so a cache built from it (the path finder's step
  // table) knows when to rebuild.
  std::uint64_t revision() const { return revision_.count; }
  int cell_count() const { return width_ * height_; }

  bool contains(Cell c) const { return c.x >= 0 && c.y >= 0 && c.x < width_ && c.y < height_; }
  int index(Cell c) const { return c.y * width_ + c.x; }
  Cell cell_at(int index) const { return {index % width_, index / width_}; }
  // Throws arbiter::Error "<what> <label> is outside the grid" unless `c` is inside.
  void require_inside(Cell c, std::string_view what) const;

  Cell cell(std::string_view label) const;  // "C3"; a bad or outside label is an Error
  // "; did you mean C3?" for a label written digits first ("3C", the commonest slip) whose
  // letters-first form is a cell of this grid; empty otherwise.
  std::string letters_first_hint(std::string_view text) const;
  std::string label(Cell c) const { return format_label(c); }
  Cell cell_at_feet(int x_feet, int y_feet) const;  // the cell holding that point
  Feet feet(Cell c) const { return {c.x * scale_, c.y * scale_}; }

  double distance(Cell a, Cell b) const { return arbiter::distance(metric_, a, b); }  // cells
  double distance_feet(Cell a, Cell b) const { return distance(a, b) * scale_; }
  bool adjacent(Cell a, Cell b) const { return arbiter::adjacent(metric_, a, b); }
  bool within_feet(Cell a, Cell b, double feet) const { return distance_feet(a, b) <= feet; }
  // Reach (Platemail: 5', or 10' with Reach) is never less than one cell: the grid cannot place
  // two characters closer than side by side, so on 10' cells a 5' reach is the next cell, not none.
  double reach_feet(double feet) const { return std::max(feet, static_cast<double>(scale_)); }
  // An adjacent cell is always within reach: the grid cannot place two characters closer in that
  // direction (a diagonal neighbour under `euclidean` is 7.07' away, yet "adjacent").
  bool within_reach(Cell a, Cell b, double feet) const { return adjacent(a, b) || within_feet(a, b, reach_feet(feet)); }

  // Borders lie between two orthogonal neighbours, in either order. Setting one replaces it.
  void set_border(Cell a, Cell b, Border border);
  void remove_border(Cell a, Cell b);
  const Border* border(Cell a, Cell b) const;  // nullptr when there is none
  // Every border by edge number (edge_cells gives its two cells), in a stable order.
  const std::map<int, Border>& borders() const { return borders_; }
  std::pair<Cell, Cell> edge_cells(int edge) const;
  // The edge between orthogonal neighbours a and b, or -1 when they are not.
  int edge(Cell a, Cell b) const {
    if (!contains(a) || !contains(b)) return -1;
    if (a.y == b.y && (a.x - b.x == 1 || b.x - a.x == 1)) return 2 * index(a.x < b.x ? a : b);
    if (a.x == b.x && (a.y - b.y == 1 || b.y - a.y == 1)) return 2 * index(a.y < b.y ? a : b) + 1;
    return -1;
  }

  void set_terrain(Cell c, Terrain terrain);
  const Terrain& terrain(Cell c) const;  // open ground (Terrain{}) unless set
  // The cells whose terrain is set, by cell index, in order.
  const std::map<int, Terrain>& terrains() const { return terrain_; }

  // Hot queries for sight and paths, read from compact arrays (no map lookups). `edge` must be a
  // valid edge number, `cell` a valid cell index.
  bool edge_stops_movement(int edge) const { return edge_flags_[static_cast<std::size_t>(edge)] & stops_movement_bit; }
  bool edge_stops_sight(int edge) const { return edge_flags_[static_cast<std::size_t>(edge)] & stops_sight_bit; }
  double edge_cost(int edge) const { return edge_cost_[static_cast<std::size_t>(edge)]; }
  Shelter shelter_at(int cell) const { return static_cast<Shelter>(shelter_[static_cast<std::size_t>(cell)]); }
  bool impassable_at(int cell) const { return cell_flags_[static_cast<std::size_t>(cell)] & impassable_bit; }
  bool difficult_at(int cell) const { return cell_flags_[static_cast<std::size_t>(cell)] & difficult_bit; }
  int height_at(int cell) const { return cell_height_[static_cast<std::size_t>(cell)]; }

  // What its cells take on the heap (a held fight's map is counted against a pack's budget).
  std::size_t bytes_held() const noexcept;

  friend bool operator==(const Grid&, const Grid&) = default;

 private:
  static constexpr std::uint8_t stops_movement_bit = 1, stops_sight_bit = 2;
  static constexpr std::uint8_t impassable_bit = 1, difficult_bit = 2;
  int require_edge(Cell a, Cell b) const;

  ChangeCounter revision_;
  int width_;
  int height_;
  int scale_;
  Metric metric_;
  std::map<int, Border> borders_;
  std::map<int, Terrain> terrain_;  // only the cells that are not open ground
  // Mirrors of borders_ and terrain_ kept in step by the setters.
  std::vector<std::uint8_t> edge_flags_;  // two edges per cell: 2i is its east side, 2i+1 its north
  std::vector<double> edge_cost_;
  std::vector<std::uint8_t> cell_flags_;
  std::vector<std::uint8_t> shelter_;
  std::vector<int> cell_height_;
};

}  // namespace arbiter
