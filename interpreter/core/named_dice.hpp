#pragma once
// Dice a pack registers by name (`dice.define("armellian", {"Sword", …})`), written `d[armellian]`.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/core/die.hpp"

namespace arbiter {

class NamedDice {
 public:
  // Throws arbiter::Error if the name is taken or is not an identifier.
  void define(const std::string& name, std::vector<Face> faces);
  const Die* find(std::string_view name) const;
  std::vector<std::string> names() const;

 private:
  std::map<std::string, Die, std::less<>> dice_;
};

}  // namespace arbiter
