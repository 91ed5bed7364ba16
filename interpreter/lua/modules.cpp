#include "interpreter/lua/modules.hpp"

#include "interpreter/lua/world_bindings.hpp"

namespace arbiter::lua {

std::span<const Module> runtime_modules() {
  // Bindings add themselves here: { "dice", open_dice }, …
  static const Module modules[] = {
      {"grid", open_grid},
      {"world", open_world},
      {"status", open_status},
      {"log", open_log},
  };
  return modules;
}

}  // namespace arbiter::lua
