return require "lib.cycle_b"
