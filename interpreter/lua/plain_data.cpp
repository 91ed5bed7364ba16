// Plain data between Lua and the core: stat values and log fields.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/core/world.hpp"
#include "interpreter/lua/ordered.hpp"
#include "interpreter/lua/readonly.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/world_bindings.hpp"

namespace arbiter::lua {

namespace {

// A list holds items 1..n and nothing else: a named field or a numbered item past a gap would be
// lost in the copy, so it is refused, named by the first key beside the items.
void refuse_keys_beside_list(lua_State* L, int index, lua_Integer n) {
  const KeysBesideList beside = keys_beside_list(L, index, n);
  if (beside.names.empty() && beside.others.empty()) return;
  const std::string key = beside.names.empty() ? beside.others.front() : printable(beside.names.front());
  throw Error(fmt::format("a list of {} item{} also holds {}: plain data is a list (items 1, 2, … with no gap) or a "
                          "table of named values, not both",
                          n, n == 1 ? "" : "s", key));
}

// A stat that is NaN or an infinity (0/0, 1/0) would be saved as null, and the save could not be
// resumed: refused where the rule gives it. So is one in an event's fields, which JSON logs as null.
double check_finite(lua_State* L, int index) {
  const double number = lua_tonumber(L, index);
  if (!std::isfinite(number)) throw Error("a value must be a finite number, not " + non_finite_text(number));
  return number;
}

constexpr const char* plain_value = "a stat or property must be a number, true/false, a string or a list";

Value check_value_at(lua_State* L, int index, int depth) {
  index = lua_absindex(L, index);
  switch (lua_type(L, index)) {
    case LUA_TNUMBER:
      // A whole number is kept as a double: one it cannot hold exactly is refused, not rounded.
      if (lua_isinteger(L, index)) return exact_whole(lua_tointeger(L, index));
      return exact_number(check_finite(L, index));
    case LUA_TBOOLEAN: return static_cast<bool>(lua_toboolean(L, index));
    case LUA_TSTRING: return to_text(L, index, "a string");
    case LUA_TTABLE: {
      if (depth > deepest_plain_data) throw Error("a value nests lists more than " + std::to_string(deepest_plain_data) + " deep");
      if (push_viewed(L, index)) {  // a read-only list (a stat read from c.stats): what it shows
        Value shown = check_value_at(L, -1, depth);
        lua_pop(L, 1);
        return shown;
      }
      // A handle's fields and a table's metamethods are not in its raw fields, which are all a
      // value keeps: either would be kept as an empty list, silently.
      if (test_character(L, index))
        throw Error(fmt::format("{}, not a character: a stat keeps a character by its name (c.name) or its id "
                                "(c.id), and world.character(name) finds it again",
                                plain_value));
      if (lua_getmetatable(L, index)) {
        lua_pop(L, 1);
        throw Error(fmt::format("{}, not a table with a metatable: a value keeps a table's own items, not what its "
                                "metamethods (__index, __len, __pairs) show",
                                plain_value));
      }
      Value::List list;
      const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, index));
      if (n == 0) {
        lua_pushnil(L);
        if (lua_next(L, index)) throw Error("a stat or property cannot be a table of named values, only a list (items 1, 2, …)");
      }
      refuse_keys_beside_list(L, index, n);
      for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, index, i);
        list.push_back(check_value_at(L, -1, depth + 1));
        lua_pop(L, 1);
      }
      return list;
    }
    default: throw Error(fmt::format("{}, not a {}", plain_value, luaL_typename(L, index)));
  }
}

// A value that is no plain data, and where it lies in the table given (`.name`, `[2]`), built
// from the inside out as the error travels up.
struct NotPlain {
  std::string where;
  std::string what;
};

nlohmann::json check_json_at(lua_State* L, int index, int depth, JsonFor purpose);

// The value at the top of the stack, as the field `name` of its table, or else its item `item`
// (the place is only written out when the value is refused).
nlohmann::json check_item(lua_State* L, int depth, JsonFor purpose, const char* name, lua_Integer item) {
  const auto where = [&] { return name ? fmt::format(".{}", name) : fmt::format("[{}]", item); };
  try {
    return check_json_at(L, -1, depth, purpose);
  } catch (NotPlain& e) {
    e.where.insert(0, where());
    throw;
  } catch (const Error& e) {
    throw NotPlain{where(), e.diagnostics().front().message};
  }
}

