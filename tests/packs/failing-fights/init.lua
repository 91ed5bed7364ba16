-- One simultaneous phase, whose actions go wrong as a pack's might: Fumble always fails.
-- (tests/cli_test.cpp pins the lines.)
local arbiter = require "arbiter"

arbiter.define.table("flow", { phases = { { name = "Only", kind = "simultaneous" } }, default_order = "Wait" })
arbiter.define.action("Wait", { resolve = function() end })
arbiter.define.action("Fumble", { resolve = function() error("the blade slips") end })
