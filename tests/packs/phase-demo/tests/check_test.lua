local test = require "arbiter.test"
local fight = require "arbiter.fight"
local arbiter = require "arbiter"

-- docs/packs.md: the runtime runs the checks "in a fight before it next calls into the packs (a
-- hook, an action's `resolve`, a condition) whenever a definition has changed"; a ruleset without
-- hooks is called only through its actions, and the check was skipped.
test.case("a check runs before the next action's resolve after an action's patch, with no hook", function()
  local f = fight.new { map = { width = 2, height = 1 }, dice = {},
                        characters = { { name = "Ana", side = "a", at = "A1" } } }
  f:round("Ana:\n  1: Spoil")
  local ok, message = pcall(f.round, f, "Ana:\n  1: Wait")
  test.falsy(ok)
  test.truthy(tostring(message):find("limits.max must be a whole number", 1, true))
end)

test.case("a check is added as its pack loads, not later", function()
  local ok, message = pcall(arbiter.add_check, function() end)
  test.falsy(ok)
  test.truthy(tostring(message):find("a check is added as its pack loads", 1, true))
end)
