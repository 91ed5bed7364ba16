---@meta arbiter.fight
-- `require "arbiter.fight"`: fights inside a pack's tests, under the packs being tested, with
-- scripted dice so every roll is known. The setup is an encounter's map and characters
-- (docs/encounters.md) without `rules`.
--
--   local fight = require "arbiter.fight"
--   local f = fight.new { map = { width = 8, height = 4 },
--                         characters = { { name = "Aldric", side = "party", at = "B2", weapon = "Sword" },
--                                        { name = "Orc", side = "orcs", at = "E2", weapon = "Axe" } },
--                         dice = { 14, 3 } }
--   f:round [[
--     Aldric:
--       1: Charge -> "Orc"
--       2: Defend
--   ]]
--   test.equal(f:stat("Orc", "wounds"), 1)

---@class arbiter.fight.Setup
---@field map table the encounter's map: width, height, scale, metric, walls, borders, terrain
---@field characters table[] the encounter's characters: name, side, at, stats, equipment, count
---@field dice? (integer|string)[] the values rolled, in order (a roll past the end is an error; values left unrolled when the case ends are warned of, as `run --dice` does)
---@field seed? integer seeded dice instead (default 1)

---@class arbiter.fight.Event
---@field seq integer
---@field type string
---@field round integer
---@field phase integer
---@field turn integer
---@field cause string
---@field fields table<string, any>

---@class arbiter.fight.Fight
local Fight = {}

---Checks `sheet` (the orders for the next round) as `arbiter run` does, then plays the round.
---Characters without orders take the ruleset's default order. A starting value the rules refuse
---(`world.encounter_error`) is told at the caller's line, as `fight.new`'s own mistakes are.
---An action that fails in the round (an error in its `resolve`) is an error here, raised once the
---round is played, with the action's error: the case ends at this line. A case that expects one
---plays the round inside `test.fails`, then reads the fight (`f:failures()`).
---@param sheet? string
function Fight:round(sheet) end

---The actions that failed so far (`action_failed` events: fields character, action, error), each
---of which `f:round` raised.
---@return arbiter.fight.Event[]
function Fight:failures() end

---A stat of a character now (nil when it has none). When the rules name the stats they read (the
---`encounter` table's `stats`), a name that is none of them, no equipment slot and no character's
---stat is an error with the nearest names: a misspelt one (`"wonds"`) would always answer nil.
---@param character string
---@param stat string
---@return any
function Fight:stat(character, stat) end

---Whether a character has a status now. A status nobody defined is an error with the nearest
---names, as in `status.has`: a misspelt one would always answer false.
---@param character string
---@param status string
---@return boolean
function Fight:has(character, status) end

---The cell a character stands in.
---@param character string
---@return string label
function Fight:cell(character) end

---Every sentence narrated so far, in order.
---@return string[]
function Fight:narration() end

---The events of the log so far, of one type when given (`"action_failed"`: the failures, as
---`f:failures()` gives them). A type the fight does not know but near one it knows is an error naming
---it (`"exchang"`: did you mean 'exchange'?), as it would find nothing: a type is known when the
---runtime logs it, a pack narrates it (its `narration` table, `log.narrate`) or this fight has
---logged it. One near none of these may be a type of the pack's that has not happened yet: `{}`.
---@param type? string
---@return arbiter.fight.Event[]
function Fight:events(type) end

---Calls `fn` with the runtime modules (`world`, `flow`, `status`, `log`, `dice`) on this fight.
---@param fn function
---@param ... any its arguments
---@return any ... what it returns
function Fight:within(fn, ...) end

local fight = {}

---A fight under the packs loaded for the test.
---@param setup arbiter.fight.Setup
---@return arbiter.fight.Fight
function fight.new(setup) end

return fight
