---@meta dice
-- `dice`: every roll goes through the dice source of the running fight or tool — the seeded
-- generator, scripted dice in a test, or a GM rolling at a prompt — with a reason that says what
-- it is for. Expressions use the dice notation of docs/dice.md (`4d6kh3`, `10d10>=8`, `3d6!`).

---@class dice.RolledDie
---@field die string the die rolled: "d6", "dF", "armellian"
---@field value integer its value (after explosions, penetration and min/max)
---@field symbol string? its symbol, on symbol dice
---@field fate "kept"|"dropped"|"rerolled" within the die's own term
---@field role "count"|nil "count": rolled for how many dice another term rolls (the 1d4 of `(1d4)d6`), so no part of the total
---@field exploded boolean whether it exploded
---@field counted "success"|"failure"|"success and failure"|nil how a compare point after the dice counted it (a die meeting both the success and the `f` point counts +1 − 1 = 0)

---@class dice.Roll
---@field total integer
---@field text string the roll on one line: "4d6kh3 = [6, 5, 3, 1 dropped] = 14"
---@field expr string the expression in canonical notation
---@field reason string why it was rolled
---@field dice dice.RolledDie[] every die, in the order rolled
---@field counts table<string, integer> kept dice by symbol: { Sword = 2, Wyld = 1 }

---An exact probability distribution (computed in floating point).
---A chance is 0 only for what cannot happen and 1 only for what cannot fail: one a number rounds
---to 0 is the smallest number above 0, one it rounds to 1 the largest below 1.
---@class dice.Distribution
local Distribution = {}

---The probability of exactly `value`.
---@param value integer
---@return number
function Distribution:p(value) end

---The probability of `value` or more.
---@param value integer
---@return number
function Distribution:at_least(value) end

---The probability of `value` or less.
---@param value integer
---@return number
function Distribution:at_most(value) end

---The mean of the rolls that are made (not those the explosion depth cap refuses).
---@return number
function Distribution:mean() end

---The standard deviation of the rolls that are made.
---@return number
function Distribution:stddev() end

---The probability of the rolls the explosion depth cap refuses, a die at the cap that would
---explode again (0 without explosions): the values' probabilities add up to 1 minus it.
---@return number
function Distribution:cut_off() end

---Every possible value with its probability, lowest first.
---@return { value: integer, p: number }[]
function Distribution:values() end

---One roll of a pool: statistics read from the same dice.
---@class dice.PoolRoll
local PoolRoll = {}

---@return integer
function PoolRoll:highest() end

---@return integer
function PoolRoll:lowest() end

---@return integer
function PoolRoll:sum() end

---How many dice show `face` ("10", 10 or "Sword").
---@param face string|integer
---@return integer
function PoolRoll:count(face) end

---@return { die: string, value: integer, face: string }[]
function PoolRoll:dice() end

---@return string text "[d6: 1, d10: 10, d10: 7]"
function PoolRoll:text() end

---Mixed dice rolled together, e.g. a Heimr check's 1d6 and 5d10.
---@class dice.Pool
local Pool = {}

---Rolls every die of the pool through the current dice source. In a fight the roll is logged
---(a `roll` event, its text "1d6, 5d10 = [d6: 1, d10: 10, …]") and shown like any other.
---@param reason string? what the roll is for
---@return dice.PoolRoll
function Pool:roll(reason) end

---The exact distribution of `rule` applied to statistics of one roll of the pool. `rule` is
---called once per combination of the statistics' values, e.g. for a Heimr check with C 5, P 6:
---`pool:distribution({"highest", "count:10"}, function(high, tens) return high + math.max(0, tens - 1) + 6 end)`.
---@param statistics ("highest"|"lowest"|"sum"|string)[] "count:FACE" counts the dice showing FACE
---@param rule fun(...: integer): integer
---@return dice.Distribution
function Pool:distribution(statistics, rule) end

dice = {}

---Rolls `expr` through the current dice source. In a fight the roll is logged (a `roll` event with
---its expression, dice, total and text) and shown by the runtime's narration unless the pack's
---`narration` table silences `roll`: "Aldric attacks Orc #2: 1d20 = [12] = 12", a roll without a
---reason as the roll alone. `expr` is text: a number (`dice.roll(6)`) is an error, not a constant.
---A function that judges yes or no (an action's `allowed_by` or `target`, a condition's test, a
---target's find) may not roll, nor may a pool roll there: it is judged more than once, and each
---roll would be logged and move the dice on (an error at its line).
---@param expr string e.g. "1d20+5", "4d6kh3", "5d[armellian]=Sword"
---@param reason string? what the roll is for: "Aldric attacks Orc #2"
---@return dice.Roll
function dice.roll(expr, reason) end

---The exact distribution of `expr` (text, as dice.roll's).
---@param expr string
---@return dice.Distribution
function dice.distribution(expr) end

---`expr` (text, as dice.roll's) in canonical notation ("1d6+2" is "1d6 + 2"), or nil and what is
---wrong with it: 'dice expression "d6x", column 4: explosions are written with ! …'. Nothing is
---rolled: for a pack that checks an expression it was given before anything rolls it.
---@param expr string
---@return string? canonical
---@return string? mistake
function dice.parse(expr) end

---Registers a die, written `d[name]` afterwards. Faces are symbols (strings) or whole numbers.
---@param name string letters, digits and `_`
---@param faces (string|integer)[] e.g. {"Sword", "Shield", "Sun", "Moon", "Wyld", "Rot"}
function dice.define(name, faces) end

---A pool of mixed dice rolled together. Each entry is plain dice: one with keep or drop (`4d6kh3`),
---a reroll, an explosion, min, max or a count of successes is an error, as the rule reads the pool
---(every die it rolled is in `PoolRoll:dice()`; none is dropped).
---@param entries string[] plain dice: {"1d6", "5d10"}
---@return dice.Pool
function dice.pool(entries) end
