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

-- Charge's Attack is "an Attack", but "Charge into melee toward the closest foe" and Clash pair it
-- with melee: a melee Attack, or a weapon thrown at the end of the run, never a bow, crossbow or
-- sling shot (README: default chosen, `actions_data.Charge.attacks.kind = "melee_or_thrown"`).
local duel = require "tests.support.duel"

test.case("Charge with a bow is refused before it is declared: the default order, and why", function()
  -- Without the rule, the Archer would run 15' and shoot the Orc with +3 Favor.
  local f = duel.pair({ weapon = "Long Bow", at = "A2", stats = { strength = 2 } }, { at = "J2" }, {})
  f:round(duel.still('Charge -> "Orc"'))
  test.equal(#f:events("attack"), 0)
  test.equal(f:cell("Aldric"), "A2", "refused, it does not run either")
  local declared = f:events("declared")[1].fields
  test.equal({ declared.character, declared.action }, { "Aldric", "Defend" })
  test.truthy(duel.narrated(f, [[Aldric: Defend ('Charge -> "Orc"' is refused (Long Bow is neither a melee nor a thrown weapon): Defend, the default order)]]))
end)

test.case("Charge with a Javelin throws it at the end of the run, with Favor", function()
  -- Aldric runs A2 → D2 (15'), the Orc at G2 still 15' off. "Range to Targets is measured at the
  -- start of the Action Phase": 30', the Javelin's second 15' increment, −2. d20 11 + 3 Favor
  -- (Charge) − 2 = 12 vs the Orc Unarmored and Ready (13): a miss.
  local f = duel.pair({ weapon = "Javelin", at = "A2" }, { at = "G2" }, { 11 })
  f:round(duel.still('Charge -> "Orc"'))
  test.equal(f:cell("Aldric"), "D2")
  test.equal(duel.attacks(f, "kind"), { "thrown" })
  test.equal(duel.attacks(f, "total"), { 12 })
  test.truthy(duel.narrated(f, "Aldric (Charge) attacks Orc with Javelin (thrown): d20 11"), "told as a throw")
end)

test.case("Charge, house rule `attacks.kind = \"any\"`: the bow shoots on the run again", function()
  duel.with_patch("actions_data", { Charge = { attacks = { kind = "any" } } }, function()
    local f = duel.pair({ weapon = "Short Bow", at = "A2" }, { at = "J2" }, { 11 })
    f:round(duel.still('Charge -> "Orc"'))
    test.equal(duel.attacks(f, "kind"), { "ranged" })
  end)
end)
