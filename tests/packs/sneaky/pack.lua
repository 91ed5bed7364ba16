return { name = "sneaky", version = "1.0.0", api = 1 }
