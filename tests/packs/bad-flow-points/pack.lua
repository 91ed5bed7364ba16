return {
  name = "bad-flow-points",
  version = "1.0.0",
  requires = { "tempo" },
  description = "A house pack giving the tempo flow's phase negative action points: told at its line as the "
    .. "flow's mistake, not as tempo's stat of points.",
}
