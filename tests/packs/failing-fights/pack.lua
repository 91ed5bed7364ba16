return { name = "failing-fights", version = "1.0.0", api = 1,
         description = "Actions that fail and misread their context, in test fights (tests/cli_test.cpp)." }
