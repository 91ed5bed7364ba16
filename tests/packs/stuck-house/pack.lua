return {
  name = "stuck-house",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack whose round_start hook backtracks without end inside string.find, within the "
    .. "ruleset's call: the watchdog must name this pack.",
}
