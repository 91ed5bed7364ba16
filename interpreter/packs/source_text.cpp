#include "interpreter/packs/source_text.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <utility>

namespace arbiter::packs {
namespace {

constexpr std::size_t none = std::string::npos;

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool identifier_start(char c) { return identifier_char(c) && !std::isdigit(static_cast<unsigned char>(c)); }

std::size_t past_name(const std::string& text, std::size_t at) {
  while (at < text.size() && identifier_char(text[at])) ++at;
  return at;
}

// `=`, not `==`.
bool assignment_at(const std::string& text, std::size_t at) {
  return at < text.size() && text[at] == '=' && (at + 1 == text.size() || text[at + 1] != '=');
}

// The level of a long bracket opening at `at` (`[[` 0, `[==[` 2), or -1 when none opens there.
int long_bracket(const std::string& text, std::size_t at) {
  if (at >= text.size() || text[at] != '[') return -1;
  std::size_t equals = at + 1;
  while (equals < text.size() && text[equals] == '=') ++equals;
  return equals < text.size() && text[equals] == '[' ? static_cast<int>(equals - at - 1) : -1;
}

std::size_t past_long_bracket(const std::string& text, std::size_t at, int level) {
  const std::string close = "]" + std::string(static_cast<std::size_t>(level), '=') + "]";
  const std::size_t end = text.find(close, at + static_cast<std::size_t>(level) + 2);
  return end == none ? text.size() : end + close.size();
}

// Past white space and comments (`-- …`, `--[[ … ]]`).
std::size_t past_space(const std::string& text, std::size_t at) {
  while (at < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[at]))) {
      ++at;
    } else if (text.compare(at, 2, "--") == 0) {
      if (const int level = long_bracket(text, at + 2); level >= 0) {
        at = past_long_bracket(text, at + 2, level);
      } else {
        const std::size_t end = text.find('\n', at);
        at = end == none ? text.size() : end + 1;
      }
    } else {
      break;
    }
  }
  return at;
}

// Past the string literal opening at `at` ("…", '…' or [[…]]), or `at` when none opens there.
std::size_t past_string(const std::string& text, std::size_t at) {
  const char quote = text[at];
  if (quote == '"' || quote == '\'') {
    for (std::size_t i = at + 1; i < text.size(); ++i) {
      if (text[i] == '\\') ++i;
      else if (text[i] == quote) return i + 1;
    }
    return text.size();
  }
  const int level = long_bracket(text, at);
  return level >= 0 ? past_long_bracket(text, at, level) : at;
}

// The key `[…]` of an entry opening at `at`, as a field's name: `["Full Plate"]` is "Full Plate",
// `[6]` "[6]" (as the history writes a list's item); with the offset past its `]`. Nothing for a
// key of another kind (`[1 + 1]`, `[name]`).
std::optional<std::pair<std::string, std::size_t>> bracket_key(const std::string& text, std::size_t at) {
  if (at >= text.size() || text[at] != '[' || long_bracket(text, at) >= 0) return std::nullopt;
  const std::size_t key = past_space(text, at + 1);
  std::size_t key_end = past_string(text, key);
  std::string name;
  if (key_end != key && text[key] != '[') {
    name = text.substr(key + 1, key_end - key - 2);
  } else {
    while (key_end < text.size() && std::isdigit(static_cast<unsigned char>(text[key_end]))) ++key_end;
    if (key_end == key) return std::nullopt;
    name = "[" + text.substr(key, key_end - key) + "]";
  }
  const std::size_t close = past_space(text, key_end);
  if (close >= text.size() || text[close] != ']') return std::nullopt;
  return std::pair{std::move(name), close + 1};
}

