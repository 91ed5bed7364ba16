-- The combat arithmetic (combat.lua) against the rule text: each case quotes the sentence of the
-- source it checks, and its expected numbers are worked out from that sentence and the source's
-- tables, not read from what the code returns. The last cases patch a table, as a house rule
-- would, and check that the result follows; each restores the table after itself, since the
-- cases of one file share one load of the packs.
local test = require "arbiter.test"
local arbiter = require "arbiter"
local combat = require "combat"
local duel = require "tests.support.duel"

local function amounts(parts)
  local list = {}
  for i, part in ipairs(parts) do list[i] = part.amount end
  return list
end

local function reasons(parts)
  local list = {}
  for i, part in ipairs(parts) do list[i] = part.reason end
  return list
end

local MELEE = { kind = "melee" }

-- =============================================================================================
-- Defense: "the Target's Defense which is 10 + the Deflection of any Shields or Armor"

test.case("Defense: \"10 + the Deflection of any Shields or Armor\": Chain Mail (+1) and Shield (+2), Ready, is 13", function()
  local total, parts = combat.defense({ armor = "Chain Mail", shield = "Shield", ready = true, weapon = "Axe" })
  test.equal(total, 13)
  test.equal(parts, { { amount = 10, reason = "base" }, { amount = 1, reason = "Chain Mail" },
                      { amount = 2, reason = "Shield" } })
end)

test.case("Defense: \"Shields provide Deflection and Absorb only when a Character is Ready\": Not Ready, Chain Mail and Shield is 11", function()
  test.equal(combat.defense({ armor = "Chain Mail", shield = "Shield", ready = false }), 11)
end)

test.case("Defense: Unarmored (+3) is \"Ready Only\": 13 when Ready, 10 when Not Ready", function()
  test.equal(combat.defense({ armor = "Unarmored", ready = true }), 13)
  test.equal(combat.defense({ armor = "Unarmored", ready = false }), 10)
end)

test.case("Defense: no armor named is Unarmored (a row of the Light Armor table)", function()
  local total, parts = combat.defense({ ready = true })
  test.equal(total, 13)
  test.equal(parts[2].reason, "Unarmored")
end)

test.case("Defense: Sword \"+1 Deflection when Ready\": Leather (+2) and Sword is 13 Ready, 12 Not Ready", function()
  local total, parts = combat.defense({ armor = "Leather", weapon = "Sword", ready = true })
  test.equal(total, 13)
  test.equal(amounts(parts), { 10, 2, 1 })
  test.equal(combat.defense({ armor = "Leather", weapon = "Sword", ready = false }), 12)
end)

test.case("Defense: Staff \"+2 Deflection when Ready\": Unarmored (+3) and Staff is 15", function()
  test.equal(combat.defense({ armor = "Unarmored", weapon = "Staff", ready = true }), 15)
  test.equal(combat.defense({ armor = "Unarmored", weapon = "Staff", ready = false }), 10)
end)

test.case("Defense: Full Plate (+3) is not Ready Only; Tower Shield (+1) when Ready: 14, 13 Not Ready", function()
  test.equal(combat.defense({ armor = "Full Plate", shield = "Tower Shield", ready = true }), 14)
  test.equal(combat.defense({ armor = "Full Plate", shield = "Tower Shield", ready = false }), 13)
end)

test.case("an armor name not in the table is an error, not a silent 0, with the nearest name", function()
  test.fails(function() combat.defense({ armor = "Mithril", ready = true }) end, "arbiter.tables.armor has no row 'Mithril'")
  test.fails(function() combat.defense({ armor = "Leathr", ready = true }) end,
    "arbiter.tables.armor has no row 'Leathr' (did you mean 'Leather'?)")
end)

test.case("combat.row, which actions.lua's definitions read too, names the nearest row to one not there", function()
  test.fails(function() combat.row("actions_data", "Fall Bak") end,
    "arbiter.tables.actions_data has no row 'Fall Bak' (did you mean 'Fall Back'?)")
end)

-- =============================================================================================
-- Absorb: "Absorb is the number of Wounds armor outright prevents per Action Phase"

test.case("Absorb: Chain Mail (2) and Shield (1) summed when Ready: 3; Not Ready the Shield gives none: 2", function()
  local total, parts = combat.absorb({ armor = "Chain Mail", shield = "Shield", ready = true })
  test.equal(total, 3)
  test.equal(parts, { { amount = 2, reason = "Chain Mail" }, { amount = 1, reason = "Shield" } })
  test.equal(combat.absorb({ armor = "Chain Mail", shield = "Shield", ready = false }), 2)
end)

test.case("Absorb: Unarmored 0, Buckler 0, Full Plate 3 and Tower Shield 1", function()
  test.equal(combat.absorb({ armor = "Unarmored", shield = "Buckler", ready = true }), 0)
  test.equal(combat.absorb({ armor = "Full Plate", shield = "Tower Shield", ready = true }), 4)
end)

-- =============================================================================================
-- Range: "Beyond this Range, Attacks receive a -2 penalty for each additional Range increment
-- (round up)." "Ranged Weapons cannot reach further than 4 times their Range normally."

test.case("range: \"Rolls Attacks at 5'-30' normally.\" \"Receives a -2 Attack at 35'-60'.\"", function()
  test.equal({ combat.range_modifier(30, 5) }, { 0, "range 5'–30'" })
  test.equal(combat.range_modifier(30, 30), 0)
  test.equal({ combat.range_modifier(30, 35) }, { -2, "range 35'–60'" })
  test.equal(combat.range_modifier(30, 60), -2)
end)

