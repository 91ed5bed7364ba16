local test = require "arbiter.test"
test.case("a case a file asked test.cases for still runs", function() test.fail("must be reported") end)
local listed = test.cases()
test.case("the list holds the cases so far", function() test.equal(#listed, 1) end)
