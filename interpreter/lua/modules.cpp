#include "interpreter/lua/modules.hpp"

#include "interpreter/lua/world_bindings.hpp"

namespace arbiter::lua {

std::span<const Module> runtime_modules() {
  static const Module modules[] = {
      {"dice", open_dice},     {"grid", open_grid}, {"world", open_world},
      {"status", open_status}, {"log", open_log},   {"orders", open_orders}, {"flow", open_flow},
  };
  return modules;
}

}  // namespace arbiter::lua
