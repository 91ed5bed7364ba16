#pragma once
// Builds the Sheet while the grammar matches. Private to orders.cpp.
//
// Small rules leave their value in a pending slot of `State` (a name, a target, an order being
// assembled, a stack of conditions); the rule that encloses them consumes it once it has matched
// as a whole. A rule that matched inside an alternative that later failed only leaves a slot that
// is overwritten before anyone reads it. The line-level rules then hand complete pieces to the
// Builder, which knows where each piece of the verbose form belongs.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>

#include <tao/pegtl.hpp>

#include "grammar/blanks.hpp"
#include "grammar/orders.hpp"
#include "grammar/orders_builder.hpp"
#include "grammar/orders_errors.hpp"
#include "grammar/orders_grammar.hpp"

namespace arbiter::orders::grammar {

struct State {
  Builder builder;
  std::string name;
  Phrase trigger;  // of a standing order
  long number = 0, x = 0, y = 0;
  Target target;
  // The order read last, a copy of it left here once the builder has it: text after it is told
  // with it ('Charge "Orc"': "did you mean 'Charge -> \"Orc\"'?").
  Order order;
  std::vector<Condition> conditions;
  std::size_t depth = 0;  // open parentheses and NOTs
  // The bare name or target phrase read last, and where its text ends: a comment right after it
  // may have cut it short ("Character: Orc #2").
  Phrase bare;
  const char* bare_end = nullptr;
  // The condition phrase read last, as written, and where it starts: THEN missing after it is told
  // at the word where the condition ends.
  std::string_view condition_written;
  Position condition_at;
  // Compass words misspelt where steps go on the line being read ("Move Sout, Est"): the line reads
  // on past them, and they are told, each at its word, once it is read (orders.cpp).
  std::vector<Phrase> misspelt_steps;
  // Where the compass step read last ends, misspelt or not: a word after it and blanks wants a comma.
  const char* step_end = nullptr;
  const Declared* declared = nullptr;  // what the ruleset declares, when the sheet is read against one
  Position header_at;                  // a character's header whose name must be quoted ("Round Table:")

  // Drops what a line that failed left half-read; the builder keeps the lines before it.
  void forget_line() {
    name.clear();
    trigger = {};
    number = x = y = 0;
    target = {};
    order = {};
    conditions.clear();
    depth = 0;
    bare_end = nullptr;
    step_end = nullptr;
    condition_written = {};
  }
};

template <typename Input>
Position position_of(const Input& in) {
  const auto p = in.position();
  return {p.byte, p.line, p.column};
}

template <typename Input>
Phrase phrase_of(const Input& in) {
  return {tidy(in.string_view()), position_of(in)};
}

// Numbers in sheets are counts, feet and coordinates: anything longer is a mistake, not a size.
template <typename Input>
long number_in(std::string_view text, const Input& in) {
  constexpr long most = 1'000'000;
  long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || value > most || value < -most)
    throw tao::pegtl::parse_error("number out of range: at most 1000000 in absolute value", in);
  return value;
}

template <typename Input>
long number_of(const Input& in) {
  return number_in(in.string_view(), in);
}

// A quoted name without its quote marks ('"Orc #2"', '“Orc #2”').
template <typename Input>
std::string unquoted(const Input& in) {
  const auto text = in.string_view();
  const std::size_t open = quote_mark_at(text, 0), close = text.ends_with('"') ? 1 : 3;
  return std::string(text.substr(open, text.size() - open - close));
}

// A label upper-cased: "aa1" is AA1.
inline std::string upper_label(std::string_view text) {
  std::string label(text);
  for (char& c : label)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return label;
}

template <typename Input>
Phrase cell_label(const Input& in) {
  return {upper_label(in.string_view()), position_of(in)};
}

// Whether the whole of `text` is what the grammar's `Rule` reads (a cell's label, blanks alone).
template <typename Rule>
bool reads_whole(std::string_view text) {
  tao::pegtl::memory_input<> in(text.data(), text.size(), "");
  return tao::pegtl::parse<tao::pegtl::seq<Rule, tao::pegtl::eof>>(in);
}

template <typename Rule>
struct action : tao::pegtl::nothing<Rule> {};

// --- Numbers and names -----------------------------------------------------------------------
template <>
struct action<x_value> {
  template <typename Input>
  static void apply(const Input& in, State& s) { s.x = number_of(in); }
};
template <>
struct action<y_value> {
  template <typename Input>
  static void apply(const Input& in, State& s) { s.y = number_of(in); }
};
template <>
struct action<bare_name> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.bare = phrase_of(in);
    s.bare_end = in.end();
  }
};
template <>
struct action<character_name> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    // A full stop ending the line is not part of a bare name ("Character: Aldric."), as of a phrase.
    s.name = quote_mark_at(in.string_view(), 0) ? unquoted(in) : tidy(in.string_view());
  }
};

