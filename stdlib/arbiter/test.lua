-- A small test framework for pack authors. In a pack's tests/*.lua:
--
--   local test = require "arbiter.test"
--   local arbiter = require "arbiter"
--
--   test.case("four wounds before you drop", function()
--     test.equal(arbiter.tables.wounds.max, 4)
--   end)
--
-- `arbiter test PACK` loads the packs afresh for every test file and runs each case on its own,
-- with its own budget. A failed check names the line of the test file, what was expected and
-- what came instead.
local test = {}

local cases = {}

--- Registers a test case: `body` runs later, on its own; any error or failed check fails it.
function test.case(name, body)
  if type(name) ~= "string" or name == "" then error("a test case needs a name", 2) end
  if type(body) ~= "function" then error(("test case '%s' needs a function"):format(name), 2) end
  cases[#cases + 1] = { name = name, body = body }
end

--- For the runner: the cases registered so far, in order; forgets them.
function test.cases()
  local registered = cases
  cases = {}
  return registered
end

-- A value as a person reads it: strings quoted, tables one level deep, keys sorted.
local function show(value, depth)
  if type(value) == "string" then return ("%q"):format(value) end
  if type(value) ~= "table" then return tostring(value) end
  if (depth or 0) > 1 then return "{…}" end
  local parts, keys = {}, {}
  for key in pairs(value) do keys[#keys + 1] = key end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, key in ipairs(keys) do
    parts[#parts + 1] = ("%s = %s"):format(tostring(key), show(value[key], (depth or 0) + 1))
  end
  return "{ " .. table.concat(parts, ", ") .. " }"
end

local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for key, value in pairs(a) do
    if not same(value, b[key]) then return false end
  end
  for key in pairs(b) do
    if a[key] == nil then return false end
  end
  return true
end

-- Level 3: the line of the test file that called the check.
local function fail(message, what)
  error(what and (what .. ": " .. message) or message, 3)
end

--- Checks that `actual` equals `expected` (tables: the same keys and values, recursively).
function test.equal(actual, expected, what)
  if not same(actual, expected) then fail(("expected %s, got %s"):format(show(expected), show(actual)), what) end
end

--- Checks that `actual` is within `tolerance` (default 1e-9) of `expected`.
function test.near(actual, expected, tolerance, what)
  tolerance = tolerance or 1e-9
  if type(actual) ~= "number" or math.abs(actual - expected) > tolerance then
    fail(("expected %s (within %s), got %s"):format(show(expected), show(tolerance), show(actual)), what)
  end
end

--- Checks that `value` is neither nil nor false.
function test.truthy(value, what)
  if not value then fail(("expected a true value, got %s"):format(show(value)), what) end
end

--- Checks that `value` is nil or false.
function test.falsy(value, what)
  if value then fail(("expected false or nil, got %s"):format(show(value)), what) end
end

--- Checks that calling `body` raises an error whose message contains `text` (plain text).
function test.fails(body, text, what)
  local ok, message = pcall(body)
  if ok then fail("expected an error, but there was none", what) end
  message = tostring(message)
  if text and not message:find(text, 1, true) then
    fail(("expected an error containing %s, got %s"):format(show(text), show(message)), what)
  end
end

--- Fails the case with a message.
function test.fail(message)
  error(message, 2)
end

return test
