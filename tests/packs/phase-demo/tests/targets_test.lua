local test = require "arbiter.test"
local fight = require "arbiter.fight"

-- docs/fights.md: "After them a target's `find` is handed the name of the action being ordered, if
-- it takes one parameter more than the phrase has placeholders"; one that takes none is called as
-- it always was.
local function marked(order)
  local f = fight.new { map = { width = 3, height = 1 }, dice = {},
                        characters = { { name = "Ana", side = "a", at = "A1" }, { name = "Bo", side = "b", at = "C1" } } }
  f:round("Ana:\n  1: Mark -> " .. order)
  return f:stat("Bo", "marked_by")
end

test.case("a target's find is handed the action ordered, after the phrase's placeholders", function()
  test.equal(marked("the pick"), "Ana")
  test.equal(marked("the pick Bo"), "Ana", "after {word}")
  test.equal(marked("the plain pick"), "Ana", "a find(me) as before")
end)
