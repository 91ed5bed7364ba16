local arbiter = require "arbiter"

-- Favor stacks up fast at our table: +2 instead of +3. Disfavor stays -3.
arbiter.patch.table("rules", { favor_and_disfavor = { favor = 2 } })

-- Heroes last longer: four Wounds before they fall (and so four Rounds to be saved).
arbiter.patch.table("rules", { wounds = { max = 4 } })
