local test = require "arbiter.test"

test.case("a failed check a pcall catches still fails its case", function()
  pcall(test.equal, 1, 2, "one is two")
end)

test.case("so does one caught inside a function", function()
  local ok = pcall(function() test.truthy(false, "a truth") end)
  test.falsy(ok)
end)

test.case("test.fails expects a failed check, and returns the message", function()
  local message = test.fails(function() test.equal(1, 2) end, "expected 2, got 1")
  test.truthy(message:find("a_caught_test.lua:13: expected 2, got 1", 1, true), message)
end)

test.case("a case registered inside a case fails the outer case", function()
  test.case("inner", function() test.fail("inner ran and fails") end)
end)
