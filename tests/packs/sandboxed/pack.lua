return { name = "sandboxed", version = "1.0.0", api = 1, description = "fixture for the sandbox tests" }
