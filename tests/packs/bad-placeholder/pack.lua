return { name = "bad-placeholder", version = "1.0.0", api = 1, description = "A condition with an unknown placeholder." }
