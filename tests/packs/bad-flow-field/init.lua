local arbiter = require "arbiter"
arbiter.patch.table("flow", { phases = { { action_pionts = 20 } } })
