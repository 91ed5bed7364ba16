return { name = "cycle-a", version = "1.0.0", api = 1, requires = { "cycle-b" } }
