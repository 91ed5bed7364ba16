#include "interpreter/core/value.hpp"

#include <cmath>

#include <nlohmann/json.hpp>

#include "grammar/diagnostic.hpp"

namespace arbiter {

void to_json(nlohmann::json& out, const Value& value) {
  std::visit(
      [&out](const auto& v) {
        if constexpr (std::is_same_v<std::decay_t<decltype(v)>, Value::List>) {
          out = nlohmann::json::array();
          for (const Value& item : v) out.push_back(item);
        } else {
          out = v;
        }
      },
      value.data);
}

void from_json(const nlohmann::json& in, Value& value) {
  // A NaN or an infinity (a Lua 0/0 in an encounter's stats) would be saved as null, and the save
  // could not be resumed: refuse it where it is given.
  if (in.is_number() && !std::isfinite(in.get<double>()))
    throw Error("a value must be a finite number, not " + non_finite_text(in.get<double>()));
  if (in.is_number()) value = in.get<double>();
  else if (in.is_boolean()) value = in.get<bool>();
  else if (in.is_string()) value = in.get<std::string>();
  else if (in.is_array()) {
    Value::List list;
    for (const auto& item : in) list.push_back(item.get<Value>());
    value = std::move(list);
  } else {
    throw Error("a value must be a number, true/false, a string or a list, not " + std::string(in.type_name()));
  }
}

std::string non_finite_text(double number) {
  if (std::isnan(number)) return "nan";
  return number > 0 ? "inf" : "-inf";
}

}  // namespace arbiter
