return {
  name = "bad-flow-incapacitated",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack misspelling a status of the flow's incapacitated: told at its line, not fighting on.",
}
