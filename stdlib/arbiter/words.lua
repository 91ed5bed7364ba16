-- `local words = require "arbiter.words"`: the phrases a pack's messages are made of, so that a
-- house rule's mistake reads the same in every ruleset ("must be a whole number, not \"two\"",
-- "(did you mean 'Sword'?)"). Tempo's rows.lua and Platemail's tables_check.lua use them: a value
-- that must be one of a few words is told with the nearest of them, wherever it is checked.
local registry = require "arbiter.registry"

local words = {}

local type = type

--- A value as a message shows it: a string quoted, a table as "a table", a function as "a function"
--- (tostring's "function: #2307" tells the author nothing).
function words.shown(value)
  if type(value) == "string" then return ("%q"):format(value) end
  if type(value) == "table" then return "a table" end
  if type(value) == "function" then return "a function" end
  return tostring(value)
end

-- A wrong argument is the caller's mistake, told at the pack's line that called, `level` frames up
-- (this function's caller is 1), naming the argument and what it must be: the form of outcomes'
-- and arbiter.define's checks. A right argument costs a type() and no more.
local function refuse(function_name, what, wanted, value, level)
  error(("words.%s: %s must be %s, not %s"):format(function_name, what, wanted, words.shown(value)), level + 1)
end

local function expect(value, wanted, function_name, what, level)
  if type(value) ~= wanted then refuse(function_name, what, "a " .. wanted, value, level + 1) end
end

-- joined's work, its arguments checked (quoted's list is its own).
local function join(list, last)
  local n = #list
  if n < 2 then return list[1] or "" end
  return table.concat(list, ", ", 1, n - 1) .. " " .. last .. " " .. list[n]
end

--- "a, b or c" (`last`: the word before the last item).
function words.joined(list, last)
  expect(list, "table", "joined", "the list (argument 1)", 2)
  expect(last, "string", "joined", "the conjunction (argument 2)", 2)
  for i = 1, #list do
    local item = list[i]
    if type(item) ~= "string" then
      if type(item) ~= "number" then refuse("joined", ("item %d of the list (argument 1)"):format(i), "a string", item, 2) end
      if #list == 1 then return tostring(item) end
    end
  end
  return join(list, last)
end

--- "'a', 'b' or 'c'".
function words.quoted(list, last)
  expect(list, "table", "quoted", "the list (argument 1)", 2)
  if last ~= nil then expect(last, "string", "quoted", "the conjunction (argument 2)", 2) end
  local out = {}
  for i, v in ipairs(list) do out[i] = ("'%s'"):format(v) end
  return join(out, last or "or")
end

--- " (did you mean 'Sword'?)" for the candidates near `wanted`, or `otherwise` ("" unless given).
--- Only the candidates that are strings are words to suggest: a table's keys may be any value.
function words.hint(wanted, candidates, otherwise)
  expect(candidates, "table", "hint", "the candidates (argument 2)", 2)
  if otherwise ~= nil then expect(otherwise, "string", "hint", "what to give otherwise (argument 3)", 2) end
  local near = {}
  if type(wanted) == "string" then
    local names = {}
    for _, candidate in ipairs(candidates) do
      if type(candidate) == "string" then names[#names + 1] = candidate end
    end
    near = registry.nearest(wanted, names)
  end
  if #near == 0 then return otherwise or "" end
  return (" (did you mean %s?)"):format(words.quoted(near))
end

--- "must be a whole number, not \"two\"".
function words.must(expected, value)
  expect(expected, "string", "must", "what it must be (argument 1)", 2)
  return ("must be %s, not %s"):format(expected, words.shown(value))
end

--- "must be one of \"melee\", \"ranged\", not \"meele\" (did you mean 'melee'?)": what a value that
--- is none of `allowed` must be, with the nearest of them ("must be \"hit\", …" when there is one),
--- and `about` them when given ("one of \"melee\", \"ranged\" with a profile").
function words.must_be_one_of(allowed, value, about)
  expect(allowed, "table", "must_be_one_of", "the values allowed (argument 1)", 2)
  if allowed[1] == nil then
    error("words.must_be_one_of: the values allowed (argument 1) must be a list of one value or more, not an empty list", 2)
  end
  if about ~= nil then expect(about, "string", "must_be_one_of", "what they are about (argument 3)", 2) end
  local listed = {}
  for i, v in ipairs(allowed) do listed[i] = words.shown(v) end
  local expected = (#listed == 1 and listed[1] or "one of " .. table.concat(listed, ", ")) .. (about and " " .. about or "")
  return ("must be %s, not %s"):format(expected, words.shown(value)) .. words.hint(value, allowed)
end

return words
