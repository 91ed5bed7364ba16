#pragma once
// The order-sheet grammar (PEGTL 3). Private to orders.cpp. A sheet is a list of lines; each line
// is one statement (a character, a phase, an order, a verbose Action:/Target:/IF:/ELSE: line) or
// blank. Error points are the rules wrapped in `must<>`; each has a message in orders_errors.hpp.
#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

#include "grammar/orders.hpp"

namespace arbiter::orders::grammar {

using namespace tao::pegtl;

// --- Lexical ---------------------------------------------------------------------------------
// A no-break space (U+00A0), as text pasted from a chat or a word processor has, is a blank too.
struct no_break_space : utf8::one<0xA0> {};
struct sp : sor<one<' ', '\t'>, no_break_space> {};
struct blanks : star<sp> {};
struct comment : seq<one<'#'>, star<not_one<'\r', '\n'>>> {};
// A quote mark: ", or “ and ” as phones and word processors type it (either may open or close a
// quote, as some keyboards type ” for both). grammar/blanks.hpp reads them alike.
struct quote_mark : sor<one<'"'>, utf8::one<0x201C, 0x201D>> {};
// Bytes that can be part of a word: anything but blanks, line ends and the language's punctuation.
struct word_char
    : seq<not_at<sor<no_break_space, quote_mark>>, not_one<' ', '\t', '\r', '\n', '#', '(', ')', ',', ':'>> {};
// "->", or the arrow the narration prints (U+2192), as a sheet copied from it has.
struct arrow : sor<string<'-', '>'>, utf8::one<0x2192>> {};
// A full stop that ends the line ("Defend.", "Move S, SW. # in a hurry"), or an IF's order before
// its ELSE ("THEN Defend. ELSE Charge").
struct final_stop : seq<one<'.'>, blanks, sor<eolf, one<'#'>, seq<TAO_PEGTL_ISTRING("else"), not_at<word_char>>>> {};
// Where a word ends: before a blank or punctuation, an arrow ("AND->") or a line's final full stop
// ("South."), though '.' may be part of a word ("Mr.").
struct word_end : sor<not_at<word_char>, at<arrow>, at<final_stop>> {};
// A keyword is a whole word: "Android" holds no AND; "AND->" does.
template <typename Word>
struct keyword : seq<Word, word_end> {};
struct colon : seq<blanks, one<':'>> {};
struct comma : seq<blanks, one<','>, blanks> {};
struct number : seq<opt<one<'-'>>, plus<digit>> {};

struct kw_if : keyword<TAO_PEGTL_ISTRING("if")> {};
struct kw_then : keyword<TAO_PEGTL_ISTRING("then")> {};
struct kw_else : keyword<TAO_PEGTL_ISTRING("else")> {};
struct kw_and : keyword<TAO_PEGTL_ISTRING("and")> {};
struct kw_or : keyword<TAO_PEGTL_ISTRING("or")> {};
struct kw_not : keyword<TAO_PEGTL_ISTRING("not")> {};
struct kw_to : keyword<TAO_PEGTL_ISTRING("to")> {};
struct kw_toward : sor<keyword<TAO_PEGTL_ISTRING("towards")>, keyword<TAO_PEGTL_ISTRING("toward")>> {};
struct kw_away : keyword<TAO_PEGTL_ISTRING("away")> {};
struct kw_from : keyword<TAO_PEGTL_ISTRING("from")> {};
struct kw_the : keyword<TAO_PEGTL_ISTRING("the")> {};
struct kw_action : keyword<TAO_PEGTL_ISTRING("action")> {};
struct kw_target : keyword<TAO_PEGTL_ISTRING("target")> {};
struct kw_character : keyword<TAO_PEGTL_ISTRING("character")> {};
struct kw_round : keyword<TAO_PEGTL_ISTRING("round")> {};
struct kw_phase : keyword<TAO_PEGTL_ISTRING("phase")> {};
struct kw_on : keyword<TAO_PEGTL_ISTRING("on")> {};
struct kw_up : keyword<TAO_PEGTL_ISTRING("up")> {};

// Each a whole word, so "S" is not the start of "SW" or of "Sprint"; "south-west" as docs/world.md
// writes the diagonals too, and "north east", as it is said (a step is never two words: N, E).
struct two_word_diagonal : seq<sor<keyword<TAO_PEGTL_ISTRING("north")>, keyword<TAO_PEGTL_ISTRING("south")>>, plus<sp>,
                               sor<keyword<TAO_PEGTL_ISTRING("east")>, keyword<TAO_PEGTL_ISTRING("west")>>> {};
struct compass
    : sor<two_word_diagonal, keyword<TAO_PEGTL_ISTRING("north-east")>, keyword<TAO_PEGTL_ISTRING("north-west")>,
          keyword<TAO_PEGTL_ISTRING("south-east")>, keyword<TAO_PEGTL_ISTRING("south-west")>,
          keyword<TAO_PEGTL_ISTRING("northeast")>, keyword<TAO_PEGTL_ISTRING("northwest")>,
          keyword<TAO_PEGTL_ISTRING("southeast")>, keyword<TAO_PEGTL_ISTRING("southwest")>,
          keyword<TAO_PEGTL_ISTRING("north")>, keyword<TAO_PEGTL_ISTRING("south")>,
          keyword<TAO_PEGTL_ISTRING("east")>, keyword<TAO_PEGTL_ISTRING("west")>,
          keyword<TAO_PEGTL_ISTRING("ne")>, keyword<TAO_PEGTL_ISTRING("nw")>, keyword<TAO_PEGTL_ISTRING("se")>,
          keyword<TAO_PEGTL_ISTRING("sw")>, keyword<TAO_PEGTL_ISTRING("n")>, keyword<TAO_PEGTL_ISTRING("s")>,
          keyword<TAO_PEGTL_ISTRING("e")>, keyword<TAO_PEGTL_ISTRING("w")>> {};

// A compass word misspelt ("Sout", "Est", "Sout-West"): a word of letters near one, as
// nearest_compass judges. Nearness is no PEG, so the rule measures the word it reads.
struct compass_like_word : seq<plus<alpha>, star<one<'-'>, plus<alpha>>, word_end> {};
struct compass_misspelling {
  using rule_t = compass_misspelling;
  using subs_t = empty_list;
  template <typename ParseInput>
  static bool match(ParseInput& in) {
    memory_input<> ahead(in.current(), in.end(), "");
    if (!parse<compass_like_word>(ahead)) return false;
    const std::string_view word(in.current(), static_cast<std::size_t>(ahead.current() - in.current()));
    if (nearest_compass(word).empty()) return false;
    in.bump(word.size());
    return true;
  }
};

// Words that end a phrase: a phrase cannot contain them unquoted.
struct phrase_end : sor<kw_then, kw_else, kw_and, kw_or, arrow> {};
struct bare_word : plus<not_at<arrow>, word_char> {};
// An unterminated quote is reported at its opening quote, where the mistake usually is.
struct unterminated_quote : quote_mark {};
// No one in a fight is named "" (docs/encounters.md), so '""' is a name left out, not a name.
struct empty_quote : seq<quote_mark, quote_mark> {};
struct quoted : sor<seq<at<empty_quote>, raise<empty_quote>>,
                    seq<quote_mark, star<not_at<quote_mark>, not_one<'\r', '\n'>>, quote_mark>,
                    seq<at<quote_mark>, raise<unterminated_quote>>> {};
struct phrase_word : sor<quoted, seq<not_at<phrase_end>, bare_word>> {};
// Words separated by blanks; the blanks before the word that ends the phrase are not part of it.
struct phrase : seq<phrase_word, star<plus<sp>, phrase_word>> {};

// The end of a line: a full stop may end it, as a sentence ('-> "Konrad".'), then a comment.
struct statement_end : seq<blanks, opt<one<'.'>, blanks>, opt<comment>, at<eolf>> {};
// The same, after each kind of line: each error point has its own message of what could follow.
struct after_order : statement_end {};
struct after_head : statement_end {};  // a phase's or standing order's head with no order after it
struct after_round : statement_end {};
struct after_name : statement_end {};
struct after_target : statement_end {};
struct after_else : statement_end {};
// A verbose IF: line holds the condition alone; THEN after it is the compact form's.
struct then_on_verbose_if : seq<blanks, kw_then> {};
struct after_condition : sor<seq<at<then_on_verbose_if>, blanks, raise<then_on_verbose_if>>, statement_end> {};

// --- Targets ---------------------------------------------------------------------------------
struct x_value : number {};
struct y_value : number {};
struct y_part : seq<comma, one<'Y', 'y'>, colon, blanks, must<y_value>> {};
struct coordinates : seq<one<'X', 'x'>, colon, blanks, must<x_value>, must<y_part>> {};
// A cell's label: its column's letters, then its row (C3). After Z the columns go on AA, AB, …
// (docs/world.md) up to AMJ, the 1024th, as wide as a grid may be (Grid::largest_side): so a
// name such as "Orc2", whose column no grid has, is not read as a cell.
struct letter : ranges<'A', 'Z', 'a', 'z'> {};
struct column_label : sor<seq<one<'A', 'a'>, ranges<'A', 'L', 'a', 'l'>, letter>,
                          seq<one<'A', 'a'>, one<'M', 'm'>, ranges<'A', 'J', 'a', 'j'>>, rep_min_max<1, 2, letter>> {};
struct cell : seq<column_label, plus<digit>, word_end> {};
// "3C", the commonest slip: no cell, but told with its letters-first form where a cell is expected.
struct cell_digits_first : seq<plus<digit>, column_label, word_end> {};

struct target_character : quoted {};
struct target_coordinates : coordinates {};
struct target_phrase : phrase {};
// "Towards the closest enemy." reads as "closest enemy": leading words are decoration, but only
// when a target follows them ("-> Toward." is the phrase "Toward").
struct decoration : seq<sor<kw_toward, kw_the>, plus<sp>, not_at<sor<eolf, one<'#'>, phrase_end>>> {};
struct target : seq<star<decoration>, sor<target_character, target_coordinates, target_phrase>> {};

// --- Orders ----------------------------------------------------------------------------------
// An action's name: words up to its arguments, movement, target or the end of the order. A word
// may hold a hyphen ("Counter-Attack"), but not the one of an arrow right after it ("Charge->").
// A compass word misspelt before a comma is the first of a list of steps ("Move Sout, East"), as
// no action's name is followed by a comma.
// "Move up to 15' N", as the Platemail document says it ("Move up to 15 feet"): the distance alone.
struct up_to : seq<kw_up, plus<sp>, kw_to, blanks, at<digit>> {};
// A letter of a word: ASCII, or Latin (Latin-1, Extended-A and -B, a combining accent), Greek or
// Cyrillic, so that "Guard Zoë" reads as words, a name written without its arrow.
struct letter_of_word : sor<alpha, utf8::ranges<0xC0, 0xD6, 0xD8, 0xF6, 0xF8, 0x24F, 0x300, 0x36F, 0x370, 0x4FF>> {};
struct action_word
    : seq<not_at<sor<phrase_end, kw_if, kw_to, kw_toward, kw_away, up_to, compass, seq<compass_misspelling, comma>>>,
          plus<letter_of_word>, star<sor<letter_of_word, one<'\''>, utf8::one<0x2019>, seq<not_at<arrow>, one<'-'>>>>,
          word_end> {};
struct action_name : seq<action_word, star<plus<sp>, action_word>> {};

struct argument : plus<not_one<',', ')', '"', '#', '\r', '\n'>> {};
struct close_arguments : seq<blanks, one<')'>> {};
struct arguments : seq<one<'('>, blanks, list<argument, one<','>>, must<close_arguments>> {};

// Feet: ', or ’ and ′ as phones and word processors type the foot mark; ft, ft. or feet.
struct foot_mark : sor<one<'\''>, utf8::one<0x2019, 0x2032>> {};
struct distance : seq<plus<digit>, blanks,
                      sor<foot_mark, seq<TAO_PEGTL_ISTRING("ft."), word_end>, keyword<TAO_PEGTL_ISTRING("ft")>,
                          keyword<TAO_PEGTL_ISTRING("feet")>>> {};
struct compass_step : compass {};
// A compass word misspelt where a step goes is read as one, so that the steps after it are read
// too and every misspelt one on the line is told, each at its word (orders.cpp). ELSE and AND are
// keywords, however near East and NE they are.
struct misspelt_step : seq<not_at<phrase_end>, compass_misspelling> {};
struct step : sor<compass_step, misspelt_step> {};
struct steps : list<step, comma> {};
struct path : sor<seq<distance, opt<blanks, steps>>, steps> {};
struct destination_coordinates : coordinates {};
struct destination_cell : cell {};
struct destination : sor<destination_coordinates, destination_cell> {};
struct move_to : seq<kw_to, blanks, must<destination>> {};
struct toward_target : target {};
struct move_toward : seq<kw_toward, blanks, must<toward_target>> {};
struct away_target : target {};
struct from_target : seq<kw_from, blanks, must<away_target>> {};
struct move_away : seq<kw_away, blanks, must<from_target>> {};
// "Move -5' N" is reported as such, not as text after the order.
struct negative_distance : seq<one<'-'>, distance> {};
// A distance before a place or a target caps how far the way goes: "Move 10' toward \"Orc\"".
struct to_place : sor<move_to, move_toward, move_away> {};
struct movement : sor<seq<opt<up_to>, sor<seq<distance, blanks, to_place>, path>>, to_place,
                      seq<at<negative_distance>, raise<negative_distance>>> {};

struct arrow_target : target {};
// "Rapid Fire -> \"Orc\", \"Goblin\"": an order has one target, so a second is an error of its own.
// A comma before ELSE is no second target ("-> \"Orc\", ELSE Defend").
struct only_one_target : not_at<sor<arrow, seq<one<','>, not_at<blanks, kw_else>>>> {};
// "-> Ana," with nothing after the comma: no second target, and told so, not as one.
struct no_trailing_comma : not_at<one<','>, statement_end> {};
struct order_target : seq<arrow, blanks, must<arrow_target>, blanks, must<no_trailing_comma>, must<only_one_target>> {};
// "1: S, S, SW": a movement without the action that makes it; reported with the order it could be
// (orders_actions.hpp).
struct path_without_action : path {};
struct order : sor<seq<action_name, opt<blanks, arguments>, opt<blanks, movement>, opt<blanks, order_target>>,
                   path_without_action> {};

// --- Conditions ------------------------------------------------------------------------------
struct or_expression;
struct condition_phrase : phrase {};
struct close_group : seq<blanks, one<')'>> {};
struct group : seq<one<'('>, blanks, must<or_expression>, must<close_group>> {};
struct negated;
struct negation : seq<kw_not, blanks, must<negated>> {};
struct unary : sor<negation, group, condition_phrase> {};
struct negated : unary {};
struct and_operand : unary {};
struct and_expression : seq<unary, star<blanks, kw_and, blanks, must<and_operand>>> {};
struct or_operand : and_expression {};
struct or_expression : seq<and_expression, star<blanks, kw_or, blanks, must<or_operand>>> {};
struct condition : or_expression {};

// --- Compact phases: "2: IF c THEN a ELSE IF c THEN b ELSE c" ---------------------------------
struct then_order : order {};
// "IF a THEN IF b THEN …": IFs do not nest, an IF's action is one order; told as such.
struct nested_if : kw_if {};
struct then_action : sor<seq<at<nested_if>, raise<nested_if>>, must<then_order>> {};
// "IF I am wounded, THEN …": a comma before THEN, as English writes it.
struct then_keyword : seq<blanks, opt<one<','>, blanks>, kw_then> {};
struct if_clause : seq<kw_if, blanks, must<condition>, must<then_keyword>, blanks, then_action> {};
struct else_order : order {};
struct else_if_start : seq<kw_else, plus<sp>, kw_if> {};
struct else_if_clause : seq<else_if_start, blanks, must<condition>, must<then_keyword>, blanks, then_action> {};
struct else_clause : seq<kw_else, blanks, must<else_order>> {};
// "THEN Defend. ELSE Charge": a full stop may end an IF's order before ELSE, as a sentence, or a
// comma ("THEN Defend, ELSE Charge"). An order without IF takes the full stop alone: its ELSE is
// told as such, and a comma after its steps wants a step.
struct stop_before_else : seq<blanks, one<'.'>, at<blanks, kw_else>> {};
struct pause_before_else : seq<blanks, one<'.', ','>, at<blanks, kw_else>> {};
// After the ELSE's order, another ELSE or ELSE IF for the same IF is told as such.
struct second_else : kw_else {};
struct else_if_after_else : else_if_start {};
struct after_else_clause : opt<opt<pause_before_else>, blanks,
                               sor<seq<at<else_if_start>, raise<else_if_after_else>>, seq<at<kw_else>, raise<second_else>>>> {};
struct choice : seq<if_clause, star<opt<pause_before_else>, blanks, else_if_clause>,
                    opt<opt<pause_before_else>, blanks, else_clause, after_else_clause>> {};
struct plain_order : order {};
struct else_without_if : kw_else {};
struct phase_body
    : sor<choice, seq<plain_order, opt<opt<stop_before_else>, blanks, at<kw_else>, raise<else_without_if>>>> {};

// --- Lines -----------------------------------------------------------------------------------
struct round_number : plus<digit> {};
struct round_line : seq<kw_round, blanks, must<round_number>, opt<colon>> {};  // "Round 1:" as a heading

struct name_word
    : plus<not_at<sor<no_break_space, quote_mark>>, sor<alnum, one<'\'', '-', '_', '.'>, utf8::range<0x80, 0x10FFFF>>> {};
struct bare_name : seq<name_word, star<plus<sp>, name_word>> {};
struct character_name : sor<quoted, bare_name> {};
struct character_line : seq<kw_character, colon, blanks, must<character_name>> {};
// A compact header: the name alone, then a colon ("Aldric:").
struct character_header : seq<character_name, colon, blanks, at<sor<eolf, one<'#'>>>> {};

struct ordinal_word
    : sor<keyword<TAO_PEGTL_ISTRING("first")>, keyword<TAO_PEGTL_ISTRING("second")>,
          keyword<TAO_PEGTL_ISTRING("third")>, keyword<TAO_PEGTL_ISTRING("fourth")>,
          keyword<TAO_PEGTL_ISTRING("fifth")>, keyword<TAO_PEGTL_ISTRING("sixth")>,
          keyword<TAO_PEGTL_ISTRING("seventh")>, keyword<TAO_PEGTL_ISTRING("eighth")>,
          keyword<TAO_PEGTL_ISTRING("ninth")>, keyword<TAO_PEGTL_ISTRING("tenth")>> {};
struct ordinal_number : seq<plus<digit>, sor<TAO_PEGTL_ISTRING("st"), TAO_PEGTL_ISTRING("nd"),
                                             TAO_PEGTL_ISTRING("rd"), TAO_PEGTL_ISTRING("th")>> {};
struct phase_number : plus<digit> {};
// "1st Action Phase", as the Platemail document heads a phase and the narration tells it.
struct phase_label : sor<seq<sor<ordinal_word, ordinal_number>, plus<sp>, kw_action, opt<plus<sp>, kw_phase>>,
                         seq<kw_action, plus<sp>, phase_number>, phase_number> {};
struct phase_head : seq<phase_label, colon> {};
struct phase_line : seq<phase_head, blanks, sor<seq<phase_body, must<after_order>>, must<after_head>>> {};

// A standing order, for sequential flows: "ON Melee Attack: Parry", "ON Parry: IF … THEN … ELSE …".
// The trigger is an action's name; the body is a phase's (or, verbose, the lines that follow).
struct trigger : action_name {};
struct trigger_colon : colon {};
struct standing_head : seq<kw_on, blanks, must<trigger>, must<trigger_colon>> {};
struct standing_line : seq<standing_head, blanks, sor<seq<phase_body, must<after_order>>, must<after_head>>> {};

// The verbose form, one part per line.
struct action_order : order {};
struct action_line : seq<kw_action, colon, blanks, must<action_order>> {};
struct target_line_target : target {};
// "Target: Away from \"Orc\".": the way away from a target, as "Towards" there reads toward it; the
// order's movement, which the compact form writes after the action ('Fall Back away from "Orc"').
struct target_line_away : seq<kw_away, blanks, kw_from, blanks, must<away_target>> {};
struct target_line : seq<kw_target, colon, blanks, sor<target_line_away, must<target_line_target>>> {};
struct if_condition : condition {};
struct if_line : seq<kw_if, opt<colon>, blanks, must<if_condition>> {};
struct else_if_condition : condition {};
struct else_if_line : seq<else_if_start, opt<colon>, blanks, must<else_if_condition>> {};
struct else_line : seq<kw_else, colon> {};

// "Round Table:", "If Only:": a character's header whose name begins with a word that opens a line
// of its own ("Round 3", "IF: …"). Told as such, so the player knows to quote the name.
struct round_name : seq<kw_round, plus<sp>, not_at<digit>, bare_name, colon, blanks, at<sor<eolf, one<'#'>>>> {};
struct if_name : seq<kw_if, plus<sp>, bare_name, colon, blanks, at<sor<eolf, one<'#'>>>> {};
// The header still starts its character, so the lines after it are read as its orders.
struct keyword_header : seq<character_name, colon> {};
struct keyword_name
    : sor<seq<at<round_name>, keyword_header, raise<round_name>>, seq<at<if_name>, keyword_header, raise<if_name>>> {};

// Keyword lines before the compact header, which would otherwise read "Action" as a name.
// A name starting with the word "On" is written in quotes ("On Guard Bob":), as ON opens a standing order.
// Each kind of line ends in its own rule, so what it says was expected is what could have followed.
struct statement
    : sor<keyword_name, seq<round_line, must<after_round>>, seq<character_line, must<after_name>>, phase_line,
          seq<action_line, must<after_order>>, seq<target_line, must<after_target>>,
          seq<else_if_line, must<after_condition>>, seq<else_line, must<after_else>>,
          seq<if_line, must<after_condition>>, standing_line, seq<character_header, statement_end>> {};
struct line_end : seq<blanks, opt<comment>, at<eolf>> {};
struct line : seq<blanks, sor<statement, must<line_end>>> {};
// A sheet is parsed a line at a time (orders.cpp), so a line that is not the language is reported
// and the next lines are still read.
struct sheet_line : seq<line, must<eof>> {};

// --- An answer at a prompt (`run --ask`): one entry's order alone ------------------------------
// A sheet's habits are told as such: an entry's number ("1: Parry"), a standing order's head.
struct numbered_answer : phase_head {};
struct standing_answer : seq<kw_on, blanks, action_name, colon> {};
struct answer_order : statement_end {};  // no order where the answer starts
struct answer_line : seq<blanks,
                         sor<seq<at<numbered_answer>, raise<numbered_answer>>,
                             seq<at<standing_answer>, raise<standing_answer>>, seq<phase_body, must<after_order>>,
                             must<answer_order>>,
                         must<eof>> {};

}  // namespace arbiter::orders::grammar

// For tao::pegtl::analyze: a misspelling is a word, so it consumes input whenever it matches.
template <typename Name>
struct tao::pegtl::analyze_traits<Name, arbiter::orders::grammar::compass_misspelling>
    : tao::pegtl::analyze_any_traits<> {};
