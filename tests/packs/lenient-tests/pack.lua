return { name = "lenient-tests", version = "1.0.0", api = 1, requires = { "demo-base" },
         description = "Tests that once passed when they should fail: each must fail, at its line." }
