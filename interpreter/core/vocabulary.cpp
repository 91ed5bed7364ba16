#include "interpreter/core/vocabulary.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "grammar/diagnostic.hpp"
#include "grammar/orders.hpp"
#include "interpreter/core/names.hpp"

namespace arbiter::orders {
namespace {

// Words separated by blanks; a quoted name is one word, quotes included.
std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == '\t') {
      ++i;
      continue;
    }
    std::size_t end = i;
    if (text[i] == '"') {
      end = text.find('"', i + 1);
      end = end == std::string_view::npos ? text.size() : end + 1;
    } else {
      while (end < text.size() && text[end] != ' ' && text[end] != '\t') ++end;
    }
    words.emplace_back(text.substr(i, end - i));
    i = end;
  }
  return words;
}

// A leading "the" is decoration in targets: "The closest hostile" is "closest hostile".
std::vector<std::string> target_words(std::string_view text) {
  auto words = words_of(text);
  if (words.size() > 1 && fold_case(words.front()) == "the") words.erase(words.begin());
  return words;
}

// A word of a declared phrase: a placeholder, or a literal word. An arbiter::Error for an unknown or
// unclosed placeholder.
Declaration::Piece piece_of(const std::string& word) {
  if (word.find('{') == std::string::npos && word.find('}') == std::string::npos)
    return {std::nullopt, fold_case(word)};
  const std::string slot =
      word.size() > 2 && word.front() == '{' && word.back() == '}' ? word.substr(1, word.size() - 2) : "";
  if (slot == "n") return {Slot::number, {}};
  if (slot == "character") return {Slot::character, {}};
  if (slot == "distance") return {Slot::distance, {}};
  if (slot == "word") return {Slot::word, {}};
  throw Error("'" + word +
              "' is not a placeholder: use {n}, {character}, {distance} or {word}, each a word of its own");
}

Declaration declare(const std::string& text, const std::string& location, std::vector<std::string> words) {
  Declaration declaration{text, location, {}};
  try {
    for (const auto& word : words) declaration.pieces.push_back(piece_of(word));
  } catch (const Error& e) {
    throw Error(parse_positioned(location + ": '" + text + "': " + e.diagnostics().front().message));
  }
  return declaration;
}

