#include "grammar/dice.hpp"

#include <type_traits>

#include <fmt/format.h>
#include <tao/pegtl.hpp>

#include "grammar/diagnostic.hpp"
#include "grammar/dice_actions.hpp"
#include "grammar/dice_errors.hpp"
#include "grammar/dice_rules.hpp"

namespace arbiter::dice {

namespace {

namespace pegtl = tao::pegtl;

// Counted only after their '(', '-' or '^' is read: a rule merely tried at the deepest level
// (the `^` that might follow the innermost operand) does not nest.
template <typename Rule>
inline constexpr bool nests = std::is_same_v<Rule, rules::parenthesised> || std::is_same_v<Rule, rules::negated> ||
                              std::is_same_v<Rule, rules::exponent>;

// The error points of dice_errors.hpp, plus a count of how deeply the recursive rules are nested,
// so `((((…` fails with a message instead of exhausting the stack.
template <typename Rule>
struct control : pegtl::must_if<errors>::control<Rule> {
  using base = typename pegtl::must_if<errors>::template control<Rule>;

  template <typename Input>
  static void start(const Input& in, ParseState& state) {
    if constexpr (nests<Rule>) {
      if (++state.depth > max_nesting)
        throw pegtl::parse_error(fmt::format("the expression nests parentheses, signs or powers more than {} deep",
                                             max_nesting),
                                 in);
    }
  }
  template <typename Input>
  static void success(const Input&, ParseState& state) {
    if constexpr (nests<Rule>) --state.depth;
  }
  template <typename Input>
  static void failure(const Input& in, ParseState& state) {
    if constexpr (nests<Rule>) --state.depth;
    base::failure(in, state);
  }
};

std::string to_string(const Faces& faces) {
  switch (faces.kind) {
    case Faces::Kind::numbered:
      return std::to_string(faces.sides);
    case Faces::Kind::percentile:
      return "%";
    case Faces::Kind::fate:
      return "F";
    case Faces::Kind::listed:
      return fmt::format("{{{}}}", fmt::join(faces.values, ","));
    case Faces::Kind::named:
      return "[" + faces.name + "]";
  }
  return {};
}

}  // namespace

Expression parse_dice(std::string_view text, std::string_view source_name) {
  Expression expression{std::string(text), std::string(source_name), nullptr};
  // The input refers to expression.text, which outlives it.
  pegtl::memory_input in(expression.text.data(), expression.text.size(), expression.source);
  ParseState state;
  try {
    pegtl::parse<rules::grammar, action, control>(in, state);
  } catch (const pegtl::parse_error& e) {
    const auto& position = e.positions().front();
    throw Error(Diagnostic{{expression.source, position.line, position.column}, std::string(e.message()),
                           expression.text, {}});
  }
  expression.root = state.pop();
  return expression;
}

const char* to_string(Comparison op) {
  switch (op) {
    case Comparison::at_least:
      return ">=";
    case Comparison::more_than:
      return ">";
    case Comparison::at_most:
      return "<=";
    case Comparison::less_than:
      return "<";
    case Comparison::equal:
      return "=";
  }
  return "=";
}

std::string to_string(const ComparePoint& point) {
  return to_string(point.op) + (point.symbol.empty() ? std::to_string(point.value) : point.symbol);
}

std::string to_string(const DiceTerm& term) {
  std::string text = term.count ? to_string(*term.count) : "";
  text += "d" + to_string(term.faces);
  if (term.reroll) text += (term.reroll->once ? "ro" : "r") + (term.reroll->on ? to_string(*term.reroll->on) : "");
  if (term.explode) {
    static constexpr const char* marks[] = {"!", "!!", "!p"};
    text += marks[static_cast<int>(term.explode->kind)];
    if (term.explode->on) text += to_string(*term.explode->on);
  }
  if (term.min) text += fmt::format("min{}", *term.min);
  if (term.max) text += fmt::format("max{}", *term.max);
  if (const auto& s = term.selection)
    text += fmt::format("{}{}{}", s->keep ? 'k' : 'd', s->highest ? 'h' : 'l', s->count);
  if (term.successes) text += to_string(*term.successes);
  if (term.failures) text += "f" + to_string(*term.failures);
  return text;
}

std::string to_string(const Expr& expr) {
  return to_string(expr, [](const DiceTerm& term) { return to_string(term); });
}

std::string to_string(const Expr& expr, const TermWriter& write_term) {
  return std::visit(
      [&](const auto& node) -> std::string {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, Number>) return std::to_string(node.value);
        if constexpr (std::is_same_v<T, DiceTerm>) return write_term(node);
        if constexpr (std::is_same_v<T, Binary>) {
          // Only the least number is a negative Number: added, it is written as it is read, its
          // digits subtracted ("0 - 9223372036854775808").
          const auto* number = std::get_if<Number>(&node.right->node);
          if (node.op == '+' && number && number->value < 0)
            return fmt::format("{} - {}", to_string(*node.left, write_term), std::to_string(number->value).substr(1));
          return fmt::format("{} {} {}", to_string(*node.left, write_term), node.op, to_string(*node.right, write_term));
        }
        if constexpr (std::is_same_v<T, Negate>) return "-" + to_string(*node.operand, write_term);
        if constexpr (std::is_same_v<T, Compare>)
          return fmt::format("{} {} {}", to_string(*node.left, write_term), to_string(node.op),
                             to_string(*node.right, write_term));
        if constexpr (std::is_same_v<T, Group>) return "(" + to_string(*node.inner, write_term) + ")";
      },
      expr.node);
}

}  // namespace arbiter::dice
