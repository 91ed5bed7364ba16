-- The numbers of the source's rule text (everything before the action lists), one section per
-- heading of the source. Dice are { count, sides, bonus }. A house rule changes any of them with
-- arbiter.patch.table("rules", { section = { field = value } }).
local arbiter = require "arbiter"

arbiter.define.table("rules", {
  -- Simultaneous Combat: "Rounds of approximately 10 seconds", "two Actions per Round ...
  -- resolved in two phases".
  round = { seconds = 10, action_phases = 2, actions_per_round = 2 },

  -- Favor and Disfavor: "+3 bonus to the Action roll" / "-3 penalty to the Action roll".
  -- How several sources combine is not in the source: default chosen, each applies (README).
  favor_and_disfavor = { favor = 3, disfavor = -3, each_applies = true },

  -- Attacks of Opportunity: "in melee range (5' or 10' if they have Reach)", "Only one Attack
  -- of Opportunity is allowed per Action phase", taken "in addition to their chosen Actions".
  attacks_of_opportunity = { reach = 5, reach_with_reach = 10, per_action_phase = 1,
                             requires_ready = true, melee = true },

  -- Concentration Checks: failing one while Spellcasting means Dazed and losing the spell.
  -- The source gives no difficulty or ability for the check (README: ambiguities).
  concentration_checks = { when = "hit", actions = { "Prepare Spell", "Focus Spell" },
                           on_failure = { replace_next_action = "Dazed", lose_spell = true } },

  -- Cover and Concealment: "Cover gives a -2 to rolls that target the Character in Cover";
  -- "Characters with Concealment cannot be targeted directly"; Area of Effect still reaches them.
  -- Not in the source: default chosen (README): `own_cell`, the object of the cell a character
  -- stands in shelters it (Cover or Concealment, whichever the cell gives) from all but one beside it;
  -- `beside_attacker`, an object giving Cover in a cell beside the one targeting (the low wall it
  -- shoots over) gives its targets no Cover, as one in its own cell gives none.
  cover = { modifier = -2, own_cell = true, beside_attacker = true },
  concealment = { targetable = false, area_of_effect_reaches = true },

  -- Attack Rolls: "D20 ... compared to the Target's Defense which is 10 + the Deflection of any
  -- Shields or Armor. If the Attack roll total is greater than the Defense total, the Attack
  -- hits" (a tie misses). "Most Attacks deal one Wound."
  attack_rolls = { die = { count = 1, sides = 20, bonus = 0 }, defense_base = 10,
                   tie_hits = false, wounds_per_hit = 1 },

  -- "An Attack roll of a natural 20, is always hits. This is a Critical Hit which has +1
  -- Penetration and deals one extra Wound." The source has no rule for a natural 1.
  critical_hit = { natural = 20, always_hits = true, penetration = 1, extra_wounds = 1 },

  -- Armor and Absorb: "Absorb is the number of Wounds armor outright prevents per Action Phase".
  -- Shields: "provide Deflection and Absorb only when a Character is Ready".
  absorb = { per = "action_phase" },
  shields = { only_when_ready = true },

  -- Penetration: "Penetration 2, would circumvent Absorb up to 2, but be stopped by Absorb 3".
  -- Read as all or nothing (README: ambiguities): Absorb above the Penetration applies in full.
  penetration = { stopped_when_absorb_exceeds = true },

  -- Ignores Absorb: "falling, drowning or poison gas".
  ignores_absorb = { examples = { "falling", "drowning", "poison gas" } },

  -- Wounds: "Max Wounds value, 3 by default"; "-1 penalty" on all rolls "on subsequent Action
  -- Phases" for each Wound; "Wounds in excess of their Max Wounds" means Unconscious and
  -- Fatally Wounded; "a number of Rounds equal to their Max Wounds" to be aided; once Stable,
  -- "Unconscious for 1d4+1 for each Wound they have" (the unit is not in the source: rounds).
  wounds = {
    max = 3,
    roll_modifier_per_wound = -1,
    tallied = "after_each_action_phase",
    unconscious_when_exceeding_max = true,
    fatally_wounded_rounds_per_max_wound = 1,
    stable_unconscious = { count = 1, sides = 4, bonus = 1, per_wound = true, unit = "round" },
  },

  -- Rest and Healing: "they heal 1 Wound a week".
  rest_and_healing = { wounds = 1, days = 7 },

  -- Ranged Weapons: "-2 penalty for each additional Range increment (round up)", "cannot reach
  -- further than 4 times their Range normally", "Range to Targets is measured at the start of
  -- the Action Phase", "Ranged Attacks from High Ground receive +2 Attack". Distances come in
  -- 5' steps (the example's bands: 5'-30', 35'-60', ...).
  ranged = {
    modifier_per_extra_increment = -2,
    increments_round_up = true,
    max_range_multiple = 4,
    measured_at = "action_phase_start",
    high_ground = 2,
    distance_step = 5,
    -- The source's example for a 30' weapon, with the last band as the rule gives it: the
    -- source prints -4 for 95'-120' (README: not in the source: default chosen).
    example = { range = 30, bands = {
      { from = 5, to = 30, modifier = 0 },
      { from = 35, to = 60, modifier = -2 },
      { from = 65, to = 90, modifier = -4 },
      { from = 95, to = 120, modifier = -6 },
    } },
  },

  -- Melee Weapons notes: "Dual Wield (-2 to attacks)". The source gives no other rule for it.
  dual_wield = { attack = -2 },

  -- Severs Limb: "Roll 1d4: 1=L Leg, 2=R Leg, 3=L Arm, 4=R Arm." What losing a limb does is not
  -- in the source: default chosen (README). Keyed by what is left of the two legs and two arms.
  -- One leg: every movement goes at most `move_factor` of its distance (1: all of it), rounded
  -- down to whole squares, and at least `min_squares`; no legs: it does not move. One arm, one hand: no shield (`shield = false`), and a two-handed weapon is used
  -- one-handed at `two_handed` ("disfavor", "favor" or false); no arms: no Attack with a weapon
  -- (`weapon_attacks = false`), no Deflection from it, which it no longer wields
  -- (`weapon_deflection = false`: the Sword's and the Staff's "+N Deflection when Ready"), no
  -- shield, and none of the actions that take hands (`actions`, by name, false: refused): Use
  -- Item, Stabilize ("Medical roll"), Rescue ("picking up and carrying"). Any section may refuse
  -- actions so: `one_arm = { actions = { Rescue = false } }`.
  severed_limbs = {
    one_leg = { move_factor = 0.5, min_squares = 1 },
    no_legs = { move_factor = 0, min_squares = 0 },
    one_arm = { shield = false, two_handed = "disfavor" },
    no_arms = { shield = false, weapon_attacks = false, weapon_deflection = false,
                actions = { ["Use Item"] = false, Stabilize = false, Rescue = false } },
  },

  -- Checks the source names without saying how they are rolled: Saving Throws (Crash's Dexterity
  -- Saving Throw), Stealth, Medical, Concentration Checks, and Perception against a Stealth roll.
  -- Not in the source: default chosen (README): d20 + the character's stat of that name (0 when it
  -- has none) + modifiers, succeeding at `difficulty` or more; Perception is the stat itself,
  -- `perception` when the character has none.
  checks = {
    die = { count = 1, sides = 20, bonus = 0 },
    difficulty = 10,
    stats = { dexterity_saving_throw = "dexterity", stealth = "stealth", medical = "medical",
              concentration = "concentration" },
    perception = 10,
  },
})