test.case("range: \"Receives a -4 Attack at 65'-90'.\"; 95'-120' is -6 by the rule (the example's -4 is a defect)", function()
  test.equal(combat.range_modifier(30, 65), -4)
  test.equal(combat.range_modifier(30, 90), -4)
  test.equal({ combat.range_modifier(30, 95) }, { -6, "range 95'–120'" })
  test.equal(combat.range_modifier(30, 120), -6)
end)

test.case("range: \"Cannot Attack beyond 120'.\" (30' Range): nil and why", function()
  local modifier, reason = combat.range_modifier(30, 125)
  test.equal(modifier, nil)
  test.truthy(reason:find("120'", 1, true), reason)
end)

test.case("range: a 15' weapon (Javelin) has 15' increments, -2 at 20', out of reach past 60'", function()
  test.equal(combat.range_modifier(15, 20), -2)
  test.equal(combat.range_modifier(15, 60), -6)
  test.equal(combat.range_modifier(15, 65), nil)
end)

test.case("range off the 5' steps (a Euclidean diagonal): the band told is the one the distance is in", function()
  -- √40 × 5' = 31.6' is beyond 30': "-2 penalty for each additional Range increment (round up)";
  -- it is not in "35'-60'", the band of the 5' steps.
  test.equal({ combat.range_modifier(30, math.sqrt(40) * 5) }, { -2, "range 31.6' (over 30', up to 60')" })
  test.equal({ combat.range_modifier(30, math.sqrt(5) * 5) }, { 0, "range 11.2' (up to 30')" })
  test.equal({ combat.range_modifier(30, math.sqrt(601) * 5) }, { nil, "122.6' is beyond 120' (4 × Range 30')" })
end)

-- =============================================================================================
-- Favor and Disfavor: "Favor: Grants a +3 bonus"; "Disfavor: Imposes a -3 penalty"

test.case("Charge: \"make an Attack with Favor. You must move at least 10' to receive Favor\"", function()
  local charger = { weapon = "Axe", action = "Charge" }
  test.equal(combat.attack_modifiers(charger, {}, { kind = "melee", moved = 10 }),
             { { amount = 3, reason = "Favor (Charge)" } })
  test.equal(combat.attack_modifiers(charger, {}, { kind = "melee", moved = 5 }), {}, "moved 5'")
  test.equal(combat.attack_modifiers(charger, {}, { kind = "melee" }), {}, "did not move")
end)

test.case("Clash: \"Characters that were using Charge still get to make an Attack with Favor despite being Not Ready\"", function()
  test.equal(combat.attack_modifiers({ weapon = "Axe", action = "Charge", ready = false }, {},
                                     { kind = "melee", moved = 5, clash = true }),
             { { amount = 3, reason = "Favor (Charge, Clash)" } }, "stopped after 5'")
  test.equal(combat.attack_modifiers({ weapon = "Axe", action = "Move", ready = true }, {},
                                     { kind = "melee", moved = 5, clash = true, opportunity = true }), {},
             "a Ready Character's Attack of Opportunity in a Clash")
end)

test.case("Rapid Fire: \"Your Ranged Attacks have Disfavor this Action Phase.\"", function()
  test.equal(combat.attack_modifiers({ weapon = "Short Bow", action = "Rapid Fire" }, {}, { kind = "ranged" }),
             { { amount = -3, reason = "Disfavor (Rapid Fire)" } })
end)

test.case("Aim: \"If your next Action is Ranged Attack, it gains Favor\" (not Rapid Fire)", function()
  test.equal(combat.attack_modifiers({ weapon = "Short Bow", action = "Ranged Attack" }, {},
                                     { kind = "ranged", aimed = true }),
             { { amount = 3, reason = "Favor (Aim)" } })
  test.equal(amounts(combat.attack_modifiers({ weapon = "Short Bow", action = "Rapid Fire" }, {},
                                             { kind = "ranged", aimed = true })), { -3 })
end)

test.case("Terror: \"you may make one Attack at Disfavor\"", function()
  test.equal(combat.attack_modifiers({ weapon = "Axe", action = "Terror" }, {}, MELEE),
             { { amount = -3, reason = "Disfavor (Terror)" } })
end)

test.case("an Attack of Opportunity is \"in addition to their chosen Actions\": the action's own Favor does not apply", function()
  test.equal(combat.attack_modifiers({ weapon = "Axe", action = "Charge" }, {},
                                     { kind = "melee", moved = 15, opportunity = true }), {})
end)

test.case("Full Attack: \"Melee Attacks on you have Favor this Action Phase.\" Ranged ones do not", function()
  local target = { action = "Full Attack" }
  test.equal(combat.attack_modifiers({ weapon = "Axe" }, target, MELEE),
             { { amount = 3, reason = "Favor (target's Full Attack)" } })
  test.equal(combat.attack_modifiers({ weapon = "Short Bow" }, target, { kind = "ranged" }), {})
end)

test.case("Counter and Fall Back: \"Melee Attacks on you have Disfavor\"", function()
  test.equal(amounts(combat.attack_modifiers({ weapon = "Axe" }, { action = "Counter" }, MELEE)), { -3 })
  test.equal(amounts(combat.attack_modifiers({ weapon = "Axe" }, { action = "Fall Back" }, MELEE)), { -3 })
end)

