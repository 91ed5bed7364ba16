return {
  name = "needs-missing",
  version = "1.0.0",
  api = 1,
  requires = { "demo-bass" },
}
