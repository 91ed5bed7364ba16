-- Not in the source: default chosen. The source names "Combat Defence (Armoured)" and damage
-- "accounting for armour" without an armour table. `cover` is how much harder it is to find a
-- gap: Combat Defence (Armoured) = Combat Defence + cover, the threshold of a Critical Hit.
-- `protection` is taken off a Hit's damage (a Critical Hit ignores it). `burden` is taken off the
-- Recover Stamina check: heavy armour tires (README, "Recover Stamina"). Covers 4, 8 and 10 meet
-- the source's own thresholds: an unskilled 1d10 finds the gap in Mail three times in ten.
local arbiter = require "arbiter"

arbiter.define.table("armour", {
  ["None"] = { cover = 0, protection = 0, burden = 0 },
  ["Leather"] = { cover = 4, protection = 1, burden = 0 },
  ["Mail"] = { cover = 8, protection = 2, burden = 1 },
  ["Plate"] = { cover = 10, protection = 3, burden = 3 },
})
