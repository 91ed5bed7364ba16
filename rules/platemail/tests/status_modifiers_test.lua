-- The roll modifiers of statuses (stdlib/types/status.lua, `modifiers`) on Platemail's rolls, with
-- scripted dice. The source gives no status a modifier: these are house rules, the one the README
-- offers for Prone among them. Roll names: "attack" (the character's Attack rolls), "attacks
-- against" (Attack rolls at it), "check" (every check and Saving Throw it rolls) and a check's own
-- name ("dexterity_saving_throw", "stealth", "medical", "concentration").
local test = require "arbiter.test"
local arbiter = require "arbiter"
local duel = require "tests.support.duel"

-- README, Prone: "`arbiter.override.status("Prone", { … })` with modifiers".
arbiter.override.status("Prone", { modifiers = { { roll = "attacks against", amount = 3, reason = "Prone" } } })
arbiter.define.status("Inspired", { modifiers = { { roll = "attack", amount = 1, reason = "Inspired" },
                                                  { roll = "check", amount = 2, reason = "Inspired" } } })
arbiter.define.status("Nimble", { modifiers = { { roll = "dexterity_saving_throw", amount = 4, reason = "Nimble" } } })
-- README, Encumbered: a house rule's modifiers for it.
arbiter.override.status("Encumbered", { unit = "phases", duration = 1,
                                        modifiers = { { roll = "attacks against", amount = 3, reason = "Encumbered" } } })

test.case("'Attack rolls are resolved by rolling a D20 and adding or subtracting any modifiers': a status's too, with its reason", function()
  -- Aldric Counters the Orc beside him (Unarmored, Ready by its quick Use Items: Defense 13).
  -- d20 10 + 1 (Aldric Inspired) + 3 (the Orc Prone) = 14 > 13: a hit, which 10 alone is not.
  local f = duel.pair({}, {}, { 10 })
  f:within(function()
    status.apply("Aldric", "Inspired")
    status.apply("Orc", "Prone")
  end)
  f:round(duel.still('Counter -> "Orc"'))
  test.truthy(duel.narrated(f, "Aldric (Counter) attacks Orc with Sword: d20 10 +1 Inspired +3 Prone = 14 vs Defense 13 — hit"))
  test.equal(duel.attacks(f, "hit"), { true })
end)

test.case("README, Events: an attack's `defense` and `modifiers` are the Defense and the terms its text tells", function()
  -- As above: d20 10 + 1 (Aldric Inspired) + 3 (the Orc Prone) = 14 vs Defense 13. A tool reading
  -- the log finds each number without reading the sentence.
  local f = duel.pair({}, {}, { 10 })
  f:within(function()
    status.apply("Aldric", "Inspired")
    status.apply("Orc", "Prone")
  end)
  f:round(duel.still('Counter -> "Orc"'))
  local fields = f:events("attack")[1].fields
  test.equal(fields.defense, 13)
  test.equal(fields.natural, 10)
  test.equal(fields.total, 14)
  test.equal(fields.modifiers, { { amount = 1, reason = "Inspired" }, { amount = 3, reason = "Prone" } })
end)

test.case("a status's modifiers on checks and Saving Throws: 'check' for all, and the check's own name", function()
  -- Brenna (Sprint, Not Ready) and Aldric (Move, Ready) Crash at B2. Brenna, Nimble and Inspired:
  -- d20 5 − 3 Disfavor + 2 + 4 = 8 < 10, falls Prone; Aldric: d20 5 + 3 Favor = 8, fails too.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B3", weapon = "Sword", armor = "Leather" },
    { name = "Brenna", side = "party", at = "A2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "J6", weapon = "Axe", armor = "Leather" },
  }, { 5, 5 })
  f:within(function()
    status.apply("Brenna", "Nimble")
    status.apply("Brenna", "Inspired")
  end)
  f:round [[
    Aldric:
      1: Move S, S
      2: Defend
    Brenna:
      1: Sprint E, E
      2: Defend
  ]]
  local crash = f:events("crash")[1].fields.text
  test.truthy(crash:find("Brenna's Dexterity Saving Throw: d20 5 −3 Disfavor (Crash, Not Ready) +2 Inspired +4 Nimble = 8 vs 10",
                         1, true), crash)
  test.truthy(crash:find("Aldric's Dexterity Saving Throw: d20 5 +3 Favor (Crash, Ready) = 8 vs 10", 1, true), crash)
end)

test.case("Rescue: 'picking up and carrying an ally ... You are Encumbered' — in the Rescue's own Action Phase, not the next", function()
  -- Ana is down (4 Wounds); Med beside her Rescues her 5' west in phase 1, then Defends. Bo shoots
  -- Med in both phases (Short Bow, 35' off: the range band's −2). Phase 1, carrying: d20 5 +3 Favor
  -- (target's Rescue) +3 Encumbered = 11 > 10 (Unarmored, Not Ready). Phase 2, carrying no one: no
  -- Encumbered, d20 5 −2 = 3. The carried-hit die (even: Ana hit instead) is a d6 2.
  local f = duel.new({
    { name = "Ana", side = "a", at = "B2", weapon = "Sword", stats = { wounds = 4 } },
    { name = "Med", side = "a", at = "B3", weapon = "Staff" },
    { name = "Bo", side = "b", at = "H6", weapon = "Short Bow" },
  }, { 5, 2, 5 }, { width = 12, height = 8 })
  f:round [[
    Med:
      1: Rescue W -> "Ana"
      2: Defend
    Bo:
      1: Ranged Attack -> "Med"
      2: Ranged Attack -> "Med"
  ]]
  local totals = duel.attacks(f, "total")
  test.equal(#totals, 2)
  test.truthy(duel.narrated(f, "+3 Encumbered = 11"), "phase 1, carrying: Encumbered")
  test.equal(totals[2], 3, "phase 2, carrying no one: not Encumbered")
  test.falsy(f:has("Med", "Encumbered"))
end)
