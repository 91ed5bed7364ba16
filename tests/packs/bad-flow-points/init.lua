local arbiter = require "arbiter"
arbiter.patch.table("flow", { phases = { { action_points = -5 } } })
