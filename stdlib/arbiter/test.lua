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
-- Where each case's name was registered first: "tests/x_test.lua:4".
local placed = {}
-- The case running now (its name), and the checks that failed in it: a failed check fails its
-- case even when a pcall in the case catches its error.
local running, failures = nil, {}

-- The case as the runner calls it: a check that failed, caught or not, fails it.
local function runner(name, body)
  return function()
    running, failures = name, {}
    body()
    running = nil
    if failures[1] then
      error(failures[1].shown .. " (caught by a pcall, a failed check still fails its case: test.fails expects "
        .. "an error)", 0)
    end
  end
end

--- Registers a test case: `body` runs later, on its own; any error or failed check fails it.
function test.case(name, body)
  if type(name) ~= "string" or name == "" then error("a test case needs a name", 2) end
  if type(body) ~= "function" then error(("test case '%s' needs a function"):format(name), 2) end
  -- Registered while a case runs, it would never run: the runner has its list already.
  if running then
    error(("test case '%s' is registered inside test case '%s', where it would never run: register every "
      .. "case at the top level of the file"):format(name, running), 2)
  end
  -- Two cases of one name could not be told apart in the report: the second is refused, naming
  -- the first's place ("tests/x_test.lua:4", its line alone in the same file).
  local _, place = pcall(error, "", 3)
  place = place:sub(1, -3)
  local first = placed[name]
  if first then
    -- A caller without a line (`pcall(test.case, …)`) has no place to name.
    local file, line = first:match("^(.*):(%d+)$")
    local where = not file and "another place"
                  or file == place:match("^(.*):%d+$") and "line " .. line
                  or first
    error(("test case '%s' is registered twice, first at %s: give each case its own name, so that the report "
      .. "tells them apart"):format(name, where), 2)
  end
  placed[name] = place
  cases[#cases + 1] = { name = name, body = runner(name, body) }
end

--- The cases registered so far, in order, as the runner runs them. The runner reads them once
--- the file has run: a file that asks for them loses none.
function test.cases()
  local registered = {}
  for i, case in ipairs(cases) do registered[i] = { name = case.name, body = case.body } end
  return registered
end

-- A value is shown at most this long, cut at its end: a message always holds both values.
local longest = 200

-- Numbers first, in order (a list's items), then the other keys by their text.
local function key_order(a, b)
  local number_a, number_b = type(a) == "number", type(b) == "number"
  if number_a ~= number_b then return number_a end
  if number_a then return a < b end
  return tostring(a) < tostring(b)
end

-- The keys of the tables given, each once, in key order.
local function sorted_keys(...)
  local keys, seen = {}, {}
  for i = 1, select("#", ...) do
    local t = select(i, ...)
    if type(t) == "table" then
      for key in pairs(t) do
        if not seen[key] then
          seen[key] = true
          keys[#keys + 1] = key
        end
      end
    end
  end
  table.sort(keys, key_order)
  return keys
end

local function is_name(key)
  return type(key) == "string" and key:match("^[%a_][%w_]*$") ~= nil
end

-- A value as a person reads it, as Lua writes it: strings quoted, a list's items in order, then
-- the other keys; rendering stops once `room` characters are written.
local function render(value, room)
  if type(value) == "string" then return ("%q"):format(value) end
  if type(value) ~= "table" then return tostring(value) end
  local parts, used, next_item = {}, 2, 1
  for _, key in ipairs(sorted_keys(value)) do
    if used > room then
      parts[#parts + 1] = "…"
      break
    end
    local shown = render(value[key], room - used)
    if key == next_item then
      next_item = next_item + 1
    else
      shown = (is_name(key) and key or "[" .. render(key, room - used) .. "]") .. " = " .. shown
    end
    parts[#parts + 1] = shown
    used = used + #shown + 2
  end
  if #parts == 0 then return "{}" end
  return "{ " .. table.concat(parts, ", ") .. " }"
end

local function show(value)
  local text = render(value, longest)
  if #text <= longest then return text end
  local cut = longest
  while cut > 0 and (text:byte(cut + 1) & 0xC0) == 0x80 do cut = cut - 1 end  -- not inside a UTF-8 character
  return text:sub(1, cut) .. "…"
end

-- The fewest digits, from the 14 Lua prints, that read back as `number`: 0.30000000000000004 for
-- 0.1 + 0.2, which Lua prints 0.3. Seventeen tell every float (but NaN, never equal) apart.
local function exact(number)
  for digits = 14, 16 do
    local text = ("%." .. digits .. "g"):format(number)
    if tonumber(text) == number then return text end
  end
  return ("%.17g"):format(number)
end

-- `expected` and `actual` as a failure shows them. Two different floats Lua prints alike
-- (0.1 + 0.2 and 0.3) are shown with the digits that tell them apart; only then, so that 2.5
-- and 1e-09 read as they are written.
local function show_pair(expected, actual)
  local shown_expected, shown_actual = show(expected), show(actual)
  if shown_expected == shown_actual and math.type(expected) == "float" and math.type(actual) == "float" then
    return exact(expected), exact(actual)
  end
  return shown_expected, shown_actual
end

-- The path of `key` inside the value at `path` ("" for the value compared): a.c[2], ["Shield Wall"].
local function step(path, key)
  if is_name(key) then return path == "" and key or path .. "." .. key end
  return path .. "[" .. show(key) .. "]"
end

-- Where `actual` first differs from `expected`, in key order: the path, and the two values there;
-- nil when they are equal (tables key by key, recursively). `seen` keeps a cycle from looping.
local function difference(actual, expected, path, seen)
  if type(actual) ~= "table" or type(expected) ~= "table" then
    if actual == expected then return nil end
    return path, actual, expected
  end
  if seen[actual] == expected then return nil end
  seen[actual] = expected
  for _, key in ipairs(sorted_keys(actual, expected)) do
    local where, got, wanted = difference(actual[key], expected[key], step(path, key), seen)
    if where then return where, got, wanted end
  end
  return nil
end

-- `message` placed as error(message, level) in the caller of `failed` would place it, and also at
-- the first line of Lua outside the stdlib from there up: a check a pcall calls is placed where the
-- pcall is. The failure is kept, so that a pcall catching it does not make the case pass.
local function failed(message, level)
  message = tostring(message)
  -- Counted from here, the caller's level is 2 more: pcall, then this function.
  local _, raised = pcall(error, message, level + 2)
  local shown = raised
  for l = level + 2, level + 40 do
    local _, text = pcall(error, message, l)
    if text ~= message and not text:find("^stdlib/") then
      shown = text
      break
    end
  end
  failures[#failures + 1] = { raised = raised, shown = shown }
  error(raised, 0)
end

-- Two strings this long, or either on several lines, are compared where they first differ: shown
-- whole (or cut at `longest`), the difference would be hard to find, or cut away.
local long_string = 40
-- Bytes shown on each side of the first difference, widened to whole UTF-8 characters.
local context = 30

local function continues_character(text, at)
  local byte = text:byte(at)
  return byte ~= nil and (byte & 0xC0) == 0x80
end

-- `text` from byte `first` to byte `last`, quoted on one line (a newline as \n), with … where cut.
local function excerpt(text, first, last)
  while first > 1 and continues_character(text, first) do first = first - 1 end
  while last < #text and continues_character(text, last + 1) do last = last + 1 end
  local quoted = ("%q"):format(text:sub(first, last)):gsub("\\\n", "\\n")
  return (first > 1 and "…" or "") .. quoted .. (last < #text and "…" or "")
end

-- Where two different strings first differ, by character, line and column, and the text around it
-- in each, one above the other, so that the difference lines up.
local function string_difference(actual, expected)
  local at = 1
  while at <= #actual and actual:byte(at) == expected:byte(at) do at = at + 1 end
  while at > 1 and (continues_character(actual, at) or continues_character(expected, at)) do at = at - 1 end
  local before = actual:sub(1, at - 1)
  local line_start = 1
  for newline in before:gmatch("()\n") do line_start = newline + 1 end
  local _, lines = before:gsub("\n", "")
  local character = (utf8.len(before) or #before) + 1
  local column = (utf8.len(before, line_start) or (at - line_start)) + 1
  local first, last = math.max(1, at - context), at + context
  return ("strings differ at character %d (line %d, column %d):\n  expected: %s\n  got:      %s"):format(
    character, lines + 1, column, excerpt(expected, first, math.min(last, #expected)),
    excerpt(actual, first, math.min(last, #actual)))
end

-- Level 3: the line of the test file that called the check.
local function fail(message, what)
  failed(what and (what .. ": " .. message) or message, 3)
end

--- Checks that `actual` equals `expected` (tables: the same keys and values, recursively). A
--- failure names the first place they differ and both values there: `a.c[2]: expected 4, got 3`.
--- Two long strings (or strings of several lines) are shown where they first differ.
function test.equal(actual, expected, what)
  local where, got, wanted = difference(actual, expected, "", {})
  if not where then return end
  local message
  if type(got) == "string" and type(wanted) == "string"
      and (#got > long_string or #wanted > long_string or (got .. wanted):find("\n")) then
    message = string_difference(got, wanted)
  else
    message = ("expected %s, got %s"):format(show_pair(wanted, got))
    -- NaN equals nothing, itself included: "expected nan, got nan" alone would read as a bug here.
    if wanted ~= wanted then message = message .. " (NaN equals no value, itself included: check it with x ~= x)" end
  end
  fail((where == "" and "" or where .. ": ") .. message, what)
end

--- Checks that `actual` is within `tolerance` (default 1e-9, not negative) of `expected`. NaN is
--- near no value, itself included.
function test.near(actual, expected, tolerance, what)
  if type(expected) ~= "number" then
    error(("test.near: the expected value (argument 2) must be a number, not %s"):format(show(expected)), 2)
  end
  if tolerance ~= nil and type(tolerance) ~= "number" then
    -- test.near(x, 2, "the mean"): the name given where the tolerance goes.
    error(("test.near: the tolerance (argument 3) must be a number, not %s; what is checked comes fourth: "
      .. "test.near(actual, expected, nil, %s)"):format(show(tolerance), show(tolerance)), 2)
  end
  if tolerance ~= nil and not (tolerance >= 0) then
    error(("test.near: the tolerance (argument 3) must be zero or more, not %s"):format(show(tolerance)), 2)
  end
  tolerance = tolerance or 1e-9
  -- Written so that NaN, near no value, fails: every comparison with it is false. Equal values
  -- pass, infinities too (their difference is NaN).
  if type(actual) ~= "number" or not (actual == expected or math.abs(actual - expected) <= tolerance) then
    local shown_expected, shown_actual = show_pair(expected, actual)
    local message = ("expected %s (within %s), got %s"):format(shown_expected, show(tolerance), shown_actual)
    -- As test.equal says it: "expected nan (within 1), got nan" alone would read as a bug here.
    if expected ~= expected or actual ~= actual then message = message .. " (NaN is near no value, itself included: check it with x ~= x)" end
    fail(message, what)
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

--- Checks that calling `body` raises an error whose message contains `text` (plain text), and
--- returns the message. A failed check is such an error: the one `body` raises is expected, not a
--- failure of the case (one a pcall inside `body` caught still is).
function test.fails(body, text, what)
  local before = #failures
  local ok, message = pcall(body)
  if not ok and #failures > before and failures[#failures].raised == message then failures[#failures] = nil end
  if ok then fail("expected an error, but there was none", what) end
  message = tostring(message)
  if text and not message:find(text, 1, true) then
    fail(("expected an error containing %s, got %s"):format(show(text), show(message)), what)
  end
  return message
end

--- Fails the case with a message.
function test.fail(message)
  failed(message, 2)
end

return test