test.case("Defend: melee Disfavor \"as long as you are not Unaware of the Attacker\"", function()
  test.equal(combat.attack_modifiers({ weapon = "Axe" }, { action = "Defend" }, MELEE),
             { { amount = -3, reason = "Disfavor (target's Defend)" } })
  test.equal(combat.attack_modifiers({ weapon = "Axe" }, { action = "Defend", unaware = true }, MELEE), {})
end)

test.case("Sprint: \"Ranged Attacks against you are made with Disfavor\"; thrown weapons are Ranged Weapons; melee is not", function()
  local sprinter = { action = "Sprint" }
  test.equal(amounts(combat.attack_modifiers({ weapon = "Short Bow" }, sprinter, { kind = "ranged" })), { -3 })
  test.equal(amounts(combat.attack_modifiers({ weapon = "Javelin" }, sprinter, { kind = "thrown" })), { -3 })
  test.equal(combat.attack_modifiers({ weapon = "Axe" }, sprinter, MELEE), {})
end)

test.case("Prepare Spell, Focus Spell, Dazed, Rescue: \"Attacks against you gain Favor\", melee and ranged", function()
  for _, action in ipairs({ "Prepare Spell", "Focus Spell", "Dazed", "Rescue" }) do
    test.equal(amounts(combat.attack_modifiers({ weapon = "Axe" }, { action = action }, MELEE)), { 3 }, action)
    test.equal(amounts(combat.attack_modifiers({ weapon = "Sling" }, { action = action }, { kind = "ranged" })), { 3 }, action)
  end
end)

test.case("Skulk: \"Your first Attack on an Unaware Target is made with Favor.\"", function()
  test.equal(combat.attack_modifiers({ weapon = "Dagger" }, { unaware = true },
                                     { kind = "melee", first_attack_on_unaware = true }),
             { { amount = 3, reason = "Favor (Unaware target)" } })
  test.equal(combat.attack_modifiers({ weapon = "Dagger" }, { unaware = true }, MELEE), {}, "a later Attack")
end)

test.case("Favor and Disfavor from several sources each apply (the default chosen): Charge on a Full Attacker is +6", function()
  local parts = combat.attack_modifiers({ weapon = "Axe", action = "Charge" }, { action = "Full Attack" },
                                        { kind = "melee", moved = 15 })
  test.equal(amounts(parts), { 3, 3 })
  test.equal(reasons(parts), { "Favor (Charge)", "Favor (target's Full Attack)" })
end)

test.case("Favor and Disfavor: Charge (+3) on a Countering target (-3) adds to 0", function()
  local parts = combat.attack_modifiers({ weapon = "Axe", action = "Charge" }, { action = "Counter" },
                                        { kind = "melee", moved = 15 })
  test.equal(combat.sum(parts), 0)
end)

-- =============================================================================================
-- The other modifiers

test.case("Cover: \"Cover gives a -2 to rolls that target the Character in Cover\"", function()
  test.equal(combat.attack_modifiers({ weapon = "Short Bow" }, {}, { kind = "ranged", cover = true }),
             { { amount = -2, reason = "Cover" } })
end)

test.case("Tower Shield: \"Provides Cover\" \"to wielder\": -2, once, even with other Cover", function()
  local target = { shield = "Tower Shield", ready = true }
  test.equal(combat.attack_modifiers({ weapon = "Short Bow" }, target, { kind = "ranged" }),
             { { amount = -2, reason = "Cover (Tower Shield)" } })
  test.equal(amounts(combat.attack_modifiers({ weapon = "Short Bow" }, target, { kind = "ranged", cover = true })), { -2 })
end)

test.case("Wounds: \"For each Wound they receive, all a Character's rolls ... are at a -1 penalty\"", function()
  test.equal(combat.attack_modifiers({ weapon = "Axe", wounds = 2 }, {}, MELEE),
             { { amount = -2, reason = "2 Wounds" } })
  test.equal(combat.attack_modifiers({ weapon = "Axe", wounds = 1 }, {}, MELEE),
             { { amount = -1, reason = "1 Wound" } })
  test.equal(combat.wound_modifier(3), -3)
  test.equal(combat.wound_modifier(0), 0)
end)

test.case("Requires Str: \"-1 Attack for each Strength below Requirement\": Great Axe (Str 3) with Str 1 is -2", function()
  test.equal(combat.attack_modifiers({ weapon = "Great Axe", strength = 2 }, {}, MELEE),
             { { amount = -1, reason = "Str 2, 1 below Great Axe's 3" } })
  test.equal(combat.strength_modifier({ weapon = "Great Axe", strength = 1 }, "melee"), -2)
  -- The Strength is told first: "−2 Str 2 below Long Bow's 2" read as a Strength of 2.
  test.equal({ combat.strength_modifier({ weapon = "Long Bow", strength = 0 }, "ranged") },
             { -2, "Str 0, 2 below Long Bow's 2" })
  test.equal(combat.strength_modifier({ weapon = "Great Axe", strength = 3 }, "melee"), 0)
  test.equal(combat.strength_modifier({ weapon = "Great Axe" }, "melee"), 0, "no Strength known")
  test.equal(combat.strength_modifier({ weapon = "Long Bow", strength = 0 }, "ranged"), -2, "Long Bow: Requires Str 2")
end)

test.case("Flail: \"+2 Attack against Targets with Shields.\"", function()
  test.equal(combat.attack_modifiers({ weapon = "Flail" }, { shield = "Buckler" }, MELEE),
             { { amount = 2, reason = "Flail vs shield" } })
  test.equal(combat.attack_modifiers({ weapon = "Flail" }, {}, MELEE), {})
end)

