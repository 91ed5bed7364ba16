return {
  name = "demo-base",
  version = "1.0.0",
  api = 1,
  description = "A tiny duel ruleset: one attack, a wound limit, and an attack bonus hook.",
}
