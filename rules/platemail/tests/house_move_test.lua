-- How far an action moves, and whether away from hostiles, is its actions_data row's, read once
-- every pack has loaded: a house rule patches the row alone, and the action follows
-- (docs/writing-actions.md; actions.lua, `define`).
local test = require "arbiter.test"
local arbiter = require "arbiter"
local duel = require "tests.support.duel"

test.case("a house rule's Move of 25' in actions_data moves Move 5 squares, with no patch of the action", function()
  duel.with_patch("actions_data", { ["Move"] = { move = { max = 25 } } }, function()
    local f = duel.new({
      { name = "Aldric", side = "party", at = "A2", weapon = "Sword", armor = "Leather" },
      { name = "Orc", side = "orcs", at = "J2", weapon = "Axe", armor = "Leather" },
    })
    f:round [[
      Aldric:
        1: Move E, E, E, E, E
        2: Defend
    ]]
    test.equal(f:cell("Aldric"), "F2")
  end)
end)

test.case("Move goes 15' when no house rule patches it: the row's distance, not one copied as the pack loaded", function()
  local f = duel.new({
    { name = "Aldric", side = "party", at = "A2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "J2", weapon = "Axe", armor = "Leather" },
  })
  f:round [[
    Aldric:
      1: Move toward "Orc"
      2: Defend
  ]]
  test.equal(f:cell("Aldric"), "D2")
  test.equal(type(arbiter.actions["Move"].move), "function")
end)

test.case("a house rule's Fall Back that need not move away from hostiles follows the way written", function()
  duel.with_patch("actions_data", { ["Fall Back"] = { move = { away_from_hostiles = false } } }, function()
    local f = duel.new({
      { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Unarmored" },
      { name = "Orc", side = "orcs", at = "F2", weapon = "Axe", armor = "Leather" },
    })
    f:round [[
      Aldric:
        1: Fall Back 10' E
        2: Defend
    ]]
    test.equal(f:cell("Aldric"), "D2")
  end)
end)
