#include "interpreter/core/vocabulary.hpp"

#include <algorithm>
#include <cctype>

#include "grammar/diagnostic.hpp"
#include "grammar/edit_distance.hpp"
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

std::vector<std::string> nearest(const std::vector<Declaration>& declarations, std::string_view phrase, std::size_t most) {
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const auto& d : declarations) scored.emplace_back(edit_distance(phrase, d.text), d.text);
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < scored.size() && i < most; ++i) texts.push_back(scored[i].second);
  return texts;
}

}  // namespace

std::string_view target_wanted(const ActionRules& action) {
  return action.enemy_target ? "an enemy" : "another character";
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

void Vocabulary::add_condition(const std::string& text, const std::string& location) {
  conditions_.push_back(declare(text, location, words_of(text)));
}

void Vocabulary::add_target(const std::string& text, const std::string& location) {
  targets_.push_back(declare(text, location, target_words(text)));
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

std::vector<std::string> Vocabulary::nearest_conditions(std::string_view phrase, std::size_t most) const {
  return nearest(conditions_, phrase, most);
}

std::vector<std::string> Vocabulary::nearest_targets(std::string_view phrase, std::size_t most) const {
  return nearest(targets_, phrase, most);
}

}  // namespace arbiter::orders
