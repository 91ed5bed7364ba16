return {
  name = "string-intent",
  version = "1.0.0",
  api = 1,
  requires = { "tempo" },
  description = "A house pack whose choose hook returns an action's name instead of an intent: refused, saying what came back.",
}
