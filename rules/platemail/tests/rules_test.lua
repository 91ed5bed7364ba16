-- The numbers of the source's rule text, each case quoting the sentence it checks.
local test = require "arbiter.test"
local arbiter = require "arbiter"

local rules = arbiter.tables.rules

test.case("\"Rounds of approximately 10 seconds\"; \"two Actions per Round ... resolved in two phases\"", function()
  test.equal(rules.round, { seconds = 10, action_phases = 2, actions_per_round = 2 })
end)

test.case("\"Favor: Grants a +3 bonus\"; \"Disfavor: Imposes a -3 penalty\"", function()
  test.equal(rules.favor_and_disfavor.favor, 3)
  test.equal(rules.favor_and_disfavor.disfavor, -3)
end)

test.case("Attacks of Opportunity: \"5' or 10' if they have Reach\"; \"Only one ... per Action phase\"", function()
  local aoo = rules.attacks_of_opportunity
  test.equal(aoo.reach, 5)
  test.equal(aoo.reach_with_reach, 10)
  test.equal(aoo.per_action_phase, 1)
  test.truthy(aoo.requires_ready, "from a Ready Character")
end)

test.case("Concentration Checks: \"Prepare Spell or Focus Spell\"; failure: \"Dazed and losing Spell Preparation or Focus\"", function()
  test.equal(rules.concentration_checks.actions, { "Prepare Spell", "Focus Spell" })
  test.equal(rules.concentration_checks.on_failure, { replace_next_action = "Dazed", lose_spell = true })
end)

test.case("\"Cover gives a -2 to rolls that target the Character in Cover\"; Concealment \"cannot be targeted directly\"", function()
  test.equal(rules.cover.modifier, -2)
  test.equal(rules.concealment.targetable, false)
  test.truthy(rules.concealment.area_of_effect_reaches, "indirectly targeted by ... Area of Effect")
end)

test.case("\"Defense which is 10 + the Deflection\"; hits if \"greater than the Defense total\"; \"one Wound\"", function()
  test.equal(rules.attack_rolls.die, { count = 1, sides = 20, bonus = 0 })
  test.equal(rules.attack_rolls.defense_base, 10)
  test.equal(rules.attack_rolls.tie_hits, false)
  test.equal(rules.attack_rolls.wounds_per_hit, 1)
end)

test.case("\"a natural 20, is always hits ... +1 Penetration and deals one extra Wound\"", function()
  test.equal(rules.critical_hit, { natural = 20, always_hits = true, penetration = 1, extra_wounds = 1 })
end)

test.case("\"Absorb is the number of Wounds armor outright prevents per Action Phase\"; shields only when Ready", function()
  test.equal(rules.absorb.per, "action_phase")
  test.truthy(rules.shields.only_when_ready)
end)

test.case("\"Penetration 2, would circumvent Absorb up to 2, but be stopped by Absorb 3\"", function()
  test.truthy(rules.penetration.stopped_when_absorb_exceeds)
end)

test.case("Ignores Absorb: \"falling, drowning or poison gas\"", function()
  test.equal(rules.ignores_absorb.examples, { "falling", "drowning", "poison gas" })
end)

test.case("\"Max Wounds value, 3 by default\"; \"-1 penalty\" per Wound; \"Rounds equal to their Max Wounds\"", function()
  local wounds = rules.wounds
  test.equal(wounds.max, 3)
  test.equal(wounds.roll_modifier_per_wound, -1)
  test.truthy(wounds.unconscious_when_exceeding_max, "Wounds in excess of their Max Wounds")
  test.equal(wounds.fatally_wounded_rounds_per_max_wound * wounds.max, 3, "rounds to receive aid")
end)

test.case("\"Unconscious for 1d4+1 for each Wound they have\"", function()
  local stable = rules.wounds.stable_unconscious
  test.equal({ stable.count, stable.sides, stable.bonus, stable.per_wound }, { 1, 4, 1, true })
end)

test.case("\"they heal 1 Wound a week\"", function()
  test.equal(rules.rest_and_healing, { wounds = 1, days = 7 })
end)

test.case("Ranged: \"-2 penalty for each additional Range increment\", \"4 times their Range\", \"High Ground receive +2\"", function()
  local ranged = rules.ranged
  test.equal(ranged.modifier_per_extra_increment, -2)
  test.truthy(ranged.increments_round_up, "(round up)")
  test.equal(ranged.max_range_multiple, 4)
  test.equal(ranged.measured_at, "action_phase_start")
  test.equal(ranged.high_ground, 2)
end)

test.case("\"Dual Wield (-2 to attacks)\"", function()
  test.equal(rules.dual_wield.attack, -2)
end)
