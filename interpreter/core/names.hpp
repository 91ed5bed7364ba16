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
// What two names of one character_name_key differ by as written, which a sheet reads past:
// "case", "the blanks between words", "how an apostrophe is typed", "how an accent is written",
// those that tell them apart, joined ("case or how an accent is written"); "" for names alike.
std::string how_names_differ(std::string_view a, std::string_view b);
// Whether two names are one character's to a sheet: the same character_name_key.
bool same_character_name(std::string_view a, std::string_view b);

// A name that may be suggested, and what a written name is compared with: its `spellings`, the
// name itself when there are none (a ruleset's phrase as it would be written, its placeholders
// filled from what the player wrote: '"Orc" is adjacent to me'), and the other names its pack
// gives it for hints only (`also_called`: Ranged Attack is also called "Shoot"), which count only
// by the words they share with what was written, never as its misspellings.
struct Suggestion {
  std::string name;
  std::vector<std::string> spellings{};
  std::vector<std::string> also_called{};
};

// Up to `most` candidates that `wanted` plausibly means, nearest first: those sharing more words
// with it first (words of blanks, hyphens and slashes, ignoring case and the small words 'the',
// 'a', 'an', 'is', 'am', 'I', 'my', 'me', 'to', 'of', 'at', a word of five letters or more one edit away
// counted: "Atack" is near "Full Attack" and "Counter-Attack"), then by fewer edits (accents
// composed, as character_name_key composes them), then in the order given. One sharing no word is
// kept only as a plausible misspelling: a third of the longer may differ, at least two edits, but
// one in names of three letters ("Bob" is not "Zoë").
std::vector<std::string> nearest_suggestions(std::string_view wanted, const std::vector<Suggestion>& candidates,
                                             std::size_t most = 3);
// Up to `most` of `candidates` that are plausible misspellings of `wanted`, as nearest_suggestions
// keeps one sharing no word, nearest first: a field, a status, a character's name.
std::vector<std::string> nearest_names(std::string_view wanted, const std::vector<std::string>& candidates,
                                       std::size_t most = 3);

// "did you mean 'Charge'?" / "did you mean 'Charge' or 'Change'?", or "" when nothing is close.
std::string did_you_mean(std::string_view wanted, const std::vector<std::string>& candidates);
// The same question of names already found (nearest_names), or "" for none.
std::string did_you_mean_one_of(const std::vector<std::string>& names);
// `message`, then " (did you mean …?)" when a candidate is close to `wanted`.
std::string with_nearest(std::string message, std::string_view wanted, const std::vector<std::string>& candidates);

// What to say of a name that names nothing: "there is no {what} named 'Strik'; did you mean
// 'Strike'?", or, with none near, the known ones, nearest first ("there is no side named 'c'; the
// sides are, nearest first: 'orcs', 'party'"). `what` is a noun that takes -s or -es (statuses).
std::string unknown_name(std::string_view wanted, const std::vector<std::string>& known, std::string_view what);
// `known` quoted, nearest to `wanted` first, the first eight of them: "'orc', 'archer', … (12 in all)".
std::string listed_nearest_first(std::string_view wanted, const std::vector<std::string>& known);
// For a function that looks a name up and would otherwise answer as if it named nothing (an
// allowed action, a side with no one on it, no events of a type): `wanted` must be one of `known`
// exactly, as the runtime compares names; else an arbiter::Error saying unknown_name.
void check_known_name(std::string_view wanted, const std::vector<std::string>& known, std::string_view what);

}  // namespace arbiter
