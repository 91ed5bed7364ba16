#include "interpreter/lua/modules.hpp"

namespace arbiter::lua {

std::span<const Module> runtime_modules() {
  // Bindings add themselves here: { "dice", open_dice }, …
  static constexpr Module modules[] = {
      {"orders", open_orders},
  };
  return modules;
}

}  // namespace arbiter::lua
