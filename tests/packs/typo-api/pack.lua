return {
  name = "typo-api",
  version = "1.0.0",
  api = 1,
  requires = { "demo-base" },
  description = "A house pack that misspells a function of arbiter.patch: refused at its line, naming the nearest.",
}
