-- Fall Back: "Move up to 15 feet. Must move away from hostiles." A written way is followed only
-- while each step takes the character no nearer to the nearest hostile (interpreter/packs/fight.cpp).
local test = require "arbiter.test"
local duel = require "tests.duel"

test.case("Fall Back: 'Must move away from hostiles' — ordered toward the Orc, Aldric does not close in", function()
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Unarmored" },
    { name = "Orc", side = "orcs", at = "E2", weapon = "Axe", armor = "Leather" },
  })
  f:round [[
    Aldric:
      1: Fall Back 10' E
      2: Defend
  ]]
  test.truthy(f:cell("Aldric") == "B2" or f:cell("Aldric") == "A2", "not toward the Orc: " .. f:cell("Aldric"))
end)
