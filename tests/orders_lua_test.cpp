// The `orders` module packs see: orders.parse gives plain tables, and a bad sheet gives nil and a
// positioned message, like `load`.
#include <catch2/catch.hpp>

#include "interpreter/lua/sandbox.hpp"
#include "interpreter/lua/values.hpp"

using namespace arbiter;

namespace {

std::string run(const std::string& code) {
  lua::Sandbox sandbox;
  sandbox.add_pack({"probe", {}, "probe", {}});
  sandbox.run_string("probe", code, "probe.lua", 1);
  lua_State* L = sandbox.state();
  std::string result = lua_tostring(L, -1);
  lua_pop(L, 1);
  return result;
}

}  // namespace

TEST_CASE("orders.parse reads a sheet into plain tables", "[orders][lua]") {
  CHECK(run(R"(
    local sheet = orders.parse([[
Aldric:
  1: Charge -> closest enemy
  2: IF I reach the enemy AND NOT "Orc #2" is down THEN Full Attack -> closest enemy ELSE Move 15' S, SW
]])
    local second = sheet.characters[1].phases[2]
    local condition = second.branches[1].condition
    return table.concat({
      sheet.characters[1].name, tostring(sheet.round),
      sheet.characters[1].phases[1].otherwise.action, sheet.characters[1].phases[1].otherwise.target.text,
      condition.kind, condition.operands[1].text, condition.operands[2].kind, condition.operands[2].operand.text,
      second.otherwise.movement.feet, table.concat(second.otherwise.movement.steps, ","),
    }, "|")
  )") == "Aldric|nil|Charge|closest enemy|all|I reach the enemy|not|\"Orc #2\" is down|15|S,SW");
}

TEST_CASE("orders.parse returns nil and the problem for a bad sheet", "[orders][lua]") {
  CHECK(run(R"(
    local sheet, problem = orders.parse('Aldric:\n  2: IF I reach the enemy THEN\n', 'mine.txt')
    return tostring(sheet) .. " " .. problem
  )") == "nil mine.txt:2:31: IF without an action: expected an action after THEN");
}

TEST_CASE("orders.parse gives a character's standing orders with their trigger", "[orders][lua]") {
  CHECK(run(R"(
    local konrad = orders.parse([[
Konrad:
  1: Ready -> my opponent
  ON Parry: IF I am Bound THEN Struggle ELSE Counter-Attack
]]).characters[1]
    local on = konrad.standing[1]
    return table.concat({ #konrad.phases, #konrad.standing, on.trigger, on.line, on.branches[1].condition.text,
                          on.branches[1].order.action, on.otherwise.action }, "|")
  )") == "1|1|Parry|3|I am Bound|Struggle|Counter-Attack");
}

TEST_CASE("orders.parse, which knows no rules, calls a numbered line a phase or an entry", "[orders][lua]") {
  // A tempo sheet (a turn's entries) was told of phases.
  CHECK(run(R"(
    local sheet, problem = orders.parse("Ilse:\n  1:\n  Action: Melee Attack\n  Action: Parry\n", "ilse.txt")
    return problem
  )") == "ilse.txt:4:3: this phase or entry already has an action: start the next one ('Second Action:' or '2:') first");
}
