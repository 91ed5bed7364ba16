-- A melee skirmish in a walled yard: four adventurers against two orcs, a brute and a goblin.
--   arbiter run examples/platemail/skirmish.lua --orders examples/platemail/skirmish-round1.txt \
--     examples/platemail/skirmish-round2.txt --seed 7
return {
  rules = { "platemail" },
  map = {
    width = 12, height = 8, scale = 5,
    -- The yard's north wall, with a gap at E7.
    walls = { { "B7", "B8" }, { "C7", "C8" }, { "D7", "D8" }, { "F7", "F8" }, { "G7", "G8" } },
    terrain = {
      ["H2"] = { object = "cart", shelter = "cover" },
    },
  },
  characters = {
    { name = "Aldric", side = "party", at = "C4", weapon = "Sword", armor = "Leather", shield = "Shield",
      stats = { strength = 2, dexterity = 1 } },
    { name = "Brienne", side = "party", at = "C6", weapon = "Spear", armor = "Leather",
      stats = { strength = 2, dexterity = 3 } },
    { name = "Cedric", side = "party", at = "C5", weapon = "Great Axe", armor = "Leather",
      stats = { strength = 3 } },
    { name = "Dara", side = "party", at = "A4", weapon = "Mace", armor = "Splint Mail", shield = "Buckler",
      stats = { medical = 4 } },
    { name = "Orc", side = "orcs", at = "H4", weapon = "Axe", armor = "Leather", shield = "Shield" },
    { name = "Orc #2", side = "orcs", at = "I2", weapon = "Axe", armor = "Leather", shield = "Shield" },
    { name = "Orc Brute", side = "orcs", at = "I6", weapon = "Great Sword", armor = "Leather",
      stats = { strength = 2 } },
    { name = "Goblin", side = "orcs", at = "J7", weapon = "Dagger", stats = { medical = 3 } },
  },
}
