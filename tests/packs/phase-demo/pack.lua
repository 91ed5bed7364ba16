return {
  name = "phase-demo",
  version = "1.0.0",
  api = 1,
  description = "One simultaneous phase and no hooks: what the phase changes lands after the last rule has run.",
}
