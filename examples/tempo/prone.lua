-- Bo starts the fight Prone, a status of the house rule tempo-prone (docs/writing-actions.md):
--   arbiter --pack-path examples/packs run examples/tempo/prone.lua --seed 1 --rounds 1
return {
  rules = { "tempo", "tempo-prone" },
  map = { width = 6, height = 3 },
  characters = {
    { name = "Ana", side = "a", at = "B2", weapon = "Sword", stats = { guard = "On Guard", initiative = 2 } },
    { name = "Bo", side = "b", at = "C2", weapon = "Sword", stats = { guard = "Prone" } },
  },
}
