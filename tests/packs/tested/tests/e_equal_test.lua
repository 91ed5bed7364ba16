local test = require "arbiter.test"

-- What a failed test.equal says, without its position. test.fails expects the failure: a pcall
-- catching it would still fail the case.
local function message_of(actual, expected)
  return (test.fails(function() test.equal(actual, expected) end):gsub("^[^:]*:%d+: ", ""))
end

test.case("test.equal names the first key where tables differ and both values there", function()
  test.equal(message_of({ a = { b = 1, c = { 2, 3 } } }, { a = { b = 1, c = { 2, 4 } } }), "a.c[2]: expected 4, got 3")
  local actions, expected = {}, {}
  for i = 1, 40 do
    actions["Action number " .. i] = { group = "Combat", tag = "R" }
    expected["Action number " .. i] = { group = "Combat", tag = "R" }
  end
  actions["Shield Wall"] = { group = "Combat", tag = "R" }
  test.equal(message_of(actions, expected), '["Shield Wall"]: expected nil, got { group = "Combat", tag = "R" }')
  test.equal(message_of({ 1, 2 }, { 1 }), "[2]: expected nil, got 2")
  test.equal(message_of(3, 5), "expected 5, got 3")
  test.equal(message_of({ 1 }, "one"), 'expected "one", got { 1 }')
end)

test.case("a long value is cut at its end: the message keeps both values", function()
  local many = {}
  for i = 1, 1000 do many[i] = "item number " .. i end
  local message = message_of({ list = many }, {})
  test.truthy(message:find('^list: expected nil, got { "item number 1", "item number 2", '), message)
  test.truthy(message:find("…$"), message)
  test.truthy(#message < 300, message)
end)
