return {
  rules = { "bad-status" },
  map = { width = 3, height = 3 },
  characters = { { name = "Aldric", side = "party", at = "A1" } },
}
