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
local ipairs, pairs, type = ipairs, pairs, type

local BELOW_EVERYTHING = -math.huge

-- A wrong argument is the caller's mistake: told at the pack's line (`level` counts from the
-- function checking), naming the argument and what it must be.
local function expect(value, wanted, function_name, what, level)
  if type(value) ~= wanted then
    error(("outcomes.%s: %s must be a %s, not %s"):format(function_name, what, wanted,
      type(value) == "string" and ("%q"):format(value) or tostring(value)), level + 1)
  end
end

-- The keys worked out so far, by threshold name: a table names a few thresholds and reads them on
-- every lookup.
local stat_keys = {}

---The key a stat threshold is read under: "Target: Combat Defence (Armoured)" ->
---"combat_defence_armoured".
function outcomes.stat_key(name)
  local key = stat_keys[name]
  if key == nil then
    key = name:gsub("^%s*[Tt]arget:%s*", "")
    key = key:lower():gsub("[()]", ""):gsub("[^%w]+", "_"):gsub("^_+", ""):gsub("_+$", "")
    stat_keys[name] = key
  end
  return key
end

local function read_stat(target, name)
  if target == nil then error(("the threshold '%s' is a stat of the target, and there is no target"):format(name), 3) end
  local value = (target.stats or target)[outcomes.stat_key(name)]
  if type(value) ~= "number" then
    error(("the threshold '%s' needs the target's stat '%s', a number; it is %s"):format(
      name, outcomes.stat_key(name), tostring(value)), 3)
  end
  return value
end

---The number a threshold stands for against `target`. `stat(target, name)` reads stat thresholds
---(default: the target's stat under `outcomes.stat_key(name)`).
function outcomes.threshold(threshold, target, stat)
  if threshold == "-" then return BELOW_EVERYTHING end
  local kind = type(threshold)
  if kind == "number" then return threshold end
  if kind == "function" then return threshold(target) end
  if kind == "string" then return (stat or read_stat)(target, threshold) end
  error(("a threshold is a number, '-', a stat's name or a function, not %s"):format(kind), 2)
end

---The row `result` reaches, with its threshold as a number: a copy of the row with `outcome`,
---`threshold` and `result` set. Nil when the result is below every row (a table without "-").
function outcomes.lookup(rows, result, target, stat)
  expect(rows, "table", "lookup", "the rows (argument 1)", 2)
  expect(result, "number", "lookup", "the result (argument 2)", 2)
  local best, best_at
  for _, row in ipairs(rows) do
    local at = outcomes.threshold(row[1], target, stat)
    if result >= at and (best_at == nil or at >= best_at) then best, best_at = row, at end
  end
  if best == nil then return nil end
  local found = {}
  for key, value in pairs(best) do found[key] = value end
  found.outcome, found.threshold, found.result = best[2], best_at, result
  return found
end

---An opposed check: "subtract your opponent's result from your result before comparing against
---the outcome table", and the opponent likewise. Each side is { rows, result, target, stat? }.
---Returns each side's row (as outcomes.lookup).
function outcomes.opposed(mine, theirs)
  for _, side in ipairs({ { mine, "mine (argument 1)" }, { theirs, "theirs (argument 2)" } }) do
    local value, what = side[1], side[2]
    expect(value, "table", "opposed", what, 2)
    expect(value.rows, "table", "opposed", what .. ".rows", 2)
    expect(value.result, "number", "opposed", what .. ".result", 2)
  end
  return outcomes.lookup(mine.rows, mine.result - theirs.result, mine.target, mine.stat),
         outcomes.lookup(theirs.rows, theirs.result - mine.result, theirs.target, theirs.stat)
end

return outcomes
