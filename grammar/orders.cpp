// The order-sheet parser: checks the text is lines of UTF-8 of a sane length, then runs the PEGTL
// grammar (orders_grammar.hpp) on each line with its actions (orders_actions.hpp) and error
// messages (orders_errors.hpp), turning each line's failure into one positioned diagnostic.
#include "grammar/orders.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

#include <fmt/format.h>
#include <tao/pegtl.hpp>

#include "grammar/blanks.hpp"
#include "grammar/diagnostic.hpp"
#include "grammar/edit_distance.hpp"
#include "grammar/orders_actions.hpp"
#include "grammar/orders_format.hpp"

namespace arbiter::orders {
namespace {

// The line holding byte `offset`, without its line ending; found in place, without copying the sheet.
std::string_view line_of(std::string_view text, std::size_t offset) {
  const std::size_t start = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  const std::size_t begin = start == std::string_view::npos || offset == 0 ? 0 : start + 1;
  std::size_t end = text.find('\n', offset);
  if (end == std::string_view::npos) end = text.size();
  if (end > begin && text[end - 1] == '\r') --end;
  return text.substr(begin, end - begin);
}

Diagnostic diagnostic_at(std::string_view text, const std::string& source, Position at, std::string message) {
  return {{source, at.line, at.column}, std::move(message), std::string(line_of(text, at.offset)), {}};
}

// Before the grammar: every byte is UTF-8, none is a control character, and no line is absurdly long, so the grammar and every
// message that quotes a line deal with text a person could have written.
void check_sheet_text(std::string_view text, const std::string& source, bool answer = false) {
  std::size_t line = 1, line_start = 0;
  for (std::size_t i = 0; i < text.size();) {
    const Position here{i, line, i - line_start + 1};
    // Not quoted: a megabyte under a caret helps no one. A line's end is not part of it, so a line
    // of exactly max_line_bytes reads the same with or without a final newline.
    const bool line_end = text[i] == '\n' || text.substr(i, 2) == "\r\n";
    if (i >= max_sheet_bytes)
      throw Error(Diagnostic{{source, line, here.column},
                             fmt::format("sheet too long: a sheet may hold at most {} bytes (16 MiB)", max_sheet_bytes),
                             {}, {}});
    if (here.column > max_line_bytes && !line_end)
      throw Error(Diagnostic{{source, line, here.column},
                             fmt::format("line too long: a line may hold at most {} bytes", max_line_bytes), {}, {}});
    const std::size_t length = utf8_sequence(text, i);
    if (length == 0)
      throw Error(diagnostic_at(text, source, here,
                                fmt::format("invalid UTF-8: byte 0x{:02X} cannot appear here; {}",
                                            static_cast<unsigned char>(text[i]),
                                            answer ? "type the answer as UTF-8" : "save the sheet as UTF-8")));
    const auto byte = static_cast<unsigned char>(text[i]);
    if (control_byte(text[i]))
      throw Error(diagnostic_at(text, source, here,
                                fmt::format("control character 0x{:02X} cannot appear in {}", byte,
                                            answer ? "an answer" : "a sheet")));
    if (byte == '\n') ++line, line_start = i + 1;
    i += length;
  }
}

// Problems in the order of the text, by line and column, whichever check found them.
void by_place(std::vector<Diagnostic>& problems) {
  std::stable_sort(problems.begin(), problems.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::pair(a.where.line, a.where.column) < std::pair(b.where.line, b.where.column);
  });
}

}  // namespace

namespace grammar {

namespace {

std::size_t after_blanks(std::string_view text, std::size_t i) {
  while (i < text.size() && blank_at(text, i)) i += blank_at(text, i);
  return i;
}

// The line up to its comment: a # in a quoted name ("Orc #2") starts none.
std::string_view before_comment(std::string_view line) {
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    for (const std::string_view mark : {"\"", "\u201C", "\u201D"})
      if (line.substr(i).starts_with(mark)) quoted = !quoted;
    if (line[i] == '#' && !quoted) return line.substr(0, i);
  }
  return line;
}

}  // namespace

std::string name_cut_by_comment(const std::string& written) {
  return fmt::format("'{}': a # starts a comment; write the name in quotes: \"{}\"", written, written);
}

