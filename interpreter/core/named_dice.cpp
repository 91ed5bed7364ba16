#include "interpreter/core/named_dice.hpp"

#include <cctype>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"

namespace arbiter {

namespace {

bool is_identifier(std::string_view name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_')) return false;
  for (const char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

}  // namespace

NamedDice NamedDice::without_packs() {
  return NamedDice("arbiter roll and prob load no pack, so no die has a name here: try a named die in arbiter lua, "
                   "where dice.define names one (docs/dice.md, Named and symbol dice)");
}

void NamedDice::define(const std::string& name, std::vector<Face> faces) {
  if (!is_identifier(name))
    throw Error(fmt::format("a die's name is letters, digits and '_', starting with a letter: '{}' is not", name));
  if (dice_.count(name)) throw Error(fmt::format("a die named '{}' is already defined", name));
  dice_.emplace(name, Die::with_faces(name, std::move(faces)));
}

const Die* NamedDice::find(std::string_view name) const {
  const auto it = dice_.find(name);
  return it == dice_.end() ? nullptr : &it->second;
}

std::vector<std::string> NamedDice::names() const {
  std::vector<std::string> names;
  for (const auto& [name, die] : dice_) names.push_back(name);
  return names;
}

}  // namespace arbiter
