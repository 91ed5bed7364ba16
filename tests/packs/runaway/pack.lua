return {
  name = "runaway",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack whose actions spend their budgets: the errors must name this pack and its lines.",
}
