local test = require "arbiter.test"
local arbiter = require "arbiter"

local attack = arbiter.actions.Attack

test.case("an attack hits only when the total beats the defence", function()
  test.truthy(attack.resolve({ skill = 0 }, { defence = 10 }, 11))
  test.falsy(attack.resolve({ skill = 0 }, { defence = 10 }, 10), "a tie misses")
end)

test.case("skill adds to the roll", function()
  test.truthy(attack.resolve({ skill = 2 }, { defence = 10 }, 9))
end)

test.case("each wound takes one from the roll", function()
  test.falsy(attack.resolve({ skill = 0, wounds = 2 }, { defence = 10 }, 12))
  test.truthy(attack.resolve({ skill = 0, wounds = 2 }, { defence = 10 }, 13))
end)

test.case("an undefended target has defence 10", function()
  test.truthy(attack.resolve({}, {}, 11))
end)

test.case("three wounds and you are out", function()
  test.equal(arbiter.tables.wounds.max, 3)
end)
