local test = require "arbiter.test"
local arbiter = require "arbiter"
-- Helpers, and no case.
local function wounds() return arbiter.tables.wounds.max end
