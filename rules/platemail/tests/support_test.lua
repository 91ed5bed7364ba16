-- The Support Actions in a fight (Use Item, Rescue, Stabilize) and what Stabilize saves a
-- character from, with scripted dice. Checks roll d20 + the stat against 10 (rules.checks).
local test = require "arbiter.test"
local duel = require "tests.support.duel"

local function shooter(weapon, dice)
  -- Aldric Unarmored ("+3 … Ready Only"): Ready 10 + 3 = 13, Not Ready 10. The Orc beside him
  -- Counters. (A crossbow takes both hands: a shield would give nothing.)
  return duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = weapon, armor = "Unarmored", stats = { loaded = false } },
    { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Leather" },
  }, dice)
end
local reload_sheet = [[
    Aldric:
      1: Use Item (reload)
      2: Defend
    Orc:
      1: Counter -> "Aldric"
      2: Defend
]]

test.case("Use Item, complex: 'Reloading a heavy crossbow' leaves you Not Ready — no Ready Only +3: 12 > 10 hits", function()
  local f = shooter("Heavy Crossbow", { 12 })
  f:round(reload_sheet)
  test.equal(f:stat("Aldric", "loaded"), true)
  test.equal(duel.attacks(f, "hit"), { true })
end)

test.case("Use Item, quick: 'reloading a light crossbow' — 'You remain Ready': Unarmored's +3 counts, 12 < 13 misses", function()
  local f = shooter("Light Crossbow", { 12 })
  f:round(reload_sheet)
  test.equal(f:stat("Aldric", "loaded"), true)
  test.equal(duel.attacks(f, "hit"), { false })
end)

test.case("Use Item, complex: 'Removing armor' — 'You become Not Ready' (the Shield gives nothing: 13 > 12 hits), and the armor comes off", function()
  -- Aldric (Sword, Leather, Shield): Ready 10 + 2 + 2 + 1 (Sword) = 15; Not Ready 10 + 2 = 12.
  local f = duel.pair({ shield = "Shield" }, {}, { 13 })
  f:round [[
    Aldric:
      1: Use Item (remove armor)
      2: Defend
    Orc:
      1: Counter -> "Aldric"
      2: Defend
  ]]
  test.equal(duel.attacks(f, "hit"), { true })
  test.equal(f:stat("Aldric", "armor"), "Unarmored")
  test.truthy(duel.narrated(f, "Aldric removes the Leather (Use Item, complex)"))
end)