// --- Targets ---------------------------------------------------------------------------------
template <>
struct action<target_character> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.target = {Target::Kind::character, {unquoted(in), position_of(in)}};
  }
};
template <>
struct action<target_coordinates> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.target = {Target::Kind::coordinates, {"", position_of(in)}, s.x, s.y};
  }
};
// A phrase that tidies to "self" or a cell ("Target: Self.", "Target: C3.") is that, so every
// spelling of one target gives one tree.
template <>
struct action<target_phrase> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    Phrase phrase = phrase_of(in);
    const std::string folded = fold_case(phrase.text);
    if (folded == "self" || folded == "me" || folded == "myself") {
      s.target = {Target::Kind::self, {"", phrase.at}};
    } else if (reads_whole<cell>(phrase.text)) {
      phrase.text = upper_label(phrase.text);
      s.target = {Target::Kind::cell, std::move(phrase)};
    } else {
      s.bare = phrase;
      s.bare_end = in.end();
      s.target = {Target::Kind::phrase, std::move(phrase)};
    }
  }
};

// --- Orders ----------------------------------------------------------------------------------
template <>
struct action<action_name> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.order = Order{};
    s.order.action = phrase_of(in);
  }
};
template <>
struct action<argument> {
  template <typename Input>
  static void apply(const Input& in, State& s) { s.order.arguments.push_back(phrase_of(in)); }
};
template <>
struct action<distance> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    const auto text = in.string_view();
    s.order.movement.feet = number_in(text.substr(0, text.find_first_not_of("0123456789")), in);
    s.order.movement.at = position_of(in);
  }
};
template <>
struct action<compass_step> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.order.movement.steps.push_back({compass_of(in.string_view()), position_of(in)});
    s.step_end = in.end();
  }
};
template <>
struct action<misspelt_step> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.misspelt_steps.push_back(phrase_of(in));
    s.step_end = in.end();
  }
};
template <>
struct action<path> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.order.movement.kind = Movement::Kind::path;
    s.order.movement.at = position_of(in);
  }
};
// "1: S, S, SW": told with the order it could be (orders.cpp).
[[noreturn]] void order_without_action(State& s, std::string_view path, const tao::pegtl::position& at);

template <>
struct action<path_without_action> {
  template <typename Input>
  static void apply(const Input& in, State& s) { order_without_action(s, in.string_view(), in.position()); }
};
template <>
struct action<destination_coordinates> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.order.movement.place = Target{Target::Kind::coordinates, {"", position_of(in)}, s.x, s.y};
  }
};
template <>
struct action<destination_cell> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.order.movement.place = Target{Target::Kind::cell, cell_label(in)};
  }
};
// A way to a place or a target, after the distance that caps it, if any ("Move 10' to C3"): the
// movement is told where it starts.
template <typename Input>
void place_movement(const Input& in, State& s, Movement::Kind kind) {
  s.order.movement.kind = kind;
  if (!s.order.movement.feet) s.order.movement.at = position_of(in);
}
template <>
struct action<move_to> {
  template <typename Input>
  static void apply(const Input& in, State& s) { place_movement(in, s, Movement::Kind::destination); }
};
template <>
struct action<move_toward> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    place_movement(in, s, Movement::Kind::toward);
    s.order.movement.place = s.target;
  }
};
template <>
struct action<move_away> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    place_movement(in, s, Movement::Kind::away);
    s.order.movement.place = s.target;
  }
};
template <>
struct action<arrow_target> {
  template <typename Input>
  static void apply(const Input&, State& s) { s.order.target = s.target; }
};

// --- Conditions ------------------------------------------------------------------------------
template <>
struct action<condition_phrase> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    Condition c;
    c.phrase = phrase_of(in);
    // A comment right after it may have cut a name short ("IF: Orc #2 is down").
    s.bare = c.phrase;
    s.bare_end = in.end();
    // The rules match a phrase's quoted name by its quote marks: “Orc #2” is "Orc #2".
    c.phrase.text = straight_quotes(c.phrase.text);
    s.conditions.push_back(std::move(c));
    s.condition_written = in.string_view();
    s.condition_at = position_of(in);
  }
};

