-- A house rule's patch of a table value these rules apply counts where the rule applies: the dice
-- ({ count, sides, bonus }) of the Attack roll, of the checks, of Guard's block, of Rescue's carried
-- hit, of Severs Limb and Protects Limbs; the status Dazes applies; Attacks of Opportunity per Action
-- Phase; the Attacks each action makes, and their kind; Rapid Fire with a weapon that needs a
-- reload; the action Aim favours. A value no code can honour (the number of Action Phases, which
-- the `flow` table gives) is refused, saying which table governs it. Each case patches a table
-- (duel.with_patch) and puts it back.
local test = require "arbiter.test"
local arbiter = require "arbiter"
local duel = require "tests.support.duel"

local pair, with_patch = duel.pair, duel.with_patch

local function limb(i) return "Severed " .. arbiter.tables.weapon_properties.severs_limb.limbs[i] end

-- ---------------------------------------------------------------------------------------------
-- The Attack roll: rules.attack_rolls.die

test.case("rules.attack_rolls.die 2d10: the Attack rolls two d10s, and 10 + 10 is a natural 20: a Critical Hit", function()
  with_patch("rules", { attack_rolls = { die = { count = 2, sides = 10 } } }, function()
    -- The Orc Unarmored (Deflection 3) and Ready (Use Item): Defense 13. Sword: Penetration 0 + 1, 1 Wound + 1.
    local f = pair({}, {}, { 10, 10 })
    f:round(duel.still('Counter -> "Orc"'))
    test.equal(duel.attacks(f, "text"), { "Aldric (Counter) attacks Orc with Sword: 2d10 20 = 20 vs Defense 13 — "
      .. "Critical Hit; 2 Wounds, Penetration 1" })
    test.equal(duel.attacks(f, "natural"), { 20 })
  end)
end)

test.case("rules.attack_rolls.die with a bonus: d20 19 + 1 makes 20, yet the natural roll is 19: no Critical Hit", function()
  with_patch("rules", { attack_rolls = { die = { bonus = 1 } } }, function()
    local f = pair({}, {}, { 19 })
    f:round(duel.still('Counter -> "Orc"'))
    test.equal(duel.attacks(f, "text"), { "Aldric (Counter) attacks Orc with Sword: d20 19+1 = 20 vs Defense 13 — "
      .. "hit; 1 Wound, Penetration 0" })
    test.equal(duel.attacks(f, "critical"), { false })
  end)
end)

-- ---------------------------------------------------------------------------------------------
-- Guard's block and Rescue's carried hit: actions_data.Guard.block.die, .Rescue.carried_hit.die

local guard_sheet = [[
    Mage:
      1: Use Item
      2: Use Item
    Bodyguard:
      1: Guard -> "Mage"
      2: Guard -> "Mage"
    Orc:
      1: Counter -> "Mage"
      2: Defend
]]

