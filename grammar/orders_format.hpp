#pragma once
// The canonical spelling of a sheet: the compact form, one character per header, one phase per
// line, keywords in capitals, phrases tidied. Parsing what it prints gives the same Sheet.
#include <string>

#include "grammar/orders.hpp"

namespace arbiter::orders {

std::string format(const Sheet& sheet);
std::string format(const Phase& phase);  // "IF … THEN … ELSE …", or the order alone
std::string format(const Order& order);
std::string format(const Condition& condition);
std::string format(const Target& target);
std::string format(const Movement& movement);  // "15' W", "toward \"Aldric\""; "" when none is written

}  // namespace arbiter::orders
