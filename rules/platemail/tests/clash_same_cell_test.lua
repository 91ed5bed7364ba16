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
end)

-- An Attack of Opportunity is made where the two stand when it is taken, not where the phase found
-- them: Cover needs "an object ... between them", and a Character beside another reaches around it.
-- Knight A3 and Orc C1 meet over C3/C2 (the Knight steps into C3, the Orc stops at C2), with
-- `object` at B2: between where they started, on neither path.
local function meeting_past(object, shelter)
  local f = duel.new({
    { name = "Knight", side = "party", at = "A3", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "C1", weapon = "Axe", armor = "Leather" },
  }, { 15, 15 }, { width = 8, height = 6, terrain = { ["B2"] = { object = object, shelter = shelter } } })
  f:round [[
    Knight:
      1: Move E, E, E
      2: Defend
    Orc:
      1: Move N, N, N
      2: Defend
  ]]
  return f
end

test.case("Clash: its Attacks of Opportunity see from where the two meet, not from where the phase began", function()
  local f = meeting_past("low wall", "cover")
  test.truthy(duel.narrated(f, "Clash!"), "they clash")
  -- Leather: Defense 12 (10 + 2 Deflection), Ready; 15 with no Cover hits.
  test.equal(duel.attacks(f, "hit"), { true, true }, "both Attacks of Opportunity hit: no −2 Cover")
  test.falsy(duel.narrated(f, "Cover"), "no Cover is counted")
end)

test.case("Clash: a hedge between where the two started hides neither from the other where they meet", function()
  local f = meeting_past("hedge", "concealment")
  test.equal(#f:events("attack_missed_out"), 0, "no 'cannot target …: Concealed'")
  test.equal(#duel.attacks(f, "hit"), 2, "both Attacks of Opportunity are made")
end)
