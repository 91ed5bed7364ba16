#include "interpreter/core/dice_terms.hpp"

#include <limits>

#include <fmt/format.h>

#include "interpreter/core/checked.hpp"
#include "interpreter/core/names.hpp"

namespace arbiter {

namespace {

using dice::Comparison;
using dice::ComparePoint;
using dice::DiceTerm;
using dice::Faces;

Die die_of(const dice::Expression& expression, const DiceTerm& term, const NamedDice& named,
           const DiceLimits& limits) {
  const auto& faces = term.faces;
  switch (faces.kind) {
    case Faces::Kind::numbered:
    case Faces::Kind::percentile:
      if (faces.sides > limits.max_sides)
        throw error_at(expression, term.faces_column,
                       fmt::format("a d{} has too many sides: the limit is {}", faces.sides, limits.max_sides));
      return Die::numbered(faces.sides);
    case Faces::Kind::fate:
      return Die::fate();
    case Faces::Kind::listed: {
      if (static_cast<std::int64_t>(faces.values.size()) > limits.max_sides)
        throw error_at(expression, term.faces_column, fmt::format("a die has at most {} faces", limits.max_sides));
      std::vector<Face> listed;
      for (const auto value : faces.values) listed.push_back({value, {}});
      return Die::with_faces(fmt::format("d{{{}}}", fmt::join(faces.values, ",")), std::move(listed));
    }
    case Faces::Kind::named:
      if (const Die* die = named.find(faces.name)) return *die;
      {
        std::vector<std::string> notes;
        const auto hint = did_you_mean(faces.name, named.names());
        if (!hint.empty()) notes.push_back(hint);
        // No die has a name: say where names come from, in the words of where it was written.
        if (named.names().empty()) notes.push_back(named.why_none());
        throw error_at(expression, term.faces_column, fmt::format("there is no die named '{}'", faces.name),
                       std::move(notes));
      }
  }
  throw error_at(expression, term.faces_column, "unknown kind of die");
}

bool every_face_meets(const Die& die, const ComparePoint& point) {
  // A value test is monotone (or, for '=', needs a die with one value), so the two ends decide.
  if (point.symbol.empty())
    return meets(point, die.lowest(), {}) && meets(point, die.highest(), {}) &&
           (point.op != Comparison::equal || die.lowest() == die.highest());
  for (std::size_t face = 0; face < die.size(); ++face)
    if (!meets(point, die.value(face), die.symbol(face))) return false;
  return true;
}

// Whether every face a reroll without end can leave (one not meeting `reroll_on`) explodes: each
// die, and each it explodes into, would be rerolled until it explodes again.
bool every_kept_face_explodes(const Die& die, const ComparePoint& reroll_on, const ComparePoint& explode_on) {
  for (std::size_t face = 0; face < die.size(); ++face)
    if (!meets(reroll_on, die.value(face), die.symbol(face)) && !meets(explode_on, die.value(face), die.symbol(face)))
      return false;
  return true;
}

// A symbol in a compare point must be a face of the die; it is rewritten in the die's own spelling
// so matching is exact afterwards.
void check_symbol(const dice::Expression& expression, const PreparedTerm& prepared,
                  std::optional<ComparePoint>& point) {
  if (!point || point->symbol.empty()) return;
  const Die& die = prepared.die;
  if (const auto face = die.has_symbols() ? die.find(point->symbol) : std::nullopt) {
    if (point->op != Comparison::equal)
      throw error_at(expression, prepared.term->faces_column,
                     fmt::format("a symbol can only be matched with '=', as in ={}", point->symbol));
    point->symbol = std::string(die.symbol(*face));
    return;
  }
  std::vector<std::string> symbols;
  for (std::size_t face = 0; face < die.size() && die.has_symbols(); ++face) symbols.emplace_back(die.symbol(face));
  std::vector<std::string> notes;
  if (const auto hint = did_you_mean(point->symbol, symbols); !hint.empty()) notes.push_back(hint);
  throw error_at(expression, prepared.term->faces_column,
                 fmt::format("{} has no face '{}'; its faces are {}", die.named_with_article(), point->symbol, die.describe_faces()),
                 std::move(notes));
}

PreparedTerm prepare(const dice::Expression& expression, const DiceTerm& term, const NamedDice& named,
                     const DiceLimits& limits) {
  PreparedTerm prepared{&term, die_of(expression, term, named, limits), {}, {}, {}, {}};
  const Die& die = prepared.die;
  // `!` and `r` without a point take the highest and the lowest face: symbol faces have none (all
  // are worth 0), so the face must be named. The example is its last symbol face: a mixed die's
  // last face may be a number, which has none.
  const auto name_a_face = [&](const char* modifier, const char* does) {
    std::size_t named = die.size() - 1;
    while (die.symbol(named).empty()) --named;  // has_symbols(): one face at least has one
    throw error_at(expression, term.faces_column,
                   fmt::format("{} has symbol faces, none highest or lowest: name the face it {} on, e.g. {}={}",
                               die.named_with_article(), does, modifier, die.symbol(named)));
  };
  if (die.has_symbols() && term.reroll && !term.reroll->on) name_a_face(term.reroll->once ? "ro" : "r", "rerolls");
  if (die.has_symbols() && term.explode && !term.explode->on)
    name_a_face(term.explode->kind == dice::Explosion::compounding   ? "!!"
                : term.explode->kind == dice::Explosion::penetrating ? "!p"
                                                                     : "!",
                "explodes");
  if (term.reroll) {
    prepared.reroll_on = term.reroll->on.value_or(ComparePoint{Comparison::equal, die.lowest(), {}});
    check_symbol(expression, prepared, prepared.reroll_on);
    if (!term.reroll->once && every_face_meets(die, *prepared.reroll_on))
      throw error_at(expression, term.faces_column,
                     fmt::format("every face of {} meets r{}: the reroll would never end", die.named_with_article(),
                                 dice::to_string(*prepared.reroll_on)));
  }
  if (term.explode) {
    prepared.explode_on = term.explode->on.value_or(ComparePoint{Comparison::equal, die.highest(), {}});
    check_symbol(expression, prepared, prepared.explode_on);
    if (every_face_meets(die, *prepared.explode_on))
      throw error_at(expression, term.faces_column,
                     fmt::format("every face of {} explodes (on {}): it would never stop", die.named_with_article(),
                                 dice::to_string(*prepared.explode_on)));
    if (term.reroll && !term.reroll->once &&
        every_kept_face_explodes(die, *prepared.reroll_on, *prepared.explode_on))
      throw error_at(expression, term.faces_column,
                     fmt::format("every face of {} that r{} keeps explodes (on {}): it would never stop",
                                 die.named_with_article(), dice::to_string(*prepared.reroll_on),
                                 dice::to_string(*prepared.explode_on)));
  }
  prepared.successes = term.successes;
  prepared.failures = term.failures;
  check_symbol(expression, prepared, prepared.successes);
  check_symbol(expression, prepared, prepared.failures);
  if (term.selection && term.selection->count < 0)
    throw error_at(expression, term.faces_column, "keep/drop needs a count of 0 or more");
  return prepared;
}

void collect(const dice::Expression& expression, const dice::Expr& expr, const NamedDice& named,
             const DiceLimits& limits, std::vector<PreparedTerm>& out) {
  std::visit(
      [&](const auto& node) {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, DiceTerm>) {
          if (node.count) collect(expression, *node.count, named, limits, out);
          out.push_back(prepare(expression, node, named, limits));
        } else if constexpr (std::is_same_v<T, dice::Binary> || std::is_same_v<T, dice::Compare>) {
          collect(expression, *node.left, named, limits, out);
          collect(expression, *node.right, named, limits, out);
        } else if constexpr (std::is_same_v<T, dice::Negate>) {
          collect(expression, *node.operand, named, limits, out);
        } else if constexpr (std::is_same_v<T, dice::Group>) {
          collect(expression, *node.inner, named, limits, out);
        }
      },
      expr.node);
}

}  // namespace

