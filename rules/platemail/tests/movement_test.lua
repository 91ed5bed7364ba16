-- The Movement Actions and Attacks of Opportunity in a fight, with scripted dice: each case
-- quotes the source and works its numbers out from the source's tables.
local test = require "arbiter.test"
local duel = require "tests.support.duel"

test.case("Move: 'Move up to 15 feet' — Move toward a far enemy goes 3 squares (5' each)", function()
  local f = duel.new({
    { name = "Aldric", side = "party", at = "A2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "J2", weapon = "Axe", armor = "Leather" },
  })
  f:round [[
    Aldric:
      1: Move toward "Orc"
      2: Defend
  ]]
  test.equal(f:cell("Aldric"), "D2")
end)

test.case("'Actions that involve movement must have their distance and direction declared': the distance caps the way to a target or a place", function()
  -- "Action: Move 10'" with "Target: Towards ..." (the source's own form, which fmt writes
  -- `Move 10' -> "Orc"`) went nowhere: a distance with no steps was a way of no steps.
  -- Each from B2 with the Orc at J2 (10' two squares), but the last, from F2: away from the Orc,
  -- one square of the three Move could take.
  local orders = {
    { [[1: Move 10' -> "Orc"]], "D2" },
    { [[1: Move 10' toward "Orc"]], "D2" },
    { [[1: Sprint 20' -> "Orc"]], "F2" },
    { [[1: Move 10' to J2]], "D2" },
    { [[1: Move 5' away from "Orc"]], "E1", "F2" },
  }
  for _, written in ipairs(orders) do
    local f = duel.new({
      { name = "Aldric", side = "party", at = written[3] or "B2", weapon = "Sword", armor = "Leather" },
      { name = "Orc", side = "orcs", at = "J2", weapon = "Axe", armor = "Leather" },
    }, nil, { width = 10, height = 3 })
    f:round("Aldric:\n  " .. written[1] .. "\n  2: Defend\nOrc:\n  1: Defend\n  2: Defend\n")
    test.equal(f:cell("Aldric"), written[2], written[1])
  end
end)

test.case("a distance written that no step fits in goes nowhere, and the declaration says why", function()
  -- On a euclidean map the diagonal step to C3 costs 7'; "Move 5' to C3" was declared bare ("Move")
  -- and went nowhere unexplained.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "G7", weapon = "Axe", armor = "Leather" },
  }, nil, { width = 8, height = 8, metric = "euclidean" })
  f:round [[
    Aldric:
      1: Move 5' to C3
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  test.equal(f:cell("Aldric"), "B2")
  test.equal(f:events("declared")[1].fields.summary,
             "Move (5' to C3 stops at B2: the next step costs more than the 5' written)")
end)

test.case("Sprint: 'Move up to 30 feet' — Sprint N six times, 30' (A1 is the south-west corner)", function()
  local f = duel.new({
    { name = "Aldric", side = "party", at = "A1", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "J1", weapon = "Axe", armor = "Leather" },
  }, nil, { width = 10, height = 8 })
  f:round [[
    Aldric:
      1: Sprint N, N, N, N, N, N
      2: Defend
  ]]
  test.equal(f:cell("Aldric"), "A7")
end)

test.case("Sprint: 'Ranged Attacks against you are made with Disfavor this Action Phase'", function()
  -- The Orc Sprints north (Not Ready: Leather still gives 12). Short Bow at 10': 14 − 3 = 11, a miss.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "A1", weapon = "Short Bow", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "C1", weapon = "Axe", armor = "Leather" },
  }, { 14 }, { width = 10, height = 8 })
  f:round [[
    Aldric:
      1: Ranged Attack -> "Orc"
      2: Defend
    Orc:
      1: Sprint N, N, N, N, N, N
      2: Defend
  ]]
  test.equal(duel.attacks(f, "total"), { 11 })
  test.equal(duel.attacks(f, "hit"), { false })
end)

local function beside(dice)
  -- The Orc at C2 Defends (Ready, an Axe in hand); Aldric at B2 (Unarmored, Sword) steps away west.
  return duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Unarmored" },
    { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Leather" },
  }, dice)
end

test.case("Attack of Opportunity: 'Triggered when an adjacent enemy moves into a non-adjacent space from a Ready Character'", function()
  -- Aldric Moves (Ready): Defense 10 + 3 + 1 = 14. The Orc's AoO has no Favor or Disfavor of its
  -- own ("in addition to their chosen Actions"): 15 > 14, 1 Wound.
  local f = beside({ 15 })
  f:round [[
    Aldric:
      1: Move 10' W
      2: Defend
  ]]
  local attacks = f:events("attack")
  test.equal(#attacks, 1)
  test.equal(attacks[1].cause, "Attack of Opportunity")
  test.equal(attacks[1].fields.total, 15)
  test.equal(f:stat("Aldric", "wounds"), 1)
end)

test.case("Attack of Opportunity from 'melee range (5\' or 10\' if they have Reach)': a house rule's Reach Axe reaches two cells", function()
  -- The Orc at D2, 10' from Aldric at B2, holds an Axe given Reach (10'). Aldric steps west to A2,
  -- 15' away: he leaves the Orc's reach, and the Orc (Defend, Ready) attacks: 15 > 14, 1 Wound.
  duel.with_patch("weapons", { Axe = { melee = { reach = 10 } } }, function()
    local f = duel.new({
      { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Unarmored" },
      { name = "Orc", side = "orcs", at = "D2", weapon = "Axe", armor = "Leather" },
    }, { 15 })
    f:round [[
      Aldric:
        1: Move 5' W
        2: Defend
    ]]
    local attacks = f:events("attack")
    test.equal(#attacks, 1)
    test.equal(attacks[1].cause, "Attack of Opportunity")
    test.equal(f:stat("Aldric", "wounds"), 1)
  end)
end)

test.case("Fall Back: 'You prevent Attacks of Opportunity against you this Action Phase'", function()
  local f = beside({})
  f:round [[
    Aldric:
      1: Fall Back 10' W
      2: Defend
  ]]
  test.equal(f:cell("Aldric"), "A2")
  test.equal(#f:events("attack"), 0)
end)

test.case("Fall Back prevents the Attack of Opportunity of a Clash too: 'You prevent Attacks of Opportunity against you this Action Phase'", function()
  -- Aldric Falls Back east from the Orc (A2); the Grunt Moves west (Ready, an Axe in hand). After
  -- one step each (C2, D2) their next steps would swap them: a Clash, both stop. "Ready Characters
  -- may make one Attack of Opportunity": Aldric's, 1, a miss; the Grunt's is prevented.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Unarmored" },
    { name = "Orc", side = "orcs", at = "A2", weapon = "Axe", armor = "Leather" },
    { name = "Grunt", side = "orcs", at = "E2", weapon = "Axe", armor = "Leather" },
  }, { 1 })
  f:round [[
    Aldric:
      1: Fall Back E, E
      2: Defend
    Grunt:
      1: Move W, W
      2: Defend
  ]]
  test.equal(#f:events("clash"), 1)
  test.equal(f:cell("Aldric"), "C2")
  test.equal(f:cell("Grunt"), "D2")
  test.equal(duel.attacks(f, "attacker"), { "Aldric" })
end)

test.case("no Attack of Opportunity from a Not Ready Character", function()
  local f = beside({})
  f:round [[
    Aldric:
      1: Move 10' W
      2: Defend
    Orc:
      1: Prepare Spell
      2: Defend
  ]]
  test.equal(#f:events("attack"), 0)
end)

test.case("'Only one Attack of Opportunity is allowed per Action phase': two leave the Orc's reach, one is attacked", function()
  -- A second AoO would roll a die past the scripted one: an action failed, which f:round raises.
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Unarmored" },
    { name = "Brenna", side = "party", at = "B3", weapon = "Sword", armor = "Unarmored" },
    { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Leather" },
  }, { 1 })
  f:round [[
    Aldric:
      1: Move 10' W
      2: Defend
    Brenna:
      1: Move 10' W
      2: Defend
  ]]
  test.equal(#f:events("attack"), 1)
end)

test.case("an Unaware character keeps its one Attack of Opportunity for a mover it perceives: 'Unaware Characters may not designate the Skulker as a Target'", function()
  -- "Only one Attack of Opportunity is allowed per Action phase." Round 1 the Goblin hides at A3
  -- behind the crate at B3: Stealth d20 12 + 0, above the Orc's Perception 5, so the Orc (Defend,
  -- Ready, at C3) is Unaware of it. Round 2 the Goblin skulks past the Orc (B4, then away to A5)
  -- and the Grunt, seen, walks around it (D3, D4, then away to E5) a step later. The Orc cannot
  -- attack what it does not perceive: its one Attack of Opportunity is the Grunt's, d20 15 against
  -- the Grunt's Leather, Ready (12): a hit.
  local f = duel.new({
    { name = "Goblin", side = "goblins", at = "A3", weapon = "Dagger", armor = "Leather" },
    { name = "Grunt", side = "goblins", at = "D2", weapon = "Axe", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "C3", weapon = "Axe", armor = "Leather", stats = { perception = 5 } },
  }, { 12, 15 }, { width = 10, height = 6, terrain = { ["B3"] = { shelter = "cover" } } })
  f:round [[
    Goblin:
      1: Skulk
      2: Skulk
  ]]
  test.truthy(f:has("Goblin", "Hidden"))
  f:round [[
    Goblin:
      1: Skulk NE, NW
      2: Defend
    Grunt:
      1: Move N, N, NE
      2: Defend
  ]]
  test.equal(f:cell("Goblin"), "A5")
  test.equal(f:cell("Grunt"), "E5")
  test.equal(duel.attacks(f, "target", "Orc"), { "Grunt" })
  test.equal(duel.attacks(f, "hit", "Orc"), { true })
  test.equal(#f:events("attack_missed_out"), 0, "no Attack is spent on the unseen Goblin")
end)

test.case("Skulk: 'You must end this Action Phase in Cover or Concealment to remain Hidden'; 'If moving, roll Stealth'", function()
  -- The Goblin skulks behind a crate (Cover between it and the Orc): Stealth d20 12 + 0 = 12.
  local f = duel.new({
    { name = "Goblin", side = "goblins", at = "A2", weapon = "Dagger", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "F2", weapon = "Axe", armor = "Leather" },
  }, { 12 }, { width = 10, height = 6, terrain = { ["C2"] = { shelter = "cover" } } })
  f:round [[
    Goblin:
      1: Skulk
      2: Defend
  ]]
  test.truthy(f:has("Goblin", "Hidden"))
  test.equal(f:stat("Goblin", "stealth_roll"), 12)
end)

test.case("Skulk: a Stealth roll has no difficulty, only the onlookers' Perception ('whose Perception is below the Stealth Roll are Unaware')", function()
  local f = duel.new({
    { name = "Goblin", side = "goblins", at = "A2", weapon = "Dagger", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "F2", weapon = "Axe", armor = "Leather", stats = { perception = 2 } },
  }, { 3 }, { width = 10, height = 6, terrain = { ["C2"] = { shelter = "cover" } } })
  f:round [[
    Goblin:
      1: Skulk
      2: Defend
    Orc:
      1: Defend
      2: Charge -> "Goblin"
  ]]
  -- A roll of 3 still hides the Goblin, told as the roll it is, not as a failed check; the Orc's
  -- Perception 2 is below it.
  test.truthy(duel.narrated(f, "Goblin skulks into hiding: Stealth d20 3 = 3"))
  test.truthy(duel.narrated(f, "Goblin is now Hidden (Skulk)"))
  test.falsy(duel.narrated(f, "vs 10"))
  -- Hidden as the 2nd Action Phase begins, the Goblin is not designated by the Orc's Charge:
  -- "Unaware Characters may not designate the Skulker as a Target".
  test.truthy(duel.narrated(f, "Orc: Defend ('Charge -> \"Goblin\"' is refused (Orc is Unaware of Goblin (Hidden)"))
end)

test.case("Skulk in a bush: 'You must end this Action Phase in Cover or Concealment to remain Hidden' — the cell one stands in counts, unless a foe is beside it", function()
  -- The Goblin skulks in the thick bush of its own cell (default chosen, README): Hidden from the
  -- Orc at F2 (Stealth d20 12); Brute, who comes beside the bush in the 2nd Action Phase, finds it
  -- in the open.
  local f = duel.new({
    { name = "Goblin", side = "goblins", at = "B2", weapon = "Dagger", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "F2", weapon = "Axe", armor = "Leather" },
    { name = "Brute", side = "orcs", at = "B5", weapon = "Axe", armor = "Leather" },
  }, { 12 }, { width = 10, height = 6, terrain = { ["B2"] = { object = "thick bush", shelter = "concealment" } } })
  f:round [[
    Goblin:
      1: Skulk
      2: Defend
    Brute:
      1: Defend
      2: Move S, S
  ]]
  test.truthy(duel.narrated(f, "Goblin is now Hidden (Skulk)"))
  test.truthy(duel.narrated(f, "Goblin is no longer Hidden (ends the phase in the open)"))
  test.equal(f:cell("Brute"), "B3")
end)

test.case("Skulk in the open: not Hidden", function()
  local f = duel.new({
    { name = "Goblin", side = "goblins", at = "A2", weapon = "Dagger", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "F2", weapon = "Axe", armor = "Leather" },
  })
  f:round [[
    Goblin:
      1: Skulk
      2: Defend
  ]]
  test.falsy(f:has("Goblin", "Hidden"))
end)

test.case("an Entrapped character is Unaware of a skulker: Entraps 'Target Not Ready'; Skulk 'Characters who are Not Ready ... are Unaware of the skulker'", function()
  -- Cut hides behind the low wall of its cell, Stealth d20 10: the Orc's Perception 10 is not below
  -- it. The Netter's net hits the Orc (d20 15 > 13, Unarmored and Ready). Phase 2 the Entrapped Orc
  -- is Not Ready, so Unaware of Cut: Cut's first Attack on it has Favor, 10 + 3 = 13 > 10 (its
  -- Defense without Unarmored's "Ready Only" 3).
  local f = duel.new({
    { name = "Cut", side = "a", at = "E1", weapon = "Dart" },
    { name = "Netter", side = "a", at = "A3", weapon = "Bolo/Net" },
    { name = "Orc", side = "b", at = "A1", weapon = "Axe" },
  }, { 10, 15, 10 }, { width = 8, height = 3, terrain = { ["E1"] = { object = "low wall", shelter = "cover" } } })
  f:round [[
    Cut:
      1: Skulk
      2: Ranged Attack -> "Orc"
    Netter:
      1: Ranged Attack -> "Orc"
      2: Defend
    Orc:
      1: Defend
      2: Defend
  ]]
  test.equal(duel.attacks(f, "total", "Cut"), { 13 })
  test.equal(duel.attacks(f, "hit", "Cut"), { true })
end)

test.case("Skulk beside a fallen foe: an Unconscious enemy watches nothing ('You must end this Action Phase in Cover or Concealment to remain Hidden')", function()
  -- The Corpse beside Cut's low wall is down from the start (4 Wounds); the Orc at A1, the only
  -- enemy who perceives, sees Cut behind the wall: Stealth d20 15 hides it.
  local f = duel.new({
    { name = "Cut", side = "a", at = "E1", weapon = "Dart" },
    { name = "Corpse", side = "b", at = "F1", weapon = "Axe", stats = { wounds = 4 } },
    { name = "Orc", side = "b", at = "A1", weapon = "Axe" },
  }, { 15 }, { width = 8, height = 3, terrain = { ["E1"] = { object = "low wall", shelter = "cover" } } })
  f:round [[
    Cut:
      1: Skulk
      2: Skulk
    Orc:
      1: Defend
      2: Defend
  ]]
  test.truthy(f:has("Corpse", "Unconscious"))
  test.truthy(f:has("Cut", "Hidden"))
  test.equal(f:stat("Cut", "stealth_roll"), 15)
end)

local function skulker(goblin, orc, dice)
  -- The Goblin at A2 skulks behind a crate at C2 (Cover between it and the Orc at E2/F2) in round
  -- 1: Stealth d20 12 + 0, a Stealth roll of 12 above the Orc's Perception 10.
  return duel.new({
    { name = "Goblin", side = "goblins", at = goblin.at or "A2", weapon = goblin.weapon or "Dagger", armor = "Leather",
      stats = goblin.stats },
    { name = "Orc", side = "orcs", at = orc.at or "E2", weapon = orc.weapon or "Axe", armor = "Leather", stats = orc.stats },
  }, dice, { width = 10, height = 6, terrain = { ["C2"] = { shelter = "cover" } } })
end
local hide = [[
    Goblin:
      1: Skulk
      2: Skulk
]]

test.case("Skulk: 'Your first Attack on an Unaware Target is made with Favor'; Dagger '+1 Penetration against Unaware Targets'", function()
  -- Round 2 the Goblin Charges the Orc, who Aims its bow (Not Ready: "Characters who are Not Ready
  -- ... are Unaware of the skulker"). 5 + 3 (Charge) + 3 (first Attack on an Unaware Target) + 3
  -- (the Orc's Aim: melee Attacks on it have Favor) = 14 > 12 (Leather). Dagger Penetration 0 + 1
  -- = 1 gets through Leather's Absorb 1: 1 Wound. The Attack is overt: the Goblin is revealed.
  local f = skulker({}, { weapon = "Short Bow" }, { 12, 5 })
  f:round(hide)
  test.truthy(f:has("Goblin", "Hidden"))
  f:round [[
    Goblin:
      1: Charge -> "Orc"
      2: Defend
    Orc:
      1: Aim
      2: Defend
  ]]
  test.equal(duel.attacks(f, "total"), { 14 })
  test.equal(duel.attacks(f, "penetration"), { 1 })
  test.equal(f:stat("Orc", "wounds"), 1)
  test.falsy(f:has("Goblin", "Hidden"), "'Overt Actions such as Attacks ... reveal you'")
  -- The Attack was made Hidden: told first, then the reveal it brings.
  local attacked, revealed
  for i, line in ipairs(f:narration()) do
    if not attacked and line:find("Goblin (Charge) attacks Orc", 1, true) then attacked = i end
    if not revealed and line:find("Goblin is no longer Hidden", 1, true) then revealed = i end
  end
  test.truthy(attacked and revealed and attacked < revealed, "the Attack is told before the reveal")
end)

test.case("Skulk: 'Unaware Characters may not designate the Skulker as a Target' (Perception 5 below the Stealth roll 12)", function()
  -- Round 2 the Orc orders an Attack at the Goblin it is Unaware of: refused before it is declared,
  -- as one at an enemy Concealed from it is ("Most Actions require one or more designated Targets,
  -- which must be declared with the Action order"): it takes the default order, told why.
  local f = skulker({}, { weapon = "Short Bow", stats = { perception = 5 } }, { 12 })
  f:round(hide)
  f:round [[
    Goblin:
      1: Skulk
      2: Skulk
    Orc:
      1: Ranged Attack -> "Goblin"
      2: Defend
  ]]
  test.equal(#f:events("attack"), 0)
  test.equal(#f:events("attack_missed_out"), 0)
  local refused
  for _, e in ipairs(f:events("declared")) do
    if e.fields.refused then refused = e.fields end
  end
  test.equal({ refused.character, refused.action, refused.refused, refused.reason },
    { "Orc", "Defend", 'Ranged Attack -> "Goblin"',
      "Orc is Unaware of Goblin (Hidden): Unaware Characters may not designate the Skulker as a Target" })
end)

test.case("Skulk: 'Unaware Characters may not designate the Skulker as a Target' — a Charge at it is refused, and does not steer to where it hides", function()
  -- The Orc at E2 (Perception 5) would Charge the hidden Goblin at A2: refused before it is
  -- declared, it Defends where it stands; the Goblin keeps its Stealth roll.
  local f = skulker({}, { stats = { perception = 5 } }, { 12 })
  f:round(hide)
  f:round [[
    Goblin:
      1: Skulk
      2: Skulk
    Orc:
      1: Charge -> "Goblin"
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "Orc: Defend ('Charge -> \"Goblin\"' is refused (Orc is Unaware of Goblin (Hidden): "
                              .. "Unaware Characters may not designate the Skulker as a Target): Defend, the default order)"))
  test.equal(f:cell("Orc"), "E2")
  test.equal(#f:events("attack_missed_out"), 0)
  test.truthy(f:has("Goblin", "Hidden"))
end)

-- The refusal every order at the hidden Goblin gets below (the Orc is Unaware of it).
local function refused_at_goblin(order)
  return ("Orc: Defend ('%s' is refused (Orc is Unaware of Goblin (Hidden): Unaware Characters may not designate "
          .. "the Skulker as a Target): Defend, the default order)"):format(order)
end

test.case("Skulk: 'Unaware Characters may not designate the Skulker as a Target' — nor move toward it ('Target: Towards the closest enemy.'): a Move is refused and does not head for where it hides", function()
  -- The Orc at E2 (Perception 5, below the Stealth roll 12; Move is Ready) would Move toward the
  -- hidden Goblin at A2: refused before it is declared, it Defends where it stands.
  local f = skulker({}, { stats = { perception = 5 } }, { 12 })
  f:round(hide)
  f:round [[
    Goblin:
      1: Skulk
      2: Skulk
    Orc:
      1: Move -> "Goblin"
      2: Defend
  ]]
  test.truthy(duel.narrated(f, refused_at_goblin('Move -> "Goblin"')))
  test.equal(f:cell("Orc"), "E2")
  test.truthy(f:has("Goblin", "Hidden"))
end)

test.case("Skulk: 'Characters* who are Not Ready ... are Unaware of the skulker' — a Sprint (NR) toward it is refused whatever the Perception; a Move (R) with Perception 15 above the Stealth roll 12 goes", function()
  local f = skulker({}, { stats = { perception = 15 } }, { 12 })
  f:round(hide)
  f:round [[
    Goblin:
      1: Skulk
      2: Skulk
    Orc:
      1: Sprint -> "Goblin"
      2: Move -> "Goblin"
  ]]
  test.truthy(duel.narrated(f, refused_at_goblin('Sprint -> "Goblin"')))
  -- The 2nd Action Phase's Move is Ready, and Perception 15 beats the Stealth roll: it goes toward A2.
  test.truthy(f:cell("Orc") < "E2", "toward the Goblin: " .. f:cell("Orc"))
end)

test.case("Skulk: 'Unaware Characters may not designate the Skulker as a Target' — in the 2nd Action Phase too: a Charge at one who hid in the 1st is refused, and does not head for it", function()
  -- Round 1: the Goblin skulks behind the crate in the 1st Action Phase (Stealth 12) and keeps its
  -- roll in the 2nd; the Orc (Perception 5) Defends, then would Charge it: as the 2nd Action Phase
  -- begins the Goblin is Hidden and the Orc Unaware of it, so the Charge is refused there.
  local f = skulker({}, { stats = { perception = 5 } }, { 12 })
  f:round [[
    Goblin:
      1: Skulk
      2: Skulk
    Orc:
      1: Defend
      2: Charge -> "Goblin"
  ]]
  test.truthy(duel.narrated(f, refused_at_goblin('Charge -> "Goblin"')))
  test.equal(f:cell("Orc"), "E2")
  test.equal(#f:events("attack_missed_out"), 0)
  test.truthy(f:has("Goblin", "Hidden"))
end)

-- The Orc (Short Bow, Perception 15 above the Goblin's Stealth roll 12) shoots at "the closest
-- enemy" in round 2 by `order`, the only enemy being the hidden Goblin; `dice` after the Stealth roll.
local function shooting_at_closest(order, dice)
  local f = skulker({}, { weapon = "Short Bow", stats = { perception = 15 } }, { 12, table.unpack(dice) })
  f:round(hide)
  f:round(([[
    Goblin:
      1: Skulk
      2: Skulk
    Orc:
      1: %s -> the closest enemy
      2: Defend
  ]]):format(order))
  return f
end

test.case("Skulk: 'Characters* who are Not Ready or whose Perception is below the Stealth Roll are Unaware' — a general target is looked up as the action ordered is Ready: a Ranged Attack (R) with Perception 15 finds the Goblin", function()
  -- "the closest enemy" is the Goblin: the Orc, Ready as it shoots, is not Unaware of it. d20 15
  -- − 2 (the crate's Cover) = 13 > 12 (Leather).
  local f = shooting_at_closest("Ranged Attack", { 15 })
  test.equal(duel.attacks(f, "target"), { "Goblin" })
  test.equal(duel.attacks(f, "total"), { 13 })
end)

test.case("Skulk: 'Characters* who are Not Ready ... are Unaware of the skulker' — a general target ordered with a Not Ready action (Rapid Fire) finds no Hidden Goblin, whatever the Perception", function()
  -- "Unaware Characters may not designate the Skulker as a Target": the phrase names no one, and
  -- no Attack is made (no die is rolled after the Stealth roll).
  local f = shooting_at_closest("Rapid Fire", {})
  test.equal(#f:events("attack"), 0)
  test.truthy(f:has("Goblin", "Hidden"))
end)

test.case("Silent: 'This Weapon's Attack does not break Stealth' — a Dart thrown from hiding keeps the Goblin Hidden", function()
  -- The Orc (Perception 5) at F2, 25' off: Dart Range 30'. The roll does not matter here.
  local f = skulker({ weapon = "Dart" }, { at = "F2", stats = { perception = 5 } }, { 12, 3 })
  f:round(hide)
  f:round [[
    Goblin:
      1: Ranged Attack -> "Orc"
      2: Skulk
  ]]
  test.equal(#f:events("attack"), 1)
  test.truthy(f:has("Goblin", "Hidden"))
end)

test.case("Skulk: 'Your first Attack on an Unaware Target is made with Favor' — not the next, though the Dart keeps the Goblin Hidden", function()
  -- The Orc (Perception 5, Unaware of the Goblin's Stealth 12) at F2, 25' off, the crate between
  -- them (Cover: −2). Round 2, 1st Action Phase: 3 + 3 (first Attack) − 2 = 4. The Dart is Silent:
  -- still Hidden, the Orc still Unaware; the 2nd Action Phase's Attack is not the first: 4 − 2 = 2.
  local f = skulker({ weapon = "Dart" }, { at = "F2", stats = { perception = 5 } }, { 12, 3, 4 })
  f:round(hide)
  f:round [[
    Goblin:
      1: Ranged Attack -> "Orc"
      2: Ranged Attack -> "Orc"
  ]]
  test.equal(duel.attacks(f, "total"), { 4, 2 })
  test.truthy(f:has("Goblin", "Hidden"))
  -- Kept in the world, so a save keeps it too.
  test.equal(f:stat("Goblin", "ambushed"), { "Orc" })
end)

test.case("Skulk: hiding anew, a skulker's next Attack on an Unaware Target is a first one again", function()
  -- As above, the Goblin's Dart: 4, and it stays Hidden. Revealed, it hides again behind the crate
  -- (rolling Stealth anew, 12: only one still Hidden keeps its last roll) and throws another Dart:
  -- 3 + 3 (first Attack) − 2 = 4.
  local f = skulker({ weapon = "Dart" }, { at = "F2", stats = { perception = 5 } }, { 12, 3, 12, 3 })
  f:round(hide)
  f:round [[
    Goblin:
      1: Ranged Attack -> "Orc"
      2: Skulk
  ]]
  f:within(function(goblin) status.remove(goblin, "Hidden", "test: revealed") end, "Goblin")
  f:round [[
    Goblin:
      1: Skulk
      2: Ranged Attack -> "Orc"
  ]]
  test.equal(duel.attacks(f, "total"), { 4, 4 })
end)

test.case("Sprint reveals a skulker: 'Overt Actions such as Attacks, Sprint, etc reveal you'", function()
  -- From B2 the Goblin Sprints 5' west to A2, still behind the crate: only the Sprint reveals it.
  local f = skulker({ at = "B2" }, { at = "F2" }, { 12 })
  f:round(hide)
  test.truthy(f:has("Goblin", "Hidden"))
  f:round [[
    Goblin:
      1: Sprint W
      2: Defend
  ]]
  test.equal(f:cell("Goblin"), "A2")
  test.falsy(f:has("Goblin", "Hidden"))
end)

for _, skulk in ipairs({ "Skulk", "Skulk (roll)" }) do
  test.case(("'Overt Actions such as Attacks ... reveal you': a skulker whose own Attack of Opportunity revealed it "
    .. "does not stay Hidden (%s), nor rolls Stealth"):format(skulk), function()
    -- Phase 1 Sk Skulks behind the low wall at D4: Stealth d20 10 + 5 = 15. Phase 2 Bo Sprints out
    -- of Sk's reach, and Sk's Attack of Opportunity with its Dagger (not Silent) hits the Unaware Bo
    -- (d20 15 + 3 Favor = 18 > 12): that Attack reveals Sk as the phase ends, so its Skulk of the
    -- same phase keeps no Stealth roll and rolls none.
    local f = duel.new({
      { name = "Sk", side = "a", at = "D5", weapon = "Dagger", stats = { stealth = 5 } },
      { name = "Bo", side = "b", at = "A3", weapon = "Sword", armor = "Leather" },
    }, { 10, 15 }, { width = 12, height = 8, terrain = { D4 = { object = "low wall", shelter = "cover" } } })
    f:round(([[
      Sk:
        1: Skulk S
        2: %s
      Bo:
        1: Defend
        2: Sprint E, E, E, E, E, E
    ]]):format(skulk))
    test.equal(duel.attacks(f, "hit", "Sk"), { true })
    test.falsy(f:has("Sk", "Hidden"))
    test.falsy(duel.narrated(f, "Sk stays Hidden"))
    test.truthy(duel.narrated(f, "Sk skulks, but its Attack of Opportunity revealed it: not Hidden"))
    test.equal(f:stat("Sk", "stealth_roll"), 15, "the roll of phase 1, when it hid")
  end)
end

test.case("Skulk: 'Overt Actions such as Attacks, Sprint, etc reveal you'; 'You must end this Action Phase in Cover "
  .. "or Concealment to remain Hidden' — one not Hidden whose Attack of Opportunity comes before it Skulks into hiding "
  .. "in the same phase does not become Hidden, nor rolls Stealth", function()
  -- Sk, not Hidden, stands behind the low wall at D4 beside Bo at D3. Phase 1 Bo Sprints east out
  -- of Sk's reach and Sk's Attack of Opportunity with its Dagger (not Silent: "This Weapon's Attack
  -- does not break Stealth" is not its property) hits (d20 15 = 15 > 12); then Sk's Skulk, staying
  -- behind the wall, would hide. The reveal is judged as the phase ends, as Hidden itself is ("end
  -- this Action Phase in Cover or Concealment"): the Attack made in it reveals Sk, whichever came
  -- first, so Sk ends the phase seen, and its Skulk rolls no Stealth (the 10 is never rolled).
  local f = duel.new({
    { name = "Sk", side = "a", at = "D4", weapon = "Dagger", stats = { stealth = 5 } },
    { name = "Bo", side = "b", at = "D3", weapon = "Sword", armor = "Leather" },
  }, { 15, 10 }, { width = 12, height = 8, terrain = { D4 = { object = "low wall", shelter = "cover" } } })
  f:round [[
    Sk:
      1: Skulk
      2: Defend
    Bo:
      1: Sprint E, E, E, E, E, E
      2: Defend
  ]]
  test.equal(duel.attacks(f, "hit", "Sk"), { true })
  test.falsy(f:has("Sk", "Hidden"))
  test.falsy(duel.narrated(f, "Sk skulks into hiding"))
  test.truthy(duel.narrated(f, "Sk skulks, but its Attack of Opportunity revealed it: not Hidden"))
  test.equal(f:stat("Sk", "stealth_roll"), nil, "no Stealth rolled")
end)

test.case("a Hidden character who Moves into the open is no longer Hidden: 'You must end this Action Phase in Cover or Concealment'", function()
  local f = skulker({}, { at = "F2" }, { 12 })
  f:round(hide)
  f:round [[
    Goblin:
      1: Move N, N
      2: Defend
  ]]
  test.equal(f:cell("Goblin"), "A4")
  test.falsy(f:has("Goblin", "Hidden"))
end)

test.case("Skulk: 'If you remain in Cover or Concealment and don't move, you can choose to roll Stealth or keep your last Stealth roll'", function()
  -- Round 1 phase 1 hides with Stealth d20 1 + 6 = 7; phase 2 keeps it (no choice written: keep,
  -- README); round 2 `Skulk (roll Stealth again)` rolls d20 19 + 6 = 25, then `(keep)` keeps it.
  local f = skulker({ stats = { stealth = 6 } }, { at = "F2" }, { 1, 19 })
  f:round(hide)
  test.equal(f:stat("Goblin", "stealth_roll"), 7)
  test.truthy(duel.narrated(f, "Goblin stays Hidden, keeping Stealth 7"))
  test.falsy(duel.narrated(f, "Goblin is still Hidden"))  -- said once
  f:round [[
    Goblin:
      1: Skulk (roll Stealth again)
      2: Skulk (keep)
  ]]
  test.equal(f:stat("Goblin", "stealth_roll"), 25)
  test.truthy(duel.narrated(f, "Goblin stays Hidden, rolling again: Stealth d20 19 +6 stealth = 25"))
  test.truthy(duel.narrated(f, "Goblin stays Hidden, keeping Stealth 25"))
end)

test.case("Skulk after being revealed: only one who 'remain[s]' Hidden may 'keep your last Stealth roll' — it rolls anew", function()
  -- Round 1 hides with Stealth d20 12. Revealed, the Goblin Skulks in place behind the crate with no
  -- choice written: it is not Hidden, so there is no Stealth roll to keep. It rolls: d20 4.
  local f = skulker({}, { at = "F2" }, { 12, 4 })
  f:round(hide)
  f:within(function(goblin) status.remove(goblin, "Hidden", "test: revealed") end, "Goblin")
  f:round [[
    Goblin:
      1: Skulk
      2: Defend
  ]]
  test.equal(f:stat("Goblin", "stealth_roll"), 4)
  test.truthy(duel.narrated(f, "Goblin skulks into hiding: Stealth d20 4 = 4"))
  test.truthy(f:has("Goblin", "Hidden"))
end)

test.case("a Hidden character who Moves, not Skulks, is no longer Hidden, though it stays behind the crate (README: default chosen)", function()
  -- Skulk: "Move up to 15 feet while attempting to stay Hidden ... If moving, roll Stealth". From B2
  -- the Goblin Moves 5' west to A2, still behind the crate: a Move makes no attempt to stay Hidden.
  local f = skulker({ at = "B2" }, { at = "F2" }, { 12 })
  f:round(hide)
  test.truthy(f:has("Goblin", "Hidden"))
  f:round [[
    Goblin:
      1: Move W
      2: Defend
  ]]
  test.equal(f:cell("Goblin"), "A2")
  test.falsy(f:has("Goblin", "Hidden"))
  test.truthy(duel.narrated(f, "Goblin is no longer Hidden (moves without Skulking (Move): revealed)"))
end)

test.case("moving_otherwise = false (house rule): a Hidden character who Moves from cover to cover stays Hidden", function()
  duel.with_patch("actions_data", { Skulk = { hidden = { revealed_by = { moving_otherwise = false } } } }, function()
    local f = skulker({ at = "B2" }, { at = "F2" }, { 12 })
    f:round(hide)
    f:round [[
      Goblin:
        1: Move W
        2: Defend
    ]]
    test.truthy(f:has("Goblin", "Hidden"))
  end)
end)

test.case("a house rule's patch of an action's tag counts: Move made (NR) leaves Aldric Not Ready — no Shield: 13 > 12 hits", function()
  -- Aldric (Sword, Leather, Shield): Ready 15, Not Ready 12. He Moves B2 → B1, still beside the
  -- Orc (C2), who Counters him: d20 13.
  duel.with_patch("actions_data", { Move = { tag = "NR" } }, function()
    local f = duel.pair({ shield = "Shield" }, {}, { 13 })
    f:round [[
      Aldric:
        1: Move S
        2: Defend
      Orc:
        1: Counter -> "Aldric"
        2: Defend
    ]]
    test.equal(f:cell("Aldric"), "B1")
    test.equal(duel.attacks(f, "hit"), { true })
  end)
end)

test.case("Skulk reads only its choice: an argument it would not read is refused before the round, with the forms it takes", function()
  local f = skulker({}, { at = "F2" }, {})
  test.fails(function() f:round [[
    Goblin:
      1: Skulk (hide well)
      2: Defend (sing)
  ]] end, "'Skulk' does not read '(hide well)': write 'Skulk (roll)', 'Skulk (reroll)' or 'Skulk (keep)', or no argument")
  test.fails(function() f:round [[
    Goblin:
      1: Skulk
      2: Defend (sing)
  ]] end, "'Defend' takes no argument: write it without '(sing)'")
end)

test.case("a wounded skulker's Stealth roll has the Wounds penalty: 12 − 2 = 10", function()
  local f = skulker({ stats = { wounds = 2 } }, {}, { 12 })
  f:round(hide)
  test.equal(f:stat("Goblin", "stealth_roll"), 10)
end)

test.case("Guard: 'Move up to 15' staying adjacent to your Guard Target'", function()
  local f = duel.new({
    { name = "Mage", side = "party", at = "B2", weapon = "Staff", armor = "Unarmored" },
    { name = "Bodyguard", side = "party", at = "E2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "J6", weapon = "Axe", armor = "Leather" },
  })
  f:round [[
    Bodyguard:
      1: Guard -> "Mage"
      2: Guard -> "Mage"
  ]]
  test.equal(f:cell("Bodyguard"), "C2")
end)

test.case("an Unconscious character does not act: the Orc downed in the 1st Action Phase makes no Attack in the 2nd", function()
  local f = duel.pair({}, { stats = { wounds = 3 } }, { 14 })
  f:round [[
    Aldric:
      1: Counter -> "Orc"
      2: Defend
    Orc:
      1: Use Item
      2: Full Attack -> "Aldric"
  ]]
  test.truthy(f:has("Orc", "Unconscious"))
  test.equal(#f:events("attack"), 1)
end)

test.case("Defend's Disfavor holds only 'as long as you are not Unaware of the Attacker'", function()
  -- The Orc Defends with Perception 5, below the Goblin's Stealth 12: Unaware. The Goblin's Charge:
  -- 5 + 3 (Charge) + 3 (first Attack on an Unaware Target), no Defend Disfavor: 11.
  local f = skulker({}, { stats = { perception = 5 } }, { 12, 5 })
  f:round(hide)
  f:round [[
    Goblin:
      1: Charge -> "Orc"
      2: Defend
  ]]
  test.equal(duel.attacks(f, "total"), { 11 })
end)

test.case("Guard: 'You can attempt to block Attacks against the Guarded as long as you are not Unaware of the Attacker': said with the Attack", function()
  -- The Brute (F2, Perception 5) Guards the Orc (E2) against the Goblin, hidden behind the crate
  -- (Stealth 12): Unaware of it, it cannot block, and the Attack says so. The Goblin's Charge goes
  -- against the Orc's own Defense, 10 + 2 (Leather): d20 5 + 3 (Charge) + 3 (Unaware target) = 11.
  local f = duel.new({
    { name = "Goblin", side = "goblins", at = "A2", weapon = "Dagger", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "E2", weapon = "Axe", armor = "Leather" },
    { name = "Brute", side = "orcs", at = "F2", weapon = "Axe", armor = "Leather", stats = { perception = 5 } },
  }, { 12, 5 }, { width = 10, height = 6, terrain = { ["C2"] = { shelter = "cover" } } })
  f:round(hide)
  f:round [[
    Goblin:
      1: Charge -> "Orc"
      2: Defend
    Brute:
      1: Guard -> "Orc"
      2: Defend
  ]]
  test.equal(duel.attacks(f, "text"), { "Goblin (Charge) attacks Orc with Dagger: d20 5 +3 Favor (Charge) +3 Favor "
    .. "(Unaware target) = 11 vs Defense 12 (Brute cannot block: Unaware of the attacker) — miss" })
end)

test.case("'Actions that involve movement must have their distance and direction declared': Move and Sprint say where", function()
  -- Move and Sprint without a direction are refused at their line; Skulk may stay in place, and
  -- Fall Back moves away from hostiles by itself.
  local f = duel.pair({ at = "A2" }, { at = "H2" })
  test.fails(function() f:round(duel.still("Move")) end, "'Move' must say where it moves")
  test.fails(function() f:round(duel.still("Move 15'")) end, "'Move 15'' says how far but not where")
  test.fails(function() f:round(duel.still("Sprint")) end, "'Sprint' must say where it moves")
  f:round("Aldric:\n  1: Skulk\n  2: Fall Back\nOrc:\n  1: Defend\n  2: Defend\n")
end)
