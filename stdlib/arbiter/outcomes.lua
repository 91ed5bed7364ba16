-- Outcome tables: rows of difficulty thresholds, each naming an outcome, as rule books print them.
--
--   local outcomes = require "arbiter.outcomes"
--   local parry = { { "-", "Failure" }, { 0, "Bind", both_bound = true }, { 1, "Success" } }
--   outcomes.lookup(parry, 0).outcome            --> "Bind"
--   local melee = { { "-", "Miss" }, { "Target: Combat Defence", "Hit" },
--                   { "Target: Combat Defence (Armoured)", "Critical Hit" } }
--   outcomes.lookup(melee, 7, orc).outcome       --> reads orc.stats.combat_defence ...
--   local mine, theirs = outcomes.opposed({ rows = melee, result = 9, target = orc },
--                                         { rows = parry, result = 6, target = me })
--
-- A row is { threshold, outcome, ...any fields of its own (effects) }. A threshold is a number,
-- "-" (below everything: the row every result reaches), a stat of the target ("Combat Defence",
-- "Target: Combat Defence") or a function(target) giving a number. The result reaches the row
-- with the highest threshold it is at least; on equal thresholds the later row wins (a table
-- whose "Hit" and "Critical Hit" meet, for an unarmoured target, gives the better one).
local outcomes = {}

-- Globals read on every lookup, as locals: a global is looked up through the environment to the
-- shared globals (a metamethod at each read), a local is a register.
local error, ipairs, pairs, type = error, ipairs, pairs, type

local BELOW_EVERYTHING = -math.huge

-- A value as a message tells it: a string quoted.
local function shown(value)
  return type(value) == "string" and ("%q"):format(value) or tostring(value)
end

