-- Two wrestlers caught in a bind, a tempo fight of grapples (rules/tempo/README.md): the statuses
-- Bound, Grappled and Pinned, and the actions each allows, with Struggle and Wind as answers.
--   arbiter run examples/tempo/grapple.lua --seed 22 --orders examples/tempo/grapple-round1.txt \
--     examples/tempo/grapple-round2.txt
-- With seed 22: Hugo's Grapple beats Bram's Wind (both Bound, then both Grappled); Bram's
-- Struggle stops the first Pin, and Hugo's Struggle his Escape. In round 2 Hugo's second Pin
-- holds (Bram Pinned), and Bram's Escape breaks free: both stand On Guard again.
return {
  rules = { "tempo" },
  map = { width = 5, height = 3, scale = 5 },
  characters = {
    -- Both start Bound: their blades met before the first round (`guard` is the starting status).
    { name = "Hugo", side = "red", at = "B2", weapon = "Dagger", armour = "Leather",
      stats = { guard = "Bound", initiative = 2, skill = 2, stamina = 2 } },
    { name = "Bram", side = "blue", at = "C2", weapon = "Sword", armour = "Leather",
      stats = { guard = "Bound", skill = 1, stamina = 1 } },
  },
}
