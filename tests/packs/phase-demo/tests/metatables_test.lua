local test = require "arbiter.test"
local fight = require "arbiter.fight"
local arbiter = require "arbiter"

-- A pack holding a runtime value's metatable could call its __gc by hand (the next use would
-- reach a destroyed object) or change the methods of every value of its kind.
test.case("no value the runtime hands out shows its metatable", function()
  local f = fight.new { map = { width = 2, height = 1 }, dice = { 4 },
                        characters = { { name = "Ana", side = "a", at = "A1" } } }
  local values = f:within(function()
    local pool = dice.pool { "1d6" }
    return { fight = f, character = world.character("Ana"), distribution = dice.distribution("1d6"),
             pool = pool, pool_roll = pool:roll("a test"), arbiter = arbiter, world = world,
             tables = arbiter.tables }
  end)
  for what, value in pairs(values) do
    test.equal(type(getmetatable(value)), "string", what)
    test.fails(function() setmetatable(value, {}) end, nil, what)
  end
  test.equal(f:cell("Ana"), "A1", "the fight still plays")
end)
