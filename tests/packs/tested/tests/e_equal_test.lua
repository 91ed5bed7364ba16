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

test.case("two long strings are shown where they first differ, with the text around it in each", function()
  local story = ("The quick brown fox jumps over the lazy dog. "):rep(6)
  test.equal(message_of(story .. "Then it sleeps.", story .. "Then it naps."),
    "strings differ at character 279 (line 1, column 279):\n"
      .. '  expected: …"ps over the lazy dog. Then it naps."\n'
      .. '  got:      …"ps over the lazy dog. Then it sleeps."')
  -- Counted in characters (ø, ö and ß are two bytes each), by line; the excerpt is 30 bytes each
  -- side, widened to whole characters, a newline written \n.
  local sheet = "Ana:\n  1: Parry\nBø:\n  1: Stößt gegen die Wand, und dann noch einmal weiter"
  test.equal(message_of(sheet:gsub("Wand", "Tür"), sheet),
    "strings differ at character 42 (line 4, column 22):\n"
      .. '  expected: …"y\\nBø:\\n  1: Stößt gegen die Wand, und dann noch einmal weit"…\n'
      .. '  got:      …"y\\nBø:\\n  1: Stößt gegen die Tür, und dann noch einmal weit"…')
  -- One that is the start of the other ends there.
  test.equal(message_of(story, story .. "!"),
    "strings differ at character 271 (line 1, column 271):\n"
      .. '  expected: …" fox jumps over the lazy dog. !"\n'
      .. '  got:      …" fox jumps over the lazy dog. "')
  -- Short ones on one line are shown whole, as any value.
  test.equal(message_of("Parry", "Party"), 'expected "Party", got "Parry"')
end)

test.case("two different numbers that print alike are shown with the digits that tell them apart, and only they", function()
  test.equal(message_of(0.1 + 0.2, 0.3), "expected 0.3, got 0.30000000000000004")
  test.equal(message_of({ mean = 1e16 + 2 }, { mean = 1e16 }), "mean: expected 1e+16, got 10000000000000002")
  test.equal(message_of(2.5, 1e-9), "expected 1e-09, got 2.5")
  test.equal(message_of(7, 3.0), "expected 3.0, got 7")
  local near = test.fails(function() test.near(0.1 + 0.2, 0.3, 0) end)
  test.equal(near:gsub("^[^:]*:%d+: ", ""), "expected 0.3 (within 0), got 0.30000000000000004")
end)

test.case("NaN expected is told why it never equals, as it prints like the NaN got", function()
  local nan = 0 / 0
  test.truthy(message_of(nan, nan):find("(NaN equals no value, itself included: check it with x ~= x)", 1, true))
  test.equal(message_of(1, 2), "expected 2, got 1")
end)

test.case("NaN is near no value, itself included, whichever side it is on", function()
  local nan = 0 / 0
  -- (NaN prints as "nan" or "-nan", as the C library has it.)
  test.fails(function() test.near(nan, 1) end, "expected 1 (within 1e-09), got ")
  test.fails(function() test.near(1, nan) end, " (within 1e-09), got 1")
  test.fails(function() test.near(nan, nan, 1) end, " (within 1), got ")
  -- Why, as test.equal tells it: "expected nan (within 1), got nan" alone read as a bug of test.near.
  test.fails(function() test.near(nan, nan, 1) end, "(NaN is near no value, itself included: check it with x ~= x)")
  test.fails(function() test.near(1, nan) end, "(NaN is near no value, itself included: check it with x ~= x)")
  test.near(math.huge, math.huge)
end)
