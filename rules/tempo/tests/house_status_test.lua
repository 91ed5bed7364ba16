-- A house rule's status that gates actions (docs/writing-actions.md, "A status of your own"):
-- Prone, which a Trip gives and only Get Up allows, Getting Up leaves one On Guard. Such a status
-- is one of these rules' statuses, as the source's five are: a character has exactly one of them,
-- keeps it from round to round, and changes it through outcomes (`me`, `them`).
local test = require "arbiter.test"
local arbiter = require "arbiter"
local bout = require "tests.support.bout"

arbiter.define.status("Prone", {})
arbiter.patch.table("actions_data", {
  ["Get Up"] = { kind = "proactive", cost = 2, statuses = { "Prone" }, check = false, against = "none",
                 outcomes = { { "-", "Success", me = "On Guard" } } },
  -- No `check`: like every entry of the source but Move, Aim and Ready, it has an Action Check.
  ["Trip"] = { kind = "proactive", cost = 3, statuses = { "On Guard" },
               outcomes = { { "-", "Failure" }, { 2, "Success", them = "Prone" } } },
})
arbiter.define.action("Get Up", { target = "none", resolve = function(ctx) return arbiter.hooks.exchange(ctx) end })
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

test.case("a row without `check` has an Action Check, as the source's entries do: the Trip rolls", function()
  local f = tripped({ 5 })
  test.equal(bout.exchanges(f), { "Ana Trip (1d10 5 = 5; Success)" })
  test.equal(arbiter.tables.actions_data["Melee Attack"].check, nil, "nor is `check = true` written into the source's rows")
end)

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

test.case("Prone allows only the actions whose rows name it: Bo cannot attack until he Gets Up, On Guard", function()
  local f = tripped({ 5, 6, 2 })
  f:round [[
    Ana:
    Bo:
      1: Melee Attack -> my opponent
      2: Get Up
      3: Melee Attack -> my opponent
  ]]
  test.equal(bout.refused(f), { "Bo cannot Melee Attack: Prone" })
  test.equal(bout.declared(f), { "Ana Trip 9", "Bo Get Up 10", "Bo Melee Attack 6" })
  test.equal(bout.exchanges(f), { "Ana Trip (1d10 5 = 5; Success)", "Bo Get Up (no check: 0; Success)",
                                  "Bo Melee Attack (1d10 6 = 6; Critical Hit); Ana takes 2 (1d6 2)" })
  test.equal(bout.guards(f), { "Ana On Guard", "Bo On Guard" })
  test.falsy(f:has("Bo", "Prone"), "Getting Up On Guard ends Prone, as any status these rules give ends the one before")
end)

test.case("a house status may start the fight (stat `guard`) and have its own action without orders (rules.default_action)", function()
  arbiter.patch.table("rules", { default_action = { ["Prone"] = "Get Up" } })
  -- The starting guard is one of the encounter table's list: the house rule adds its status to it.
  arbiter.patch.table("encounter", { stats = { guard = { [6] = "Prone" } } })
  local f = bout.new({}, { guard = "Prone", ap = 2 }, {})  -- AP for the Get Up only
  f:round [[
    Ana:
  ]]
  test.equal(bout.declared(f), { "Bo Get Up 0" })
  test.equal(bout.guards(f), { "Ana On Guard", "Bo On Guard" })
end)

test.case("a row may name any status the rules define: one they do not is an error at the house rule's line, with the nearest", function()
  local function round() tripped({}) end
  arbiter.patch.table("actions_data", { ["Get Up"] = { statuses = { "Prne" } } })
  test.fails(round, "tempo/tests/house_status_test.lua:90:69: actions_data['Get Up'].statuses[1] names 'Prne', "
                    .. "which is no status the rules define (did you mean 'Prone'?)")
  arbiter.patch.table("actions_data", { ["Get Up"] = { statuses = { "Prone" } } })
  arbiter.patch.table("actions_data", { ["Trip"] = { outcomes = { { "-", "Failure" }, { 2, "Success", them = "Sprawled" } } } })
  test.fails(round, "tempo/tests/house_status_test.lua:94:103: actions_data['Trip'].outcomes[2].them names 'Sprawled', "
                    .. "which is no status the rules define: define it with arbiter.define.status(\"Sprawled\", {})")
  arbiter.patch.table("actions_data", { ["Trip"] = { outcomes = { { "-", "Failure" }, { 2, "Success", them = "Prone" } } } })
end)

test.case("Recover Stamina's row says who recovers: Prone is not in its Allowed Status, until a house rule adds it", function()
  -- Ana trips Bo in her turn; at the end of his own, Bo, Prone, recovers nothing, and is told so.
  local function recovered(f)
    local out = {}
    for _, e in ipairs(f:events("recover")) do out[#out + 1] = e.fields.character end
    for _, e in ipairs(f:events("no_recovery")) do out[#out + 1] = e.fields.text end
    return out
  end
  test.equal(recovered(tripped({ 5 })), { "Ana", "Bo cannot Recover Stamina: Prone" })
  arbiter.patch.table("actions_data", { ["Recover Stamina"] = { statuses = { [6] = "Prone" } } })
  test.equal(recovered(tripped({ 5 })), { "Ana", "Bo" })
end)
