return { name = "rival-house", version = "0.3.0", api = 1, requires = { "demo-base ~> 1.0" } }
