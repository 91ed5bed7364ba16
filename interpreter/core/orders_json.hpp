#pragma once
// Orders as plain data, for `arbiter check --json` and anything reading orders from outside:
//   { "name": "Aldric", "line": 1, "phases": [ { "number": 2, "line": 3,
//       "branches": [ { "condition": C, "order": O } ], "otherwise": O or null } ],
//     "standing": [ { "trigger": "Melee Attack", "line": 4, "branches": [..], "otherwise": O or null } ] }
//   O: { "action", "arguments": [..], "movement": M or null, "target": T or null }
//   M: { "kind": "path"|"destination"|"toward"|"away", "feet", "steps": ["S", ..], "place": T }
//   T: { "kind": "phrase"|"character"|"self"|"cell"|"coordinates", "text", "x", "y" }
//   C: { "kind": "phrase", "text" } | { "kind": "all"|"any", "operands": [..] } | { "kind": "not", "operand" }
// The Lua binding (`orders.parse`) gives the same shape as tables.
#include <nlohmann/json.hpp>

#include "grammar/orders.hpp"

namespace arbiter::orders {

nlohmann::json to_json(const CharacterOrders& character);

}  // namespace arbiter::orders
