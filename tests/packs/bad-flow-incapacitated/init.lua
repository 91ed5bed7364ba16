local arbiter = require "arbiter"
arbiter.patch.table("flow", { incapacitated = { "Unconcious", "Dead" } })