bool near_then(std::string_view word, bool after_condition) {
  if (word.size() < 3 || word.size() > 6) return false;
  const std::string folded = fold_case(word);
  // Where the rules say the condition ends, any word two edits from THEN is taken for it.
  if (after_condition) return edit_distance(folded, "then") <= 2;
  // Elsewhere in a condition, only a word no condition would hold: two letters of THEN swapped, or
  // one edit from it that is not an English word ("the", "than", "when").
  for (const std::string_view swapped : {"hten", "tehn", "thne"})
    if (folded == swapped) return true;
  static constexpr std::string_view words[] = {"the", "ten", "hen", "than", "them", "thin", "when", "thee", "they"};
  return edit_distance(folded, "then") == 1 && std::find(std::begin(words), std::end(words), folded) == std::end(words);
}

void missing_then(const State& s, std::string_view rest, const tao::pegtl::position& at) {
  constexpr const char* expected = error_message<then_keyword>;
  const char* const current = rest.data();
  const std::string_view written = s.condition_written;
  const char* const end = written.data() + written.size();
  // Only when the condition that swallowed THEN is the phrase read last, right before.
  if (written.empty() || end > current) throw tao::pegtl::parse_error(expected, at);
  const std::string_view gap(end, static_cast<std::size_t>(current - end));
  for (std::size_t i = 0; i < gap.size();) {
    const std::size_t blank = blank_at(gap, i);
    if (blank == 0) throw tao::pegtl::parse_error(expected, at);
    i += blank;
  }
  const tao::pegtl::position condition_at(s.condition_at.offset, s.condition_at.line, s.condition_at.column,
                                          at.source);
  // "IF Orc #2 is down THEN": the comment cut the name short, and THEN with it.
  if (const std::size_t hash = after_blanks(rest, 0); hash < rest.size() && rest[hash] == '#') {
    std::size_t stop = hash;
    while (stop < rest.size() && blank_at(rest, stop) == 0) ++stop;
    throw tao::pegtl::parse_error(name_cut_by_comment(tidy(written) + " " + std::string(rest.substr(hash, stop - hash))),
                                  condition_at);
  }
  // The phrase's words and where each starts; a quoted name is one word.
  std::vector<std::pair<std::size_t, std::size_t>> words;  // offset, length
  for (std::size_t i = 0; i < written.size();) {
    if (const std::size_t blank = blank_at(written, i)) {
      i += blank;
      continue;
    }
    std::size_t stop = i + 1;
    if (const std::size_t open = quote_mark_at(written, i)) {
      stop = i + open;
      while (stop < written.size() && quote_mark_at(written, stop) == 0) ++stop;
      if (stop < written.size()) stop += quote_mark_at(written, stop);
    }
    while (stop < written.size() && blank_at(written, stop) == 0) ++stop;
    words.emplace_back(i, stop - i);
    i = stop;
  }
  std::size_t culprit = 0;  // none: the first word cannot be where THEN was wanted
  bool after_condition = false;
  if (s.declared && s.declared->condition) {
    // The longest declared condition the words begin with (conditions are short: the first 64 words).
    for (std::size_t k = std::min<std::size_t>(words.size() - 1, 64); k >= 1 && culprit == 0; --k)
      if (s.declared->condition(tidy(written.substr(0, words[k - 1].first + words[k - 1].second))))
        culprit = k, after_condition = true;
  }
  for (std::size_t k = 1; k < words.size() && culprit == 0; ++k)
    if (near_then(written.substr(words[k].first, words[k].second), false)) culprit = k;
  if (culprit == 0) throw tao::pegtl::parse_error(expected, at);
  const auto [offset, length] = words[culprit];
  const std::string_view word = written.substr(offset, length);
  const tao::pegtl::position place(s.condition_at.offset + offset, s.condition_at.line, s.condition_at.column + offset,
                                   at.source);
  if (near_then(word, after_condition))
    throw tao::pegtl::parse_error(fmt::format("{}: did you mean 'THEN' for '{}'?", expected, word), place);
  throw tao::pegtl::parse_error(expected, place);
}

namespace {

// The length of the word at text[i]: letters, and the hyphen of "South-West".
std::size_t word_at(std::string_view text, std::size_t i) {
  std::size_t end = i;
  while (end < text.size() && (std::isalpha(static_cast<unsigned char>(text[end])) || text[end] == '-')) ++end;
  return end - i;
}

// What to tell of `word`, when it is a compass word misspelt; else "".
std::string misspelt_compass(std::string_view word) {
  const std::string nearest = nearest_compass(word);
  if (nearest.empty()) return {};
  return fmt::format("'{}' is not a compass word: did you mean '{}'? {}", word, nearest, compass_steps_are);
}

// "'Sout'", "'Sout' and 'Est'", "'Sout', 'Est' and 'Wst'".
std::string quoted_list(const std::vector<std::string>& words) {
  std::string listed;
  for (std::size_t i = 0; i < words.size(); ++i)
    listed += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + ("'" + words[i] + "'");
  return listed;
}

}  // namespace

