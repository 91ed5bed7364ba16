#pragma once
// "Did you mean …?": the nearest valid names to a misspelt one, for every error that names a thing.
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

// The same name, ignoring ASCII case: edit distance 0, without computing one.
bool same_name(std::string_view a, std::string_view b);
// A character's name as order sheets read it: ASCII lower case, each run of blanks (spaces, tabs,
// no-break spaces) between words one space, none before or after them. A sheet reads a bare name's
// blanks so ("Orc  Brute" is "Orc Brute"), so every name of a fight is compared by this key. A Latin
// letter and a combining accent after it is the accented letter ("Zoe" and U+0308 is "Zoë"), and a
// typographic apostrophe the plain one ("O’Brien" is "O'Brien", grammar/blanks.hpp).
std::string character_name_key(std::string_view name);
// Whether two names are one character's to a sheet: the same character_name_key.
bool same_character_name(std::string_view a, std::string_view b);

// Up to `most` candidates close enough to `wanted` to be a plausible misspelling, nearest first
// (accents composed, as character_name_key composes them).
std::vector<std::string> nearest_names(std::string_view wanted, const std::vector<std::string>& candidates,
                                       std::size_t most = 3);

// "did you mean 'Charge'?" / "did you mean 'Charge' or 'Change'?", or "" when nothing is close.
std::string did_you_mean(std::string_view wanted, const std::vector<std::string>& candidates);
// `message`, then " (did you mean …?)" when a candidate is close to `wanted`.
std::string with_nearest(std::string message, std::string_view wanted, const std::vector<std::string>& candidates);

// What to say of a name that names nothing: "there is no {what} named 'Strik'; did you mean
// 'Strike'?", or, with none near, the known ones, nearest first ("there is no side named 'c'; the
// sides are, nearest first: 'orcs', 'party'"). `what` is a noun that takes -s or -es (statuses).
std::string unknown_name(std::string_view wanted, const std::vector<std::string>& known, std::string_view what);
// For a function that looks a name up and would otherwise answer as if it named nothing (an
// allowed action, a side with no one on it, no events of a type): `wanted` must be one of `known`
// exactly, as the runtime compares names; else an arbiter::Error saying unknown_name.
void check_known_name(std::string_view wanted, const std::vector<std::string>& known, std::string_view what);

}  // namespace arbiter
