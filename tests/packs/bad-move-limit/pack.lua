return {
  name = "bad-move-limit",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack whose move_limit hook returns feet that are not whole: told at its line.",
}
