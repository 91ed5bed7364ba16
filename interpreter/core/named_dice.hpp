#pragma once
// Dice a pack registers by name (`dice.define("armellian", {"Sword", …})`), written `d[armellian]`.
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "interpreter/core/die.hpp"

namespace arbiter {

class NamedDice {
 public:
  NamedDice() = default;
  // The dice of a command that loads no pack (`arbiter roll`, `prob`): none, ever, so a name
  // written there is told where a named die can be tried instead.
  static NamedDice without_packs();

  // Throws arbiter::Error if the name is taken or is not an identifier.
  void define(const std::string& name, std::vector<Face> faces);
  const Die* find(std::string_view name) const;
  std::vector<std::string> names() const;
  // What a name is told while no die has one: how a die gets a name, or why none can get one here.
  const std::string& why_none() const noexcept { return why_none_; }

 private:
  explicit NamedDice(std::string why_none) : why_none_(std::move(why_none)) {}

  std::map<std::string, Die, std::less<>> dice_;
  std::string why_none_ = "no die has a name yet: dice.define names one, in a pack or in arbiter lua (docs/dice.md, "
                          "Named and symbol dice)";
};

}  // namespace arbiter
