-- Not in the source: default chosen. The source gives many AP costs "By Weapon" and no weapon
-- table. `cost` is the AP of every "By Weapon" action taken with it (Melee Attack, Parry, Feint,
-- Counter-Attack, ...); `damage` is rolled on a Hit or Critical Hit. Ranged weapons have `aimed`
-- (the "aimed weapon accuracy": a bonus to attacks right after a successful Aim) and `speed`
-- (the "ranged weapon attack speed" in squares: Dodge needs a distance greater than it).
-- Costs from 3 to 6 of 12 AP: two to four actions a round, so spending on reactions matters.
local arbiter = require "arbiter"

arbiter.define.table("weapons", {
  ["Unarmed"] = { cost = 3, damage = "1d3" },  -- the source's Unarmed Attack costs 3
  ["Dagger"] = { cost = 3, damage = "1d4" },
  ["Sword"] = { cost = 4, damage = "1d6" },
  ["Longsword"] = { cost = 5, damage = "1d8" },
  ["Great Axe"] = { cost = 6, damage = "1d10" },
  ["Bow"] = { cost = 5, damage = "1d6", ranged = true, aimed = 3, speed = 4 },
  ["Crossbow"] = { cost = 6, damage = "1d8", ranged = true, aimed = 4, speed = 3 },
})
