return { name = "no-flow", version = "1.0.0", api = 1, description = "Actions, but no flow to play them in." }
