-- Fall Back: "Move up to 15 feet. Must move away from hostiles." A written way is followed only
-- while each step takes the character no nearer to the nearest hostile (interpreter/packs/fight.cpp).
local test = require "arbiter.test"
local duel = require "tests.support.duel"

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

test.case("Fall Back: 'Must move away from hostiles' — a written way that does not is refused, and the GM is told why", function()
  -- The Orc at H3 is ordered west, then toward Aldric (B3): both ways close in on Aldric, so it stays.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B3", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "H3", weapon = "Axe", armor = "Leather" },
  }, {}, { width = 12, height = 6 })
  f:round [[
    Orc:
      1: Fall Back 15' W
      2: Fall Back toward "Aldric"
  ]]
  test.equal(f:cell("Orc"), "H3")
  test.equal(duel.texts(f, "acts"), {
    "Orc (Fall Back) stays: 15' W does not lead away from hostiles",
    'Orc (Fall Back) stays: toward "Aldric" does not lead away from hostiles',
  })
end)

test.case("Fall Back: a written way followed while it leads away from hostiles, told where it stops and why", function()
  -- South from B4 takes Aldric further from the Orc at G5; the step east after it would close in.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B4", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "G5", weapon = "Axe", armor = "Leather" },
  })
  f:round [[
    Aldric:
      1: Fall Back S, E
      2: Defend
  ]]
  test.equal(f:cell("Aldric"), "B3")
  test.equal(duel.texts(f, "acts"), { "Aldric (Fall Back) goes no further than B3: beyond it, S, E does not lead away from hostiles" })
end)

test.case("Fall Back with no way written moves away from hostiles and needs no word", function()
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B3", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "F3", weapon = "Axe", armor = "Leather" },
  })
  f:round [[
    Orc:
      1: Fall Back
      2: Defend
  ]]
  test.truthy(f:cell("Orc") ~= "F3", "it moved: " .. f:cell("Orc"))
  test.equal(duel.texts(f, "acts"), {})
end)
