// The `orders` runtime module: packs read order sheets into plain tables, so a pack can offer its
// own helpers over orders. The tables have the shape documented in interpreter/core/orders_json.hpp.
#include <optional>
#include <string>

#include "grammar/orders.hpp"
#include "interpreter/core/orders_json.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/modules.hpp"
#include "interpreter/lua/values.hpp"

namespace arbiter::lua {
namespace {

// JSON null is an absent field, arrays are sequences, objects are tables with string keys.
void push_json(lua_State* L, const nlohmann::json& value) {
  luaL_checkstack(L, 3, "orders nested too deeply");
  switch (value.type()) {
    case nlohmann::json::value_t::null: lua_pushnil(L); break;
    case nlohmann::json::value_t::boolean: lua_pushboolean(L, value.get<bool>()); break;
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned: lua_pushinteger(L, value.get<lua_Integer>()); break;
    case nlohmann::json::value_t::string: {
      const auto& text = value.get_ref<const std::string&>();
      lua_pushlstring(L, text.data(), text.size());
      break;
    }
    case nlohmann::json::value_t::array: {
      lua_createtable(L, static_cast<int>(value.size()), 0);
      lua_Integer i = 0;
      for (const auto& item : value) {
        push_json(L, item);
        lua_rawseti(L, -2, ++i);
      }
      break;
    }
    case nlohmann::json::value_t::object:
      lua_createtable(L, 0, static_cast<int>(value.size()));
      for (const auto& [key, item] : value.items()) {
        if (item.is_null()) continue;
        push_json(L, item);
        lua_setfield(L, -2, key.c_str());
      }
      break;
    default: lua_pushnil(L);  // no floats or binary in orders
  }
}

// orders.parse(text [, name]) -> { round = n, characters = { … } } | nil, "name:line:col: message"
int parse(lua_State* L) {
  std::size_t length = 0;
  const char* text = luaL_checklstring(L, 1, &length);
  const std::string name = opt_text(L, 2, "the sheet's name", "(orders)");
  std::optional<nlohmann::json> sheet;
  std::string problem;
  try {
    const auto parsed = orders::parse_orders({text, length}, name);
    sheet = nlohmann::json{{"round", parsed.round ? nlohmann::json(*parsed.round) : nlohmann::json(nullptr)},
                           {"characters", nlohmann::json::array()}};
    for (const auto& character : parsed.characters) (*sheet)["characters"].push_back(orders::to_json(character));
  } catch (const Error& e) {
    const auto& d = e.diagnostics().front();
    problem = d.where.file + ":" + std::to_string(d.where.line) + ":" + std::to_string(d.where.column) + ": " + d.message;
  }
  if (sheet) {
    push_json(L, *sheet);
    return 1;
  }
  lua_pushnil(L);
  lua_pushlstring(L, problem.data(), problem.size());
  return 2;
}

}  // namespace

int open_orders(lua_State* L) {
  static const luaL_Reg functions[] = {{"parse", guarded<parse>}, {nullptr, nullptr}};
  luaL_newlib(L, functions);
  return 1;
}

}  // namespace arbiter::lua
