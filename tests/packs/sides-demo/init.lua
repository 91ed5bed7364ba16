-- Three sequential phases, one per side (red, green, blue): the initiative hook gives a turn only to
-- the characters of the running phase's side. A Strike fells its target: Fallen keeps it from acting.
local arbiter = require "arbiter"

local SIDES = { "red", "green", "blue" }

arbiter.define.table("flow", {
  phases = { { name = "Red Phase", kind = "sequential", action_points = 1 },
             { name = "Green Phase", kind = "sequential", action_points = 1 },
             { name = "Blue Phase", kind = "sequential", action_points = 1 } },
  default_order = "Wait",
  incapacitated = { "Fallen" },
})

arbiter.define.status("Fallen", {})
arbiter.define.action("Wait", { resolve = function() end })
arbiter.define.action("Strike", { cost = 1, needs_target = true, resolve = function(ctx)
  status.apply(ctx.target, "Fallen", { cause = ctx.actor.name .. " strikes" })
end })

-- A whole number written in a sheet reaches the rules as an integer (3, not 3.0).
arbiter.define.condition("the count is the integer {n}", {
  test = function(_, n) return math.type(n) == "integer" and n == 3 end,
})

arbiter.define.hook("initiative", function(characters)
  local _, phase = flow.position()
  local turns = {}
  for _, c in ipairs(characters) do
    if c.side == SIDES[phase] then turns[#turns + 1] = c end
  end
  return turns
end)

arbiter.define.hook("choose", function(_, _, ordered) return ordered end)
