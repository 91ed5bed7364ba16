#pragma once
// What each rule of dice_rules.hpp builds (private to dice.cpp). Operands are pushed on a stack;
// an operator's tail pops its operands and pushes the combined node; a compare point is held in
// `point` until the modifier it belongs to takes it. Semantic errors (a number too large, a
// modifier given twice) are raised here as parse errors, so they point at the column too.
#include <cctype>
#include <charconv>
#include <limits>
#include <string>

#include <fmt/format.h>
#include <tao/pegtl.hpp>

#include "grammar/dice.hpp"
#include "grammar/dice_rules.hpp"

namespace arbiter::dice {

struct ParseState {
  std::vector<ExprPtr> stack;
  std::optional<ComparePoint> point;
  std::size_t depth = 0;

  ExprPtr pop() {
    ExprPtr top = std::move(stack.back());
    stack.pop_back();
    return top;
  }
  DiceTerm& term() { return std::get<DiceTerm>(stack.back()->node); }
  ComparePoint take_point() {
    ComparePoint taken = std::move(*point);
    point.reset();
    return taken;
  }
};

template <typename Input>
std::int64_t to_integer(std::string_view digits, const Input& in) {
  std::int64_t value = 0;
  const char* first = digits.data() + (digits.front() == '+' ? 1 : 0);
  const auto [end, error] = std::from_chars(first, digits.data() + digits.size(), value);
  if (error != std::errc{} || end != digits.data() + digits.size())
    throw tao::pegtl::parse_error(fmt::format("the number {} is too large", digits), in);
  return value;
}

// The operator at the start of an operator's tail, after any blanks.
inline std::string_view leading_operator(std::string_view tail) {
  tail.remove_prefix(tail.find_first_not_of(" \t"));
  return tail.substr(0, tail.size() > 1 && tail[1] == '=' ? 2 : 1);
}

inline Comparison comparison_of(std::string_view op) {
  if (op == ">=") return Comparison::at_least;
  if (op == "<=") return Comparison::at_most;
  if (op == ">") return Comparison::more_than;
  if (op == "<") return Comparison::less_than;
  return Comparison::equal;
}

template <typename Node, typename Input>
ExprPtr make(Node node, const Input& in) {
  return std::make_unique<Expr>(Expr{std::move(node), in.position().column});
}

// A node over `children`, refused when the tree would be too tall to evaluate safely. The limit
// counts operators and parentheses, as docs/dice.md says: a dice term over its count (`1d6`) is
// none, so it stands as tall as its count.
template <typename Input>
ExprPtr parent(Expr node, std::initializer_list<const Expr*> children, const Input& in) {
  const std::size_t own = std::holds_alternative<DiceTerm>(node.node) ? 0 : 1;
  for (const Expr* child : children) node.height = std::max(node.height, child->height + own);
  if (node.height - 1 > max_height)  // a leaf has height 1: the operators above it are one fewer
    throw tao::pegtl::parse_error(
        fmt::format("the expression is too long: at most {} operators and parentheses in a chain", max_height), in);
  return std::make_unique<Expr>(std::move(node));
}

template <typename Input, typename T>
void set_once(std::optional<T>& slot, T value, const char* what, const Input& in) {
  if (slot) throw tao::pegtl::parse_error(fmt::format("{} is given twice for the same dice; write it once", what), in);
  slot = std::move(value);
}

template <typename Rule>
struct action : tao::pegtl::nothing<Rule> {};

// `4d6KH3`: "case matters" (docs/dice.md), and the modifier is named as it is written.
template <>
struct action<rules::upper_case_modifier> {
  template <typename Input>
  static void apply(const Input& in, ParseState&) {
    std::string lower(in.string_view());
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    throw tao::pegtl::parse_error(fmt::format("modifiers are lower-case: {}", lower), in);
  }
};

template <>
struct action<rules::compare_point> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    const std::string_view text = in.string_view();
    const auto op = leading_operator(text);
    const auto rest = text.substr(op.size());
    ComparePoint point{comparison_of(op), 0, {}};
    if (rest.front() == '-' || rest.front() == '+' || std::isdigit(static_cast<unsigned char>(rest.front())))
      point.value = to_integer(rest, in);
    else
      point.symbol = std::string(rest);
    state.point = std::move(point);
  }
};

template <>
struct action<rules::bare_point> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    state.point = ComparePoint{Comparison::equal, to_integer(in.string_view(), in), {}};
  }
};

template <>
struct action<rules::number> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    state.stack.push_back(make(Number{to_integer(in.string_view(), in)}, in));
  }
};

template <>
struct action<rules::least_number> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    state.stack.push_back(make(Number{std::numeric_limits<std::int64_t>::min()}, in));
  }
};

// `0 - 9223372036854775808`: the least number added (to_string writes it back as subtracted).
template <>
struct action<rules::least_subtrahend> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    ExprPtr left = state.pop();
    ExprPtr least = make(Number{std::numeric_limits<std::int64_t>::min()}, in);
    const Expr* children[] = {left.get(), least.get()};
    const std::size_t column = left->column;
    state.stack.push_back(
        parent(Expr{Binary{'+', std::move(left), std::move(least)}, column}, {children[0], children[1]}, in));
  }
};

