-- What an encounter file may give a tempo character: a weapon and armour, each a row's name.
local arbiter = require "arbiter"

arbiter.define.table("encounter", { equipment = { weapon = "weapons", armour = "armour" } })
