return {
  name = "bad-tempo-rows",
  version = "1.0.0",
  api = 1,
  requires = { "tempo" },
  description = "A house pack patching tempo's weapons with a cost its rules cannot read: told at its line.",
}
