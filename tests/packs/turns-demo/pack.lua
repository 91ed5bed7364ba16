return {
  name = "turns-demo",
  version = "1.0.0",
  api = 1,
  description = "A tiny turn-based ruleset: initiative, action points, a response window and a counter, "
    .. "to test the flow's sequential phases from Lua.",
}
