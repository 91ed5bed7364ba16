return {
  name = "demo-house",
  version = "1.0.0",
  api = 1,
  requires = { "demo-base >= 1.0, < 2" },
  description = "House rules for demo-base: tougher characters and a bonus for the bold.",
}
