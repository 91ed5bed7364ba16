-- Prone: a status of the house rule's own, which a Trip gives and only Get Up allows.
local arbiter = require "arbiter"

arbiter.define.status("Prone", {})
arbiter.patch.table("actions_data", {
  ["Get Up"] = { kind = "proactive", cost = 2, statuses = { "Prone" }, check = false, against = "none",
                 outcomes = { { "-", "Success", me = "On Guard" } } },
  ["Trip"] = { kind = "proactive", cost = 3, statuses = { "On Guard" },
               outcomes = { { "-", "Failure" }, { 2, "Success", them = "Prone" } } },
})
arbiter.define.action("Get Up", { target = "none", resolve = function(ctx) return arbiter.hooks.exchange(ctx) end })
arbiter.define.action("Trip", { needs_target = true, target = "enemy",
                                resolve = function(ctx) return arbiter.hooks.exchange(ctx) end })
-- An encounter may start a character Prone: the encounter's `guard` is one of the encounter
-- table's words, the source's five (1 to 5), and now this one.
arbiter.patch.table("encounter", { stats = { guard = { [6] = "Prone" } } })
-- Optional: what a Prone character does when the sheets do not order it, and a phrase for sheets.
arbiter.patch.table("rules", { default_action = { ["Prone"] = "Get Up" } })
arbiter.define.condition("I am Prone", { test = function(me) return status.has(me, "Prone") end })
