#pragma once
// What the dice parser says at each error point of dice_rules.hpp (private to dice.cpp). Only the
// rules named here raise; every other rule fails quietly and lets the grammar try the next one.
#include "grammar/dice_rules.hpp"

namespace arbiter::dice {

struct errors {
  template <typename Rule>
  static constexpr const char* message = nullptr;
};

template <> inline constexpr const char* errors::message<rules::operand> =
    "expected a number, dice such as 2d6 or d20, or '('";
template <> inline constexpr const char* errors::message<rules::faces> =
    "expected the die after 'd': its number of sides (d20), % (d100), F (Fate), listed faces {1,1,2,3} or a named "
    "die [armellian]";
template <> inline constexpr const char* errors::message<rules::compared_value> =
    "expected a number (or a face symbol) after the comparison";
template <> inline constexpr const char* errors::message<rules::listed_value> =
    "expected a whole number as a face, e.g. d{1,1,2,3}; dice with symbol faces are defined by a pack "
    "(dice.define) and written d[name]";
template <> inline constexpr const char* errors::message<rules::close_brace> = "expected ',' or '}' in the face list";
template <> inline constexpr const char* errors::message<rules::die_name> =
    "expected the name of a die a pack defined with dice.define, e.g. d[armellian]";
template <> inline constexpr const char* errors::message<rules::close_bracket> = "expected ']' after the die's name";
template <> inline constexpr const char* errors::message<rules::clamp_value> =
    "expected a number after min/max, e.g. 4d6min2";
template <> inline constexpr const char* errors::message<rules::failure_point> =
    "expected the failure test after 'f', e.g. f<=1 or f1";
template <> inline constexpr const char* errors::message<rules::close_paren> = "expected ')' to close the '('";
template <> inline constexpr const char* errors::message<rules::end_of_expression> =
    "expected an operator (+ - * / ^), a comparison (>= > <= < =) or the end of the expression";

template <> inline constexpr const char* errors::message<rules::reversed_at_least> = "write '>=' rather than '=>'";
template <> inline constexpr const char* errors::message<rules::reversed_at_most> = "write '<=' rather than '=<'";
template <> inline constexpr const char* errors::message<rules::negative_bare_point> =
    "a '-' touching !, r or ro is read neither as a negative point nor as a subtraction: write a point on a "
    "negative face with '=' (dFr=-1, d{-2,5}!=-2), or a space before '-' for a subtraction (dFr - 1)";
template <> inline constexpr const char* errors::message<rules::negative_count> =
    "a count of dice to keep or drop is never negative, and a '-' touching it is no subtraction: write 3d6kh1 - 1 "
    "with a space for a subtraction";
template <> inline constexpr const char* errors::message<rules::double_equal> = "equality is a single '=' (e.g. 1d6=6)";
template <> inline constexpr const char* errors::message<rules::critical_range> =
    "critical ranges (Roll20's cs/cf) are not part of the notation: count them with a compare point, e.g. 1d20>=19";
template <> inline constexpr const char* errors::message<rules::inline_label> =
    "labels in brackets after dice (Roll20's 2d6[fire]) are not part of the notation; a named die is written "
    "d[name]";
template <> inline constexpr const char* errors::message<rules::foundry_explode> =
    "explosions are written with ! (Foundry's x): 3d6! explodes on the highest face, 3d6!>=5 on 5 or more";
template <> inline constexpr const char* errors::message<rules::upper_case_d> =
    "dice are written with a lower-case d: 4d6, d20";
template <> inline constexpr const char* errors::message<rules::lower_case_fate> = "Fate dice are written dF (4dF)";
template <> inline constexpr const char* errors::message<rules::upper_case_fate> =
    "dice are written with a lower-case d and Fate dice with a capital F: 4dF";
template <> inline constexpr const char* errors::message<rules::foundry_reroll> =
    "r already rerolls until the die no longer meets the point (Foundry's rr); ro rerolls once: 3d6r1";
template <> inline constexpr const char* errors::message<rules::compound_penetrate> =
    "penetrating explosions are written !p (1d6!p); !! compounds, and the two do not combine";
template <> inline constexpr const char* errors::message<rules::second_comparison> =
    "only one comparison of whole expressions is allowed; to compare its 1 or 0, write it in parentheses: "
    "(1 < 2) < 3";
template <> inline constexpr const char* errors::message<rules::carriage_return> =
    "a carriage return (a Windows line end) is no part of an expression; remove it";
template <> inline constexpr const char* errors::message<rules::sorting> =
    "sorting (Roll20's s, sa, sd) is not needed: results list every die with its fate";

}  // namespace arbiter::dice
