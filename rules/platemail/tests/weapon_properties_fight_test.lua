-- The weapon properties in a fight, with scripted dice: each case quotes the property's row of
-- the source's tables ("Special Info" and the weapon rows) and works its numbers out from them.
local test = require "arbiter.test"
local arbiter = require "arbiter"
local duel = require "tests.support.duel"

local pair = duel.pair

local function limb(i) return "Severed " .. arbiter.tables.weapon_properties.severs_limb.limbs[i] end

test.case("Axe: 'Severs Limb on Critical Hit' — 'Roll 1d4: 1=L Leg, 2=R Leg, 3=L Arm, 4=R Arm': d4 3, the left arm", function()
  local f = pair({ weapon = "Axe" }, {}, { 20, 3 })
  f:round(duel.still('Counter -> "Orc"'))
  test.truthy(f:has("Orc", limb(3)))
  test.falsy(f:has("Orc", limb(4)))
end)

test.case("Protects Limbs: 'Limb not severed if roll is equal or less than Protects Limbs value' — Full Plate 3, d4 3 saves", function()
  local f = pair({ weapon = "Great Axe", stats = { strength = 3 } }, { armor = "Full Plate" }, { 20, 4, 3 })
  f:round(duel.still('Counter -> "Orc"'))
  test.falsy(f:has("Orc", limb(4)))
  test.equal(#f:events("limb_saved"), 1)
end)

test.case("Protects Limbs: a roll above the value does not save — Splint Mail 1, d4 2, the right leg is severed", function()
  local f = pair({ weapon = "Axe" }, { armor = "Splint Mail" }, { 20, 2, 2 })
  f:round(duel.still('Counter -> "Orc"'))
  test.truthy(f:has("Orc", limb(2)))
end)

test.case("Mace: 'Dazes on Critical Hit' — 'Target Dazed for next 1d4 Actions': d4 2, its next two Actions are Dazed", function()
  -- Round 1 phase 1 the Orc (Full Plate: 2 Wounds, Penetration 1, Absorb 3 takes them) is Dazed
  -- for 2 Actions: its phase 2 and the next Round's phase 1 are Dazed; the phase after, its own order.
  local f = pair({ weapon = "Mace" }, { armor = "Full Plate" }, { 20, 2 })
  f:round(duel.still('Counter -> "Orc"'))
  f:round(duel.still("Defend"))
  local orc = duel.actions(f, "Orc")
  test.equal(orc[1], "Use Item", "round 1, phase 1: its order")
  test.equal(orc[2], "Dazed")
  test.equal(orc[3], "Dazed")
  test.equal(orc[4], "Use Item", "round 2, phase 2: its order again")
end)

test.case("Mace: 'Target Dazed for next 1d4 Actions' — a second Critical Hit's d4 1 does not cut short the first's d4 4", function()
  -- Phase 1 the Orc (Full Plate takes the Wounds) is Dazed for 4 Actions: round 1 phase 2 to
  -- round 3 phase 1. Phase 2 another natural 20 rolls d4 1: the 4 Actions already running go on.
  local f = pair({ weapon = "Mace" }, { armor = "Full Plate" }, { 20, 4, 20, 1 })
  f:round [[
    Aldric:
      1: Counter -> "Orc"
      2: Counter -> "Orc"
    Orc:
      1: Use Item
      2: Use Item
  ]]
  f:round(duel.still("Defend"))
  f:round(duel.still("Defend"))
  test.equal(duel.actions(f, "Orc"), { "Use Item", "Dazed", "Dazed", "Dazed", "Dazed", "Use Item" })
  test.falsy(duel.narrated(f, "Dazed lasts longer"), "the shorter daze changes nothing, so nothing is said")
end)

test.case("Bolo/Net: 'Entraps on Hit' — 'Target Not Ready. Cannot move until freed by Use Item Action'", function()
  -- Thrown at 10' (Range 15'): d20 14 > 13 (Unarmored, Ready). Phase 2 the Orc's Move is
  -- replaced by freeing itself (README: default chosen), so it stays at D2.
  local f = pair({ weapon = "Bolo/Net" }, { at = "D2" }, { 14 })
  f:round [[
    Aldric:
      1: Ranged Attack -> "Orc"
      2: Defend
    Orc:
      1: Use Item
      2: Move 15' E
  ]]
  test.equal(duel.attacks(f, "hit"), { true })
  test.equal(f:cell("Orc"), "D2")
  test.falsy(f:has("Orc", "Entrapped"), "freed by its Use Item")
end)

