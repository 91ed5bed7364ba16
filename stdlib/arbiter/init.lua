-- The rules registry as pack authors use it:
--
--   local arbiter = require "arbiter"
--   arbiter.define.table("wounds", { max = 3 })          -- a new definition
--   arbiter.patch.table("wounds", { max = 4 })           -- change some fields (house rules)
--   arbiter.override.hook("attack_bonus", function(attacker, previous)
--     return previous(attacker) + 1                      -- replace, reusing what it replaces
--   end)
--   local max = arbiter.tables.wounds.max                -- read (read-only)
--
-- Every change is recorded with the pack and line that made it (`arbiter explain` shows them).
local registry = require "arbiter.registry"
local words = require "arbiter.words"

local arbiter = { define = {}, override = {}, patch = {}, kinds = registry.kinds }

-- One view per kind: arbiter.actions, arbiter.statuses, arbiter.tables, arbiter.conditions,
-- arbiter.targets, arbiter.hooks. Reading a name nobody defined is an error naming the
-- nearest defined ones, so a typo never passes silently as nil. Like every stdlib module,
-- they are read-only: definitions change only through define, patch and override.
local plurals = { status = "statuses" }

-- What the registry's C functions would refuse as Lua's "bad argument #2 to 'define'" at this
-- file's line is refused here, at the pack's line that called, `level` frames up (the caller of
-- this function is 1), naming the function and the argument. The registry checks the definition.
local function refuse(function_name, what, wanted, got, level)
  error(("arbiter.%s: %s must be %s, not %s"):format(function_name, what, wanted, words.shown(got)), level + 1)
end

local is_kind = {}
for _, kind in ipairs(registry.kinds) do is_kind[kind] = true end

-- The kind and name a reading function is given (arbiter.exists "action" was refused inside this
-- file, and a number as the name passed as a name nobody defined).
local function expect_definition(function_name, kind, name, level)
  if not is_kind[kind] then
    error(("arbiter.%s: the kind (argument 1) %s"):format(function_name, words.must_be_one_of(registry.kinds, kind)),
      level + 1)
  end
  if type(name) ~= "string" then refuse(function_name, "the name (argument 2)", "a string", name, level + 1) end
end

-- What a definition is made from (define's third argument), `level` frames up: the part of a
-- definition that exists, named as arbiter.last_change takes it, which `arbiter explain` shows.
local made_from_fields = { kind = true, name = true, field = true }
local function expect_made_from(function_name, made_from, level)
  if made_from == nil then return end
  if type(made_from) ~= "table" then
    refuse(function_name, "made_from (argument 3)", "a table { kind = ..., name = ..., field = ... }", made_from,
      level + 1)
  end
  for key in pairs(made_from) do
    if not made_from_fields[key] then
      error(("arbiter.%s: made_from has no field %s%s"):format(function_name, words.shown(key),
        words.hint(key, { "kind", "name", "field" })), level + 1)
    end
  end
  if not is_kind[made_from.kind] then
    error(("arbiter.%s: made_from's kind %s"):format(function_name, words.must_be_one_of(registry.kinds, made_from.kind)),
      level + 1)
  end
  if type(made_from.name) ~= "string" then
    refuse(function_name, "made_from's name", "a string", made_from.name, level + 1)
  end
  if made_from.field ~= nil and type(made_from.field) ~= "string" then
    refuse(function_name, "made_from's field", "a string or nil", made_from.field, level + 1)
  end
  if registry.get(made_from.kind, made_from.name) == nil then
    error(("arbiter.%s: made_from names no %s '%s' a pack defines%s"):format(function_name, made_from.kind,
      made_from.name, words.hint(made_from.name, registry.names(made_from.kind))), level + 1)
  end
end

for _, kind in ipairs(registry.kinds) do
  arbiter.define[kind] = function(name, value, made_from)
    if type(name) ~= "string" then refuse("define." .. kind, "the name (argument 1)", "a string", name, 2) end
    expect_made_from("define." .. kind, made_from, 2)
    registry.define(kind, name, value, made_from)
  end
  arbiter.override[kind] = function(name, value)
    if type(name) ~= "string" then refuse("override." .. kind, "the name (argument 1)", "a string", name, 2) end
    registry.override(kind, name, value)
  end
  arbiter.patch[kind] = function(name, fields)
    if type(name) ~= "string" then refuse("patch." .. kind, "the name (argument 1)", "a string", name, 2) end
    if type(fields) ~= "table" then refuse("patch." .. kind, "the fields to change (argument 2)", "a table", fields, 2) end
    registry.patch(kind, name, fields)
  end
  arbiter[plurals[kind] or kind .. "s"] = registry.view(kind)
end

--- Whether a definition of this kind and name exists.
function arbiter.exists(kind, name)
  expect_definition("exists", kind, name, 2)
  return registry.get(kind, name) ~= nil
end

--- The names defined for a kind, sorted.
arbiter.names = registry.names

--- A number that changes with every define, override and patch: what a pack works out from
--- definitions once (a check of its tables) is to be worked out again when it moves.
arbiter.revision = registry.revision

--- Adds a check of the definitions (a pack's check of its tables): the runtime calls it, with no
--- arguments, once every pack has loaded and, in a fight, before it next calls into the packs
--- whenever a definition has changed since (arbiter.revision). It is no definition: no pack can
--- replace or skip it. An error it raises stops what was running, as a hook's does. Checks are
--- added as packs load (registry.add_check refuses one later).
function arbiter.add_check(check)
  if type(check) ~= "function" then
    error(("arbiter.add_check: the check must be a function, not %s"):format(
      type(check) == "string" and ("%q"):format(check) or tostring(check)), 2)
  end
  registry.add_check(check)
end

--- Who defined and changed a definition, in order.
arbiter.history = registry.history

-- Whether a change of the field `changed` ("Parry", "Parry.statuses[2]") changed `field` ("Parry.statuses").
local function touches(changed, field)
  local function within(inner, outer)
    local next = inner:sub(#outer + 1, #outer + 1)
    return outer == "" or inner == outer or (inner:sub(1, #outer) == outer and (next == "." or next == "["))
  end
  return within(changed, field) or within(field, changed)
end

--- The last change that set `field` of a definition ("Sword.melee.wounds"; nil or "" for the whole of it):
--- where a pack's check of its tables tells a mistake, at the line of the pack that made it. nil
--- when none is recorded.
function arbiter.last_change(kind, name, field)
  expect_definition("last_change", kind, name, 2)
  if field ~= nil and type(field) ~= "string" then
    refuse("last_change", "the field (argument 3)", "a string or nil", field, 2)
  end
  field = field or ""
  local history = registry.history(kind, name)
  for i = #history, 1, -1 do
    local change = history[i]
    local found = change.operation ~= "patched"
    for _, f in ipairs(change.fields) do found = found or touches(f.field, field) end
    if found then return change end
  end
end

--- Where `field` ("Full Plate.absorb") is written in the table given to the call at `location` (a
--- change's): "file:line:column", or `location` when the call writes none of its keys. It reads the
--- file: for an error only.
arbiter.field_location = registry.field_location

--- The candidates close enough to `wanted` to be a misspelling of it, nearest first (at most
--- three): the runtime's own "did you mean", for a pack's messages.
arbiter.nearest = registry.nearest

return arbiter
