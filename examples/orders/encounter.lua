-- Who is in the fight: `arbiter check … --encounter examples/orders/encounter.lua`.
return {
  characters = {
    { name = "Aldric",  side = "players" },
    { name = "Brienne", side = "players" },
    { name = "Orc #1",  side = "orcs" },
    { name = "Orc #2",  side = "orcs" },
  },
}