test.case("High Ground: \"Ranged Attacks from High Ground receive +2 Attack.\" Not melee", function()
  test.equal(combat.attack_modifiers({ weapon = "Sling" }, {}, { kind = "ranged", high_ground = true }),
             { { amount = 2, reason = "High Ground" } })
  test.equal(combat.attack_modifiers({ weapon = "Axe" }, {}, { kind = "melee", high_ground = true }), {})
end)

test.case("the range band of the weapon's Range: a Short Bow (30') at 65' is -4; past 120' it cannot attack", function()
  test.equal(combat.attack_modifiers({ weapon = "Short Bow" }, {}, { kind = "ranged", distance = 65 }),
             { { amount = -4, reason = "range 65'–90'" } })
  test.equal(combat.attack_modifiers({ weapon = "Dagger" }, {}, { kind = "thrown", distance = 30 }),
             { { amount = -2, reason = "range 20'–30'" } }, "thrown Dagger, 15'")
  local parts, reason = combat.attack_modifiers({ weapon = "Short Bow" }, {}, { kind = "ranged", distance = 125 })
  test.equal(parts, nil)
  test.truthy(reason, "why it cannot attack")
end)

test.case("Dual Wield: \"Dual Wield (-2 to attacks)\"", function()
  test.equal(combat.attack_modifiers({ weapon = "Axe" }, {}, { kind = "melee", dual_wield = true }),
             { { amount = -2, reason = "Dual Wield" } })
end)

test.case("all together, as a GM reads them: Aimed shot at a Sprinter in Cover, 40' off, from High Ground, 1 Wound", function()
  local parts = combat.attack_modifiers({ weapon = "Long Bow", strength = 1, wounds = 1, action = "Ranged Attack" },
                                        { action = "Sprint" },
                                        { kind = "ranged", aimed = true, cover = true, high_ground = true, distance = 40 })
  test.equal(parts, {
    { amount = 3, reason = "Favor (Aim)" },
    { amount = -3, reason = "Disfavor (target's Sprint)" },
    { amount = -2, reason = "Cover" },
    { amount = -1, reason = "1 Wound" },
    { amount = -1, reason = "Str 1, 1 below Long Bow's 2" },
    { amount = 2, reason = "High Ground" },
    { amount = -2, reason = "range 35'–60'" },
  })
  test.equal(combat.sum(parts), -4)
end)

-- =============================================================================================
-- Attack rolls: "If the Attack roll total is greater than the Defense total, the Attack hits."

test.case("Attack: 14 +3 -2 = 15 against Defense 13 hits, one Wound (\"Most Attacks deal one Wound\")", function()
  test.equal(combat.attack({ natural = 14, modifiers = { { amount = 3 }, { amount = -2 } }, defense = 13,
                             penetration = 1, wounds = 1 }),
             { total = 15, hit = true, critical = false, penetration = 1, wounds = 1 })
end)

test.case("Attack: a total equal to the Defense misses (\"greater than\")", function()
  local result = combat.attack({ natural = 10, modifiers = { { amount = 3 } }, defense = 13 })
  test.equal(result.total, 13)
  test.falsy(result.hit)
  test.equal(result.wounds, 0)
end)

test.case("Critical Hit: \"natural 20, is always hits ... +1 Penetration and deals one extra Wound\"", function()
  test.equal(combat.attack({ natural = 20, modifiers = { { amount = -10 } }, defense = 25, penetration = 0, wounds = 1 }),
             { total = 10, hit = true, critical = true, penetration = 1, wounds = 2 })
  local nineteen = combat.attack({ natural = 19, modifiers = { { amount = 10 } }, defense = 13 })
  test.truthy(nineteen.hit)
  test.falsy(nineteen.critical, "only a natural 20 is a Critical Hit")
end)

test.case("Blowgun \"Deals 0 Wounds\": 0 on a hit; a Critical Hit's extra Wound makes 1 (README: ambiguity)", function()
  test.equal(combat.attack({ natural = 15, defense = 13, penetration = 1, wounds = 0 }).wounds, 0)
  test.equal(combat.attack({ natural = 20, defense = 13, penetration = 1, wounds = 0 }).wounds, 1)
end)

-- =============================================================================================
-- The tally: "After each Action Phase, Wounds are tallied."

test.case("Absorb: \"if a Character has armor providing 2 Absorb, they ignore the first two Wounds they receive per Action Phase\"", function()
  local hits = { { wounds = 1 }, { wounds = 1 }, { wounds = 1 } }
  local total, per_hit = combat.tally(hits, 2)
  test.equal(total, 1)
  test.equal(per_hit, { { taken = 0, absorbed = 1 }, { taken = 0, absorbed = 1 }, { taken = 1, absorbed = 0 } })
end)

test.case("Penetration: \"Penetration 2, would circumvent Absorb up to 2, but be stopped by Absorb 3\"", function()
  test.equal(combat.tally({ { wounds = 1, penetration = 2 } }, 2), 1, "Absorb 2: circumvented")
  test.equal(combat.tally({ { wounds = 1, penetration = 2 } }, 3), 0, "Absorb 3: stopped")
end)

test.case("Penetration that circumvents Absorb does not use it up: a later hit is still absorbed", function()
  local total, per_hit = combat.tally({ { wounds = 1, penetration = 3 }, { wounds = 1, penetration = 0 } }, 2)
  test.equal(total, 1)
  test.equal(per_hit[2], { taken = 0, absorbed = 1 })
end)

test.case("Critical Hit's extra Wound meets Absorb like any other: 2 Wounds against Absorb 2 are both ignored", function()
  test.equal(combat.tally({ { wounds = 2 }, { wounds = 1 } }, 2), 1)
end)

