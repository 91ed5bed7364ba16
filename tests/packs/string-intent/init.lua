local arbiter = require "arbiter"
arbiter.override.hook("choose", function() return "Melee Attack" end)
