#pragma once
// What the order-sheet parser says when a marked rule (one inside `must<>`) fails. Private to
// orders.cpp. Only these rules are error points: every other rule may fail and backtrack.
#include <tao/pegtl.hpp>

#include "grammar/orders_builder.hpp"
#include "grammar/orders_grammar.hpp"

namespace arbiter::orders::grammar {

template <typename Rule>
inline constexpr const char* error_message = nullptr;

// clang-format off
template <> inline constexpr auto error_message<unterminated_quote> = "unterminated quote: a quoted name must end with '\"' on the same line";
template <> inline constexpr auto error_message<empty_quote> = "empty name: write the character's name between the quotes (\"Orc #2\")";
template <> inline constexpr auto error_message<x_value> = "expected a number after 'X:'";
template <> inline constexpr auto error_message<y_part> = "expected ', Y:' and a number after the X coordinate";
template <> inline constexpr auto error_message<y_value> = "expected a number after 'Y:'";
template <> inline constexpr auto error_message<destination> = "expected a destination after 'to': coordinates like 'X: 15, Y: 20' or a cell like 'C3'";
template <> inline constexpr auto error_message<toward_target> = "expected a target after 'toward'";
template <> inline constexpr auto error_message<from_target> = "expected 'from' and a target after 'away'";
template <> inline constexpr auto error_message<away_target> = "expected a target after 'away from'";
template <> inline constexpr auto error_message<arrow_target> = "expected a target after '->': a name in quotes, a phrase like 'closest enemy', self, a cell or coordinates";
template <> inline constexpr auto error_message<no_trailing_comma> = "a comma ends the order: nothing follows it (an order has one target): write the target without it";
template <> inline constexpr auto error_message<only_one_target> = "an order has one target: a second cannot follow it";
template <> inline constexpr auto error_message<close_arguments> = "expected ')' to close the action's arguments";
template <> inline constexpr auto error_message<or_expression> = "expected a condition after '('";
template <> inline constexpr auto error_message<close_group> = "expected ')' to close the condition";
template <> inline constexpr auto error_message<negated> = "expected a condition after NOT";
template <> inline constexpr auto error_message<and_operand> = "expected a condition after AND";
template <> inline constexpr auto error_message<or_operand> = "expected a condition after OR";
template <> inline constexpr auto error_message<condition> = "expected a condition after IF";
template <> inline constexpr auto error_message<then_keyword> = "expected THEN after the condition";
template <> inline constexpr auto error_message<then_order> = "IF without an action: expected an action after THEN";
template <> inline constexpr auto error_message<nested_if> = "IF without an action: expected an action after THEN, not another IF: IFs do not nest; join the conditions with AND ('IF … AND … THEN …')";
template <> inline constexpr auto error_message<else_order> = "expected an action after ELSE";
template <> inline constexpr auto error_message<second_else> = second_else_message;
template <> inline constexpr auto error_message<else_if_after_else> = else_if_after_else_message;
template <> inline constexpr auto error_message<else_without_if> = "ELSE without IF: only an IF order has an ELSE";
template <> inline constexpr auto error_message<round_number> = "expected the round's number after 'Round'";
template <> inline constexpr auto error_message<character_name> = "expected the character's name after 'Character:'";
template <> inline constexpr auto error_message<action_order> = "expected an action's name after 'Action:'";
template <> inline constexpr auto error_message<target_line_target> = "expected a target after 'Target:': a name in quotes, a phrase like 'closest enemy', self, a cell or coordinates";
template <> inline constexpr auto error_message<if_condition> = "expected a condition after IF";
template <> inline constexpr auto error_message<else_if_condition> = "expected a condition after ELSE IF";
template <> inline constexpr auto error_message<trigger> = "expected an action's name after ON: the action this standing order answers ('ON <action>: <order>')";
template <> inline constexpr auto error_message<trigger_colon> = "expected ':' after the action ON answers, then the order ('ON <action>: <order>')";
template <> inline constexpr auto error_message<negative_distance> = "a distance cannot be negative: write how far to move and the direction ('15' S')";
template <> inline constexpr auto error_message<after_order> = "unexpected text after the order: expected '->' and its target, ELSE after an IF's order, or the end of the line";
template <> inline constexpr auto error_message<after_head> = "expected an order after the colon: an action's name, or IF … THEN …";
template <> inline constexpr auto error_message<after_round> = "unexpected text after the round's number: expected the end of the line";
template <> inline constexpr auto error_message<after_name> = "unexpected text after the character's name: a name with other punctuation goes in quotes (\"Orc (big)\")";
template <> inline constexpr auto error_message<after_target> = "unexpected text after the target: expected the end of the line";
template <> inline constexpr auto error_message<after_else> = "a verbose 'ELSE:' line stands alone: put its order on an 'Action:' line below it, or write the choice on its numbered line ('2: IF … THEN … ELSE …')";
template <> inline constexpr auto error_message<after_condition> = "unexpected text after the condition: expected AND, OR or the end of the line";
template <> inline constexpr auto error_message<then_on_verbose_if> = "a verbose 'IF:' line holds its condition alone: put the order on an 'Action:' line below it, or write the choice on its numbered line ('2: IF … THEN …')";
template <> inline constexpr auto error_message<round_name> = "a name that begins with the word 'Round' goes in quotes (\"Round Table\":): unquoted, 'Round' opens the sheet's round line ('Round 3')";
template <> inline constexpr auto error_message<if_name> = "a name that begins with the word 'If' goes in quotes (\"If Only\":): unquoted, 'IF' opens a condition ('IF: I am wounded')";
template <> inline constexpr auto error_message<line_end> = "expected a character ('Character: Name' or 'Name:'), a phase or a turn's entry ('First Action:' or '1:'), a standing order ('ON <action>: <order>'), 'Action:', 'Target:', 'IF:' or 'ELSE:'";
template <> inline constexpr auto error_message<eof> = "unexpected character: expected the end of the line";
template <> inline constexpr auto error_message<numbered_answer> = "write the order without its number: an answer is one order, not a sheet's entry";
template <> inline constexpr auto error_message<standing_answer> = "a standing order (ON …: …) is not an answer here: write the order itself";
template <> inline constexpr auto error_message<answer_order> = "expected an order: an action's name, or IF … THEN …";
// clang-format on

struct errors {
  template <typename Rule>
  static constexpr const char* message = error_message<Rule>;
  // Only rules inside must<> raise; a failing alternative simply backtracks.
  template <typename Rule>
  static constexpr bool raise_on_failure = false;
};

}  // namespace arbiter::orders::grammar