void order_without_action(State& s, std::string_view path, const tao::pegtl::position& at) {
  // Its misspelt steps (the last read on the line) are told here, the order written with the
  // compass words they are nearest, rather than each again at its word.
  const auto in_path = [&](const Phrase& word) { return word.at.offset >= at.byte; };
  std::string corrected(path);
  std::vector<std::string> misspelt;
  for (auto word = s.misspelt_steps.rbegin(); word != s.misspelt_steps.rend() && in_path(*word); ++word) {
    corrected.replace(word->at.offset - at.byte, word->text.size(), nearest_compass(word->text));
    misspelt.insert(misspelt.begin(), word->text);
  }
  std::erase_if(s.misspelt_steps, in_path);
  const std::string order = "did you mean 'Move " + tidy(corrected) + "'?";
  if (misspelt.empty()) throw tao::pegtl::parse_error("an order starts with its action: " + order, at);
  throw tao::pegtl::parse_error(fmt::format("an order starts with its action, and {} {}: {}", quoted_list(misspelt),
                                            misspelt.size() == 1 ? "is not a compass word" : "are not compass words",
                                            order),
                                at);
}

void text_after_order(const State& s, std::string_view rest, bool after_step, const tao::pegtl::position& at) {
  const Movement::Kind movement = s.order.movement.kind;
  const std::size_t next = after_blanks(rest, 0);
  const auto at_offset = [&](std::size_t i) { return tao::pegtl::position(at.byte + i, at.line, at.column + i, at.source); };
  // A number where a movement goes: a distance without its unit ("Move 10 -> Orc"), or not whole.
  if (movement == Movement::Kind::none && next < rest.size() && std::isdigit(static_cast<unsigned char>(rest[next]))) {
    std::size_t end = next;
    while (end < rest.size() && std::isdigit(static_cast<unsigned char>(rest[end]))) ++end;
    const std::string digits(rest.substr(next, end - next));
    if (end < rest.size() && rest[end] == '.') {
      std::size_t fraction = end + 1;
      while (fraction < rest.size() && std::isdigit(static_cast<unsigned char>(rest[fraction]))) ++fraction;
      throw tao::pegtl::parse_error(fmt::format("a distance is a whole number of feet, and {} is not one",
                                                rest.substr(next, fraction - next)),
                                    at_offset(next));
    }
    // "3 squares", "15 yards": told in feet, never as the number alone, which is another distance.
    const std::size_t unit_at = after_blanks(rest, end);
    const std::string unit = fold_case(rest.substr(unit_at, word_at(rest, unit_at)));
    if (unit == "square" || unit == "squares" || unit == "sq") {
      const long squares = number_in(digits, at_offset(next));
      const long feet_per_square = s.declared ? s.declared->feet_per_square : 0;
      if (feet_per_square > 0)
        throw tao::pegtl::parse_error(fmt::format("write distances in feet: {} square{} is {}' on this map", digits,
                                                  squares == 1 ? "" : "s", squares * feet_per_square),
                                      at_offset(next));
      throw tao::pegtl::parse_error(fmt::format("write distances in feet: {} square{} is {}' on a map of 5' squares, "
                                                "as most are",
                                                digits, squares == 1 ? "" : "s", squares * 5),
                                    at_offset(next));
    }
    if (unit == "yard" || unit == "yards" || unit == "yd" || unit == "yds")
      throw tao::pegtl::parse_error(fmt::format("write distances in feet: {} yard{} is {}'", digits,
                                                digits == "1" ? "" : "s", number_in(digits, at_offset(next)) * 3),
                                    at_offset(next));
    throw tao::pegtl::parse_error(fmt::format("a distance is written with its unit: '{}'', '{} ft' or '{} feet'",
                                              digits, digits, digits),
                                  at_offset(next));
  }
  // "Move 15' N then Charge -> closest enemy": a second order where one goes.
  if (const std::size_t then_at = next; fold_case(rest.substr(then_at, word_at(rest, then_at))) == "then") {
    const std::string second = tidy(rest.substr(then_at + 4));
    // "Move 10' S then E": more steps of the one way, which a comma joins.
    if (movement == Movement::Kind::path && !s.order.movement.steps.empty() &&
        reads_whole<seq<list<compass_step, comma>, statement_end>>(second))
      throw tao::pegtl::parse_error(fmt::format("compass steps are joined by commas, not THEN: did you mean '{}, {}'?",
                                                format(s.order), second),
                                    at_offset(then_at));
    if (!second.empty()) {
      const std::string_view kind = numbered_line(s.declared ? s.declared->sequential : std::nullopt);
      throw tao::pegtl::parse_error(fmt::format("one order per {}: '{}' is a second order; write it on the next "
                                                "numbered line, as the next {}'s order",
                                                kind, second.substr(0, 40) + (second.size() > 40 ? "…" : ""), kind),
                                    at_offset(then_at));
    }
  }
  const std::string_view next_word = rest.substr(next, word_at(rest, next));
  // Steps written without their comma, "Move N E" or "Move N Est": the comma is what is missing.
  if (movement == Movement::Kind::path && after_step && next == 0 && !next_word.empty()) {
    if (compass_word(next_word))
      throw tao::pegtl::parse_error(fmt::format("a comma must come before '{}': compass steps are separated by "
                                                "commas ('15' S, S, SW')",
                                                next_word),
                                    at_offset(next));
    if (const std::string nearest = nearest_compass(next_word); !nearest.empty())
      throw tao::pegtl::parse_error(fmt::format("'{}' is not a compass word, and a comma must come before it: did you "
                                                "mean ', {}'? {}",
                                                next_word, nearest, compass_steps_are),
                                    at_offset(next));
  }
  if (movement == Movement::Kind::path)
    if (const std::string told = misspelt_compass(next_word); !told.empty())
      throw tao::pegtl::parse_error(told, at_offset(next));
  // A list of steps whose comma no step follows: "Move N," or "Move N, Else Defend".
  // (A compass word after it is a list after a distance, "Move 10', N": the generic message.)
  if (movement == Movement::Kind::path && next < rest.size() && rest[next] == ',') {
    const std::size_t after = after_blanks(rest, next + 1);
    const std::size_t length = std::max<std::size_t>(word_at(rest, after), 1);
    if (!compass_word(rest.substr(after, length)))
      throw tao::pegtl::parse_error(
          fmt::format("a compass step must follow the comma, not {}: {}",
                      after == rest.size() ? "the end of the line" : "'" + printable(rest.substr(after, length)) + "'",
                      compass_steps_are),
          at_offset(after));
  }
  // "Guard -> Salt and Pepper": a name holding AND or OR, which join conditions, read as a target
  // that ends before it.
  if (const std::string joiner = fold_case(next_word);
      s.order.target && s.order.target->kind == Target::Kind::phrase && (joiner == "and" || joiner == "or")) {
    const std::string name = s.order.target->text.text + " " + tidy(rest.substr(next, rest.find('#', next) - next));
    throw tao::pegtl::parse_error(fmt::format("{} joins conditions, not a target's words: if '{}' is one name, write "
                                              "it in double quotes: -> \"{}\"",
                                              joiner == "and" ? "AND" : "OR", name, name),
                                  at_offset(next));
  }
  // 'Charge "Orc"', 'Charge at "Orc"', 'Charge => "Orc"', 'Charge —> "Orc"': a target without its
  // arrow, or with another, told with the order it could be, as 'Charge Orc' is.
  // Without an arrow, only a quoted name: other words after the action are read as its name's.
  if (movement == Movement::Kind::none && !s.order.target) {
    std::string action = s.order.action.text;
    bool pointed = fold_case(action).ends_with(" at");
    if (pointed) action.resize(action.size() - 3);
    std::string_view target = rest.substr(next);
    for (const std::string_view other_arrow : {"=>", "\u2014>", "\u2013>", "\u2014", "\u2013", "=", ">"})
      if (target.starts_with(other_arrow)) {
        target = target.substr(after_blanks(target, other_arrow.size()));
        pointed = true;
        break;
      }
    bool a_target = false;
    try {
      a_target = (pointed || reads_whole<seq<quoted, star<any>>>(target)) &&
                 reads_whole<seq<grammar::target, statement_end>>(target);
    } catch (const tao::pegtl::parse_error&) {
    }
    if (a_target)
      throw tao::pegtl::parse_error(fmt::format("a target is written after '->': did you mean '{} -> {}'?", action,
                                                tidy(target.substr(0, target.find('#')))),
                                    at_offset(next));
  }
  const std::string words = tidy(rest);
  const bool free_text = !words.empty() && std::isalpha(static_cast<unsigned char>(words.front()));
  if (free_text && movement != Movement::Kind::none)
    throw tao::pegtl::parse_error(
        "free-text directions are not read ('" + words.substr(0, 40) + (words.size() > 40 ? "…" : "") +
            "'): write the movement as compass steps ('15' S, S, SW'), a cell ('to C3') or coordinates "
            "('to X: 15, Y: 20')",
        at);
  throw tao::pegtl::parse_error(error_message<after_order>, at);
}

