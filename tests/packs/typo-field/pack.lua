return {
  name = "typo-field",
  version = "1.0.0",
  api = 1,
  require = { "demo-base" },
}
