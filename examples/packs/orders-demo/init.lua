-- The order-sheet vocabulary of Platemail (seed 000), enough to check sheets with `arbiter check`.
-- The full ruleset is the `platemail` pack; this one only declares what players may write.
-- Action properties read by the checker: `move` (how many feet it may move; absent: it stays in
-- place) and `needs_target`. `ready` is Platemail's (R) / (NR).
local arbiter = require "arbiter"

-- Two action phases per round; a compass step ("S, S, SW") is one 5' square.
arbiter.define.table("orders", { phases = 2, feet_per_step = 5 })

local actions = {
  -- Movement Actions
  ["Move"]          = { ready = true,  move = 15 },
  ["Sprint"]        = { ready = false, move = 30 },
  ["Fall Back"]     = { ready = true,  move = 15 },
  ["Skulk"]         = { ready = true,  move = 15 },
  -- Combat Actions
  ["Charge"]        = { ready = false, move = 15, needs_target = true },
  ["Full Attack"]   = { ready = false, needs_target = true },
  ["Counter"]       = { ready = true,  needs_target = true },
  ["Ranged Attack"] = { ready = true,  needs_target = true },
  ["Rapid Fire"]    = { ready = false, needs_target = true },
  ["Aim"]           = { ready = false },
  ["Defend"]        = { ready = true },
  ["Guard"]         = { ready = true,  move = 15, needs_target = true },
  -- Spellcasting Actions ("You don't designate a Target yet" when preparing)
  ["Prepare Spell"] = { ready = false },
  ["Release Spell"] = { ready = false, needs_target = true },
  ["Focus Spell"]   = { ready = false },
  -- Support Actions (Use Item is Ready or Not Ready by the item: the Arbiter decides)
  ["Use Item"]      = {},
  ["Rescue"]        = { ready = false, move = 15, needs_target = true },
  ["Stabilize"]     = { ready = false, needs_target = true },
  -- Crash, Clash, Dazed and Terror are involuntary: forced on a character, never ordered.
}
for name, properties in pairs(actions) do arbiter.define.action(name, properties) end

-- "IF Conditions must be based on what your Character can perceive": only these may be written.
for _, phrase in ipairs {
  "I reach the enemy",
  "I am wounded",
  "I have at least {n} wounds",
  "{character} is down",
  "{character} is adjacent to me",
  "an enemy is within {distance}",
  "an enemy is adjacent to me",
  "my spell is prepared",
} do arbiter.define.condition(phrase, {}) end

-- General targets (specific ones are names in quotes: "Orc #2"). Not declared, so refused:
-- "the guy with the most gold on him", "the smartest goblin here".
for _, phrase in ipairs {
  "the closest enemy",
  "the closest hostile",
  "the closest foe",
  "the most injured enemy",
  "the biggest enemy orc",
  "the closest ally",
  "the most injured ally",
} do arbiter.define.target(phrase, {}) end
