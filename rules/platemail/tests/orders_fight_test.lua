-- What players' orders mean in a fight: the vocabulary's "an enemy" (README: "an enemy" includes
-- the Unconscious), the declared Target ("Most Actions require one or more designated Targets,
-- which must be declared with the Action order"), attacks made at an opponent, orders that cannot
-- be carried out, and paths that cross (Clash) or are only blocked.
local test = require "arbiter.test"
local duel = require "tests.support.duel"

local function knock_out(f, name)
  f:within(function(who) status.apply(who, "Unconscious", { cause = "test" }) end, name)
end

test.case("an Unconscious enemy beside me is 'an enemy' to conditions and to 'the adjacent enemy' alike", function()
  -- The Orc lies Unconscious beside Aldric: "IF an enemy is adjacent" holds, and the Full Attack
  -- declared at "the adjacent enemy" names the Orc and is made at it (d20 15 and 12, Defense 10).
  local f = duel.pair({}, {}, { 15, 12 })
  knock_out(f, "Orc")
  f:round [[
    Aldric:
      1: IF an enemy is adjacent THEN Full Attack -> the adjacent enemy ELSE Move E
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "Aldric: Full Attack → Orc"), "the target is declared")
  test.equal(duel.attacks(f, "target", "Aldric"), { "Orc", "Orc" })
end)

-- Aldric (E3) orders `order` at the Runner beside him (D3), who Falls Back out of reach (no Attack
-- of Opportunity); beside Aldric then lie Gob (F3), Unconscious, and the Orc (E4), standing, in
-- that encounter order. "When in doubt, the Arbiter chooses the Target they deem most appropriate.
-- Arbiters, rule in favor of the Player when you can": the Attacks go to the Orc, not Gob.
local function runner_gone(order, dice)
  local f = duel.new({
    { name = "Aldric", side = "party", at = "E3", weapon = "Sword", armor = "Leather" },
    { name = "Runner", side = "orcs", at = "D3", weapon = "Axe", armor = "Leather" },
    { name = "Gob", side = "orcs", at = "F3", weapon = "Axe", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "E4", weapon = "Axe", armor = "Leather" },
  }, dice)
  knock_out(f, "Gob")
  f:round(([[
    Aldric:
      1: %s
      2: Defend
    Runner:
      1: Fall Back
      2: Defend
    Orc:
      1: Use Item
      2: Use Item
  ]]):format(order))
  test.truthy(f:cell("Runner") ~= "D3" and not duel.narrated(f, "Attack of Opportunity"), "the Runner got away")
  return f
end

test.case("Full Attack 'against adjacent opponents', its Target gone: both Attacks at the one still standing, not the Unconscious", function()
  local f = runner_gone('Full Attack -> "Runner"', { 15, 12 })
  test.equal(duel.attacks(f, "target", "Aldric"), { "Orc", "Orc" })
end)

test.case("Counter 'against one adjacent opponent', its Target gone: at the one still standing, not the Unconscious", function()
  local f = runner_gone('Counter -> "Runner"', { 15 })
  test.equal(duel.attacks(f, "target", "Aldric"), { "Orc" })
end)

test.case("'the closest enemy' of two as close: the one still standing, not the Unconscious one first in encounter order", function()
  -- Gob (Unconscious) and the Orc are both 20' from the Archer; "rule in favor of the Player".
  local f = duel.new({
    { name = "Archer", side = "party", at = "A2", weapon = "Short Bow", armor = "Leather" },
    { name = "Gob", side = "orcs", at = "E2", weapon = "Axe", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "A6", weapon = "Axe", armor = "Leather" },
  }, { 15 })
  knock_out(f, "Gob")
  f:round [[
    Archer:
      1: Ranged Attack -> the closest enemy
      2: Defend
    Orc:
      1: Use Item
      2: Use Item
  ]]
  test.truthy(duel.narrated(f, "Archer: Ranged Attack → Orc"), "the target is declared")
  test.equal(duel.attacks(f, "target", "Archer"), { "Orc" })
end)

test.case("an attack whose target phrase named no one attacks no one, even if an enemy comes beside", function()
  -- No enemy is beside Aldric when the phase begins; the Orc then Moves next to him.
  local f = duel.pair({ at = "B2" }, { at = "E2" })
  f:round [[
    Aldric:
      1: Full Attack -> the adjacent enemy
      2: Defend
    Orc:
      1: Move W
      2: Defend
  ]]
  test.equal(#f:events("attack"), 0)
  test.truthy(duel.narrated(f, "Aldric (Full Attack) has no Target"), "said so")
end)

test.case("a cell as an attack's target is whoever stands there as the phase begins", function()
  -- The Orc stands at C2 beside Aldric: "Full Attack -> C2" is made at the Orc (d20 15 and 12),
  -- and so is the same written as coordinates (C2 spans X 10-14', Y 5-9').
  for _, written in ipairs { "C2", "X: 10, Y: 5" } do
    local f = duel.pair({}, {}, { 15, 12 })
    f:round(duel.still("Full Attack -> " .. written))
    test.truthy(duel.narrated(f, "Aldric: Full Attack → Orc"), written .. ": the target is declared")
    test.equal(duel.attacks(f, "target", "Aldric"), { "Orc", "Orc" }, written)
  end
end)

test.case("a cell where no one stands, as an attack's target, names no one", function()
  local f = duel.pair({}, {})
  f:round(duel.still("Full Attack -> D2"))
  test.equal(#f:events("attack"), 0)
  test.truthy(duel.narrated(f, "Aldric (Full Attack) has no Target"), "said so")
end)

test.case("orders of an Unconscious character are said not to be carried out, once per phase", function()
  local f = duel.pair({}, { at = "F2" })
  knock_out(f, "Aldric")
  f:round [[
    Aldric:
      1: Move E
      2: Defend
  ]]
  local lost = f:events("order_not_carried_out")
  test.equal(#lost, 2)
  test.truthy(duel.narrated(f, "Aldric cannot act (Unconscious): its order (Move E) is not carried out"), "phase 1")
  test.truthy(duel.narrated(f, "Aldric cannot act (Unconscious): its order (Defend) is not carried out"), "phase 2")
end)

test.case("opponents whose paths cross in a cell the other moved into first Clash", function()
  -- "If opponents move across each others' paths, they initiate the Clash Involuntary Action."
  -- Aldric Sprints east through E2; the Orc steps west into E2 at the first step and holds it.
  local f = duel.pair({ at = "B2" }, { at = "F2" }, { 1 }, { width = 9, height = 3 })
  f:round [[
    Aldric:
      1: Sprint E, E, E, E, E, E
      2: Defend
    Orc:
      1: Move W
      2: Defend
  ]]
  test.equal(#f:events("clash"), 1)
  test.equal(f:cell("Aldric"), "D2")
  test.equal(f:cell("Orc"), "E2")
end)

test.case("a step into the cell of someone standing still is blocked, and said so", function()
  local f = duel.pair({ at = "B2" }, { at = "E2" })
  f:round [[
    Aldric:
      1: Move E, E, E
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  test.equal(#f:events("clash"), 0)
  test.equal(f:cell("Aldric"), "D2")
  test.truthy(duel.narrated(f, "Aldric is blocked at D2: Orc holds E2"), "the block is narrated")
end)

-- "If opponents move across each others' paths, they initiate the Clash Involuntary Action"; a
-- square holds one character, so a square held by one who stays there is entered by no one, and
-- two who both step into it from either side cross no paths: each is only blocked (README, "A
-- Clash over one square": "A step into the square of someone who has not moved … is only
-- blocked"). Ana (party) holds C3; Pal (party) comes from the north, O2 (orcs) from the south;
-- `ana` is Ana's order, `bob` (if any) Bob's, who Defends beside her. No dice: none is rolled.
local function into_ana(pal_at, pal_way, o2_at, o2_way, ana, bob, dice)
  local characters = {
    { name = "Ana", side = "party", at = "C3", weapon = "Sword", armor = "Leather" },
    { name = "Pal", side = "party", at = pal_at, weapon = "Sword", armor = "Leather" },
    { name = "O2", side = "orcs", at = o2_at, weapon = "Axe", armor = "Leather" },
  }
  if bob then characters[#characters + 1] = { name = "Bob", side = "party", at = bob, weapon = "Sword", armor = "Leather" } end
  local f = duel.new(characters, dice or {}, { width = 10, height = 5 })
  f:round(("Ana:\n  1: %s\n  2: Defend\nPal:\n  1: Move %s\n  2: Defend\nO2:\n  1: Move %s\n  2: Defend\n%s"):format(
    ana, pal_way, o2_way, bob and "Bob:\n  1: Defend\n  2: Defend\n" or ""))
  return f
end

for _, case in ipairs {
  { "one step each", "C4", "S", "C2", "N" },
  { "after a step each", "C5", "S, S", "C1", "N, N" },
} do
  test.case("two opponents stepping into the square of one who stays there are only blocked, no Clash: " .. case[1], function()
    local f = into_ana(case[2], case[3], case[4], case[5], "Defend")
    test.equal(#f:events("clash"), 0, "their paths never cross: neither enters C3")
    test.equal(#f:events("attack"), 0, "no Attacks of Opportunity, 10' apart")
    test.equal({ f:cell("Ana"), f:cell("Pal"), f:cell("O2") }, { "C3", "C4", "C2" })
    test.truthy(duel.narrated(f, "Pal is blocked at C4: Ana holds C3"), "Pal's block is narrated")
    test.truthy(duel.narrated(f, "O2 is blocked at C2: Ana holds C3"), "O2's block is narrated")
  end)
end

test.case("one who would leave the square but is blocked itself still holds it: the two stepping in are only blocked", function()
  -- Ana Moves W into B3, where Bob stands Defending: she stays in C3, and holds it.
  local f = into_ana("C4", "S", "C2", "N", "Move W", "B3")
  test.equal(#f:events("clash"), 0)
  test.equal({ f:cell("Ana"), f:cell("Pal"), f:cell("O2") }, { "C3", "C4", "C2" })
  test.truthy(duel.narrated(f, "Ana is blocked at C3: Bob holds B3"), "Ana's block is narrated")
  test.truthy(duel.narrated(f, "Pal is blocked at C4: Ana holds C3"), "Pal's block is narrated")
  test.truthy(duel.narrated(f, "O2 is blocked at C2: Ana holds C3"), "O2's block is narrated")
end)

test.case("a square its holder leaves at the same step is where two opponents stepping into it meet: a Clash over one square", function()
  -- README, "A Clash over one square": "the mover takes the square and the other stops beside it".
  -- Ana Moves W to B3 as Pal and O2 step into C3; Pal takes it. Their Attacks of Opportunity, d20 1
  -- and 1: misses.
  local f = into_ana("C4", "S", "C2", "N", "Move W", nil, { 1, 1 })
  test.equal(#f:events("clash"), 1)
  test.truthy(duel.narrated(f, "Clash! Pal and O2 meet at C3 and stop."), "the Clash is narrated")
  test.equal({ f:cell("Ana"), f:cell("Pal"), f:cell("O2") }, { "B3", "C3", "C2" })
end)

test.case("an attack whose target phrase finds an ally is refused with the reason: attacks are at \"opponents\"", function()
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Leather" },
    { name = "Brienne", side = "party", at = "C2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "H2", weapon = "Axe" },
  })
  f:round [[
    Aldric:
      1: Full Attack -> the closest ally
      2: Defend
  ]]
  test.equal(#f:events("attack"), 0)
  -- Refused before anyone moves: Aldric takes the default order, Defend, and says why.
  test.equal(f:cell("Aldric"), "B2")
  test.truthy(duel.narrated(f, "'Full Attack -> closest ally' is refused (Brienne is an ally of Aldric: "
                                  .. "the target of Full Attack is an enemy): Defend, the default order"),
              "narrated as a refusal")
end)

test.case("'the closest enemy' is one the character can see: a Concealed enemy 'cannot be targeted directly'", function()
  -- The Goblin (25' away) stands behind a hedge that conceals it from the Orc; the Grunt (30') in
  -- the open is the closest enemy the Orc can target: d20 15 with its Short Bow.
  local f = duel.new({
    { name = "Goblin", side = "goblins", at = "A2", weapon = "Dagger", armor = "Leather" },
    { name = "Grunt", side = "goblins", at = "L2", weapon = "Axe", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "F2", weapon = "Short Bow", armor = "Leather" },
  }, { 15 }, { width = 12, height = 6, terrain = { ["C2"] = { object = "hedge", shelter = "concealment" } } })
  f:round [[
    Orc:
      1: Ranged Attack -> the closest enemy
      2: Defend
  ]]
  test.equal(duel.attacks(f, "target", "Orc"), { "Grunt" })
end)

test.case("a Hidden skulker is not 'the closest enemy' nor named in a condition of one Unaware of it: 'IF Conditions must be based on what your Character can perceive'", function()
  -- Round 1 the Goblin hides behind the crate at C2: Stealth d20 12, above the Orc's Perception 5.
  -- Round 2 it stays Hidden (no roll, it does not move); the Orc, Unaware of it, shoots the Grunt
  -- (d20 15) and does not step toward the Goblin, which it cannot know is within 35'.
  local f = duel.new({
    { name = "Goblin", side = "goblins", at = "A2", weapon = "Dagger", armor = "Leather" },
    { name = "Grunt", side = "goblins", at = "L2", weapon = "Axe", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "F2", weapon = "Short Bow", armor = "Leather", stats = { perception = 5 } },
  }, { 12, 15 }, { width = 12, height = 6, terrain = { ["C2"] = { shelter = "cover" } } })
  f:round [[
    Goblin:
      1: Skulk
      2: Skulk
  ]]
  test.truthy(f:has("Goblin", "Hidden"))
  f:round [[
    Goblin:
      1: Skulk
      2: Skulk
    Orc:
      1: Ranged Attack -> the closest enemy
      2: IF "Goblin" is within 35' THEN Move 5' W ELSE Defend
  ]]
  test.equal(duel.attacks(f, "target", "Orc"), { "Grunt" })
  test.equal(f:cell("Orc"), "F2")
end)

test.case("'The biggest enemy orc', the source's own general Target: the biggest among the enemies of that kind", function()
  -- The Ogre is bigger, but no orc; of the orcs, Grak (an orc by its `kind`) outsizes the Orc.
  -- Aldric shoots Grak: d20 15 with his Short Bow.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "A2", weapon = "Short Bow", armor = "Leather" },
    { name = "Ogre", side = "foes", at = "F2", weapon = "Axe", stats = { size = 4 } },
    { name = "Orc", side = "foes", at = "F4", weapon = "Axe", stats = { size = 2 } },
    { name = "Grak", side = "foes", at = "F6", weapon = "Axe", stats = { size = 3, kind = "Orc" } },
  }, { 15 })
  f:round [[
    Aldric:
      1: Ranged Attack -> The biggest enemy orc
      2: Defend
  ]]
  test.equal(duel.attacks(f, "target", "Aldric"), { "Grak" })
end)

test.case("'The most injured enemy', the source's own general Target: with nobody hurt yet, the nearest; then the one with more Wounds", function()
  -- No one's encounter gives Wounds but Brute's (`wounds = 0`): all are unhurt, so the nearest, Orc
  -- #2, is the most injured (d20 2: a miss). Aldric's named shot hits the Orc (d20 17 −2 for 35'
  -- against Unarmored Defense 13), and in the next Round the Orc, with its Wound, is the most
  -- injured though Orc #2 is nearer (d20 2).
  local f = duel.new({
    { name = "Aldric", side = "party", at = "A2", weapon = "Short Bow", armor = "Leather" },
    { name = "Orc", side = "foes", at = "H2", weapon = "Axe" },
    { name = "Orc #2", side = "foes", at = "E2", weapon = "Axe" },
    { name = "Brute", side = "foes", at = "H5", weapon = "Axe", stats = { wounds = 0 } },
  }, { 2, 17, 2 })
  f:round [[
    Aldric:
      1: Ranged Attack -> the most injured enemy
      2: Ranged Attack -> "Orc"
  ]]
  f:round [[
    Aldric:
      1: Ranged Attack -> the most injured enemy
      2: Defend
  ]]
  test.equal(duel.attacks(f, "target", "Aldric"), { "Orc #2", "Orc", "Orc" })
  test.equal(duel.attacks(f, "hit", "Aldric"), { false, true, false })
end)

test.case("orders the source gives no target are refused with one: Prepare Spell ('You don't designate a Target yet'), Defend, Aim, Focus Spell", function()
  local f = duel.pair({}, {})
  for _, order in ipairs({ "Prepare Spell (Fireball)", "Defend", "Aim", "Focus Spell" }) do
    test.fails(function() f:round(duel.still(order .. " -> \"Orc\"")) end,
               ("'%s' takes no target: write it without one"):format(order:match("^[%a ]+%a")))
  end
  f:round(duel.still("Prepare Spell (Fireball)"))
end)

test.case("with no spell defined (the source lists none), any spell named is Prepared, with the generic profile", function()
  local f = duel.pair({}, { at = "F2" }, {})
  f:round(duel.still("Prepare Spell (Firebal)"))
  test.truthy(duel.narrated(f, "Aldric begins casting Firebal"))
  test.equal(f:stat("Aldric", "prepared_spell"), "Firebal")
end)

test.case("the document's own wording: 'Charge toward the closest foe' attacks the foe it charges toward", function()
  -- "the closest foe" and "the closest hostile" are the document's words for the closest enemy,
  -- and the place a Charge moves toward is its Target (d20 15: a hit on the Unarmored Orc).
  for _, written in ipairs { "Charge toward the closest foe", "Charge toward the closest hostile" } do
    local f = duel.pair({ at = "A2" }, { at = "D2" }, { 15 })
    f:round(duel.still(written))
    test.truthy(duel.narrated(f, "Aldric: Charge → Orc"), written .. ": the target is declared")
    test.equal(duel.attacks(f, "target", "Aldric"), { "Orc" }, written)
  end
end)

test.case("a condition names a character as a target does: 'IF the Orc is down' is the Orc", function()
  -- The Orc lies Unconscious: "IF the Orc is down" holds (the "the" is decoration, as in
  -- "Charge -> the Orc"), so Aldric Defends instead of moving east.
  local f = duel.pair({}, {})
  knock_out(f, "Orc")
  f:round [[
    Aldric:
      1: IF the Orc is down THEN Defend ELSE Move E
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "Aldric: Defend"), "the condition holds")
  test.equal(f:cell("Aldric"), "B2")
end)

test.case("f:round tells every problem of a sheet at once, as run does (docs/fights.md)", function()
  local f = duel.pair({}, {})
  local message = test.fails(function() f:round 'Aldric:\n  1: Chrge -> "Orc"\n' end)
  test.truthy(message:find("'Aldric' has no order for phase 2", 1, true), "the phase left out: " .. message)
  test.truthy(message:find("unknown action 'Chrge'", 1, true), "the misspelt action: " .. message)
end)