test.case("Ignores Absorb: \"This means Absorb can't reduce the Wounds received.\"", function()
  test.equal(combat.tally({ { wounds = 1, ignores_absorb = true } }, 3), 1)
end)

-- =============================================================================================
-- Weapon attacks and Penetration bonuses

test.case("weapon_attack: the row of the source's table; a bow has no melee attack", function()
  local row = combat.weapon_attack({ weapon = "Heavy Crossbow" }, "ranged")
  test.equal({ row.table, row.penetration, row.range, row.properties.reload },
             { "Two Handed Ranged", 3, 30, "complex" })
  test.equal(combat.weapon_attack({ weapon = "Long Bow" }, "melee"), nil)
  test.equal(combat.weapon_attack({}, "melee"), nil, "no weapon")
end)

test.case("Dagger: \"+1 Penetration against Unaware Targets.\" (melee row only)", function()
  local _, bonuses = combat.weapon_attack({ weapon = "Dagger" }, "melee", { unaware = true })
  test.equal(bonuses, { { amount = 1, reason = "Dagger vs Unaware" } })
  test.equal(select(2, combat.weapon_attack({ weapon = "Dagger" }, "melee", {})), {})
  test.equal(select(2, combat.weapon_attack({ weapon = "Dagger" }, "thrown", { unaware = true })), {})
end)

test.case("Spear: \"+1 Penetration when using Charge.\"", function()
  test.equal(amounts(select(2, combat.weapon_attack({ weapon = "Spear", action = "Charge" }, "melee", {}))), { 1 })
  test.equal(select(2, combat.weapon_attack({ weapon = "Spear", action = "Full Attack" }, "melee", {})), {})
end)

test.case("Lance: \"+2 Penetration when Mounted and using Charge.\"", function()
  test.equal(amounts(select(2, combat.weapon_attack({ weapon = "Lance", action = "Charge", mounted = true }, "melee", {}))), { 2 })
  test.equal(select(2, combat.weapon_attack({ weapon = "Lance", action = "Charge" }, "melee", {})), {}, "not Mounted")
end)

test.case("Pike: \"+1 Penetration against Targets that Charge if Ready.\"", function()
  test.equal(amounts(select(2, combat.weapon_attack({ weapon = "Pike", ready = true }, "melee", { action = "Charge" }))), { 1 })
  test.equal(select(2, combat.weapon_attack({ weapon = "Pike", ready = false }, "melee", { action = "Charge" })), {}, "Not Ready")
  test.equal(select(2, combat.weapon_attack({ weapon = "Pike", ready = true }, "melee", { action = "Move" })), {}, "target Moves")
end)

test.case("penetration: the weapon's, its bonuses and Aim's \"+1 Penetration\" on the next Ranged Attack", function()
  test.equal(combat.penetration({ weapon = "Heavy Crossbow" }, "ranged", {}), 3)
  local total, parts = combat.penetration({ weapon = "Short Bow", action = "Ranged Attack" }, "ranged", {}, { aimed = true })
  test.equal(total, 2)
  test.equal(parts, { { amount = 1, reason = "Short Bow" }, { amount = 1, reason = "Aim" } })
  test.equal(combat.penetration({ weapon = "Spear", action = "Charge" }, "melee", {}), 2)
  test.equal(combat.penetration({ weapon = "Short Bow" }, "melee", {}), nil)
end)

test.case("weapon conditions: an unknown one is an error (a house rule's typo does not pass as false)", function()
  test.fails(function() combat.conditions_hold({ wielder_flying = true }, {}, {}) end, "wielder_flying")
end)

test.case("hit effects: Severs Limb and Dazes \"on Critical Hit\", Entraps \"on Hit\", Poisoned \"on Hit\"", function()
  test.equal(combat.hit_effects({ weapon = "Axe" }, "melee", true), { "severs_limb" })
  test.equal(combat.hit_effects({ weapon = "Axe" }, "melee", false), {})
  test.equal(combat.hit_effects({ weapon = "Mace" }, "melee", true), { "dazes" })
  test.equal(combat.hit_effects({ weapon = "Sling" }, "ranged", true), { "dazes" })
  test.equal(combat.hit_effects({ weapon = "Bolo/Net" }, "thrown", false), { "entraps" })
  test.equal(combat.hit_effects({ weapon = "Blowgun" }, "ranged", false), { "can_be_poisoned" })
end)

test.case("hit effects: a house rule turns a property off with false (a patch cannot remove it): no Daze, no severed limb", function()
  duel.with_patch("weapons", { Mace = { melee = { properties = { dazes = false } } },
                               Axe = { melee = { properties = { severs_limb = false } } } }, function()
    test.equal(combat.hit_effects({ weapon = "Mace" }, "melee", true), {})
    test.equal(combat.hit_effects({ weapon = "Axe" }, "melee", true), {})
  end)
end)

-- =============================================================================================
-- Wounds

test.case("Wound state: \"Once a Character has received Wounds in excess of their Max Wounds they fall to the ground Unconscious\"", function()
  test.equal(combat.wound_state(0), "fine")
  test.equal(combat.wound_state(1), "wounded")
  test.equal(combat.wound_state(3), "wounded", "3 is not in excess of Max Wounds 3")
  test.equal(combat.wound_state(4), "unconscious")
  test.equal(combat.wound_state(4, 4), "wounded", "a Max Wounds of 4")
end)

