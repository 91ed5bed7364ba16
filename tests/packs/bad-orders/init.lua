local arbiter = require "arbiter"
arbiter.define.action("Move", { move = 15 })
arbiter.define.action("Teleport", { move = "far" })
