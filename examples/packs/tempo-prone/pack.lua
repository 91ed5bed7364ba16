return {
  name = "tempo-prone",
  version = "1.0.0",
  api = 1,
  requires = { "tempo >= 0.1" },
  description = "A house rule for the tempo pack: Prone, a status of its own (docs/writing-actions.md).",
}