template <>
struct action<rules::counted_d> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    ExprPtr count = state.pop();
    const Expr* child = count.get();
    DiceTerm term;
    term.count = std::move(count);
    state.stack.push_back(parent(Expr{std::move(term), child->column}, {child}, in));
  }
};

template <>
struct action<rules::lone_d> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    state.stack.push_back(make(DiceTerm{}, in));
  }
};

template <>
struct action<rules::sides> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    const auto sides = to_integer(in.string_view(), in);
    if (sides < 1)
      throw tao::pegtl::parse_error("a die needs at least one side; percentile dice are written d% or d100", in);
    state.term().faces = Faces{Faces::Kind::numbered, sides, {}, {}};
    state.term().faces_column = in.position().column;
  }
};

template <>
struct action<rules::percentile> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    state.term().faces = Faces{Faces::Kind::percentile, 100, {}, {}};
    state.term().faces_column = in.position().column;
  }
};

template <>
struct action<rules::fate> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    state.term().faces = Faces{Faces::Kind::fate, 3, {}, {}};
    state.term().faces_column = in.position().column;
  }
};

template <>
struct action<rules::listed_value> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    state.term().faces.values.push_back(to_integer(in.string_view(), in));
  }
};

template <>
struct action<rules::face_list> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    state.term().faces.kind = Faces::Kind::listed;
    state.term().faces_column = in.position().column;
  }
};

template <>
struct action<rules::die_name> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    state.term().faces = Faces{Faces::Kind::named, 0, {}, in.string()};
    state.term().faces_column = in.position().column;
  }
};

template <>
struct action<rules::selection> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    const std::string_view text = in.string_view();
    Selection selection;
    selection.keep = text[0] == 'k';
    selection.highest = text.size() < 2 || (text[1] != 'l');  // k, kh, dh
    const auto digits = text.find_first_of("0123456789");
    if (digits != std::string_view::npos) selection.count = to_integer(text.substr(digits), in);
    set_once(state.term().selection, selection, "keep/drop (k, kh, kl, dh, dl)", in);
  }
};

template <>
struct action<rules::explosion> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    const std::string_view text = in.string_view();
    const Explosion kind = text.size() > 1 && text[1] == '!'   ? Explosion::compounding
                           : text.size() > 1 && text[1] == 'p' ? Explosion::penetrating
                                                               : Explosion::standard;
    Explode explode{kind, {}};
    if (state.point) explode.on = state.take_point();
    set_once(state.term().explode, std::move(explode), "an explosion (!, !!, !p)", in);
  }
};

template <>
struct action<rules::reroll> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    Reroll reroll{in.string_view().size() > 1 && in.string_view()[1] == 'o', {}};
    if (state.point) reroll.on = state.take_point();
    set_once(state.term().reroll, std::move(reroll), "a reroll (r, ro)", in);
  }
};

template <>
struct action<rules::clamp> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    const std::string_view text = in.string_view();
    const auto value = to_integer(text.substr(3), in);
    if (text.substr(0, 3) == "min")
      set_once(state.term().min, value, "min", in);
    else
      set_once(state.term().max, value, "max", in);
  }
};

template <>
struct action<rules::successes> {
  template <typename Input>
  static void apply(const Input&, ParseState& state) {
    state.term().successes = state.take_point();
  }
};

template <>
struct action<rules::failures> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    set_once(state.term().failures, state.take_point(), "a failure test (f)", in);
  }
};

template <>
struct action<rules::dice_body> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    if (state.term().failures && !state.term().successes)
      throw tao::pegtl::parse_error(
          "a failure test (f) subtracts from a count of successes: give the count too, e.g. 10d10>=8f<=1", in);
  }
};

template <>
struct action<rules::group> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    ExprPtr inner = state.pop();
    const Expr* child = inner.get();
    state.stack.push_back(parent(Expr{Group{std::move(inner)}, in.position().column}, {child}, in));
  }
};

template <>
struct action<rules::negation> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) {
    ExprPtr operand = state.pop();
    const Expr* child = operand.get();
    state.stack.push_back(parent(Expr{Negate{std::move(operand)}, in.position().column}, {child}, in));
  }
};

// Binary operator tails: the operator is the tail's first character (after blanks).
template <typename Input>
void combine(const Input& in, ParseState& state) {
  ExprPtr right = state.pop();
  ExprPtr left = state.pop();
  const Expr* children[] = {left.get(), right.get()};
  const std::size_t column = left->column;
  const auto op = leading_operator(in.string_view());
  Expr node = op.front() == '>' || op.front() == '<' || op.front() == '='
                  ? Expr{Compare{comparison_of(op), std::move(left), std::move(right)}, column}
                  : Expr{Binary{op.front(), std::move(left), std::move(right)}, column};
  state.stack.push_back(parent(std::move(node), {children[0], children[1]}, in));
}

template <>
struct action<rules::power_tail> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) { combine(in, state); }
};
template <>
struct action<rules::product_tail> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) { combine(in, state); }
};
template <>
struct action<rules::sum_tail> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) { combine(in, state); }
};
template <>
struct action<rules::comparison_tail> {
  template <typename Input>
  static void apply(const Input& in, ParseState& state) { combine(in, state); }
};

}  // namespace arbiter::dice
