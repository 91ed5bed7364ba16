-- Severed limbs in a fight, with scripted dice. The source says how a limb is lost ("Severs Limb:
-- Roll 1d4: 1=L Leg, 2=R Leg, 3=L Arm, 4=R Arm") and never what losing it does: each case quotes
-- the default chosen (README, "Not in the source: default chosen"; rules.severed_limbs) that it
-- checks, and works its numbers out from the source's tables.
local test = require "arbiter.test"
local arbiter = require "arbiter"
local duel = require "tests.support.duel"

local pair = duel.pair

-- Gives `who` the statuses named ("Entrapped") as the fight stands, before its first round or
-- between rounds; returns the fight.
local function give(f, who, ...)
  local names = { ... }
  f:within(function(c)
    for _, name in ipairs(names) do status.apply(c, name, { cause = "test" }) end
  end, who)
  return f
end

-- `who` loses the limbs named ("left leg", …): the statuses "Severed …"; returns the fight.
local function sever(f, who, ...)
  local statuses = {}
  for i, limb in ipairs({ ... }) do statuses[i] = "Severed " .. limb end
  return give(f, who, table.unpack(statuses))
end

-- Plays the round in which Aldric, standing apart (B5) so that no one's reach is left, Defends
-- while the Orc, at C2 without the limbs named, takes `first` then `second`; returns the fight.
local function orc_moves(first, second, ...)
  local f = sever(pair({ at = "B5" }, {}), "Orc", ...)
  f:round(("Aldric:\n  1: Defend\n  2: Defend\nOrc:\n  1: %s\n  2: %s\n"):format(first, second))
  return f
end

-- Plays the round in which Aldric (`aldric`, as duel.pair takes it) Counters the Orc beside him
-- (`orc`), which stands still and Ready, `who` without the limbs named; returns the fight.
local function counter(aldric, orc, dice, who, ...)
  local f = sever(pair(aldric, orc, dice), who, ...)
  f:round(duel.still('Counter -> "Orc"'))
  return f
end

-- The narrated sentences of events of `type` that say `text`.
local function told(f, type, text)
  for _, line in ipairs(duel.texts(f, type)) do
    if line:find(text, 1, true) then return true end
  end
  return false
end

test.case("default chosen, 'One leg severed: every movement goes at most half its distance, rounded down to whole squares': a Sprint 30' goes 15'", function()
  -- 30' halved is 15', three squares: C2 to F2.
  local f = orc_moves("Sprint 30' E", "Defend", "left leg")
  test.equal(f:cell("Orc"), "F2")
  test.truthy(duel.narrated(f, "30' E stops at F2, one leg severed: Sprint goes at most 15'"), "the order says why")
end)

test.case("default chosen, 'One leg severed: … rounded down to whole squares but at least one square': a Move 15' goes 5', a Charge 15' gets no Favor", function()
  -- Move: 7.5' rounds down to one square. Charge: 5' moved is short of the 10' its Favor needs
  -- ("You must move at least 10' to receive Favor"), and it does not reach the Orc at F2.
  local f = sever(pair({ at = "B2" }, { at = "F2" }), "Aldric", "right leg")
  f:round [[
    Aldric:
      1: Move 15' E
      2: Charge -> "Orc"
    Orc:
      1: Use Item
      2: Use Item
  ]]
  test.equal(f:cell("Aldric"), "D2", "5' in each phase")
  test.truthy(duel.narrated(f, "15' E stops at C2, one leg severed: Move goes at most 5'"))
  test.truthy(duel.narrated(f, "one leg severed: Charge goes at most 5'"))
  test.equal(#f:events("attack"), 0, "two squares short of the Orc: no Attack")
end)

test.case("default chosen, 'One leg severed: every movement the character makes … goes at most half its distance': a Guard follows 5'", function()
  -- Guard: "Move up to 15' staying adjacent to your Guard Target". Brenna walks C2 to F2; Aldric,
  -- one-legged, follows 7.5' rounded down to one square: C2, no longer beside her.
  local f = sever(duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Leather" },
    { name = "Brenna", side = "party", at = "C2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "J6", weapon = "Axe" },
  }), "Aldric", "left leg")
  f:round [[
    Aldric:
      1: Guard -> "Brenna"
      2: Defend
    Brenna:
      1: Move 15' E
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  test.equal(f:cell("Brenna"), "F2")
  test.equal(f:cell("Aldric"), "C2")
  test.truthy(duel.narrated(f, "one leg severed: Guard goes at most 5'"))
end)

test.case("default chosen, 'Both legs severed: the character cannot move at all': a Move does nothing, and the narration says why", function()
  local f = orc_moves("Move 15' E", "Sprint 30' E", "left leg", "right leg")
  test.equal(f:cell("Orc"), "C2")
  test.truthy(duel.narrated(f, "15' E stops at C2, both legs severed: cannot move"))
  test.truthy(duel.narrated(f, "30' E stops at C2, both legs severed: cannot move"))
end)

test.case("default chosen, 'Both legs severed: … a Charge with no one adjacent has no one to attack'", function()
  local f = sever(pair({ at = "B2" }, { at = "E2" }), "Aldric", "left leg", "right leg")
  f:round(duel.still('Charge -> "Orc"'))
  test.equal(f:cell("Aldric"), "B2")
  test.equal(#f:events("attack"), 0)
  test.truthy(told(f, "attack_missed_out", "Aldric (Charge) is not within reach of Orc"))
  test.truthy(duel.narrated(f, "both legs severed: cannot move"))
end)

test.case("two Critical Hits with an Axe sever both legs (d4 1, d4 2): the Orc's Sprint 30' in the next phase goes nowhere", function()
  -- Phase 1: two natural 20s hit through Defend's Disfavor ("always hits"); the limbs' d4 1 and 2.
  -- Phase 2 the Orc is still beside Aldric, whose Full Attack rolls 1 and 1: misses.
  local f = pair({ weapon = "Axe" }, { weapon = "Sword", armor = "Leather", stats = { max_wounds = 10 } },
                 { 20, 1, 20, 2, 1, 1 })
  f:round [[
    Aldric:
      1: Full Attack -> "Orc"
      2: Full Attack -> "Orc"
    Orc:
      1: Defend
      2: Sprint 30' E
  ]]
  test.truthy(f:has("Orc", "Severed left leg"))
  test.truthy(f:has("Orc", "Severed right leg"))
  test.equal(f:cell("Orc"), "C2")
  test.equal(duel.attacks(f, "natural"), { 20, 20, 1, 1 })
end)

test.case("default chosen, 'One arm severed: it loses its shield (no Deflection, Absorb or Cover from it)': Defense 13, Absorb 1", function()
  -- Sword, Leather and Shield, Ready (a quick Use Item): 10 + 2 Leather + 2 Shield + 1 Sword = 15
  -- with both arms; one arm: 13. Aldric's d20 14 hits 13 (it would miss 15); Critical Hit it is
  -- not, so 1 Wound against Absorb 1 (Leather; the Shield's 1 is gone): absorbed.
  local f = counter({}, { weapon = "Sword", armor = "Leather", shield = "Shield" }, { 14 }, "Orc", "right arm")
  test.equal(duel.attacks(f, "hit"), { true })
  test.truthy(told(f, "attack", "vs Defense 13 — hit"))
  test.truthy(told(f, "wounded", "Orc: 1 hit, Absorb 1 — 0 Wounds"))
end)

test.case("the hook shield_in_hand, for a house rule's action using the shield, answers as Defense reads it: none with one arm", function()
  local f = pair({}, { weapon = "Sword", shield = "Shield" })
  local function held(who)
    return { f:within(function() return arbiter.hooks.shield_in_hand(world.character(who)) end) }
  end
  test.equal(held("Orc"), { "Shield" })
  sever(f, "Orc", "right arm")
  test.equal(held("Orc"), { nil, "one arm" })
  test.equal(held("Aldric"), {}, "none carried")
end)

-- Aldric, one arm severed, Counters with a Great Axe (d20 15) the Orc, Unarmored and Ready (Use
-- Item): Defense 10 + 3 = 13. Aldric has Strength 3 (Requires Str 3).
local function one_armed_great_axe()
  return counter({ weapon = "Great Axe", stats = { strength = 3 } }, {}, { 15 }, "Aldric", "left arm")
end

test.case("default chosen, 'A two-handed weapon is then used one-handed, at Disfavor': a Great Axe's d20 15 − 3 = 12 misses Defense 13", function()
  local f = one_armed_great_axe()
  test.equal(duel.attacks(f, "hit"), { false })
  test.truthy(told(f, "attack", "d20 15 −3 Disfavor (one arm) = 12 vs Defense 13 — miss"))
end)

test.case("default chosen, '… at Disfavor (the rules' own Disfavor, so it cancels with Favor as usual)': a one-armed Charge with a Great Axe", function()
  -- A2 to D2 is 15', enough for Charge's Favor: +3 and -3, d20 14 = 14 > 13, a hit.
  local f = sever(pair({ at = "A2", weapon = "Great Axe", stats = { strength = 3 } }, { at = "E2" }, { 14 }), "Aldric",
                  "right arm")
  f:round(duel.still('Charge -> "Orc"'))
  test.truthy(told(f, "attack", "d20 14 +3 Favor (Charge) −3 Disfavor (one arm) = 14 vs Defense 13 — hit"))
end)

test.case("default chosen, 'Both arms severed: no attacks with weapons … narrated with the reason', nor an Attack of Opportunity", function()
  -- Round 1 Aldric Counters: refused before it is declared, with the reason, as without a weapon
  -- that makes its Attack (he Defends). Round 2 it Defends (Ready, a Sword) while the Orc walks
  -- out of its reach: no Attack of Opportunity is taken. No die is rolled.
  local f = counter({}, {}, {}, "Aldric", "left arm", "right arm")
  f:round [[
    Aldric:
      1: Defend
      2: Defend
    Orc:
      1: Move 15' E
      2: Defend
  ]]
  test.equal(#f:events("attack"), 0)
  test.truthy(duel.narrated(f, [[Aldric: Defend ('Counter -> "Orc"' is refused (no arms): Defend, the default order)]]))
  test.equal(#duel.texts(f, "attack_missed_out"), 0, "the Attack of Opportunity is not even tried")
  test.equal(#f:events("roll"), 0, "no die rolled")
end)

-- Aldric's Sword Counters (d20 14) the Orc, both arms severed, Unarmored (3) with a Staff ("+2
-- Deflection when Ready"), Ready (a quick Use Item): Defense 10 + 3 + 2 = 15 with arms.
local function armless_staff()
  return counter({}, { weapon = "Staff" }, { 14 }, "Orc", "left arm", "right arm")
end

test.case("default chosen, 'Both arms severed: … nor Deflection from a weapon it no longer wields': the Staff's +2 is gone, Defense 13", function()
  -- 10 + 3 without the Staff's +2 is 13: d20 14 hits it (it would miss 15).
  local f = armless_staff()
  test.equal(duel.attacks(f, "hit"), { true })
  test.truthy(told(f, "attack", "d20 14 = 14 vs Defense 13 — hit"))
end)

test.case("a house rule patches rules.severed_limbs: weapon_deflection = true keeps an armless Staff's +2", function()
  duel.with_patch("rules", { severed_limbs = { no_arms = { weapon_deflection = true } } }, function()
    local f = armless_staff()
    test.truthy(told(f, "attack", "d20 14 = 14 vs Defense 15 — miss"))
  end)
end)

-- Plays the round in which a Medic, without the limbs named, Stabilizes a patient down from the
-- start (4 Wounds, Max Wounds 3 whatever a house rule's default: Unconscious, Fatally Wounded)
-- beside it; returns the fight.
local function medic_stabilizes(dice, ...)
  local f = sever(duel.new({
    { name = "Medic", side = "party", at = "B2", weapon = "Sword", armor = "Leather", stats = { medical = 2 } },
    { name = "Aldric", side = "party", at = "B3", weapon = "Sword", armor = "Leather", stats = { wounds = 4, max_wounds = 3 } },
    { name = "Orc", side = "orcs", at = "J6", weapon = "Axe" },
  }, dice), "Medic", ...)
  f:round [[
    Medic:
      1: Stabilize -> "Aldric"
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  return f
end

test.case("default chosen, 'No arms: no Stabilize, which takes hands': said as it resolves, no Medical roll", function()
  local f = medic_stabilizes({}, "left arm", "right arm")
  test.truthy(duel.narrated(f, "Medic cannot Stabilize: no arms"))
  test.truthy(f:has("Aldric", "Fatally Wounded"))
  test.equal(#f:events("roll"), 0, "no die rolled")
end)

test.case("default chosen, 'One arm still Stabilizes': Medical d20 9 + 2 = 11 ≥ 10, four 1d4+1 of 1 = 8 Rounds", function()
  local f = medic_stabilizes({ 9, 1, 1, 1, 1 }, "left arm")
  test.truthy(f:has("Aldric", "Stable"))
  test.falsy(f:has("Aldric", "Fatally Wounded"))
end)

test.case("default chosen, 'No arms: no Use Item': a crossbow is not reloaded, and an Entrapped character cannot free itself", function()
  -- Aldric's Light Crossbow is empty; round 1 he orders a reload. Round 2 he is Entrapped: his
  -- next Action is Use Item (Entraps, forced_action), which he cannot make, so the net holds and
  -- he does not Move.
  local f = sever(pair({ at = "B5", weapon = "Light Crossbow", stats = { loaded = false } }, {}), "Aldric", "left arm",
                  "right arm")
  f:round [[
    Aldric:
      1: Use Item (reload)
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  test.equal(f:stat("Aldric", "loaded"), false)
  test.truthy(duel.narrated(f, "Aldric cannot Use Item: no arms"))
  give(f, "Aldric", "Entrapped")
  f:round [[
    Aldric:
      1: Move 15' E
      2: Move 15' E
    Orc:
      1: Defend
      2: Defend
  ]]
  test.truthy(f:has("Aldric", "Entrapped"))
  test.equal(f:cell("Aldric"), "B5")
  test.equal(#duel.texts(f, "acts"), 3, "each Use Item said it cannot be made")
end)

test.case("default chosen, 'No arms: no Use Item': the use not made leaves it Ready, not Not Ready as a complex use would", function()
  -- Aldric, Unarmored ("+3 … Ready Only": Ready 10 + 3 = 13, Not Ready 10), orders the complex
  -- reload of an empty Heavy Crossbow he cannot make. The Orc's Counter rolls d20 11: a miss on 13.
  local f = sever(pair({ weapon = "Heavy Crossbow", armor = "Unarmored", stats = { loaded = false } }, {}, { 11 }),
                  "Aldric", "left arm", "right arm")
  f:round [[
    Aldric:
      1: Use Item (reload)
      2: Defend
    Orc:
      1: Counter -> "Aldric"
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "Aldric cannot Use Item: no arms"))
  test.truthy(told(f, "attack", "d20 11 = 11 vs Defense 13 — miss"))
end)

test.case("default chosen, 'No arms: no Attack with a weapon': Aim, Ranged Attack, Rapid Fire and Charge are refused before they are declared", function()
  for _, order in ipairs({ "Aim", 'Ranged Attack -> "Orc"', 'Rapid Fire -> "Orc"', 'Charge -> "Orc"' }) do
    local weapon = order:find("Charge", 1, true) and "Javelin" or "Short Bow"
    local f = sever(pair({ at = "B2", weapon = weapon }, { at = "F2" }), "Aldric", "left arm", "right arm")
    f:round(duel.still(order))
    test.truthy(duel.narrated(f, "is refused (no arms): Defend, the default order"), order)
    test.falsy(duel.narrated(f, "Aldric takes aim"), order)
    test.equal(#f:events("roll"), 0, order .. ": no die rolled")
  end
end)

test.case("default chosen, 'One arm still Uses Items': an Entrapped one-armed character frees itself", function()
  local f = give(sever(pair({ at = "B5" }, {}), "Aldric", "right arm"), "Aldric", "Entrapped")
  f:round(duel.still("Defend"))
  test.falsy(f:has("Aldric", "Entrapped"))
  test.truthy(duel.narrated(f, "Aldric is no longer Entrapped (Use Item, quick)"))
end)

-- Plays the round in which Brenna, without the limbs named, beside Aldric and far from the Orc,
-- Rescues him 10' west; returns the fight.
local function brenna_rescues(...)
  local f = sever(duel.new({
    { name = "Brenna", side = "party", at = "D2", weapon = "Sword", armor = "Leather" },
    { name = "Aldric", side = "party", at = "E2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "J6", weapon = "Axe" },
  }), "Brenna", ...)
  f:round [[
    Brenna:
      1: Rescue W, W -> "Aldric"
      2: Defend
    Aldric:
      1: Defend
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  return f
end

test.case("default chosen, 'No arms: no Rescue, which picks up and carries': refused before anyone moves, the default order", function()
  local f = brenna_rescues("left arm", "right arm")
  test.equal(f:cell("Brenna"), "D2")
  test.equal(f:cell("Aldric"), "E2")
  test.falsy(f:has("Brenna", "Encumbered"))
  test.truthy(duel.narrated(f, "is refused (no arms): Defend, the default order"), "the refusal says why")
end)

test.case("default chosen, 'One arm still Rescues': Aldric is carried 10' west", function()
  local f = brenna_rescues("left arm")
  test.equal(f:cell("Brenna"), "B2")
  test.equal(f:cell("Aldric"), "C2")
  test.truthy(duel.narrated(f, "Brenna picks up Aldric and carries them"))
end)

test.case("a house rule patches rules.severed_limbs: actions = { Rescue = true } lets an armless rescuer drag an ally", function()
  duel.with_patch("rules", { severed_limbs = { no_arms = { actions = { Rescue = true } } } }, function()
    local f = brenna_rescues("left arm", "right arm")
    test.equal(f:cell("Aldric"), "C2")
    test.truthy(duel.narrated(f, "Brenna picks up Aldric and carries them"))
  end)
end)

test.case("a house rule patches rules.severed_limbs: a leg factor of 1 turns the movement effect off", function()
  duel.with_patch("rules", { severed_limbs = { one_leg = { move_factor = 1 } } }, function()
    local f = orc_moves("Sprint 30' E", "Defend", "left leg")
    test.equal(f:cell("Orc"), "I2", "the whole 30'")
    test.falsy(duel.narrated(f, "one leg severed"))
  end)
end)

test.case("a house rule patches rules.severed_limbs: two_handed = false turns the one-armed Disfavor off", function()
  duel.with_patch("rules", { severed_limbs = { one_arm = { two_handed = false } } }, function()
    local f = one_armed_great_axe()
    test.truthy(told(f, "attack", "d20 15 = 15 vs Defense 13 — hit"))
  end)
end)