nlohmann::json check_json_at(lua_State* L, int index, int depth, JsonFor purpose) {
  index = lua_absindex(L, index);
  switch (lua_type(L, index)) {
    case LUA_TNIL: return nullptr;
    case LUA_TNUMBER:
      if (lua_isinteger(L, index)) return lua_tointeger(L, index);
      return purpose == JsonFor::reading ? lua_tonumber(L, index) : check_finite(L, index);
    case LUA_TBOOLEAN: return static_cast<bool>(lua_toboolean(L, index));
    case LUA_TSTRING: return to_text(L, index, "a string");
    case LUA_TTABLE: {
      if (test_character(L, index)) {
        if (purpose == JsonFor::saving)
          throw Error("a character's handle: a save keeps a character by its name (c.name) or its id (c.id), and "
                      "world.character(name) finds it again");
        lua_getfield(L, index, "name");
        std::string name(whole_string(L, -1));
        lua_pop(L, 1);
        return name;
      }
      if (depth > deepest_plain_data) throw Error("a table nests more than " + std::to_string(deepest_plain_data) + " deep");
      if (push_viewed(L, index)) {  // a read-only table (c.stats, a definition): what it shows
        nlohmann::json shown = check_json_at(L, -1, depth, purpose);
        lua_pop(L, 1);
        return shown;
      }
      const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, index));
      if (n > 0) {
        refuse_keys_beside_list(L, index, n);
        nlohmann::json list = nlohmann::json::array();
        list.get_ref<nlohmann::json::array_t&>().reserve(static_cast<std::size_t>(n));
        for (lua_Integer i = 1; i <= n; ++i) {
          lua_rawgeti(L, index, i);
          list.push_back(check_item(L, depth + 1, purpose, nullptr, i));
          lua_pop(L, 1);
        }
        return list;
      }
      nlohmann::json object = nlohmann::json::object();
      auto& fields = object.get_ref<nlohmann::json::object_t&>();
      const auto field = [&] {
        if (lua_type(L, -2) != LUA_TSTRING) throw Error("a table of named values has a key that is not a name");
        // Each name once (a table's keys), so a field is made in place, not made null then replaced.
        std::string name = to_text(L, -2, "a field's name");
        nlohmann::json item = check_item(L, depth + 1, purpose, name.c_str(), 0);
        fields.emplace(std::move(name), std::move(item));
      };
      // Lua's own order, which costs nothing (an event's fields come here by the thousand); but
      // of two bad fields the one told must be the same every run (an action's error is logged):
      // then again in the fixed order, which finds that one first.
      const int top = lua_gettop(L);
      try {
        for (lua_pushnil(L); lua_next(L, index); lua_pop(L, 1)) field();
      } catch (const NotPlain&) {
        lua_settop(L, top);
        for_each_ordered(L, index, field);
        throw;
      } catch (const Error&) {
        lua_settop(L, top);
        for_each_ordered(L, index, field);
        throw;
      }
      if (fields.empty() && depth > 0 && purpose != JsonFor::reading) return nlohmann::json::array();
      return object;
    }
    default: break;
  }
  throw Error(std::string("plain data (numbers, strings, true/false and tables of those) cannot hold a ") +
              luaL_typename(L, index));
}

}  // namespace

KeysBesideList keys_beside_list(lua_State* L, int index, lua_Integer items) {
  index = lua_absindex(L, index);
  KeysBesideList beside;
  for (lua_pushnil(L); lua_next(L, index); lua_pop(L, 1)) {
    if (lua_type(L, -2) == LUA_TSTRING) {
      beside.names.emplace_back(whole_string(L, -2));
    } else if (!lua_isinteger(L, -2) || lua_tointeger(L, -2) < 1 || lua_tointeger(L, -2) > items) {
      lua_pushvalue(L, -2);  // a copy: lua_next needs the key as it is
      beside.others.push_back("[" + describe(L, -1) + "]");
      lua_pop(L, 1);
    }
  }
  std::sort(beside.names.begin(), beside.names.end());
  std::sort(beside.others.begin(), beside.others.end());
  return beside;
}

Value check_value(lua_State* L, int index) { return check_value_at(L, index, 0); }

