#pragma once
// Diagnostics: where in a text something went wrong, and the error type every layer throws for
// bad input. Rendered GCC style (`file:line:col: error: message`) so editors can jump to them.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

struct SourcePosition {
  std::string file;         // as the user named it; empty when the input had no file
  std::size_t line = 0;     // 1-based; 0 when unknown
  std::size_t column = 0;   // 1-based; 0 when unknown
};

struct Diagnostic {
  SourcePosition where;
  std::string message;
  std::string source_line;         // the offending line, shown with a caret under `column`
  std::vector<std::string> notes;  // "did you mean …", a traceback, the pack involved
};

// The length of the UTF-8 sequence that starts at text[at], or 0 when none does: a stray
// continuation byte, a sequence cut short, an overlong form, a surrogate or a code point past
// U+10FFFF is not UTF-8.
std::size_t utf8_sequence(std::string_view text, std::size_t at);

// What keeps `text` from being kept as text, or "" when nothing does: a NUL byte, where C and the
// tools that read a save or a log cut a text short, or bytes that are not UTF-8, which JSON cannot
// hold ("is not UTF-8 text: byte 4 is 0xE9").
std::string text_fault(std::string_view text);

// Throws arbiter::Error `<what> "<text, printable>" <fault>` when text_fault finds one: every
// string that enters the fight (a stat, an event, a name, an encounter's text) is checked by it
// where it enters, so the save and the log hold only what they can write.
void check_text(std::string_view text, std::string_view what);

// `text` safe to show in a terminal: control characters (C0 but tab, and newline if kept; DEL; C1)
// and bytes that are not UTF-8 are shown escaped (`\x1b`), so a sheet, a name or an answer cannot
// drive the terminal; characters that show as a space or as nothing (a no-break or zero-width
// space, a bidirectional control) as their code point (`\u{200b}`), so a name holding one does not
// look like the name without it. Every diagnostic, narration and prompt shows user text through it.
std::string printable(std::string_view text, bool keep_newlines = false);

// `file:line:col: error: message`, the source line with a caret, then each note indented; all of it
// printable. A long source line is shown as the part around the column, "…" where it is cut; a
// message of more than 600 bytes as its beginning and its end.
std::string render(const Diagnostic& diagnostic, std::string_view severity = "error");

// Past this many problems in one report (a sheet's parse, a check of sheets) the rest are only
// counted, and the report ends with more_problems: a sheet of 200,000 mistakes is told as its
// first 100 and "… and 199900 more problems, not shown".
inline constexpr std::size_t most_diagnostics = 100;
Diagnostic more_problems(std::size_t left_out, std::string file = {});

// Reads a message that starts with its position, as Lua writes them ("file:line: message"), or
// with its column too, as the host writes one it knows ("file:line:column: message").
Diagnostic parse_positioned(const std::string& text);

// Bad input from a person: a pack, a sheet, a dice expression, a saved state, a command line.
// The CLI prints it and exits 1; it is never a crash.
class Error : public std::runtime_error {
 public:
  explicit Error(Diagnostic diagnostic);
  explicit Error(std::vector<Diagnostic> diagnostics);
  explicit Error(const std::string& message);  // no position to point at

  const std::vector<Diagnostic>& diagnostics() const noexcept { return diagnostics_; }

 private:
  std::vector<Diagnostic> diagnostics_;
};

// The line of `text` that holds byte `offset` (without its line ending).
std::string line_at(const std::string& text, std::size_t offset);

// `message` at byte `offset` of `text`, whose lines end in newlines (with_newline_line_ends): its
// line and column, and the line to quote.
Diagnostic at_offset(std::string file, const std::string& text, std::size_t offset, std::string message);

// `text` with its lone carriage returns (old Mac line endings) as newlines, the way Lua's lexer
// counts lines; a CR next to a newline (Windows' CRLF) stays. The length is the same, so offsets
// and columns do not move; every position in a sheet or an encounter is counted in this text.
std::string with_newline_line_ends(std::string_view text);

}  // namespace arbiter
