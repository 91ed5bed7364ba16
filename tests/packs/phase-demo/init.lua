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
-- A check of a table, and an action that spoils it mid-fight: with no hook, the check still runs
-- before the next call into the pack (the next action's resolve).
arbiter.define.table("limits", { max = 3 })
arbiter.define.action("Spoil", { resolve = function() arbiter.patch.table("limits", { max = 2.5 }) end })
arbiter.add_check(function()
  if math.type(arbiter.tables.limits.max) ~= "integer" then
    error(arbiter.last_change("table", "limits", "max").location .. ": limits.max must be a whole number", 0)
  end
end)