void push_value(lua_State* L, const Value& value) {
  std::visit(
      [L](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, double>) {
          // Whole numbers come back as Lua integers, so `wounds + 1` prints 3, not 3.0.
          if (std::floor(v) == v && std::abs(v) <= static_cast<double>(largest_exact_whole))
            lua_pushinteger(L, static_cast<lua_Integer>(v));
          else lua_pushnumber(L, v);
        } else if constexpr (std::is_same_v<T, bool>) {
          lua_pushboolean(L, v);
        } else if constexpr (std::is_same_v<T, std::string>) {
          lua_pushlstring(L, v.data(), v.size());
        } else {
          lua_createtable(L, static_cast<int>(v.size()), 0);
          for (std::size_t i = 0; i < v.size(); ++i) {
            push_value(L, v[i]);
            lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
          }
        }
      },
      value.data);
}

void push_properties(lua_State* L, const Properties& properties) {
  lua_createtable(L, 0, static_cast<int>(properties.size()));
  for (const auto& [name, value] : properties) {
    push_value(L, value);
    lua_setfield(L, -2, name.c_str());
  }
}

nlohmann::json check_json(lua_State* L, int index, JsonFor purpose) {
  try {
    return check_json_at(L, index, 0, purpose);
  } catch (const NotPlain& e) {
    throw Error(fmt::format("{} (at {})", e.what, printable(e.where.substr(e.where.front() == '.' ? 1 : 0))));
  }
}

void push_json(lua_State* L, const nlohmann::json& value) {
  switch (value.type()) {
    case nlohmann::json::value_t::boolean: lua_pushboolean(L, value.get<bool>()); return;
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned: lua_pushinteger(L, value.get<lua_Integer>()); return;
    case nlohmann::json::value_t::number_float: lua_pushnumber(L, value.get<double>()); return;
    case nlohmann::json::value_t::string: {
      const auto& text = value.get_ref<const std::string&>();
      lua_pushlstring(L, text.data(), text.size());
      return;
    }
    case nlohmann::json::value_t::array: {
      lua_createtable(L, static_cast<int>(value.size()), 0);
      for (std::size_t i = 0; i < value.size(); ++i) {
        push_json(L, value[i]);
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
      }
      return;
    }
    case nlohmann::json::value_t::object: {
      lua_createtable(L, 0, static_cast<int>(value.size()));
      // A fresh table: set raw, with the names' known lengths (phase_events pushes many events).
      for (const auto& [name, item] : value.get_ref<const nlohmann::json::object_t&>()) {
        lua_pushlstring(L, name.data(), name.size());
        push_json(L, item);
        lua_rawset(L, -3);
      }
      return;
    }
    default: lua_pushnil(L); return;
  }
}

void check_field_names(lua_State* L, int index, std::string_view what, const std::vector<std::string>& known) {
  index = lua_absindex(L, index);
  // The first unknown in sorted order, not in the table's, which changes from run to run.
  std::vector<std::string> unknown;
  for (lua_pushnil(L); lua_next(L, index); lua_pop(L, 1)) {
    if (lua_type(L, -2) != LUA_TSTRING) {
      unknown.push_back(fmt::format("[{}]", describe(L, -2)));
    } else if (const std::string_view key = whole_string(L, -2);
               std::find(known.begin(), known.end(), key) == known.end()) {
      unknown.emplace_back(key);
    }
  }
  if (unknown.empty()) return;
  const std::string first = *std::min_element(unknown.begin(), unknown.end());
  if (first.starts_with('[')) throw Error(fmt::format("{} has no field {}", what, first));
  throw Error(with_nearest(fmt::format("{} has no field '{}'", what, first), first, known));
}

std::string opt_string_field(lua_State* L, int index, const char* field, const std::string& fallback) {
  if (lua_isnoneornil(L, index)) return fallback;
  luaL_checktype(L, index, LUA_TTABLE);
  lua_getfield(L, index, field);
  std::string out = fallback;
  if (!lua_isnil(L, -1)) {
    if (lua_type(L, -1) != LUA_TSTRING) throw Error(std::string("option '") + field + "' must be a string");
    out = to_text(L, -1, fmt::format("option '{}'", field));
  }
  lua_pop(L, 1);
  return out;
}

double opt_number_field(lua_State* L, int index, const char* field, double fallback) {
  if (lua_isnoneornil(L, index)) return fallback;
  luaL_checktype(L, index, LUA_TTABLE);
  lua_getfield(L, index, field);
  double out = fallback;
  if (!lua_isnil(L, -1)) {
    if (!lua_isnumber(L, -1)) throw Error(std::string("option '") + field + "' must be a number");
    out = lua_tonumber(L, -1);
  }
  lua_pop(L, 1);
  return out;
}

}  // namespace arbiter::lua
