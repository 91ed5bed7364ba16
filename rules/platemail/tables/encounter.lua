-- What an encounter file may give a Platemail character (docs/encounters.md): a weapon, armor
-- and a shield, each the name of a row of its table ("Sword", "Chain Mail", "Shield"), and a
-- second weapon carried stowed, which Use Item swaps with the one in hand ("swap readied weapons
-- (stow your bow and draw your sword)").
local arbiter = require "arbiter"

arbiter.define.table("encounter", {
  equipment = { weapon = "weapons", armor = "armor", shield = "shields", stowed = "weapons" },
  -- The stats these rules read, so a misspelt one in an encounter is an error, not a Strength
  -- penalty quietly lost. A house rule that reads another adds it:
  --   arbiter.patch.table("encounter", { stats = { …, "toughness" } })  (a list is replaced whole)
  stats = {
    -- given by the GM: checks (rules.checks), Requires Str, lookups ("the biggest enemy"), mounts
    "strength", "dexterity", "stealth", "medical", "concentration", "perception", "size", "mounted",
    "kind",  -- "the biggest enemy orc": what kind of creature it is, if not a word of its name
    -- the fight's own, which an encounter may set to start a fight midway
    "wounds", "max_wounds", "loaded", "poisoned", "rounds_to_live", "unconscious_rounds", "prepared_spell",
    "focusing", "ambushed", "stealth_roll",
  },
})
