return {
  name = "typo-status",
  version = "1.0.0",
  api = 1,
  requires = { "platemail" },
  description = "A house pack whose status misspells a field: refused at its line, not lasting forever.",
}
