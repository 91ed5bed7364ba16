---@meta log
-- `log`: the fight's record. Every change and roll is an event with a type, the round / phase /
-- turn it happened in, its cause and its own named fields; the host writes them as JSON Lines
-- and narrates them through templates a pack can override.

---@class log.Event
---@field seq integer 1 for the first event
---@field type string "status_applied", "moved", "roll", or a pack's own ("wound")
---@field round integer
---@field phase integer
---@field turn integer
---@field cause string
---@field fields table<string, any>

log = {}

---Records an event of the pack's own. Inside an action it is proposed with the action's other
---changes and recorded when the action commits (never, if the action fails).
---@param type string
---@param fields? table<string, any> named facts: finite numbers, strings, booleans, lists, characters (as their names); an empty table inside is logged as an empty list `[]`
---@param cause? string "Aldric attacks Orc #2"
function log.event(type, fields, cause) end

---The events of the running phase, oldest first; only those of `type` when given. What a ruleset
---tallies when the phase ends (Platemail: the Wounds from every hit of the phase). A misspelt
---type (`"atack"`) is an error naming the nearest known one, as for `f:events` (arbiter-fight.lua).
---@param type? string
---@return log.Event[]
function log.phase_events(type) end

---The last `count` events (default 10), oldest first.
---@param count? integer
---@return log.Event[]
function log.recent(count) end

---Sets how events of a type are narrated: `{field}` is one of the event's fields, or round,
---phase, turn, cause or type; `{{` and `}}` write braces. `type` may be `"status_applied:Prone"`:
---the sentence of one status's events of that type, told instead of the type's own.
---@param type string
---@param template string "{target} takes {wounds} wounds ({cause})"
function log.narrate(type, template) end

---An event's sentence by its number.
---@param seq integer
---@return string
function log.render(seq) end

---Where the flow is now.
---@return integer round
---@return integer phase
---@return integer turn
function log.position() end

