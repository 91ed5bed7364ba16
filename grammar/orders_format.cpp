#include "grammar/orders_format.hpp"

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"

namespace arbiter::orders {
namespace {

// A header name is written bare when the parser reads it back as the header of that very name,
// where fmt prints it: under another character's orders, where "Otherwise:" and "Phase 2:" are
// taken for the lines they are like. The parser is asked, so that no name it would refuse or read
// as another line ("Round Table:", "Orc #2:", "On Guard:", "2:") is printed bare.
std::string name(const std::string& text) {
  const std::string quoted = "\"" + text + "\"";
  try {
    const Sheet read = parse_orders("A:\n  1: Defend\n" + text + ":\n  1: Defend\n", "fmt");
    return read.characters.size() == 2 && read.characters[1].name.text == text ? text : quoted;
  } catch (const Error&) {
    return quoted;
  }
}

// Parentheses where the grammar's precedence (NOT, then AND, then OR) would read it otherwise. A
// chain of one operator is flat in the tree, so a same-kind operand was written in parentheses.
std::string operand(const Condition& c, Condition::Kind parent) {
  using K = Condition::Kind;
  const bool composite = c.kind == K::all || c.kind == K::any;
  const bool grouped = composite && (parent == K::negation || c.kind == parent || (parent == K::all && c.kind == K::any));
  return grouped ? "(" + format(c) + ")" : format(c);
}

}  // namespace

std::string format(const Movement& m) {
  const std::string distance = m.feet ? fmt::format("{}' ", *m.feet) : "";  // before a place: its cap
  switch (m.kind) {
    case Movement::Kind::none: return "";
    case Movement::Kind::path: {
      std::string out = m.feet ? fmt::format("{}'", *m.feet) : "";
      for (std::size_t i = 0; i < m.steps.size(); ++i)
        out += (i == 0 ? (out.empty() ? "" : " ") : ", ") + std::string(to_string(m.steps[i].direction));
      return out;
    }
    case Movement::Kind::destination: return distance + "to " + format(*m.place);
    case Movement::Kind::toward: return distance + "toward " + format(*m.place);
    case Movement::Kind::away: return distance + "away from " + format(*m.place);
  }
  return "";
}

std::string format(const Target& t) {
  switch (t.kind) {
    case Target::Kind::phrase: return t.text.text;
    case Target::Kind::character: return "\"" + t.text.text + "\"";
    case Target::Kind::self: return "self";
    case Target::Kind::cell: return t.text.text;
    case Target::Kind::coordinates: return fmt::format("X: {}, Y: {}", t.x, t.y);
  }
  return "";
}

std::string format(const Condition& c) {
  switch (c.kind) {
    case Condition::Kind::phrase: return c.phrase.text;
    case Condition::Kind::negation: return "NOT " + operand(c.operands.front(), Condition::Kind::negation);
    case Condition::Kind::all:
    case Condition::Kind::any: {
      std::string out;
      for (std::size_t i = 0; i < c.operands.size(); ++i) {
        if (i > 0) out += c.kind == Condition::Kind::all ? " AND " : " OR ";
        out += operand(c.operands[i], c.kind);
      }
      return out;
    }
  }
  return "";
}

std::string format(const Order& o) {
  std::string out = o.action.text;
  if (!o.arguments.empty()) {
    out += " (";
    for (std::size_t i = 0; i < o.arguments.size(); ++i) out += (i ? ", " : "") + o.arguments[i].text;
    out += ")";
  }
  if (const auto m = format(o.movement); !m.empty()) out += " " + m;
  if (o.target) out += " -> " + format(*o.target);
  return out;
}

std::string format(const Phase& phase) {
  std::string out;
  for (std::size_t i = 0; i < phase.branches.size(); ++i)
    out += fmt::format("{}IF {} THEN {}", i ? " ELSE " : "", format(phase.branches[i].condition),
                       format(phase.branches[i].order));
  if (phase.otherwise) out += (phase.branches.empty() ? "" : " ELSE ") + format(*phase.otherwise);
  return out;
}

std::string format(const Sheet& sheet) {
  std::string out;
  if (sheet.round) out += fmt::format("Round {}\n", *sheet.round);
  for (const auto& character : sheet.characters) {
    out += name(character.name.text) + ":\n";
    for (const auto& phase : character.phases) {
      const std::string body = format(phase);
      out += fmt::format("  {}:{}{}\n", phase.number, body.empty() ? "" : " ", body);
    }
    for (const auto& standing : character.standing) {
      const std::string body = format(standing.choice);
      out += fmt::format("  ON {}:{}{}\n", standing.trigger.text, body.empty() ? "" : " ", body);
    }
  }
  return out;
}

}  // namespace arbiter::orders
