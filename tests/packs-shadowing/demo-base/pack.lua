-- A local copy of demo-base that hides the one in examples/packs when searched first.
return { name = "demo-base", version = "9.0.0", api = 1 }
