-- `local words = require "arbiter.words"`: the phrases a pack's messages are made of, so that a
-- house rule's mistake reads the same in every ruleset ("must be a whole number, not \"two\"",
-- "(did you mean 'Sword'?)"). Tempo's rows.lua and Platemail's tables_check.lua use them: a value
-- that must be one of a few words is told with the nearest of them, wherever it is checked.
local registry = require "arbiter.registry"

local words = {}

--- A value as a message shows it: a string quoted, a table as "a table".
function words.shown(value)
  if type(value) == "string" then return ("%q"):format(value) end
  if type(value) == "table" then return "a table" end
  return tostring(value)
end

--- "a, b or c" (`last`: the word before the last item).
function words.joined(list, last)
  if #list < 2 then return list[1] or "" end
  return table.concat(list, ", ", 1, #list - 1) .. " " .. last .. " " .. list[#list]
end

--- "'a', 'b' or 'c'".
function words.quoted(list, last)
  local out = {}
  for i, v in ipairs(list) do out[i] = ("'%s'"):format(v) end
  return words.joined(out, last or "or")
end

--- " (did you mean 'Sword'?)" for the candidates near `wanted`, or `otherwise` ("" unless given).
--- Only the candidates that are strings are words to suggest: a table's keys may be any value.
function words.hint(wanted, candidates, otherwise)
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
function words.must(expected, value) return ("must be %s, not %s"):format(expected, words.shown(value)) end

--- "must be one of \"melee\", \"ranged\", not \"meele\" (did you mean 'melee'?)": what a value that
--- is none of `allowed` must be, with the nearest of them ("must be \"hit\", …" when there is one),
--- and `about` them when given ("one of \"melee\", \"ranged\" with a profile").
function words.must_be_one_of(allowed, value, about)
  local listed = {}
  for i, v in ipairs(allowed) do listed[i] = words.shown(v) end
  local expected = (#listed == 1 and listed[1] or "one of " .. table.concat(listed, ", ")) .. (about and " " .. about or "")
  return words.must(expected, value) .. words.hint(value, allowed)
end

return words
