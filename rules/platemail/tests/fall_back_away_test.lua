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

test.case("Fall Back with nowhere farther to go stays, and the order says why: in the corner, or with no hostile left", function()
  -- Aldric in the corner A1, the Orc at B2 beside him: every square Aldric could reach within 15'
  -- is as near the Orc or nearer. It stays Ready and Falls Back in place ("up to 15 feet"), and the
  -- GM hears why it did not move, as for a refused order.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "A1", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "B2", weapon = "Axe", armor = "Leather" },
    { name = "Goblin", side = "orcs", at = "C1", weapon = "Dagger", armor = "Leather" },
    { name = "Grunt", side = "orcs", at = "A3", weapon = "Axe", armor = "Leather" },
  }, {}, { width = 3, height = 3 })
  f:round [[
    Aldric:
      1: Fall Back
      2: Fall Back away from "Orc"
    Orc:
      1: Use Item
      2: Use Item
    Goblin:
      1: Use Item
      2: Use Item
    Grunt:
      1: Use Item
      2: Use Item
  ]]
  test.equal(f:cell("Aldric"), "A1")
  test.truthy(duel.narrated(f, "Aldric: Fall Back (stays at A1: no square it can reach within 15' is farther from "
                               .. "the nearest hostile (Orc))"))
  test.truthy(duel.narrated(f, "Aldric: Fall Back (stays at A1: no square it can reach within 15' is farther from Orc)"))
  -- The log says it too, in the declared order's summary.
  local summaries = {}
  for _, e in ipairs(f:events("declared")) do
    if e.fields.character == "Aldric" then summaries[#summaries + 1] = e.fields.summary end
  end
  test.equal(summaries, {
    "Fall Back (stays at A1: no square it can reach within 15' is farther from the nearest hostile (Orc))",
    "Fall Back (stays at A1: no square it can reach within 15' is farther from Orc)",
  })
  -- With no hostile in the fight, there is nothing to fall back from.
  local alone = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Leather" },
    { name = "Brenna", side = "party", at = "E2", weapon = "Axe", armor = "Leather" },
  }, {})
  alone:round [[
    Aldric:
      1: Fall Back
      2: Defend
  ]]
  test.equal(alone:cell("Aldric"), "B2")
  test.truthy(duel.narrated(alone, "Aldric: Fall Back (stays at B2: there is no hostile to move away from)"))
end)

-- The Goblin at A2 skulks behind a crate at C2 in round 1 (Stealth d20 12: a roll of 12); the Orc at
-- E2 with the Perception given Falls Back in round 2 while the Goblin stays Hidden.
local function falling_back_from_skulker(perception)
  local f = duel.new({
    { name = "Goblin", side = "goblins", at = "A2", weapon = "Dagger", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "E2", weapon = "Axe", armor = "Leather", stats = { perception = perception } },
  }, { 12 }, { width = 10, height = 6, terrain = { ["C2"] = { shelter = "cover" } } })
  f:round [[
    Goblin:
      1: Skulk
      2: Skulk
  ]]
  f:round [[
    Goblin:
      1: Skulk
      2: Skulk
    Orc:
      1: Fall Back
      2: Defend
  ]]
  test.truthy(f:has("Goblin", "Hidden"))
  return f
end

test.case("Fall Back: 'Must move away from hostiles' — not from a skulker it is Unaware of ('Unaware Characters may not designate the Skulker as a Target')", function()
  -- Perception 5, below the Stealth roll 12: the Orc does not know the Goblin is there, so there
  -- is no hostile to fall back from, and it stays.
  local f = falling_back_from_skulker(5)
  test.truthy(duel.narrated(f, "Orc: Fall Back (stays at E2: there is no hostile to move away from)"))
  test.equal(f:cell("Orc"), "E2")
end)

test.case("Fall Back: 'Must move away from hostiles' — from a Hidden skulker it is not Unaware of (Perception above the Stealth roll)", function()
  -- Perception 15, above the Stealth roll 12, and Fall Back is Ready: the Orc perceives the Goblin
  -- and moves away from it, east.
  local f = falling_back_from_skulker(15)
  local orc = f:cell("Orc")
  test.truthy(orc ~= "E2" and orc:sub(1, 1) > "E", "away from the Goblin: " .. orc)
end)