test.case("Rescue: 'Move up to 15 feet, picking up and carrying an ally' — the ally comes along", function()
  local f = duel.new({
    { name = "Brenna", side = "party", at = "B2", weapon = "Sword", armor = "Leather" },
    { name = "Aldric", side = "party", at = "C2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "J6", weapon = "Axe", armor = "Leather" },
  }, {})
  f:round [[
    Brenna:
      1: Rescue -> "Aldric"
      2: Defend
    Aldric:
      1: Defend
      2: Defend
  ]]
  local picked = false
  for _, line in ipairs(f:narration()) do picked = picked or line:find("Brenna picks up Aldric", 1, true) ~= nil end
  test.truthy(picked, "Brenna picks Aldric up")
end)

test.case("Rescue: 'Attacks on you have Favor'; 'If you are hit, roll a die: On even numbers, the Character you are carrying is hit instead'", function()
  -- Brenna picks Aldric up and stays put; the Orc Counters her in the same phase: Leather, Not
  -- Ready: 12; 10 + 3 = 13 hits; d6 2 (even): Aldric (Unarmored, Defending) takes the Wound.
  local f = duel.new({
    { name = "Brenna", side = "party", at = "B2", weapon = "Sword", armor = "Leather" },
    { name = "Aldric", side = "party", at = "A2", weapon = "Sword", armor = "Unarmored" },
    { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Leather" },
  }, { 10, 2 })
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
  test.equal(duel.attacks(f, "total"), { 13 })
  test.equal(duel.attacks(f, "target"), { "Aldric" })
  test.equal(f:stat("Aldric", "wounds"), 1)
  test.equal(f:stat("Brenna", "wounds"), nil)
end)

local function fallen(dice, medic_wounds)
  -- The Orc's Counter puts Aldric (3 Wounds, Max 3; Unarmored and Ready: 13, + 1 Sword = 14) down
  -- in round 1, phase 1: d20 18 > 14, the 4th Wound. See each case for the rest of the dice.
  return duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Unarmored", stats = { wounds = 3 } },
    { name = "Medic", side = "party", at = "B3", weapon = "Staff", armor = "Leather",
      stats = { medical = 2, wounds = medic_wounds } },
    { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Leather" },
  }, dice)
end
local strike = [[
    Aldric:
      1: Use Item
      2: Use Item
    Medic:
      1: Defend
      2: Defend
    Orc:
      1: Counter -> "Aldric"
      2: Defend
]]

test.case("Stabilize: 'Attempt a Medical roll ... On success, they are Stable' and 'remain Unconscious for 1d4+1 for each Wound'", function()
  -- Round 1: the Orc's 18 > 14 (Unarmored 13 + Sword 1, Ready): 4 Wounds, Fatally Wounded.
  -- Round 2: Medical d20 9 + 2 = 11 ≥ 10. 4 Wounds: four 1d4+1 rolled 1, 1, 1, 1 = 8 Rounds.
  local f = fallen({ 18, 9, 1, 1, 1, 1 })
  f:round(strike)
  test.truthy(f:has("Aldric", "Fatally Wounded"))
  f:round [[
    Medic:
      1: Stabilize -> "Aldric"
      2: Defend
  ]]
  test.truthy(f:has("Aldric", "Stable"))
  test.falsy(f:has("Aldric", "Fatally Wounded"))
  test.truthy(f:has("Aldric", "Unconscious"))
  for _ = 1, 10 do f:round() end
  test.falsy(f:has("Aldric", "Dead"))
  test.falsy(f:has("Aldric", "Unconscious"), "a Stable character wakes after its Rounds")
end)

test.case("Stabilize is 'to prevent a Fatally Wounded Character from expiring': not one already dead, who is no one's 'dying ally'", function()
  -- Aldric (1 Wound, Max Wounds 0) is down as the fight begins, with "0 Rounds to live": dead as
  -- round 1 ends. In round 2 nothing can Stabilize him, and no die is rolled for it.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Unarmored", stats = { wounds = 1, max_wounds = 0 } },
    { name = "Medic", side = "party", at = "B3", weapon = "Staff", armor = "Leather", stats = { medical = 2 } },
    { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Leather" },
  }, {})
  f:round()
  test.truthy(f:has("Aldric", "Dead"))
  test.falsy(f:has("Aldric", "Fatally Wounded"), "death ends the countdown: Dead, no longer dying")
  f:round [[
    Medic:
      1: IF an ally is dying THEN Stabilize -> the dying ally ELSE Defend
      2: Stabilize -> "Aldric"
    Orc:
      1: Full Attack -> "Aldric"
      2: Defend
  ]]
  test.equal(#f:events("roll"), 0, "no die rolled")
  test.falsy(f:has("Aldric", "Stable"))
  test.truthy(f:has("Aldric", "Dead"))
  local told = table.concat(f:narration(), "\n")
  test.truthy(told:find("Medic: Defend", 1, true), "a dead ally is not dying")
  test.truthy(told:find("Medic cannot Stabilize Aldric: Aldric is dead", 1, true))
  test.truthy(told:find("Orc (Full Attack) cannot attack Aldric: already dead", 1, true))
end)

test.case("Stable: 'remain Unconscious for 1d4+1 for each Wound' — whole Rounds after the Round of the Stabilization, whenever it comes", function()
  -- Aldric falls in round 1's 1st Action Phase (the Orc's 18 > 14). Medical 9 + 2 = 11, four 1d4+1
  -- of 1: 8 Rounds Unconscious, after the Round he is Stabilized in (README), be it the Round of
  -- the fall or the next.
  local function wakes_8_rounds_after(sheets)
    local f = fallen({ 18, 9, 1, 1, 1, 1 })
    for _, sheet in ipairs(sheets) do f:round(sheet) end
    test.truthy(f:has("Aldric", "Stable"), #sheets .. " Round(s) played")
    for _ = 1, 7 do f:round() end
    test.truthy(f:has("Aldric", "Unconscious"), "7 Rounds later: still Unconscious")
    test.equal(f:stat("Aldric", "unconscious_rounds"), 1)
    f:round()
    test.falsy(f:has("Aldric", "Unconscious"), "8 Rounds later: awake")
  end
  wakes_8_rounds_after({ [[
    Aldric:
      1: Use Item
      2: Use Item
    Medic:
      1: Defend
      2: Stabilize -> "Aldric"
    Orc:
      1: Counter -> "Aldric"
      2: Defend
  ]] })
  wakes_8_rounds_after({ strike, [[
    Medic:
      1: Stabilize -> "Aldric"
      2: Defend
  ]] })
end)

test.case("Stabilize: 'Attempt a Medical roll ... On success, they are Stable' — the roll told first, then what it does", function()
  -- Round 1 the Orc's 18 fells Aldric; round 2 Medical 9 + 2 = 11 Stabilizes him (four 1d4+1 of 1).
  local f = fallen({ 18, 9, 1, 1, 1, 1 })
  f:round(strike)
  f:round [[
    Medic:
      1: Stabilize -> "Aldric"
      2: Defend
  ]]
  local told = table.concat(f:narration(), "\n")
  local roll = told:find("Medic Stabilizes Aldric: Medical", 1, true)
  local effect = told:find("Aldric is no longer Fatally Wounded (Stabilized by Medic)", 1, true)
  test.truthy(roll and effect and roll < effect, told)
end)

test.case("a Stable character hit again beyond Max Wounds is Fatally Wounded again, with a fresh count (default chosen)", function()
  -- Round 1: the Orc's 18 > 14 fells Aldric. Round 2: Medical 9 + 2 = 11 Stabilizes him (four
  -- 1d4+1 of 1: 8 Rounds). Round 3: the Orc's Full Attack, 15 > 13 (Unarmored, Unconscious so
  -- Not Ready) and 2 < 13: a 5th Wound.
  local f = fallen({ 18, 9, 1, 1, 1, 1, 15, 2 })
  f:round(strike)
  f:round [[
    Medic:
      1: Stabilize -> "Aldric"
      2: Defend
  ]]
  test.truthy(f:has("Aldric", "Stable"))
  f:round [[
    Orc:
      1: Full Attack -> "Aldric"
      2: Defend
  ]]
  test.equal(f:stat("Aldric", "wounds"), 5)
  test.falsy(f:has("Aldric", "Stable"))
  test.truthy(f:has("Aldric", "Fatally Wounded"))
  test.equal(f:stat("Aldric", "rounds_to_live"), 3)
  test.truthy(table.concat(f:narration(), "\n"):find("Aldric is wounded again while Stable, Fatally Wounded: 3 Rounds to live", 1, true))
