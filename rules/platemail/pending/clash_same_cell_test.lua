-- PENDING: fails until the engine places characters stopped by a Clash adjacent to each other.
-- Not in tests/, so `arbiter test platemail` does not run it; to run it, copy it into tests/.
--
-- "Both Characters stop their movement where their paths intersect." "The Arbiter should place
-- stopped Characters adjacent at the best estimate of where their paths crossed." "Characters
-- that were using Charge still get to make an Attack with Favor despite being Not Ready."
-- When two opponents want the same cell in the same step (same_cell / head_on), the engine
-- (interpreter/core/movement.cpp) halts both before it, so they end two squares (10') apart:
-- the Charge's Attack finds the Orc "not within reach". The Lua pack cannot move them after
-- the movement hook; the placement belongs to the engine.
local test = require "arbiter.test"
local duel = require "tests.duel"

test.case("a Clash over one cell leaves the two adjacent, and the Charger still attacks with Favor", function()
  -- Aldric (A2) charges the Orc (E2), which Moves west: both want C2 at the second step.
  -- The Orc's Attack of Opportunity 1 misses; Aldric's Charge, Favor kept: 10 + 3 = 13 > 12.
  local f = duel.pair({ at = "A2" }, { at = "E2", armor = "Leather" }, { 1, 10 })
  f:round [[
    Aldric:
      1: Charge -> "Orc"
      2: Defend
    Orc:
      1: Move W, W
      2: Defend
  ]]
  test.equal(#f:events("clash"), 1)
  test.truthy(f:cell("Aldric") == "C2" or f:cell("Orc") == "C2", "one of them stands where the paths crossed")
  test.equal(duel.attacks(f, "total", "Aldric"), { 13 })
  duel.no_failures(f)
end)
