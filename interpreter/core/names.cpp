#include "interpreter/core/names.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grammar/blanks.hpp"
#include "grammar/diagnostic.hpp"
#include "grammar/edit_distance.hpp"

namespace arbiter {
namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

// A letter and a combining accent after it (U+0300..U+036F), as macOS pastes "ë" (e, U+0308), look
// as the precomposed letter an encounter usually holds ("Zoë"): they are one name (Unicode's
// canonical equivalence). Only the common accents on Latin letters are composed, those whose
// composed letter is in Latin-1 or Latin Extended-A (U+00C0..U+017F, two bytes of UTF-8 each):
// the letters of the names players write; full equivalence would take Unicode's tables (ICU).
struct Accent {
  unsigned mark;              // the combining code point
  std::string_view letters;   // the letters it composes with
  std::string_view composed;  // each letter composed with it, in order, two bytes each
};
constexpr Accent accents[] = {
    {0x0300, "AEIOUaeiou", "ÀÈÌÒÙàèìòù"},
    {0x0301, "ACEILNORSUYZaceilnorsuyz", "ÁĆÉÍĹŃÓŔŚÚÝŹáćéíĺńóŕśúýź"},
    {0x0302, "ACEGHIJOSUWYaceghijosuwy", "ÂĈÊĜĤÎĴÔŜÛŴŶâĉêĝĥîĵôŝûŵŷ"},
    {0x0303, "AINOUainou", "ÃĨÑÕŨãĩñõũ"},
    {0x0304, "AEIOUaeiou", "ĀĒĪŌŪāēīōū"},
    {0x0306, "AEGIOUaegiou", "ĂĔĞĬŎŬăĕğĭŏŭ"},
    {0x0307, "CEGIZcegz", "ĊĖĠİŻċėġż"},
    {0x0308, "AEIOUYaeiouy", "ÄËÏÖÜŸäëïöüÿ"},
    {0x030A, "AUau", "ÅŮåů"},
    {0x030B, "OUou", "ŐŰőű"},
    {0x030C, "CDELNRSTZcdelnrstz", "ČĎĚĽŇŘŠŤŽčďěľňřšťž"},
    {0x0327, "CGKLNRSTcgklnrst", "ÇĢĶĻŅŖŞŢçģķļņŗşţ"},
    {0x0328, "AEIUaeiu", "ĄĘĮŲąęįų"},
};

// The letter at text[i] composed with the accent after it, or "" when there is none to compose.
std::string_view composed_at(std::string_view text, std::size_t i) {
  if (i + 2 >= text.size()) return {};
  const auto lead = static_cast<unsigned char>(text[i + 1]), next = static_cast<unsigned char>(text[i + 2]);
  if ((lead != 0xCC && lead != 0xCD) || (next & 0xC0) != 0x80) return {};
  const unsigned mark = ((lead & 0x1Fu) << 6) | (next & 0x3Fu);
  for (const Accent& accent : accents)
    if (const std::size_t at = accent.letters.find(text[i]); accent.mark == mark && at != std::string_view::npos)
      return accent.composed.substr(2 * at, 2);
  return {};
}

// `text` with each letter and accent composed.
std::string with_accents_composed(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::string_view letter = composed_at(text, i);
    out += letter.empty() ? text.substr(i, 1) : letter;
    if (!letter.empty()) i += 2;
  }
  return out;
}

// The words of a name or phrase that tell it from another, folded: split at blanks, hyphens and
// slashes ("Counter-Attack" has the word "attack", "Bolo/Net" "bolo"), without the small words
// every phrase has.
std::vector<std::string> telling_words(std::string_view text) {
  static const std::array<std::string_view, 11> small{"the", "a", "an", "is", "am", "i", "my", "me", "to", "of", "at"};
  std::vector<std::string> words;
  std::string word;
  const auto end_word = [&] {
    if (!word.empty() && std::ranges::find(small, word) == small.end()) words.push_back(word);
    word.clear();
  };
  for (const char c : text) {
    if (c == ' ' || c == '\t' || c == '-' || c == '/') end_word();
    else word += lower(c);
  }
  end_word();
  return words;
}

