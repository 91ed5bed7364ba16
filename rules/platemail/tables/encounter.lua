-- What an encounter file may give a Platemail character (docs/encounters.md): a weapon, armor
-- and a shield, each the name of a row of its table ("Sword", "Chain Mail", "Shield"), and a
-- second weapon carried stowed, which Use Item swaps with the one in hand ("swap readied weapons
-- (stow your bow and draw your sword)").
local arbiter = require "arbiter"

arbiter.define.table("encounter", {
  equipment = { weapon = "weapons", armor = "armor", shield = "shields", stowed = "weapons" },
  -- The stats these rules read and what each is, so a misspelt one in an encounter, or a value
  -- of the wrong kind ("two" Wounds), is an error where it is written, not a Strength penalty
  -- quietly lost or a fight stopped halfway. A house rule that reads another adds it:
  --   arbiter.patch.table("encounter", { stats = { toughness = "whole" } })
  stats = {
    -- given by the GM: checks (rules.checks), Requires Str, lookups ("the biggest enemy"), mounts
    strength = "whole", dexterity = "whole", stealth = "whole", medical = "whole", concentration = "whole",
    perception = "whole", size = "number", mounted = "flag",
    kind = "text",  -- "the biggest enemy orc": what kind of creature it is, if not a word of its name
    -- the fight's own, which an encounter may set to start a fight midway
    wounds = "count", max_wounds = "count", loaded = "flag", poisoned = "flag", rounds_to_live = "count",
    unconscious_rounds = "count", stabilized_in_round = "count", prepared_spell = "any", ongoing_spell = "any", focusing = "flag", ambushed = "list", stealth_roll = "whole",
  },
})
