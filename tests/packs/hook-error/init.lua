local arbiter = require "arbiter"
arbiter.override.hook("round_start", function() error("the house hook's own message") end)
