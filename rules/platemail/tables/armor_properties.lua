-- The "Special Info" rows under the source's armor and shield tables, as data.
local arbiter = require "arbiter"

arbiter.define.table("armor_properties", {
  ready_only = {
    name = "Ready Only",
    meaning = "Only provides Deflection and Absorb when Ready.",
  },
  protects_limbs = {
    name = "Protects Limbs",
    meaning = "On Severs Limb, roll 1d4. Limb not severed if roll is equal or less than Protects Limbs value.",
    roll = { count = 1, sides = 4, bonus = 0 },
    saved_when = "roll <= value",  -- the value is the number after the name: Protects Limbs 2
  },
  provides_cover = {
    name = "Provides Cover",
    meaning = "When held, provides Cover to wielder and adjacent allies.",
    wielder = true,
    adjacent_allies = true,
  },
})
