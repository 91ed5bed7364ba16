local arbiter = require "arbiter"
arbiter.define.status("Winded", { unit = "rounds", durration = 1 })
