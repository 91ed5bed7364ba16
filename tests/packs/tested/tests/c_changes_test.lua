local test = require "arbiter.test"
local arbiter = require "arbiter"

-- Each file gets freshly loaded packs, so what a_cases_test did cannot leak here.
test.case("definitions are as the packs made them", function()
  test.equal(arbiter.tables.wounds.max, 3)
end)
