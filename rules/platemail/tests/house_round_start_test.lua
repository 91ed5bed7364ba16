-- A house rule may replace the hooks round_start and phase_start without calling Platemail's
-- (README: the house rule for the Wounds an encounter gives; each phase's resets). Platemail's
-- check of its tables is no hook but a check the runtime runs itself (arbiter.add_check,
-- tables_check.lua): a bad value is still refused before anyone acts, at the line that made it.
-- This file's overrides hold for every case (each test file loads the packs afresh); each case
-- puts back what it patched.
local test = require "arbiter.test"
local arbiter = require "arbiter"
local duel = require "tests.support.duel"

-- Those the encounter gives Wounds beyond Max Wounds fight on: nothing happens as a round starts.
arbiter.override.hook("round_start", function() end)
-- No Attacks of Opportunity counted afresh, no clashes forgotten: nothing happens as a phase starts.
arbiter.override.hook("phase_start", function() end)

local STILL = duel.still("Defend")

local function with_bad_cover(body)
  duel.with_patch("rules", { cover = { modifier = "-2" } }, function()
    local history = arbiter.history("table", "rules")
    body(history[#history].location .. ": rules.cover.modifier must be a whole number, + or -, not \"-2\"")
  end)
end

test.case("a bad value patched before the fight is refused before anyone acts, though round_start and phase_start are replaced", function()
  with_bad_cover(function(refusal)
    test.fails(function() duel.pair({}, {}, {}):round(STILL) end, refusal)
  end)
end)

test.case("a bad value patched between rounds is refused as the next round's first phase starts", function()
  local f = duel.pair({}, {}, {})
  f:round(STILL)
  with_bad_cover(function(refusal)
    test.fails(function() f:round(STILL) end, refusal)
  end)
  f:round(STILL)
end)
