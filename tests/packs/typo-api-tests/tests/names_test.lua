local test = require "arbiter.test"

test.case("a misspelt check fails its case, naming the nearest", function()
  test.equl(1, 1)
end)

test.case("the check spelt right passes", function()
  test.equal(1, 1)
end)
