-- An orc placed off the map (tests/cli_test.cpp).
return {
  rules = { "orders-demo" },
  map = { width = 4, height = 4 },
  characters = {
    { name = "Aldric", side = "players", at = "A1" },
    { name = "Orc", side = "orcs", at = "A5" },
  },
}
