-- A name that names nothing, given to a function that looks it up, is an error at the caller's line
-- naming the nearest: it would otherwise answer as if it named nothing (allowed, no one, no events).
-- And the flow's levers that belong to a phase are refused between phases, saying when they work.
local test = require "arbiter.test"
local fight = require "arbiter.fight"

-- Ana, who takes her turn first, and Bo; turns-demo rolls no dice.
local function duel(ana_stats)
  return fight.new { map = { width = 4, height = 1 }, dice = {}, characters = {
    { name = "Ana", side = "a", at = "A1", stats = ana_stats or { speed = 5 } },
    { name = "Bo", side = "b", at = "B1" } } }
end

test.case("status.allows of an action nobody defined is an error naming the nearest, not an allowed action", function()
  local f = duel()
  test.equal(f:within(function() return status.allows("Ana", "Strike") end), true)
  local message = test.fails(function() f:within(function() return status.allows("Ana", "Strik") end) end)
  test.truthy(message:find("names_test.lua:%d+: there is no action named 'Strik'; did you mean 'Strike'%?$"), message)
end)

test.case("f:events of a type near one the fight knows is an error naming it, not an empty list", function()
  local f = duel()
  f:round()
  test.equal(#f:events("turn_over"), 2)
  local message = test.fails(function() f:events("turn_ovr") end)
  test.truthy(message:find("names_test.lua:%d+: there is no event type named 'turn_ovr'; did you mean 'turn_over'%?$"),
    message)
  test.equal(#f:events("parried"), 0, "a type of the pack's own that has not happened yet is no mistake")
end)

test.case("world.characters of a side no one is on names the sides, nearest first", function()
  local f = duel()
  test.equal(#f:within(function() return world.characters("a") end), 1)
  test.fails(function() f:within(function() return world.characters("orcs") end) end,
    "there is no side named 'orcs'; the sides are, nearest first: 'a', 'b'")
end)

test.case("flow.react of an action nobody defined fails the action at the react's line, naming the nearest", function()
  local f = duel { speed = 5, signals = "Wiat" }
  test.fails(function() f:round() end, "Ana's Signal failed in round 1")
  local failed = f:failures()[1]
  test.equal(failed.fields.action, "Signal")
  test.truthy(failed.fields.error:find("init.lua:%d+: there is no action named 'Wiat'; did you mean 'Wait'%?$"),
    failed.fields.error)
  local declared = f:events("declared")
  test.equal({ declared[1].fields.action, declared[2].fields.action }, { "Signal", "Strike" },
    "no reaction was declared after the Signal")
end)

test.case("flow.spend and flow.react between phases are errors saying when they may be called", function()
  local f = duel()
  f:round()
  local declared = #f:events("declared")
  test.fails(function() f:within(function() flow.spend("Ana", 2) end) end,
    "flow.spend may be called only while a phase runs")
  test.fails(function() f:within(function() flow.react("Ana", "Wait") end) end,
    "flow.react may be called only while a phase runs")
  test.equal(#f:events("declared"), declared, "no reaction was declared between the rounds")
end)

test.case("flow.points between phases is an error saying when it may be called, not the points of no phase", function()
  local f = duel()
  f:round()
  test.fails(function() f:within(function() return flow.points("Ana") end) end,
    "flow.points may be called only while a phase runs")
end)
