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

std::size_t quote_mark_at(std::string_view text, std::size_t i) {
  if (text[i] == '"') return 1;
  const std::string_view rest = text.substr(i);
  return rest.starts_with("\u201C") || rest.starts_with("\u201D") ? 3 : 0;
}

std::string straight_quotes(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::string_view rest = text.substr(i);
    const bool double_quote = rest.starts_with("\u201C") || rest.starts_with("\u201D");
    const bool apostrophe = rest.starts_with("\u2018") || rest.starts_with("\u2019");
    if (!double_quote && !apostrophe) {
      out += text[i];
      continue;
    }
    out += double_quote ? '"' : '\'';
    i += 2;
  }
  return out;
}

}  // namespace arbiter
