-- "Both Characters stop their movement where their paths intersect." "The Arbiter should place
-- stopped Characters adjacent at the best estimate of where their paths crossed." "Characters
-- that were using Charge still get to make an Attack with Favor despite being Not Ready."
-- Over one cell the mover takes it and stops there, and the other stops beside it (fight.lua's
-- movement hook).
local test = require "arbiter.test"
local duel = require "tests.support.duel"

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

test.case("a Clash over one cell at an angle: the one who takes the cell stops there too", function()
  -- Aldric (B2) Moves east, E, E; the Orc (C3) Moves S, S across his way: both want C2 at the first
  -- step. "Both Characters stop their movement where their paths intersect": Aldric, who takes C2,
  -- goes no further, and the Orc stays beside it. Their Attacks of Opportunity: 1 and 1, misses.
  local f = duel.pair({ at = "B2" }, { at = "C3" }, { 1, 1 })
  f:round [[
    Aldric:
      1: Move E, E
      2: Defend
    Orc:
      1: Move S, S
      2: Defend
  ]]
  test.equal(#f:events("clash"), 1)
  test.equal({ f:cell("Aldric"), f:cell("Orc") }, { "C2", "C3" })
  duel.no_failures(f)
end)
