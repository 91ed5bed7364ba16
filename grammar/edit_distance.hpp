#pragma once
// How far apart two words are, for every "did you mean …?": the grammar's (a misspelt keyword or
// compass word) and the names core suggests. In the lowest layer so that both use this one.
#include <cstddef>
#include <string_view>

namespace arbiter {

// Levenshtein's distance in characters (UTF-8 code points; a byte that is not UTF-8 counts as
// one), ignoring ASCII case (players write "full attack" for "Full Attack"): a zero-width space
// pasted after "Orc" is one edit from it, not three.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The characters of `text`, counted as edit_distance counts them.
std::size_t characters(std::string_view text);

}  // namespace arbiter