// Combines the two conditions on top of the stack; a chain (a AND b AND c) stays one level.
inline void combine(std::vector<Condition>& stack, Condition::Kind kind) {
  Condition right = std::move(stack.back());
  stack.pop_back();
  Condition& left = stack.back();
  if (left.kind != kind) {
    Condition joined;
    joined.kind = kind;
    joined.operands.push_back(std::move(left));
    left = std::move(joined);
  }
  left.operands.push_back(std::move(right));
}
template <>
struct action<and_operand> {
  static void apply0(State& s) { combine(s.conditions, Condition::Kind::all); }
};
template <>
struct action<or_operand> {
  static void apply0(State& s) { combine(s.conditions, Condition::Kind::any); }
};
template <>
struct action<negation> {
  static void apply0(State& s) {
    Condition negated;
    negated.kind = Condition::Kind::negation;
    negated.operands.push_back(std::move(s.conditions.back()));
    s.conditions.back() = std::move(negated);
  }
};

inline Condition pop(std::vector<Condition>& stack) {
  Condition top = std::move(stack.back());
  stack.pop_back();
  return top;
}

// --- Phases ----------------------------------------------------------------------------------
template <>
struct action<then_order> {
  template <typename Input>
  static void apply(const Input&, State& s) { s.builder.add_branch(pop(s.conditions), s.order); }
};
template <>
struct action<else_if_start> {
  template <typename Input>
  static void apply(const Input& in, State& s) { s.builder.check_else_if_limit(position_of(in)); }
};
template <>
struct action<else_order> {
  template <typename Input>
  static void apply(const Input&, State& s) { s.builder.add_else(s.order); }
};
template <>
struct action<plain_order> {
  template <typename Input>
  static void apply(const Input& in, State& s) { s.builder.add_action(s.order, position_of(in)); }
};

struct set_number {
  template <typename Input>
  static void apply(const Input& in, State& s) { s.number = number_of(in); }
};
template <>
struct action<round_number> : set_number {};
template <>
struct action<phase_number> : set_number {};
template <>
struct action<ordinal_number> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.number = number_in(in.string_view().substr(0, in.size() - 2), in);  // less st, nd, rd or th
  }
};
template <>
struct action<ordinal_word> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    static constexpr std::string_view words[] = {"first", "second", "third", "fourth", "fifth",
                                                 "sixth", "seventh", "eighth", "ninth", "tenth"};
    const std::string word = fold_case(in.string_view());
    for (std::size_t i = 0; i < std::size(words); ++i)
      if (word == words[i]) s.number = static_cast<long>(i + 1);
  }
};

// --- Lines -----------------------------------------------------------------------------------
template <>
struct action<round_line> {
  template <typename Input>
  static void apply(const Input& in, State& s) { s.builder.set_round(s.number, position_of(in)); }
};
template <>
struct action<character_line> {
  template <typename Input>
  static void apply(const Input& in, State& s) { s.builder.start_character({s.name, position_of(in)}); }
};
template <>
struct action<character_header> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    // A quoted name is the name as written: '"Otherwise":' heads that character's orders, whatever
    // keyword it is like.
    const std::string_view line = in.string_view();
    if (tao::pegtl::parse<quote_mark>(tao::pegtl::memory_input(line.data(), line.size(), "")))
      s.builder.start_character({s.name, position_of(in)});
    else
      s.builder.start_character_or_keyword({s.name, position_of(in)});
  }
};
template <>
struct action<keyword_header> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.header_at = position_of(in);
    s.builder.start_character({s.name, s.header_at});
  }
};
template <>
struct action<phase_head> {
  template <typename Input>
  static void apply(const Input& in, State& s) { s.builder.start_phase(s.number, position_of(in)); }
};
template <>
struct action<trigger> {
  template <typename Input>
  static void apply(const Input& in, State& s) { s.trigger = phrase_of(in); }
};
template <>
struct action<standing_head> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.builder.start_standing(std::move(s.trigger), position_of(in));
  }
};
template <>
struct action<action_line> {
  template <typename Input>
  static void apply(const Input& in, State& s) { s.builder.add_action(s.order, position_of(in)); }
};
template <>
struct action<target_line_target> {
  template <typename Input>
  static void apply(const Input& in, State& s) { s.builder.add_target(s.target, position_of(in)); }
};
template <>
struct action<target_line_away> {
  template <typename Input>
  static void apply(const Input& in, State& s) { s.builder.add_away(s.target, position_of(in)); }
};
template <>
struct action<if_line> {
  template <typename Input>
  static void apply(const Input& in, State& s) { s.builder.open_if(pop(s.conditions), position_of(in)); }
};
template <>
struct action<else_if_line> {
  template <typename Input>
  static void apply(const Input& in, State& s) { s.builder.open_else_if(pop(s.conditions), position_of(in)); }
};
template <>
struct action<else_line> {
  template <typename Input>
  static void apply(const Input& in, State& s) { s.builder.open_else(position_of(in)); }
};

