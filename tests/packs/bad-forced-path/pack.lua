return {
  name = "bad-forced-path",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack whose forced_action hook returns a path no one can walk: told at its line.",
}
