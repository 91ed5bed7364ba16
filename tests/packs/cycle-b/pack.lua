return { name = "cycle-b", version = "1.0.0", api = 1, requires = { "cycle-a >= 1" } }
