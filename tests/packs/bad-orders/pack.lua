return { name = "bad-orders", version = "1.0.0", api = 1, description = "An order vocabulary with mistakes." }
