local test = require "arbiter.test"
local fight = require "arbiter.fight"

test.case("a bad fight setup is told at the test's line", function()
  fight.new { map = { width = 4, height = 3 }, characters = { { name = "Ana", side = "a", at = "Z9" } } }
end)
