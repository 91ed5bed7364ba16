-- The functions the API declares boolean (stdlib/types/arbiter.lua: a condition's `test`, an
-- action's `ready`, `target` and `allowed_by`) return true or false. Another value, which Lua takes
-- as true (`return me.stats.wounds`: 0 is true), is an error at the function's line, as a hook's
-- wrong answer is; nothing at all from `allowed_by` or `target` (a forgotten `return`) is said as
-- such, not "the rules do not let Ana Zap now".
local arbiter = require "arbiter"
local test = require "arbiter.test"
local fight = require "arbiter.fight"

local function sides()
  return fight.new { map = { width = 4, height = 1 }, dice = {}, characters = {
    { name = "Ana", side = "red", at = "A1" },
    { name = "Cy", side = "green", at = "C1" },
    { name = "Bo", side = "blue", at = "B1" } } }
end

local function ana_orders(sheet)
  local f = sides()
  f:round("Ana:\n  1: " .. sheet .. "\nCy:\n  1: Wait\nBo:\n  1: Wait\n")
  return f
end

local function refusals(f)
  local out = {}
  for _, e in ipairs(f:events("order_refused")) do out[#out + 1] = e.fields.reason end
  return out
end

test.case("a condition's test returning 0 or \"no\" is an error at its line, not a condition that holds", function()
  arbiter.define.condition("I am wounded", { test = function(me) return 0 end })
  test.fails(function() ana_orders('IF I am wounded THEN Strike -> "Bo" ELSE Wait') end,
    "returns_test.lua:30: condition 'I am wounded': its 'test' function must return true or false, not 0")
  arbiter.override.condition("I am wounded", { test = function(me) return "no" end })
  test.fails(function() ana_orders('IF I am wounded THEN Strike -> "Bo" ELSE Wait') end,
    "returns_test.lua:33: condition 'I am wounded': its 'test' function must return true or false, not \"no\"")
  -- Nothing is false, as Lua takes it.
  arbiter.override.condition("I am wounded", { test = function(me) end })
  test.equal(ana_orders('IF I am wounded THEN Strike -> "Bo" ELSE Wait'):has("Bo", "Fallen"), false)
end)

test.case("an action's ready function returning 1 is an error at its line", function()
  arbiter.define.action("Brace", { ready = function(me) return 1 end, resolve = function() end })
  test.fails(function() ana_orders("Brace") end,
    "returns_test.lua:42: action 'Brace': its 'ready' function must return true or false, not 1")
end)

test.case("allowed_by returning nothing is said as such; returning \"yes\", an error at its line", function()
  arbiter.define.action("Zap", { resolve = function() end, allowed_by = function(me) end })
  test.equal(refusals(ana_orders("Zap")), { "allowed_by returned nothing: return true, or false and why" })
  arbiter.override.action("Zap", { resolve = function() end, allowed_by = function(me) return false end })
  test.equal(refusals(ana_orders("Zap")), { "the rules do not let Ana Zap now" })
  arbiter.override.action("Zap", { resolve = function() end, allowed_by = function(me) return "yes" end })
  test.fails(function() ana_orders("Zap") end,
    "returns_test.lua:52: action 'Zap': its 'allowed_by' function must return true or false, not \"yes\"")
end)

test.case("a target function returning nothing is said as such; returning \"yes\", an error at its line", function()
  arbiter.define.action("Poke", { needs_target = true, resolve = function() end, target = function(me, t) end })
  test.equal(refusals(ana_orders('Poke -> "Bo"')), { "target returned nothing: return true, or false and why" })
  arbiter.override.action("Poke", { needs_target = true, resolve = function() end,
    target = function(me, t) return "yes" end })
  test.fails(function() ana_orders('Poke -> "Bo"') end,
    "returns_test.lua:61: action 'Poke': its 'target' function must return true or false, not \"yes\"")
end)
