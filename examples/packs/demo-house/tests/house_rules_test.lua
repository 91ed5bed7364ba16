local test = require "arbiter.test"
local arbiter = require "arbiter"

test.case("four wounds before you drop", function()
  test.equal(arbiter.tables.wounds.max, 4)
  test.equal(arbiter.tables.wounds.penalty_per_wound, 1, "the penalty is the base rule's")
end)

test.case("charging adds two to the base bonus", function()
  test.equal(arbiter.hooks.attack_bonus({ skill = 1 }), 1)
  test.equal(arbiter.hooks.attack_bonus({ skill = 1, charging = true }), 3)
end)

test.case("the base Attack sees the house bonus", function()
  test.truthy(arbiter.actions.Attack.resolve({ charging = true }, { defence = 11 }, 10))
end)

test.case("the change is recorded against this pack", function()
  local history = arbiter.history("table", "wounds")
  test.equal(#history, 2)
  test.equal(history[2].pack, "demo-house")
  test.equal(history[2].fields[1], { field = "max", before = "3", after = "4" })
end)
