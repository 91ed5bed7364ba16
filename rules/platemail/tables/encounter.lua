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
    -- the fight's own, which an encounter may set to start a fight midway. What the kinds cannot
    -- say is judged as the fight begins and refused at the encounter's line (fight.lua,
    -- world.encounter_error): `rounds_to_live` only for one given Wounds in excess of Max Wounds
    -- (the Rounds it has left, no more than Max Wounds gives); `prepared_spell` and
    -- `ongoing_spell` a name of a row of `spells` (or false: none)
    wounds = "count", max_wounds = "count", loaded = "flag", poisoned = "flag", rounds_to_live = "count",
    prepared_spell = "any", ongoing_spell = "any",
    -- set as a Focus Spell resolves, declared for world.set_stat and saves; refused in an encounter
    -- as the fight begins: concentrating is taking Focus Spell, which the orders say
    focusing = "flag",
    -- kept while a character is Stable or Hidden, statuses an encounter does not give: declared
    -- for world.set_stat and saves, and refused in an encounter as the fight begins
    unconscious_rounds = "count", stabilized_in_round = "count", ambushed = "list", stealth_roll = "whole",
  },
})
