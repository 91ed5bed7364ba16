local test = require "arbiter.test"

test.case("never registered", function() end)
this is not lua
