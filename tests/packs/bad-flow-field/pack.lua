return {
  name = "bad-flow-field",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack patching the flow's first phase with a misspelt field: told at its line with the "
    .. "nearest, not ignored.",
}
