-- What an encounter file may give a tempo character: a weapon and armour, each a row's name, and
-- the stats these rules read, so a misspelt one (`initative`) is an error where it is written
-- rather than a stat quietly never read. A house rule that reads another adds it:
--   arbiter.patch.table("encounter", { stats = { …, "luck" } })  (a list is replaced whole)
local arbiter = require "arbiter"

arbiter.define.table("encounter", {
  equipment = { weapon = "weapons", armour = "armour" },
  stats = {
    -- given by the GM: checks (rules.check), initiative, Recover Stamina, health, the guard a
    -- fighter starts in, the thresholds of the outcome tables ("Target: Combat Defence")
    "skill", "initiative", "stamina", "health", "guard", "combat_defence", "grapple_defence",
    -- the fight's own, which an encounter may set to start a fight midway
    "wounds", "ap", "aimed",
  },
})
