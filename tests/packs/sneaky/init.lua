local arbiter = require "arbiter"

-- Changes demo-base without declaring that it builds on it.
arbiter.patch.table("weapons", { sword = { damage = 2 } })
