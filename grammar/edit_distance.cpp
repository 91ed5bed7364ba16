#include "grammar/edit_distance.hpp"

#include <algorithm>
#include <vector>

namespace arbiter {
namespace {

// The characters of `text` as numbers, ASCII letters in lower case.
std::vector<char32_t> decoded(std::string_view text) {
  std::vector<char32_t> out;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
    bool whole = length > 0 && i + length <= text.size();
    for (std::size_t k = 1; whole && k < length; ++k) whole = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
    if (!whole) {  // not UTF-8 here: the byte alone, kept apart from every character
      out.push_back(0x110000 + lead);
      ++i;
      continue;
    }
    char32_t c = length == 1 ? lead : lead & (0xFF >> (length + 1));
    for (std::size_t k = 1; k < length; ++k) c = (c << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    out.push_back(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    i += length;
  }
  return out;
}

}  // namespace

std::size_t edit_distance(std::string_view a_text, std::string_view b_text) {
  const std::vector<char32_t> a = decoded(a_text), b = decoded(b_text);
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const std::size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitution});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::size_t characters(std::string_view text) { return decoded(text).size(); }

}  // namespace arbiter