std::vector<PreparedTerm> prepare_terms(const dice::Expression& expression, const NamedDice& named,
                                        const DiceLimits& limits) {
  std::vector<PreparedTerm> terms;
  collect(expression, *expression.root, named, limits, terms);
  return terms;
}

void check_dice_asked(const dice::Expression& expression, const dice::DiceTerm& term, std::int64_t count,
                      std::int64_t before, const DiceLimits& limits, bool at_most, std::vector<std::string> notes) {
  if (count <= limits.max_dice - before) return;
  const char* up_to = at_most ? "up to " : "";
  // Which term asked: with a rolled count, `(1d10000)d6`, it is known only when rolled.
  throw error_at(expression, term.count ? term.count->column : term.faces_column,
                 before == 0 ? fmt::format("{} asks for {}{} dice: one expression rolls at most {} dice",
                                           dice::to_string(term), up_to, count, limits.max_dice)
                             : fmt::format("{} asks for {}{} dice after {}{} {}, {} in all: one expression rolls at "
                                           "most {} dice",
                                           dice::to_string(term), up_to, count, up_to, before,
                                           at_most ? "asked for before it" : "already rolled", checked::add(count, before),
                                           limits.max_dice),
                 std::move(notes));
}

std::int64_t most_dice_per_die(const PreparedTerm& term, const DiceLimits& limits) {
  std::int64_t most = 1;
  if (term.explode_on && __builtin_add_overflow(limits.explode_depth, 1, &most))
    return std::numeric_limits<std::int64_t>::max();
  if (term.reroll_on && term.term->reroll->once && __builtin_mul_overflow(most, 2, &most))
    return std::numeric_limits<std::int64_t>::max();
  return most;
}

Error error_at(const dice::Expression& expression, std::size_t column, std::string message,
               std::vector<std::string> notes) {
  return Error(Diagnostic{{expression.source, 1, column}, std::move(message), expression.text, std::move(notes)});
}

}  // namespace arbiter
