return {
  name = "bad-syntax",
  version = "1.0.0"
  api = 1,
}
