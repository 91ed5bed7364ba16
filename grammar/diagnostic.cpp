#include "grammar/diagnostic.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <iterator>
#include <utility>

#include <fmt/format.h>

namespace arbiter {
namespace {

std::string render_all(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics) {
    if (!out.empty()) out += '\n';
    out += render(d);
  }
  return out;
}

// The code point of the valid UTF-8 sequence of `length` bytes at text[at].
char32_t code_point(std::string_view text, std::size_t at, std::size_t length) {
  static constexpr unsigned char lead_bits[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
  char32_t code = static_cast<unsigned char>(text[at]) & lead_bits[length];
  for (std::size_t i = 1; i < length; ++i) code = (code << 6) | (static_cast<unsigned char>(text[at + i]) & 0x3F);
  return code;
}

// Characters a reader cannot tell from a space or from nothing at all: blanks other than the space
// (no-break, en, thin, ideographic…), zero-width ones, bidirectional controls, the soft hyphen,
// variation selectors, tags. "Aldric\u200B" must not look like "Aldric" in a message.
bool invisible(char32_t c) {
  static constexpr std::pair<char32_t, char32_t> ranges[] = {
      {0x00A0, 0x00A0}, {0x00AD, 0x00AD}, {0x034F, 0x034F}, {0x061C, 0x061C}, {0x115F, 0x1160},
      {0x1680, 0x1680}, {0x17B4, 0x17B5}, {0x180B, 0x180F}, {0x2000, 0x200F}, {0x2028, 0x202F},
      {0x205F, 0x206F}, {0x3000, 0x3000}, {0x3164, 0x3164}, {0xFE00, 0xFE0F}, {0xFEFF, 0xFEFF},
      {0xFFA0, 0xFFA0}, {0xFFF9, 0xFFFB}, {0x1D173, 0x1D17A}, {0xE0000, 0xE0FFF},
  };
  return std::any_of(std::begin(ranges), std::end(ranges),
                     [c](const auto& range) { return c >= range.first && c <= range.second; });
}

// Characters a terminal shows two columns wide (East Asian Wide and Fullwidth): the main blocks
// only, Hangul, the CJK ideographs, kana, Yi, fullwidth forms and the pictographs, not Unicode's
// whole table. A caret after "李" is two columns on.
bool wide(char32_t c) {
  static constexpr std::pair<char32_t, char32_t> ranges[] = {
      {0x1100, 0x115E},  {0x2E80, 0x303E},  {0x3041, 0x33FF},  {0x3400, 0x4DBF},  {0x4E00, 0x9FFF},
      {0xA000, 0xA4CF},  {0xA960, 0xA97F},  {0xAC00, 0xD7A3},  {0xF900, 0xFAFF},  {0xFE30, 0xFE4F},
      {0xFF00, 0xFF60},  {0xFFE0, 0xFFE6},  {0x1F300, 0x1F64F}, {0x1F900, 0x1F9FF}, {0x20000, 0x3FFFD},
  };
  return std::any_of(std::begin(ranges), std::end(ranges),
                     [c](const auto& range) { return c >= range.first && c <= range.second; });
}

// The columns a character shown as itself takes in a terminal: one, two when wide.
std::size_t columns(std::string_view character) {
  return character.size() > 1 && wide(code_point(character, 0, character.size())) ? 2 : 1;
}

// Calls show(at, shown, escaped) for each character of `text` as a terminal may be given
// it: a control character (C0 but tab, and newline when kept; DEL; C1) or a byte that is not
// UTF-8 as its escape (`\x1b`), an invisible character as its code point (`\u{200b}`),
// anything else as itself.
template <class Show>
void each_shown(std::string_view text, bool keep_newlines, Show show) {
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t length = utf8_sequence(text, at);
    const auto c = static_cast<unsigned char>(text[at]);
    const bool c0 = c < 0x20 && c != '\t' && !(keep_newlines && c == '\n');
    const bool control = length == 0 || (length == 1 && (c0 || c == 0x7F)) ||
                         (length == 2 && c == 0xC2 && static_cast<unsigned char>(text[at + 1]) < 0xA0);
    const std::size_t bytes = length == 0 ? 1 : length;
    if (control) {
      std::string escaped;
      for (std::size_t i = at; i < at + bytes; ++i)
        escaped += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i]));
      show(at, std::string_view(escaped), true);
    } else if (length > 1 && invisible(code_point(text, at, length))) {
      show(at, fmt::format("\\u{{{:x}}}", static_cast<std::uint32_t>(code_point(text, at, length))), true);
    } else {
      show(at, text.substr(at, bytes), false);
    }
    at += bytes;
  }
}

bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// A longer line is shown as the part around the column, marked with "…" where it was cut.
constexpr std::size_t widest_line = 160;
constexpr std::size_t shown_around = 60;

// The source line as shown, and under it the caret at `column` (1-based bytes; 0: no caret).
std::string quote_line(std::string_view line, std::size_t column) {
  const std::size_t at = column > 0 ? std::min(column - 1, line.size()) : 0;
  std::size_t from = 0, to = line.size();
  if (line.size() > widest_line) {
    from = at > shown_around ? at - shown_around : 0;
    to = std::min(line.size(), from + 2 * shown_around);
    if (to - from < 2 * shown_around) from = to > 2 * shown_around ? to - 2 * shown_around : 0;
    while (from > 0 && continuation(line[from])) --from;
    while (to < line.size() && continuation(line[to])) ++to;
  }
  std::string shown = from > 0 ? "…" : "";
  std::string pad = from > 0 ? " " : "";
  // Tabs stay tabs so the caret lines up under the same column in a terminal; a character takes one
  // column (two when wide), an escape as many as it has.
  each_shown(line.substr(from, to - from), false,
             [&](std::size_t offset, std::string_view text, bool escaped) {
               shown += text;
               if (from + offset < at)
                 pad += text == "\t" ? std::string("\t") : std::string(escaped ? text.size() : columns(text), ' ');
             });
  if (to < line.size()) shown += "…";
  std::string out = "\n  " + shown;
  if (column > 0) out += "\n  " + pad + "^";
  return out;
}

// A message that quotes a huge phrase of a sheet is shown as its beginning and its end.
constexpr std::size_t longest_message = 600;

std::string shortened(std::string_view text) {
  if (text.size() <= longest_message) return std::string(text);
  std::size_t head = longest_message * 2 / 3, tail = text.size() - longest_message / 3;
  while (head > 0 && continuation(text[head])) --head;
  while (tail < text.size() && continuation(text[tail])) ++tail;
  return fmt::format("{}…{}", text.substr(0, head), text.substr(tail));
}

}  // namespace

std::size_t utf8_sequence(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(at);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  char32_t code = 0;
  if (lead >= 0xC2 && lead <= 0xDF) length = 2, code = lead & 0x1F;
  else if (lead >= 0xE0 && lead <= 0xEF) length = 3, code = lead & 0x0F;
  else if (lead >= 0xF0 && lead <= 0xF4) length = 4, code = lead & 0x07;
  else return 0;
  if (at + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(at + k) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(at + k) & 0x3F);
  }
  // Overlong forms, surrogates and code points past Unicode are not UTF-8 either.
  constexpr char32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < smallest[length] || (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) return 0;
  return length;
}

std::string text_fault(std::string_view text) {
  for (std::size_t at = 0; at < text.size();) {
    if (text[at] == '\0') return fmt::format("holds a NUL byte (byte {}), where a text would be cut short", at + 1);
    if (static_cast<unsigned char>(text[at]) < 0x80) {  // most text is ASCII, and every event's is checked
      ++at;
      continue;
    }
    const std::size_t length = utf8_sequence(text, at);
    if (length == 0)
      return fmt::format("is not UTF-8 text: byte {} is 0x{:02X}", at + 1, static_cast<unsigned char>(text[at]));
    at += length;
  }
  return {};
}

void check_text(std::string_view text, std::string_view what) {
  const std::string fault = text_fault(text);
  if (fault.empty()) return;
  // A long text is shown by its beginning: the message is about one byte of it.
  constexpr std::size_t shown = 80;
  const std::string quoted = text.size() <= shown ? printable(text) : printable(text.substr(0, shown)) + "…";
  throw Error(fmt::format("{} \"{}\" {}", what, quoted, fault));
}