test.case("actions_data.Guard.block.die a d4: the Guard whose block fails rolls a d4", function()
  with_patch("actions_data", { Guard = { block = { die = { sides = 4 } } } }, function()
    -- As in combat_actions_test: d20 15 beats the Bodyguard's Guard 13; d4 4, even: it is hit.
    local f = duel.new({
      { name = "Mage", side = "party", at = "B2", weapon = "Staff", armor = "Unarmored" },
      { name = "Bodyguard", side = "party", at = "B3", weapon = "Sword", armor = "Leather" },
      { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Leather" },
    }, { 15, 4 })
    f:round(guard_sheet)
    test.equal(duel.attacks(f, "text"), { "Orc (Counter) attacks Mage with Axe: d20 15 = 15 — beats Bodyguard's Guard 13; "
      .. "d4 4, even: the Attack hits Bodyguard; 1 Wound, Penetration 0" })
  end)
end)

test.case("actions_data.Rescue.carried_hit.die a d8: the rescuer hit rolls a d8 for whom it reaches", function()
  with_patch("actions_data", { Rescue = { carried_hit = { die = { sides = 8 } } } }, function()
    -- As in support_test: 10 + 3 (Rescue: Attacks on you have Favor) = 13 hits Brenna; d8 8, even: Aldric.
    local f = duel.new({
      { name = "Brenna", side = "party", at = "B2", weapon = "Sword", armor = "Leather" },
      { name = "Aldric", side = "party", at = "A2", weapon = "Sword", armor = "Unarmored" },
      { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Leather" },
    }, { 10, 8 })
    f:round [[
      Brenna:
        1: Rescue -> "Aldric"
        2: Defend
      Aldric:
        1: Defend
        2: Defend
      Orc:
        1: Counter -> "Brenna"
        2: Defend
    ]]
    test.equal(duel.attacks(f, "target"), { "Aldric" })
    test.truthy(duel.narrated(f, "d8 8, even: Aldric, carried, is hit instead"))
  end)
end)

-- ---------------------------------------------------------------------------------------------
-- Severs Limb and Protects Limbs: weapon_properties.severs_limb.roll, armor_properties.protects_limbs.roll

test.case("weapon_properties.severs_limb.roll 1d2+2: a house rule's Axe severs only arms — d2 1 + 2, the left arm", function()
  with_patch("weapon_properties", { severs_limb = { roll = { sides = 2, bonus = 2 } } }, function()
    local f = pair({ weapon = "Axe" }, {}, { 20, 1 })
    f:round(duel.still('Counter -> "Orc"'))
    test.truthy(f:has("Orc", limb(3)))
    test.falsy(f:has("Orc", limb(1)))
    test.truthy(duel.narrated(f, "Orc's left arm is severed (Aldric's Axe, Critical Hit: d2 1+2)"))
  end)
end)

test.case("armor_properties.protects_limbs.roll a d6: Full Plate's Protects Limbs 3 saves on 3 or less of a d6 — 5 does not", function()
  with_patch("armor_properties", { protects_limbs = { roll = { sides = 6 } } }, function()
    local f = pair({ weapon = "Great Axe", stats = { strength = 3 } }, { armor = "Full Plate" }, { 20, 4, 5 })
    f:round(duel.still('Counter -> "Orc"'))
    test.truthy(f:has("Orc", limb(4)))
    test.truthy(duel.narrated(f, "Orc's right arm is severed (Aldric's Great Axe, Critical Hit: d4 4, Protects Limbs 3: d6 5)"))
  end)
end)

-- ---------------------------------------------------------------------------------------------
-- Checks: rules.checks.die

local function skulk(dice)
  local f = duel.new({
    { name = "Goblin", side = "goblins", at = "A2", weapon = "Dagger", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "F2", weapon = "Axe", armor = "Leather", stats = { perception = 2 } },
  }, dice, { width = 10, height = 6, terrain = { ["C2"] = { shelter = "cover" } } })
  f:round [[
    Goblin:
      1: Skulk
      2: Defend
  ]]
  return f
end

test.case("rules.checks.die.bonus 2: a check adds 2 — Stealth d20 3+2 = 5", function()
  with_patch("rules", { checks = { die = { bonus = 2 } } }, function()
    local f = skulk({ 3 })
    test.truthy(duel.narrated(f, "Goblin skulks into hiding: Stealth d20 3+2 = 5"))
    test.equal(f:stat("Goblin", "stealth_roll"), 5)
  end)
end)

test.case("rules.checks.die 3d6: a check rolls three d6s and says so — Stealth 3d6 9", function()
  with_patch("rules", { checks = { die = { count = 3, sides = 6 } } }, function()
    local f = skulk({ 2, 3, 4 })
    test.truthy(duel.narrated(f, "Goblin skulks into hiding: Stealth 3d6 9 = 9"))
  end)
end)

-- ---------------------------------------------------------------------------------------------
-- Dazes: weapon_properties.dazes.status

arbiter.define.status("Stunned", { unit = "phases", duration = 1 })

test.case("weapon_properties.dazes.status 'Stunned': the Mace's Critical Hit applies the status the table names", function()
  with_patch("weapon_properties", { dazes = { status = "Stunned" } }, function()
    local f = pair({ weapon = "Mace" }, { armor = "Full Plate" }, { 20, 2 })
    f:round(duel.still('Counter -> "Orc"'))
    test.truthy(f:has("Orc", "Stunned"))
    test.falsy(f:has("Orc", "Dazed"))
  end)
end)

test.case("weapon_properties.dazes.status 'Stunned': the status Dazes applies replaces the order, as Dazed does", function()
  with_patch("weapon_properties", { dazes = { status = "Stunned" } }, function()
    -- Stunned for d4 1 Action, the 2nd Action Phase: the Orc's Move is lost to the Dazed
    -- Involuntary Action, and Aldric's Counter has its Favor: d20 11 + 3 = 14 (a house pack's Favor
    -- under `arbiter test platemail my-house`).
    local f = pair({ weapon = "Mace" }, { armor = "Full Plate" }, { 20, 1, 11 })
    f:round [[
      Aldric:
        1: Counter -> "Orc"
        2: Counter -> "Orc"
      Orc:
        1: Use Item
        2: Move 15' E
    ]]
    test.equal(duel.actions(f, "Orc")[2], "Dazed")
    test.truthy(duel.narrated(f, "Stunned: the order is lost"))
    test.equal(f:cell("Orc"), "C2")
    test.equal(duel.attacks(f, "total")[2], 11 + arbiter.tables.rules.favor_and_disfavor.favor)
  end)
end)

-- ---------------------------------------------------------------------------------------------
-- Attacks of Opportunity: rules.attacks_of_opportunity.per_action_phase

local function two_leave()
  -- Both Orcs, beside Aldric (Ready, Defend), leave his reach in the same phase.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "C2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "D2", weapon = "Axe", armor = "Leather" },
    { name = "Grunt", side = "orcs", at = "C3", weapon = "Axe", armor = "Leather" },
  }, { 2, 2 })
  f:round [[
    Aldric:
      1: Defend
      2: Defend
    Orc:
      1: Move 15' E
      2: Defend
    Grunt:
      1: Move 15' N
      2: Defend
  ]]
  return f