bool all_digits(std::string_view word, std::size_t from = 0) {
  if (word.size() <= from) return false;
  return std::all_of(word.begin() + static_cast<long>(from), word.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

bool is_number(std::string_view word) { return all_digits(word, word.front() == '-' ? 1 : 0); }

// Matches pieces[p…] against words[w…], recording what each placeholder took; backtracks over
// the number of bare words a {character} takes and the two spellings of a {distance}.
bool match_from(const std::vector<Declaration::Piece>& pieces, std::size_t p, const std::vector<std::string>& words,
                std::size_t w, std::vector<Binding>& bindings) {
  if (p == pieces.size()) return w == words.size();
  if (w == words.size()) return false;
  const auto& piece = pieces[p];
  const std::string& word = words[w];
  const auto take = [&](std::size_t count, Binding binding) {
    bindings.push_back(std::move(binding));
    if (match_from(pieces, p + 1, words, w + count, bindings)) return true;
    bindings.pop_back();
    return false;
  };
  if (!piece.slot) return fold_case(word) == piece.word && match_from(pieces, p + 1, words, w + 1, bindings);
  switch (*piece.slot) {
    case Slot::number:
      return is_number(word) && take(1, {Slot::number, word});
    case Slot::distance: {
      // As a movement's distance is written: 10', 10′, 10ft, 10 ft, 10 ft., 10feet or 10 feet.
      const auto feet = [](std::string_view text) {
        const std::string unit = fold_case(text);
        return unit == "ft" || unit == "ft." || unit == "feet";
      };
      const auto foot_mark = [](std::string_view text) { return text == "'" || text == "\u2032"; };
      const std::size_t digits = word.find_first_not_of("0123456789");
      if (digits > 0 && digits != std::string::npos && (foot_mark(word.substr(digits)) || feet(word.substr(digits))))
        return take(1, {Slot::distance, word.substr(0, digits)});
      if (all_digits(word) && w + 1 < words.size() && feet(words[w + 1])) return take(2, {Slot::distance, word});
      return false;
    }
    case Slot::character:
      if (word.size() >= 2 && word.front() == '"') return take(1, {Slot::character, word.substr(1, word.size() - 2)});
      for (std::size_t count = 1; count <= 3 && w + count <= words.size(); ++count) {
        std::string name = words[w];
        for (std::size_t k = 1; k < count; ++k) name += " " + words[w + k];
        if (take(count, {Slot::character, name})) return true;
      }
      return false;
    case Slot::word:
      return word.front() != '"' && take(1, {Slot::word, word});
  }
  return false;
}

std::optional<Match> find(const std::vector<Declaration>& declarations, const std::vector<std::string>& words) {
  for (const auto& declaration : declarations) {
    Match match{&declaration, {}};
    if (match_from(declaration.pieces, 0, words, 0, match.bindings)) return match;
  }
  return std::nullopt;
}

using Split = std::vector<std::string> (*)(std::string_view);

// The literal words of every declaration (and of their `also_called`), folded: a word a player
// writes that one of them holds is a word of the rules' phrases, never a filler of a placeholder.
std::set<std::string> literal_words(const std::vector<Declaration>& declarations) {
  std::set<std::string> words;
  const auto add = [&](const Declaration& d) {
    for (const auto& piece : d.pieces)
      if (!piece.slot) words.insert(piece.word);
  };
  for (const auto& d : declarations) {
    add(d);
    for (const auto& other : d.also_called) add(other);
  }
  return words;
}

// A distance as `written[w]` writes it (10', 10ft, or 10 followed by ft or feet): its feet and how
// many words it takes.
std::optional<std::pair<std::string, std::size_t>> distance_at(const std::vector<std::string>& written, std::size_t w) {
  const auto feet = [](std::string_view text) { return fold_case(text) == "ft" || fold_case(text) == "feet"; };
  const std::string& word = written[w];
  const std::size_t digits = word.find_first_not_of("0123456789");
  if (digits > 0 && digits != std::string::npos && (word.substr(digits) == "'" || feet(word.substr(digits))))
    return std::pair{word.substr(0, digits), std::size_t{1}};
  if (all_digits(word) && w + 1 < written.size() && feet(written[w + 1])) return std::pair{word, std::size_t{2}};
  return std::nullopt;
}

// A whole number written where a distance goes without its foot mark ("within 10"): the last
// word, or one before a word of the rules' phrases. Not one before another word ("2 squares", "10
// yards": a unit, which is not feet).
bool distance_without_mark(const std::vector<std::string>& written, std::size_t w, const std::set<std::string>& known) {
  return all_digits(written[w]) && (w + 1 == written.size() || known.contains(fold_case(written[w + 1])));
}

// `d` as the player may have meant it: each placeholder filled, in order, from the words of
// `written` that `d` does not hold (a quoted name or up to three words no declared phrase has for
// {character}, a number for {n}, a distance for {distance} (a number lacking its foot mark given
// it: "10" as 10'), such a word for {word}); words split as `split` splits the declaration. A
// placeholder that finds no filler stays as declared ('"Bo" is within {distance}' of "Bo is within
// ten feet"). Nothing when no placeholder is filled, or there is none, or `written` has no word of
// `d` ("the guy with the most gold" is not "the biggest enemy guy"). Given `names_someone`, only
// words naming someone fill {character} (the longest run of them that does).
std::optional<std::string> filled(const Declaration& d, const std::vector<std::string>& written, Split split,
                                  const std::set<std::string>& known, const NamesSomeone& names_someone) {
  std::vector<bool> used(written.size());
  for (std::size_t w = 0; w < written.size(); ++w)
    used[w] = std::ranges::any_of(d.pieces, [&](const auto& p) { return !p.slot && p.word == fold_case(written[w]); });
  if (std::ranges::none_of(used, [](bool u) { return u; })) return std::nullopt;
  const auto free_word = [&](std::size_t w) {
    return !used[w] && written[w].front() != '"' && !is_number(written[w]) && !known.contains(fold_case(written[w]));
  };
  // How many words from `at` name a character: a quoted name, or up to three free words; 0: none.
  const auto character_at = [&](std::size_t at) -> std::size_t {
    if (used[at]) return 0;
    if (written[at].front() == '"')
      return !names_someone || names_someone(std::string_view(written[at]).substr(1, written[at].size() - 2)) ? 1 : 0;
    if (!free_word(at)) return 0;
    std::size_t count = 1;
    while (count < 3 && at + count < written.size() && free_word(at + count)) ++count;
    for (; names_someone && count > 0; --count) {
      std::string name = written[at];
      for (std::size_t k = 1; k < count; ++k) name += " " + written[at + k];
      if (names_someone(name)) break;
    }
    return count;
  };
  const std::vector<std::string> words = split(d.text);
  std::string out = words.size() < words_of(d.text).size() ? "the" : "";  // a target's leading "the"
  bool any = false;
  for (std::size_t p = 0; p < d.pieces.size(); ++p) {
    std::string word = words[p];
    if (const auto slot = d.pieces[p].slot) {
      std::size_t w = 0;
      const auto fits = [&](std::size_t at) {
        if (used[at]) return false;
        switch (*slot) {
          case Slot::number: return is_number(written[at]);
          case Slot::distance: return distance_at(written, at).has_value() || distance_without_mark(written, at, known);
          case Slot::character: return character_at(at) > 0;
          case Slot::word: return free_word(at);
        }
        return false;
      };
      while (w < written.size() && !fits(w)) ++w;
      if (w == written.size()) {
        out += (out.empty() ? "" : " ") + word;
        continue;
      }
      std::size_t count = 1;
      word = written[w];
      if (*slot == Slot::distance) {
        const auto distance = distance_at(written, w);
        word = (distance ? distance->first : written[w]) + "'";
        if (distance) count = distance->second;
      } else if (*slot == Slot::character) {
        count = character_at(w);
        for (std::size_t k = 1; k < count; ++k) word += " " + written[w + k];
      }
      for (std::size_t k = 0; k < count; ++k) used[w + k] = true;
      any = true;
    }
    out += (out.empty() ? "" : " ") + word;
  }
  if (!any) return std::nullopt;
  return out;
}

// The declarations `phrase` may mean (Vocabulary::nearest_conditions), as nearest_suggestions ranks them.
std::vector<std::string> nearest(const std::vector<Declaration>& declarations, std::string_view phrase, Split split,
                                 std::size_t most, const NamesSomeone& names_someone = {}) {
  const std::vector<std::string> written = split(phrase);
  const std::set<std::string> known = literal_words(declarations);
  std::vector<const Declaration*> sorted;  // in one order whatever order the packs declared them in
  for (const auto& d : declarations) sorted.push_back(&d);
  std::ranges::sort(sorted, {}, &Declaration::text);
  std::vector<Suggestion> candidates;
  const auto joined = [](const std::vector<std::string>& words) {
    std::string text;
    for (const auto& word : words) text += (text.empty() ? "" : " ") + word;
    return text;
  };
  for (const Declaration* d : sorted) {
    std::vector<Binding> bindings;
    if (match_from(d->pieces, 0, written, 0, bindings)) continue;  // the phrase is this one: no hint
    const auto filled_in = filled(*d, written, split, known, names_someone);
    Suggestion candidate{filled_in.value_or(d->text)};
    candidate.spellings.push_back(joined(split(candidate.name)));
    for (const auto& other : d->also_called)
      candidate.also_called.push_back(joined(split(filled(other, written, split, known, names_someone).value_or(other.text))));
    candidates.push_back(std::move(candidate));
  }
  return nearest_suggestions(joined(written), candidates, most);
}

}  // namespace

const Target* ActionRules::way_target(const Order& order) const {
  const Movement& written = order.movement;
  const bool writes_no_way = written.steps.empty() && (written.kind == Movement::Kind::none ||
                                                       written.kind == Movement::Kind::path ||
                                                       written.kind == Movement::Kind::toward);
  if (!target_is_way || away_from_hostiles || !writes_no_way) return nullptr;
  return taken_at(order);
}

std::string_view target_wanted(const ActionRules& action) {
  return action.enemy_target ? "an enemy" : action.ally_target ? "an ally" : "another character";
}

void check_placeholders(std::string_view phrase) {
  for (const auto& word : words_of(phrase)) piece_of(word);
}

namespace {

std::string joined_folded(const std::vector<std::string>& words) {
  std::string key;
  for (const auto& word : words) key += (key.empty() ? "" : " ") + fold_case(word);
  return key;
}

}  // namespace

std::string action_key(std::string_view name) { return fold_case(name); }
std::string condition_key(std::string_view phrase) { return joined_folded(words_of(phrase)); }
std::string target_key(std::string_view phrase) { return joined_folded(target_words(phrase)); }

void Vocabulary::add_action(ActionRules action) {
  std::string key = action_key(action.name);
  actions_.insert_or_assign(std::move(key), std::move(action));
}

void Vocabulary::add_condition(const std::string& text, const std::string& location,
                               const std::vector<std::string>& also_called,
                               const std::vector<std::string>& answered_by) {
  conditions_.push_back(declare(text, location, words_of(text)));
  conditions_.back().answered_by = answered_by;
  for (const auto& other : also_called) conditions_.back().also_called.push_back(declare(other, location, words_of(other)));
}

void Vocabulary::add_target(const std::string& text, const std::string& location,
                            const std::vector<std::string>& also_called, const std::string& compares,
                            bool says_kinds, Relation among) {
  Declaration declaration = declare(text, location, target_words(text));
  declaration.says_kinds = says_kinds;
  declaration.among = among;
  declaration.compares = compares;
  targets_.push_back(std::move(declaration));
  for (const auto& other : also_called) targets_.back().also_called.push_back(declare(other, location, target_words(other)));
}

const ActionRules* Vocabulary::action(std::string_view name) const {
  const auto found = actions_.find(fold_case(name));
  return found == actions_.end() ? nullptr : &found->second;
}

std::optional<Match> Vocabulary::condition(std::string_view phrase) const { return find(conditions_, words_of(phrase)); }

std::optional<Match> Vocabulary::target(std::string_view phrase) const { return find(targets_, target_words(phrase)); }

std::vector<std::string> Vocabulary::action_names() const {
  std::vector<std::string> names;
  for (const auto& [key, action] : actions_) names.push_back(action.name);
  return names;
}

std::vector<std::string> Vocabulary::target_phrases() const {
  std::vector<std::string> phrases;
  for (const auto& d : targets_) phrases.push_back(d.text);
  return phrases;
}

std::vector<std::string> Vocabulary::nearest_actions(std::string_view name, std::size_t most) const {
  std::vector<Suggestion> candidates;
  for (const auto& [key, action] : actions_) {
    if (action.involuntary) continue;
    candidates.push_back({action.name, {}, action.also_called});
  }
  return nearest_suggestions(name, candidates, most);
}

std::vector<std::string> Vocabulary::nearest_conditions(std::string_view phrase, std::size_t most,
                                                        const NamesSomeone& names_someone) const {
  return nearest(conditions_, phrase, words_of, most, names_someone);
}

std::vector<std::string> Vocabulary::nearest_targets(std::string_view phrase, std::size_t most) const {
  return nearest(targets_, phrase, target_words, most);
}

}  // namespace arbiter::orders
