#pragma once
// The blanks of a sheet, as the grammar reads them between words: a space, a tab, or a no-break
// space (pasted from a chat); and its typographic quotes. In the lowest layer so that the
// grammar's phrases and core's name keys read them alike.
#include <cstddef>
#include <string>
#include <string_view>

namespace arbiter {

// The blank at `text[i]`: its length in bytes (a no-break space is two), or 0 when there is none.
std::size_t blank_at(std::string_view text, std::size_t i);

// `text` with each run of blanks one space, and none before or after it: "  Orc \u00a0Brute " is
// "Orc Brute".
std::string blanks_collapsed(std::string_view text);

// The quotes phones and word processors type: “ and ” (U+201C, U+201D) are the quote mark ", and
// ‘ and ’ (U+2018, U+2019) the apostrophe '. The length in bytes of a quote mark (", “ or ”) at
// `text[i]`, or 0 when there is none.
std::size_t quote_mark_at(std::string_view text, std::size_t i);
// `text` with each typographic quote the plain one it stands for: "“Seán O’Brien”" is
// "\"Seán O'Brien\"", so a name is one name however its apostrophe was typed.
std::string straight_quotes(std::string_view text);

}  // namespace arbiter
