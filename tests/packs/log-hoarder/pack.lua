return {
  name = "log-hoarder",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack whose round_start hook logs events with large fields: its own heap stays small, "
    .. "what it makes the log keep must count against its memory budget.",
}
