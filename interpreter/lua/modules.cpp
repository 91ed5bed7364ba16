#include "interpreter/lua/modules.hpp"

namespace arbiter::lua {

std::span<const Module> runtime_modules() {
  // Bindings add themselves here: { "dice", open_dice }, …
  static const Module modules[] = {{"dice", open_dice}};
  return modules;
}

}  // namespace arbiter::lua
