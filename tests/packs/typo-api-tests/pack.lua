return {
  name = "typo-api-tests",
  version = "1.0.0",
  api = 1,
  requires = { "demo-base" },
  description = "A pack whose test misspells a check of arbiter.test: the case fails at its line, naming the nearest.",
}
