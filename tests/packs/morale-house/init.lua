local arbiter = require "arbiter"
-- At the end of each round everyone makes a morale check, in the order `pairs` gives their names.
arbiter.override.hook("round_end", function(previous)
  local names = {}
  for _, c in ipairs(world.characters()) do names[c.name] = c end
  for name in pairs(names) do
    local r = dice.roll("1d20", "Morale of " .. name)
    log.event("morale", { text = ("Morale of %s: d20 %d"):format(name, r.total) }, "Morale")
  end
  return previous()
end)
