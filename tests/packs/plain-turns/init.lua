-- A sequential ruleset written from docs/fights.md with neither `choose` nor `respond`: the
-- runtime takes the sheets' entries and standing orders as written. Stab costs 3 of 6 points,
-- Lunge 4; Parry answers a Stab, and a Riposte answers a Parry in place of one's own Stab.
local arbiter = require "arbiter"

arbiter.define.table("flow", {
  phases = { { name = "Turns", kind = "sequential", action_points = 6 } },
  default_order = "Wait",
})

local function responded(ctx, name)
  for _, r in ipairs(ctx.responses) do if r.action == name then return true end end
  return false
end

arbiter.define.action("Wait", { target = "none", resolve = function() end })
arbiter.define.action("Stab", { needs_target = true, target = "enemy", cost = 3, turn_only = true, resolve = function(ctx)
  local answers = {}
  for _, r in ipairs(ctx.responses) do answers[#answers + 1] = r.action end
  log.event("stab", { text = ctx.actor.name .. " stabs", answers = table.concat(answers, ", ") }, "Stab")
  if responded(ctx, "Parry") then return end
  world.set_stat(ctx.target, "hp", (ctx.target.stats.hp or 3) - 1, "Stab")
end })
arbiter.define.action("Lunge", { needs_target = true, target = "enemy", cost = 4, turn_only = true, resolve = function() end })
arbiter.define.action("Parry", { cost = 1, answers = { "Stab" }, resolve = function() end })
arbiter.define.action("Riposte", { cost = 1, answers = { "Parry" }, replaces = { "Stab" }, resolve = function() end })
