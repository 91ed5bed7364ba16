local arbiter = require "arbiter"
arbiter.patch.table("flow", { lookups = { out_of_fight = { "Ded" } } })
arbiter.patch.table("flow", { lookups = { more_is_worse = true } })
