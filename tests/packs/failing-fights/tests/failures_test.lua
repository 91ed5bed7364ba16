local test = require "arbiter.test"
local fight = require "arbiter.fight"

local function duel(dice)
  return fight.new { map = { width = 4, height = 1 }, dice = dice or {}, characters = {
    { name = "Ana", side = "a", at = "A1" },
    { name = "Bo", side = "b", at = "B1" } } }
end

test.case("an action that fails in a round fails the case at the round's line", function()
  local f = duel()
  f:round "Ana:\n  1: Fumble\n"
end)

test.case("a case that reads the failures expects them", function()
  local f = duel()
  f:round "Ana:\n  1: Fumble\n"
  test.truthy(f:failures()[1].fields.error:find("init.lua:7: the blade slips", 1, true))
end)

test.case("dice given and never rolled are warned of", function()
  duel({ 4, 2 })
end)
