local test = require "arbiter.test"
local arbiter = require "arbiter"

test.case("a passing case", function()
  test.equal({ 1, { 2 } }, { 1, { 2 } })
  test.near(0.1 + 0.2, 0.3)
  test.fails(function() return arbiter.tables.nope end, "no table 'nope'")
end)

test.case("a failing check names its line", function()
  test.equal(arbiter.tables.wounds.max, 5, "wound limit")
end)

test.case("a runaway case fails alone", function()
  while true do end
end)

test.case("an error in the case", function()
  local weapons = arbiter.tables.weapons
  return weapons.axe.damage
end)

test.case("the case after them still runs", function()
  test.truthy(true)
end)
