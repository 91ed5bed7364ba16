return { name = "tested", version = "1.0.0", api = 1, requires = { "demo-base" },
         budget = { instructions = 1000000 } }
