return { name = "agreeing-house", version = "0.1.0", api = 1, requires = { "demo-base ~> 1.0" } }
