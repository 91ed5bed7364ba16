return {
  name = "tempo",
  version = "0.1.0",
  api = 2,
  description = "Action-point tempo combat: 12 AP a round, turns in initiative order, proactive, "
    .. "reactive and counter-tempo actions, statuses that gate actions, outcome tables with "
    .. "difficulty thresholds, opposed checks by subtraction, Recover Stamina.",
}
