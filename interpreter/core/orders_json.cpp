#include "interpreter/core/orders_json.hpp"

namespace arbiter::orders {
namespace {

using nlohmann::json;

json target_json(const Target& t) {
  static constexpr const char* kinds[] = {"phrase", "character", "self", "cell", "coordinates"};
  json out{{"kind", kinds[static_cast<int>(t.kind)]}};
  if (t.kind == Target::Kind::coordinates) out["x"] = t.x, out["y"] = t.y;
  else if (t.kind != Target::Kind::self) out["text"] = t.text.text;
  return out;
}

json movement_json(const Movement& m) {
  static constexpr const char* kinds[] = {"none", "path", "destination", "toward", "away"};
  if (m.kind == Movement::Kind::none) return nullptr;
  json out{{"kind", kinds[static_cast<int>(m.kind)]}};
  if (m.feet) out["feet"] = *m.feet;
  if (m.kind == Movement::Kind::path) {
    out["steps"] = json::array();
    for (const auto& step : m.steps) out["steps"].push_back(std::string(to_string(step.direction)));
  }
  if (m.place) out["place"] = target_json(*m.place);
  return out;
}

json order_json(const Order& o) {
  json arguments = json::array();
  for (const auto& a : o.arguments) arguments.push_back(a.text);
  return {{"action", o.action.text},
          {"arguments", arguments},
          {"movement", movement_json(o.movement)},
          {"target", o.target ? target_json(*o.target) : json(nullptr)}};
}

json condition_json(const Condition& c) {
  switch (c.kind) {
    case Condition::Kind::phrase: return {{"kind", "phrase"}, {"text", c.phrase.text}};
    case Condition::Kind::negation: return {{"kind", "not"}, {"operand", condition_json(c.operands.front())}};
    case Condition::Kind::all:
    case Condition::Kind::any: {
      json operands = json::array();
      for (const auto& operand : c.operands) operands.push_back(condition_json(operand));
      return {{"kind", c.kind == Condition::Kind::all ? "all" : "any"}, {"operands", operands}};
    }
  }
  return nullptr;
}

// A phase's or a standing order's choice: its line, branches and otherwise.
json choice_json(const Phase& phase) {
  json branches = json::array();
  for (const auto& b : phase.branches)
    branches.push_back({{"condition", condition_json(b.condition)}, {"order", order_json(b.order)}});
  return {{"line", phase.at.line},
          {"branches", branches},
          {"otherwise", phase.otherwise ? order_json(*phase.otherwise) : json(nullptr)}};
}

}  // namespace

nlohmann::json to_json(const CharacterOrders& character) {
  json phases = json::array();
  for (const auto& phase : character.phases) {
    json entry = choice_json(phase);
    entry["number"] = phase.number;
    phases.push_back(std::move(entry));
  }
  json standing = json::array();
  for (const auto& s : character.standing) {
    json entry = choice_json(s.choice);
    entry["trigger"] = s.trigger.text;
    standing.push_back(std::move(entry));
  }
  return {{"name", character.name.text}, {"line", character.name.at.line}, {"phases", phases}, {"standing", standing}};
}

}  // namespace arbiter::orders
