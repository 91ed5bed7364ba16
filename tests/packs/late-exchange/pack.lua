return {
  name = "late-exchange",
  version = "1.0.0",
  api = 1,
  requires = { "tempo" },
  description = "Overrides tempo's exchange, which tempo's actions look up when played: a spent budget there is this pack's.",
}
