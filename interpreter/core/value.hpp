#pragma once
// A value a ruleset attaches to a thing by name: a character's stats ("wounds": 2, "weapon":
// "Spear", "tags": ["orc", "big"]), a border's or a cell's extra properties. Numbers, truths,
// strings and lists of those — what a Lua table of plain data holds.
#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace arbiter {

struct Value {
  using List = std::vector<Value>;
  std::variant<double, bool, std::string, List> data;

  Value() : data(0.0) {}
  Value(double number) : data(number) {}
  Value(int number) : data(static_cast<double>(number)) {}
  Value(bool truth) : data(truth) {}
  Value(std::string text) : data(std::move(text)) {}
  Value(const char* text) : data(std::string(text)) {}
  Value(List list) : data(std::move(list)) {}

  friend bool operator==(const Value&, const Value&) = default;
};

// Named values, sorted by name so saves and logs list them in a stable order.
using Properties = std::map<std::string, Value, std::less<>>;

void to_json(nlohmann::json& out, const Value& value);
void from_json(const nlohmann::json& in, Value& value);  // throws arbiter::Error for objects, nulls, NaN and ±inf

// A number is kept as a double, which holds every whole number from -2^53 to 2^53 exactly, and not
// every one past them: 2^53 + 1 would be kept as 2^53, silently.
inline constexpr std::int64_t largest_exact_whole = std::int64_t{1} << 53;
// `whole` as a value keeps it; past ±2^53 an arbiter::Error saying so, as a double would round it.
double exact_whole(std::int64_t whole);
// The same for a number that is a double already (Lua's 2^60, 1e18, a JSON 1.5e19): past ±2^53 it
// holds no fraction, and may be a whole number rounded on its way in, so it is refused alike.
double exact_number(double number);

// A NaN or an infinity as a message names it: "nan" (whatever its sign bit), "inf", "-inf".
std::string non_finite_text(double number);

}  // namespace arbiter
