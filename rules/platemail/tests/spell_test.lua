-- The Spellcasting Actions and Concentration Checks in a fight, with scripted dice. The source
-- lists no spells: a Released spell is an Attack with the profile of `spells` ("Spell": Range
-- 30', Penetration 1, 1 Wound; README: default chosen). Checks roll d20 + the stat against 10
-- (rules.checks, README: default chosen).
local test = require "arbiter.test"
local arbiter = require "arbiter"
local duel = require "tests.support.duel"
local combat = require "combat"

-- A house rule for these cases: the Long Bow ("Requires Str 2") has a weapon bonus, +2 Attack.
arbiter.patch.table("weapons", { ["Long Bow"] = { ranged = { properties = {
  bonuses = { { stat = "attack", amount = 2, when = {} } } } } } })

-- A house rule's spells for these cases: Ward stays Ongoing once Released; Bolt may be Released at
-- anyone; Heal, healing magic (the README's example), at an ally.
arbiter.patch.table("spells", { Ward = { name = "Ward", range = 30, penetration = 0, wounds = 1, ongoing = true },
                                Bolt = { name = "Bolt", range = 30, penetration = 0, wounds = 1, target = "any" },
                                Heal = { name = "Heal", range = 30, penetration = 0, wounds = 0, target = "any",
                                         stabilizes = true } })

-- The Mage prepares in phase 1 and releases at the Orc in phase 2; the Orc stands still, Ready.
local prepare_and_release = [[
  Mage:
    1: Prepare Spell (Spell)
    2: Release Spell -> "Orc"
  Orc:
    1: Use Item
    2: Use Item
]]

local function caster(dice, orc_at, mage)
  mage = mage or {}
  return duel.new({
    { name = "Mage", side = "party", at = "B2", weapon = mage.weapon or "Staff", armor = "Unarmored", stats = mage.stats },
    { name = "Orc", side = "orcs", at = orc_at or "C2", weapon = "Axe", armor = "Unarmored" },
  }, dice)
end

-- A case played with the house rule's spells `rows` besides the generic "Spell", in place of those
-- above; these cases' are put back after it, whether it passes or not (a patch cannot remove a row).
local function with_spells(rows, body)
  local before = {}
  for name, row in pairs(arbiter.tables.spells) do before[name] = row end
  local spells = { Spell = before.Spell }
  for name, row in pairs(rows) do spells[name] = row end
  arbiter.override.table("spells", spells)
  local ok, err = pcall(body)
  arbiter.override.table("spells", before)
  if not ok then error(err, 0) end
end

test.case("Prepare Spell: 'If not interrupted, your spell is Prepared at the end of this Action Phase'; Release Spell hits", function()
  -- Phase 2 the Release: d20 14 > 13 (Orc Unarmored, Ready); Penetration 1, Absorb 0: 1 Wound.
  local f = caster({ 14 }, "F2")
  f:round(prepare_and_release)
  test.equal(duel.attacks(f, "total"), { 14 })
  test.equal(f:stat("Orc", "wounds"), 1)
  test.equal(f:stat("Mage", "prepared_spell"), false, "Released")
end)

test.case("Release Spell with nothing Prepared: 'Release a Prepared spell' — refused before it is declared, as Focus Spell with no Ongoing Spell: the default order", function()
  -- Not a phase spent Not Ready for nothing: the Mage takes the default order (Defend), at an
  -- enemy or at an ally alike, told why, and no Attack is made.
  local f = duel.new({
    { name = "Mage", side = "party", at = "B2", weapon = "Staff", armor = "Unarmored" },
    { name = "Aldric", side = "party", at = "B3", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "F2", weapon = "Axe", armor = "Unarmored" },
  }, {})
  f:round [[
    Mage:
      1: Release Spell -> "Orc"
      2: Release Spell -> "Aldric"
    Aldric:
      1: Defend
      2: Defend
    Orc:
      1: Use Item
      2: Use Item
  ]]
  test.truthy(duel.narrated(f, "Mage: Defend ('Release Spell -> \"Orc\"' is refused (no Prepared spell to Release): Defend, the default order)"))
  test.truthy(duel.narrated(f, "Mage: Defend ('Release Spell -> \"Aldric\"' is refused (no Prepared spell to Release): Defend, the default order)"))
  test.equal(duel.actions(f, "Mage"), {})
  test.equal(#f:events("attack"), 0)
end)

test.case("Prepare Spell hit, Concentration Check failed: 'your next Action is replaced with the Dazed Involuntary Action' and the spell is lost", function()
  -- The Mage Prepares, Not Ready (Unarmored gives nothing, the Staff's Deflection is "when Ready"):
  -- Defense 10; "Attacks against you gain Favor": the Orc's Counter 8 + 3 = 11 hits. 1 Wound.
  -- Concentration d20 5 + 0 < 10 fails: the phase 2 Release becomes Dazed.
  local f = caster({ 8, 5 })
  f:round [[
    Mage:
      1: Prepare Spell (Spell)
      2: Release Spell -> "Orc"
    Orc:
      1: Counter -> "Mage"
      2: Defend
  ]]
  test.equal(duel.attacks(f, "total"), { 11 })
  test.equal(f:stat("Mage", "wounds"), 1)
  test.equal(duel.actions(f, "Mage")[2], "Dazed")
  test.equal(#f:events("attack"), 1, "no spell Released")
  test.falsy(f:stat("Mage", "prepared_spell"))
end)

test.case("Prepare Spell hit, Concentration Check passed: the spell is still Prepared and Released", function()
  -- Check d20 12 ≥ 10 holds. Phase 2 Release on the Defending Orc (Ready, 13), not a melee Attack
  -- so no Disfavor, but the Mage's Wound of phase 1 counts now: 15 − 1 = 14 > 13 hits.
  local f = caster({ 8, 12, 15 })
  f:round [[
    Mage:
      1: Prepare Spell (Spell)
      2: Release Spell -> "Orc"
    Orc:
      1: Counter -> "Mage"
      2: Defend
  ]]
  test.equal(duel.attacks(f, "total", "Mage"), { 14 })
  test.equal(f:stat("Orc", "wounds"), 1)
end)

test.case("Focus Spell: 'Attacks against you gain Favor'; 'If you fail, your next Action is replaced with the Dazed Involuntary Action and you lose focus'", function()
  local f = caster({ 8, 3 }, nil, { stats = { ongoing_spell = "Spell" } })
  f:round [[
    Mage:
      1: Focus Spell
      2: Defend
    Orc:
      1: Counter -> "Mage"
      2: Defend
  ]]
  test.equal(duel.attacks(f, "total"), { 11 })
  test.equal(duel.actions(f, "Mage")[2], "Dazed")
  test.falsy(f:stat("Mage", "focusing"))
end)

test.case("a Concentration Check failed in the 2nd Action Phase Dazes the next Action: the next Round's 1st", function()
  local f = caster({ 8, 5 })
  f:round [[
    Mage:
      1: Defend
      2: Prepare Spell (Spell)
    Orc:
      1: Defend
      2: Counter -> "Mage"
  ]]
  f:round [[
    Mage:
      1: Defend
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  local mage = {}
  for _, e in ipairs(f:events("acts")) do
    if e.fields.character == "Mage" then mage[#mage + 1] = e.round .. ":" .. e.phase .. " " .. e.fields.action end
  end
  test.equal(mage[#mage], "2:1 Dazed")
end)

test.case("a failed Concentration Check's 'next Action is replaced with the Dazed Involuntary Action' does not cut short a Mace's 'Dazed for next 1d4 Actions'", function()
  -- The Orc's Counter on the focusing Mage (Full Plate takes the Wounds) is a natural 20: Dazed
  -- for d4 4 Actions, round 1 phase 2 to round 3 phase 1. The check, d20 1 < 10, fails: its one
  -- Action is the first of those four. The focus lost, the Ongoing Spell ends: the Mage prepares
  -- another once the Dazed Actions are over.
  local f = duel.new({
    { name = "Mage", side = "party", at = "B2", weapon = "Staff", armor = "Full Plate", stats = { ongoing_spell = "Spell" } },
    { name = "Orc", side = "orcs", at = "C2", weapon = "Mace", armor = "Unarmored" },
  }, { 20, 4, 1 })
  f:round [[
    Mage:
      1: Focus Spell
      2: Focus Spell
    Orc:
      1: Counter -> "Mage"
      2: Defend
  ]]
  for _ = 2, 3 do
    f:round [[
      Mage:
        1: Prepare Spell (Spell)
        2: Prepare Spell (Spell)
      Orc:
        1: Defend
        2: Defend
    ]]
  end
  test.equal(duel.actions(f, "Mage"), { "Focus Spell", "Dazed", "Dazed", "Dazed", "Dazed", "Prepare Spell" })
end)

test.case("Focus Spell with no Ongoing Spell: 'Concentrate on an ongoing spell' — refused before it is declared: the default order", function()
  local f = caster({})
  f:round [[
    Mage:
      1: Focus Spell
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "Mage: Defend ('Focus Spell' is refused (no Ongoing Spell to concentrate on)"))
  test.equal(duel.actions(f, "Mage"), {})
end)

test.case("Focus Spell hit, Concentration Check failed: 'losing Spell Preparation or Focus' — the focus, not a spell Prepared before", function()
  -- Round 1 phase 1 Prepares (unhit); phase 2 Focuses on the Ongoing Spell "Ward", and the Orc's
  -- Counter 8 + 3 (Favor) = 11 > 10 hits; Concentration d20 3 < 10 fails: Dazed, focus lost. The
  -- Spell Prepared in phase 1 is still Prepared.
  local f = caster({ 8, 3 }, nil, { stats = { ongoing_spell = "Ward" } })
  f:round [[
    Mage:
      1: Prepare Spell (Spell)
      2: Focus Spell
    Orc:
      1: Defend
      2: Counter -> "Mage"
  ]]
  test.truthy(duel.narrated(f, "fails: Dazed, focus on Ward is lost"))
  test.falsy(f:stat("Mage", "focusing"))
  test.equal(f:stat("Mage", "prepared_spell"), "Spell")
end)

test.case("Focus Spell's focus lost: 'Concentrate to maintain or control an Ongoing Spell's effects' — unmaintained, the Ongoing Spell ends, and a later Focus Spell has none to concentrate on", function()
  -- Phase 1 Focuses on Ward; the Orc's Counter 8 + 3 (Favor) = 11 > 10 hits; Concentration d20 3 < 10
  -- fails: "you lose focus on the spell". Phase 2 is Dazed; next round's Focus Spell is refused.
  local f = caster({ 8, 3 }, nil, { stats = { ongoing_spell = "Ward" } })
  f:round [[
    Mage:
      1: Focus Spell
      2: Defend
    Orc:
      1: Counter -> "Mage"
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "fails: Dazed, focus on Ward is lost: Ward ends"))
  test.falsy(f:stat("Mage", "ongoing_spell"))
  f:round [[
    Mage:
      1: Focus Spell
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "Mage: Defend ('Focus Spell' is refused (no Ongoing Spell to concentrate on)"))
end)

test.case("an encounter's focusing is refused where written: Focus Spell 'Concentrate on an ongoing spell' is an Action, taken in the Action Phase it concentrates in", function()
  -- A Mage said to be focusing as the fight begins would concentrate on nothing: no rule reads the
  -- stat (a Concentration Check is the Focus Spell Action's). The GM is told what does: the order.
  for _, focusing in ipairs({ true, false }) do
    test.fails(function() caster({}, nil, { stats = { ongoing_spell = "Ward", focusing = focusing } }):round((duel.still("Defend"):gsub("Aldric", "Mage"))) end,
               "Mage's focusing is the fight's own, set as a Focus Spell resolves: a character concentrates on its "
               .. "Ongoing Spell by taking Focus Spell (\"Concentrate on an ongoing spell\"), so give it ongoing_spell "
               .. "and order Focus Spell")
  end
end)

test.case("a Released spell with an `ongoing` profile (house rule) is an Ongoing Spell that Focus Spell concentrates on", function()
  do
    local f = caster({ 14 }, "F2")
    f:round [[
      Mage:
        1: Prepare Spell (Ward)
        2: Release Spell -> "Orc"
      Orc:
        1: Use Item
        2: Use Item
    ]]
    test.equal(f:stat("Mage", "ongoing_spell"), "Ward")
    f:round [[
      Mage:
        1: Focus Spell
        2: Defend
      Orc:
        1: Use Item
        2: Use Item
    ]]
    test.truthy(duel.narrated(f, "Mage concentrates on Ward"))
  end
end)

test.case("Release Spell at oneself or an ally: a Released spell is an Attack, at an enemy — refused before it is declared, the spell kept", function()
  local f = duel.new({
    { name = "Mage", side = "party", at = "B2", weapon = "Staff", armor = "Unarmored" },
    { name = "Aldric", side = "party", at = "B3", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "F2", weapon = "Axe", armor = "Unarmored" },
  }, {})
  f:round [[
    Mage:
      1: Prepare Spell (Spell)
      2: Release Spell -> self
    Aldric:
      1: Defend
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "(Spell is an Attack, made at an enemy: not at oneself)"))
  f:round [[
    Mage:
      1: Release Spell -> "Aldric"
      2: Defend
    Aldric:
      1: Defend
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "(Spell is an Attack, made at an enemy: not at an ally)"))
  test.equal(#f:events("attack"), 0)
  test.equal(f:stat("Mage", "prepared_spell"), "Spell")
end)

test.case("Release Spell at an enemy Concealed as the round starts: 'Characters with Concealment cannot be targeted directly' — refused before it is declared, the spell kept", function()
  -- A hedge at D2 conceals the Orc at F2 from the Mage at B2, whose spell is Prepared. "A released
  -- spell is an Attack" (README): the 1st Action's order is refused, as a Ranged Attack's is, and the
  -- Mage Defends. The 2nd Action's, designated at the round's start too, is judged as the Attack
  -- comes to be made: it cannot be, so nothing is Released, and the spell stays Prepared.
  local f = duel.new({
    { name = "Mage", side = "party", at = "B2", weapon = "Staff", armor = "Unarmored", stats = { prepared_spell = "Spell" } },
    { name = "Orc", side = "orcs", at = "F2", weapon = "Axe", armor = "Unarmored" },
  }, {}, { width = 10, height = 6, terrain = { ["D2"] = { shelter = "concealment" } } })
  f:round [[
    Mage:
      1: Release Spell -> "Orc"
      2: IF my spell is prepared THEN Release Spell -> "Orc" ELSE Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "Mage: Defend ('Release Spell -> \"Orc\"' is refused (Orc is Concealed from Mage: "
                              .. "Characters with Concealment cannot be targeted directly): Defend, the default order)"))
  test.truthy(duel.narrated(f, "Mage (Release Spell) cannot target Orc: Concealed"))
  test.equal(#f:events("attack"), 0)
  test.equal(f:stat("Mage", "prepared_spell"), "Spell")
end)

test.case("Release Spell of a spell whose profile says `target = \"any\"` (house rule) at oneself or an ally: no Attack, no roll, no Wound, as healing magic", function()
  -- "Release a Prepared spell at designated Target(s)": a spell at one's own side is not an Attack
  -- on them (README: default chosen). No dice are scripted: any roll would fail the round. Ward is
  -- Ongoing once Released on the Mage itself, Bolt lands on Aldric; neither hurts.
  with_spells({ Aegis = { name = "Aegis", range = 30, penetration = 0, wounds = 0, target = "any", ongoing = true },
                Bolt = arbiter.tables.spells.Bolt }, function()
  local f = duel.new({
    { name = "Mage", side = "party", at = "B2", weapon = "Staff", armor = "Unarmored", stats = { prepared_spell = "Aegis" } },
    { name = "Aldric", side = "party", at = "B3", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "F2", weapon = "Axe", armor = "Unarmored" },
  }, {})
  f:round [[
    Mage:
      1: Release Spell -> self
      2: Prepare Spell (Bolt)
    Aldric:
      1: Defend
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "Mage Releases Aegis on itself"))
  test.equal(f:stat("Mage", "ongoing_spell"), "Aegis")
  f:round [[
    Mage:
      1: Release Spell -> "Aldric"
      2: Defend
    Aldric:
      1: Defend
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "Mage Releases Bolt on Aldric"))
  test.equal(#f:events("attack"), 0)
  test.falsy(f:stat("Mage", "wounds"))
  test.falsy(f:stat("Aldric", "wounds"))
  test.equal(f:stat("Mage", "prepared_spell"), false, "Released")
  end)
end)

test.case("a spell at an ally beyond its range, measured as the phase began, is not Released", function()
  -- Bolt's Range 30': Aldric at H2 is 30' from the Mage at B2... at I2, 35'. "Range to Targets is
  -- measured at the start of the Action Phase."
  local f = duel.new({
    { name = "Mage", side = "party", at = "B2", weapon = "Staff", armor = "Unarmored", stats = { prepared_spell = "Bolt" } },
    { name = "Aldric", side = "party", at = "I2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "B6", weapon = "Axe", armor = "Unarmored" },
  }, {}, { width = 12, height = 8 })
  f:round [[
    Mage:
      1: Release Spell -> "Aldric"
      2: Defend
    Aldric:
      1: Move 15' W
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "Mage cannot reach Aldric with Bolt: beyond its range of 30'"))
  test.equal(f:stat("Mage", "prepared_spell"), "Bolt")
end)

test.case("a spell of Range 0 (the README's Shield) is a spell on oneself: Released on its caster, an Ongoing Spell to Focus on; at anyone else refused before it is declared", function()
  with_spells({ Shield = { name = "Shield", range = 0, penetration = 0, wounds = 0, ongoing = true } }, function()
  local f = caster({}, "F2", { stats = { prepared_spell = "Shield" } })
  f:round [[
    Mage:
      1: Release Spell -> "Orc"
      2: Release Spell -> self
    Orc:
      1: Defend
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "Mage: Defend ('Release Spell -> \"Orc\"' is refused (Shield has Range 0': a spell on oneself, not on Orc)"))
  test.truthy(duel.narrated(f, "Mage Releases Shield on itself"))
  test.equal(#f:events("attack"), 0)
  test.equal(f:stat("Mage", "ongoing_spell"), "Shield")
  f:round [[
    Mage:
      1: Focus Spell
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "Mage concentrates on Shield"))
  end)
end)

test.case("a spell Prepared under a name no spell defines is Released as the generic profile under that name: 'Begin casting a chosen spell'", function()
  -- With spells defined any name must be one (refused otherwise); an encounter's prepared_spell is
  -- checked likewise. So the name is given while none is defined but the generic one.
  with_spells({}, function()
    local f = caster({ 14 }, "F2")
    f:round [[
      Mage:
        1: Prepare Spell (Firebolt)
        2: Release Spell -> "Orc"
      Orc:
        1: Use Item
        2: Use Item
    ]]
    test.equal(duel.attacks(f, "text"), { "Mage (Release Spell) attacks Orc with Firebolt: d20 14 = 14 vs Defense 13 — hit; 1 Wound, Penetration 1" })
  end)
end)

-- Ana, Fatally Wounded (4 Wounds beyond Max Wounds 3) from the start; Wit, her ally, with Heal
-- Prepared, `wit_at` (10' from Ana unless given); Bo far off; `map`, the map's walls or terrain.
local function healer(wit_at, dice, map)
  map = map or {}
  return duel.new({
    { name = "Ana", side = "party", at = "B2", weapon = "Sword", armor = "Leather", stats = { wounds = 4 } },
    { name = "Wit", side = "party", at = wit_at or "B4", weapon = "Staff", stats = { prepared_spell = "Heal" } },
    { name = "Bo", side = "orcs", at = "J2", weapon = "Sword" },
  }, dice, { width = 12, height = 10, walls = map.walls, terrain = map.terrain })
end

test.case("healing magic: 'Healing magic ... can Stabilize them before death. The Stable Character will still remain "
  .. "Unconscious for 1d4+1 for each Wound' — no Attack roll, no Wound", function()
  -- Released at Ana (10', within Heal's 30'): no d20 is rolled; she is Stable, Unconscious for
  -- 4d4 (2, 3, 1, 4) + 4 = 14 Rounds, her 4 Wounds as they were.
  local f = healer(nil, { 2, 3, 1, 4 })
  f:round [[
    Wit:
      1: Release Spell -> "Ana"
      2: Defend
  ]]
  test.equal(#f:events("attack"), 0, "healing magic is no Attack")
  test.truthy(f:has("Ana", "Stable"))
  test.falsy(f:has("Ana", "Fatally Wounded"))
  test.equal(f:stat("Ana", "wounds"), 4)
  test.equal(f:stat("Ana", "unconscious_rounds"), 14)
  test.truthy(duel.narrated(f, "Wit Stabilizes Ana: Heal (healing magic) — Stable, Unconscious for 4d4 2, 3, 1, 4 +4 = 14 rounds"))
  test.equal(f:stat("Wit", "prepared_spell"), false, "Released")
end)

test.case("healing magic beyond its range, or at one not Fatally Wounded, does nothing and stays Prepared", function()
  -- Wit at B9 is 35' from Ana, beyond Heal's 30'; then Released at Bo, who is not Fatally Wounded.
  local f = healer("B9", {})
  f:round [[
    Wit:
      1: Release Spell -> "Ana"
      2: Release Spell -> "Bo"
  ]]
  test.equal(#f:events("attack"), 0)
  test.truthy(f:has("Ana", "Fatally Wounded"))
  test.truthy(duel.narrated(f, "Wit cannot reach Ana with Heal: beyond its range of 30'"))
  test.truthy(duel.narrated(f, "Wit has no Fatally Wounded character to Stabilize"))
  test.equal(f:stat("Wit", "prepared_spell"), "Heal")
end)

for _, between in ipairs({
  { "a wall", { walls = { { "A2", "A3" }, { "B2", "B3" }, { "C2", "C3" } } }, "no line of sight (a wall or closed door between)" },
  { "a thick bush", { terrain = { B3 = { object = "thick bush", shelter = "concealment" } } }, "Concealed" },
}) do
  test.case(("healing magic is Released at a Target as any spell is: 'Release a Prepared spell at designated Target(s)'; "
    .. "'If line of sight is blocked completely, the Character has Concealment. Characters with Concealment cannot be "
    .. "targeted directly' — through %s, within range, it does nothing and stays Prepared"):format(between[1]), function()
    -- Wit at B4 is 10' from Ana at B2, within Heal's 30', but the wall or the bush between them
    -- blocks the line of sight: as a Bolt Released at her would not be made ("cannot target Ana:
    -- …"), the Heal Stabilizes no one, and no die is rolled (the 4d4 of a Stabilization are never
    -- asked for).
    local f = healer(nil, { 2, 3, 1, 4 }, between[2])
    f:round [[
      Wit:
        1: Release Spell -> "Ana"
        2: Defend
    ]]
    test.truthy(f:has("Ana", "Fatally Wounded"))
    test.falsy(f:has("Ana", "Stable"))
    test.truthy(duel.narrated(f, "Wit cannot target Ana with Heal: " .. between[3]))
    test.equal(f:stat("Wit", "prepared_spell"), "Heal")
  end)
end

-- "Range to Targets is measured at the start of the Action Phase" (Ranged Weapons), for a spell as
-- for a shot: Ana (B3), Fatally Wounded, is carried by Medic's Rescue N from 30' of Wit (B9) to 35'
-- (B2) in the phase Wit Releases at her. Heal's range is 30': she is within it where she stood.
test.case("'Range to Targets is measured at the start of the Action Phase': healing magic reaches one a Rescue "
  .. "carries out of its range that phase", function()
  local f = duel.new({
    { name = "Ana", side = "party", at = "B3", weapon = "Sword", armor = "Leather", stats = { wounds = 4 } },
    { name = "Medic", side = "party", at = "B2", weapon = "Sword", armor = "Leather" },
    { name = "Wit", side = "party", at = "B9", weapon = "Staff", stats = { prepared_spell = "Heal" } },
    { name = "Bo", side = "orcs", at = "J2", weapon = "Sword" },
  }, { 2, 3, 1, 4 }, { width = 12, height = 10 })
  f:round [[
    Medic:
      1: Rescue N -> "Ana"
      2: Defend
    Wit:
      1: Release Spell -> "Ana"
      2: Defend
  ]]
  test.equal(f:cell("Ana"), "B2", "carried 5' farther from Wit")
  test.truthy(duel.narrated(f, "Wit Stabilizes Ana: Heal (healing magic) — Stable, Unconscious for 4d4 2, 3, 1, 4 +4 = 14 rounds"))
  test.truthy(f:has("Ana", "Stable"))
end)

-- The same for a spell that is an Attack: the Orc (B3), Unconscious, is carried by Gob's Rescue N to
-- B2, 35' from the Mage (B9). Measured where it stood, 30': within the Spell's 30', no range band.
test.case("'Range to Targets is measured at the start of the Action Phase': a spell's Attack at one a Rescue carries "
  .. "off has no range penalty for the way it was carried", function()
  local f = duel.new({
    { name = "Mage", side = "party", at = "B9", weapon = "Staff", armor = "Unarmored", stats = { prepared_spell = "Spell" } },
    { name = "Orc", side = "orcs", at = "B3", weapon = "Axe", armor = "Unarmored", stats = { wounds = 4 } },
    { name = "Gob", side = "orcs", at = "B2", weapon = "Axe", armor = "Unarmored" },
  }, { 14 }, { width = 12, height = 10 })
  f:round [[
    Mage:
      1: Release Spell -> "Orc"
      2: Defend
    Gob:
      1: Rescue N -> "Orc"
      2: Defend
  ]]
  test.equal(f:cell("Orc"), "B2", "carried 5' farther from the Mage")
  test.equal(duel.attacks(f, "total"), { 14 }, "d20 14, no range band")
  test.falsy(duel.narrated(f, "range 35'"))
end)

test.case("a Released spell is not a shot of the weapon: a crossbow in hand, loaded or not, neither stops it nor is emptied", function()
  -- Requires Reload: "Requires a Quick or Complex Use Item Action between shots" is the weapon's.
  -- The spell: d20 14 > 13 (Orc Unarmored, Ready).
  for _, loaded in ipairs({ false, true }) do
    local f = caster({ 14 }, "F2", { weapon = "Heavy Crossbow", stats = { loaded = loaded } })
    f:round(prepare_and_release)
    test.equal(duel.attacks(f, "total"), { 14 }, "loaded: " .. tostring(loaded))
    test.equal(f:stat("Mage", "loaded"), loaded)
  end
end)

test.case("a Released spell is not a weapon Attack: the caster's Long Bow gives it neither its Strength shortfall nor its bonus", function()
  -- "Attack rolls are resolved by rolling a D20 and adding or subtracting any modifiers (Favor,
  -- Cover, etc)"; "Requires Str: -1 Attack for each Strength below Requirement" and the bonus are
  -- the weapon's. The Mage (Str 1) holds the Long Bow; its spell: d20 14 alone against the Orc,
  -- Unarmored and Ready (13), a hit (not 14 − 1 + 2 = 15).
  local f = caster({ 14 }, "F2", { weapon = "Long Bow", stats = { strength = 1 } })
  f:round(prepare_and_release)
  test.equal(duel.attacks(f, "text"), { "Mage (Release Spell) attacks Orc with Spell: d20 14 = 14 vs Defense 13 — hit; "
    .. "1 Wound, Penetration 1" })
end)

test.case("a Released Spell (Range 30') at 35': 'Beyond this Range, Attacks receive a -2 penalty'", function()
  local f = caster({ 15 }, "I2")  -- B2 to I2: 35'
  f:round(prepare_and_release)
  test.equal(duel.attacks(f, "total"), { 13 })
end)

test.case("Aim in the 2nd Action Phase helps a Ranged Attack as the next Round's 1st Action", function()
  -- "If your next Action is Ranged Attack, it gains Favor and has +1 Penetration": 9 + 3 = 12 > 11 (Chain Mail).
  local f = duel.pair({ at = "A2", weapon = "Short Bow" }, { at = "F2", armor = "Chain Mail" }, { 9 })
  f:round [[
    Aldric:
      1: Defend
      2: Aim
    Orc:
      1: Use Item
      2: Use Item
  ]]
  f:round [[
    Aldric:
      1: Ranged Attack -> "Orc"
      2: Defend
    Orc:
      1: Use Item
      2: Use Item
  ]]
  test.equal(duel.attacks(f, "total"), { 12 })
  test.equal(duel.attacks(f, "penetration"), { 2 })
end)

test.case("a spell the house rule does not define is refused before it is declared: 'Prepare Spell (Wrd)', did you mean 'Ward'?", function()
  -- With spells defined (Ward, Bolt above), a misspelt name is no spell: it would otherwise be
  -- Prepared and Released as the generic Spell under the name written. The Mage Defends instead,
  -- Ready; nothing is rolled.
  local f = caster({}, "F2")
  f:round [[
    Mage:
      1: Prepare Spell (Wrd)
      2: Release Spell -> "Orc"
    Orc:
      1: Use Item
      2: Use Item
  ]]
  test.truthy(duel.narrated(f, "Mage: Defend ('Prepare Spell (Wrd)' is refused (no spell is named 'Wrd' (did you mean "
                               .. "'Ward'?)): Defend, the default order)"))
  test.falsy(f:stat("Mage", "prepared_spell"))
  test.truthy(duel.narrated(f, "Mage: Defend ('Release Spell -> \"Orc\"' is refused (no Prepared spell to Release)"))
  test.equal(#f:events("attack"), 0)
end)

test.case("a spell name near none the house rule defines is refused, listing them as the pack's other messages list names", function()
  -- words.hint's "otherwise": the spells, joined as words.quoted joins them, so the order's refusal
  -- reads "(no spell is named 'Fireball' (the spells are 'Bolt', 'Heal' and 'Ward'))".
  test.equal({ combat.spell("Fireball") }, { nil, "no spell is named 'Fireball' (the spells are 'Bolt', 'Heal' and 'Ward')" })
end)

test.case("an encounter's prepared_spell and ongoing_spell name a spell, a row of `spells`: refused where written otherwise, with the nearest", function()
  -- Prepare Spell: "Begin casting a chosen spell"; Focus Spell: "Concentrate on an ongoing spell".
  -- A number or a list is no spell (it was Released as the generic Spell, or narrated as a Lua
  -- table); a misspelt name is refused as Prepare Spell's order is.
  local function starting(stats) return function() caster({}, "F2", { stats = stats }):round(prepare_and_release) end end
  test.fails(starting({ prepared_spell = 5 }),
             "Mage's prepared_spell must name a spell, a row of the table 'spells' (like \"Spell\"), not 5")
  test.fails(starting({ ongoing_spell = { "x" } }),
             "Mage's ongoing_spell must name a spell, a row of the table 'spells' (like \"Spell\"), not a list { … }")
  test.fails(starting({ ongoing_spell = "Wrd" }),
             "Mage's ongoing_spell must name a spell: no spell is named 'Wrd' (did you mean 'Ward'?)")
  -- A spell's name is kept, and false is none (as Release Spell leaves it).
  local f = caster({ 8, 3 }, nil, { stats = { prepared_spell = "Bolt", ongoing_spell = false } })
  f:round((duel.still('Release Spell -> "Orc"'):gsub("Aldric", "Mage")))
  test.equal(duel.attacks(f, "attacker"), { "Mage" })
end)

test.case("a Concentration Check tells what was interrupted ('preparing a spell', 'focusing on a spell') and its Wound penalty as every roll does", function()
  -- "Characters hit while Preparing or Focusing on a spell must make a Concentration Check";
  -- "all a Character's rolls ... are at a -1 penalty" for each Wound: told "−1 1 Wound", as the
  -- Attack rolls and the other checks tell it. The Counters hit (8 + 3 Favor = 11 > 10).
  local f = caster({ 8, 3 }, nil, { stats = { ongoing_spell = "Spell", wounds = 1 } })
  f:round [[
    Mage:
      1: Focus Spell
      2: Defend
    Orc:
      1: Counter -> "Mage"
      2: Defend
  ]]
  test.equal(duel.texts(f, "check"),
             { "Mage is hit while focusing on a spell: Concentration Check d20 3 −1 1 Wound = 2 vs 10 — fails: Dazed, focus on "
               .. "Spell is lost: Spell ends" })
  f = caster({ 8, 12 })
  f:round [[
    Mage:
      1: Prepare Spell (Spell)
      2: Defend
    Orc:
      1: Counter -> "Mage"
      2: Defend
  ]]
  test.equal(duel.texts(f, "check"), { "Mage is hit while preparing a spell: Concentration Check d20 12 = 12 vs 10 — holds" })
end)
