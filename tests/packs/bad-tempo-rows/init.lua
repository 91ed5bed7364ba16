local arbiter = require "arbiter"
arbiter.patch.table("weapons", { Sword = { cost = "four" } })
