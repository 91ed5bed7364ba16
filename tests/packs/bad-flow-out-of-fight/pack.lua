return {
  name = "bad-flow-out-of-fight",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack misspelling a status of the flow's lookups.out_of_fight: told at its line.",
}
