local arbiter = require "arbiter"

-- Also changes the wound limit, without knowing of demo-house.
arbiter.patch.table("wounds", { max = 5 })
-- A field demo-house does not touch: no conflict.
arbiter.patch.table("wounds", { penalty_per_wound = 2 })
