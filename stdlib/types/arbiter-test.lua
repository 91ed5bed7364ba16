---@meta arbiter.test
-- `local test = require "arbiter.test"`: a small test framework for a pack's tests/*.lua,
-- run by `arbiter test PACK`. Each file runs against freshly loaded packs; each case runs on
-- its own, with its own budget. A failed check names the line of the test file, what was
-- expected and what came instead. `what`, where given, names the checked thing in the message.

local arbiter = { test = {} }

---Registers a test case; `body` runs later, alone. Any error or failed check fails it, a failed check
---even when a pcall catches its error. Cases are registered at the top level of the file: one
---registered while a case runs is an error that fails that case.
---@param name string what the case shows, as a sentence: "a tie misses"
---@param body fun()
function arbiter.test.case(name, body) end

---The cases registered so far, in order, as the runner runs them (a copy: asking forgets none).
---@return { name: string, body: fun() }[]
function arbiter.test.cases() end

---Checks that `actual` equals `expected`; tables must have the same keys and values, recursively.
---A failure names the first place they differ, with both values there: `a.c[2]: expected 4, got 3`,
---`["Shield Wall"]: expected nil, got { group = "Combat", tag = "R" }`. Two strings longer than 40
---bytes, or on several lines, are shown where they first differ (character, line, column), with the
---text around it in each, one above the other. Two different numbers that print alike are shown
---with the digits that tell them apart: `expected 0.3, got 0.30000000000000004`.
---@param actual any
---@param expected any
---@param what? string
function arbiter.test.equal(actual, expected, what) end

---Checks that a number is within `tolerance` (default 1e-9, not negative) of `expected`. NaN is near
---no value, itself included.
---@param actual number
---@param expected number
---@param tolerance? number
---@param what? string
function arbiter.test.near(actual, expected, tolerance, what) end

---Checks that `value` is neither nil nor false.
---@param value any
---@param what? string
function arbiter.test.truthy(value, what) end

---Checks that `value` is nil or false.
---@param value any
---@param what? string
function arbiter.test.falsy(value, what) end

---Checks that calling `body` raises an error whose message contains `text` (plain text, not a pattern),
---and returns the message. A failed check raised in `body` is such an error: expected, it does not
---fail the case.
---@param body fun()
---@param text? string
---@param what? string
---@return string message
function arbiter.test.fails(body, text, what) end

---Fails the case with a message.
---@param message string
function arbiter.test.fail(message) end

return arbiter.test
