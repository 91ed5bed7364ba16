#include "grammar/blanks.hpp"

namespace arbiter {

std::size_t blank_at(std::string_view text, std::size_t i) {
  if (text[i] == ' ' || text[i] == '\t') return 1;
  return text.substr(i).starts_with("\xC2\xA0") ? 2 : 0;
}

std::string blanks_collapsed(std::string_view text) {
  std::string out;
  bool blank = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (const std::size_t length = blank_at(text, i)) {
      i += length - 1;
      blank = true;
      continue;
    }
    if (blank && !out.empty()) out += ' ';
    blank = false;
    out += text[i];
  }
  return out;
}

}  // namespace arbiter
