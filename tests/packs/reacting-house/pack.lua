return {
  name = "reacting-house",
  version = "1.0.0",
  requires = { "tempo" },
  description = "A house pack whose blows are followed by a second one, by flow.react: an extra action, declared "
    .. "with what tempo's narration of a declaration tells (its cost, 0, and the points before and after).",
}
