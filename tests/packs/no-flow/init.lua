local arbiter = require "arbiter"
arbiter.define.action("Wait", { resolve = function() end })
arbiter.define.table("flow", { phases = { { name = "Turn", kind = "simultanous" } } })
