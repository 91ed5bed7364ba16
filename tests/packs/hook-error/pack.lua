return {
  name = "hook-error",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack whose round_start hook fails: its message and line must reach the GM.",
}
