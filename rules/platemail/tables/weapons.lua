-- Every weapon in the source's tables, keyed by the source's name. A weapon has its cost and
-- hands, and one entry per way it attacks: `melee`, `thrown` or `ranged` (the Dagger is in both
-- the One Handed and the Thrown table, at the same 3gp, so it is one weapon with two attacks).
-- Each attack: `table` (the source table it comes from), `penetration`, `wounds` per hit,
-- `reach` (melee, feet) or `range` (thrown/ranged, feet), and `properties` (weapon_properties).
local arbiter = require "arbiter"

-- "Most Attacks deal one Wound" (Attack Rolls); the Blowgun's "Deals 0 Wounds" overrides it.
local WOUNDS_PER_HIT = 1
-- "in melee range (5' or 10' if they have Reach)"; the source names no weapon with Reach.
local MELEE_REACH = 5

local function attack(source_table, penetration, properties, wounds)
  return { table = source_table, penetration = penetration, wounds = wounds or WOUNDS_PER_HIT,
           properties = properties or {} }
end

local function melee(source_table, penetration, properties)
  local a = attack(source_table, penetration, properties)
  a.reach = MELEE_REACH
  return a
end

local function at_range(source_table, penetration, range, properties, wounds)
  local a = attack(source_table, penetration, properties, wounds)
  a.range = range
  return a
end

local function bonus(stat, amount, when)
  return { stat = stat, amount = amount, when = when }
end

local ON_CRIT = { on = "critical_hit" }
local ONE, TWO = "One Handed Weapons", "Two Handed Weapons"
local THROWN, RANGED_ONE, RANGED_TWO = "Thrown Weapons", "One Handed Ranged", "Two Handed Ranged"

arbiter.define.table("weapons", {
  -- One Handed Weapons: Name, Penetration, Cost, Properties
  ["Axe"] = { cost_gp = 10, hands = 1, melee = melee(ONE, 0, { severs_limb = ON_CRIT }) },
  ["Club"] = { cost_gp = 1, hands = 1,
               melee = melee(ONE, 0, { poor_weapon = true, free_near_trees = true }) },
  ["Dagger"] = { cost_gp = 3, hands = 1,
                 melee = melee(ONE, 0, { bonuses = { bonus("penetration", 1, { target_unaware = true }) } }),
                 thrown = at_range(THROWN, 0, 15, { silent = true }) },
  ["Flail"] = { cost_gp = 20, hands = 1,
                melee = melee(ONE, 0, { bonuses = { bonus("attack", 2, { target_has_shield = true }) } }) },
  ["Mace"] = { cost_gp = 10, hands = 1, melee = melee(ONE, 0, { dazes = ON_CRIT }) },
  ["Sword"] = { cost_gp = 15, hands = 1,
                melee = melee(ONE, 0, { bonuses = { bonus("deflection", 1, { wielder_ready = true }) } }) },

  -- Two Handed Weapons
  ["Great Axe"] = { cost_gp = 25, hands = 2,
                    melee = melee(TWO, 1, { requires_strength = 3, severs_limb = ON_CRIT }) },
  ["Great Sword"] = { cost_gp = 25, hands = 2,
                      melee = melee(TWO, 1, { requires_strength = 3, severs_limb = ON_CRIT }) },
  ["Lance"] = { cost_gp = 15, hands = 2,
                melee = melee(TWO, 1, { bonuses = {
                  bonus("penetration", 2, { wielder_mounted = true, wielder_action = "Charge" }) } }) },
  ["Pike"] = { cost_gp = 15, hands = 2,
               melee = melee(TWO, 1, { bonuses = {
                 bonus("penetration", 1, { target_action = "Charge", wielder_ready = true }) } }) },
  ["Spear"] = { cost_gp = 5, hands = 2,
                melee = melee(TWO, 1, { bonuses = { bonus("penetration", 1, { wielder_action = "Charge" }) } }) },
  ["Staff"] = { cost_gp = 1, hands = 2,
                melee = melee(TWO, 0, { free_near_trees = true,
                                        bonuses = { bonus("deflection", 2, { wielder_ready = true }) } }) },

  -- Thrown Weapons: Name, Penetration, Cost, Range, Properties. The source gives no hands for
  -- them; one hand is the default chosen (README).
  ["Bolo/Net"] = { cost_gp = 5, hands = 1, thrown = at_range(THROWN, 0, 15, { entraps = { on = "hit" } }) },
  ["Dart"] = { cost_gp = 1, hands = 1, thrown = at_range(THROWN, 0, 30, { silent = true }) },
  ["Javelin"] = { cost_gp = 5, hands = 1, thrown = at_range(THROWN, 1, 15) },

  -- One Handed Ranged
  ["Blowgun"] = { cost_gp = 10, hands = 1,  -- "Silent. Deals 0 Wounds. Can be Poisoned."
                  ranged = at_range(RANGED_ONE, 1, 30, { silent = true, can_be_poisoned = true }, 0) },
  ["Sling"] = { cost_gp = 1, hands = 1, ranged = at_range(RANGED_ONE, 0, 30, { dazes = ON_CRIT }) },

  -- Two Handed Ranged
  ["Long Bow"] = { cost_gp = 25, hands = 2, ranged = at_range(RANGED_TWO, 2, 30, { requires_strength = 2 }) },
  ["Short Bow"] = { cost_gp = 15, hands = 2, ranged = at_range(RANGED_TWO, 1, 30) },
  ["Light Crossbow"] = { cost_gp = 20, hands = 2, ranged = at_range(RANGED_TWO, 2, 30, { reload = "quick" }) },
  ["Heavy Crossbow"] = { cost_gp = 30, hands = 2, ranged = at_range(RANGED_TWO, 3, 30, { reload = "complex" }) },
})
