#pragma once
// How far apart two words are, for every "did you mean …?": the grammar's (a misspelt keyword or
// compass word) and the names core suggests. In the lowest layer so that both use this one.
#include <cstddef>
#include <string_view>

namespace arbiter {

// Levenshtein's distance, ignoring ASCII case (players write "full attack" for "Full Attack").
std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace arbiter
