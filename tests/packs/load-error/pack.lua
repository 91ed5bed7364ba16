return { name = "load-error", version = "1.0.0", api = 1, requires = { "demo-base" } }
