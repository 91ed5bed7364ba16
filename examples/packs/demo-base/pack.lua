return {
  name = "demo-base",
  version = "1.0.0",
  api = 1,  -- all it uses is API 1's: API 2 adds also_called and target = "ally" (docs/packs.md)
  description = "A tiny duel ruleset: one attack, a wound limit, and an attack bonus hook.",
}
