return {
  name = "error-values",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack whose actions raise errors that are not messages: the failures must still say where.",
}
