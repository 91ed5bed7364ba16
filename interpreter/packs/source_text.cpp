#include "interpreter/packs/source_text.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

namespace arbiter::packs {
namespace {

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

}  // namespace

std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

SourceText::SourceText(std::string file, std::string text)
    : file_(std::move(file)), text_(with_newline_line_ends(text)) {
  for (std::size_t start = 0; start < text_.size();) {
    std::size_t first = start;
    while (first < text_.size() && (text_[first] == ' ' || text_[first] == '\t')) ++first;
    if (text_.compare(first, 6, "return") == 0 && (first + 6 == text_.size() || !identifier_char(text_[first + 6])))
      return_offset_ = first;
    const std::size_t end = text_.find('\n', start);
    start = end == std::string::npos ? text_.size() : end + 1;
  }
}

std::size_t SourceText::key(const std::string& name, std::size_t anchor) const {
  for (std::size_t at = text_.find(name, search_start(anchor)); at != std::string::npos;
       at = text_.find(name, at + 1)) {
    if (at > 0 && identifier_char(text_[at - 1])) continue;
    std::size_t next = at + name.size();
    if (next < text_.size() && identifier_char(text_[next])) continue;
    while (next < text_.size() && std::isspace(static_cast<unsigned char>(text_[next]))) ++next;
    if (next + 1 < text_.size() && text_[next] == '=' && text_[next + 1] != '=') return at;
  }
  return anchor;
}

std::size_t SourceText::literal(const std::string& text, std::size_t anchor) const {
  const std::size_t from = search_start(anchor);
  const std::size_t found = std::min(text_.find('"' + text + '"', from), text_.find('\'' + text + '\'', from));
  return found == std::string::npos ? anchor : found;
}

Place SourceText::place(std::size_t offset) const {
  if (text_.empty()) return {{file_, 0, 0}, ""};  // data, not text: no line to point at
  if (offset == unknown || offset > text_.size()) offset = return_offset_;
  const std::size_t line_start = offset == 0 ? 0 : text_.rfind('\n', offset - 1) + 1;  // npos + 1 is 0
  const auto before = text_.begin() + static_cast<std::ptrdiff_t>(offset);
  const auto line = static_cast<std::size_t>(std::count(text_.begin(), before, '\n')) + 1;
  return {{file_, line, offset - line_start + 1}, line_at(text_, offset)};
}

}  // namespace arbiter::packs
