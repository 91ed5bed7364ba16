-- A Platemail skirmish in a ruined farmstead (docs/encounters.md): two heroes against three orcs.
return {
  rules = { "platemail" },
  map = {
    width = 12, height = 8,
    scale = 5,
    walls = { { "C3", "C4" }, { "D3", "D4" } },
    borders = { { between = { "E2", "E3" }, name = "door", door = "closed" } },
    terrain = {
      ["D5"] = { object = "low wall", shelter = "cover" },
      ["F2"] = { height = 1, name = "hill" },
    },
  },
  characters = {
    { name = "Aldric", side = "players", at = "B2",
      weapon = "Sword", armor = "Chain Mail", shield = "Shield",
      stats = { strength = 2, perception = 10 } },
    { name = "Brienne", side = "players", at = "B3", weapon = "Short Bow", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "H4", weapon = "Axe", armor = "Leather", count = 3 },
  },
}
