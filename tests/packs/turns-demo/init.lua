-- Turns in initiative order (highest `speed` first), 6 action points each: Strike costs 3. A
-- struck character may Parry (2); the striker may answer a Parry with a Riposte (1). Fumble
-- changes a stat and then fails: nothing of it may remain; Provoke draws a reaction first.
local arbiter = require "arbiter"

arbiter.define.table("flow", {
  phases = { { name = "Turns", kind = "sequential", action_points = 6 } },
  default_order = "Wait",
})

local function responses(intent, name)
  local found = {}
  for _, r in ipairs(intent.responses) do if r.action == name then found[#found + 1] = r end end
  return found
end

arbiter.define.action("Wait", { resolve = function() end })
arbiter.define.action("Strike", { cost = 3, needs_target = true, resolve = function(ctx)
  if #responses(ctx, "Parry") > 0 and #responses(ctx, "Riposte") == 0 then
    log.event("parried", { by = ctx.target.name })
    return
  end
  world.set_stat(ctx.target, "hits", (ctx.target.stats.hits or 0) + 1, ctx.actor.name .. " strikes")
end })
arbiter.define.action("Parry", { cost = 2, resolve = function() end })
arbiter.define.action("Riposte", { cost = 1, resolve = function() end })
arbiter.define.action("Fumble", { resolve = function(ctx)
  world.set_stat(ctx.actor, "dropped", true, "fumble")
  log.event("fumbled", { who = ctx.actor.name })
  error("the blade slips")
end })

arbiter.define.action("Provoke", { resolve = function(ctx)
  for _, other in ipairs(world.characters()) do
    if other.side ~= ctx.actor.side then flow.react(other, "Wait") end
  end
  world.set_stat(ctx.actor, "provoked", true, "provoke")
  error("the taunt falls flat")
end })

-- Lasts the round it is applied in.
arbiter.define.status("Winded", { unit = "rounds", duration = 1 })

-- Takes, by flow.react, the reaction its stat `signals` names (a misspelt one is the test's), once a
-- turn: it costs the turn's first point.
arbiter.define.action("Signal", { cost = 1, resolve = function(ctx)
  flow.react(ctx.actor, ctx.actor.stats.signals)
end })

arbiter.define.hook("initiative", function(characters)
  table.sort(characters, function(a, b) return (a.stats.speed or 0) > (b.stats.speed or 0) end)
  return characters
end)

arbiter.define.hook("choose", function(me, points)
  if me.stats.fumbles and not me.stats.dropped then return { action = "Fumble" } end
  if me.stats.provokes and not me.stats.provoked then return { action = "Provoke" } end
  if me.stats.signals and points == 6 then return { action = "Signal" } end
  if me.stats.lunges and not me.stats.lunged and points == 6 then return { action = "Lunge" } end
  if points < 3 then return nil end
  for _, other in ipairs(world.characters()) do
    if other.side ~= me.side then return { action = "Strike", target = other } end
  end
end)

arbiter.define.hook("respond", function(who, declared, points)
  if declared.action == "Strike" and declared.target == who and points >= 2 then return { action = "Parry" } end
  if declared.action == "Parry" and points >= 1 and who.stats.ripostes ~= false then return { action = "Riposte" } end
end)

arbiter.define.hook("turn_end", function(who)
  log.event("turn_over", { who = who.name, points = flow.points(who) })
end)

-- Only a character On Guard may Lunge.
arbiter.define.status("On Guard", {})
arbiter.define.action("Lunge", { cost = 6, allowed_by = { "On Guard" }, resolve = function(ctx)
  world.set_stat(ctx.actor, "lunged", true, "Lunge")
end })
