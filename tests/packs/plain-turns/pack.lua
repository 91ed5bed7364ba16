return { name = "plain-turns", version = "1.0.0" }