test.case("Requires Str: '-1 Attack for each Strength below Requirement' — Great Axe (Str 3) at Strength 1 is −2", function()
  local f = pair({ weapon = "Great Axe", stats = { strength = 1 } }, {}, { 15 })
  f:round(duel.still('Counter -> "Orc"'))
  test.equal(duel.attacks(f, "total"), { 13 })
  test.equal(duel.attacks(f, "hit"), { false })
end)

test.case("Spear: '+1 Penetration when using Charge' — Penetration 2 gets through Chain Mail's Absorb 2", function()
  -- Charge 15' (A2 → D2 beside the Orc at E2): Favor, d20 9 + 3 = 12 > 11 (Chain Mail, Ready).
  local f = pair({ weapon = "Spear", at = "A2" }, { at = "E2", armor = "Chain Mail" }, { 9 })
  f:round(duel.still('Charge -> "Orc"'))
  test.equal(duel.attacks(f, "total"), { 12 })
  test.equal(duel.attacks(f, "penetration"), { 2 })
  test.equal(f:stat("Orc", "wounds"), 1)
end)

test.case("Pike: '+1 Penetration against Targets that Charge if Ready' — Counter (Ready) on a charger", function()
  -- The Orc charges from E2 to C2 beside Aldric (B2). Aldric's Counter: d20 12 > 11 (Chain Mail,
  -- Not Ready: Chain Mail is not Ready Only); Penetration 1 + 1 = 2 gets through Absorb 2. The
  -- Orc's own roll, 1, misses.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Pike", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "E2", weapon = "Axe", armor = "Chain Mail" },
  }, { 12, 1 })
  f:round [[
    Aldric:
      1: Counter -> "Orc"
      2: Defend
    Orc:
      1: Charge -> "Aldric"
      2: Defend
  ]]
  test.equal(duel.attacks(f, "penetration", "Aldric"), { 2 })
  test.equal(f:stat("Orc", "wounds"), 1)
end)

test.case("Flail: '+2 Attack against Targets with Shields'", function()
  -- Orc Ready in Leather with a Shield: 10 + 2 + 2 = 14. d20 12 + 2 = 14 ties, a miss.
  local f = pair({ weapon = "Flail" }, { armor = "Leather", shield = "Shield" }, { 12 })
  f:round(duel.still('Counter -> "Orc"'))
  test.equal(duel.attacks(f, "total"), { 14 })
  test.equal(duel.attacks(f, "hit"), { false })
end)

test.case("Sword '+1 Deflection when Ready' and Staff '+2 Deflection when Ready'", function()
  -- Aldric Sword, Leather, Ready (Use Item): 13; the Orc's Counter 13 ties. Brenna Staff, Leather: 14; 14 ties.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Leather" },
    { name = "Brenna", side = "party", at = "B4", weapon = "Staff", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Leather" },
    { name = "Goblin", side = "orcs", at = "C4", weapon = "Axe", armor = "Leather" },
  }, { 13, 14 })
  f:round [[
    Aldric:
      1: Use Item
      2: Use Item
    Brenna:
      1: Use Item
      2: Use Item
    Orc:
      1: Counter -> "Aldric"
      2: Defend
    Goblin:
      1: Counter -> "Brenna"
      2: Defend
  ]]
  test.equal(duel.attacks(f, "total"), { 13, 14 })
  test.equal(duel.attacks(f, "hit"), { false, false })
end)

