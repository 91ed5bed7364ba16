local arbiter = require "arbiter"
arbiter.define.action("Shrug", { ready = true, resolve = function() error() end })
arbiter.define.action("Sulk", { ready = true, resolve = function() error({ reason = "a table" }) end })
arbiter.define.condition("I feel lucky", { test = function(me) return me.stats.luck > 3 end })
arbiter.define.target("the weakest foe", { find = function() return 42 end })
