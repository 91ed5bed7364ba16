return {
  name = "number-initiative",
  version = "1.0.0",
  api = 1,
  requires = { "tempo" },
  description = "A house pack whose initiative lists a number among the characters: refused at its line, naming the item.",
}
