return {
  name = "bad-returns",
  version = "1.0.0",
  api = 1,
  requires = { "tempo" },
  description = "A house pack whose hook returns the wrong thing: the error must point here.",
}
