return { characters = { { name = "Aldric", side = "players" }, { name = "Orc" } } }
