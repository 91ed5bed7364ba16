local arbiter = require "arbiter"
arbiter.define.hook("round_start", function() error("the house hook's own message") end)