// The `{` of the table constructor written at `at`: there, or after the key whose value it is
// (`characters = {`, `["Full Plate"] = {`) or the `return` before it; none when the table is not
// written there.
std::size_t constructor_at(const std::string& text, std::size_t at) {
  if (at >= text.size()) return none;
  if (const auto key = bracket_key(text, at)) {
    at = past_space(text, key->second);
    if (!assignment_at(text, at)) return none;
    at = past_space(text, at + 1);
  } else if (text[at] != '{') {
    if (!identifier_start(text[at])) return none;
    const std::size_t name_end = past_name(text, at);
    const bool returned = text.compare(at, name_end - at, "return") == 0;
    at = past_space(text, name_end);
    if (!returned) {
      if (!assignment_at(text, at)) return none;  // a call, `make_orc { … }`, is computed
      at = past_space(text, at + 1);
    }
  }
  return at < text.size() && text[at] == '{' ? at : none;
}

}  // namespace

SourceText::SourceText(std::string file, std::string text)
    : file_(std::move(file)), text_(with_newline_line_ends(text)) {
  line_starts_.push_back(0);
  for (std::size_t at = text_.find('\n'); at != std::string::npos; at = text_.find('\n', at + 1))
    line_starts_.push_back(at + 1);
  for (std::size_t start = 0; start < text_.size();) {
    std::size_t first = start;
    while (first < text_.size() && (text_[first] == ' ' || text_[first] == '\t')) ++first;
    if (text_.compare(first, 6, "return") == 0 && (first + 6 == text_.size() || !identifier_char(text_[first + 6])))
      return_offset_ = first;
    const std::size_t end = text_.find('\n', start);
    start = end == std::string::npos ? text_.size() : end + 1;
  }
}

std::size_t SourceText::key(const std::string& name, std::size_t anchor, std::size_t limit) const {
  for (std::size_t at = text_.find(name, search_start(anchor)); at != std::string::npos && at < limit;
       at = text_.find(name, at + 1)) {
    if (at > 0 && identifier_char(text_[at - 1])) continue;
    std::size_t next = at + name.size();
    if (next < text_.size() && identifier_char(text_[next])) continue;
    while (next < text_.size() && std::isspace(static_cast<unsigned char>(text_[next]))) ++next;
    if (next + 1 < text_.size() && text_[next] == '=' && text_[next + 1] != '=') return at;
  }
  return anchor;
}

std::size_t SourceText::literal(const std::string& text, std::size_t anchor, std::size_t limit) const {
  // The quotes after the anchor, in order, until one opens `text`: a search for each kind of quote
  // would run to the end of a file that writes only the other, for each of its thousands of names.
  for (std::size_t at = text_.find_first_of("\"'", search_start(anchor)); at != std::string::npos && at < limit;
       at = text_.find_first_of("\"'", at + 1)) {
    const std::size_t end = at + 1 + text.size();
    if (end < text_.size() && text_[end] == text_[at] && text_.compare(at + 1, text.size(), text) == 0) return at;
  }
  return anchor;
}

std::size_t SourceText::field_of_call(std::size_t line, const std::vector<std::string>& path) const {
  if (line == 0 || line > line_starts_.size() || path.empty()) return unknown;
  const std::size_t start = line_starts_[line - 1];
  // The call's own table, within its parentheses, past its strings and comments (a condition's
  // phrase holds braces); not one given to a call within them (`make_row { … }`), computed.
  int depth = 0;
  for (std::size_t i = past_space(text_, start); i < text_.size(); i = past_space(text_, i)) {
    if (const std::size_t after = past_string(text_, i); after != i) {
      i = after;
    } else if (text_[i] == '{' && depth == 1) {
      std::size_t found = unknown;
      for (std::size_t at = i; const std::string& key : path) {
        const std::size_t field = table(at).field(key);
        if (field == unknown) break;
        found = at = field;
      }
      return found;
    } else if (text_[i] == '(') {
      ++depth;
      ++i;
    } else if (text_[i] == ')') {
      if (--depth <= 0) break;
      ++i;
    } else {
      i = identifier_char(text_[i]) ? past_name(text_, i) : i + 1;
    }
  }
  return unknown;
}