end)

test.case("a Stable character who woke and is wounded again falls Unconscious, Fatally Wounded again", function()
  -- As above, then 8 Rounds: Aldric wakes, and Defends by default (Defense 14, Disfavor to the
  -- Orc). The Orc's Full Attack: a natural 20 always hits (its Axe's Severs Limb d4: 1); then 2
  -- misses.
  local f = fallen({ 18, 9, 1, 1, 1, 1, 20, 1, 2 })
  f:round(strike)
  f:round [[
    Medic:
      1: Stabilize -> "Aldric"
      2: Defend
  ]]
  for _ = 1, 8 do f:round() end
  test.falsy(f:has("Aldric", "Unconscious"))
  f:round [[
    Orc:
      1: Full Attack -> "Aldric"
      2: Defend
  ]]
  test.truthy(f:has("Aldric", "Unconscious"))
  test.truthy(f:has("Aldric", "Fatally Wounded"))
  test.falsy(f:has("Aldric", "Stable"))
end)

test.case("a Stable character who woke is hit with every Wound absorbed: no Wound received, no fall", function()
  -- Aldric starts beyond Max Wounds (4 of 3), down from the first Round; the Medic's Medical
  -- 9 + 2 = 11 Stabilizes him (four 1d4+1 of 1: 8 Rounds). Awake, in Leather (Absorb 1), he
  -- Defends by default: the Orc's Full Attack, 18 − 3 = 15 > 13 hits and 2 misses. The hit is
  -- absorbed, 0 Wounds: "Once a Character has received Wounds in excess of their Max Wounds" —
  -- none received, no fall.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Leather", stats = { wounds = 4 } },
    { name = "Medic", side = "party", at = "B3", weapon = "Staff", armor = "Leather", stats = { medical = 2 } },
    { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Leather" },
  }, { 9, 1, 1, 1, 1, 18, 2 })
  f:round [[
    Medic:
      1: Stabilize -> "Aldric"
      2: Defend
  ]]
  test.truthy(f:has("Aldric", "Stable"))
  for _ = 1, 8 do f:round() end
  test.falsy(f:has("Aldric", "Unconscious"))
  f:round [[
    Orc:
      1: Full Attack -> "Aldric"
      2: Defend
  ]]
  test.equal(#duel.attacks(f, "total"), 2)
  test.equal(f:stat("Aldric", "wounds"), 4)
  test.falsy(f:has("Aldric", "Unconscious"))
  test.falsy(f:has("Aldric", "Fatally Wounded"))
end)

test.case("'an ally is down' and 'the fallen ally' agree, and so do 'an ally is dying' and 'the dying ally': a Stable ally is down, not dying", function()
  -- Round 1 Aldric falls, Fatally Wounded (d20 18). Round 2 the Medic Stabilizes him (Medical
  -- d20 9 + 2 = 11; four 1d4+1 rolled 1). Round 3 he is still down, but no longer dying: the
  -- Medic's Rescue finds him, its Stabilize is not ordered.
  local f = fallen({ 18, 9, 1, 1, 1, 1 })
  f:round(strike)
  local orders = [[
    Medic:
      1: IF an ally is dying THEN Stabilize -> the dying ally ELSE Defend
      2: IF an ally is down THEN Rescue -> the fallen ally ELSE Defend
  ]]
  f:round(orders)
  test.truthy(f:has("Aldric", "Stable"))
  test.truthy(duel.narrated(f, "Medic picks up Aldric and carries them"))
  f:round(orders)
  test.falsy(duel.narrated(f, "to Stabilize"), "no Stabilize is wasted on the Stable Aldric")
end)

