-- One simultaneous phase, whose actions go wrong as a pack's might: Fumble always fails; Peek
-- misspells a field of its context; Look reads absent ones; Shove steps into its target's cell.
local arbiter = require "arbiter"

arbiter.define.table("flow", { phases = { { name = "Only", kind = "simultaneous" } }, default_order = "Wait" })
arbiter.define.action("Wait", { resolve = function() end })
arbiter.define.action("Fumble", { resolve = function() error("the blade slips") end })
arbiter.define.action("Peek", { resolve = function(ctx) return ctx.targte end })
arbiter.define.action("Look", { resolve = function(ctx)
  log.event("looked", { no_target = ctx.target == nil, no_way = ctx.way_not_followed == nil, round = ctx.round })
end })
arbiter.define.action("Shove", { needs_target = true, resolve = function(ctx)
  world.move(ctx.actor, ctx.target.cell, "shove")
end })
