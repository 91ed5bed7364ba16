return {
  name = "platemail-house",
  version = "1.1.0",
  api = 1,  -- all it uses is API 1's: API 2 adds also_called and target = "ally" (docs/packs.md)
  requires = { "platemail >= 1.1, < 2" },
  description = "House rules for Platemail: a gentler Favor (+2), tougher characters (Max Wounds 4) and a new action, Shield Bash.",
}
