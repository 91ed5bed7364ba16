local arbiter = require "arbiter"
arbiter.define.action("Shrug", { ready = true, resolve = function() error() end })
arbiter.define.action("Sulk", { ready = true, resolve = function() error({ reason = "a table" }) end })
arbiter.define.condition("I feel lucky", { test = function(me) return me.stats.luck > 3 end })
arbiter.define.target("the weakest foe", { find = function() return 42 end })
-- error(message, 2) places the message at the runtime's call of `resolve`, which is no line: it is
-- told where it was raised, as error(message, 0) is.
arbiter.define.action("Grumble", { ready = true, resolve = function()
  error("grumbling", 2)
end })
arbiter.define.action("Mutter", { ready = true, resolve = function() error("muttering", 0) end })
