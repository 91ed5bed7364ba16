return {
  name = "negative-cost",
  version = "1.0.0",
  api = 1,
  requires = { "tempo" },
  description = "A house pack whose choose hook gives a negative cost, which would pay points back: refused.",
}
