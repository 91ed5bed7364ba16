return {
  name = "platemail-house",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.0, < 2" },
  description = "House rules for Platemail: a gentler Favor (+2) and tougher characters (Max Wounds 4).",
}
