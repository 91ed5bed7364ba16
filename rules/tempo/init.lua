-- The tempo ruleset (shared/seeds/004_43de91eb1b1c52ac.txt). The source's tables are data in
-- tables/; flow.lua is the round ("The Action Round") and the hooks that judge the decisions the
-- order sheets propose; orders.lua is what a sheet may say; actions.lua resolves every action
-- (README.md).
require "tables.rules"
require "tables.weapons"
require "tables.armour"
require "tables.actions_data"
require "tables.encounter"
require "flow"
require "orders"
require "actions"
