#pragma once
// The dice notation's PEGTL grammar (private to dice.cpp). Rules only: what each builds is in
// dice_actions.hpp, and the rules that are error points have their messages in dice_errors.hpp.
// Modifiers and a success-counting compare point must touch the dice they belong to (`10d10>=8`);
// a comparison after a space or after anything else compares the whole expression.
#include <tao/pegtl.hpp>

namespace arbiter::dice::rules {

using namespace tao::pegtl;

struct ws : star<blank> {};
struct integer : plus<digit> {};
struct signed_integer : seq<opt<one<'+', '-'>>, integer> {};

// Comparison operators. Spellings from other languages are error points with a hint.
struct at_least : string<'>', '='> {};
struct at_most : string<'<', '='> {};
struct more_than : one<'>'> {};
struct less_than : one<'<'> {};
struct equal_to : one<'='> {};
struct reversed_at_least : success {};
struct reversed_at_most : success {};
struct double_equal : success {};
struct misspelt_comparison
    : sor<seq<string<'=', '>'>, raise<reversed_at_least>>, seq<string<'=', '<'>, raise<reversed_at_most>>,
          seq<string<'=', '='>, raise<double_equal>>> {};
struct comparison_operator : sor<misspelt_comparison, at_least, at_most, more_than, less_than, equal_to> {};

// A test on one die: `>=8`, `=Sword`; or a bare number, meaning `=` (`r1`, `!6`).
struct compared_value : sor<signed_integer, identifier> {};
struct compare_point : seq<comparison_operator, must<compared_value>> {};
struct bare_point : integer {};
struct point : sor<compare_point, bare_point> {};
// A '-' and digits touching a modifier whose point or count is left out: a negative point or a
// subtraction? `dFr-1` was read silently as `dFr - 1`. Neither is guessed: an error point that
// says how to write each.
struct negative_bare_point : success {};
struct negative_count : success {};
struct unsigned_point : sor<point, seq<at<one<'-'>, digit>, raise<negative_bare_point>>> {};
struct unsigned_count : sor<integer, seq<at<one<'-'>, digit>, raise<negative_count>>> {};

// The die after `d`.
struct percentile : one<'%'> {};
struct fate : one<'F'> {};
struct sides : integer {};
struct listed_value : signed_integer {};
struct close_brace : one<'}'> {};
struct face_list
    : seq<one<'{'>, ws, must<listed_value>, star<ws, one<','>, ws, must<listed_value>>, ws, must<close_brace>> {};
struct die_name : identifier {};
struct close_bracket : one<']'> {};
struct named_die : seq<one<'['>, ws, must<die_name>, ws, must<close_bracket>> {};
// Spellings of other tools (`4D6`, `4df`): error points that say how the notation writes them.
struct upper_case_d : success {};
struct lower_case_fate : success {};
struct faces : sor<percentile, fate, sides, face_list, named_die, seq<at<one<'f'>>, raise<lower_case_fate>>> {};

// Modifiers, written in any order; each at most once.
struct selection
    : seq<sor<string<'k', 'h'>, string<'k', 'l'>, string<'d', 'h'>, string<'d', 'l'>, one<'k'>>, opt<unsigned_count>> {};
struct explosion : seq<one<'!'>, opt<one<'!', 'p'>>, opt<unsigned_point>> {};
struct reroll : seq<one<'r'>, opt<one<'o'>>, opt<unsigned_point>> {};
struct clamp_value : signed_integer {};
struct clamp : seq<sor<string<'m', 'i', 'n'>, string<'m', 'a', 'x'>>, must<clamp_value>> {};
// Other tools' modifiers we do not take, each an error point that says what to write instead.
struct critical_range : success {};
struct inline_label : success {};
struct sorting : success {};
struct foundry_explode : success {};
struct foundry_reroll : success {};
struct compound_penetrate : success {};
// Tried before our own modifiers: `rr` and `!!p` begin as `r` and `!!` do.
struct foreign_modifier
    : sor<seq<one<'c'>, one<'s', 'f'>, raise<critical_range>>, seq<one<'['>, raise<inline_label>>,
          seq<one<'s'>, raise<sorting>>, seq<one<'x'>, raise<foundry_explode>>,
          seq<at<string<'r', 'r'>>, raise<foundry_reroll>>, seq<at<string<'!', '!', 'p'>>, raise<compound_penetrate>>> {};
struct modifier : sor<foreign_modifier, selection, explosion, reroll, clamp> {};

// Success counting and failures may sit anywhere among the modifiers (they apply last whatever
// the order). A second compare point after the successes is not one of them: `1d6>=5>=1`
// compares the count.
struct successes : seq<compare_point> {};
struct failure_point : point {};
struct failures : seq<one<'f'>, must<failure_point>> {};
struct modifiers : star<sor<modifier, failures>> {};
struct dice_body : seq<must<faces>, modifiers, opt<successes, modifiers>> {};

// Operands and operators, loosest last. `group`, `negation` and `power_tail` recurse through
// `parenthesised`, `negated` and `exponent`, entered only once the '(', '-' or '^' is read; the
// control in dice.cpp counts how deep they are and stops past max_nesting, long before the
// stack would.
struct parenthesised;
struct negated;
struct exponent;
struct open_paren : one<'('> {};
struct close_paren : one<')'> {};
struct group : seq<open_paren, ws, parenthesised, ws, must<close_paren>> {};
struct number : integer {};
struct counted_d : one<'d'> {};
struct lone_d : one<'d'> {};
struct upper_case_fate : success {};
struct capital_d : sor<seq<at<string<'D', 'F'>>, raise<upper_case_fate>>, seq<at<one<'D'>>, raise<upper_case_d>>> {};
struct operand
    : sor<seq<sor<group, number>, opt<sor<seq<counted_d, dice_body>, capital_d>>>, seq<lone_d, dice_body>, capital_d> {};

struct negation : seq<one<'-'>, ws, negated> {};
// The least 64-bit number, whose digits alone are one past the greatest: read whole, not negated.
struct least_number : seq<one<'-'>, ws, TAO_PEGTL_STRING("9223372036854775808"), not_at<sor<digit, one<'d', 'D'>>>> {};
struct unary : sor<least_number, negation, must<operand>> {};
struct negated : unary {};
struct power_tail : seq<ws, one<'^'>, ws, exponent> {};
struct power : seq<unary, opt<power_tail>> {};
struct exponent : power {};
struct product_tail : seq<ws, sor<one<'*'>, seq<one<'/'>, not_at<one<'/'>>>>, ws, power> {};
struct product : seq<power, star<product_tail>> {};
struct sum_tail : seq<ws, one<'+', '-'>, ws, product> {};
// The least number subtracted as its digits (`0 - 9223372036854775808`, which fits): read as adding
// it, as the unary form reads it whole. Not before a power, product or quotient, whose operand
// the digits alone would be.
struct least_subtrahend : seq<ws, one<'-'>, ws, TAO_PEGTL_STRING("9223372036854775808"),
                              not_at<sor<digit, one<'d', 'D'>>>, not_at<ws, one<'^', '*', '/'>>> {};
struct sum : seq<product, star<sor<least_subtrahend, sum_tail>>> {};
struct comparison_tail : seq<ws, comparison_operator, ws, sum> {};
struct expression : seq<sum, opt<comparison_tail>> {};
struct parenthesised : expression {};

// What is left after a whole expression, when it is a known slip, said as such: a second
// comparison (the first takes all before it), a modifier in capitals (its action names it in
// lower case), a carriage return (a Windows line end, invisible under a caret).
struct second_comparison : success {};
struct carriage_return : success {};
struct upper_case_modifier
    : sor<string<'K', 'H'>, string<'K', 'L'>, string<'D', 'H'>, string<'D', 'L'>, string<'M', 'I', 'N'>,
          string<'M', 'A', 'X'>, string<'R', 'O'>, one<'K', 'R'>> {};
struct trailing_slip
    : sor<seq<at<one<'<', '>', '='>>, raise<second_comparison>>, seq<at<one<'\r'>>, raise<carriage_return>>,
          upper_case_modifier> {};
struct end_of_expression : eof {};
struct grammar : seq<ws, expression, ws, opt<trailing_slip>, must<end_of_expression>> {};

}  // namespace arbiter::dice::rules
