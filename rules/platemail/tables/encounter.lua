-- What an encounter file may give a Platemail character (docs/encounters.md): a weapon, armor
-- and a shield, each the name of a row of its table ("Sword", "Chain Mail", "Shield"), and a
-- second weapon carried stowed, which Use Item swaps with the one in hand ("swap readied weapons
-- (stow your bow and draw your sword)").
local arbiter = require "arbiter"

arbiter.define.table("encounter", {
  equipment = { weapon = "weapons", armor = "armor", shield = "shields", stowed = "weapons" },
})
