---@meta arbiter.words
-- `local words = require "arbiter.words"`: the phrases a pack's messages are made of, so a house
-- rule's mistake reads the same in every ruleset. Each function checks its arguments: a wrong one
-- is an error at the caller's line naming it ("words.joined: the conjunction (argument 2) must be
-- a string, not nil").

local arbiter = { words = {} }

---A value as a message shows it: a string quoted, a table as "a table", a function as "a function".
---@param value any
---@return string
function arbiter.words.shown(value) end

---"a, b or c". Its items are strings (or numbers).
---@param list (string|number)[]
---@param last string the word before the last item: "or", "and"
---@return string
function arbiter.words.joined(list, last) end

---"'a', 'b' or 'c'".
---@param list string[]
---@param last? string the word before the last item (default "or")
---@return string
function arbiter.words.quoted(list, last) end

---" (did you mean 'Sword'?)" for the candidates near `wanted` (arbiter.nearest), or `otherwise`.
---Only the candidates that are strings are suggested (a table's keys may be any value).
---@param wanted any
---@param candidates any[]
---@param otherwise? string what to give when none is near (default "")
---@return string
function arbiter.words.hint(wanted, candidates, otherwise) end

---"must be a whole number, not \"two\"".
---@param expected string
---@param value any
---@return string
function arbiter.words.must(expected, value) end

---What a value that is none of `allowed` must be, with the nearest of them: "must be one of
---\"melee\", \"ranged\", not \"meele\" (did you mean 'melee'?)" (of one: "must be \"hit\", not …").
---@param allowed any[] the values it may be (one or more), words as a rule
---@param value any
---@param about? string what the values are, told after them ("with a profile")
---@return string
function arbiter.words.must_be_one_of(allowed, value, about) end

return arbiter.words
