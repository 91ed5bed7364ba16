-- The rules of "Combat Mechanics" and "Attack Rolls" through "Wounds" in a fight, with scripted
-- dice: each case quotes its sentence and works the numbers out from the source's tables.
local test = require "arbiter.test"
local duel = require "tests.support.duel"

local pair = duel.pair

test.case("'Shields provide Deflection and Absorb only when a Character is Ready': Ready 15, Not Ready 10", function()
  -- Orc Unarmored ("Ready Only") with a Shield. Phase 1 Use Item (Ready): 10 + 3 + 2 = 15, d20 15
  -- ties, a miss. Phase 2 Full Attack (Not Ready): 10, and "Melee Attacks on you have Favor":
  -- 8 + 3 = 11 hits; no Shield Absorb when Not Ready, so the Wound lands.
  local f = pair({}, { shield = "Shield" }, { 15, 8, 1, 1 })
  f:round [[
    Aldric:
      1: Counter -> "Orc"
      2: Counter -> "Orc"
    Orc:
      1: Use Item
      2: Full Attack -> "Aldric"
  ]]
  test.equal(duel.attacks(f, "total", "Aldric"), { 15, 11 })
  test.equal(duel.attacks(f, "hit", "Aldric"), { false, true })
  test.equal(f:stat("Orc", "wounds"), 1)
end)

test.case("'An Attack roll of a natural 20, is always hits ... +1 Penetration and deals one extra Wound'", function()
  -- Orc Ready in Leather (Use Item): Defense 12, Absorb 1. A natural 20: the Sword's Penetration
  -- 0 + 1 = 1 circumvents Absorb 1, and 1 + 1 extra = 2 Wounds.
  local f = pair({}, { armor = "Leather" }, { 20 })
  f:round(duel.still('Counter -> "Orc"'))
  test.equal(duel.attacks(f, "critical"), { true })
  test.equal(duel.attacks(f, "wounds"), { 2 })
  test.equal(duel.attacks(f, "penetration"), { 1 })
  test.equal(f:stat("Orc", "wounds"), 2)
end)

