return {
  name = "echoing-house",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack whose Defend takes another Defend as its reaction, which sets itself off without end.",
}
