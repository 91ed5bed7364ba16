return { name = "bad-status", version = "1.0.0", api = 1, description = "A fight's ruleset with a status that cannot be." }
