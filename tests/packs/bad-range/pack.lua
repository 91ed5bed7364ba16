return {
  name = "bad-range",
  version = "1.0.0",
  api = 1,
  requires = { "demo-base >= one" },
}
