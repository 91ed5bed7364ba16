return {
  name = "orders-demo",
  version = "1.0.0",
  api = 1,  -- all it uses is API 1's: API 2 adds also_called and target = "ally" (docs/packs.md)
  description = "Platemail's actions and a small vocabulary of conditions and targets, to try `arbiter check`.",
}