// Whether two telling words are one, or one misspelt: of five letters or more, one edit apart.
bool same_word(const std::string& a, const std::string& b) {
  return a == b || (std::min(characters(a), characters(b)) >= 5 && edit_distance(a, b) <= 1);
}

// How a candidate ranks: more words shared, then fewer edits.
struct Score {
  std::size_t shared, distance;
  const std::string* name;
};
bool better(const Score& a, const Score& b) {
  return a.shared != b.shared ? a.shared > b.shared : a.distance < b.distance;
}

}  // namespace

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

namespace {

// What a sheet reads past in a name, each of which character_name_key folds.
enum class Folded { kase, blanks, apostrophes, accents };
constexpr std::array<Folded, 4> every_fold{Folded::kase, Folded::blanks, Folded::apostrophes, Folded::accents};

// character_name_key, but for what `kept` folds: how the key would read without that fold.
std::string name_key(std::string_view name, std::optional<Folded> kept) {
  std::string words = kept == Folded::blanks ? std::string(name) : blanks_collapsed(name);
  if (kept != Folded::apostrophes) words = straight_quotes(words);  // O’Brien is O'Brien
  std::string key;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (const std::string_view letter = composed_at(words, i); !letter.empty() && kept != Folded::accents) {
      key += letter;
      i += 2;
      continue;
    }
    key += kept == Folded::kase ? words[i] : lower(words[i]);
  }
  return key;
}

}  // namespace

std::string character_name_key(std::string_view name) { return name_key(name, std::nullopt); }

std::string how_names_differ(std::string_view a, std::string_view b) {
  std::vector<std::string> ways;
  for (const Folded fold : every_fold) {
    if (name_key(a, fold) == name_key(b, fold)) continue;
    switch (fold) {
      case Folded::kase: ways.emplace_back("case"); break;
      case Folded::blanks: ways.emplace_back("the blanks between words"); break;
      case Folded::apostrophes: ways.emplace_back("how an apostrophe is typed"); break;
      case Folded::accents: ways.emplace_back("how an accent is written"); break;
    }
  }
  if (ways.empty()) return {};
  const std::string last = ways.back();
  ways.pop_back();
  return ways.empty() ? last : fmt::format("{} or {}", fmt::join(ways, ", "), last);
}

bool same_character_name(std::string_view a, std::string_view b) { return character_name_key(a) == character_name_key(b); }

namespace {

// nearest_suggestions, or, not `by_words`, of the plausible misspellings alone.
std::vector<std::string> nearest(std::string_view wanted, const std::vector<Suggestion>& candidates, std::size_t most,
                                 bool by_words) {
  // Compared in characters, with their accents composed: "Zoe" and U+0301 is one letter from "Zoë".
  const std::string want = with_accents_composed(straight_quotes(wanted));
  const std::size_t want_length = characters(want);
  const std::vector<std::string> want_words = telling_words(want);
  std::vector<Score> scored;
  for (const auto& candidate : candidates) {
    std::optional<Score> best;
    const auto spell = [&](const std::string& spelling, bool misspelt_too) {
      const std::string text = with_accents_composed(straight_quotes(spelling));
      const std::vector<std::string> words = telling_words(text);
      const auto shared = !by_words ? 0 : static_cast<std::size_t>(std::ranges::count_if(want_words, [&](const std::string& w) {
        return std::ranges::any_of(words, [&](const std::string& word) { return same_word(w, word); });
      }));
      const Score score{shared, edit_distance(want, text), &candidate.name};
      const std::size_t longer = std::max(want_length, characters(text));
      const std::size_t allowed = longer <= 3 ? 1 : std::max<std::size_t>(2, longer / 3);
      if (score.shared == 0 && (!misspelt_too || score.distance > allowed)) return;
      if (!best || better(score, *best)) best = score;
    };
    if (candidate.spellings.empty()) spell(candidate.name, true);
    for (const auto& spelling : candidate.spellings) spell(spelling, true);
    for (const auto& other : candidate.also_called) spell(other, false);
    if (best) scored.push_back(*best);
  }
  std::stable_sort(scored.begin(), scored.end(), better);
  // A slip of a letter or two ("Melee Atack") is told its own name alone: those only sharing a word
  // with it would hide it in a list.
  constexpr std::size_t slip = 2;
  const bool slipped = std::ranges::any_of(scored, [](const Score& s) { return s.distance <= slip; });
  std::vector<std::string> names;
  for (const Score& score : scored) {
    if (names.size() == most) break;
    if (slipped && score.distance > slip) continue;
    if (std::ranges::find(names, *score.name) == names.end()) names.push_back(*score.name);
  }
  return names;
}

}  // namespace

