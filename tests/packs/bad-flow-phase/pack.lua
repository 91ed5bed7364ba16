return {
  name = "bad-flow-phase",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack patching the flow's first phase with a kind there is not: told at its line, the "
    .. "phase counted from 1 as Lua counts it.",
}
