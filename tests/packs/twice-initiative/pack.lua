return {
  name = "twice-initiative",
  version = "1.0.0",
  api = 1,
  requires = { "tempo" },
  description = "A house pack whose initiative lists one character twice: refused at its line.",
}
