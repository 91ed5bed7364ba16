local arbiter = require "arbiter"
arbiter.define.table("orders", { phases = 2 })
arbiter.define.action("Move", { move = { max = 15 } })
arbiter.define.action("Defend", { move = { max = 0 } })