end

test.case("rules.attacks_of_opportunity.per_action_phase 2: two enemies leaving, two Attacks of Opportunity", function()
  with_patch("rules", { attacks_of_opportunity = { per_action_phase = 2 } }, function()
    local f = two_leave()
    test.equal(#duel.attacks(f, "text", "Aldric"), 2)
  end)
end)

test.case("rules.attacks_of_opportunity.per_action_phase 0: no Attack of Opportunity at all", function()
  with_patch("rules", { attacks_of_opportunity = { per_action_phase = 0 } }, function()
    local f = duel.new({
      { name = "Aldric", side = "party", at = "C2", weapon = "Sword", armor = "Leather" },
      { name = "Orc", side = "orcs", at = "D2", weapon = "Axe", armor = "Leather" },
    }, {})
    f:round [[
      Aldric:
        1: Defend
        2: Defend
      Orc:
        1: Move 15' E
        2: Defend
    ]]
    test.equal(#duel.attacks(f, "text", "Aldric"), 0)
  end)
end)

-- ---------------------------------------------------------------------------------------------
-- The Attacks of an action: actions_data[name].attacks.count, "make an Attack", "one Melee Attack",
-- and attacks.kind, "one Melee Attack", "a ranged attack"

-- Rounds of the actions that make Attacks, `weapon` in the attacker's hand (else its usual one).
-- Aldric takes `order` at the Orc beside him.
local function beside(order)
  return function(dice, weapon)
    local f = pair({ weapon = weapon }, {}, dice)
    f:round(duel.still(order))
    return f
  end
end

-- Aldric Charges the Orc 15' away.
local function charge(dice, weapon)
  local f = pair({ at = "A2", weapon = weapon }, { at = "D2" }, dice)
  f:round(duel.still('Charge -> "Orc"'))
  return f
end

-- The Orc, Terrified, is boxed into the corner A1: it cannot flee, and attacks Aldric.
local function cornered_terror(dice, weapon)
  local f = duel.new({
    { name = "Orc", side = "orcs", at = "A1", weapon = weapon or "Axe", armor = "Leather" },
    { name = "Aldric", side = "party", at = "B1", weapon = "Sword", armor = "Leather" },
    { name = "Brenna", side = "party", at = "A2", weapon = "Sword", armor = "Leather" },
    { name = "Cara", side = "party", at = "B2", weapon = "Sword", armor = "Leather" },
  }, dice)
  f:within(function() status.apply(world.character("Orc"), "Terrified", { duration = 1 }) end)
  f:round()
  return f
end

-- A case where the action `name` makes two Attacks, not one: `play(dice)` plays a round of it.
local function two_attacks(name, play)
  test.case(("actions_data['%s'].attacks.count 2: %s makes two Attacks"):format(name, name), function()
    with_patch("actions_data", { [name] = { attacks = { count = 2 } } }, function()
      local f = play({ 5, 6 })
      test.equal(duel.attacks(f, "natural"), { 5, 6 })
    end)
  end)
end

two_attacks("Charge", charge)
two_attacks("Counter", beside('Counter -> "Orc"'))
two_attacks("Ranged Attack", function(dice)
  local f = pair({ at = "A2", weapon = "Short Bow" }, { at = "F2" }, dice)
  f:round(duel.still('Ranged Attack -> "Orc"'))
  return f
end)
two_attacks("Terror", cornered_terror)

-- A case where the action `name`, its attacks.kind patched to `kind`, makes its Attacks with
-- `weapon` of the kinds `made`, where the source's kind makes them otherwise, or none (a Sword's
-- Ranged Attack and Rapid Fire): `play(dice, weapon)` plays a round of it. Every die rolls 5, a miss.
local function attacks_of_kind(name, kind, weapon, made, play)
  test.case(("actions_data['%s'].attacks.kind '%s': %s's Attacks with a %s are %s"):format(name, kind, name, weapon,
    table.concat(made, ", ")), function()
    with_patch("actions_data", { [name] = { attacks = { kind = kind } } }, function()
      local dice = {}
      for i = 1, #made do dice[i] = 5 end
      test.equal(duel.attacks(play(dice, weapon), "kind"), made)
    end)
  end)
end

-- The Dagger has a melee and a thrown attack: the source's kinds make it stab, "ranged" throws it.
attacks_of_kind("Charge", "ranged", "Dagger", { "thrown" }, charge)
attacks_of_kind("Full Attack", "ranged", "Dagger", { "thrown", "thrown" }, beside('Full Attack -> "Orc"'))
attacks_of_kind("Counter", "ranged", "Dagger", { "thrown" }, beside('Counter -> "Orc"'))
attacks_of_kind("Terror", "ranged", "Dagger", { "thrown" }, cornered_terror)
-- A Sword has a melee attack only: "melee" lets it make the Attacks of a Ranged Attack and a Rapid Fire.
attacks_of_kind("Ranged Attack", "melee", "Sword", { "melee" }, beside('Ranged Attack -> "Orc"'))
attacks_of_kind("Rapid Fire", "melee", "Sword", { "melee", "melee" }, beside('Rapid Fire -> "Orc"'))

-- ---------------------------------------------------------------------------------------------
-- Rapid Fire: weapon_properties.reload.rapid_fire_allowed

test.case("weapon_properties.reload.rapid_fire_allowed true: a Light Crossbow may Rapid Fire, as with Rapid Fire's own reload_weapons_allowed", function()
  local sheet = duel.still('Rapid Fire -> "Orc"')
  local function refused()
    local f = pair({ at = "A2", weapon = "Light Crossbow" }, { at = "F2" }, { 15 })
    f:round(sheet)
    return duel.narrated(f, "is refused (Light Crossbow requires a quick reload)")
  end
  test.truthy(refused(), "the source: refused")
  with_patch("weapon_properties", { reload = { rapid_fire_allowed = true } }, function()
    test.falsy(refused())
  end)
  with_patch("actions_data", { ["Rapid Fire"] = { reload_weapons_allowed = true } }, function()
    test.falsy(refused())
  end)
end)

-- ---------------------------------------------------------------------------------------------
-- Aim: actions_data.Aim.next_action.name

test.case("actions_data.Aim.next_action 'Full Attack': Aim favours the Full Attack after it — both throws at Favor, +1 Penetration", function()
  with_patch("actions_data", { Aim = { next_action = { name = "Full Attack" } } }, function()
    -- Aldric throws two Javelins at the Orc beside him (Full Attack with a thrown weapon): Unarmored
    -- (Deflection 3) and Ready, Defense 13. d20 12 + 3 = 15 hits and d20 8 + 3 = 11 misses; the
    -- Javelin's Penetration 1 + 1 (Aim) = 2 for both.
    local f = pair({ weapon = "Javelin" }, {}, { 12, 8 })
    f:round [[
      Aldric:
        1: Aim
        2: Full Attack -> "Orc"
      Orc:
        1: Use Item
        2: Use Item
    ]]
    test.equal(duel.attacks(f, "total"), { 15, 11 })
    test.equal(duel.attacks(f, "penetration"), { 2, 2 })
    test.truthy(duel.narrated(f, "d20 12 +3 Favor (Aim) = 15"))
  end)
end)

test.case("actions_data.Aim.next_action 'Full Attack': a Ranged Attack after Aim is no longer favoured", function()
  with_patch("actions_data", { Aim = { next_action = { name = "Full Attack" } } }, function()
    local f = pair({ at = "A2", weapon = "Short Bow" }, { at = "F2", armor = "Chain Mail" }, { 9 })
    f:round [[
      Aldric:
        1: Aim
        2: Ranged Attack -> "Orc"
      Orc:
        1: Use Item
        2: Use Item
    ]]
    test.equal(duel.attacks(f, "total"), { 9 })
  end)
end)

-- ---------------------------------------------------------------------------------------------
-- What the code cannot honour is refused, saying what governs it

test.case("rules.round.action_phases 3 is refused: the flow table's phases give the Action Phases of a Round", function()
  with_patch("rules", { round = { action_phases = 3 } }, function()
    test.fails(function()
      local f = pair({}, {}, {})
      f:round(duel.still("Defend"))
    end, "rules.round.action_phases is 3, but a Round has 2 Action Phases, one Action each: the `flow` table's `phases` govern them")
  end)
end)

test.case("rules.critical_hit.natural must be a roll the Attack roll's dice make: 20 of 1d12 is refused, 20 of 2d10 is not", function()
  local function round()
    local f = pair({}, {}, {})
    f:round(duel.still("Defend"))
  end
  with_patch("rules", { attack_rolls = { die = { sides = 12 } } }, function()
    test.fails(round, "rules.critical_hit.natural is 20, which the Attack roll's dice (rules.attack_rolls.die, 1d12) never roll: from 1 to 12")
  end)
  with_patch("rules", { attack_rolls = { die = { count = 2, sides = 10 } } }, round)
end)

test.case("weapon_properties.severs_limb.roll names a limb by its total: a 1d4+1 makes 5, and there are 4 limbs", function()
  with_patch("weapon_properties", { severs_limb = { roll = { bonus = 1 } } }, function()
    test.fails(function()
      local f = pair({}, {}, {})
      f:round(duel.still("Defend"))
    end, "weapon_properties.severs_limb.limbs has 4 limbs, but its roll (1d4+1) makes 2 to 5: one limb for each total, 1 to 4")
  end)
end)

test.case("rules.attacks_of_opportunity.reach_with_reach is the source's text, not read: a change is refused, naming the weapon's reach", function()
  with_patch("rules", { attacks_of_opportunity = { reach_with_reach = 15 } }, function()
    test.fails(function()
      local f = pair({}, {}, {})
      f:round(duel.still("Defend"))
    end, "rules.attacks_of_opportunity.reach_with_reach is the source's text, not read: a weapon's melee reach "
      .. "(weapons[name].melee.reach, 5 unless a row gives Reach) governs it (patch that instead); it stays 10")
  end)
end)
