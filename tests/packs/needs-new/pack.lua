return {
  name = "needs-new",
  version = "1.0.0",
  api = 1,
  requires = { "demo-base >= 2.0" },
}
