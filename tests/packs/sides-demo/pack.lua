return {
  name = "sides-demo",
  version = "1.0.0",
  api = 1,
  description = "Several sequential phases, one per side: the initiative hook gives each side its turns "
    .. "in its own phase, to test what the flow says of a character who cannot act.",
}