// A comment with only blanks between it and the bare name or target before it.
template <>
struct action<comment> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    const char* const begin = in.begin();
    if (!s.bare_end || s.bare_end > begin) return;
    const std::string_view gap(s.bare_end, static_cast<std::size_t>(begin - s.bare_end));
    s.bare_end = nullptr;
    if (!reads_whole<blanks>(gap)) return;  // a no-break space is a blank, as a space is
    s.builder.name_before_comment({s.bare, s.bare.text + (gap.empty() ? "" : " ") + tidy(in.string_view())});
  }
};

// "'Orc #2': a # starts a comment; write the name in quotes: \"Orc #2\"", for `written`, a name and
// the comment that cut it short.
std::string name_cut_by_comment(const std::string& written);

// --- Control: error points, and a depth count that stops runaway nesting ---------------------
template <typename Rule>
struct control : tao::pegtl::must_if<errors>::control<Rule> {};

// Counts the nesting of `Rule`, which `Opener` ('(' or NOT) begins. Every alternative is started at a
// depth's innermost condition (NOT is tried before the phrase), so past the limit only a rule whose
// opener is there nests deeper: 50 parentheses are 50 deep, not 51.
template <typename Rule, typename Opener>
struct nesting_control : tao::pegtl::must_if<errors>::control<Rule> {
  template <typename Input>
  static void start(const Input& in, State& s) {
    if (++s.depth <= max_condition_depth) return;
    tao::pegtl::memory_input<> ahead(in.current(), in.end(), "");
    if (tao::pegtl::parse<Opener>(ahead))
      throw tao::pegtl::parse_error("nesting limit: conditions nested more than 50 deep (parentheses and NOT)",
                                    in);
  }
  template <typename Input>
  static void success(const Input&, State& s) { --s.depth; }
  template <typename Input>
  static void failure(const Input&, State& s) { --s.depth; }
};
template <>
struct control<group> : nesting_control<group, tao::pegtl::one<'('>> {};
template <>
struct control<negation> : nesting_control<negation, kw_not> {};

// "Round Table:" is refused at the header's start, though it has been read as the character's.
template <typename Rule>
struct keyword_name_control : tao::pegtl::must_if<errors>::control<Rule> {
  template <typename Input>
  [[noreturn]] static void raise(const Input& in, State& s) {
    throw tao::pegtl::parse_error(error_message<Rule>,
                                  tao::pegtl::position(s.header_at.offset, s.header_at.line, s.header_at.column,
                                                       in.source()));
  }
};
template <>
struct control<round_name> : keyword_name_control<round_name> {};
template <>
struct control<if_name> : keyword_name_control<if_name> {};

// THEN missing after a condition: the grammar reads a condition's words up to THEN, ELSE, AND, OR
// or an arrow, so a misspelt or missing THEN is swallowed by the condition ("IF I reach the enemy
// THNE Full Attack -> …" fails only at the arrow). Told instead at the word after the longest
// declared condition the phrase begins with, when the rules are known, or else at a word like THEN;
// "did you mean 'THEN'?" when that word is close to it.
bool near_then(std::string_view word, bool after_condition);
// A name a comment cut short ("IF Orc #2 is down"), told at its start.
// `rest`: the line from where THEN was looked for, at `at`.
[[noreturn]] void missing_then(const State& s, std::string_view rest, const tao::pegtl::position& at);

// "1: Parry" at a prompt: told with the order as it is typed there.
template <>
struct control<numbered_answer> : tao::pegtl::must_if<errors>::control<numbered_answer> {
  template <typename Input>
  [[noreturn]] static void raise(const Input& in, State&) {
    tao::pegtl::memory_input<> ahead(in.current(), in.end(), "");
    tao::pegtl::parse<tao::pegtl::seq<phase_head, blanks>>(ahead);
    const std::string order =
        tidy(std::string_view(ahead.current(), static_cast<std::size_t>(ahead.end() - ahead.current())));
    if (order.empty()) throw tao::pegtl::parse_error(error_message<numbered_answer>, in);
    throw tao::pegtl::parse_error("write the order without its number: '" + order + "'", in);
  }
};

