return { name = "other-name", version = "1.0.0", api = 1 }
