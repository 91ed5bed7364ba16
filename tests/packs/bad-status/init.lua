local arbiter = require "arbiter"
arbiter.define.table("flow", { phases = { { name = "Turn", kind = "simultaneous" } }, default_order = "Wait" })
arbiter.define.action("Wait", { resolve = function() end })
arbiter.define.status("Stunned", { unit = "rounds", duration = -1 })
