local arbiter = require "arbiter"
arbiter.patch.action("Defend", { resolve = function(ctx) flow.react(ctx.actor, "Defend", nil, "again") end })