test.case("a natural 20 always hits, even when the total is not above Defense", function()
  -- Orc Defending (no orders) in Full Plate with a Shield and a Staff: 10 + 3 + 2 + 2 = 17; a
  -- natural 20 − 3 (Defend's Disfavor) = 17 ties, yet hits.
  local f = pair({}, { armor = "Full Plate", shield = "Shield", weapon = "Staff" }, { 20 })
  f:round [[
    Aldric:
      1: Counter -> "Orc"
      2: Defend
  ]]
  test.equal(duel.attacks(f, "total"), { 17 })
  test.equal(duel.attacks(f, "hit"), { true })
end)

test.case("'Absorb is the number of Wounds armor outright prevents per Action Phase': two hits on Leather, 1 Wound; next phase Absorb again", function()
  -- Orc in Leather, Ready (Use Item): 12. Phase 1 Full Attack 13, 13: two hits, Absorb 1: 1 Wound.
  -- Phase 2 one more hit: Absorb 1 again, 0 Wounds: 1 in all.
  local f = pair({}, { armor = "Leather" }, { 13, 13, 14, 1 })
  f:round [[
    Aldric:
      1: Full Attack -> "Orc"
      2: Full Attack -> "Orc"
    Orc:
      1: Use Item
      2: Use Item
  ]]
  test.equal(duel.attacks(f, "hit"), { true, true, true, false })
  test.equal(f:stat("Orc", "wounds"), 1)
end)

test.case("'Penetration ignores Absorb of a Target up to that Penetration value': Heavy Crossbow 3 vs Full Plate 3", function()
  -- Full Plate Ready: Defense 13. d20 14 hits; Penetration 3 circumvents Absorb 3: 1 Wound.
  local f = pair({ at = "A2", weapon = "Heavy Crossbow" }, { at = "F2", armor = "Full Plate" }, { 14 })
  f:round(duel.still('Ranged Attack -> "Orc"'))
  test.equal(f:stat("Orc", "wounds"), 1)
end)

test.case("'Penetration 2, would circumvent Absorb up to 2, but be stopped by Absorb 3': Long Bow vs Full Plate", function()
  local f = pair({ at = "A2", weapon = "Long Bow" }, { at = "F2", armor = "Full Plate" }, { 14 })
  f:round(duel.still('Ranged Attack -> "Orc"'))
  test.equal(duel.attacks(f, "hit"), { true })
  test.equal(f:stat("Orc", "wounds"), nil)
end)

test.case("'For each Wound they receive, all a Character's rolls on subsequent Action Phases are at a -1 penalty'", function()
  -- Aldric Counters (Disfavor on the Orc's melee); the Orc Full Attacks, Unarmored and Not Ready:
  -- Defense 10. Phase 1: Aldric 10 + 3 (Favor: target's Full Attack) = 13 hits, 1 Wound; the
  -- Orc's two rolls 10 − 3 = 7, no −1 yet (same phase). Phase 2 (Aldric Defends): 10 − 3 − 1 = 6.
  local f = pair({}, {}, { 10, 10, 10, 10, 10 })
  f:round [[
    Aldric:
      1: Counter -> "Orc"
      2: Defend
    Orc:
      1: Full Attack -> "Aldric"
      2: Full Attack -> "Aldric"
  ]]
  test.equal(duel.attacks(f, "total", "Aldric"), { 13 })
  test.equal(duel.attacks(f, "total", "Orc"), { 7, 7, 6, 6 })
  test.equal(f:stat("Orc", "wounds"), 1)
end)

test.case("'Once a Character has received Wounds in excess of their Max Wounds they fall to the ground Unconscious. They are now Fatally Wounded'", function()
  -- The Orc has 3 Wounds (Max 3); the 4th puts it down with 3 Rounds to live.
  local f = pair({}, { stats = { wounds = 3 } }, { 14 })
  f:round(duel.still('Counter -> "Orc"'))
  test.equal(f:stat("Orc", "wounds"), 4)
  test.truthy(f:has("Orc", "Unconscious"))
  test.truthy(f:has("Orc", "Fatally Wounded"))
end)

test.case("exactly Max Wounds is not 'in excess of' them: 3 of 3, still standing", function()
  local f = pair({}, { stats = { wounds = 2 } }, { 14 })
  f:round(duel.still('Counter -> "Orc"'))
  test.equal(f:stat("Orc", "wounds"), 3)
  test.falsy(f:has("Orc", "Unconscious"))
end)

test.case("Wounds in excess of Max Wounds when the fight begins: 'they fall to the ground Unconscious. They are now Fatally Wounded'", function()
  -- The encounter gives Aldric 4 Wounds (Max 3): he is down before the first Action Phase, his
  -- orders are not carried out, and round 1 is the first of his 3 Rounds to receive aid.
  local f = pair({ stats = { wounds = 4 } }, {})
  f:round(duel.still('Counter -> "Orc"'))
  test.truthy(f:has("Aldric", "Unconscious"))
  test.truthy(f:has("Aldric", "Fatally Wounded"))
  test.equal(f:stat("Aldric", "rounds_to_live"), 2)
  test.equal(duel.attacks(f, "attacker"), {})
  test.equal(duel.texts(f, "falls"), { "Aldric falls Unconscious, Fatally Wounded: 3 Rounds to live without aid" })
end)

test.case("a fight started midway: the encounter's rounds_to_live is what is left of 'a number of Rounds equal to their Max Wounds to receive aid'", function()
  -- tables/encounter.lua: the fight's own stats, "which an encounter may set to start a fight
  -- midway". Aldric (4 Wounds of 3) has 1 Round left, not all 3: he dies as round 1 ends.
  local f = pair({ stats = { wounds = 4, rounds_to_live = 1 } }, {})
  f:round(duel.still('Counter -> "Orc"'))
  test.equal(duel.texts(f, "falls"), { "Aldric falls Unconscious, Fatally Wounded: 1 Round to live without aid" })
  test.truthy(f:has("Aldric", "Dead"), "dead at the end of round 1")
end)

test.case("rounds_to_live is refused where the encounter writes it for one not Fatally Wounded, or beyond Max Wounds' Rounds", function()
  -- "Once a Character has received Wounds in excess of their Max Wounds ... They are now Fatally
  -- Wounded": 3 of 3 is not, so no Rounds count down; and Max Wounds 3 gives 3 Rounds, no more.
  test.fails(function() pair({ stats = { wounds = 3, rounds_to_live = 2 } }, {}):round() end,
             "Aldric's rounds_to_live is 2, but Aldric does not start Fatally Wounded (3 Wounds, Max Wounds 3): Rounds "
             .. "to live count down only for one the encounter gives Wounds in excess of Max Wounds")
  test.fails(function() pair({ stats = { wounds = 4, rounds_to_live = 4 } }, {}):round() end,
             "Aldric's rounds_to_live is 4, more than the 3 Rounds one of Max Wounds 3 has to receive aid")
end)

test.case("the fight's own stats of Stable and Hidden characters are refused where the encounter writes them: it gives no statuses", function()
  -- Stabilize: "they are Stable ... remain Unconscious for 1d4+1 for each Wound"; Skulk's Hidden
  -- and "keep your last Stealth roll". An encounter starts no one Stable or Hidden, so these would
  -- be read by nothing, then overwritten.
  for stat, value in pairs({ unconscious_rounds = 3, stabilized_in_round = 1, stealth_roll = 15, ambushed = { "Orc" } }) do
    test.fails(function() pair({ stats = { wounds = 4, [stat] = value } }, {}):round() end,
               ("Aldric's %s is the fight's own, kept while a character is "):format(stat))
  end
  test.fails(function() pair({ stats = { stealth_roll = 15 } }, {}):round() end,
             "Aldric's stealth_roll is the fight's own, kept while a character is Hidden (its last Stealth roll), and an "
             .. "encounter gives no statuses: none starts Stable or Hidden")
end)

test.case("exactly Max Wounds when the fight begins is not 'in excess of' them: 3 of 3, still fighting", function()
  local f = pair({ stats = { wounds = 3 } }, {}, { 14 })
  f:round(duel.still('Counter -> "Orc"'))
  test.falsy(f:has("Aldric", "Unconscious"))
  test.equal(duel.attacks(f, "attacker"), { "Aldric" })
end)

test.case("'a number of Rounds equal to their Max Wounds to receive aid before they die': 3 whole Rounds after the fall", function()
  -- The Orc falls at the end of round 1's 1st Action Phase; rounds 2, 3 and 4 are its 3 Rounds.
  local f = pair({}, { stats = { wounds = 3 } }, { 14 })
  f:round(duel.still('Counter -> "Orc"'))
  f:round()
  f:round()
  test.falsy(f:has("Orc", "Dead"), "still alive after the 3rd Round")
  test.equal(f:stat("Orc", "rounds_to_live"), 1)
  f:round()
  test.truthy(f:has("Orc", "Dead"), "dead once its Rounds are spent")
end)

test.case("'a number of Rounds equal to their Max Wounds to receive aid': Max Wounds 0 gives no whole Round, dead as the Round of the fall ends", function()
  -- The Orc (Max Wounds 0) takes a Wound in round 1's 1st Action Phase: "0 Rounds to live". As
  -- Max Wounds 1 lives through the rest of the Round of the fall and one more, 0 lives through
  -- the rest of that Round only.
  local f = pair({}, { stats = { max_wounds = 0 } }, { 14 })
  f:round(duel.still('Counter -> "Orc"'))
  test.equal(duel.texts(f, "falls"), { "Orc falls Unconscious, Fatally Wounded: 0 Rounds to live without aid" })
  test.truthy(f:has("Orc", "Dead"), "dead at the end of round 1")
  test.equal(duel.texts(f, "dies"), { "Orc dies of their Wounds" })
end)

test.case("death ends the fight for the dead: its Dazed ends as it dies, never told wearing off over the body", function()
  -- The Mace's Critical Hit Dazes the Orc (Max Wounds 0) for d4 2 Actions, into round 2's 1st
  -- Action Phase, and drops it: it dies as round 1 ends, with Actions of Dazed left.
  local f = pair({ weapon = "Mace" }, { stats = { max_wounds = 0 } }, { 20, 2 })
  f:round(duel.still('Counter -> "Orc"'))
  test.truthy(f:has("Orc", "Dead"))
  test.falsy(f:has("Orc", "Dazed"), "Dazed ends with death")
  test.truthy(duel.narrated(f, "Orc is no longer Dazed (dead)"))
  f:round()
  test.falsy(duel.narrated(f, "Orc's Dazed wears off"))
  test.equal(#f:events("status_expired"), 0)
end)

test.case("Max Wounds 1: '1 Round to live' is the Round after the fall, to its end", function()
  local f = pair({}, { stats = { max_wounds = 1, wounds = 1 } }, { 14 })
  f:round(duel.still('Counter -> "Orc"'))
  test.falsy(f:has("Orc", "Dead"))
  f:round()
  test.truthy(f:has("Orc", "Dead"))
end)

test.case("overkill: 'Targets can overlap between Characters and sometimes this leads to overkill due to simultaneous resolution'", function()
  -- Two attackers hit the Orc (3 Wounds already, Unarmored, Ready: 13) in the same phase: both
  -- Wounds count, 5 in all, though the first already put it down.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Leather" },
    { name = "Brenna", side = "party", at = "D2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Unarmored", stats = { wounds = 3 } },
  }, { 14, 14 })
  f:round [[
    Aldric:
      1: Counter -> "Orc"
      2: Defend
    Brenna:
      1: Counter -> "Orc"
      2: Defend
    Orc:
      1: Use Item
      2: Use Item
  ]]
  test.equal(f:stat("Orc", "wounds"), 5)
end)

test.case("simultaneous resolution: a character taken down in a phase still makes its Attack in that phase", function()
  -- Aldric Full Attacks the Orc (3 Wounds, Countering: Unarmored, Ready, 13; Disfavor): 17 − 3 =
  -- 14 hits, 1 − 3 misses. The Orc goes down at the end of the phase, yet its Counter lands:
  -- Aldric is Not Ready (Defense 10: Unarmored is Ready Only, the Sword's +1 is "when Ready"),
  -- Full Attack gives Favor and the Orc's 3 Wounds −3: 11 + 3 − 3 = 11 > 10.
  local f = pair({ armor = "Unarmored" }, { stats = { wounds = 3 } }, { 17, 1, 11 })
  f:round [[
    Aldric:
      1: Full Attack -> "Orc"
      2: Defend
    Orc:
      1: Counter -> "Aldric"
      2: Defend
  ]]
  test.truthy(f:has("Orc", "Unconscious"))
  test.equal(duel.attacks(f, "total", "Orc"), { 11 })
  test.equal(duel.attacks(f, "hit", "Orc"), { true })
  test.equal(f:stat("Aldric", "wounds"), 1)
end)

test.case("'Cover gives a -2 to rolls that target the Character in Cover'", function()
  -- A wall-high crate at D2 gives Cover between the archer at A2 and the Orc at F2 (Ready, Leather: 12).
  -- d20 14 − 2 = 12 ties: a miss.
  local f = pair({ at = "A2", weapon = "Short Bow" }, { at = "F2", armor = "Leather" }, { 14 },
    { width = 10, height = 6, terrain = { ["D2"] = { shelter = "cover" } } })
  f:round(duel.still('Ranged Attack -> "Orc"'))
  test.equal(duel.attacks(f, "total"), { 12 })
  test.equal(duel.attacks(f, "hit"), { false })
end)

test.case("'Characters with Concealment cannot be targeted directly': an order naming one is refused before it is declared", function()
  -- Concealed from where Aldric stands as the orders are read, the Orc cannot be designated ("Most
  -- Actions require one or more designated Targets, which must be declared with the Action order"):
  -- Aldric takes the default order, told why, as with a weapon that cannot make the Attack, and
  -- `arbiter check` foresees it (tests/cli_test.cpp).
  local f = pair({ at = "A2", weapon = "Short Bow" }, { at = "F2", armor = "Leather" }, {},
    { width = 10, height = 6, terrain = { ["D2"] = { shelter = "concealment" } } })
  f:round(duel.still('Ranged Attack -> "Orc"'))
  test.equal(#f:events("attack"), 0)
  test.equal(#f:events("attack_missed_out"), 0)
  local declared = f:events("declared")[1]
  test.equal({ declared.fields.character, declared.fields.action, declared.fields.refused, declared.fields.reason },
    { "Aldric", "Defend", 'Ranged Attack -> "Orc"',
      "Orc is Concealed from Aldric: Characters with Concealment cannot be targeted directly" })
  -- A cell names whoever stands there, and is refused alike; a general target passes the Orc over.
  local cell = pair({ at = "A2", weapon = "Short Bow" }, { at = "F2", armor = "Leather" }, {},
    { width = 10, height = 6, terrain = { ["D2"] = { shelter = "concealment" } } })
  cell:round(duel.still("Ranged Attack -> F2"))
  test.equal(cell:events("declared")[1].fields.refused, "Ranged Attack -> F2")
end)

test.case("Concealment reached while everyone moves: the order stands, and the Attack is not made at one Concealed by then", function()
  -- The Orc is in the open at F2 when the orders are read, then steps into the hedge at G2: Aldric's
  -- shot, declared at a target it could see, finds it Concealed when it is made.
  local f = pair({ at = "A2", weapon = "Short Bow" }, { at = "F2", armor = "Leather" }, {},
    { width = 10, height = 6, terrain = { ["G2"] = { object = "hedge", shelter = "concealment" } } })
  f:round [[
    Aldric:
      1: Ranged Attack -> "Orc"
      2: Defend
    Orc:
      1: Move E
      2: Defend
  ]]
  test.equal(f:cell("Orc"), "G2")
  test.equal(#f:events("attack"), 0)
  test.equal(duel.texts(f, "attack_missed_out"), { "Aldric (Ranged Attack) cannot target Orc: Concealed" })
  -- A 2nd Action's Target was designated as the round started ("All Characters declare their Action
  -- orders at the start of each Round"), when the Orc was in the open: its order stands though the
  -- Orc is in the hedge when the 2nd Action Phase begins, and the Attack tells what it finds.
  local later = pair({ at = "A2", weapon = "Short Bow" }, { at = "F2", armor = "Leather" }, {},
    { width = 10, height = 6, terrain = { ["G2"] = { object = "hedge", shelter = "concealment" } } })
  later:round [[
    Aldric:
      1: Defend
      2: Ranged Attack -> "Orc"
    Orc:
      1: Move E
      2: Use Item
  ]]
  local second = later:events("declared")[3]
  test.equal({ second.fields.character, second.fields.action, second.fields.refused }, { "Aldric", "Ranged Attack", nil })
  test.equal(duel.texts(later, "attack_missed_out"), { "Aldric (Ranged Attack) cannot target Orc: Concealed" })
end)

test.case("a wall between blocks the line of sight completely: told as a wall, not as the map's Concealment", function()
  -- "If line of sight is blocked completely, the Character has Concealment": the Orc cannot be
  -- targeted across the wall, in the open though both stand. The 1st Action's order is refused as
  -- it is read, the 2nd's Attack as it is made; each says a wall is between.
  local f = pair({ at = "A2", weapon = "Short Bow" }, { at = "F2", armor = "Leather" }, {},
    { width = 10, height = 6, walls = { { "C1", "D1" }, { "C2", "D2" }, { "C3", "D3" } } })
  f:round [[
    Aldric:
      1: Ranged Attack -> "Orc"
      2: Ranged Attack -> "Orc"
    Orc:
      1: Use Item
      2: Use Item
  ]]
  test.equal(#f:events("attack"), 0)
  test.equal(f:events("declared")[1].fields.reason,
    "Orc is out of Aldric's line of sight (a wall or closed door between): Characters with Concealment cannot be targeted directly")
  test.equal(duel.texts(f, "attack_missed_out"),
    { "Aldric (Ranged Attack) cannot target Orc: no line of sight (a wall or closed door between)" })
end)

-- The Orc (Leather, Ready: Defense 12) stands in F2, whose terrain gives `shelter`; Aldric shoots
-- from A2 and Brenna, beside it at G2, Counters; the Orc uses items, adding no Favor or Disfavor.
local function in_shelter(shelter, dice)
  local f = duel.new({
    { name = "Aldric", side = "party", at = "A2", weapon = "Short Bow", armor = "Leather" },
    { name = "Brenna", side = "party", at = "G2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "F2", weapon = "Axe", armor = "Leather" },
  }, dice, { width = 10, height = 6, terrain = { ["F2"] = { object = "low wall", shelter = shelter } } })
  f:round [[
    Aldric:
      1: Ranged Attack -> "Orc"
      2: Defend
    Brenna:
      1: Counter -> "Orc"
      2: Defend
    Orc:
      1: Use Item
      2: Use Item
  ]]
  return f
end

test.case("Cover is 'an object ... between them and a Character targeting them': one standing in a cover cell has it from afar, not against one beside it", function()
  -- Default chosen (README): Aldric's d20 14 − 2 Cover = 12 ties 12, a miss; Brenna reaches
  -- around the low wall: d20 14 = 14, a hit.
  local f = in_shelter("cover", { 14, 14 })
  test.truthy(duel.narrated(f, "Aldric (Ranged Attack) attacks Orc with Short Bow: d20 14 −2 Cover = 12 vs Defense 12 — miss"))
  test.truthy(duel.narrated(f, "Brenna (Counter) attacks Orc with Sword: d20 14 = 14 vs Defense 12 — hit"))
end)

test.case("Concealment in the cell one stands in: 'cannot be targeted directly' from afar; one beside it still attacks", function()
  local f = in_shelter("concealment", { 14 })
  test.truthy(duel.narrated(f, "Aldric: Defend ('Ranged Attack -> \"Orc\"' is refused (Orc is Concealed from Aldric: "
                               .. "Characters with Concealment cannot be targeted directly): Defend, the default order)"))
  test.equal(duel.attacks(f, "attacker"), { "Brenna" })
end)

test.case("the house rule `cover = { own_cell = false }`: only what stands between counts, as grid.sight has it", function()
  duel.with_patch("rules", { cover = { own_cell = false } }, function()
    local f = in_shelter("cover", { 14, 14 })
    test.truthy(duel.narrated(f, "Aldric (Ranged Attack) attacks Orc with Short Bow: d20 14 = 14 vs Defense 12 — hit"))
  end)
end)

-- A low wall at B2, beside Aldric (A2, Short Bow); the Orc (Short Bow, Leather, Ready: 12) in the
-- open at G2, 30' off. Both shoot at once: d20 13 each.
local function over_the_wall(dice)
  local f = pair({ at = "A2", weapon = "Short Bow" }, { at = "G2", weapon = "Short Bow", armor = "Leather" }, dice,
    { width = 10, height = 3, terrain = { ["B2"] = { object = "low wall", shelter = "cover" } } })
  f:round [[
    Aldric:
      1: Ranged Attack -> "Orc"
      2: Defend
    Orc:
      1: Ranged Attack -> "Aldric"
      2: Defend
  ]]
  return f
end

test.case("a low wall beside the shooter is shot over, as one in its own cell: no Cover to a target in the open", function()
  -- Cover is "an object ... between them and a Character targeting them": the wall shelters
  -- Aldric, who crouches at it, and not the Orc 25' beyond it (README: default chosen,
  -- `rules.cover.beside_attacker`). Aldric's d20 13 = 13 > 12 hits; the Orc's d20 13 − 2 Cover = 11
  -- against Aldric (Leather, Ready: 12) misses.
  local f = over_the_wall({ 13, 13 })
  test.truthy(duel.narrated(f, "Aldric (Ranged Attack) attacks Orc with Short Bow: d20 13 = 13 vs Defense 12 — hit"))
  test.truthy(duel.narrated(f, "Orc (Ranged Attack) attacks Aldric with Short Bow: d20 13 −2 Cover = 11 vs Defense 12 — miss"))
end)

test.case("the house rule `cover = { beside_attacker = false }`: the wall beside the shooter covers its target too", function()
  duel.with_patch("rules", { cover = { beside_attacker = false } }, function()
    local f = over_the_wall({ 13, 13 })
    test.truthy(duel.narrated(f, "Aldric (Ranged Attack) attacks Orc with Short Bow: d20 13 −2 Cover = 11 vs Defense 12 — miss"))
  end)
end)

test.case("'Ranged Attacks from High Ground receive +2 Attack'", function()
  -- The archer stands on a height-1 cell: d20 11 + 2 = 13 > 12.
  local f = pair({ at = "A2", weapon = "Short Bow" }, { at = "F2", armor = "Leather" }, { 11 },
    { width = 10, height = 6, terrain = { ["A2"] = { height = 1 } } })
  f:round(duel.still('Ranged Attack -> "Orc"'))
  test.equal(duel.attacks(f, "total"), { 13 })
end)

test.case("range bands: 'Beyond this Range, Attacks receive a -2 penalty for each additional Range increment' — 35' is −2", function()
  local f = pair({ at = "A2", weapon = "Short Bow" }, { at = "H2", armor = "Leather" }, { 15 })
  f:round(duel.still('Ranged Attack -> "Orc"'))
  test.equal(duel.attacks(f, "total"), { 13 })
end)

test.case("'Ranged Weapons cannot reach further than 4 times their Range': a Short Bow at 125' cannot Attack", function()
  local f = pair({ at = "A2", weapon = "Short Bow" }, { at = "Z2", armor = "Leather" }, {},
    { width = 27, height = 4 })
  f:round(duel.still('Ranged Attack -> "Orc"'))
  test.equal(#f:events("attack"), 0)
  test.equal(#f:events("attack_missed_out"), 1)
end)

test.case("'Ranged Weapons cannot reach further than 4 times their Range' on a Euclidean map: 122.6' is refused, 31.6' is −2", function()
  -- A1 to Y6 is √(24² + 5²) × 5' = 122.6': beyond 120', no Attack. A1 to G3 is √40 × 5' = 31.6':
  -- "-2 penalty for each additional Range increment (round up)": d20 15 − 2 = 13 > 12 (Leather,
  -- Ready) hits.
  local f = duel.new({
    { name = "Archer", side = "party", at = "A1", weapon = "Short Bow", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "Y6", weapon = "Axe", armor = "Leather" },
    { name = "Gob", side = "orcs", at = "G3", weapon = "Axe", armor = "Leather" },
  }, { 15 }, { width = 30, height = 10, metric = "euclidean" })
  f:round [[
    Archer:
      1: Ranged Attack -> "Orc"
      2: Ranged Attack -> "Gob"
    Orc:
      1: Use Item
      2: Use Item
    Gob:
      1: Use Item
      2: Use Item
  ]]
  test.equal(duel.texts(f, "attack_missed_out"), { "Archer (Ranged Attack) cannot reach Orc: 122.6' is beyond 120' (4 × Range 30')" })
  test.equal(duel.attacks(f, "total"), { 13 })
  test.truthy(duel.narrated(f, "d20 15 −2 range 31.6' (over 30', up to 60') = 13"))
end)

test.case("'Range to Targets is measured at the start of the Action Phase': a Sprinter 30' away is shot at 30'", function()
  -- The Orc at G2 (30') Sprints 30' east to M2 (60'). The Short Bow measures 30': no range
  -- penalty, but "Ranged Attacks against you are made with Disfavor": 17 − 3 = 14. Sprint is Not
  -- Ready: Unarmored gives nothing, Defense 10, a hit.
  local f = pair({ at = "A2", weapon = "Short Bow" }, { at = "G2" }, { 17 }, { width = 16, height = 4 })
  f:round [[
    Aldric:
      1: Ranged Attack -> "Orc"
      2: Defend
    Orc:
      1: Sprint E, E, E, E, E, E
      2: Defend
  ]]
  test.equal(f:cell("Orc"), "M2")
  test.equal(duel.attacks(f, "total"), { 14 })
  test.equal(duel.attacks(f, "hit"), { true })
end)

test.case("Tower Shield 'provides Cover to wielder and adjacent allies': the ally's Cover names the shield, as the wielder's own does", function()
  -- "−2 Cover (Brenna's Tower Shield)" on Aldric, beside her; "−2 Cover (Tower Shield)" on Brenna.
  local f = duel.new({
    { name = "Archer", side = "orcs", at = "A2", weapon = "Short Bow", armor = "Leather" },
    { name = "Aldric", side = "party", at = "E2", weapon = "Sword", armor = "Leather" },
    { name = "Brenna", side = "party", at = "E3", weapon = "Sword", armor = "Leather", shield = "Tower Shield" },
  }, { 14, 14 })
  f:round [[
    Archer:
      1: Ranged Attack -> "Aldric"
      2: Ranged Attack -> "Brenna"
    Aldric:
      1: Use Item
      2: Use Item
    Brenna:
      1: Use Item
      2: Use Item
  ]]
  test.truthy(duel.narrated(f, "Archer (Ranged Attack) attacks Aldric with Short Bow: d20 14 −2 Cover (Brenna's Tower Shield) = 12"))
  test.truthy(duel.narrated(f, "Archer (Ranged Attack) attacks Brenna with Short Bow: d20 14 −2 Cover (Tower Shield) = 12"))
end)

test.case("Tower Shield: 'When held, provides Cover to wielder and adjacent allies' — the ally beside it is in Cover", function()
  -- Brenna holds a Tower Shield beside Aldric (E2, Leather, Ready: 12). The archer's 14 − 2 = 12 ties: a miss.
  local f = duel.new({
    { name = "Archer", side = "orcs", at = "A2", weapon = "Short Bow", armor = "Leather" },
    { name = "Aldric", side = "party", at = "E2", weapon = "Sword", armor = "Leather" },
    { name = "Brenna", side = "party", at = "E3", weapon = "Sword", armor = "Leather", shield = "Tower Shield" },
  }, { 14 })
  f:round [[
    Archer:
      1: Ranged Attack -> "Aldric"
      2: Defend
    Aldric:
      1: Use Item
      2: Use Item
  ]]
  test.equal(duel.attacks(f, "total"), { 12 })
  test.equal(duel.attacks(f, "hit"), { false })
end)

test.case("Tower Shield: 'When held, provides Cover to wielder and adjacent allies' — not held by one Unconscious", function()
  -- Brenna, beside Aldric with a Tower Shield, is down (Wounds beyond Max Wounds: Unconscious from
  -- the start). She holds nothing up: no Cover (−2) for Aldric (Defense 13), whom the archer's 14
  -- hits (12 with Cover would miss), nor for herself (Defense 12), whom 13 hits.
  local f = duel.new({
    { name = "Archer", side = "orcs", at = "A2", weapon = "Short Bow", armor = "Leather" },
    { name = "Aldric", side = "party", at = "E2", weapon = "Sword", armor = "Leather" },
    { name = "Brenna", side = "party", at = "E3", weapon = "Sword", armor = "Leather", shield = "Tower Shield",
      stats = { wounds = 4 } },
  }, { 14, 13 })
  f:round [[
    Archer:
      1: Ranged Attack -> "Aldric"
      2: Ranged Attack -> "Brenna"
    Aldric:
      1: Use Item
      2: Use Item
  ]]
  test.truthy(f:has("Brenna", "Unconscious"))
  test.equal(duel.attacks(f, "total"), { 14, 13 })
  test.equal(duel.attacks(f, "hit"), { true, true })
end)
