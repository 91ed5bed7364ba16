-- What an encounter file may give a Platemail character (docs/encounters.md): a weapon, armor
-- and a shield, each the name of a row of its table ("Sword", "Chain Mail", "Shield").
local arbiter = require "arbiter"

arbiter.define.table("encounter", {
  equipment = { weapon = "weapons", armor = "armor", shield = "shields" },
})
