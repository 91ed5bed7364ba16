local test = require "arbiter.test"

-- Registered from a caller with no line (through pcall), a case has no place to name: the second of
-- its name is still refused with the runtime's message, not "attempt to concatenate a nil value".
pcall(test.case, "registered through pcall", function() end)
local ok, message = pcall(test.case, "registered through pcall", function() end)

test.case("a second case of a name, registered from no line, is refused with its message", function()
  test.falsy(ok)
  test.truthy(tostring(message):find("test case 'registered through pcall' is registered twice, first at another place",
                                     1, true))
end)
