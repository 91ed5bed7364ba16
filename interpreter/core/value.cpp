#include "interpreter/core/value.hpp"

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

}  // namespace arbiter
