-- One simultaneous phase with no hooks: an action's changes land when the phase ends, after the
-- last call into the pack, so only the fight itself can tell a kept handle that they landed.
local arbiter = require "arbiter"

arbiter.define.table("flow", { phases = { { name = "Only", kind = "simultaneous" } }, default_order = "Wait" })
arbiter.define.action("Wait", { resolve = function() end })
arbiter.define.action("Train", { resolve = function(ctx)
  world.set_stat(ctx.actor, "skill", (ctx.actor.stats.skill or 0) + 1, "training")
end })
-- Moves without the hook `movement`: the runtime tells a step it stops.
arbiter.define.action("Step", { move = 5, needs_direction = true, resolve = function() end })
