return require "lib.cycle_a"
