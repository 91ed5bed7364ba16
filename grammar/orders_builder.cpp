#include "grammar/orders_builder.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <vector>
#include <stdexcept>

#include "grammar/blanks.hpp"
#include "grammar/edit_distance.hpp"
#include "grammar/orders_format.hpp"

namespace arbiter::orders {

std::string tidy(std::string_view text) {
  std::string out = blanks_collapsed(text);
  // "closest enemy." and "enemy . ." end as "closest enemy" and "enemy"; a lone "." stays.
  while (out.size() > 1 && (out.back() == '.' || out.back() == ' ')) out.pop_back();
  return out;
}

namespace {

// The compass words, as a suggestion writes them: the letters first, so that of two equally near
// the shorter is suggested.
constexpr std::array<std::pair<std::string_view, Compass>, 16> compass_words{{
    {"N", Compass::n},         {"NE", Compass::ne},        {"E", Compass::e},     {"SE", Compass::se},
    {"S", Compass::s},         {"SW", Compass::sw},        {"W", Compass::w},     {"NW", Compass::nw},
    {"North", Compass::n},     {"Northeast", Compass::ne}, {"East", Compass::e},  {"Southeast", Compass::se},
    {"South", Compass::s},     {"Southwest", Compass::sw}, {"West", Compass::w},  {"Northwest", Compass::nw},
}};

}  // namespace

std::optional<Compass> compass_word(std::string_view word) {
  std::string folded = fold_case(blanks_collapsed(word));
  // "south west" as it is said is one word, "n e" two steps.
  if (folded.find(' ') != std::string::npos && !folded.starts_with("north ") && !folded.starts_with("south "))
    return std::nullopt;
  std::erase_if(folded, [](char c) { return c == '-' || c == ' '; });  // "south-west", "south west"
  for (const auto& [name, direction] : compass_words)
    if (folded == fold_case(name)) return direction;
  return std::nullopt;
}

Compass compass_of(std::string_view word) {
  if (const auto direction = compass_word(word)) return *direction;
  throw std::logic_error("not a compass word: " + std::string(word));  // the grammar only passes compass words
}

std::string nearest_compass(std::string_view word) {
  if (word.size() < 3 || compass_word(word)) return {};
  std::string nearest;
  std::size_t best = std::numeric_limits<std::size_t>::max();
  for (const auto& [name, direction] : compass_words) {
    // A word of three letters or more misspells a compass word written out, not N or NE: 'the'
    // is two edits from NE, and no one meant it.
    if (name.size() <= 2) continue;
    // As near as nearest_names asks (interpreter/core/names.hpp): a third of the longer word, or two.
    const std::size_t shorter = std::min(word.size(), name.size()), longer = std::max(word.size(), name.size());
    const std::size_t allowed = std::max<std::size_t>(2, longer / 3);
    // The grammar asks of every word an action's name holds: one far longer is not measured.
    if (longer - shorter > allowed) continue;
    const std::size_t distance = edit_distance(word, name);
    if (distance < best && distance <= allowed) best = distance, nearest = name;
  }
  return nearest;
}

namespace {

constexpr std::array<std::string_view, 10> ordinals{"First", "Second", "Third", "Fourth", "Fifth",
                                                    "Sixth", "Seventh", "Eighth", "Ninth", "Tenth"};

// The phase a phase head names ("Second Action" is 2, "2" too), or 0.
long ordinal_phase(std::string_view head) {
  for (std::size_t i = 0; i < ordinals.size(); ++i)
    if (head == std::string(ordinals[i]) + " Action") return static_cast<long>(i + 1);
  if (!head.empty() && head.size() <= 2 && std::all_of(head.begin(), head.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::stol(std::string(head));
  return 0;
}

// The number of a phase or entry headed as other sheets head them: "1st", "2nd Phase", "First
// Phase", "Action One", "Eleventh Action" (the language's own ordinal words stop at Tenth). 0 for
// any other head, and for a bare ordinal word ("First", a verbose header misspelt).
long habitual_heading(std::string_view head) {
  // The language's own ordinals (`ordinals`, capitalised) stop at Tenth; these words go on.
  static constexpr std::array<std::string_view, 20> ordinal_words{
      "first",    "second",    "third",      "fourth",     "fifth",      "sixth",     "seventh",
      "eighth",   "ninth",     "tenth",      "eleventh",   "twelfth",    "thirteenth", "fourteenth",
      "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth"};
  static constexpr std::array<std::string_view, 20> number_words{
      "one",     "two",     "three",     "four",     "five",    "six",     "seven",
      "eight",   "nine",    "ten",       "eleven",   "twelve",  "thirteen", "fourteen",
      "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"};
  const std::string folded = fold_case(head);
  std::string_view number;
  int heading_words = 0;
  for (std::size_t at = 0; at < folded.size();) {
    const std::size_t end = std::min(folded.find(' ', at), folded.size());
    const std::string_view word = std::string_view(folded).substr(at, end - at);
    at = folded.find_first_not_of(' ', end);
    if (at == std::string::npos) at = folded.size();
    if (word == "phase" || word == "action" || word == "entry" || word == "turn") {
      ++heading_words;
    } else if (number.empty()) {
      number = word;
    } else {
      return 0;
    }
  }
  const std::size_t digits = number.find_first_not_of("0123456789");
  if (digits > 0 && digits != std::string_view::npos && digits < 6) {
    const std::string_view suffix = number.substr(digits);
    if (suffix == "st" || suffix == "nd" || suffix == "rd" || suffix == "th") return std::stol(std::string(number));
    return 0;
  }
  if (heading_words == 0) return 0;
  for (std::size_t i = 0; i < ordinal_words.size(); ++i)
    if (number == ordinal_words[i] || number == number_words[i]) return static_cast<long>(i + 1);
  return 0;
}

}  // namespace

std::string misspelt_keyword(std::string_view head) {
  static const std::vector<std::string> keywords = [] {
    std::vector<std::string> all{"Character", "Action", "Target", "IF", "ELSE", "ELSE IF"};
    for (const auto ordinal : ordinals) all.push_back(std::string(ordinal) + " Action");
    return all;
  }();
  if (head.size() > 20) return {};  // longer than any keyword by more than two edits
  // Other ways to head a line: "Second" for "Second Action", "Phase 2" for "2", "Otherwise" for ELSE.
  const std::string folded = fold_case(blanks_collapsed(head));
  for (const auto ordinal : ordinals)
    if (folded == fold_case(ordinal)) return std::string(ordinal) + " Action";
  if (const std::string number = folded.starts_with("phase ") ? folded.substr(6) : "";
      !number.empty() && number.size() <= 2 && std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return number;
  if (folded == "otherwise") return "ELSE";
  if (const long number = habitual_heading(folded)) return std::to_string(number);
  std::string nearest;
  std::size_t best = 3;  // at most two edits; one for a word of three letters or fewer ("Iff")
  for (const auto& keyword : keywords) {
    const std::size_t distance = edit_distance(head, keyword);
    const std::size_t allowed = std::min(head.size(), keyword.size()) <= 3 ? 1 : 2;
    if (distance >= 1 && distance <= allowed && distance < best) best = distance, nearest = keyword;
  }
  return nearest;
}

std::string did_you_mean_keyword(std::string_view head, std::string_view keyword, std::string_view why,
                                 std::string_view after) {
  return "'" + std::string(head) + ":' " + std::string(why) + ": did you mean '" + std::string(keyword) + ":" +
         (after.empty() ? "" : " " + std::string(after)) + "'?";
}

namespace {

// A second "Action:" line in phase `number`: the phase it may belong to is the next, if the rules
// (`phases` of them, 0 when not known) have one. A turn's entries are numbered ("2:"); without the
// rules, either head is told.
std::string second_action(long number, long phases, std::optional<bool> sequential) {
  const std::string kind(numbered_line(sequential));
  if (phases > 0 && number >= phases)
    return "this " + kind + " already has an action, and there is no next " + kind +
           ": the rules give each character " + std::to_string(phases) + " " +
           std::string(numbered_line(sequential, phases != 1)) + ", one order each";
  const long next = number + 1;
  const std::string entry = "'" + std::to_string(next) + ":'";
  if (sequential == true) return "this entry already has an action: start the next entry (" + entry + ") first";
  const std::string head = next >= 1 && next <= 10 ? std::string(ordinals[static_cast<std::size_t>(next - 1)]) + " Action:"
                                                   : "Action " + std::to_string(next) + ":";
  if (!sequential)
    return "this phase or entry already has an action: start the next one ('" + head + "' or " + entry + ") first";
  return "this phase already has an action: start the next phase ('" + head + "') first";
}

}  // namespace

void Builder::set_round(long number, Position at) {
  if (sheet_.round) throw BuildError{"a second 'Round' header: a sheet is for one round", at};
  if (!sheet_.characters.empty())
    throw BuildError{"the 'Round' header must come before the first character", at};
  if (number < 1) throw BuildError{"there is no round 0: a fight's rounds count from 1", at};
  sheet_.round = number;
  sheet_.round_at = at;
}

void Builder::start_character(Phrase name) {
  const auto unfinished = close_phase();
  sheet_.characters.push_back({std::move(name), {}, {}});
  set_aside_open_ = false;
  open_ = Open::none;
  if (unfinished) throw *unfinished;
}

void Builder::start_character_or_keyword(Phrase name) {
  const std::string keyword = misspelt_keyword(name.text);
  // "THEN:" under a verbose IF, as the compact form writes it: the IF's "Action:" line follows.
  if (fold_case(name.text) == "then" && verbose_if_ && awaiting_ == Awaiting::branch_action)
    throw BuildError{"'THEN:' is not a line of the language: a verbose 'IF:' line is followed by its 'Action:' line, "
                     "without THEN",
                     name.at};
  // "Otherwise:" for ELSE: read as the ELSE after a verbose IF, and told wherever it stands.
  if (fold_case(name.text) == "otherwise" && current()) {
    if (verbose_if_ && open_ != Open::none && !else_seen_) open_else(name.at);
    throw BuildError{did_you_mean_keyword(name.text, keyword, "would start a character of that name"), name.at};
  }
  if (const long number = ordinal_phase(keyword); number > 0 && current()) {
    start_phase(number, name.at);
    throw BuildError{did_you_mean_keyword(name.text, keyword, "would start a character of that name"), name.at};
  }
  // ELSE's letters swapped or one dropped ("ESLE", "ELE"), after a verbose IF, as a name close to
  // ELSE ("Elsa", "Elsie") may well be a character's.
  std::string letters = fold_case(name.text), else_letters = "eels";
  std::sort(letters.begin(), letters.end());
  const bool like_else = letters == else_letters || (letters.size() == 3 && keyword == "ELSE");
  if (like_else && verbose_if_ && open_ != Open::none && !else_seen_) {
    open_else(name.at);
    throw BuildError{did_you_mean_keyword(name.text, keyword, "would start a character of that name"), name.at};
  }
  start_character(std::move(name));
}

void Builder::refuse_character() {
  close_phase();  // what the character before still awaits was told, or is not worth telling now
  set_aside();
}

void Builder::set_aside() {
  set_aside_ = {};
  set_aside_open_ = true;
  open_ = Open::none;
}

void Builder::start_phase(long number, Position at) {
  // "First Action:" with no character above it (the Platemail document's example lost its
  // "Character:" line): told once, and the lines that follow are set aside, not each refused.
  const bool orphan = !current();
  if (orphan) set_aside();
  const auto unfinished = close_phase();
  Phase phase;
  phase.number = number;
  phase.at = at;
  current()->phases.push_back(std::move(phase));
  open_ = Open::phase;
  if (orphan)
    throw BuildError{"no character before the first " + kind() + ": write 'Character: Name' or 'Name:' above it", at};
  if (unfinished) throw *unfinished;
}

void Builder::start_standing(Phrase trigger, Position at) {
  const bool orphan = !current();
  if (orphan) set_aside();
  const auto unfinished = close_phase();
  StandingOrder standing{std::move(trigger), {}};
  standing.choice.at = at;
  current()->standing.push_back(std::move(standing));
  open_ = Open::standing;
  if (orphan)
    throw BuildError{"no character before the first standing order ('ON <action>: <order>'): write 'Character: "
                     "Name' or 'Name:' above it (a name that begins with the word 'On' goes in quotes: \"On the "
                     "Wall\":)",
                     at};
  if (unfinished) throw *unfinished;
}

std::string Builder::a_kind() const {
  if (!sequential) return "a phase or an entry";
  return *sequential ? "an entry" : "a phase";
}

Phase& Builder::phase(Position at, std::string_view what) {
  if (!current() || open_ == Open::none)
    throw BuildError{std::string(what) + " must follow " + a_kind() +
                         (sequential == true ? " ('1:')" : " ('First Action:' or '1:')") +
                         " or a standing order ('ON <action>:')",
                     at};
  CharacterOrders& character = *current();
  return open_ == Open::standing ? character.standing.back().choice : character.phases.back();
}

void Builder::add_action(Order order, Position at) {
  Phase& p = phase(at, "'Action:'");
  switch (awaiting_) {
    case Awaiting::branch_action:
      p.branches.back().order = std::move(order);
      last_order_ = &p.branches.back().order;
      break;
    case Awaiting::else_action:
      p.otherwise = std::move(order);
      last_order_ = &*p.otherwise;
      break;
    case Awaiting::past_limit:
      refused_ = std::move(order);
      last_order_ = &refused_;
      return;
    case Awaiting::nothing:
      if (const std::string why = no_room_for_action(p); !why.empty()) {
        // The line reads well: it is kept, for the checker to tell with the rules' problems, and
        // a "Target:" after it is its own.
        p.misplaced.push_back({std::move(order), at, why});
        misplaced_.push_back({why, at});
        last_order_ = &p.misplaced.back().order;
        return;
      }
      p.otherwise = std::move(order);
      last_order_ = &*p.otherwise;
      break;
  }
  awaiting_ = Awaiting::nothing;
}

std::string Builder::no_room_for_action(const Phase& p) const {
  if (!p.branches.empty()) return "a second action after IF: write 'ELSE:' or 'ELSE IF:' before it";
  if (p.otherwise && open_ == Open::standing)
    return "this standing order already has its order: a second one needs its own 'ON <action>:'";
  if (p.otherwise) return second_action(p.number, phases, sequential);
  return {};
}

void Builder::add_target(Target target, Position at) {
  if (awaiting_ == Awaiting::past_limit) return;
  if (!last_order_ || awaiting_ != Awaiting::nothing)
    throw BuildError{"'Target:' must follow the 'Action:' it belongs to", at};
  if (last_order_->target) throw BuildError{"this action already has a target", at};
  last_order_->target = std::move(target);
}

void Builder::add_away(Target place, Position at) {
  if (awaiting_ == Awaiting::past_limit) return;
  if (!last_order_ || awaiting_ != Awaiting::nothing)
    throw BuildError{"'Target:' must follow the 'Action:' it belongs to", at};
  Movement& way = last_order_->movement;
  if (!way.steps.empty() || way.place)
    throw BuildError{"this action already says where it moves: write the way once, on its 'Action:' line or as "
                     "'Target: Away from …'",
                     at};
  way.kind = Movement::Kind::away;
  way.place = std::move(place);
  if (!way.feet) way.at = at;
}

void Builder::open_if(Condition condition, Position at) {
  Phase& p = phase(at, "IF");
  // "IF: I am wounded" then "IF: an ally is down": the first IF still awaits its action, and IFs
  // do not nest (an IF's action is one order). Told at the first IF, as before its ELSE, not as a
  // second action: there is none yet.
  if (awaiting_ == Awaiting::branch_action && unanswered()) {
    const Condition both{
        .kind = Condition::Kind::all, .phrase = {}, .operands = {p.branches.back().condition, std::move(condition)}};
    throw BuildError{"IF without an action: expected an 'Action:' line after it, not another IF: IFs do not nest; "
                     "join the conditions with AND ('IF: " + format(both) + "')",
                     opened_at_};
  }
  if ((!p.branches.empty() || p.otherwise) && open_ == Open::standing)
    throw BuildError{"IF must open a standing order's choice: this standing order already has its order", at};
  if (!p.branches.empty() || p.otherwise)
    throw BuildError{"IF must open " + a_kind() + ": this " + kind() +
                         " already has an action",
                     at};
  p.branches.push_back({std::move(condition), {}});
  await(Awaiting::branch_action, at);
  else_seen_ = false;
  verbose_if_ = true;
}

void Builder::open_else_if(Condition condition, Position at) {
  Phase& p = phase(at, "ELSE IF");
  if (awaiting_ == Awaiting::past_limit) return;
  if (p.branches.empty()) throw BuildError{"ELSE without IF: only an IF order has an ELSE", at};
  if (awaiting_ == Awaiting::branch_action && unanswered())
    throw BuildError{"IF without an action: expected an 'Action:' line after it", opened_at_};
  p.branches.push_back({std::move(condition), {}});
  await(Awaiting::branch_action, at);
  // Refused, yet the "Action:" under it is its own (line_refused), not a second action after the
  // IF: the sheet is refused anyway, so the branch it fills is never read.
  if (else_seen_) throw BuildError{else_if_after_else_message, at};
}

void Builder::open_else(Position at) {
  Phase& p = phase(at, "ELSE");
  if (awaiting_ == Awaiting::past_limit) return;
  if (p.branches.empty()) throw BuildError{"ELSE without IF: only an IF order has an ELSE", at};
  if (awaiting_ == Awaiting::branch_action && unanswered())
    throw BuildError{"IF without an action: expected an 'Action:' line after it", opened_at_};
  await(Awaiting::else_action, at);
  // As an ELSE IF after ELSE: the "Action:" under it is its own, not told again.
  if (else_seen_) throw BuildError{second_else_message, at};
  else_seen_ = true;
}

void Builder::await(Awaiting what, Position at) {
  awaiting_ = what;
  opened_at_ = at;
  opened_by_refused_line_ = false;
  last_order_ = nullptr;
}

void Builder::add_branch(Condition condition, Order order) {
  Phase& p = phase({}, "IF");  // the grammar reads a compact IF only after a phase's or ON's head
  p.branches.push_back({std::move(condition), std::move(order)});
  last_order_ = &p.branches.back().order;
}

void Builder::add_else(Order order) {
  Phase& p = phase({}, "ELSE");
  p.otherwise = std::move(order);
  last_order_ = &*p.otherwise;
}

void Builder::check_else_if_limit(Position at) {
  if (!current() || open_ == Open::none || awaiting_ == Awaiting::past_limit) return;
  if (phase(at, "ELSE IF").branches.size() > max_else_ifs) {
    awaiting_ = Awaiting::past_limit;
    throw BuildError{"nesting limit: more than 50 ELSE IF branches in one " + kind(), at};
  }
}

std::optional<BuildError> Builder::close_phase() {
  std::optional<BuildError> unfinished;
  if (unanswered())
    unfinished = BuildError{awaiting_ == Awaiting::branch_action
                                ? "IF without an action: expected an 'Action:' line after it"
                                : "ELSE without an action: expected an 'Action:' line after it",
                            opened_at_};
  awaiting_ = Awaiting::nothing;
  opened_by_refused_line_ = false;
  else_seen_ = false;
  verbose_if_ = false;
  last_order_ = nullptr;
  return unfinished;
}

Sheet Builder::finish() {
  if (const auto unfinished = close_phase()) throw *unfinished;
  return std::move(sheet_);
}

}  // namespace arbiter::orders
