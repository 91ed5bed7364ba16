#include "interpreter/core/labels.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <iterator>
#include <limits>

namespace arbiter {

LabelText::LabelText(Cell cell) {
  char column[7];  // last letter first
  std::size_t letters = 0;
  for (int n = cell.x + 1; n > 0; n = (n - 1) / 26) column[letters++] = static_cast<char>('A' + (n - 1) % 26);
  std::reverse_copy(column, column + letters, text_);
  size_ = static_cast<std::size_t>(std::to_chars(text_ + letters, std::end(text_), cell.y + 1).ptr - text_);
}

std::string format_label(Cell cell) { return std::string(LabelText(cell).view()); }

std::optional<Cell> parse_label(std::string_view label) {
  constexpr long limit = std::numeric_limits<int>::max() / 26;
  std::size_t i = 0;
  long column = 0;
  for (; i < label.size() && std::isalpha(static_cast<unsigned char>(label[i])); ++i) {
    if (column > limit) return std::nullopt;
    column = column * 26 + (std::toupper(static_cast<unsigned char>(label[i])) - 'A' + 1);
  }
  if (i == 0 || i == label.size()) return std::nullopt;
  long row = 0;
  for (; i < label.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(label[i])) || row > limit) return std::nullopt;
    row = row * 10 + (label[i] - '0');
  }
  if (row == 0) return std::nullopt;
  return Cell{static_cast<int>(column - 1), static_cast<int>(row - 1)};
}

}  // namespace arbiter