std::vector<BuildError> misspelt_steps_told(State& s) {
  std::vector<BuildError> told;
  for (const Phrase& word : s.misspelt_steps) told.push_back({misspelt_compass(word.text), word.at});
  s.misspelt_steps.clear();
  return told;
}

void unreadable_line(State& s, std::string_view rest, const tao::pegtl::position& at) {
  // "Orc #2:": a header whose name a comment cut short. It was meant to start a character, so the
  // lines after it are set aside with it rather than read as the character before's.
  if (const std::size_t hash = rest.find('#'); hash != std::string_view::npos && hash > 0) {
    const std::size_t colon = rest.find(':', hash);
    const std::string_view name = rest.substr(0, hash);
    const bool bare = reads_whole<tao::pegtl::seq<bare_name, blanks>>(name);
    const std::string after = colon == std::string_view::npos ? "" : tidy(rest.substr(colon + 1));
    if (bare && colon != std::string_view::npos && (after.empty() || after.front() == '#')) {
      const std::string written = tidy(rest.substr(0, colon));
      s.builder.refuse_character();
      throw tao::pegtl::parse_error(name_cut_by_comment(written) + ":", at);
    }
  }
  // "Charcter: Aldric", "Acton: Charge", "ESLE: Defend": a keyword misspelt, told as such.
  if (const std::size_t colon = rest.find(':'); colon != std::string_view::npos) {
    const std::string head = tidy(rest.substr(0, colon));
    if (const std::string keyword = misspelt_keyword(head); !keyword.empty()) {
      if (keyword == "Character") s.builder.refuse_character();
      const std::string after = tidy(before_comment(rest.substr(colon + 1)));
      throw tao::pegtl::parse_error(did_you_mean_keyword(head, keyword, "is not a line of the language", after), at);
    }
  }
  const std::string_view kinds = numbered_line(s.declared ? s.declared->sequential : std::nullopt, true);
  const std::string line = tidy(before_comment(rest));
  // "1. Charge", "1) Charge": a numbered line as a list numbers it.
  if (const std::size_t digits = line.find_first_not_of("0123456789");
      digits > 0 && digits != std::string::npos && (line[digits] == '.' || line[digits] == ')')) {
    const std::string number = line.substr(0, digits), order = tidy(line.substr(digits + 1));
    throw tao::pegtl::parse_error(fmt::format("{} are numbered with a colon: did you mean '{}:{}'?", kinds, number,
                                              order.empty() ? "" : " " + order),
                                  at);
  }
  // "- Charge", "* Charge", "• Charge": a bulleted list.
  for (const std::string_view bullet : {"- ", "* ", "\u2022 "})
    if (line.starts_with(bullet))
      throw tao::pegtl::parse_error(fmt::format("{} are numbered, not bulleted: write the number and a colon for "
                                                "the '{}' ('1: {}', then '2: …')",
                                                kinds, tidy(bullet), tidy(line.substr(bullet.size()))),
                                    at);
  // "ELSE" under a verbose IF, without its colon: read as the ELSE, so its "Action:" line is its own.
  if (fold_case(line) == "else") {
    s.builder.open_else({at.byte, at.line, at.column});
    throw tao::pegtl::parse_error("a verbose ELSE line ends with a colon: did you mean 'ELSE:'?", at);
  }
  // Whether `text` reads whole as `Rule` (without actions: a quote left open is no error here).
  const auto reads = []<typename Rule>(Rule, std::string_view text) {
    tao::pegtl::memory_input<> in(text.data(), text.size(), "");
    try {
      return tao::pegtl::parse<seq<blanks, Rule, statement_end, eof>>(in);
    } catch (const tao::pegtl::parse_error&) {
      return false;
    }
  };
  if (const std::size_t colon = rest.find(':'); colon != std::string_view::npos) {
    // "Aldric: Charge -> closest enemy": a header and an order on one line.
    if (reads(character_name{}, rest.substr(0, colon)) && reads(phase_body{}, rest.substr(colon + 1))) {
      s.builder.refuse_character();
      throw tao::pegtl::parse_error(fmt::format("a character's header stands on a line of its own: write '{}:', then "
                                                "the order on its numbered line under it ('1: {}')",
                                                tidy(rest.substr(0, colon)), tidy(rest.substr(colon + 1))),
                                    at);
    }
  } else if (at.column == 1 && reads(bare_name{}, line)) {
    // "Aldric", unindented: a header without its colon (an order is indented under its number).
    s.builder.refuse_character();
    throw tao::pegtl::parse_error(fmt::format("a character's header ends with a colon: did you mean '{}:'?", line),
                                  at);
  }
  // ":", "Aldric, Brienne:": unindented and ending in a colon, a header was meant, whatever its name.
  // The lines under it are set aside with it, not each told again as having no character.
  if (at.column == 1 && line.ends_with(':')) s.builder.refuse_character();
  throw tao::pegtl::parse_error(error_message<line_end>, at);
}

}  // namespace grammar

