-- Order sheets in the tempo round (README: "Orders"): a turn's entries in order, IF on what
-- happened in the exchange, standing orders (ON) for reactions and counter-tempo answers; the
-- rules judge each order and refuse what they do not allow, with the reason.
local test = require "arbiter.test"
local bout = require "tests.support.bout"

test.case("the issue's order: IF my attack was parried THEN Counter-Attack answers the Parry of a Feint", function()
  -- Bo parries what he sees as a Melee Attack; Ana's entry 2 answers his Parry, replacing the Feint.
  local f = bout.new({}, {}, { 4, 6, 2 })
  f:round [[
    Ana:
      1: Feint -> my opponent
      2: IF my attack was parried THEN Counter-Attack ELSE Melee Attack -> my opponent
    Bo:
      ON Melee Attack: Parry
  ]]
  test.equal(bout.declared(f), { "Ana Feint 8", "Bo Parry 8", "Ana Counter-Attack 8" })
  test.equal(bout.exchanges(f), { "Ana Feint replaced by Counter-Attack (1d10 4 +3 Feint = 7 − 6; Critical Hit); "
                                  .. "Bo Parry (1d10 6 = 6 − 7; Failure); Bo takes 2 (1d6 2)" })
end)

test.case("the same order when no one parries: the Feint resolves, then the ELSE is the next action", function()
  local f = bout.new({}, {}, { 9, 2, 1 })
  f:round [[
    Ana:
      1: Feint -> my opponent
      2: IF my attack was parried THEN Counter-Attack ELSE Melee Attack -> my opponent
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Feint 8", "Ana Melee Attack 4" })
  test.equal(bout.exchanges(f), { "Ana Feint (1d10 9 = 9; Miss)", "Ana Melee Attack (1d10 2 = 2; Critical Hit); Bo takes 1 (1d6 1)" })
end)

test.case("an entry the rules do not take as an answer stays for the turn's next action, unnarrated", function()
  local f = bout.new({}, {}, { 1, 5, 1, 5 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: Melee Attack -> my opponent
    Bo:
      ON Melee Attack: Parry
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 8", "Bo Parry 8", "Ana Melee Attack 4", "Bo Parry 4" })
  test.equal(bout.refused(f), {})
end)

test.case("a standing order with IF: Parry while 9 AP are left, else Evade", function()
  local f = bout.new({ weapon = "Dagger" }, {}, { 1, 5, 1, 5, 1, 5 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: Melee Attack -> my opponent
      3: Melee Attack -> my opponent
    Bo:
      ON Melee Attack: IF I have at least 9 AP THEN Parry ELSE Evade
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 9", "Bo Parry 8", "Ana Melee Attack 6", "Bo Evade 6",
                                 "Ana Melee Attack 3", "Bo Evade 4" })
end)

test.case("IF my attack hit: a second blow only after a first that landed", function()
  local hit = bout.new({}, {}, { 5, 3, 5, 3 })
  local sheet = [[
    Ana:
      1: Melee Attack -> my opponent
      2: IF my attack hit THEN Melee Attack -> my opponent
    Bo:
  ]]
  hit:round(sheet)
  test.equal(bout.declared(hit), { "Ana Melee Attack 8", "Ana Melee Attack 4" })
  local missed = bout.new({}, { combat_defence = 20 }, { 1 })
  missed:round(sheet)
  test.equal(bout.declared(missed), { "Ana Melee Attack 8" })
end)

test.case("IF my attack hit: a Counter-Attack that landed is my attack that hit, one that missed is not", function()
  -- README: "the last exchange I played this round": my own action, or my reaction to another's.
  -- Bo attacks first; Ana counter-attacks. Landed (Bo 2, Ana 9, damage 3): Ana strikes again (4,
  -- damage 1). Missed (Bo 9, Ana 2, damage 3): she Feints (4).
  local sheet = [[
    Ana:
      1: IF my attack hit THEN Melee Attack -> my opponent ELSE Feint -> my opponent
      ON Melee Attack: Counter-Attack
    Bo:
      1: Melee Attack -> "Ana"
  ]]
  local landed = bout.new({ initiative = 0 }, { initiative = 5 }, { 2, 9, 3, 4, 1 })
  landed:round(sheet)
  test.equal(landed:events("exchange")[1].fields.reactions[1].hit, true)
  test.equal(bout.exchanges(landed)[2], "Ana Melee Attack (1d10 4 = 4; Critical Hit); Bo takes 1 (1d6 1)")
  local missed = bout.new({ initiative = 0 }, { initiative = 5 }, { 9, 2, 3, 4 })
  missed:round(sheet)
  test.equal(missed:events("exchange")[1].fields.reactions[1].hit, false)
  test.equal(bout.exchanges(missed)[2], "Ana Feint (1d10 4 = 4; Miss)")
end)

test.case("conditions on statuses: IF my opponent is Off Guard, and a refusal told with the status", function()
  local f = bout.new({ guard = "Off Guard" }, { guard = "Off Guard" }, {})
  f:round [[
    Ana:
      1: IF my opponent is Off Guard THEN Melee Attack -> my opponent
      2: IF I am Off Guard THEN Ready
    Bo:
      1: Ready
  ]]
  test.equal(bout.refused(f), { "Ana cannot Melee Attack: Off Guard" })
  test.equal(bout.declared(f), { "Ana Ready 11", "Bo Ready 11" })
end)

test.case("an order that costs more than the AP left is refused with what it needs", function()
  -- A Longsword attack costs 5: 12 -> 7 -> 2; the third is refused, and so is the Combat Move (3).
  local f = bout.new({ weapon = "Longsword" }, { combat_defence = 20 }, { 1, 1 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: Melee Attack -> my opponent
      3: Melee Attack -> my opponent
      4: Combat Move -> my opponent
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 7", "Ana Melee Attack 2" })
  test.equal(bout.refused(f), { "Ana cannot Melee Attack: 5 AP needed, 2 left", "Ana cannot Combat Move: 3 AP needed, 2 left" })
end)

test.case("\"until you have finished or have no more action points available\": at 0 AP the turn ends", function()
  -- A Great Axe attack costs 6: 12 -> 6 -> 0; the entries left are not read, nor refused.
  local f = bout.new({ weapon = "Great Axe" }, { combat_defence = 20 }, { 1, 1 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: Melee Attack -> my opponent
      3: Melee Attack -> my opponent
      4: Melee Attack -> my opponent
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 6", "Ana Melee Attack 0" })
  test.equal(bout.refused(f), {})
end)

test.case("melee reach counts steps: a diagonal neighbour is within reach on a euclidean map too", function()
  -- Bo stands diagonally beside Ana; "euclidean" makes that 7.07' (1.41 squares), still one step.
  local f = bout.new({}, { at = "C3" }, { 9, 1 }, { width = 10, height = 3, metric = "euclidean" })
  f:round [[
    Ana:
      1: IF my opponent is within reach THEN Melee Attack -> my opponent ELSE Ready
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 8" })
  test.equal(#bout.exchanges(f), 1)
  test.equal(f:cell("Ana"), "B2", "no Move toward one already beside her")
end)

test.case("the most injured enemy: no one hurt yet (no wounds stat) is 0 Wounds each, and the closer one is taken", function()
  -- Bo beside Ana, Cy far off on his side: neither has a `wounds` stat when the fight begins.
  local f = bout.new({}, {}, { 9, 1 }, nil, { at = "H2" })
  f:round [[
    Ana:
      1: Melee Attack -> the most injured enemy
    Bo:
    Cy:
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 8" })
  test.equal(f:events("declared")[1].fields.summary, "Melee Attack → Bo")
end)

test.case("a turn's entries are numbered from 1: an entry 0 is refused at its line, before the round", function()
  -- The fight reads a turn from entry 1: an entry 0 would never be taken, and said nothing.
  local f = bout.new({ guard = "Off Guard" }, {}, {})
  test.fails(function() f:round [[
    Ana:
      0: Ready
      1: Melee Attack -> my opponent
    Bo:
  ]] end, ":2:7: there is no entry 0: entries are numbered from 1")
  test.equal(bout.declared(f), {})
end)
