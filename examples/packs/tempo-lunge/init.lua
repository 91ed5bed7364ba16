-- The Lunge: a committed thrust. It costs 5 AP whatever the weapon, reaches its Hit at a
-- fixed 4 and its Critical Hit at 8 whatever the target's defence, and a miss leaves the
-- lunger overextended: Off Guard.
local arbiter = require "arbiter"

-- 1. The action as data, in the shape of the source's actions (rules/tempo/tables/actions_data.lua).
arbiter.patch.table("actions_data", {
  ["Lunge"] = {
    kind = "proactive", cost = 5, statuses = { "On Guard" }, weapon = "melee",
    outcomes = {
      { "-", "Miss", me = "Off Guard" },
      { 4, "Hit", damage = "armour" },
      { 8, "Critical Hit", damage = "penetrating" },
    },
  },
  -- 2. What may answer it: a Lunge can be parried or evaded like a Melee Attack.
  ["Parry"] = { response_to = { "Melee Attack", "Unarmed Attack", "Lunge" } },
  ["Evade"] = { response_to = { "Melee Attack", "Unarmed Attack", "Lunge" } },
})

-- 3. The action itself: the tempo pack's exchange plays it from its row. The hook is looked up
-- when the Lunge is played, so another house rule's override of `exchange` plays it too. Its
-- cost and the statuses that allow it are the row's.
arbiter.define.action("Lunge", {
  needs_target = true, target = "enemy",
  resolve = function(ctx) return arbiter.hooks.exchange(ctx) end,
})
