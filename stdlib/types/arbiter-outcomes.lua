---@meta arbiter.outcomes
-- `local outcomes = require "arbiter.outcomes"`: outcome tables as rule books print them, rows of
-- difficulty thresholds each naming an outcome, looked up for unopposed and opposed checks. A
-- wrong argument or row is an error at the caller's line naming it ("outcomes.lookup: row 1 of the
-- rows (argument 1) has no outcome").

local arbiter = { outcomes = {} }

---A row: { threshold, outcome, ...fields of its own (effects) }; the outcome is required. A threshold is a number, "-"
---(below everything), a stat of the target ("Combat Defence", "Target: Combat Defence") or a
---function(target) giving a number.
---@alias arbiter.outcomes.Row table

---A looked-up row: a copy of the row with the outcome's name, the threshold reached as a number
---(-math.huge for "-") and the result compared.
---@class arbiter.outcomes.Found
---@field outcome string
---@field threshold number
---@field result number

---One side of an opposed check.
---@class arbiter.outcomes.Side
---@field rows arbiter.outcomes.Row[]
---@field result number the side's own result
---@field target? table the character whose stats stat thresholds read
---@field stat? fun(target: table, name: string): number

---The stat key a stat threshold is read under: "Target: Combat Defence (Armoured)" -> "combat_defence_armoured".
---@param name string
---@return string
function arbiter.outcomes.stat_key(name) end

---The number a threshold stands for against `target` ("-" is -math.huge). `stat` reads stat
---thresholds (default: the target's stat under `stat_key(name)`, which must be a number).
---@param threshold number|string|fun(target: table): number
---@param target? table
---@param stat? fun(target: table, name: string): number
---@return number
function arbiter.outcomes.threshold(threshold, target, stat) end

---The row `result` reaches: the highest threshold it is at least; on equal thresholds the later
---row. Nil when it is below every row (a table without "-").
---@param rows arbiter.outcomes.Row[]
---@param result number
---@param target? table
---@param stat? fun(target: table, name: string): number
---@return arbiter.outcomes.Found?
function arbiter.outcomes.lookup(rows, result, target, stat) end

---An opposed check: each side looks its own result minus the other's up in its own table.
---@param mine arbiter.outcomes.Side
---@param theirs arbiter.outcomes.Side
---@return arbiter.outcomes.Found? mine
---@return arbiter.outcomes.Found? theirs
function arbiter.outcomes.opposed(mine, theirs) end

return arbiter.outcomes
