return {
  name = "bad-platemail-tables",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack patching Platemail's tables with values its rules cannot read: told at its lines.",
}
