-- A house rule's status that gates actions (docs/writing-actions.md): Prone, which a Trip gives.
local test = require "arbiter.test"
local arbiter = require "arbiter"
local bout = require "tests.bout"

arbiter.define.status("Prone", {})
arbiter.patch.table("actions_data", {
  ["Trip"] = { kind = "proactive", cost = 3, statuses = { "On Guard" }, check = true,
               outcomes = { { "-", "Failure" }, { 2, "Success", them = "Prone" } } },
})
arbiter.define.action("Trip", { needs_target = true, target = "enemy",
                                resolve = function(ctx) return arbiter.hooks.exchange(ctx) end })

-- Round 1: Ana trips Bo (the check rolls `trip`).
local function tripped(dice)
  local f = bout.new({}, {}, dice)
  f:round [[
    Ana:
      1: Trip -> my opponent
    Bo:
  ]]
  return f
end

local function applied(f, cause)
  local out = {}
  for _, e in ipairs(f:events("status_applied")) do
    if e.cause == cause then out[#out + 1] = e.fields.target .. " " .. e.fields.status end
  end
  return out
end

test.case("a character Prone at a round's end is Prone in the next: statuses are given only when combat begins", function()
  local f = tripped({ 5 })
  test.truthy(f:has("Bo", "Prone"))
  test.falsy(f:has("Bo", "On Guard"))
  f:round [[
    Ana:
    Bo:
  ]]
  test.truthy(f:has("Bo", "Prone"))
  test.falsy(f:has("Bo", "On Guard"))
  test.equal(applied(f, "combat begins"), { "Ana On Guard", "Bo On Guard" }, "only in round 1")
end)
