#pragma once
// The dice notation (docs/dice.md): its syntax tree and its parser. `4d6kh3`, `1d20+5 >= 15`,
// `10d10>=8f<=1`, `3d6!`, `d%`, `4dF`, `d{1,1,2,3}`, `5d[armellian]=Sword`.
// PEGTL stays inside dice.cpp; this header is all a caller sees.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace arbiter::dice {

enum class Comparison { at_least, more_than, at_most, less_than, equal };  // >= > <= < =

// A test applied to one die (`>=8`, `=Sword`) or, as an operator, to a whole expression.
struct ComparePoint {
  Comparison op = Comparison::equal;
  std::int64_t value = 0;
  std::string symbol;  // `=Sword`: matches a symbol face instead of a value
};

struct Faces {
  enum class Kind { numbered, percentile, fate, listed, named };
  Kind kind = Kind::numbered;
  std::int64_t sides = 0;            // numbered
  std::vector<std::int64_t> values;  // listed: d{1,1,2,3}
  std::string name;                  // named: d[armellian], registered by a pack
};

enum class Explosion { standard, compounding, penetrating };  // ! !! !p

// kh kl dh dl (k alone is kh): which dice of the pool count.
struct Selection {
  bool keep = true;      // keep or drop
  bool highest = true;   // which end of the sorted pool
  std::int64_t count = 1;
};

struct Reroll {
  bool once = false;               // ro: at most one reroll per die; r: until it no longer matches
  std::optional<ComparePoint> on;  // none written: the die's lowest face
};

struct Explode {
  Explosion kind = Explosion::standard;
  std::optional<ComparePoint> on;  // none written: the die's highest face
};

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

// `NdX` with its modifiers. They apply in one fixed order whatever order they are written in:
// rerolls, explosions, min/max clamps, keep/drop, then success counting (docs/dice.md).
struct DiceTerm {
  ExprPtr count;  // null: one die (`d20`)
  Faces faces;
  std::size_t faces_column = 0;  // where the faces are written, for "no die named …"
  std::optional<Reroll> reroll;
  std::optional<Explode> explode;
  std::optional<std::int64_t> min, max;
  std::optional<Selection> selection;
  std::optional<ComparePoint> successes;  // `>=8` right after the dice: count dice, not sum them
  std::optional<ComparePoint> failures;   // `f<=1`: each one subtracts a success
};

struct Number {
  std::int64_t value = 0;
};
struct Binary {
  char op = '+';  // + - * / ^ ; `/` rounds toward zero
  ExprPtr left, right;
};
struct Negate {
  ExprPtr operand;
};
struct Compare {  // the whole-expression comparison: 1 or 0
  Comparison op = Comparison::equal;
  ExprPtr left, right;
};
struct Group {  // parentheses, kept so a result is rendered as written
  ExprPtr inner;
};

struct Expr {
  std::variant<Number, DiceTerm, Binary, Negate, Compare, Group> node;
  std::size_t column = 0;  // 1-based, where the node starts in the text
  std::size_t height = 1;  // the longest path to a leaf: evaluation recurses this deep
};

struct Expression {
  std::string text;
  std::string source;  // the name errors give for the text ("<command line>", a pack file)
  ExprPtr root;
};

inline constexpr std::size_t max_nesting = 64;  // parentheses, signs and powers inside each other
inline constexpr std::size_t max_height = 256;  // operators in a chain (`1+1+1…`) plus nesting

// Throws arbiter::Error pointing at the column, saying what was expected.
Expression parse_dice(std::string_view text, std::string_view source_name = "");

// Canonical notation for a node (`4d6kh3`, `(1d20 + 5) >= 15`).
std::string to_string(const Expr& expr);
// The same, with each dice term written by `write_term` (a roll shows its dice there).
using TermWriter = std::function<std::string(const DiceTerm&)>;
std::string to_string(const Expr& expr, const TermWriter& write_term);
std::string to_string(const DiceTerm& term);
std::string to_string(const ComparePoint& point);
const char* to_string(Comparison op);

}  // namespace arbiter::dice
