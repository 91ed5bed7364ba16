return {
  name = "morale-house",
  version = "1.0.0",
  api = 1,
  requires = { "platemail >= 1.1" },
  description = "A house pack that rolls for each character in the order pairs visits their names: the same seed must give the same fight.",
}
