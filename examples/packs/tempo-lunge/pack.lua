return {
  name = "tempo-lunge",
  version = "1.0.0",
  api = 1,  -- all it uses is API 1's: API 2 adds also_called and target = "ally" (docs/packs.md)
  requires = { "tempo >= 0.1" },
  description = "A house rule for the tempo pack: the Lunge, a committed attack (docs/writing-actions.md).",
}