std::size_t SourceText::name_of_call(std::size_t line, const std::string& name) const {
  if (line == 0 || line > line_starts_.size()) return unknown;
  const std::size_t start = line_starts_[line - 1];
  const std::size_t end = line < line_starts_.size() ? line_starts_[line] : text_.size();
  const std::size_t before = start == 0 ? unknown : start - 1;  // literal searches past its anchor
  const std::size_t found = literal(name, before, end);
  return found == before ? unknown : found;
}

SourceText::Table SourceText::table(std::size_t at) const {
  Table table;
  const std::size_t open = constructor_at(text_, at);
  if (open == none) return table;
  const auto add_field = [&](std::string name, std::size_t entry) {
    if (!table.fields.emplace(name, entry).second) table.again.emplace_back(std::move(name), entry);
  };
  // An entry is a field when it starts with its key: `name =` or `["name"] =` (a key of another
  // kind, `[1 + 1] =`, is neither a field by name nor a value).
  const auto add_entry = [&](std::size_t entry) {
    if (text_[entry] == '[' && long_bracket(text_, entry) < 0) {
      if (auto key = bracket_key(text_, entry)) add_field(std::move(key->first), entry);
      return;
    }
    if (identifier_start(text_[entry])) {
      const std::size_t name_end = past_name(text_, entry);
      if (assignment_at(text_, past_space(text_, name_end))) {
        add_field(text_.substr(entry, name_end - entry), entry);
        return;
      }
    }
    table.items.push_back(entry);
  };
  // Only the constructor's own entries: the brackets, strings and comments inside one are skipped.
  int depth = 0;
  bool in_entry = false;
  for (std::size_t i = past_space(text_, open + 1); i < text_.size(); i = past_space(text_, i)) {
    const char c = text_[i];
    if (depth == 0 && !in_entry) {
      if (c == '}') {
        table.end = i;
        break;
      }
      add_entry(i);
      in_entry = true;
    }
    if (const std::size_t after = past_string(text_, i); after != i) {
      i = after;
    } else if (c == '{' || c == '(' || c == '[') {
      ++depth;
      ++i;
    } else if (c == '}' || c == ')' || c == ']') {
      if (depth-- == 0) {
        table.end = i;
        break;
      }
      ++i;
    } else if (depth == 0 && (c == ',' || c == ';')) {
      in_entry = false;
      ++i;
    } else {
      i = identifier_char(c) ? past_name(text_, i) : i + 1;
    }
  }
  return table;
}

std::size_t SourceText::Table::item(std::size_t number) const {
  return number >= 1 && number <= items.size() ? items[number - 1] : unknown;
}

std::size_t SourceText::Table::field(const std::string& name) const {
  if (const auto found = fields.find(name); found != fields.end()) return found->second;
  // "[2]": written `[2] = …`, found above, or the list's second value.
  if (name.size() > 2 && name.front() == '[' && name.back() == ']' &&
      std::all_of(name.begin() + 1, name.end() - 1, [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return item(std::stoul(name.substr(1, name.size() - 2)));
  return unknown;
}

std::size_t SourceText::Table::item_end(std::size_t number) const {
  return number < items.size() ? items[number] : end;
}

Place SourceText::place(std::size_t offset) const {
  if (text_.empty()) return {{file_, 0, 0}, ""};  // data, not text: no line to point at
  if (offset == unknown || offset > text_.size()) offset = return_offset_;
  // As at_offset places it, but from the lines' starts, not by counting the line breaks before
  // it: an encounter of thousands of characters places each one's stats and equipment.
  const auto line = static_cast<std::size_t>(
      std::upper_bound(line_starts_.begin(), line_starts_.end(), offset) - line_starts_.begin());
  return {{file_, line, offset - line_starts_[line - 1] + 1}, line_at(text_, offset)};
}

}  // namespace arbiter::packs