-- A wrong argument is the caller's mistake: told at the pack's line, `level` frames up (this
-- function's caller is 1), naming the argument and what it must be. The checks cost a
-- type() each while the arguments are right: lookup runs for every attack.
local function refuse(function_name, what, wanted, value, level)
  error(("outcomes.%s: %s must be %s, not %s"):format(function_name, what, wanted, shown(value)), level + 1)
end

local function expect(value, wanted, function_name, what, level)
  if type(value) ~= wanted then refuse(function_name, what, "a " .. wanted, value, level + 1) end
end

-- The keys worked out so far, by threshold name: a table names a few thresholds and reads them on
-- every lookup.
local stat_keys = {}

local function stat_key(name, function_name, level)
  local key = stat_keys[name]
  if key == nil then
    expect(name, "string", function_name, "the threshold's name (argument 1)", level + 1)
    key = name:gsub("^%s*[Tt]arget:%s*", "")
    key = key:lower():gsub("[()]", ""):gsub("[^%w]+", "_"):gsub("^_+", ""):gsub("_+$", "")
    stat_keys[name] = key
  end
  return key
end

---The key a stat threshold is read under: "Target: Combat Defence (Armoured)" ->
---"combat_defence_armoured".
function outcomes.stat_key(name) return (stat_key(name, "stat_key", 2)) end

-- How a message names a threshold: of row `row` of the table `what`, or (no row) `what` itself.
-- Made only for a message: a lookup builds no text while its rows are right.
local function threshold_name(row, what)
  if row == nil then return what end
  return ("the threshold of row %d of %s"):format(row, what)
end

-- The number a threshold stands for against `target`. A mistake is told at the frame `level` up
-- (counting this function's caller as 1, as every helper here counts), naming the threshold by
-- `row` and `what` (threshold_name).
local function threshold_value(threshold, target, stat, function_name, row, what, level)
  if threshold == "-" then return BELOW_EVERYTHING end
  local kind = type(threshold)
  if kind == "number" then return threshold end
  local value
  if kind == "function" then
    value = threshold(target)
    if type(value) ~= "number" then
      error(("outcomes.%s: %s is a function, which must give a number, not %s"):format(function_name,
        threshold_name(row, what), shown(value)), level + 1)
    end
  elseif kind == "string" then
    if stat ~= nil then
      value = stat(target, threshold)
      if type(value) ~= "number" then
        refuse(function_name, ("the stat function's value for %s '%s'"):format(threshold_name(row, what), threshold),
          "a number", value, level + 1)
      end
    else
      if target == nil then
        error(("outcomes.%s: %s '%s' is a stat of the target, and there is no target"):format(function_name,
          threshold_name(row, what), threshold), level + 1)
      end
      local key = stat_key(threshold, function_name, level + 1)
      value = (target.stats or target)[key]
      if type(value) ~= "number" then
        error(("outcomes.%s: %s '%s' needs the target's stat '%s', a number; it is %s"):format(function_name,
          threshold_name(row, what), threshold, key, shown(value)), level + 1)
      end
    end
  else
    refuse(function_name, threshold_name(row, what), "a number, '-', a stat's name or a function", threshold, level + 1)
  end
  return value
end

---The number a threshold stands for against `target`. `stat(target, name)` reads stat thresholds
---(default: the target's stat under `outcomes.stat_key(name)`).
function outcomes.threshold(threshold, target, stat)
  if stat ~= nil then expect(stat, "function", "threshold", "the stat function (argument 3)", 2) end
  -- Not a tail call: the caller's frame must stay for the level to reach it.
  return (threshold_value(threshold, target, stat, "threshold", nil, "the threshold (argument 1)", 2))
end

-- lookup's work, the arguments checked: a mistake in `rows` (named by `what`) is told `level` frames up.
local function lookup(rows, result, target, stat, function_name, what, level)
  local best, best_at
  for i, row in ipairs(rows) do
    if type(row) ~= "table" then
      refuse(function_name, ("row %d of %s"):format(i, what), "a table { threshold, outcome, ... }", row, level + 1)
    end
    if row[2] == nil then
      error(("outcomes.%s: row %d of %s has no outcome: a row is { threshold, outcome, ... }"):format(function_name, i,
        what), level + 1)
    end
    local at = threshold_value(row[1], target, stat, function_name, i, what, level + 1)
    if result >= at and (best_at == nil or at >= best_at) then best, best_at = row, at end
  end
  if best == nil then return nil end
  local found = {}
  for key, value in pairs(best) do found[key] = value end
  found.outcome, found.threshold, found.result = best[2], best_at, result
  return found
end

---The row `result` reaches, with its threshold as a number: a copy of the row with `outcome`,
---`threshold` and `result` set. Nil when the result is below every row (a table without "-").
function outcomes.lookup(rows, result, target, stat)
  expect(rows, "table", "lookup", "the rows (argument 1)", 2)
  expect(result, "number", "lookup", "the result (argument 2)", 2)
  if stat ~= nil then expect(stat, "function", "lookup", "the stat function (argument 4)", 2) end
  return (lookup(rows, result, target, stat, "lookup", "the rows (argument 1)", 2))
end

-- A side's fields named only in a message: an opposed check runs for every attack.
local function expect_side(side, what, level)
  if type(side) ~= "table" then refuse("opposed", what, "a table", side, level + 1) end
  if type(side.rows) ~= "table" then refuse("opposed", what .. ".rows", "a table", side.rows, level + 1) end
  if type(side.result) ~= "number" then refuse("opposed", what .. ".result", "a number", side.result, level + 1) end
  local stat = side.stat
  if stat ~= nil and type(stat) ~= "function" then refuse("opposed", what .. ".stat", "a function", stat, level + 1) end
end

---An opposed check: "subtract your opponent's result from your result before comparing against
---the outcome table", and the opponent likewise. Each side is { rows, result, target, stat? }.
---Returns each side's row (as outcomes.lookup).
function outcomes.opposed(mine, theirs)
  expect_side(mine, "mine (argument 1)", 2)
  expect_side(theirs, "theirs (argument 2)", 2)
  local my_row = lookup(mine.rows, mine.result - theirs.result, mine.target, mine.stat, "opposed", "mine.rows", 2)
  local their_row = lookup(theirs.rows, theirs.result - mine.result, theirs.target, theirs.stat, "opposed",
    "theirs.rows", 2)
  return my_row, their_row
end

return outcomes
