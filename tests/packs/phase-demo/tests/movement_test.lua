local test = require "arbiter.test"
local fight = require "arbiter.fight"

-- Without the hook `movement`, nothing of the ruleset tells a step into a cell another keeps: the
-- runtime does, or the GM heard "Bo: Step to C3" of a move that did not happen.
test.case("a step into a cell another keeps is told as blocked by the runtime, without a movement hook", function()
  local f = fight.new { map = { width = 4, height = 4 }, dice = {},
                        characters = { { name = "Ana", side = "a", at = "C3" }, { name = "Bo", side = "b", at = "C4" } } }
  f:round("Bo:\n  1: Step S")
  test.equal(f:cell("Bo"), "C4")
  local blocked = f:events("blocked")
  test.equal(#blocked, 1)
  test.equal(blocked[1].fields.character, "Bo")
  test.equal(blocked[1].fields.at, "C4")
  test.equal(blocked[1].fields.by, "Ana")
  test.equal(blocked[1].fields.to, "C3")
  test.equal(blocked[1].cause, "Step")
  test.truthy(table.concat(f:narration(), "\n"):find("Bo is blocked at C4: Ana holds C3", 1, true))
end)

test.case("a stat set that had no value is narrated as what it is now, not as going from null", function()
  local f = fight.new { map = { width = 2, height = 1 }, dice = {},
                        characters = { { name = "Ana", side = "a", at = "A1" } } }
  f:round("Ana:\n  1: Train")
  f:round("Ana:\n  1: Train")
  local text = table.concat(f:narration(), "\n")
  test.truthy(text:find("Ana's skill is now 1 (training)", 1, true))
  test.truthy(text:find("Ana's skill goes from 1 to 2 (training)", 1, true))
  test.falsy(text:find("null", 1, true))
end)
