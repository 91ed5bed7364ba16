-- Severed limbs in a fight, with scripted dice. The source says how a limb is lost ("Severs Limb:
-- Roll 1d4: 1=L Leg, 2=R Leg, 3=L Arm, 4=R Arm") and never what losing it does: each case quotes
-- the default chosen (README, "Not in the source: default chosen"; rules.severed_limbs) that it
-- checks, and works its numbers out from the source's tables.
local test = require "arbiter.test"
local duel = require "tests.support.duel"

local pair = duel.pair

-- Gives `who` the statuses of the limbs named ("left leg", …) before the fight's first round.
local function sever(f, who, ...)
  local limbs = { ... }
  f:within(function(c)
    for _, limb in ipairs(limbs) do status.apply(c, "Severed " .. limb, { cause = "test" }) end
  end, who)
end

-- The narrated sentences of events of `type` that say `text`.
local function told(f, type, text)
  for _, line in ipairs(duel.texts(f, type)) do
    if line:find(text, 1, true) then return true end
  end
  return false
end

test.case("default chosen, 'One arm severed: it loses its shield (no Deflection, Absorb or Cover from it)': Defense 13, Absorb 1", function()
  -- Sword, Leather and Shield, Ready (a quick Use Item): 10 + 2 Leather + 2 Shield + 1 Sword = 15
  -- with both arms; one arm: 13. Aldric's d20 14 hits 13 (it would miss 15); Critical Hit it is
  -- not, so 1 Wound against Absorb 1 (Leather; the Shield's 1 is gone): absorbed.
  local f = pair({}, { weapon = "Sword", armor = "Leather", shield = "Shield" }, { 14 })
  sever(f, "Orc", "right arm")
  f:round(duel.still('Counter -> "Orc"'))
  test.equal(duel.attacks(f, "hit"), { true })
  test.truthy(told(f, "attack", "vs Defense 13 — hit"))
  test.truthy(told(f, "wounded", "Orc: 1 hit, Absorb 1 — 0 Wounds"))
  duel.no_failures(f)
end)

test.case("default chosen, 'A two-handed weapon is then used one-handed, at Disfavor': a Great Axe's d20 15 − 3 = 12 misses Defense 13", function()
  -- The Orc, Unarmored and Ready (Use Item): 10 + 3 = 13. Aldric has Strength 3 (Requires Str 3).
  local f = pair({ weapon = "Great Axe", stats = { strength = 3 } }, {}, { 15 })
  sever(f, "Aldric", "left arm")
  f:round(duel.still('Counter -> "Orc"'))
  test.equal(duel.attacks(f, "hit"), { false })
  test.truthy(told(f, "attack", "d20 15 −3 Disfavor (one arm) = 12 vs Defense 13 — miss"))
  duel.no_failures(f)
end)

test.case("default chosen, '… at Disfavor (the rules' own Disfavor, so it cancels with Favor as usual)': a one-armed Charge with a Great Axe", function()
  -- A2 to D2 is 15', enough for Charge's Favor: +3 and -3, d20 14 = 14 > 13, a hit.
  local f = pair({ at = "A2", weapon = "Great Axe", stats = { strength = 3 } }, { at = "E2" }, { 14 })
  sever(f, "Aldric", "right arm")
  f:round(duel.still('Charge -> "Orc"'))
  test.truthy(told(f, "attack", "d20 14 +3 Favor (Charge) −3 Disfavor (one arm) = 14 vs Defense 13 — hit"))
  duel.no_failures(f)
end)

test.case("default chosen, 'Both arms severed: no attacks with weapons … narrated with the reason', nor an Attack of Opportunity", function()
  -- Round 1 Aldric Counters: refused, with the reason. Round 2 it Defends (Ready, a Sword) while
  -- the Orc walks out of its reach: no Attack of Opportunity is taken. No die is rolled.
  local f = pair({}, {}, { 1 })
  sever(f, "Aldric", "left arm", "right arm")
  f:round(duel.still('Counter -> "Orc"'))
  f:round [[
    Aldric:
      1: Defend
      2: Defend
    Orc:
      1: Move 15' E
      2: Defend
  ]]
  test.equal(#f:events("attack"), 0)
  test.truthy(told(f, "attack_missed_out", "Aldric (Counter) cannot attack: no arms"))
  test.equal(#duel.texts(f, "attack_missed_out"), 1, "the Attack of Opportunity is not even tried")
  test.equal(#f:events("roll"), 0, "no die rolled")
  duel.no_failures(f)
end)

test.case("a house rule patches rules.severed_limbs: two_handed = false turns the one-armed Disfavor off", function()
  duel.with_patch("rules", { severed_limbs = { one_arm = { two_handed = false } } }, function()
    local f = pair({ weapon = "Great Axe", stats = { strength = 3 } }, {}, { 15 })
    sever(f, "Aldric", "left arm")
    f:round(duel.still('Counter -> "Orc"'))
    test.truthy(told(f, "attack", "d20 15 = 15 vs Defense 13 — hit"))
    duel.no_failures(f)
  end)
end)
