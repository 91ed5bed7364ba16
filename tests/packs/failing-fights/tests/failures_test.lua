local test = require "arbiter.test"
local fight = require "arbiter.fight"

local function duel(dice)
  return fight.new { map = { width = 4, height = 1 }, dice = dice or {}, characters = {
    { name = "Ana", side = "a", at = "A1" },
    { name = "Bo", side = "b", at = "B1" } } }
end

test.case("an action that fails in a round fails the case at the round's line", function()
  local f = duel()
  f:round "Ana:\n  1: Fumble\nBo:\n  1: Fumble\n"
end)

test.case("the case ends at the round whose action failed, before what the failure left undone trips it", function()
  local f = duel()
  f:round "Ana:\n  1: Fumble\n"
  test.equal(f:events("looked")[1].fields.round, 1)  -- no Look was taken: indexing nil, were it reached
end)

test.case("a case that expects a failure plays its round inside test.fails, and reads the fight after it", function()
  local f = duel()
  test.fails(function() f:round "Ana:\n  1: Fumble\nBo:\n  1: Look\n" end, "init.lua:7: the blade slips")
  test.equal(#f:failures(), 1)
  test.equal(#f:events("looked"), 1, "the round was played to its end")
end)

test.case("dice given and never rolled are warned of", function()
  duel({ 4, 2 })
end)

test.case("what the fights of earlier cases left to tell was told at their ends, not again here", function()
  collectgarbage()  -- lets go of those fights now, during this case
end)

test.case("a misspelt field of an action's context is an error at its line, with the nearest", function()
  local f = duel()
  test.fails(function() f:round "Ana:\n  1: Peek\n" end)
  test.equal(f:failures()[1].fields.error, "tests/packs/failing-fights/init.lua:8: an action's context has no "
    .. "field 'targte' (did you mean 'target'?)")
end)

test.case("documented fields of an action's context that are absent read as nil", function()
  local f = duel()
  f:round "Ana:\n  1: Look\n"
  test.equal(f:events("looked")[1].fields, { no_target = true, no_way = true, round = 1 })
end)

test.case("a move into a cell someone stands in fails at its line, naming who", function()
  local f = duel()
  test.fails(function() f:round "Ana:\n  1: Shove -> \"Bo\"\n" end)
  test.equal(f:failures()[1].fields.error, "tests/packs/failing-fights/init.lua:13: Ana cannot move to B1: Bo "
    .. "stands there, and a cell holds one character")
  test.equal(f:cell("Ana"), "A1")
end)
