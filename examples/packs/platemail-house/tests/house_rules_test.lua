local test = require "arbiter.test"
local arbiter = require "arbiter"

local rules = arbiter.tables.rules

test.case("Favor is +2 here; Disfavor keeps the base rule's -3", function()
  test.equal(rules.favor_and_disfavor.favor, 2)
  test.equal(rules.favor_and_disfavor.disfavor, -3)
end)

test.case("Max Wounds is 4; the rest of the Wounds rules are Platemail's", function()
  test.equal(rules.wounds.max, 4)
  test.equal(rules.wounds.roll_modifier_per_wound, -1)
  test.equal(rules.wounds.fatally_wounded_rounds_per_max_wound * rules.wounds.max, 4,
             "Rounds to receive aid follow Max Wounds")
end)

test.case("both changes are recorded against this pack, after Platemail's definition", function()
  local history = arbiter.history("table", "rules")
  test.equal(#history, 3)
  test.equal(history[1].pack, "platemail")
  test.equal(history[2].fields[1], { field = "favor_and_disfavor.favor", before = "3", after = "2" })
  test.equal(history[3].fields[1], { field = "wounds.max", before = "3", after = "4" })
  test.equal(history[3].pack, "platemail-house")
end)
