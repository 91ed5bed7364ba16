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

-- Without the hook, two whose paths meet pass each other (nothing of the ruleset stops them), and
-- the runtime says so: enemies trading cells in a corridor used to be narrated as two plain moves.
test.case("paths that meet are told as crossed by the runtime, without a movement hook", function()
  local f = fight.new { map = { width = 4, height = 1 }, dice = {},
                        characters = { { name = "Ana", side = "a", at = "B1" }, { name = "Bo", side = "b", at = "C1" } } }
  f:round("Ana:\n  1: Step E\nBo:\n  1: Step W")
  test.equal(f:cell("Ana"), "C1")
  test.equal(f:cell("Bo"), "B1")
  local crossed = f:events("paths_crossed")
  test.equal(#crossed, 1)
  test.equal(crossed[1].fields.character, "Ana")
  test.equal(crossed[1].fields.from, "B1")
  test.equal(crossed[1].fields.to, "C1")
  test.equal(crossed[1].fields.other, "Bo")
  test.equal(crossed[1].fields.other_from, "C1")
  test.equal(crossed[1].fields.other_to, "B1")
  test.equal(crossed[1].fields.meeting, "swap")
  test.equal(crossed[1].cause, "Step")
  test.truthy(table.concat(f:narration(), "\n"):find("Ana (B1 to C1) and Bo (C1 to B1) cross paths", 1, true))
end)

test.case("two stepping into one cell are told as crossing paths: the one-to-a-cell rule then decides who takes it", function()
  local f = fight.new { map = { width = 3, height = 3 }, dice = {},
                        characters = { { name = "Ana", side = "a", at = "A2" }, { name = "Bo", side = "b", at = "B3" } } }
  f:round("Ana:\n  1: Step E\nBo:\n  1: Step S")
  local crossed = f:events("paths_crossed")
  test.equal(#crossed, 1)
  test.equal(crossed[1].fields.to, "B2")
  test.equal(crossed[1].fields.other_to, "B2")
  test.equal(crossed[1].fields.meeting, "same_cell")
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
