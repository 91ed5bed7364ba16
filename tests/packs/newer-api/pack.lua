return { name = "newer-api", version = "1.0.0", api = 3 }
