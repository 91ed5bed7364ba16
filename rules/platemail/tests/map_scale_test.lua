-- Fights on a map of 10' squares (the encounter's `scale`), with scripted dice. The source counts
-- in 5' squares; on wider ones two characters side by side are as close as the map can place
-- them, so a 5' melee reach takes in the next square (README: default chosen); and a compass
-- step in an order moves one square, 10', when the sheet is checked as in the fight.
local test = require "arbiter.test"
local duel = require "tests.support.duel"

local TENS = { width = 10, height = 6, scale = 10 }

test.case("10' squares: Full Attack's 'two Attacks against adjacent opponents' reach the Orc in the next square", function()
  -- As on 5' squares: the Orc Unarmored and Ready, Defense 13; d20 14 and 15 hit, 2 Wounds.
  local f = duel.pair({}, {}, { 14, 15 }, TENS)
  f:round(duel.still('Full Attack -> "Orc"'))
  test.equal(duel.attacks(f, "total"), { 14, 15 })
  test.equal(duel.attacks(f, "kind"), { "melee", "melee" })
  test.equal(f:stat("Orc", "wounds"), 2)
end)

test.case("10' squares: Counter's 'one Melee Attack against one adjacent opponent' reaches the next square", function()
  local f = duel.pair({}, {}, { 14 }, TENS)
  f:round(duel.still('Counter -> "Orc"'))
  test.equal(duel.attacks(f, "total"), { 14 })
  test.equal(f:stat("Orc", "wounds"), 1)
end)

test.case("10' squares: a Charge of one square moves 10', enough for Favor, and attacks the Orc beside", function()
  -- "You must move at least 10' to receive Favor": B2 to C2 is 10'. The Orc Unarmored and Ready,
  -- Defense 13: d20 11 + 3 Favor = 14, a hit.
  local f = duel.pair({}, { at = "D2" }, { 11 }, TENS)
  f:round(duel.still('Charge -> "Orc"'))
  test.equal(f:cell("Aldric"), "C2")
  test.equal(duel.attacks(f, "total"), { 14 })
  test.equal(f:stat("Orc", "wounds"), 1)
end)

test.case("10' squares: an Attack of Opportunity when 'an adjacent enemy moves into a non-adjacent space'", function()
  -- Aldric (Unarmored, Moving: Ready) steps from beside the Defending Orc to A2, 20' from it:
  -- Defense 10 + 3 + 1 = 14; the Orc's d20 15 hits, 1 Wound.
  local f = duel.pair({ armor = "Unarmored" }, { armor = "Leather" }, { 15 }, TENS)
  f:round [[
    Aldric:
      1: Move 10' W
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  test.equal(f:cell("Aldric"), "A2")
  test.equal(duel.attacks(f, "attacker"), { "Orc" })
  test.equal(f:events("attack")[1].cause, "Attack of Opportunity")
  test.equal(f:stat("Aldric", "wounds"), 1)
end)

test.case("10' squares: 'IF an enemy is within 5'' holds for the enemy in the next square, as 'an enemy is adjacent' does", function()
  local f = duel.pair({}, {}, { 14, 14 }, TENS)
  f:round [[
    Aldric:
      1: IF an enemy is within 5' THEN Counter -> "Orc" ELSE Defend
      2: IF an enemy is adjacent THEN Counter -> "Orc" ELSE Defend
    Orc:
      1: Use Item
      2: Use Item
  ]]
  test.equal(duel.attacks(f, "total"), { 14, 14 })
end)

test.case("10' squares: a compass step moves one square, 10': Move (up to 15') goes one, and 'Move N, N' is refused", function()
  -- The sheet is refused before the round, as `arbiter run` refuses it: the GM is told, and no
  -- step is dropped unsaid.
  local f = duel.pair({}, { at = "H2" }, {}, TENS)
  test.fails(function() f:round(duel.still("Move N, N")) end, "'Move' moves at most 15' but this order moves 20'")
  f:round(duel.still("Move 15' N"))
  test.equal(f:cell("Aldric"), "B3")
end)
