return {
  name = "bad-flow-order",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack patching the flow's default order to an action there is not: told at its line.",
}