test.case("Heavy Crossbow: 'Requires Complex Reload' — the second shot needs a Use Item first", function()
  local f = pair({ weapon = "Heavy Crossbow", at = "A2" }, { at = "F2" }, { 5 })
  f:round [[
    Aldric:
      1: Ranged Attack -> "Orc"
      2: Ranged Attack -> "Orc"
    Orc:
      1: Use Item
      2: Use Item
  ]]
  test.equal(#f:events("attack"), 1, "the second Ranged Attack finds the crossbow unloaded")
  test.equal(f:stat("Aldric", "loaded"), false)
  -- Seen as the 2nd phase begins, the 1st phase's shot having unloaded it: refused before it is
  -- declared, the default order taken, rather than a phase standing still for no shot.
  test.truthy(duel.narrated(f, "Aldric: Defend ('Ranged Attack -> \"Orc\"' is refused (Heavy Crossbow is not "
                               .. "loaded: it needs a Use Item Action to reload): Defend, the default order)"))
end)

-- Requires Reload: "Requires a Quick or Complex Use Item Action between shots" (Light Crossbow:
-- "Requires Quick Reload"), whichever action makes the shot.
local not_loaded = "Aldric's Light Crossbow is not loaded: it needs a Use Item Action to reload"

-- A Charge shoots no crossbow by default (README: default chosen); under the house rule that lets
-- its Attack be any (`attacks.kind = "any"`), the reload rule holds for its shot too.
local function charge_may_shoot(body)
  duel.with_patch("actions_data", { Charge = { attacks = { kind = "any" } } }, body)
end

test.case("Requires Reload: a Charge (house rule: it may shoot) with an unloaded Light Crossbow does not shoot", function()
  charge_may_shoot(function()
    -- Aldric charges A2 → D2; the Orc still 30' off, his Attack would be a shot.
    local f = pair({ weapon = "Light Crossbow", at = "A2", stats = { loaded = false } }, { at = "J2" }, {})
    f:round(duel.still('Charge -> "Orc"'))
    test.equal(#f:events("attack"), 0)
    test.truthy(duel.narrated(f, not_loaded))
  end)
end)

test.case("Requires Reload: a Charge's shot (house rule) unloads the Light Crossbow; Ranged Attack waits for a Use Item", function()
  charge_may_shoot(function()
    -- Round 1: the Charge shoots (A2 → D2 with Favor, 45' from where it began: −2; d20 5 + 3 − 2 =
    -- 6), then the Ranged Attack is refused, the crossbow unloaded. Round 2: Use Item reloads it,
    -- and the Ranged Attack shoots (d20 6, 30': within Range), unloading it again.
    local f = pair({ weapon = "Light Crossbow", at = "A2" }, { at = "J2" }, { 5, 6 })
    f:round [[
      Aldric:
        1: Charge -> "Orc"
        2: Ranged Attack -> "Orc"
      Orc:
        1: Use Item
        2: Use Item
    ]]
    test.equal(duel.attacks(f, "total"), { 6 })
    test.truthy(duel.narrated(f, "('Ranged Attack -> \"Orc\"' is refused (Light Crossbow is not loaded"))
    test.equal(f:stat("Aldric", "loaded"), false)
    f:round [[
      Aldric:
        1: Use Item (reload)
        2: Ranged Attack -> "Orc"
      Orc:
        1: Use Item
        2: Use Item
    ]]
    test.equal(duel.attacks(f, "total"), { 6, 6 })
    test.equal(f:stat("Aldric", "loaded"), false)
  end)
end)

test.case("Requires Reload: Terror's 'one Attack at Disfavor' with an unloaded Light Crossbow is not made", function()
  -- Aldric, Terrified, is boxed into the corner A1 by the Orc (B1), the Goblin (A2) and the Troll (B2).
  local f = duel.new({
    { name = "Aldric", side = "party", at = "A1", weapon = "Light Crossbow", armor = "Leather", stats = { loaded = false } },
    { name = "Orc", side = "orcs", at = "B1", weapon = "Axe", armor = "Leather" },
    { name = "Goblin", side = "orcs", at = "A2", weapon = "Axe", armor = "Leather" },
    { name = "Troll", side = "orcs", at = "B2", weapon = "Axe", armor = "Leather" },
  })
  f:within(function() status.apply(world.character("Aldric"), "Terrified", { duration = 1 }) end)
  f:round()
  test.equal(f:cell("Aldric"), "A1")
  test.equal(#f:events("attack"), 0)
  test.truthy(duel.narrated(f, not_loaded))
end)

-- A house rule for the next case: Volley, two shots in one Action through the `attack` hook.
arbiter.define.action("Volley", { ready = true, needs_target = true, target = "enemy", resolve = function(ctx)
  for _ = 1, 2 do arbiter.hooks.attack(ctx, ctx.target, { kind = "ranged", verb = "Volley" }) end
end })

test.case("Requires Reload: a house rule's two shots in one Action — the second finds the crossbow unloaded", function()
  -- d20 5 at the Orc 25' off (within Range): a miss; no second roll.
  local f = pair({ weapon = "Light Crossbow", at = "A2" }, { at = "F2" }, { 5 })
  f:round(duel.still('Volley -> "Orc"'))
  test.equal(duel.attacks(f, "total"), { 5 })
  test.truthy(duel.narrated(f, not_loaded))
end)

test.case("Lance: '+2 Penetration when Mounted and using Charge' — Penetration 3 gets through Full Plate's Absorb 3", function()
  -- Charge 15' with Favor: 11 + 3 = 14 > 13 (Full Plate, Ready). Penetration 1 + 2 = 3: 1 Wound.
  local f = pair({ weapon = "Lance", at = "A2", stats = { mounted = true } }, { at = "E2", armor = "Full Plate" }, { 11 })
  f:round(duel.still('Charge -> "Orc"'))
  test.equal(duel.attacks(f, "total"), { 14 })
  test.equal(duel.attacks(f, "penetration"), { 3 })
  test.equal(f:stat("Orc", "wounds"), 1)
end)

test.case("Entraps: 'Target Not Ready' while Entrapped — its Shield gives nothing the phase it frees itself", function()
  -- Phase 1 the Net hits the Orc (Leather + Shield, Ready: 14): 15 > 14. Phase 2 it is forced to
  -- free itself and is Not Ready: Brenna's Counter 13 > 12 (Leather alone) hits.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Bolo/Net", armor = "Leather" },
    { name = "Brenna", side = "party", at = "E3", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "D2", weapon = "Axe", armor = "Leather", shield = "Shield" },
  }, { 15, 13 })
  f:round [[
    Aldric:
      1: Ranged Attack -> "Orc"
      2: Defend
    Brenna:
      1: Defend
      2: Counter -> "Orc"
    Orc:
      1: Use Item
      2: Use Item
  ]]
  test.equal(duel.attacks(f, "hit"), { true, true })
  test.equal(duel.attacks(f, "total"), { 15, 13 })
  -- Nor Absorb: "Shields provide Deflection and Absorb only when a Character is Ready". Phase 1,
  -- Ready, the Net's Wound meets Leather's and the Shield's Absorb 2; phase 2 Brenna's, Leather's 1.
  test.equal(duel.texts(f, "wounded"), { "Orc: 1 hit, Absorb 2 — 0 Wounds (0 of 3)", "Orc: 1 hit, Absorb 1 — 0 Wounds (0 of 3)" })
end)

test.case("Entraps: the forced Use Item is declared and told once, in words for the table", function()
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Bolo/Net", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "D2", weapon = "Axe", armor = "Leather" },
  }, { 15 })
  f:round(duel.still('Ranged Attack -> "Orc"'))
  local told = {}
  for _, line in ipairs(f:narration()) do
    if line:find("Entrapped") or line:find("frees") then told[#told + 1] = line end
  end
  test.equal(told, {
    "Orc is now Entrapped (Aldric's Bolo/Net)",
    "Orc: Use Item (Entrapped: frees themself first)",
    "Orc is no longer Entrapped (Use Item, quick)",
  })
end)

test.case("Entraps: the Entrapment lands when the phase ends — the Shield's Absorb still counts in that phase's tally", function()
  -- "(R) means ... Ready through that entire Action Phase"; "Shields provide Deflection and Absorb
  -- only when a Character is Ready"; "Absorb ... per Action Phase". The Knight Defends (Ready):
  -- the Net (19 > 14) and the Orc's Counter (19 − 3 Disfavor = 16 > 14) hit him in one phase, and
  -- Leather's and the Shield's Absorb 2 take both Wounds; Entrapped, he is Not Ready from phase 2.
  local f = duel.new({
    { name = "Netter", side = "orcs", at = "B3", weapon = "Bolo/Net", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "B4", weapon = "Axe", armor = "Leather" },
    { name = "Knight", side = "party", at = "C3", weapon = "Axe", armor = "Leather", shield = "Shield" },
  }, { 19, 19 })
  f:round [[
    Netter:
      1: Ranged Attack -> "Knight"
      2: Defend
    Orc:
      1: Counter -> "Knight"
      2: Defend
    Knight:
      1: Defend
      2: Defend
  ]]
  test.equal(duel.attacks(f, "hit"), { true, true })
  test.equal(f:stat("Knight", "wounds"), nil)
  test.equal(duel.texts(f, "wounded"), { "Knight: 2 hits, Absorb 2 — 0 Wounds (0 of 3)" })
  test.truthy(duel.narrated(f, "Knight is no longer Entrapped (Use Item, quick)"), "phase 2: Entrapped, he frees himself")
end)

-- Ana's Bolo/Net at B2, Bo at E2 (15' away: Range 15') and Cy, Bo's ally, beside him at F2: those
-- `names` names, listed in that order.
local function net_fight(names, dice)
  local all = {
    Ana = { name = "Ana", side = "a", at = "B2", weapon = "Bolo/Net", armor = "Leather" },
    Bo = { name = "Bo", side = "b", at = "E2", weapon = "Sword", armor = "Leather" },
    Cy = { name = "Cy", side = "b", at = "F2", weapon = "Sword", armor = "Leather" },
  }
  local characters = {}
  for i, name in ipairs(names) do characters[i] = all[name] end
  return duel.new(characters, dice, { width = 12, height = 8 })
end

-- The actions `who` took, in order (its `declared` events).
local function declared(f, who)
  local out = {}
  for _, e in ipairs(f:events("declared")) do
    if e.fields.character == who then out[#out + 1] = e.fields.action end
  end
  return out
end

for _, names in ipairs({ { "Ana", "Bo" }, { "Bo", "Ana" } }) do
  test.case(("Entraps: a net that hits the phase its target frees itself holds from the next phase, %s listed first "
    .. "— 'Cannot move until freed by Use Item Action'"):format(names[1]), function()
    -- Phase 1 the net hits Bo (d20 18 > 13, Leather, Defending). Phase 2 Bo is forced to free
    -- himself (Use Item), and Ana's second net hits him (d20 19 > 12, Not Ready): in a
    -- simultaneous phase neither comes first, and the new net lands as the phase ends, so Bo is
    -- Entrapped again and frees himself in round 2's 1st phase, moving only in its 2nd.
    local f = net_fight(names, { 18, 19 })
    f:round [[
      Ana:
        1: Ranged Attack -> "Bo"
        2: Ranged Attack -> "Bo"
      Bo:
        1: Defend
        2: Move W
    ]]
    test.equal(duel.attacks(f, "hit"), { true, true })
    test.truthy(f:has("Bo", "Entrapped"), "the net of the 2nd phase holds")
    f:round [[
      Ana:
        1: Defend
        2: Defend
      Bo:
        1: Move W
        2: Move W
    ]]
    test.equal(declared(f, "Bo"), { "Defend", "Use Item", "Use Item", "Move" })
    test.equal(f:cell("Bo"), "D2")
  end)
end

for _, names in ipairs({ { "Ana", "Bo", "Cy" }, { "Cy", "Bo", "Ana" } }) do
  test.case(("Entraps: an ally's 'Use Item (free …)' in the phase a new net hits holds it from the next phase, "
    .. "%s listed first"):format(names[1]), function()
    -- Bo starts Entrapped and Terrified (his forced action is Terror, so he does not free
    -- himself). Phase 1 Cy frees him (Use Item (free Bo), beside him) and Ana's net hits him
    -- (d20 18 > 12, Not Ready): it lands as the phase ends, after Cy's Use Item, so in phase 2
    -- Bo, Entrapped again, frees himself rather than move.
    local f = net_fight(names, { 18 })
    f:within(function()
      status.apply("Bo", "Entrapped")
      status.apply("Bo", "Terrified")
    end)
    f:round [[
      Ana:
        1: Ranged Attack -> "Bo"
        2: Defend
      Bo:
        1: Defend
        2: Move W
      Cy:
        1: Use Item (free Bo)
        2: Defend
    ]]
    test.equal(duel.attacks(f, "hit"), { true })
    test.equal(declared(f, "Bo"), { "Terror", "Use Item" })
    test.equal(f:cell("Bo"), "E2")
  end)
end

test.case("Blowgun: 'Deals 0 Wounds. Can be Poisoned.' — 'Can inflict Poison on Hit'", function()
  -- 14 > 13 (Unarmored, Ready) at 20' (Range 30'): a hit of 0 Wounds; the poisoned dart poisons.
  local f = pair({ weapon = "Blowgun", at = "A2", stats = { poisoned = true } }, { at = "E2" }, { 14 })
  f:round(duel.still('Ranged Attack -> "Orc"'))
  test.equal(duel.attacks(f, "hit"), { true })
  test.equal(duel.attacks(f, "wounds"), { 0 })
  test.equal(f:stat("Orc", "wounds"), nil)
  test.truthy(f:has("Orc", "Poisoned"))
end)

test.case("Sling: 'Dazes on Critical Hit' — a thrown stone's natural 20 Dazes the Orc's next Action", function()
  local f = pair({ weapon = "Sling", at = "A2" }, { at = "E2", armor = "Full Plate" }, { 20, 1 })
  f:round(duel.still('Ranged Attack -> "Orc"'))
  test.equal(duel.actions(f, "Orc")[2], "Dazed")
end)

-- "Requires a Quick or Complex Use Item Action between shots": a reload with nothing to reload
-- is refused before it is declared, and its holder takes the default order (README: default chosen).
test.case("Use Item (reload) of a Heavy Crossbow still loaded is refused, and leaves its holder Ready", function()
  -- Unarmored is "Ready Only": Aldric Ready has Defense 13, Not Ready 10. The Orc's Counter, d20 11,
  -- would hit him Not Ready after a Complex reload; Ready, 11 vs 13 misses.
  local f = pair({ weapon = "Heavy Crossbow", armor = "Unarmored" }, {}, { 11 })
  f:round [[
    Aldric:
      1: Use Item (reload)
      2: Defend
    Orc:
      1: Counter -> "Aldric"
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "Aldric: Defend ('Use Item (reload)' is refused (the Heavy Crossbow is already "
                               .. "loaded): Defend, the default order)"))
  test.falsy(duel.narrated(f, "reloads"))
  test.equal(duel.attacks(f, "hit", "Orc"), { false })
end)

test.case("Use Item (reload) of a bow: 'the Long Bow needs no reload'", function()
  local f = pair({ weapon = "Long Bow" }, {}, {})
  f:round(duel.still("Use Item (reload)"))
  test.truthy(duel.narrated(f, "Aldric: Defend ('Use Item (reload)' is refused (the Long Bow needs no reload): "
                               .. "Defend, the default order)"))
end)

test.case("Aim with an unloaded crossbow is refused before it is declared: there is no shot to aim", function()
  local f = pair({ weapon = "Light Crossbow", at = "A2", stats = { loaded = false } }, { at = "F2" }, {})
  f:round(duel.still("Aim"))
  test.truthy(duel.narrated(f, "Aldric: Defend ('Aim' is refused (Light Crossbow is not loaded: no shot to aim until a Use Item reloads it): Defend, the default order)"))
end)
