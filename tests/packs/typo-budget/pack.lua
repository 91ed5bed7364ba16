return {
  name = "typo-budget",
  version = "1.0.0",
  api = 1,
  budget = { instuctions = 1000, memory = 1, time = 1 },
}
