---@meta arbiter.registry
-- `require "arbiter.registry"`: the registry's primitives, which the `arbiter` module wraps.
-- Pack authors normally use `arbiter` instead; these take the kind as their first argument.

local arbiter = { registry = {
  ---The kinds of definition, in order.
  ---@type arbiter.Kind[]
  kinds = {},
} }

---The read-only table of a kind's definitions by name (what `arbiter.tables`, `arbiter.actions`…
---are): reading an unknown name is an error naming the nearest ones.
---@param kind arbiter.Kind
---@return table<string, table|function>
function arbiter.registry.view(kind) end

---Defines `name` of `kind`; the value is copied, so changing it afterwards changes nothing.
---@param kind arbiter.Kind
---@param name string
---@param value table|function
function arbiter.registry.define(kind, name, value) end

---Replaces a definition wholesale. A function replacing a function (a hook, an action's `resolve`,
---a function in a table at the same place) receives the replaced one as its last argument.
---@param kind arbiter.Kind
---@param name string
---@param value table|function
function arbiter.registry.override(kind, name, value) end

---Merges `fields` into a definition, recording every field changed.
---@param kind arbiter.Kind
---@param name string
---@param fields table
function arbiter.registry.patch(kind, name, fields) end

---The current value (read-only), or nil when nothing of that kind and name is defined.
---@param kind arbiter.Kind
---@param name string
---@return table|function|nil
function arbiter.registry.get(kind, name) end

---The current value (read-only); an unknown name is an error naming the nearest ones.
---@param kind arbiter.Kind
---@param name string
---@return table|function
function arbiter.registry.require(kind, name) end

---The names defined for a kind, sorted.
---@param kind arbiter.Kind
---@return string[]
function arbiter.registry.names(kind) end

---Who defined and changed a definition, in order.
---@param kind arbiter.Kind
---@param name string
---@return arbiter.Change[]
function arbiter.registry.history(kind, name) end

---A number that changes with every define, override and patch (arbiter.revision).
---@return integer
function arbiter.registry.revision() end

---Adds a check the runtime runs whenever the definitions have changed (arbiter.add_check).
---@param check fun() a function written in Lua
function arbiter.registry.add_check(check) end

---The candidates close enough to `wanted` to be a misspelling of it, nearest first (arbiter.nearest).
---@param wanted string
---@param candidates string[]
---@return string[]
function arbiter.registry.nearest(wanted, candidates) end

---Where a field is written in the call that made a change (arbiter.field_location).
---@param location string
---@param field string
---@return string
function arbiter.registry.field_location(location, field) end

return arbiter.registry
