---@meta status
-- `status`: statuses a pack defines and the runtime applies, stacks, counts down and removes,
-- logging every change. A status may forbid actions, allow only some, and change rolls.

---No other fields: a misspelt one (`amont`) or an amount that is not a whole number is an error at the defining line.
---@class status.Modifier
---@field roll string which rolls, in the ruleset's words ("attack", "attacks against")
---@field amount integer per stack, a whole number (required)
---@field reason string shown with the roll ("Prone")

---No other fields: an unknown one is an error at the defining line, with the nearest field (every mistake of the definition told at once, naming the status and each value given).
---@class status.Definition
---@field name? string the name it is defined under, which it always has: another is an error at the defining line (a status is changed by override or patch under its own name)
---@field stacking? "refresh"|"stack"|"ignore"|"independent"|"longer" applying it again: restart the duration (default), add a stack, do nothing, add a separate instance, or keep the longer of what remains and the new duration
---@field max_stacks? integer for "stack" only (default 1): a whole number from 1 to 1000000. Given without stacking = "stack" it would count nothing, and is an error at the defining line
---@field unit? "rounds"|"phases"|"turns"|"until removed" default "until removed". One the flow never counts down ("turns", which only sequential phases have, under a flow of simultaneous phases) would never end: an error at the line that gave it, once every pack has loaded
---@field duration? integer how many units: a whole number from 0 to 1000000 (a fraction, a negative number, NaN or more is an error at the defining line, never cut to fit). Only with a unit that counts down ("rounds", "phases", "turns"): given with "until removed", the default, it is an error
---@field expires? "start"|"end" counted down at the start or the end of the unit (default "end")
---@field clock? "owner"|"source" whose turn or phase counts it down (default "owner")
---@field allows? string[] if given, the only actions allowed (`{ "Escape" }`: nothing but Escape). The tempo pack does not use it: each action's row says which statuses allow it
---@field forbids? string[] actions it forbids. Here and in `allows`, an action nobody defined is an error when the fight starts
---@field modifiers? status.Modifier[] a list, `{ { roll = "attack", amount = -2, reason = "Prone" } }`: one modifier's fields without the list around them are an error at the defining line

---@class status.Application
---@field source? string|world.Character who caused it
---@field duration? integer instead of the definition's ("Dazed for next 1d4 Actions"): a whole number from 0 to 1000000, else an error at the call naming the value. Only for a status with a unit that counts down: given to one that lasts until removed, it is an error at the call
---@field cause? string for the log

status = {}

---Applies a status by its stacking rule and logs it. A status nobody defined, a duration that is
---not a whole number from 0 to 1000000 or given to a status that lasts until removed, or an unknown
---field of `how` is an error at the call, inside an action too (before it commits).
---@param target string|world.Character
---@param name string
---@param how? status.Application
function status.apply(target, name, how) end

---Removes every instance of a status; false when the character did not have it. A status nobody
---defined is an error at the call.
---@param target string|world.Character
---@param name string
---@param cause? string
---@return boolean removed
function status.remove(target, name, cause) end

---Whether the character has the status. A status nobody defined is an error at the call, with the
---nearest name: a misspelt one would otherwise always answer false.
---@param target string|world.Character
---@param name string
---@return boolean
function status.has(target, name) end

---Whether the character's statuses let it take an action, and if not, why. An action nobody
---defined (`"Strik"`, or `"strike"` for Strike) is an error at the call, with the nearest name:
---a misspelt one would otherwise always be allowed.
---@param who string|world.Character
---@param action string
---@return boolean allowed
---@return string? because "Dazed does not allow Charge"
function status.allows(who, action) end

---The modifiers the character's statuses put on a roll, each with its reason, and their sum. A roll
---no status modifies has none; one near a roll some status modifies (`"atack"`) is an error at the
---call, naming it: a misspelt one would otherwise find no modifier.
---@param who string|world.Character
---@param roll string
---@return { amount: integer, reason: string }[] modifiers
---@return integer total
function status.modifiers(who, roll) end

