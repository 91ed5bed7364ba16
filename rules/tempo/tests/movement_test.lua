-- Movement on the map, and what walls and impassable ground stop (docs/encounters.md: `walls`
-- "blocks movement and sight"; docs/world.md: a border that blocks movement, "paths and movement
-- refuse it"). Each fight is played with scripted dice; the order sheets are the round's.
local test = require "arbiter.test"
local fight = require "arbiter.fight"
local bout = require "tests.support.bout"

-- Fighters { name, side, at, weapon } On Guard, the first quicker, on `map`, with scripted `dice`
-- (none unless given: a roll the case does not expect runs out of them and fails the round).
local function on(map, fighters, dice)
  local characters = {}
  for i, f in ipairs(fighters) do
    characters[i] = { name = f[1], side = f[2], at = f[3], weapon = f[4] or "Sword",
                      stats = { guard = "On Guard", initiative = #fighters - i } }
  end
  return fight.new { map = map, characters = characters, dice = dice or {} }
end

local function moved(f)
  local out = {}
  for _, e in ipairs(f:events("moved")) do out[#out + 1] = ("%s %s %s"):format(e.fields.character, e.fields.from, e.fields.to) end
  return out
end

-- A corridor one square high, closed by a wall between B1 and C1.
local CORRIDOR = { width = 8, height = 1, walls = { { "B1", "C1" } } }

test.case("a blow does not pass a wall: beside Bo across it, Ana's Melee Attack is refused with the reason", function()
  -- Melee reach is "the next square" with nothing between; no way leads around the wall.
  local f = on(CORRIDOR, { { "Ana", "a", "B1" }, { "Bo", "b", "C1" } })
  f:round [[
    Ana:
      1: Melee Attack -> Bo
    Bo:
      1: Melee Attack -> Ana
  ]]
  test.equal(bout.refused(f), { "Ana cannot Melee Attack: no way to reach Bo: a wall between",
                                "Bo cannot Melee Attack: no way to reach Ana: a wall between" })
  test.equal(bout.declared(f), {})
  test.equal(f:stat("Bo", "wounds"), nil)
end)

test.case("a Move stops where the wall bars the way: the last square before it", function()
  -- "Move -> Cy": no way leads past the wall, so Ana comes as near as she can, to B1.
  local f = on(CORRIDOR, { { "Ana", "a", "A1" }, { "Cy", "b", "H1" } })
  f:round [[
    Ana:
      1: Move -> Cy
    Cy:
  ]]
  test.equal(moved(f), { "Ana A1 B1" })
  -- From there she can come no nearer: the Move is refused before she pays for it.
  f:round [[
    Ana:
      1: Move -> Cy
    Cy:
  ]]
  test.equal(bout.refused(f), { "Ana cannot Move: no way to reach Cy: a wall between" })
end)

test.case("a Move does not cross impassable ground: it stops at the chasm's edge", function()
  local f = on({ width = 8, height = 1, terrain = { C1 = { impassable = true, name = "chasm" } } },
               { { "Ana", "a", "A1" }, { "Cy", "b", "F1" } })
  f:round [[
    Ana:
      1: Move -> Cy
    Cy:
  ]]
  test.equal(moved(f), { "Ana A1 B1" })
end)

test.case("a Move goes around a wall to stand beside its target where a blow can reach it", function()
  -- A wall between B2 and C2: Ana cannot strike Bo across it. Her Melee Attack from there is a
  -- Move toward him (README: an ordered melee action from afar becomes a Move), which goes round
  -- the wall's end to B3, beside Bo with nothing between; then her blow lands.
  local f = on({ width = 6, height = 3, walls = { { "B2", "C2" } } }, { { "Ana", "a", "B2" }, { "Bo", "b", "C2" } }, { 5, 3 })
  f:round [[
    Ana:
      1: Melee Attack -> Bo
      2: Melee Attack -> Bo
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Move 10", "Ana Melee Attack 6" })
  -- The log says which order each declaration carries out, the Move the first Melee Attack's.
  local causes = {}
  for _, e in ipairs(f:events("declared")) do causes[#causes + 1] = e.cause end
  test.equal(causes, { "Melee Attack -> Bo", "Melee Attack -> Bo" })
  test.equal(moved(f), { "Ana B2 B3" })
  test.equal(bout.exchanges(f)[2], "Ana Melee Attack (1d10 5 = 5; Critical Hit); Bo takes 3 (1d6 3)")
end)

test.case("a shot does not pass a wall: a Ranged Attack needs its target in sight", function()
  local f = on({ width = 8, height = 1, walls = { { "C1", "D1" } } }, { { "Ana", "a", "A1", "Bow" }, { "Cy", "b", "H1" } })
  f:round [[
    Ana:
      1: Ranged Attack -> Cy
      2: Aim -> Cy
    Cy:
  ]]
  test.equal(bout.refused(f), { "Ana cannot Ranged Attack: no line of sight to Cy: a wall between",
                                "Ana cannot Aim: no line of sight to Cy: a wall between" })
  test.equal(bout.declared(f), {})
end)

test.case("a Counter-Attack does not reach across a wall: a Move along it is not within reach", function()
  -- Ana walks B1, C1, D1 toward Bo at H1; Cy stands at C2 beside her way, a wall between the rows.
  local walls = { { "B1", "B2" }, { "C1", "C2" }, { "D1", "D2" }, { "E1", "E2" } }
  local f = on({ width = 8, height = 2, walls = walls }, { { "Ana", "a", "A1" }, { "Bo", "b", "H1" }, { "Cy", "b", "C2" } })
  f:round [[
    Ana:
      1: Move -> Bo
    Bo:
    Cy:
      ON Move: Counter-Attack
  ]]
  test.equal(bout.refused(f), { "Cy cannot Counter-Attack: Ana's Move does not come within reach" })
  test.equal(moved(f), { "Ana A1 D1" })
end)

test.case("\"my opponent is within reach\" is false across a wall", function()
  local f = on(CORRIDOR, { { "Ana", "a", "B1" }, { "Bo", "b", "C1" } })
  f:round [[
    Ana:
      1: IF my opponent is within reach THEN Ready ELSE Move -> H1
    Bo:
  ]]
  -- "-> H1" goes to H1 (docs/orders.md), and the wall leaves no way there: the runtime says so.
  test.equal(bout.refused(f), { "Ana cannot Move: stays at B1: the map leaves no way to H1" })
end)

-- Move "allows you to move around in combat": to a cell, along compass steps, away from someone.
local OPEN = { width = 8, height = 3 }

test.case("Move goes where its order says: to a cell, along compass steps, away from someone", function()
  local f = on(OPEN, { { "Ana", "a", "D2" }, { "Bo", "b", "H2" }, { "Cy", "b", "H3" } })
  f:round [[
    Ana:
      1: Move to D1
      2: Move E, E
      3: Move away from Bo
    Bo:
    Cy:
  ]]
  test.equal(bout.declared(f), { "Ana Move 10", "Ana Move 8", "Ana Move 6" })
  test.equal(moved(f), { "Ana D2 D1", "Ana D1 F1", "Ana F1 C1" })
end)

test.case("a distance written before the target or the place caps the way: Move 10' goes 2 squares of Base Combat Movement's 3", function()
  -- "Move 10' -> Bo" went 3 squares, as if no distance had been written.
  local f = on(OPEN, { { "Ana", "a", "A2" }, { "Bo", "b", "H2" } })
  f:round [[
    Ana:
      1: Move 10' -> Bo
      2: Move 5' toward Bo
      3: Move 5' to G2
    Bo:
  ]]
  test.equal(moved(f), { "Ana A2 C2", "Ana C2 D2", "Ana D2 E2" })
end)

test.case("Move to a cell goes at most Base Combat Movement (3 squares), around what stands in the way", function()
  local f = on(OPEN, { { "Ana", "a", "A2" }, { "Bo", "b", "H3" }, { "Cy", "b", "B2" } })
  f:round [[
    Ana:
      1: Move to H2
    Bo:
    Cy:
  ]]
  test.equal(moved(f), { "Ana A2 D2" })
end)

test.case("Move -> a cell where no one stands goes to it, as Move to it does (docs/orders.md)", function()
  local f = on(OPEN, { { "Ana", "a", "A2" }, { "Bo", "b", "H3" } })
  f:round [[
    Ana:
      1: Move -> C2
    Bo:
  ]]
  test.equal(moved(f), { "Ana A2 C2" })
end)

test.case("Move to a cell no way leads to is refused with the reason, the walls or the others, however it is written; a way into a wall too", function()
  -- Behind the wall G1 is out of reach, written as a place or at a cell where no one stands
  -- (docs/orders.md: "Move -> C3" goes there as "Move to C3" does): the runtime says why.
  local f = on(CORRIDOR, { { "Ana", "a", "B1" }, { "Bo", "b", "H1" } })
  f:round [[
    Ana:
      1: Move -> G1
      2: Move to G1
      3: Move toward G1
      4: Move to X: 30, Y: 0
      5: Move E
    Bo:
  ]]
  local walled = "Ana cannot Move: stays at B1: the map leaves no way to G1"
  test.equal(bout.refused(f), { walled, walled, walled, walled,
                                "Ana cannot Move: E stops at B1, the next step barred: it crosses the wall between B1 and C1" })
  test.equal(bout.declared(f), {})
  -- In a corridor with no wall, Bo stands in the only way.
  f = on({ width = 8, height = 1 }, { { "Ana", "a", "B1" }, { "Bo", "b", "C1" } })
  f:round [[
    Ana:
      1: Move to F1
    Bo:
  ]]
  test.equal(bout.refused(f), { "Ana cannot Move: stays at B1: others stand in every way to F1" })
end)

test.case("a way written through another stops before the square it holds, and one that starts there goes nowhere", function()
  -- A square holds one character, and in turns the others stand still while one moves: Ana's
  -- "E, E, E" stopped on Bo's square and failed there after its AP were paid, or walked through Cy.
  local f = on(OPEN, { { "Ana", "a", "A2" }, { "Bo", "b", "E2" }, { "Cy", "b", "G3" } })
  f:round [[
    Ana:
      1: Move E
      2: Move E, E, E
      3: Move E
    Bo:
    Cy:
  ]]
  test.equal(moved(f), { "Ana A2 B2", "Ana B2 D2" })
  test.equal(bout.declared(f), { "Ana Move 10", "Ana Move 8" })
  test.equal(bout.refused(f), { "Ana cannot Move: E stops at D2, the next step barred: Bo stands at E2" })
  local told = {}
  for _, line in ipairs(f:narration()) do told[line] = true end
  test.truthy(told["Ana: Move to D2 (E, E, E stops at D2, the next step barred: Bo stands at E2) (2 AP: 10 → 8)"],
    "the way's stop told")
  -- Cy in the middle of the way: Ana stops short of him, and a step onto his square goes nowhere.
  local g = on(OPEN, { { "Ana", "a", "A2" }, { "Bo", "b", "H2" }, { "Cy", "b", "C2" } })
  g:round [[
    Ana:
      1: Move E, E, E
      2: Combat Move E
    Bo:
    Cy:
  ]]
  test.equal(moved(g), { "Ana A2 B2" })
  test.equal(bout.refused(g), { "Ana cannot Combat Move: E stops at B2, the next step barred: Cy stands at C2" })
end)

test.case("a movement toward one already beside is refused before its AP are paid: it goes nowhere", function()
  local f = on(OPEN, { { "Ana", "a", "B2" }, { "Bo", "b", "C2" } })
  f:round [[
    Ana:
      1: Move -> my opponent
      2: Combat Move -> my opponent
    Bo:
  ]]
  test.equal(bout.refused(f), { "Ana cannot Move: already beside Bo, it goes nowhere",
                                "Ana cannot Combat Move: already beside Bo, it goes nowhere" })
  test.equal(bout.declared(f), {})
  test.equal(moved(f), {})
end)

test.case("Combat Move goes \"toward or away from your opponent\": away, a Success steps one square", function()
  local f = on(OPEN, { { "Ana", "a", "D2" }, { "Bo", "b", "E2" } }, { 5, 5 })
  f:round [[
    Ana:
      1: Combat Move away from Bo
      2: Combat Move toward Bo
    Bo:
  ]]
  test.equal(bout.exchanges(f), { "Ana Combat Move (1d10 5 = 5; Success)", "Ana Combat Move (1d10 5 = 5; Success)" })
  test.equal(moved(f), { "Ana D2 C2", "Ana C2 D2" })
end)

-- Combat Move, Success: "You may move up to one square toward or away from your opponent and
-- laterally up to your Base Combat Movement". Retreat, Success, says the same. A step's part along
-- the way toward the opponent is toward or away, the rest lateral (README: tempo.edge).
local FIELD = { width = 8, height = 5 }

-- Where Ana, at B2, goes on a Success of `Combat Move <steps>`, Bo standing at `bo`.
local function success(bo, steps)
  local f = on(FIELD, { { "Ana", "a", "B2" }, { "Bo", "b", bo } }, { 5 })
  f:round(("Ana:\n  1: Combat Move %s\nBo:\n"):format(steps))
  test.equal(bout.exchanges(f), { "Ana Combat Move (1d10 5 = 5; Success)" })
  return moved(f)
end

test.case("Combat Move's Success goes laterally up to Base Combat Movement: Bo north of Ana, E, E, E goes three squares", function()
  -- A Success went one square of the way, C2: "laterally up to your Base Combat Movement" is three.
  test.equal(success("B3", "E, E, E"), { "Ana B2 E2" })
end)

test.case("Combat Move's Success goes one square toward, a diagonal step one toward and one lateral: E, NE, NE stops at D3", function()
  -- E is lateral to Bo, north; the first NE is the one square toward him (and one lateral), the
  -- second would be another.
  test.equal(success("B5", "E, NE, NE"), { "Ana B2 D3" })
end)

test.case("toward an opponent on a diagonal, Combat Move's Success counts a straight step half a square: E, E, E stops at D2", function()
  -- Bo is north-east: a step NE is one square toward him, E or N half of one, NW or SE lateral.
  test.equal(success("E5", "E, E, E"), { "Ana B2 D2" })
end)

test.case("Combat Move away from one who is not the closest enemy edges one square away from them, not from the closest", function()
  -- "up to one square toward or away from your opponent": the opponent is Cy, east, whom the
  -- order moves away from. Reckoned from Bo, the closest, north, every step west was lateral, and
  -- Ana walked all three.
  local f = on(FIELD, { { "Ana", "a", "D2" }, { "Bo", "b", "D3" }, { "Cy", "b", "G2" } }, { 5 })
  f:round "Ana:\n  1: Combat Move away from Cy\nBo:\nCy:\n"
  test.equal(bout.exchanges(f), { "Ana Combat Move (1d10 5 = 5; Success)" })
  test.equal(moved(f), { "Ana D2 C2" })
end)

test.case("a reaction judges the lateral squares of a Combat Move's Success: Cy's Counter-Attack reaches Ana at E2", function()
  -- Cy's sword reaches only E2, the third square: it was judged on the first alone, and refused.
  local f = on(FIELD, { { "Ana", "a", "B2" }, { "Bo", "b", "B3" }, { "Cy", "b", "F1" } }, { 5, 2 })
  f:round [[
    Ana:
      1: Combat Move E, E, E
    Bo:
    Cy:
      ON Combat Move: Counter-Attack
  ]]
  test.equal(bout.refused(f), {})
  test.equal(bout.exchanges(f), { "Ana Combat Move (1d10 5 = 5 − 2; Success); Cy Counter-Attack (1d10 2 = 2 − 5; Miss)" })
  test.equal(moved(f), { "Ana B2 E2" })
end)

test.case("Combat Move is written with its way: without one, its usage, one message", function()
  local f = on(OPEN, { { "Ana", "a", "D2" }, { "Bo", "b", "E2" } })
  test.fails(function() f:round "Ana:\n  1: Combat Move\n" end,
             "'Combat Move' is written 'Combat Move -> target' (toward an opponent, stopping beside), 'Combat Move "
             .. "away from target', 'Combat Move to C3' or 'Combat Move E, NE': on a Success one square of that way "
             .. "toward or away from the opponent and the lateral squares, on a Critical Success all of it")
  test.fails(function() f:round "Ana:\n  1: Move E, E, E, E\n" end, "'Move' moves at most 3 squares")
end)

-- Retreat: "a movement to withdraw in response to an opponent's attempt to close distance with you".
test.case("Retreat answers only a movement that closes in: not a Move away from the one retreating", function()
  local f = on({ width = 8, height = 1 }, { { "Ana", "a", "D1" }, { "Cy", "a", "A1" }, { "Bo", "b", "F1" } })
  f:round [[
    Ana:
      1: Move -> Cy
    Cy:
    Bo:
      ON Move: Retreat
  ]]
  test.equal(bout.refused(f), { "Bo cannot Retreat: Ana's Move does not close distance with Bo" })
  test.equal(bout.exchanges(f), { "Ana Move (no check: 0; Success)" })
  test.equal(moved(f), { "Ana D1 B1" })
end)

test.case("Retreat's Success goes one square away and laterally up to Base Combat Movement: Bo steps back to F4", function()
  -- Retreat, Success: "You may move up to one square toward or away from your opponent and
  -- laterally up to your Base Combat Movement". Bo went one square, F2; one square east and two
  -- north take him farther from Ana, within Base Combat Movement (F4: a diagonal 1.41, then 1).
  local f = on({ width = 10, height = 5, metric = "euclidean" }, { { "Ana", "a", "B2" }, { "Bo", "b", "E2" } }, { 5 })
  f:round [[
    Ana:
      1: Move -> Bo
    Bo:
      ON Move: Retreat
  ]]
  test.equal(bout.exchanges(f), { "Ana Move (no check: 0 − 5; Failure); Bo Retreat (1d10 5 = 5 − 0; Success)" })
  test.equal(moved(f)[1], "Bo E2 F4")
end)
