return { name = "loose-template", version = "1.0.0" }
