local arbiter = require "arbiter"
arbiter.define.table("flow", { phases = { { name = "Brawl", kind = "simultaneous" } }, default_order = "Wait" })
-- A misspelt placeholder: a punch is logged with `text`, not `txt`.
arbiter.define.table("narration", { punch = "{txt}" })
arbiter.define.action("Wait", { resolve = function() end })
arbiter.define.action("Punch", { needs_target = true, target = "enemy",
  resolve = function(ctx) log.event("punch", { text = ctx.actor.name .. " punches" }, "Punch") end })
