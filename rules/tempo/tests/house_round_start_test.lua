-- A house rule may replace the hooks round_start and phase_start without calling tempo's (the
-- starting statuses, those down from the start; the AP carried). Tempo's check of its rows
-- (rows.lua) is no hook but a check the runtime runs itself (arbiter.add_check, flow.lua): a bad
-- value is still refused before anyone pays AP, at the line that made it. This file's overrides
-- hold for every case (each test file loads the packs afresh); each case puts back what it patched.
local test = require "arbiter.test"
local arbiter = require "arbiter"
local bout = require "tests.support.bout"

-- No starting statuses, no one down from the start: nothing happens as a round starts.
arbiter.override.hook("round_start", function() end)
-- A fresh 12 AP each round.
arbiter.override.hook("phase_start", function() end)

-- Ana would attack and Bo Evade; without the starting statuses, no one may, and no die is rolled.
local SHEET = [[
  Ana:
    1: Melee Attack -> my opponent
  Bo:
    ON Melee Attack: Evade
]]

-- Evade costing "2", refused at its `cost` in the line of this file that made it (column 55), for
-- `body`; put back after.
local function with_bad_cost(body)
  local cost = arbiter.tables.actions_data["Evade"].cost
  arbiter.patch.table("actions_data", { ["Evade"] = { cost = "2" } })
  local history = arbiter.history("table", "actions_data")
  local ok, err = pcall(body, history[#history].location
    .. ":55: actions_data['Evade'].cost must be a whole number of AP, or \"By Weapon\", not \"2\"")
  arbiter.patch.table("actions_data", { ["Evade"] = { cost = cost } })
  if not ok then error(err, 0) end
end

test.case("a bad value patched before the fight is refused before anyone pays AP, though round_start and phase_start are replaced", function()
  with_bad_cost(function(refusal)
    local f = bout.new({}, {}, {})
    test.fails(function() f:round(SHEET) end, refusal)
    test.equal(bout.declared(f), {}, "no one declared anything, nor paid AP")
  end)
end)

test.case("a bad value patched between rounds is refused as the next round's first turn starts", function()
  local f = bout.new({}, {}, {})
  f:round(SHEET)
  with_bad_cost(function(refusal)
    test.fails(function() f:round(SHEET) end, refusal)
  end)
  f:round(SHEET)
  test.equal(#f:failures(), 0)
end)
