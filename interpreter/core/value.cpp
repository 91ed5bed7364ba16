#include "interpreter/core/value.hpp"

#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "grammar/diagnostic.hpp"

namespace arbiter {
namespace {

[[noreturn]] void refuse_inexact(const std::string& whole) {
  throw Error("a whole number is kept exactly from -9007199254740992 to 9007199254740992 (2^53), not " + whole);
}

}  // namespace

void to_json(nlohmann::json& out, const Value& value) {
  std::visit(
      [&out](const auto& v) {
        using Held = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<Held, Value::List>) {
          out = nlohmann::json::array();
          for (const Value& item : v) out.push_back(item);
        } else if constexpr (std::is_same_v<Held, double>) {
          // A whole number is written as one ("wounds": 3, not 3.0), as far as a double holds
          // every whole number exactly.
          if (std::trunc(v) == v && std::fabs(v) <= static_cast<double>(largest_exact_whole))
            out = static_cast<std::int64_t>(v);
          else out = v;
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
  if (in.is_number_unsigned() && in.get<std::uint64_t>() > static_cast<std::uint64_t>(largest_exact_whole))
    refuse_inexact(std::to_string(in.get<std::uint64_t>()));
  if (in.is_number_integer()) value = exact_whole(in.get<std::int64_t>());
  else if (in.is_number()) value = exact_number(in.get<double>());
  else if (in.is_boolean()) value = in.get<bool>();
  else if (in.is_string()) {
    check_text(in.get_ref<const std::string&>(), "a string");
    value = in.get<std::string>();
  } else if (in.is_array()) {
    Value::List list;
    for (const auto& item : in) list.push_back(item.get<Value>());
    value = std::move(list);
  } else {
    throw Error("a value must be a number, true/false, a string or a list, not " + std::string(in.type_name()));
  }
}

double exact_whole(std::int64_t whole) {
  if (whole < -largest_exact_whole || whole > largest_exact_whole) refuse_inexact(std::to_string(whole));
  return static_cast<double>(whole);
}

double exact_number(double number) {
  if (std::fabs(number) > static_cast<double>(largest_exact_whole))
    refuse_inexact(std::fabs(number) < 1e21 ? fmt::format("{:.0f}", number) : fmt::format("{}", number));
  return number;
}

std::string non_finite_text(double number) {
  if (std::isnan(number)) return "nan";
  return number > 0 ? "inf" : "-inf";
}

}  // namespace arbiter
