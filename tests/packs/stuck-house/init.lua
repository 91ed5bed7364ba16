local arbiter = require "arbiter"
arbiter.override.hook("round_start", function() string.find(string.rep("a", 100000), ".-.-.-.-b") end)
