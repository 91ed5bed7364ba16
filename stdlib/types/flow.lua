---@meta flow
-- `flow`: where the fight is and what each character is doing. A ruleset declares its phases
-- in the table `flow` (docs/fights.md); the runtime runs them and asks the ruleset's actions and
-- hooks at every step. Only inside a fight: elsewhere every function is an error.

---What a character does with one action, as the flow chose it (from its orders, its default
---order, or forced on it by a hook), and what happened to it so far this phase.
---An intent a hook returns (`choose`, `respond`, `forced_action`) needs `action`; the runtime reads
---its `target`, `note`, `path`, `ready`, `cost` and `away_from`. It may be the intent the hook was
---given, whose other fields are the runtime's. Any field not listed here is an error at the hook's
---line, naming the nearest (`tagret`: did you mean 'target'?); so is an intent for an action that
---needs a target (`needs_target`) that gives none.
---@class flow.Intent
---@field actor world.Character
---@field action string the action's name
---@field target? world.Character
---@field ready boolean Ready through the phase (Platemail's (R) / (NR))
---@field cost integer action points (sequential phases): an intent a hook returns gives a whole number from 0 to 1000000, or none: the action's (its `cost` function's, if it has one)
---@field order string the order as written, canonical ("Charge -> closest enemy")
---@field note string how it was chosen when not plainly ordered ("no order for this phase: Defend, the default order")
---@field distance? integer the distance the order wrote before its place or target, in feet (`Move 10' -> "Orc"`: 10): `path` goes no farther; nil when it wrote none
---@field away_from? string the cell the order moves away from (`Move away from "Bo"`: where Bo stood when it was declared); nil when it moves no way away from anyone. An intent a hook returns (`choose`, `respond`, `forced_action`) may give it, as a ruleset that plans the way itself keeps it
---@field way_not_followed? string the way the order wrote ("15' W"), when the action must move away from hostiles and a step of it would not: `path` follows it only up to that step
---@field reaction boolean taken in answer to something, beside the chosen action
---@field start string the cell it stood in when the phase began
---@field moved number feet moved this phase
---@field halted boolean its movement was stopped
---@field carrying boolean its action carries its target (`carries_target`), and it picked the target up and carried it this phase
---@field path string[] the cells it meant to enter
---@field arguments string[] the order's words in parentheses: Prepare Spell (Fireball)
---@field responses flow.Intent[] sequential: responses declared against it, then the actor's answers
---@field round? integer in an action's context
---@field phase? integer in an action's context

---A meeting while everyone moves, as the ruleset's hook `movement(event)` is given it: its answer
---says who stops (docs/fights.md, hooks). The world still shows every cell of the phase's start
---until everyone has moved: the cells here are where the two are at this step.
---@class flow.MoveEvent
---@field kind "swap"|"cross"|"head_on"|"same_cell"|"blocked"|"left_reach"|"border_limit"|"border_challenge"|"picked_up"
---@field step integer 1 for the first step of the phase (0: a `picked_up` as the phase begins)
---@field mover world.Character
---@field other? world.Character none for a border's events
---@field from string the mover's cell before this step
---@field to string the cell the mover steps into
---@field other_from? string where the other stands at this step
---@field other_to? string the cell the other steps into (its own cell when it does not step)
---@field allies boolean
---@field mover_ready boolean
---@field other_ready boolean
---@field crossed boolean `blocked`: the other moved into the cell it holds across the mover's way

---@class flow.Phase
---@field name string "1st Action Phase"
---@field kind "simultaneous"|"sequential"
---@field action_points integer
---@field number integer 1 for the first phase of the round

flow = {}

---The round, phase and turn now (0 between them).
---@return integer round
---@return integer phase
---@return integer turn
function flow.position() end

---The running phase (an error between phases).
---@return flow.Phase
function flow.phase() end

---The character's intent in the running phase (also in its phase_end hook); nil when it has none:
---out of the fight (Unconscious), or between phases.
---@param who string|world.Character
---@return flow.Intent?
function flow.intent(who) end

---The character's intent before the running phase (Platemail: "I reach the enemy", Aim).
---@param who string|world.Character
---@return flow.Intent?
function flow.previous(who) end

---Makes the character Ready or Not Ready for the rest of the phase (Crash: "end their movement
---early and become Not Ready"). Takes effect at once, even inside an action. Inside a function that
---answers yes or no (an action's `allowed_by` or `target`, a condition's test, a target's find) it is
---an error at the call, as every change is there (docs/fights.md).
---@param who string|world.Character
---@param ready boolean
function flow.set_ready(who, ready) end

---A reaction window: `who` takes `action` now, beside its chosen action (Platemail's Attack of
---Opportunity). Its changes land with the phase's. False when the action failed (logged). An
---action nobody defined is an error at the call, with the nearest name; so is a call between
---phases (round_start, round_end, between rounds), where there is nothing to react to, and one
---inside a function that answers yes or no, as flow.set_ready is.
---@param who string|world.Character
---@param action string
---@param target? string|world.Character
---@param note? string why ("Orc leaves Aldric's reach")
---@return boolean resolved
function flow.react(who, action, target, note) end

---The character's action points left in this phase. Only while a phase runs: between phases
---(round_start, round_end, between rounds) it is an error, as no phase's points are there to read.
---@param who string|world.Character
---@return integer
function flow.points(who) end

---Spends action points; a negative number gives them back (Recover Stamina). Only while a phase
---runs: between phases (round_start, round_end, between rounds) it is an error, as the next phase
---gives everyone its own points. `points` is a whole number from -1000000 to 1000000: a fraction
---or more is an error at the call, never cut to fit. What the character has stays from 0 to
---1000000: spending more than it has ("Ana has 11 action points; spending 50 would leave -39"), or
---giving back past 1000000, is an error at the call. A give-back may pass the phase's allocation.
---Inside a function that answers yes or no it is an error at the call, as flow.set_ready is.
---@param who string|world.Character
---@param points integer
function flow.spend(who, points) end

