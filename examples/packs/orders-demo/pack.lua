return {
  name = "orders-demo",
  version = "1.0.0",
  api = 1,
  description = "Platemail's actions and a small vocabulary of conditions and targets, to try `arbiter check`.",
}
