return { name = "typo-main", version = "1.0.0", api = 1, main = "mian.lua",
         description = "A manifest whose main file is misspelt: refused, not loaded without its rules." }
