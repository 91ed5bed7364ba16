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

-- A target's `find` is handed the action being ordered after the phrase's placeholders, when it
-- takes that parameter (docs/fights.md): these pick someone only for a Mark.
arbiter.define.action("Mark", { needs_target = true, resolve = function(ctx)
  world.set_stat(ctx.target, "marked_by", ctx.actor.name, "Mark")
end })
arbiter.define.target("the pick", { find = function(_, action) return action == "Mark" and "Bo" or nil end })
arbiter.define.target("the pick {word}", { find = function(_, word, action) return action == "Mark" and word or nil end })
arbiter.define.target("the plain pick", { find = function() return "Bo" end })
