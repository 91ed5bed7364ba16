-- The Platemail ruleset. One file per group of tables, each defining named tables that the
-- actions and the fight flow read (see README.md for what comes from where in the source).
require "tables.weapon_properties"
require "tables.weapons"
require "tables.armor_properties"
require "tables.armor"
require "tables.shields"
require "tables.rules"
require "tables.actions_data"
require "tables.encounter"
require "fight"
require "actions"
