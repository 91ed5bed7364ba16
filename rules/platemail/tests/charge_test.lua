-- Charge in a fight: "Move up to 15 feet and make an Attack with Favor. You must move at least
-- 10' to receive Favor on your Attack."
local test = require "arbiter.test"
local fight = require "arbiter.fight"

local function duel(dice)
  return fight.new {
    map = { width = 8, height = 3 },
    characters = {
      { name = "Aldric", side = "party", at = "A2", weapon = "Sword", armor = "Leather" },
      { name = "Orc", side = "orcs", at = "E2", weapon = "Axe", armor = "Leather" },
    },
    dice = dice,
  }
end

test.case("a Charge of 15' attacks with Favor: d20 9 + 3 = 12 > Defense 12 is false, a miss", function()
  -- Aldric runs A2 → D2 (15'), beside the Orc, which Defends (the default order): its Leather
  -- gives Defense 12 and Defend gives Melee Attacks on it Disfavor, so 9 + 3 − 3 = 9.
  local f = duel({ 9 })
  f:round [[
    Aldric:
      1: Charge -> "Orc"
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  test.equal(f:cell("Aldric"), "D2")
  local attacks = f:events("attack")
  test.equal(#attacks, 1)
  test.equal(attacks[1].fields.total, 9)
  test.equal(attacks[1].fields.hit, false)
end)

test.case("a Charge hits: the Orc takes a Wound past its Absorb at the end of the phase", function()
  -- Orc Not Ready (Full Attack): Leather's Deflection 2, Defense 12; 14 + 3 Favor (Charge) + 3
  -- Favor (target's Full Attack) = 20 hits. Absorb 1 stops the one Wound: 0 Wounds.
  local f = duel({ 14, 1, 1 })
  f:round [[
    Aldric:
      1: Charge -> "Orc"
      2: Defend
    Orc:
      1: Full Attack -> "Aldric"
      2: Defend
  ]]
  local attacks = f:events("attack")
  test.equal(attacks[1].fields.total, 20)
  test.equal(attacks[1].fields.hit, true)
  test.equal(f:stat("Orc", "wounds"), nil, "Leather's Absorb 1 takes the one Wound")
end)
