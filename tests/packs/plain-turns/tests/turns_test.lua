local test = require "arbiter.test"
local fight = require "arbiter.fight"

local function duel()
  return fight.new { map = { width = 3, height = 1 }, dice = {},
                     characters = { { name = "Ana", side = "a", at = "A1" }, { name = "Bo", side = "b", at = "B1" } } }
end

local function actions(f, who)
  local taken = {}
  for _, e in ipairs(f:events("declared")) do
    if e.fields.character == who then taken[#taken + 1] = e.fields.action end
  end
  return table.concat(taken, ", ")
end

-- Written from the docs, such a ruleset played none of the sheets' orders: with no `choose`, every
-- turn ended before its first entry.
test.case("without the hook choose, a turn's entries are taken as written", function()
  local f = duel()
  f:round [[
    Ana:
      1: Stab -> "Bo"
      2: Stab -> "Bo"
  ]]
  test.equal(actions(f, "Ana"), "Stab, Stab")
  test.equal(f:stat("Bo", "hp"), 1)
end)

test.case("without choose, an entry costing more points than are left is refused with why, and the next taken", function()
  local f = duel()
  f:round [[
    Ana:
      1: Stab -> "Bo"
      2: Lunge -> "Bo"
      3: Stab -> "Bo"
  ]]
  test.equal(actions(f, "Ana"), "Stab, Stab")
  local refused = f:events("order_refused")
  test.equal(#refused, 1)
  test.equal(refused[1].fields.action, "Lunge")
  test.equal(refused[1].fields.reason, "4 AP needed, 3 left")
  test.truthy(table.concat(f:narration(), "\n"):find("Ana cannot Lunge: 4 AP needed, 3 left", 1, true))
end)

test.case("without choose, a character no sheet orders takes the default order once in its turn", function()
  local f = duel()
  f:round [[
    Ana:
      1: Stab -> "Bo"
  ]]
  test.equal(actions(f, "Bo"), "Wait")
  test.truthy(table.concat(f:narration(), "\n"):find("Bo: Wait (no order for this turn: Wait, the default order)", 1, true))
end)

test.case("without the hook respond, a standing order is taken as written", function()
  local f = duel()
  f:round [[
    Ana:
      1: Stab -> "Bo"
    Bo:
      ON Stab: Parry
  ]]
  test.equal(actions(f, "Bo"), "Parry")
  test.equal(f:events("stab")[1].fields.answers, "Parry")
  test.equal(f:stat("Bo", "hp"), nil)
end)

test.case("without respond, the actor's next entry answers a response only if its action answers it or replaces its own", function()
  local f = duel()
  f:round [[
    Ana:
      1: Stab -> "Bo"
      2: Riposte
    Bo:
      ON Stab: Parry
  ]]
  test.equal(f:events("stab")[1].fields.answers, "Parry, Riposte")
  local g = duel()
  g:round [[
    Ana:
      1: Stab -> "Bo"
      2: Stab -> "Bo"
    Bo:
      ON Stab: Parry
  ]]
  -- A second Stab answers nothing: it is Ana's next action, not an answer to the Parry.
  test.equal(g:events("stab")[1].fields.answers, "Parry")
  test.equal(actions(g, "Ana"), "Stab, Stab")
end)
