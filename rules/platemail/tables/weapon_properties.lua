-- The vocabulary of weapon properties: every field a weapon's attack (weapons.lua) may carry
-- under `properties`, with the source's own words for it, so code and README share one list.
-- The "Special Info" rows of the source's weapon tables live here as numbers.
local arbiter = require "arbiter"

arbiter.define.table("weapon_properties", {
  bonuses = {
    name = "conditional bonuses",
    meaning = "A list of { stat, amount, when }: the weapon adds `amount` to `stat` (attack, "
      .. "penetration or deflection) while every condition in `when` (table weapon_conditions) holds.",
    source = { "Dagger: +1 Penetration against Unaware Targets.",
               "Flail: +2 Attack against Targets with Shields.",
               "Sword: +1 Deflection when Ready.",
               "Lance: +2 Penetration when Mounted and using Charge.",
               "Pike: +1 Penetration against Targets that Charge if Ready.",
               "Spear: +1 Penetration when using Charge.",
               "Staff: +2 Deflection when Ready." },
    stats = { "attack", "penetration", "deflection" },
  },
  severs_limb = {
    name = "Severs Limb",
    meaning = "Roll 1d4: 1=L Leg, 2=R Leg, 3=L Arm, 4=R Arm.",
    on = { "critical_hit" },                  -- "Severs Limb on Critical Hit."
    roll = { count = 1, sides = 4, bonus = 0 },
    limbs = { "left leg", "right leg", "left arm", "right arm" },  -- indexed by the roll
    prevented_by = "protects_limbs",          -- armor property, see armor_properties
  },
  dazes = {
    name = "Dazes",
    meaning = "Target Dazed for next 1d4 Actions.",
    on = { "critical_hit" },                  -- "Dazes on Critical Hit."
    duration = { count = 1, sides = 4, bonus = 0, unit = "action" },
    status = "Dazed",                         -- the Dazed Involuntary Action
  },
  entraps = {
    name = "Entraps",
    meaning = "Target Not Ready. Cannot move until freed by Use Item Action.",
    on = { "hit" },                           -- "Entraps on Hit."
    target_ready = false,
    target_can_move = false,
    freed_by = "Use Item",
  },
  requires_strength = {
    name = "Requires Str",
    meaning = "-1 Attack for each Strength below Requirement.",
    attack_per_point_below = -1,
  },
  reload = {
    name = "Requires Reload",
    meaning = "Requires a Quick or Complex Use Item Action between shots.",
    values = { "quick", "complex" },          -- "Requires Quick Reload", "Requires Complex Reload"
    action = "Use Item",
    rapid_fire_allowed = false,               -- Rapid Fire: "Weapons, like crossbows, that require a Use Item Action to reload between Attacks cannot be used"
  },
  silent = {
    name = "Silent",
    meaning = "This Weapon's Attack does not break Stealth.",
  },
  can_be_poisoned = {
    name = "Poisoned",
    meaning = "Can inflict Poison on Hit. Poison may vary.",
    on = { "hit" },
  },
  free_near_trees = {
    name = "Free near trees",
    meaning = "Club: \"Poor weapon but Free near trees.\" Staff: \"Free near trees.\" Read as: costs "
      .. "nothing where trees are at hand.",
  },
  poor_weapon = {
    name = "Poor weapon",
    meaning = "Club: \"Poor weapon but Free near trees.\" The source attaches no rule to it.",
  },
})

-- The conditions a bonus's `when` may name; all listed must hold.
arbiter.define.table("weapon_conditions", {
  wielder_ready = { source = "when Ready / if Ready (Sword, Staff, Pike)" },
  wielder_action = { source = "when using Charge (Lance, Spear): the name of the wielder's Action" },
  wielder_mounted = { source = "when Mounted (Lance)" },
  target_unaware = { source = "against Unaware Targets (Dagger)" },
  target_has_shield = { source = "against Targets with Shields (Flail)" },
  target_action = { source = "against Targets that Charge (Pike): the name of the target's Action" },
})