std::string printable(std::string_view text, bool keep_newlines) {
  std::string out;
  each_shown(text, keep_newlines, [&](std::size_t, std::string_view shown, bool) { out += shown; });
  return out;
}

std::string render(const Diagnostic& d, std::string_view severity) {
  std::string out;
  if (!d.where.file.empty()) {
    out += printable(d.where.file);
    if (d.where.line > 0) out += fmt::format(":{}", d.where.line);
    if (d.where.column > 0) out += fmt::format(":{}", d.where.column);
    out += ": ";
  }
  out += fmt::format("{}: {}", severity, printable(shortened(d.message), true));
  if (!d.source_line.empty()) out += quote_line(d.source_line, d.where.column);
  for (const auto& note : d.notes) out += "\n  " + printable(note, true);
  return out;
}

Diagnostic more_problems(std::size_t left_out, std::string file) {
  return {{std::move(file)},
          fmt::format("… and {} more problem{}, not shown (the first {} are)", left_out, left_out == 1 ? "" : "s",
                      most_diagnostics),
          {},
          {}};
}

Error::Error(Diagnostic diagnostic) : Error(std::vector<Diagnostic>{std::move(diagnostic)}) {}

Error::Error(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(render_all(diagnostics)), diagnostics_(std::move(diagnostics)) {}

Error::Error(const std::string& message) : Error(Diagnostic{{}, message, {}, {}}) {}

Diagnostic parse_positioned(const std::string& text) {
  Diagnostic d;
  d.message = text;
  // The digits after `colon`, and whether ": " follows them.
  const auto number_after = [&](std::size_t colon) {
    std::size_t end = colon + 1;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    return end;
  };
  const auto ends_place = [&](std::size_t at) { return at + 1 < text.size() && text[at] == ':' && text[at + 1] == ' '; };
  for (auto colon = text.find(':'); colon != std::string::npos; colon = text.find(':', colon + 1)) {
    const std::size_t end = number_after(colon);
    if (end == colon + 1 || end >= text.size() || text[end] != ':') continue;
    // "file:line: " as Lua writes it, or "file:line:column: " where the host knew the column.
    const std::size_t column_end = number_after(end);
    const bool column = column_end != end + 1 && ends_place(column_end);
    if (!column && !ends_place(end)) continue;
    d.where.file = text.substr(0, colon);
    d.where.line = std::stoul(text.substr(colon + 1, end - colon - 1));
    if (column) d.where.column = std::stoul(text.substr(end + 1, column_end - end - 1));
    d.message = text.substr((column ? column_end : end) + 2);
    break;
  }
  return d;
}

// A lone CR (old Mac) ends a line as a newline does, and CRLF is one line end, as
// with_newline_line_ends counts them.
std::string line_at(const std::string& text, std::size_t offset) {
  if (offset > text.size()) offset = text.size();
  if (offset > 0 && offset < text.size() && text[offset] == '\n' && text[offset - 1] == '\r') --offset;
  std::size_t start = offset;
  while (start > 0 && text[start - 1] != '\n' && text[start - 1] != '\r') --start;
  std::size_t end = text.find_first_of("\r\n", offset);
  if (end == std::string::npos) end = text.size();
  return text.substr(start, end - start);
}

Diagnostic at_offset(std::string file, const std::string& text, std::size_t offset, std::string message) {
  offset = std::min(offset, text.size());
  const std::size_t line_start = offset == 0 ? 0 : text.rfind('\n', offset - 1) + 1;  // npos + 1 is 0
  const auto before = text.begin() + static_cast<std::ptrdiff_t>(offset);
  const auto line = static_cast<std::size_t>(std::count(text.begin(), before, '\n')) + 1;
  return {{std::move(file), line, offset - line_start + 1}, std::move(message), line_at(text, offset), {}};
}

std::string with_newline_line_ends(std::string_view text) {
  std::string out(text);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const bool lone = text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n') && (i == 0 || text[i - 1] != '\n');
    if (lone) out[i] = '\n';
  }
  return out;
}

}  // namespace arbiter
