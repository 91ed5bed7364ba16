#include "interpreter/core/grid.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "grammar/diagnostic.hpp"

namespace arbiter {

void Grid::check_size(int width, int height) {
  // A mile of 5' squares, more than any table: every per-cell array stays a few megabytes, and
  // the path finder's a few dozen.
  constexpr int largest_side = 1024;
  if (width < 1 || height < 1 || width > largest_side || height > largest_side)
    throw Error("a grid must be between 1 and " + std::to_string(largest_side) + " cells on each side, not " +
                std::to_string(width) + "×" + std::to_string(height));
}

void Grid::check_scale(int feet_per_cell) {
  constexpr int widest_cell = 10'000;  // keeps every coordinate in feet far inside an int
  if (feet_per_cell < 1 || feet_per_cell > widest_cell)
    throw Error("a grid cell must be between 1 and " + std::to_string(widest_cell) + " feet across, not " +
                std::to_string(feet_per_cell));
}

Grid::Grid(int width, int height, int feet_per_cell, Metric metric)
    : width_(width), height_(height), scale_(feet_per_cell), metric_(metric) {
  check_size(width, height);
  check_scale(feet_per_cell);
  const auto cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  edge_flags_.resize(2 * cells);
  edge_cost_.resize(2 * cells);
  cell_flags_.resize(cells);
  shelter_.resize(cells);
  cell_height_.resize(cells);
}

void Grid::require_inside(Cell c, std::string_view what) const {
  if (contains(c)) return;
  throw Error(std::string(what) + " " + (c.x >= 0 && c.y >= 0 ? label(c) : "(" + std::to_string(c.x) + ", " +
                                                                           std::to_string(c.y) + ")") +
              " is outside the grid (A1.." + label({width_ - 1, height_ - 1}) + ")");
}

Cell Grid::cell(std::string_view text) const {
  const auto parsed = parse_label(text);
  if (parsed && contains(*parsed)) return *parsed;
  const std::string corner = label({width_ - 1, height_ - 1});
  if (parsed) {
    const Cell nearest{std::min(parsed->x, width_ - 1), std::min(parsed->y, height_ - 1)};
    throw Error("there is no cell " + std::string(text) + " on this " + std::to_string(width_) + "×" +
                std::to_string(height_) + " grid (A1.." + corner + "); did you mean " + label(nearest) + "?");
  }
  throw Error("'" + std::string(text) + "' is not a cell label: write a column letter then a row number, like " +
              corner + letters_first_hint(text));
}

std::string Grid::letters_first_hint(std::string_view text) const {
  const auto first_letter = std::find_if(text.begin(), text.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
  const std::string swapped = std::string(first_letter, text.end()) + std::string(text.begin(), first_letter);
  if (const auto letters_first = parse_label(swapped); letters_first && contains(*letters_first))
    return "; did you mean " + label(*letters_first) + "?";
  return {};
}

Cell Grid::cell_at_feet(int x_feet, int y_feet) const {
  if (x_feet < 0 || y_feet < 0 || x_feet >= width_ * scale_ || y_feet >= height_ * scale_) {
    const Cell nearest{std::clamp(x_feet, 0, width_ * scale_ - 1) / scale_,
                       std::clamp(y_feet, 0, height_ * scale_ - 1) / scale_};
    throw Error("X: " + std::to_string(x_feet) + ", Y: " + std::to_string(y_feet) + " is outside the grid (X 0.." +
                std::to_string(width_ * scale_ - 1) + ", Y 0.." + std::to_string(height_ * scale_ - 1) +
                " feet); the nearest cell is " + label(nearest));
  }
  return {x_feet / scale_, y_feet / scale_};
}

std::pair<Cell, Cell> Grid::edge_cells(int edge) const {
  const Cell low = cell_at(edge / 2);
  return {low, edge % 2 == 0 ? Cell{low.x + 1, low.y} : Cell{low.x, low.y + 1}};
}

int Grid::require_edge(Cell a, Cell b) const {
  require_inside(a, "cell");
  require_inside(b, "cell");
  const int e = edge(a, b);
  if (e < 0)
    throw Error("a border lies between two cells side by side; " + label(a) + " and " + label(b) + " are not");
  return e;
}

void Grid::set_border(Cell a, Cell b, Border border) {
  const auto e = static_cast<std::size_t>(require_edge(a, b));
  // Paths estimate their remaining cost from the metric alone; a negative cost would break that.
  if (border.extra_cost < 0) throw Error("a border's extra cost cannot be negative (" + label(a) + "|" + label(b) + ")");
  edge_flags_[e] = static_cast<std::uint8_t>((border.stops_movement() ? stops_movement_bit : 0) |
                                             (border.stops_sight() ? stops_sight_bit : 0));
  edge_cost_[e] = border.extra_cost;
  revision_.bump();
  borders_[static_cast<int>(e)] = std::move(border);
}

void Grid::remove_border(Cell a, Cell b) {
  const auto e = static_cast<std::size_t>(require_edge(a, b));
  edge_flags_[e] = 0;
  edge_cost_[e] = 0;
  revision_.bump();
  borders_.erase(static_cast<int>(e));
}

const Border* Grid::border(Cell a, Cell b) const {
  const int e = edge(a, b);
  if (e < 0) return nullptr;
  const auto it = borders_.find(e);
  return it == borders_.end() ? nullptr : &it->second;
}

void Grid::set_terrain(Cell c, Terrain terrain) {
  require_inside(c, "cell");
  const auto i = static_cast<std::size_t>(index(c));
  cell_flags_[i] = static_cast<std::uint8_t>((terrain.impassable ? impassable_bit : 0) |
                                             (terrain.difficult ? difficult_bit : 0));
  shelter_[i] = static_cast<std::uint8_t>(terrain.shelter);
  cell_height_[i] = terrain.height;
  revision_.bump();
  if (terrain == Terrain{}) terrain_.erase(index(c));
  else terrain_[index(c)] = std::move(terrain);
}

const Terrain& Grid::terrain(Cell c) const {
  static const Terrain open_ground;
  const auto it = terrain_.find(index(c));
  return it == terrain_.end() ? open_ground : it->second;
}

std::size_t Grid::bytes_held() const noexcept {
  const auto bytes = [](const auto& cells) { return cells.capacity() * sizeof(cells[0]); };
  return bytes(edge_flags_) + bytes(edge_cost_) + bytes(cell_flags_) + bytes(shelter_) + bytes(cell_height_);
}

}  // namespace arbiter
