return {
  name = "stuck-action",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack whose action backtracks without end inside string.find: the watchdog must end the "
    .. "program with the narration so far told and flushed, and the line that called string.find named.",
}
