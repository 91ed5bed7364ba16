return {
  name = "bad-hostile",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack whose hostile hook answers neither true, false nor nil: told at its line.",
}