std::vector<std::string> nearest_suggestions(std::string_view wanted, const std::vector<Suggestion>& candidates,
                                             std::size_t most) {
  return nearest(wanted, candidates, most, true);
}

std::vector<std::string> nearest_names(std::string_view wanted, const std::vector<std::string>& candidates,
                                       std::size_t most) {
  std::vector<Suggestion> suggestions;
  for (const auto& name : candidates) suggestions.push_back({name});
  return nearest(wanted, suggestions, most, false);
}

std::string did_you_mean(std::string_view wanted, const std::vector<std::string>& candidates) {
  return did_you_mean_one_of(nearest_names(wanted, candidates));
}

std::string did_you_mean_one_of(const std::vector<std::string>& names) {
  if (names.empty()) return {};
  std::string out = "did you mean ";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += "'" + names[i] + "'";
  }
  return out + "?";
}

std::string with_nearest(std::string message, std::string_view wanted, const std::vector<std::string>& candidates) {
  const std::string hint = did_you_mean(wanted, candidates);
  return hint.empty() ? message : message + " (" + hint + ")";
}

std::string unknown_name(std::string_view wanted, const std::vector<std::string>& known, std::string_view what) {
  const std::string message = fmt::format("there is no {} named '{}'", what, printable(wanted));
  if (const std::string hint = did_you_mean(wanted, known); !hint.empty()) return message + "; " + hint;
  const std::string many = std::string(what) + (what.ends_with('s') ? "es" : "s");  // sides, statuses
  if (known.empty()) return fmt::format("{}: there are no {} here", message, many);
  return fmt::format("{}; the {} are, nearest first: {}", message, many, listed_nearest_first(wanted, known));
}

std::string listed_nearest_first(std::string_view wanted, const std::vector<std::string>& known) {
  // Sorted first, so that names equally near come in the same order whatever order they came in.
  std::vector<std::string> listed = known;
  std::sort(listed.begin(), listed.end());
  std::stable_sort(listed.begin(), listed.end(), [&](const std::string& a, const std::string& b) {
    return edit_distance(wanted, a) < edit_distance(wanted, b);
  });
  constexpr std::size_t shown = 8;  // enough to find one's own; a ruleset's forty actions would bury it
  std::vector<std::string> quoted;
  for (std::size_t i = 0; i < listed.size() && i < shown; ++i) quoted.push_back("'" + printable(listed[i]) + "'");
  const std::string more = listed.size() > shown ? fmt::format(", … ({} in all)", listed.size()) : "";
  return fmt::format("{}{}", fmt::join(quoted, ", "), more);
}

void check_known_name(std::string_view wanted, const std::vector<std::string>& known, std::string_view what) {
  if (std::find(known.begin(), known.end(), wanted) == known.end()) throw Error(unknown_name(wanted, known, what));
}

}  // namespace arbiter
