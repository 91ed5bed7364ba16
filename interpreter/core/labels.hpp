#pragma once
// Chessboard labels for cells: a column letter then a row number. Column A is the west edge and
// row 1 the south edge, as files and ranks run on a chessboard seen from White's side, so A1 is
// cell (0, 0) and C3 is (2, 2). Past Z the columns go on AA, AB, … like a spreadsheet.
#include <optional>
#include <string>
#include <string_view>

#include "interpreter/core/coordinates.hpp"

namespace arbiter {

// A label in a buffer of its own, for callers that only pass it on (to Lua): making one allocates
// nothing.
class LabelText {
 public:
  explicit LabelText(Cell cell);
  std::string_view view() const noexcept { return {text_, size_}; }

 private:
  char text_[20];  // at most 7 letters (an int's columns) and an int's 11 characters
  std::size_t size_ = 0;
};

std::string format_label(Cell cell);  // LabelText's, as a string
// The cell a label names, without checking any grid's bounds; nullopt when it is not of the form
// letters-then-digits (case-insensitive: "c3" is C3).
std::optional<Cell> parse_label(std::string_view label);

}  // namespace arbiter
