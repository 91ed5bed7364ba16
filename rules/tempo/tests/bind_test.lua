-- A bind, grapple or pin is shared by two: Bound is being "engaged [with] another melee combatant
-- with prolonged weapon-on-weapon contact". With a third fighter beside them, the actions taken in
-- it (Disarm, Grapple, Press, Withdraw, Double, Wind, Escape, Pin, Struggle) are taken against the
-- one who shares it, and when it ends, it ends for both. Ana (side a) against Bo and Cy (side b).
local test = require "arbiter.test"
local bout = require "tests.support.bout"
local fight = require "arbiter.fight"

local ALL = { "Ana", "Bo", "Cy" }

test.case("a Parry's Bind binds the two: \"Disarm -> my opponent\" is against the one in the bind, who may Wind", function()
  -- On a euclidean map Cy (B3) is closer to Ana (B2) than Bo (C3, a diagonal) is: Cy is the
  -- closest enemy, but the bind is Bo's.
  local f = bout.new({}, { at = "C3" }, { 5, 5, 9, 3 }, { width = 6, height = 4, metric = "euclidean" }, { at = "B3" })
  f:round [[
    Ana:
      1: Melee Attack -> "Bo"
      2: IF I am Bound THEN Disarm -> my opponent
    Bo:
      ON Melee Attack: Parry
      ON Disarm: Wind
    Cy:
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 8", "Bo Parry 8", "Ana Disarm 4", "Bo Wind 4" })
  test.equal(bout.exchanges(f)[2], "Ana Disarm (1d10 9 = 9 − 3; Failure); Bo Wind (1d10 3 = 3 − 9; Failure)")
  test.equal(bout.guards(f, ALL), { "Ana Bound", "Bo Bound", "Cy On Guard" })
end)

test.case("an action taken in the bind against someone outside it is refused with the reason; ending it frees both", function()
  -- Ana and Bo start Bound (the encounter's `guard`); Cy stands beside Ana, On Guard.
  local f = bout.new({ guard = "Bound" }, { guard = "Bound" }, { 9 }, nil, { at = "B3" })
  f:round [[
    Ana:
      1: Withdraw -> "Cy"
      2: Disarm -> "Cy"
      3: Disarm -> "Bo"
    Bo:
    Cy:
  ]]
  test.equal(bout.refused(f), { "Ana cannot Withdraw: the bind is with Bo, not Cy",
                                "Ana cannot Disarm: the bind is with Bo, not Cy" })
  test.equal(bout.exchanges(f), { "Ana Disarm (1d10 9 = 9; Success); Bo is disarmed of the Sword" })
  test.equal(f:stat("Bo", "weapon"), "Unarmed")
  test.equal(bout.guards(f, ALL), { "Ana On Guard", "Bo On Guard", "Cy On Guard" })
end)

test.case("without orders, a Bound fighter Presses the one it is bound with, not the closest enemy", function()
  -- Ana is bound with Cy (B3); Bo (C2) is as close, and first in the encounter. Cy's defence
  -- makes each Press a Failure: three of them, 4 AP each.
  local f = bout.new({ guard = "Bound" }, {}, { 1, 1, 1 }, nil, { at = "B3", guard = "Bound", combat_defence = 20 })
  f:round [[
    Bo:
    Cy:
  ]]
  local targets = {}
  for _, e in ipairs(f:events("declared")) do targets[#targets + 1] = e.fields.character .. ": " .. e.fields.summary end
  test.equal(targets, { "Ana: Press → Cy", "Ana: Press → Cy", "Ana: Press → Cy" })
end)

test.case("a reaction taken in the grapple answers only the one who shares it: no Struggle against another's punch", function()
  local f = bout.new({ guard = "Grappled" }, { guard = "Grappled" }, { 2, 2 }, nil, { at = "B3" })
  f:round [[
    Ana:
      ON Unarmed Attack: Struggle
    Bo:
    Cy:
      1: Unarmed Attack -> "Ana"
  ]]
  test.equal(bout.refused(f), { "Ana cannot Struggle: the grapple is with Bo, not Cy" })
  test.equal(bout.declared(f), { "Cy Unarmed Attack 9" })
end)

test.case("a bind ends for both when one of the two is Down (default chosen)", function()
  local f = bout.new({ guard = "Bound" }, { guard = "Bound", wounds = 9 }, { 5, 4 }, nil, { at = "B3" })
  f:round [[
    Ana:
      1: Press -> my opponent
    Bo:
    Cy:
  ]]
  test.truthy(f:has("Bo", "Down"))
  test.equal(bout.guards(f, { "Ana" }), { "Ana On Guard" })
end)

test.case("an encounter that starts a fighter Bound with no enemy Bound beside it is an error saying so", function()
  local f = bout.new({ guard = "Bound" }, {}, {}, nil, { at = "B3" })
  test.fails(function() f:round() end,
             "Ana's guard is \"Bound\", but no enemy within reach starts Bound to share the bind with")
end)

test.case("fighters who start in a bind, grapple or pin are paired one to one, or the encounter is refused at the guard", function()
  -- "A bind ... engaged [with] another melee combatant": shared by two. Ana can be bound with Bo or
  -- Cy, each beside her, but not with both: Cy, the first left over, is refused.
  local three = bout.new({ guard = "Bound" }, { guard = "Bound" }, {}, nil, { at = "B3", guard = "Bound" })
  test.fails(function() three:round() end,
             "Cy's guard is \"Bound\", but every enemy within reach who could share the bind with it (Ana) shares "
             .. "one with another: a bind is shared by two")
  -- A pin is shared with a Grappled fighter: "Your target changes to status Pinned".
  local pinned = bout.new({ guard = "Pinned" }, { guard = "Pinned" }, {})
  test.fails(function() pinned:round() end,
             "Ana's guard is \"Pinned\", but no enemy within reach starts Grappled to share the pin with")
end)

test.case("a pairing the rules refuse is told at the test's line as the encounter's mistake, like fight.new's own", function()
  -- docs/world.md: world.encounter_error is "the encounter's mistake ... not blamed on the pack";
  -- the message starts at this file's line of the round, not at tempo's line that found it.
  local three = bout.new({ guard = "Bound" }, { guard = "Bound" }, {}, nil, { at = "B3", guard = "Bound" })
  test.fails(function() three:round() end,
             "bind_test.lua:108: <fight.new>: Cy's guard is \"Bound\", but every enemy within reach")
end)

-- Who starts bound with whom, by the `source` of each one's starting status.
local function starting_partners(f)
  local partners = {}
  for _, e in ipairs(f:events("status_applied")) do
    if e.cause == "combat begins" then partners[e.fields.target] = e.fields.source end
  end
  return partners
end

-- Four in a row, red and blue by turns, every one Bound: Ana-Bo and Rex-Di, whatever order the
-- encounter lists them in (Rex is as close to Bo as to Di).
local function row_of_four(order)
  local at = { Ana = { "a", "A2" }, Bo = { "b", "B2" }, Rex = { "a", "C2" }, Di = { "b", "D2" } }
  local characters = {}
  for _, name in ipairs(order) do
    characters[#characters + 1] = { name = name, side = at[name][1], at = at[name][2], weapon = "Sword",
                                    stats = { guard = "Bound", initiative = 1 } }
  end
  return fight.new { map = { width = 6, height = 3 }, characters = characters }
end

test.case("fighters who start in binds are paired one to one whatever order the encounter lists them in", function()
  for _, order in ipairs({ { "Ana", "Bo", "Rex", "Di" }, { "Rex", "Bo", "Ana", "Di" }, { "Di", "Rex", "Bo", "Ana" } }) do
    local f = row_of_four(order)
    f:round()
    test.equal(starting_partners(f), { Ana = "Bo", Bo = "Ana", Rex = "Di", Di = "Rex" })
  end
end)

test.case("a bind is contact: two who start Bound out of melee reach of each other are refused", function()
  -- Bound: "engaged [with] another melee combatant with prolonged weapon-on-weapon contact".
  local f = bout.new({ guard = "Bound" }, { guard = "Bound", at = "H2" }, {})
  test.fails(function() f:round() end,
             "Ana's guard is \"Bound\", but no enemy within reach starts Bound to share the bind with")
end)

test.case("one who starts Down ends the bind it starts in: both are On Guard, and no one presses the fallen", function()
  -- README: a bind "ends for both, On Guard, when one of them ... is Down"; Bo's wounds reach his health.
  local f = bout.new({ guard = "Bound" }, { guard = "Bound", wounds = 10 }, { 5, 5, 5, 5 }, nil, { at = "H3" })
  f:round()
  test.truthy(f:has("Bo", "Down"))
  test.equal(bout.guards(f, { "Ana", "Bo" }), { "Ana On Guard", "Bo On Guard" })
  for _, e in ipairs(f:events("declared")) do test.truthy(e.fields.action ~= "Press", "no Press at one who is Down") end
end)


test.case("the pairing is completed across more than two sides: three in a triangle and one beside the middle", function()
  -- Ana, Bo and Cy, of three sides, each within reach of the other two; Di, of a fourth, only of
  -- Bo. Ana takes Bo, the closest first in the encounter's order, which leaves Cy and Di alone;
  -- the only pairing of all four is Ana-Cy and Bo-Di, and it is found.
  local characters = {}
  for i, c in ipairs { { "Ana", "a", "B2" }, { "Bo", "b", "C2" }, { "Cy", "c", "B3" }, { "Di", "d", "D2" } } do
    characters[i] = { name = c[1], side = c[2], at = c[3], weapon = "Sword", stats = { guard = "Bound", initiative = 1 } }
  end
  local f = fight.new { map = { width = 6, height = 3 }, characters = characters }
  f:round()
  test.equal(starting_partners(f), { Ana = "Cy", Cy = "Ana", Bo = "Di", Di = "Bo" })
end)

test.case("many fighters are paired in time polynomial in their number: 32 against 31, one left over, is told at once", function()
  -- Two rows, red above blue, each Bound beside three of the other side: every way to pair 62 of
  -- them leaves a red one over. Trying the ways one by one never ended.
  local function label(x, y)  -- column x from 0: A … Z, AA …
    return (x < 26 and string.char(65 + x) or string.char(64 + x // 26) .. string.char(65 + x % 26)) .. y
  end
  local characters = {}
  for i = 0, 31 do
    characters[#characters + 1] = { name = "A" .. i, side = "a", at = label(i, 2), weapon = "Sword", stats = { guard = "Bound" } }
  end
  for i = 0, 30 do
    characters[#characters + 1] = { name = "B" .. i, side = "b", at = label(i, 1), weapon = "Sword", stats = { guard = "Bound" } }
  end
  local f = fight.new { map = { width = 40, height = 2 }, characters = characters }
  test.fails(function() f:round() end,
             "A31's guard is \"Bound\", but every enemy within reach who could share the bind with it (B30) shares one "
             .. "with another: a bind is shared by two")
end)

test.case("a bind is contact: two who start Bound beside each other across a wall are refused", function()
  -- A blow does not pass a wall (README: reach), nor does "weapon-on-weapon contact".
  local f = fight.new { map = { width = 6, height = 3, walls = { { "B2", "C2" } } }, characters = {
    { name = "Ana", side = "a", at = "B2", weapon = "Sword", stats = { guard = "Bound" } },
    { name = "Bo", side = "b", at = "C2", weapon = "Sword", stats = { guard = "Bound" } } } }
  test.fails(function() f:round() end,
             "Ana's guard is \"Bound\", but no enemy within reach starts Bound to share the bind with")
end)

test.case("Press, Disarm and Double are taken with one's own weapon in the bind: not with a Bow; without orders, Withdraw", function()
  -- Bound is "prolonged weapon-on-weapon contact"; Press "force your weapon forward through the
  -- bind", Disarm "the leverage of your own weapon", Double "a rapid counter-attack". Bo (Bow)
  -- punches Ana, whose Parry ties it (5 − 5): a Bind. His Press and Disarm are refused, and so is his
  -- Double to her Press (dice: Bo 5, Ana 5; her Press 1, its damage 2). Without orders, a Bound
  -- Bow-user cannot Press: he Withdraws (Not in the source: default chosen; dice 4), then, On
  -- Guard, shoots while he can pay (twice: 3, damage 1).
  local f = bout.new({}, { weapon = "Bow" }, { 5, 5, 1, 2, 4, 3, 1, 3, 1 })
  f:round [[
    Ana:
      ON Unarmed Attack: Parry
    Bo:
      1: Unarmed Attack -> my opponent
      2: Press -> my opponent
      3: Disarm -> my opponent
  ]]
  test.equal(bout.guards(f, { "Ana", "Bo" }), { "Ana Bound", "Bo Bound" })
  test.equal(bout.refused(f), { "Bo cannot Press: no melee weapon", "Bo cannot Disarm: no melee weapon" })
  f:round [[
    Ana:
      1: Press -> my opponent
    Bo:
      ON Press: Double
  ]]
  test.equal(bout.refused(f)[3], "Bo cannot Double: no melee weapon")
  test.equal(bout.exchanges(f)[2], "Ana Press (1d10 1 = 1; Critical Success); Bo takes 2 (1d6 2)")
  f:round [[
    Ana:
  ]]
  test.equal(bout.exchanges(f)[3], "Bo Withdraw (1d10 4 = 4; Success)")
  test.equal(bout.guards(f, { "Ana", "Bo" }), { "Ana On Guard", "Bo On Guard" })
end)

test.case("Wind is taken with one's weapon in the bind, Grapple with one's hands: bound with a Bow, Grapple but not Wind", function()
  -- Bound: "a position from which the leverage applied by your weapons becomes a crucial factor";
  -- Wind "an attempt to gain control of a Bind"; Grapple "use the close proximity of your bind to
  -- initiate a grapple", a grapple being "wrestling and hand to hand combat". Bo (Bow) punches Ana,
  -- whose Parry ties it (5 − 5): a Bind. Her Disarm (1: a Failure) finds his Wind refused; his
  -- Grapple (8, "8 Success") is not: both Grappled.
  local f = bout.new({}, { weapon = "Bow" }, { 5, 5, 1, 8 })
  f:round [[
    Ana:
      ON Unarmed Attack: Parry
    Bo:
      1: Unarmed Attack -> my opponent
  ]]
  test.equal(bout.guards(f, { "Ana", "Bo" }), { "Ana Bound", "Bo Bound" })
  f:round [[
    Ana:
      1: Disarm -> my opponent
    Bo:
      ON Disarm: Wind
      1: Grapple -> my opponent
  ]]
  test.equal(bout.refused(f), { "Bo cannot Wind: no melee weapon" })
  test.equal({ table.unpack(bout.exchanges(f), 2) }, { "Ana Disarm (1d10 1 = 1; Failure)", "Bo Grapple (1d10 8 = 8; Success)" })
  test.equal(bout.guards(f, { "Ana", "Bo" }), { "Ana Grappled", "Bo Grappled" })
end)

test.case("an encounter that starts a Bow-user or an Unarmed fighter Bound is refused at its guard", function()
  -- Bound: "You have engaged another melee combatant with prolonged weapon-on-weapon contact".
  test.fails(function() bout.new({ guard = "Bound" }, { guard = "Bound", weapon = "Bow" }, {}):round() end,
             "Bo's guard is \"Bound\", but it holds a Bow: a bind is \"prolonged weapon-on-weapon contact\" of two melee "
             .. "weapons (start it On Guard, or give it one)")
  test.fails(function() bout.new({ guard = "Bound", weapon = "Unarmed" }, { guard = "Bound" }, {}):round() end,
             "Ana's guard is \"Bound\", but it is Unarmed")
end)
