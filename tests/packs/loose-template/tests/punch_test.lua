-- Fails, as it should: its round logs an event its template cannot narrate (tests/cli_test.cpp).
local test = require "arbiter.test"
local fight = require "arbiter.fight"

test.case("a punch is narrated", function()
  local f = fight.new { map = { width = 3, height = 1 }, dice = {},
                        characters = { { name = "Ana", side = "a", at = "A1" }, { name = "Bo", side = "b", at = "B1" } } }
  f:round [[
    Ana:
      1: Punch -> "Bo"
  ]]
end)
