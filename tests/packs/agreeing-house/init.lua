local arbiter = require "arbiter"

-- Sets the wound limit to what demo-house sets it to, without knowing of demo-house.
arbiter.patch.table("wounds", { max = 4 })
