-- The source's shield table (printed without a heading, after the armor), keyed by name. The
-- source spells the last one "Towe Shield"; it is the Tower Shield here (README: defects).
-- "Shields provide Deflection and Absorb only when a Character is Ready": every one is Ready Only.
local arbiter = require "arbiter"

local function shield(deflection, absorb, cost_gp, properties)
  properties.ready_only = true
  return { deflection = deflection, absorb = absorb, cost_gp = cost_gp, properties = properties }
end

arbiter.define.table("shields", {
  ["Buckler"] = shield(2, 0, 10, {}),
  ["Shield"] = shield(2, 1, 20, {}),
  ["Tower Shield"] = shield(1, 1, 30, { provides_cover = true }),
})