test.case("'an ally is stable' and '{character} is stable': 'On success, they are Stable' — not before", function()
  -- As above: Aldric falls in round 1 (d20 18), the Medic Stabilizes him in round 2's 1st phase
  -- (Medical 9 + 2 = 11). Its 2nd order reads the conditions as that phase begins: he is Stable.
  local f = fallen({ 18, 9, 1, 1, 1, 1 })
  f:round [[
    Aldric:
      1: Use Item
      2: Use Item
    Medic:
      1: IF an ally is stable THEN Defend ELSE Use Item (bandage)
      2: IF "Aldric" is stable THEN Defend ELSE Use Item (bandage)
    Orc:
      1: Counter -> "Aldric"
      2: Defend
  ]]
  test.equal(duel.actions(f, "Medic"), { "Use Item", "Use Item" }, "not Stable: standing, then Fatally Wounded")
  f:round [[
    Medic:
      1: Stabilize -> "Aldric"
      2: IF an ally is stable THEN Use Item (bandage) ELSE Defend
  ]]
  f:round [[
    Medic:
      1: IF "Aldric" is stable THEN Use Item (bandage) ELSE Defend
      2: Defend
  ]]
  test.equal(duel.actions(f, "Medic"), { "Use Item", "Use Item", "Stabilize", "Use Item", "Use Item" })
end)

test.case("Stabilize failed: Medical d20 5 + 2 < 10, still Fatally Wounded", function()
  local f = fallen({ 18, 5 })
  f:round(strike)
  f:round [[
    Medic:
      1: Stabilize -> "Aldric"
      2: Defend
  ]]
  test.truthy(f:has("Aldric", "Fatally Wounded"))
  test.falsy(f:has("Aldric", "Stable"))
end)

test.case("a wounded Medic's roll: 'all a Character's rolls on subsequent Action Phases are at a -1 penalty' — 8 + 2 − 1 < 10", function()
  local f = fallen({ 18, 8 }, 1)
  f:round(strike)
  f:round [[
    Medic:
      1: Stabilize -> "Aldric"
      2: Defend
  ]]
  test.falsy(f:has("Aldric", "Stable"))
end)

test.case("Rescue: 'Move up to 15 feet, picking up and carrying an ally' — carried 10' west, the ally ends beside the rescuer", function()
  local f = duel.new({
    { name = "Brenna", side = "party", at = "C2", weapon = "Sword", armor = "Leather" },
    { name = "Aldric", side = "party", at = "D2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "J6", weapon = "Axe", armor = "Leather" },
  })
  f:round [[
    Brenna:
      1: Rescue W, W -> "Aldric"
      2: Defend
    Aldric:
      1: Defend
      2: Defend
  ]]
  test.equal(f:cell("Brenna"), "A2")
  test.equal(f:cell("Aldric"), "B2")
  local picked = false
  for _, line in ipairs(f:narration()) do picked = picked or line:find("Brenna picks up Aldric", 1, true) ~= nil end
  test.truthy(picked, "Brenna picks Aldric up")
end)

test.case("Rescue in the 2nd Action Phase: 'You are Encumbered' ends with that phase, not the next Round's 1st", function()
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Leather", stats = { wounds = 4 } },
    { name = "Brenna", side = "party", at = "C2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "J6", weapon = "Axe", armor = "Leather" },
  })
  f:round [[
    Brenna:
      1: Defend
      2: Rescue E -> "Aldric"
  ]]
  test.truthy(duel.narrated(f, "Brenna is now Encumbered (carrying Aldric)"))
  test.truthy(duel.narrated(f, "Brenna's Encumbered wears off"), "as the Rescue's phase ends")
  test.falsy(f:has("Brenna", "Encumbered"), "not into the next Round")
end)

