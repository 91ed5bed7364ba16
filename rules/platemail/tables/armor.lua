-- The source's Light, Medium and Heavy Armor tables, keyed by name: Deflection (added to the
-- Defense of 10), Absorb (Wounds prevented per Action Phase), cost and properties
-- (armor_properties). "Unarmored" costs "N/A": it has no cost_gp.
local arbiter = require "arbiter"

local function armor(category, deflection, absorb, cost_gp, properties)
  return { category = category, deflection = deflection, absorb = absorb, cost_gp = cost_gp,
           properties = properties or {} }
end

arbiter.define.table("armor", {
  ["Unarmored"] = armor("light", 3, 0, nil, { ready_only = true }),
  ["Leather"] = armor("light", 2, 1, 20),
  ["Chain Mail"] = armor("medium", 1, 2, 30),
  ["Splint Mail"] = armor("medium", 1, 2, 50, { protects_limbs = 1 }),
  ["Half Plate"] = armor("heavy", 2, 3, 200, { protects_limbs = 2 }),
  ["Full Plate"] = armor("heavy", 3, 3, 1000, { protects_limbs = 3 }),
})
