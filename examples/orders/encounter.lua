-- Who is in the fight, and where: `arbiter check examples/orders/*.txt --encounter
-- examples/orders/encounter.lua` checks the sheets under its rules, with its names
-- (docs/encounters.md). orders-demo declares no equipment, so the characters carry none.
return {
  rules = { "orders-demo" },
  map = { width = 8, height = 6 },
  characters = {
    { name = "Aldric",  side = "players", at = "B2" },
    { name = "Brienne", side = "players", at = "C4" },
    { name = "Orc #1",  side = "orcs",    at = "F5" },
    { name = "Orc #2",  side = "orcs",    at = "G4" },
  },
}