test.case("Rescue: 'picking up and carrying an ally or unconscious Character' — not an enemy on its feet", function()
  local f = duel.new({
    { name = "Brenna", side = "party", at = "C2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "D2", weapon = "Axe", armor = "Leather" },
  })
  local order = [[
    Brenna:
      1: Rescue W, W -> "Orc"
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  f:round(order)
  -- Refused before anyone moves: Brenna Defends where she stands, and no one is carried.
  test.equal(f:cell("Brenna"), "C2")
  test.equal(f:cell("Orc"), "D2")
  test.truthy(duel.narrated(f, "Orc is neither an ally of Brenna nor Unconscious"), "the refusal says why")
  test.falsy(f:has("Brenna", "Encumbered"))
  -- Unconscious, the same Orc is carried off.
  f:within(function() status.apply("Orc", "Unconscious") end)
  f:round(order)
  test.equal(f:cell("Brenna"), "A2")
  test.equal(f:cell("Orc"), "B2")
  test.truthy(duel.narrated(f, "Brenna picks up Orc and carries them"))
end)

test.case("Rescue and Stabilize are done to another Character: at oneself they are refused", function()
  local f = duel.new({
    { name = "Brenna", side = "party", at = "C2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "H2", weapon = "Axe", armor = "Leather" },
  })
  -- Rescue's ("picking up and carrying an ally or unconscious Character": another) on the sheet, as
  -- Stabilize's is: the rules always refuse it, so no run waits for the fight to say so.
  test.fails(function() f:round [[
    Brenna:
      1: Rescue W -> self
      2: Defend
  ]] end, "'Brenna' cannot Rescue itself: the target of Rescue is another character")
  -- Stabilize's ("prevent a Fatally Wounded Character's death": one who is Unconscious) on the sheet.
  test.fails(function() f:round [[
    Brenna:
      1: Stabilize -> self
      2: Defend
  ]] end, "'Brenna' cannot Stabilize itself: the target of Stabilize is another character")
end)

test.case("Rescue: the ally is carried as everyone moves — a melee Counter where it stood reaches no one", function()
  -- Brenna (C2) carries Aldric (D2) 10' west. Carried out of the Orc's reach (E2), Aldric draws its
  -- Attack of Opportunity on the way: d20 5 − 3 Disfavor (Aldric Defends) = 2 vs 13, a miss. When
  -- the actions resolve he is at B2: the Orc's Counter has no opponent beside it.
  local f = duel.new({
    { name = "Brenna", side = "party", at = "C2", weapon = "Sword", armor = "Leather" },
    { name = "Aldric", side = "party", at = "D2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "E2", weapon = "Axe", armor = "Leather" },
  }, { 5 })
  f:round [[
    Brenna:
      1: Rescue W, W -> "Aldric"
      2: Defend
    Aldric:
      1: Defend
      2: Defend
    Orc:
      1: Counter -> "Aldric"
      2: Defend
  ]]
  test.equal({ f:cell("Brenna"), f:cell("Aldric") }, { "A2", "B2" })
  test.truthy(duel.narrated(f, "Orc: Attack of Opportunity → Aldric (Aldric leaves Orc's reach)"))
  test.equal(duel.attacks(f, "total", "Orc"), { 2 })
  test.truthy(duel.narrated(f, "Orc (Counter) has no one to attack"))
end)

test.case("Rescue: 'If you are hit, roll a die: On even numbers, the Character you are carrying is hit instead' — after carrying them", function()
  -- Brenna (C2) carries Aldric (D2, Unarmored) 5' west: she stops at B2, he behind her at C2. The
  -- Orc (A3), beside her there, Counters her: Leather, Not Ready: 12; 10 + 3 Favor (Rescue) = 13
  -- hits; d6 4 (even): Aldric, carried, takes the Wound.
  local f = duel.new({
    { name = "Brenna", side = "party", at = "C2", weapon = "Sword", armor = "Leather" },
    { name = "Aldric", side = "party", at = "D2", weapon = "Sword", armor = "Unarmored" },
    { name = "Orc", side = "orcs", at = "A3", weapon = "Axe", armor = "Leather" },
  }, { 10, 4 })
  f:round [[
    Brenna:
      1: Rescue W -> "Aldric"
      2: Defend
    Aldric:
      1: Defend
      2: Defend
    Orc:
      1: Counter -> "Brenna"
      2: Defend
  ]]
  test.equal({ f:cell("Brenna"), f:cell("Aldric") }, { "B2", "C2" })
  test.equal(duel.attacks(f, "total"), { 13 })
  test.equal(duel.attacks(f, "target"), { "Aldric" })
  test.truthy(duel.narrated(f, "d6 4, even: Aldric, carried, is hit instead"))
  test.equal(f:stat("Aldric", "wounds"), 1)
  test.equal(f:stat("Brenna", "wounds"), nil)
end)

-- Brenna Rescues Aldric (Unarmored, 4 Wounds: down, at `aldric_at`), moving 10' west from C2; the
-- Orc stands at `orc.at` and takes `orc.order`. Its Attack of Opportunity on her is made while
-- everyone moves, before the runtime tells whom a Rescue carries.
local function rescue_within_orc_reach(orc, aldric_at, dice)
  local f = duel.new({
    { name = "Brenna", side = "party", at = "C2", weapon = "Sword", armor = "Leather" },
    { name = "Aldric", side = "party", at = aldric_at or "D2", weapon = "Sword", armor = "Unarmored", stats = { wounds = 4 } },
    { name = "Orc", side = "orcs", at = orc.at, weapon = "Axe", armor = "Leather" },
  }, dice)
  f:round(([[
    Brenna:
      1: Rescue W, W -> "Aldric"
      2: Defend
    Orc:
      1: %s
      2: Defend
  ]]):format(orc.order))
  return f
end

test.case("Rescue: 'If you are hit, roll a die: On even numbers, the Character you are carrying is hit instead' — an Attack of Opportunity too", function()
  -- Brenna picks Aldric up where she stands and leaves the Defending Orc's reach (D3) on her first
  -- step. Its Attack of Opportunity: 10 + 3 Favor (Rescue) = 13 > 12 (Leather, Not Ready) hits;
  -- d6 2 (even): Aldric, carried, takes the Wound.
  local f = rescue_within_orc_reach({ at = "D3", order = "Defend" }, "D2", { 10, 2 })
  test.equal(duel.attacks(f, "total"), { 13 })
  test.equal(duel.attacks(f, "target"), { "Aldric" })
  test.truthy(duel.narrated(f, "d6 2, even: Aldric, carried, is hit instead"))
  test.equal(f:stat("Aldric", "wounds"), 5)
  test.equal(f:stat("Brenna", "wounds"), nil)
end)

test.case("Rescue: 'If you are hit, roll a die: On even numbers, the Character you are carrying is hit instead' — odd, the die told too", function()
  -- As above, the Attack of Opportunity hits Brenna (13 > 12); d6 3 (odd): she keeps the hit, and
  -- the die is told as a Guard's is ("d6 3, odd: …"), not left out.
  local f = rescue_within_orc_reach({ at = "D3", order = "Defend" }, "D2", { 10, 3 })
  test.equal(duel.attacks(f, "target"), { "Brenna" })
  test.truthy(duel.narrated(f, "d6 3, odd: Brenna is hit, not Aldric, carried — hit"))
  test.truthy(duel.narrated(f, "Brenna: 1 hit, Absorb 1"), "the hit is hers in the tally")
  test.equal(f:stat("Aldric", "wounds"), 4)
end)

test.case("Rescue: 'the Character you are carrying is hit instead' — the Attack of Opportunity of a Clash too", function()
  -- The Orc (A2) Moves E into Brenna's way: they Clash at B2 on the first step, Aldric already
  -- carried. The Orc's Attack of Opportunity, 13 > 12, hits her; d6 4 (even): Aldric is hit.
  local f = rescue_within_orc_reach({ at = "A2", order = "Move E, E" }, "D2", { 10, 4 })
  test.equal(#f:events("clash"), 1)
  test.equal(duel.attacks(f, "target"), { "Aldric" })
  test.truthy(duel.narrated(f, "d6 4, even: Aldric, carried, is hit instead"))
  test.equal(f:stat("Aldric", "wounds"), 5)
end)

test.case("Rescue: 'the Character you are carrying' — not one picked up after the hit: an Attack of Opportunity before it rolls no die", function()
  -- Aldric lies at A3, not beside C2 but beside B2, her first step: with that step she leaves the
  -- Orc's reach (D3), before she picks him up after it. 13 > 12 hits her; no d6.
  local f = rescue_within_orc_reach({ at = "D3", order = "Defend" }, "A3", { 10 })
  test.truthy(duel.narrated(f, "Brenna picks up Aldric and carries them"))
  test.equal(duel.attacks(f, "target"), { "Brenna" })
  test.equal(f:stat("Aldric", "wounds"), 4)
end)

test.case("Use Item (free Aldric): 'freed by Use Item Action' — the one named is freed, from beside them", function()
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Leather" },
    { name = "Brenna", side = "party", at = "B3", weapon = "Sword", armor = "Leather" },
    { name = "Cara", side = "party", at = "B6", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "J6", weapon = "Axe", armor = "Leather" },
  })
  -- Terrified, Aldric does not free himself (his forced action is Terror): Brenna's Use Item does.
  f:within(function()
    status.apply("Aldric", "Entrapped")
    status.apply("Aldric", "Terrified")
  end)
  f:round [[
    Brenna:
      1: Use Item (free Aldric)
      2: Use Item (free Cara)
    Cara:
      1: Use Item (free Aldric)
      2: Use Item (free Nobody)
  ]]
  test.truthy(duel.narrated(f, "Aldric is no longer Entrapped (freed by Brenna: Use Item, quick)"))
  test.falsy(duel.narrated(f, "Brenna is no longer Entrapped"))
  test.truthy(duel.narrated(f, "Cara is not beside Aldric to free them"))
  test.truthy(duel.narrated(f, "Cara is not Entrapped: nothing to free"))
  test.truthy(duel.narrated(f, "Cara cannot free anyone: there is no one named Nobody to free"))
  test.falsy(f:has("Aldric", "Entrapped"))
end)

test.case("Use Item: 'swap readied weapons (stow your bow and draw your sword)' — a quick use; the Sword then strikes", function()
  -- The Archer stows its Short Bow and draws the Sword it carries (`stowed`), then Counters the
  -- Orc beside it: d20 15 with the Sword against the Orc's Unarmored Defense 13, a hit.
  local f = duel.new({
    { name = "Archer", side = "party", at = "B2", weapon = "Short Bow", stowed = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Unarmored" },
  }, { 15 })
  f:round [[
    Archer:
      1: Use Item (stow bow and draw sword)
      2: Counter -> "Orc"
    Orc:
      1: Use Item
      2: Use Item
  ]]
  test.truthy(duel.narrated(f, "Archer stows the Short Bow and draws the Sword (Use Item, quick)"))
  test.equal(f:stat("Archer", "weapon"), "Sword")
  test.equal(f:stat("Archer", "stowed"), "Short Bow")
  test.truthy(duel.narrated(f, "Archer (Counter) attacks Orc with Sword"))
  test.equal(duel.attacks(f, "hit", "Archer"), { true })
end)

test.case("Use Item (swap) without a stowed weapon changes nothing, and says so", function()
  local f = duel.pair({}, {})
  f:round(duel.still("Use Item (swap)"))
  test.truthy(duel.narrated(f, "Aldric has no stowed weapon to draw"))
  test.equal(f:stat("Aldric", "weapon"), "Sword")
end)

test.case("Use Item (draw) from an empty hand: the stowed weapon is drawn, and nothing is said stowed", function()
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", stowed = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "J6", weapon = "Axe" },
  })
  f:round(duel.still("Use Item (draw sword)"))
  test.truthy(duel.narrated(f, "Aldric draws the Sword (Use Item, quick)"))
  test.falsy(duel.narrated(f, "stows the"))
  test.equal(f:stat("Aldric", "weapon"), "Sword")
  test.equal(f:stat("Aldric", "stowed"), false)
end)

test.case("a swap says what it does to the shield: taken up with a one-handed weapon, slung for a two-handed one; not if lost with an arm", function()
  local function swapper()
    return duel.new({
      { name = "Aldric", side = "party", at = "B2", weapon = "Great Sword", stowed = "Sword", armor = "Leather",
        shield = "Shield" },
      { name = "Orc", side = "orcs", at = "J6", weapon = "Axe" },
    })
  end
  local f = swapper()
  f:round [[
    Aldric:
      1: Use Item (swap)
      2: Use Item (swap)
  ]]
  test.truthy(duel.narrated(f, "Aldric stows the Great Sword and draws the Sword (Use Item, quick), taking up the Shield"))
  test.truthy(duel.narrated(f, "Aldric stows the Sword and draws the Great Sword (Use Item, quick), slinging the Shield: Great Sword needs both hands"))
  -- One arm: the Shield is held with neither weapon (rules.severed_limbs.one_arm.shield).
  f = swapper()
  f:within(function(c) status.apply(c, "Severed left arm", { cause = "test" }) end, "Aldric")
  f:round(duel.still("Use Item (swap)"))
  test.truthy(duel.narrated(f, "Aldric stows the Great Sword and draws the Sword (Use Item, quick)"))
  test.falsy(duel.narrated(f, "Shield"))
end)

test.case("Use Item that names no item and needs none is told so, not as an item called 'nothing'", function()
  local f = duel.pair({}, {})
  f:round(duel.still("Use Item"))
  test.truthy(duel.narrated(f, "Aldric uses an item"))
  test.falsy(duel.narrated(f, "uses an item: nothing"))
end)

test.case("a shield needs a free hand: with a two-handed weapon it gives nothing, and a swap to a one-handed one takes it up", function()
  -- Aldric, Leather and a Shield, holds a Great Sword (two hands), a Sword stowed. Phase 1 the Orc's
  -- Counter rolls 13 against 10 + 2 (Leather): a hit, the Shield gives no +2 Deflection, the swap
  -- counting from the next phase (the phase reads Aldric as it began: README, default chosen). Aldric's
  -- Use Items are quick, so he stays Ready; phase 2, Sword in hand, the Orc's 13 meets 10 + 2 + 2
  -- + 1 (the Sword's "+1 Deflection when Ready") = 15: a miss.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Great Sword", stowed = "Sword", armor = "Leather",
      shield = "Shield" },
    { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Leather" },
  }, { 13, 13 })
  f:round [[
    Aldric:
      1: Use Item (swap)
      2: Use Item
    Orc:
      1: Counter -> "Aldric"
      2: Counter -> "Aldric"
  ]]
  test.equal(duel.attacks(f, "hit", "Orc"), { true, false })
end)

-- Ana in C2 with walls N and S of the way east, and a closed door between C2 and D2.
local function doorway(dice)
  return duel.new({
    { name = "Ana", side = "party", at = "C2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "J6", weapon = "Axe", armor = "Leather" },
  }, dice, { width = 10, height = 6, walls = { { "C1", "D1" }, { "C3", "D3" } },
             borders = { { between = { "C2", "D2" }, name = "door", door = "closed" } } })
end

test.case("Use Item: 'This Action lets you manipulate the environment (close or open an adjacent door)' — opened, then walked through", function()
  local f = doorway()
  f:round [[
    Ana:
      1: Use Item (open door)
      2: Move E, E
  ]]
  test.truthy(duel.narrated(f, "Ana opens the door to the east (Use Item, quick)"))
  test.equal(f:within(function() return grid.border("C2", "D2").door end), "open")
  test.equal(#f:events("door_changed"), 1)
  test.equal(f:cell("Ana"), "E2")
  f:round [[
    Ana:
      1: Move W, W
      2: Use Item (close door E)
  ]]
  test.truthy(duel.narrated(f, "Ana closes the door to the east (Use Item, quick)"))
  test.equal(f:within(function() return grid.border("C2", "D2").door end), "closed")
end)

test.case("Use Item on a door: the one named by its side, else the only one the use would change; otherwise it says why", function()
  local f = duel.new({
    { name = "Ana", side = "party", at = "C2", weapon = "Sword", armor = "Leather" },
    { name = "Bea", side = "party", at = "F5", weapon = "Sword", armor = "Leather" },
    { name = "Cid", side = "party", at = "H2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "J6", weapon = "Axe", armor = "Leather" },
  }, nil, { width = 10, height = 6, borders = {
    { between = { "C2", "D2" }, name = "door", door = "closed" },
    { between = { "C2", "C3" }, name = "hatch", door = "closed" },
    { between = { "H2", "I2" }, name = "gate", door = "open" } } })
  f:round [[
    Ana:
      1: Use Item (open door)
      2: Use Item (open door NE)
    Bea:
      1: Use Item (close door)
      2: Use Item (door)
    Cid:
      1: Use Item (close door W)
      2: Use Item (open the gate)
  ]]
  test.truthy(duel.narrated(f, "Ana cannot open a door: there are doors to the north and east: say which, as in 'Use Item (open door N)'"))
  test.truthy(duel.narrated(f, "Ana cannot open a door: a door is on a side of a square (N, E, S or W), not NE"))
  test.truthy(duel.narrated(f, "Bea cannot close a door: there is no door beside F5"))
  test.truthy(duel.narrated(f, "Bea cannot use the door: say whether to open or close it, as in 'Use Item (open door)'"))
  test.truthy(duel.narrated(f, "Cid cannot close a door: there is no door to the west of H2"))
  test.truthy(duel.narrated(f, "Cid cannot open a door: the gate to the east is already open"))
  test.equal(#f:events("door_changed"), 0)
  f:round [[
    Ana:
      1: Use Item (open door N)
      2: Use Item (open door)
    Cid:
      1: Use Item (close gate)
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "Ana opens the hatch to the north (Use Item, quick)"))
  test.truthy(duel.narrated(f, "Ana opens the door to the east (Use Item, quick)"), "the only one still closed")
  test.truthy(duel.narrated(f, "Cid closes the gate to the east (Use Item, quick)"))
end)

test.case("Use Item reads whole words: 'Use Item (swap), or words saying \"draw\" or \"stow\"'; 'any other words' are an item used", function()
  -- "drawer", "withdraw", "antifreeze", "freedom" and "stowaway" hold the words of other uses
  -- but say none of them: README, "Use a potion, scroll, or other item".
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Short Bow", stowed = "Sword", armor = "Leather" },
    { name = "Brenna", side = "party", at = "B4", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "J6", weapon = "Axe" },
  }, {})
  f:round [[
    Aldric:
      1: Use Item (drink antifreeze tonic)
      2: Use Item (withdraw the ring)
    Brenna:
      1: Use Item (read the scroll of freedom)
      2: Use Item (wake the stowaway)
    Orc:
      1: Defend
      2: Defend
  ]]
  for _, used in ipairs({ "Aldric uses an item: drink antifreeze tonic", "Aldric uses an item: withdraw the ring",
                          "Brenna uses an item: read the scroll of freedom", "Brenna uses an item: wake the stowaway" }) do
    test.truthy(duel.narrated(f, used), used)
  end
  test.equal(f:stat("Aldric", "weapon"), "Short Bow")
  test.falsy(duel.narrated(f, "Entrapped"))
  -- The words themselves still say the use, wherever they stand in the argument.
  f:round(duel.still("Use Item (quickly draw the sword)"))
  test.truthy(duel.narrated(f, "Aldric stows the Short Bow and draws the Sword (Use Item, quick)"))
end)
