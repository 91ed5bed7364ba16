return {
  name = "frugal-house",
  version = "1.0.0",
  api = 1,
  requires = { "tempo" },
  description = "A house pack that asks for a small budget: its hook, called by tempo's flow, must be held to it.",
  budget = { instructions = 1e6, memory_mib = 8, time_ms = 5000 },
}
