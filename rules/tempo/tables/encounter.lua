-- What an encounter file may give a tempo character: a weapon and armour, each a row's name, and
-- the stats these rules read and what each is, so a misspelt one (`initative`) or a value of the
-- wrong kind (`wounds = "bad"`) is an error where it is written rather than a stat quietly never
-- read or a fight stopped halfway. A house rule that reads another adds it:
--   arbiter.patch.table("encounter", { stats = { luck = "whole" } })
local arbiter = require "arbiter"
local rows = require "rows"

arbiter.define.table("encounter", {
  equipment = { weapon = "weapons", armour = "armour" },
  stats = {
    -- given by the GM: checks (rules.check), initiative, Recover Stamina, health, the guard a
    -- fighter starts in (one of the source's five statuses: "Bund" is refused at its line with
    -- "Bound"; a house rule's own status is added with a patch), the thresholds of the outcome
    -- tables ("Target: Combat Defence")
    skill = "whole", initiative = "number", stamina = "whole", health = "count", guard = rows.GUARDS,
    combat_defence = "whole", grapple_defence = "whole",
    -- the fight's own, which an encounter may set to start a fight midway
    -- AP left from the last round: no more than the round's ("12 action points to spend during
    -- each of these rounds", the flow's action_points)
    wounds = "count", ap = "points", aimed = "flag",
  },
})
