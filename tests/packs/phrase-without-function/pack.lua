return {
  name = "phrase-without-function",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack declaring a target without its find function: a fight refuses it before any round.",
}