test.case("\"a number of Rounds equal to their Max Wounds to receive aid before they die\"", function()
  test.equal(combat.rounds_to_live(), 3, "Max Wounds \"3 by default\"")
  test.equal(combat.rounds_to_live(5), 5)
end)

test.case("Stable: \"Unconscious for 1d4+1 for each Wound they have\": 2 Wounds roll 2d4+2", function()
  local dice, unit = combat.stable_unconscious_dice(2)
  test.equal(dice, { count = 2, sides = 4, bonus = 2 })
  test.equal(unit, "round")
  test.equal({ combat.stable_unconscious(2, { 3, 1 }) }, { 6, "round" })
  test.fails(function() combat.stable_unconscious(2, { 3 }) end, "need 2 dice")
end)

-- =============================================================================================
-- Limbs

test.case("Severs Limb: \"Roll 1d4: 1=L Leg, 2=R Leg, 3=L Arm, 4=R Arm.\"", function()
  test.equal({ combat.limb(1), combat.limb(2), combat.limb(3), combat.limb(4) },
             { "left leg", "right leg", "left arm", "right arm" })
  test.fails(function() combat.limb(5) end, "no limb")
end)

test.case("Protects Limbs: \"Limb not severed if roll is equal or less than Protects Limbs value.\"", function()
  test.equal(combat.severs_limb(3, nil), "left arm", "Chain Mail: no Protects Limbs")
  test.equal(combat.severs_limb(3, 2, 2), nil, "Half Plate (2), rolled 2")
  test.equal(combat.severs_limb(3, 2, 3), "left arm", "Half Plate (2), rolled 3")
  test.equal(combat.severs_limb(4, 3, 4), "right arm", "Full Plate (3), rolled 4")
  test.fails(function() combat.severs_limb(1, 1) end, "1d4")
end)

