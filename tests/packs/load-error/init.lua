local arbiter = require "arbiter"

local wounds = arbiter.tables.wounds
local limit = wounds.maximum + 1 -- no such field: nil arithmetic
