-- The tempo ruleset (shared/seeds/004_43de91eb1b1c52ac.txt). The source's tables are data in
-- tables/; flow.lua is the round ("The Action Round") and the hooks that take decisions from
-- each character's standing orders; actions.lua resolves every action (README.md).
require "tables.rules"
require "tables.weapons"
require "tables.armour"
require "tables.actions_data"
require "tables.encounter"
require "flow"
require "actions"
