---@meta
-- What differs from standard Lua 5.4 in a pack's sandbox. Every pack has its own globals; the
-- libraries `string`, `table`, `math`, `utf8` and `coroutine` are shared and read-only; `io`,
-- `os`, `debug`, `package`, `dofile` and `loadfile` do not exist, and `string.dump` only says,
-- when called, that bytecode is never loaded in a pack. Each call into a pack has an instruction, a memory and a time budget: a call
-- from the host, and a call of a function the pack gave the registry (a hook, a `resolve`) from
-- another pack's code, which runs under the budget of the pack that wrote it, nested in the
-- caller's. Once one is spent, the call ends even if the code catches the error with `pcall`,
-- and no to-be-closed variable is closed any more (`coroutine.close` of a coroutine a spent
-- budget stopped gives `false` and why). Each coroutine made and each call counts as at least
-- 1,000 instructions; all packs together may keep twice one call's memory budget between calls.
-- Reading a name the runtime's modules do not have (`dice.rol`, `arbiter.define.acton`,
-- `test.equl`, `pool:rol()`) is an error naming the nearest one, not nil: only the names declared
-- in these files are there. Lua's own libraries read nil for what they lack, as in Lua.

---Writes its arguments, separated by tabs, to Arbiter's log under the pack's name, each line
---of a text with newlines as a line of the log (`arbiter lua` shows them on standard output).
---Other control characters are shown escaped (`\x1b`).
---@param ... any
function print(...) end

---Loads a chunk of Lua **text** (never bytecode) from a string. Without `env` the chunk runs in
---the calling pack's globals. On a syntax error returns `nil` and the message; so it does for
---bytecode, whatever the mode, and for text under a mode without "t" (`"b"`), as Lua's load does.
---@param chunk string
---@param chunkname? string
---@param mode? string "t" or "bt" (the default) load the text; "b" refuses it
---@param env? table
---@return function? chunk
---@return string? message
function load(chunk, chunkname, mode, env) end

---Loads a module: a stdlib module (`"arbiter"`, `"arbiter.registry"`) or a file of the calling
---pack: `require "tables.weapons"` runs `tables/weapons.lua` (or `tables/weapons/init.lua`) in
---the pack's folder, once, and returns what it returned. Nothing outside the pack's folder, and
---not the pack's main file (`require "init"`): it runs once, as the pack loads, and is refused.
---@param name string dotted module name: letters, digits, `_`, `-`
---@return any
function require(name) end

---Only the options that leave the collector running: `"collect"` (default), `"count"`,
---`"step"` and `"isrunning"`.
---@param option? "collect"|"count"|"step"|"isrunning"
---@param arg? integer
---@return any
function collectgarbage(option, arg) end

---As in Lua, but a metatable with `__gc` is refused: a finalizer would run outside the pack's
---budget.
---@generic T: table
---@param table T
---@param metatable? table
---@return T
function setmetatable(table, metatable) end

---As in Lua, but it cannot change the read-only tables the runtime shares between packs.
---@param table table
---@param index any
---@param value any
---@return table
function rawset(table, index, value) end
