local test = require "arbiter.test"
local fight = require "arbiter.fight"

test.case("a handle kept across a round shows what the round changed after its last rule ran", function()
  local f = fight.new { map = { width = 2, height = 1 }, dice = {},
                        characters = { { name = "Ana", side = "a", at = "A1" } } }
  local before, after = f:within(function()
    local ana = world.character("Ana")
    local skill = ana.stats.skill
    f:round("Ana:\n  1: Train")
    return skill, ana.stats.skill
  end)
  test.equal(before, nil)
  test.equal(after, 1)
  test.equal(f:stat("Ana", "skill"), 1)
end)
