-- What a duellist's order sheet may say (docs/orders.md, README: "Orders"): conditions on what the
-- character sees of the exchange and of the statuses, and whom it acts against.
-- Globals read often, as locals: a global is looked up through the pack's environment to the
-- shared globals (a metamethod at each read), a local is a register.
local status, world, flow, log = status, world, flow, log
local ipairs, pairs = ipairs, pairs
local arbiter = require "arbiter"
local tempo = require "tempo"

local opponent = tempo.opponent

-- The answers drawn by my action this turn: its intent keeps every response declared against it,
-- until my next action replaces it.
local function answered(me, actions)
  local mine = flow.intent(me)
  for _, r in ipairs(mine and mine.responses or {}) do
    if r.actor.name ~= me.name and tempo.contains(actions, r.action) then return true end
  end
  return false
end

-- The answers a condition stands for (`answered_by`, docs/orders.md): `arbiter check` warns of a
-- replacement under it that answers none of them ("IF my attack was parried THEN CT Counter-Attack":
-- it answers a Counter-Attack), which is never taken.
local answered_by = {
  ["my attack was parried"] = { "Parry" },
  ["my attack was countered"] = { "Counter-Attack" },
}

-- Only a reaction answers my action: a CT Parry or CT Counter-Attack is taken by the actor in place
-- of its own action, never by another against mine.
local conditions = {
  ["my attack was parried"] = function(me) return answered(me, answered_by["my attack was parried"]) end,
  ["my attack was countered"] = function(me) return answered(me, answered_by["my attack was countered"]) end,
  ["my attack was answered"] = function(me)
    local mine = flow.intent(me)
    for _, r in ipairs(mine and mine.responses or {}) do if r.actor.name ~= me.name then return true end end
    return false
  end,
  -- The last exchange I played this round, my own action or a reaction to another's (a Counter-
  -- Attack that landed is an attack that hit), struck someone.
  ["my attack hit"] = function(me)
    local exchanges = log.phase_events("exchange")
    for i = #exchanges, 1, -1 do
      local e = exchanges[i].fields
      if e.character == me.name then
        for _, name in ipairs(e.hit) do if name ~= me.name then return true end end
        return false
      end
      for _, r in ipairs(e.reactions) do
        if r.character == me.name then return r.hit end
      end
    end
    return false
  end,
  ["I have at least {n} AP"] = function(me, n) return flow.points(me) >= n end,
  ["my opponent is within reach"] = function(me)
    local foe = opponent(me)
    return foe ~= nil and tempo.reaches(me, foe.cell)
  end,
}
for _, status in ipairs(tempo.GUARDS) do
  conditions["I am " .. status] = function(me) return tempo.guard(me) == status end
  conditions["my opponent is " .. status] = function(me)
    local foe = opponent(me)
    return foe ~= nil and tempo.guard(foe) == status
  end
end
for phrase, test in pairs(conditions) do
  arbiter.define.condition(phrase, { test = test, answered_by = answered_by[phrase] })
end

local targets = {
  ["my opponent"] = opponent,
  ["the closest enemy"] = function(me) return world.closest(me, "enemy") end,
  ["the most injured enemy"] = function(me) return world.most_injured(me, "enemy") end,
}
-- Other ways players write these phrases, for the hints of `arbiter check` only (`also_called`,
-- docs/orders.md).
local targets_also_called = {
  ["the closest enemy"] = { "the nearest enemy" },
  ["the most injured enemy"] = { "the weakest enemy", "the most wounded enemy" },
}
for phrase, find in pairs(targets) do
  arbiter.define.target(phrase, { find = find, also_called = targets_also_called[phrase] })
end
