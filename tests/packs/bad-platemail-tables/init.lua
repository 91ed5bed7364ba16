local arbiter = require "arbiter"
arbiter.patch.table("weapons", { Sword = { melee = { wounds = "two", penetration = 1.5 } } })
arbiter.patch.table("rules", { wounds = { max = "three" } })
