return {
  name = "demo-house",
  version = "1.0.0",
  api = 1,  -- all it uses is API 1's: API 2 adds also_called and target = "ally" (docs/packs.md)
  requires = { "demo-base >= 1.0, < 2" },
  description = "House rules for demo-base: tougher characters and a bonus for the bold.",
}