// '""' as a header ('"":', 'Character: ""') would have started a character: the lines under it
// are set aside with it, not told again as having none.
template <>
struct control<empty_quote> : tao::pegtl::must_if<errors>::control<empty_quote> {
  template <typename Input>
  [[noreturn]] static void raise(const Input& in, State& s) {
    const std::string before =
        fold_case(tidy(std::string_view(in.begin(), static_cast<std::size_t>(in.current() - in.begin()))));
    if (before.empty() || before.starts_with("character")) s.builder.refuse_character();
    throw tao::pegtl::parse_error(error_message<empty_quote>, in);
  }
};

// "Use Item (Healing Potion #2)": the argument stopped at a comment, which runs to the line's end.
template <>
struct control<close_arguments> : tao::pegtl::must_if<errors>::control<close_arguments> {
  template <typename Input>
  [[noreturn]] static void raise(const Input& in, State&) {
    tao::pegtl::memory_input<> ahead(in.current(), in.end(), "");
    if (tao::pegtl::parse<tao::pegtl::seq<blanks, tao::pegtl::one<'#'>>>(ahead))
      throw tao::pegtl::parse_error(std::string(error_message<close_arguments>) +
                                        ": a # starts a comment, which runs to the end of the line; write the "
                                        "argument without it",
                                    in);
    throw tao::pegtl::parse_error(error_message<close_arguments>, in);
  }
};

// "Move to 3C": a cell written digits first is told with its letters-first form.
template <>
struct control<destination> : tao::pegtl::must_if<errors>::control<destination> {
  template <typename Input>
  [[noreturn]] static void raise(const Input& in, State&) {
    tao::pegtl::memory_input<> ahead(in.current(), in.end(), "");
    if (!tao::pegtl::parse<cell_digits_first>(ahead)) throw tao::pegtl::parse_error(error_message<destination>, in);
    const std::string_view written(in.current(), static_cast<std::size_t>(ahead.current() - in.current()));
    const std::size_t letters = written.find_first_not_of("0123456789");
    std::string label(written.substr(letters));
    for (char& c : label) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    label += written.substr(0, letters);
    throw tao::pegtl::parse_error("expected a destination after 'to': '" + std::string(written) +
                                      "' is not a cell label: write a column letter then a row number; did you mean " +
                                      label + "?",
                                  in);
  }
};

// "Character:" without its name would have started a character: the lines under it are set aside
// with it, not told again as having none.
template <>
struct control<character_name> : tao::pegtl::must_if<errors>::control<character_name> {
  template <typename Input>
  [[noreturn]] static void raise(const Input& in, State& s) {
    s.builder.refuse_character();
    throw tao::pegtl::parse_error(error_message<character_name>, in);
  }
};

// A line that is not the language: a header whose name a comment cut short ("Orc #2:") or a
// misspelt keyword ("Charcter: Aldric") is told as such; `rest`: the line from its first word.
[[noreturn]] void unreadable_line(State& s, std::string_view rest, const tao::pegtl::position& at);

template <>
struct control<line_end> : tao::pegtl::must_if<errors>::control<line_end> {
  template <typename Input>
  [[noreturn]] static void raise(const Input& in, State& s) {
    unreadable_line(s, std::string_view(in.current(), static_cast<std::size_t>(in.end() - in.current())),
                    in.position());
  }
};

// Text after an order: a compass word after the steps without a comma ("Move N E", "Move N Est"),
// told as the comma missing (`after_step`: only blanks since the last step); a misspelt one after a
// distance ("Move 10' Nrth"), told with the nearest; after a movement ("Sprint 30' South to behind the bush"), free-text
// directions, told with the movements the language reads; otherwise what could have followed.
// `rest`: the line after the order.
[[noreturn]] void text_after_order(const State& s, std::string_view rest, bool after_step,
                                   const tao::pegtl::position& at);

template <>
struct control<after_order> : tao::pegtl::must_if<errors>::control<after_order> {
  template <typename Input>
  [[noreturn]] static void raise(const Input& in, State& s) {
    const bool after_step = s.step_end && s.step_end < in.current() &&
                            std::all_of(s.step_end, in.current(), [](char c) { return c == ' ' || c == '\t'; });
    text_after_order(s, std::string_view(in.current(), static_cast<std::size_t>(in.end() - in.current())), after_step,
                     in.position());
  }
};

// The compass words the line just read misspelt where steps go, each told at its word with the
// nearest; taken from `s`, so that the next line starts without them.
std::vector<BuildError> misspelt_steps_told(State& s);

template <>
struct control<then_keyword> : tao::pegtl::must_if<errors>::control<then_keyword> {
  template <typename Input>
  [[noreturn]] static void raise(const Input& in, State& s) {
    missing_then(s, std::string_view(in.current(), static_cast<std::size_t>(in.end() - in.current())), in.position());
  }
};

}  // namespace arbiter::orders::grammar