bool control_byte(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return (byte < 0x20 && c != '\t' && c != '\n' && c != '\r') || byte == 0x7F;
}

std::string fold_case(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::string_view to_string(Compass direction) {
  static constexpr std::string_view names[] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
  return names[static_cast<int>(direction)];
}

bool Phrase::operator==(const Phrase& other) const { return fold_case(text) == fold_case(other.text); }

bool Target::operator==(const Target& other) const {
  return kind == other.kind && text == other.text && x == other.x && y == other.y;
}

bool Movement::operator==(const Movement& other) const {
  return kind == other.kind && feet == other.feet && steps == other.steps && place == other.place;
}

bool Order::operator==(const Order& other) const {
  return action == other.action && arguments == other.arguments && movement == other.movement &&
         target == other.target;
}

const Target* taken_at(const Order& order) {
  if (order.target) return &*order.target;
  if (order.movement.kind == Movement::Kind::toward && order.movement.place) return &*order.movement.place;
  return nullptr;
}

bool Condition::operator==(const Condition& other) const {
  return kind == other.kind && phrase == other.phrase && operands == other.operands;
}

bool Sheet::operator==(const Sheet& other) const { return round == other.round && characters == other.characters; }

bool Phase::operator==(const Phase& other) const {
  return number == other.number && branches == other.branches && otherwise == other.otherwise;
}

const Phase* entry(const CharacterOrders& character, long number) {
  for (const auto& phase : character.phases)
    if (phase.number == number) return &phase;
  return nullptr;
}

std::string_view numbered_line(std::optional<bool> sequential, bool plural) {
  if (!sequential) return plural ? "phases or entries" : "phase or entry";
  if (*sequential) return plural ? "entries" : "entry";
  return plural ? "phases" : "phase";
}

bool is_action_name(std::string_view name) {
  // The grammar reads blanks of any kind and length between words as one space: a name with any
  // other than single spaces could be written, but would read as another name.
  for (std::size_t i = 0; i < name.size(); ++i)
    if ((name[i] == ' ' && (i + 1 == name.size() || name[i + 1] == ' ')) || name[i] == '\t' ||
        static_cast<unsigned char>(name[i]) >= 0x80)
      return false;
  return grammar::reads_whole<grammar::action_name>(name);
}

namespace {

// parse_orders and parse_orders_to_check: `keep_misplaced`, an "Action:" line where its phase has
// its order is left in the sheet for the checker, unless the sheet has other problems, which stop
// the checks against the rules: then it is told with them.
Sheet read_orders(std::string_view given, const std::string& source_name, const Declared& declared,
                 bool keep_misplaced) {
  const std::string lines = with_newline_line_ends(given);
  const std::string_view text = lines;
  check_sheet_text(text, source_name);
  grammar::State state;
  state.declared = &declared;
  state.builder.phases = declared.phases;
  state.builder.sequential = declared.sequential;
  std::vector<Diagnostic> problems;
  std::size_t left_out = 0;  // problems past most_diagnostics, only counted
  const auto problem = [&](Position at, std::string message) {
    if (problems.size() < most_diagnostics)
      problems.push_back(diagnostic_at(text, source_name, at, std::move(message)));
    else
      ++left_out;
  };
  // Line by line, each a complete statement: a line that is not the language is reported and the
  // builder carries on with the next, so one mistake does not hide the rest of the sheet.
  const std::string_view bom = "\xEF\xBB\xBF";
  std::size_t begin = text.starts_with(bom) ? bom.size() : 0, line = 1;
  Position end{begin, 1, begin + 1};
  for (;;) {
    std::size_t stop = text.find('\n', begin);
    const bool last = stop == std::string_view::npos;
    if (last) stop = text.size();
    const std::size_t column = line == 1 ? begin + 1 : 1;  // after a byte order mark, the 4th byte
    const std::size_t content = stop > begin && text[stop - 1] == '\r' ? stop - 1 : stop;
    tao::pegtl::memory_input<> input(text.data() + begin, text.data() + content, source_name, begin, line, column);
    try {
      tao::pegtl::parse<grammar::sheet_line, grammar::action, grammar::control>(input, state);
    } catch (const tao::pegtl::parse_error& e) {
      const auto& p = e.positions().front();
      problem({p.byte, p.line, p.column}, std::string(e.message()));
      state.forget_line();
      state.builder.line_refused(line);
    } catch (const BuildError& e) {
      problem(e.at, e.message);
      state.builder.line_refused(line);
    }
    for (const BuildError& misspelt : grammar::misspelt_steps_told(state)) {
      problem(misspelt.at, misspelt.message);
      state.builder.line_refused(line);
    }
    end = {content, line, column + (content - begin)};
    if (last) break;
    begin = stop + 1;
    ++line;
  }
  try {
    Sheet sheet = state.builder.finish();
    if (sheet.characters.empty() && problems.empty())
      problems.push_back(
          diagnostic_at(text, source_name, end, "no orders: expected a character ('Character: Name' or 'Name:')"));
    if (problems.empty() && (keep_misplaced || state.builder.misplaced_actions().empty())) return sheet;
  } catch (const BuildError& e) {
    problem(e.at, e.message);
  }
  for (const BuildError& misplaced : state.builder.misplaced_actions()) problem(misplaced.at, misplaced.message);
  // An IF left without its action is told when the next phase starts, perhaps lines after it.
  by_place(problems);
  if (left_out > 0) problems.push_back(more_problems(left_out, source_name));
  throw Error(std::move(problems));
}

}  // namespace

Sheet parse_orders(std::string_view text, const std::string& source_name, const Declared& declared) {
  return read_orders(text, source_name, declared, false);
}

Sheet parse_orders_to_check(std::string_view text, const std::string& source_name, const Declared& declared) {
  return read_orders(text, source_name, declared, true);
}

Sheet parse_answer(std::string_view answer, const std::string& source_name, const std::string& who,
                   const std::string& answering, const Declared& declared) {
  check_sheet_text(answer, source_name, true);
  grammar::State state;
  state.declared = &declared;
  state.builder.sequential = declared.sequential;
  // The answer fills what a sheet's heads would have opened: who's entry, or its standing order.
  state.builder.start_character({who, {}});
  if (answering.empty()) state.builder.start_phase(1, {});
  else state.builder.start_standing({answering, {}}, {});
  tao::pegtl::memory_input<> input(answer.data(), answer.size(), source_name);
  std::vector<BuildError> problems;
  try {
    tao::pegtl::parse<grammar::answer_line, grammar::action, grammar::control>(input, state);
    if (state.misspelt_steps.empty()) return state.builder.finish();
  } catch (const tao::pegtl::parse_error& e) {
    const auto& p = e.positions().front();
    problems.push_back({std::string(e.message()), {p.byte, p.line, p.column}});
  } catch (const BuildError& e) {
    problems.push_back(e);
  }
  for (BuildError& misspelt : grammar::misspelt_steps_told(state)) problems.push_back(std::move(misspelt));
  std::vector<Diagnostic> diagnostics;
  for (const BuildError& problem : problems)
    diagnostics.push_back(diagnostic_at(answer, source_name, problem.at, problem.message));
  by_place(diagnostics);
  throw Error(std::move(diagnostics));
}

}  // namespace arbiter::orders