-- What losing a limb does is not in the source ("Severs Limb: Roll 1d4: 1=L Leg, 2=R Leg, 3=L Arm,
-- 4=R Arm" and no more): the default chosen (README) is rules.severed_limbs.

test.case("severed limbs: two legs and two arms, less those severed (one count for every rule of limbs)", function()
  test.equal({ combat.limbs_left({}) }, { 2, 2 })
  test.equal({ combat.limbs_left({ severed = { "left leg" } }) }, { 1, 2 })
  test.equal({ combat.limbs_left({ severed = { "left leg", "right leg", "right arm" } }) }, { 0, 1 })
  test.equal({ combat.limbs_left({ severed = { "left arm", "right arm" } }) }, { 2, 0 })
end)

test.case("severed legs (default chosen): one leg, half the distance in whole squares, at least one; both legs, none", function()
  local one, both = { severed = { "right leg" } }, { severed = { "left leg", "right leg" } }
  test.equal({ combat.legs_move(30, one, 5) }, { 15, "one leg severed" }, "Sprint 30': 15'")
  test.equal({ combat.legs_move(15, one, 5) }, { 5, "one leg severed" }, "Move 15': 7.5', rounded down to 5'")
  test.equal({ combat.legs_move(5, one, 5) }, {}, "5' halved is 2.5', but at least one square: unchanged")
  test.equal({ combat.legs_move(15, one, 10) }, {}, "on 10' squares Move 15' goes one square anyway")
  test.equal({ combat.legs_move(30, one, 10) }, { 10, "one leg severed" }, "on 10' squares: 15' is one whole square")
  test.equal({ combat.legs_move(15, both, 5) }, { 0, "both legs severed" })
  test.equal({ combat.legs_move(0, both, 5) }, {}, "an action that stays in place")
  test.equal({ combat.legs_move(30, { severed = { "left arm" } }, 5) }, {}, "an arm is not a leg")
end)

test.case("severed arms (default chosen): one arm drops the shield; no arms, no shield and no Attack with a weapon", function()
  test.equal(combat.shield_in_hand("Sword", "Shield", 2), "Shield")
  test.equal(combat.shield_in_hand("Sword", "Shield"), "Shield", "nil arms: both")
  test.equal(combat.shield_in_hand("Sword", "Shield", 1), nil)
  test.equal(combat.shield_in_hand("Sword", "Shield", 0), nil)
  test.equal({ combat.shield_in_hand("Sword", "Shield", 1) }, { nil, "one arm" }, "why it is not held")
  test.equal({ combat.shield_in_hand("Great Sword", "Shield", 2) }, { nil, "Great Sword needs both hands" })
  test.equal({ combat.shield_in_hand("Sword", nil, 0) }, {}, "none carried: no reason")
  test.equal({ combat.can_attack_with_weapon({ severed = { "left arm" } }) }, { true })
  test.equal({ combat.can_attack_with_weapon({ severed = { "left arm", "right arm" } }) }, { false, "no arms" })
end)

test.case("severed arms (default chosen): the Staff's \"+2 Deflection when Ready\" needs an arm to wield it; one arm still does", function()
  -- Unarmored (Ready Only, 3) and a Staff, Ready: 10 + 3 + 2 = 15 with one arm or two; no arms, 13.
  local staff = { weapon = "Staff", armor = "Unarmored", ready = true }
  test.equal(combat.defense(staff), 15)
  test.equal(combat.defense({ weapon = "Staff", armor = "Unarmored", ready = true, severed = { "left arm" } }), 15)
  local total, parts = combat.defense({ weapon = "Staff", armor = "Unarmored", ready = true,
                                        severed = { "left arm", "right arm" } })
  test.equal(total, 13)
  test.equal(reasons(parts), { "base", "Unarmored" })
end)

test.case("severed arms (default chosen): Use Item, Stabilize and Rescue take hands — refused with no arms, not with one", function()
  local none, one = { severed = { "left arm", "right arm" } }, { severed = { "right arm" } }
  for _, action in ipairs({ "Use Item", "Stabilize", "Rescue" }) do
    test.equal({ combat.limbs_allow(none, action) }, { false, "no arms" }, action)
    test.equal({ combat.limbs_allow(one, action) }, { true }, action)
    test.equal({ combat.limbs_allow({ severed = { "left leg", "right leg" } }, action) }, { true }, action .. ": legs")
  end
  test.equal({ combat.limbs_allow(none, "Defend") }, { true }, "an action that needs no hands")
end)

test.case("severed arms (default chosen): a two-handed weapon used with one hand is at Disfavor, which cancels Favor as usual", function()
  local one_arm = { weapon = "Great Axe", severed = { "left arm" } }
  local target = { armor = "Leather" }
  local parts = combat.attack_modifiers(one_arm, target, MELEE)
  test.equal(parts, { { amount = -3, reason = "Disfavor (one arm)" } })
  test.equal(combat.attack_modifiers({ weapon = "Axe", severed = { "left arm" } }, target, MELEE), {},
             "a one-handed weapon: no Disfavor")
  test.equal(combat.attack_modifiers({ weapon = "Great Axe" }, target, MELEE), {}, "both arms: no Disfavor")
  local charging = { weapon = "Great Axe", severed = { "left arm" }, action = "Charge" }
  test.equal(combat.sum(combat.attack_modifiers(charging, target, { kind = "melee", moved = 10 })), 0,
             "Charge's Favor +3 and one arm's Disfavor -3")
end)

-- =============================================================================================
-- Guard and Rescue

test.case("Guard: \"roll their Attack against the Guard's Deflection\", read as its Defense (default chosen); -1 per additional Attack", function()
  local guard = { armor = "Chain Mail", shield = "Shield", ready = true }
  test.equal(combat.guard_value(guard, 1), 13)
  local value, parts = combat.guard_value(guard, 3)
  test.equal(value, 11)
  test.equal(parts[#parts], { amount = -2, reason = "2 more Attacks guarded" })
end)

test.case("Guard: \"You block and negate the Attack if their Attack roll fails\"; else \"On even, the Attack hits you\", \"On odd\" against the Guarded", function()
  local against = combat.guard_value({ armor = "Chain Mail", shield = "Shield", ready = true }, 1)
  test.equal(combat.guard_block(combat.attack({ natural = 13, defense = against })), "blocked")
  local beat = combat.attack({ natural = 14, defense = against })
  test.equal(combat.guard_block(beat, 4), "hits_guard")
  test.equal(combat.guard_block(beat, 3), "attacker_rolls_against_guarded")
end)

test.case("Guard: \"as long as you are not Unaware of the Attacker\"; \"cannot Guard against Area of Effect Attacks or effects that Ignore Absorb\"", function()
  test.truthy(combat.can_guard({}, {}))
  test.falsy(combat.can_guard({ unaware = true }, {}))
  test.falsy(combat.can_guard({}, { area_of_effect = true }))
  test.falsy(combat.can_guard({}, { ignores_absorb = true }))
end)

test.case("Rescue: \"If you are hit, roll a die: On even numbers, the Character you are carrying is hit instead.\"", function()
  test.truthy(combat.rescue_carried_hit(2))
  test.truthy(combat.rescue_carried_hit(6))
  test.falsy(combat.rescue_carried_hit(5))
end)

-- =============================================================================================
-- House rules: a patched table changes the result (nothing is a constant in code)

test.case("house rule: Cover -4 instead of -2", function()
  duel.with_patch("rules", { cover = { modifier = -4 } }, function()
    test.equal(amounts(combat.attack_modifiers({ weapon = "Sling" }, {}, { kind = "ranged", cover = true })), { -4 })
  end)
end)

test.case("house rule: Favor +2 (examples/packs/platemail-house)", function()
  duel.with_patch("rules", { favor_and_disfavor = { favor = 2 } }, function()
    test.equal(amounts(combat.attack_modifiers({ weapon = "Axe", action = "Charge" }, {}, { kind = "melee", moved = 10 })), { 2 })
  end)
end)

test.case("house rule: at most one Favor and one Disfavor (each_applies = false)", function()
  duel.with_patch("rules", { favor_and_disfavor = { each_applies = false } }, function()
    local parts = combat.attack_modifiers({ weapon = "Axe", action = "Charge" }, { action = "Full Attack" },
                                          { kind = "melee", moved = 15 })
    test.equal(parts, { { amount = 3, reason = "Favor (Charge, target's Full Attack)" } })
    parts = combat.attack_modifiers({ weapon = "Axe", action = "Charge" }, { action = "Counter" }, { kind = "melee", moved = 15 })
    test.equal(combat.sum(parts), 0, "one of each cancels")
  end)
end)

test.case("house rule: Penetration subtracts from Absorb (stopped_when_absorb_exceeds = false)", function()
  duel.with_patch("rules", { penetration = { stopped_when_absorb_exceeds = false } }, function()
    test.equal(combat.tally({ { wounds = 1, penetration = 2 } }, 3), 0, "Absorb 3 - 2 = 1 absorbs one")
    test.equal(combat.tally({ { wounds = 2, penetration = 2 } }, 3), 1, "1 of 2 absorbed")
  end)
  test.equal(combat.tally({ { wounds = 2, penetration = 2 } }, 3), 0, "default again: stopped whole")
end)

test.case("house rule: an armor row (Chain Mail Deflection 2)", function()
  duel.with_patch("armor", { ["Chain Mail"] = { deflection = 2 } }, function()
    test.equal(combat.defense({ armor = "Chain Mail", ready = true }), 12)
  end)
  test.equal(combat.defense({ armor = "Chain Mail", ready = true }), 11)
end)

test.case("house rule: -1 per extra Range increment makes 95' with a 30' Range -3", function()
  duel.with_patch("rules", { ranged = { modifier_per_extra_increment = -1 } }, function()
    test.equal(combat.range_modifier(30, 95), -3)
  end)
end)

test.case("house rule: Max Wounds 5", function()
  duel.with_patch("rules", { wounds = { max = 5 } }, function()
    test.equal(combat.wound_state(5), "wounded")
    test.equal(combat.wound_state(6), "unconscious")
    test.equal(combat.rounds_to_live(), 5)
  end)
end)

test.case("house rule: a Critical Hit deals two extra Wounds", function()
  duel.with_patch("rules", { critical_hit = { extra_wounds = 2 } }, function()
    test.equal(combat.attack({ natural = 20, defense = 13, wounds = 1 }).wounds, 3)
  end)
end)

test.case("house rule: Guard blocks against Deflection alone (block.against = \"deflection\")", function()
  duel.with_patch("actions_data", { Guard = { block = { against = "deflection" } } }, function()
    test.equal(combat.guard_value({ armor = "Chain Mail", shield = "Shield", ready = true }, 2), 2)
  end)
end)

test.case("house rule: a weapon bonus without conditions (when = {}) is told by the weapon's name alone", function()
  -- A house rule's weapon, which no other case reads: "+1 Attack" whoever wields it, whatever the target.
  arbiter.patch.table("weapons", { ["Heirloom Sword"] = { cost_gp = 50, hands = 1, melee = {
    table = "One Handed Weapons", penetration = 0, wounds = 1, reach = 5,
    properties = { bonuses = { { stat = "attack", amount = 1, when = {} } } } } } })
  test.equal(combat.attack_modifiers({ weapon = "Heirloom Sword" }, {}, MELEE), { { amount = 1, reason = "Heirloom Sword" } })
end)

-- =============================================================================================
-- Readiness, reach, Rapid Fire, Saving Throws

test.case("(R)/(NR): \"Ready through that entire Action Phase\"; Use Item: Quick stays Ready, Complex does not", function()
  test.truthy(combat.ready_after("Defend"))
  test.falsy(combat.ready_after("Charge"))
  test.truthy(combat.ready_after("Use Item", "quick"))
  test.falsy(combat.ready_after("Use Item", "complex"))
  test.fails(function() combat.ready_after("Use Item") end, "Use Item is (R/NR): say which use (quick or complex)")
  test.fails(function() combat.ready_after("Use Item", "quik") end, "(quick or complex) (did you mean 'quick'?)")
end)

test.case("Attacks of Opportunity: \"in melee range (5' or 10' if they have Reach)\": 5' for every weapon of the source", function()
  test.equal(combat.melee_reach({ weapon = "Pike" }), 5)
  test.equal(combat.melee_reach({ weapon = "Long Bow" }), 5, "no melee attack: the rule's 5'")
  duel.with_patch("weapons", { Pike = { melee = { reach = 10 } } }, function()
    test.equal(combat.melee_reach({ weapon = "Pike" }), 10, "README's house rule: the Pike has Reach")
  end)
end)

test.case("Rapid Fire: \"Weapons, like crossbows, that require a Use Item Action to reload ... cannot be used\"", function()
  test.truthy(combat.can_rapid_fire({ weapon = "Short Bow" }))
  test.falsy(combat.can_rapid_fire({ weapon = "Light Crossbow" }))
  test.falsy(combat.can_rapid_fire({ weapon = "Heavy Crossbow" }))
  test.falsy(combat.can_rapid_fire({ weapon = "Axe" }), "no ranged attack")
  test.truthy(combat.can_rapid_fire({ weapon = "Dart" }, "thrown"))
  test.truthy(combat.can_rapid_fire({ weapon = "Dart" }), "a thrown weapon is a Ranged Weapon")
end)

test.case("Saving Throws: Defend \"You gain Favor on Saving Throws\"; Crash: Ready Favor, Not Ready Disfavor; -1 per Wound", function()
  test.equal(combat.saving_throw_modifiers({ action = "Defend", ready = true }),
             { { amount = 3, reason = "Favor (Defend)" } })
  test.equal(combat.saving_throw_modifiers({ action = "Move", ready = true }, true),
             { { amount = 3, reason = "Favor (Crash, Ready)" } })
  test.equal(combat.saving_throw_modifiers({ action = "Sprint", ready = false, wounds = 1 }, true),
             { { amount = -3, reason = "Disfavor (Crash, Not Ready)" }, { amount = -1, reason = "1 Wound" } })
end)

test.case("a misspelt action or kind of Attack is an error, not a silent lack of Favor", function()
  test.fails(function() combat.attack_modifiers({ weapon = "Axe", action = "Charg" }, {}, MELEE) end,
    "arbiter.tables.actions_data has no row 'Charg' (did you mean 'Charge'?)")
  test.fails(function() combat.attack_modifiers({ weapon = "Axe" }, {}, { kind = "mele" }) end,
    "situation.kind must be one of \"melee\", \"ranged\", \"thrown\", not \"mele\" (did you mean 'melee'?)")
end)
