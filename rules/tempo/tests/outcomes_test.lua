-- arbiter.outcomes, checked on the source's own tables. The reference: Recover Stamina.
local test = require "arbiter.test"
local arbiter = require "arbiter"
local outcomes = require "arbiter.outcomes"

local recover = arbiter.tables.actions_data["Recover Stamina"].outcomes

test.case("Recover Stamina: thresholds 0, -1, -2, -3, -4, -6, -8, -9, -13 give the full allocation, 11, 10, 8, 6, 4, 3, 2, 1 AP, else 0", function()
  local expected = { [3] = "full", [0] = "full", [-1] = 11, [-2] = 10, [-3] = 8, [-4] = 6, [-5] = 4, [-6] = 4, [-7] = 3,
                     [-8] = 3, [-9] = 2, [-10] = 1, [-13] = 1, [-14] = 0, [-100] = 0 }
  for result, regain in pairs(expected) do
    test.equal(outcomes.lookup(recover, result).regain, regain, "result " .. result)
  end
  test.equal(outcomes.lookup(recover, -14).outcome, "Failure")
  test.equal(outcomes.lookup(recover, -13).outcome, "Reduced AP Recovery: 1")
  test.equal(outcomes.lookup(recover, 0).outcome, "Success")
end)

test.case("a looked-up row is a copy with the outcome, the threshold reached and the result", function()
  local row = outcomes.lookup(recover, -5)
  test.equal({ row.outcome, row.threshold, row.result, row.regain }, { "Reduced AP Recovery: 4", -6, -5, 4 })
  test.equal(outcomes.lookup(recover, -99).threshold, -math.huge, "'-' is below everything")
end)

test.case("a table without '-' gives nil below its lowest row", function()
  test.equal(outcomes.lookup({ { 8, "Success" } }, 7), nil)
  test.equal(outcomes.lookup({ { 8, "Success" } }, 8).outcome, "Success")
end)

test.case("thresholds that are stats of the target: 'Target: Combat Defence (Armoured)' reads combat_defence_armoured", function()
  test.equal(outcomes.stat_key("Target: Combat Defence (Armoured)"), "combat_defence_armoured")
  test.equal(outcomes.stat_key("Combat Defence"), "combat_defence")
  local melee = arbiter.tables.actions_data["Melee Attack"].outcomes
  local orc = { stats = { combat_defence = 2, combat_defence_armoured = 5 } }
  test.equal(outcomes.lookup(melee, 1, orc).outcome, "Miss")
  test.equal(outcomes.lookup(melee, 2, orc).outcome, "Hit")
  test.equal(outcomes.lookup(melee, 5, orc).outcome, "Critical Hit")
  test.fails(function() outcomes.lookup(melee, 5, { stats = {} }) end, "combat_defence")
  test.fails(function() outcomes.lookup(melee, 5) end, "no target")
end)

test.case("thresholds that meet: the later row wins (an unarmoured target: every hit is critical)", function()
  local melee = arbiter.tables.actions_data["Melee Attack"].outcomes
  local bare = { stats = { combat_defence = 0, combat_defence_armoured = 0 } }
  test.equal(outcomes.lookup(melee, 0, bare).outcome, "Critical Hit")
end)

test.case("a stat function and function thresholds", function()
  local rows = { { "-", "Low" }, { "Guard", "High" }, { function(t) return t.top end, "Top" } }
  local stat = function(target, name) return target[name] end
  local t = { Guard = 3, top = 6 }
  test.equal(outcomes.lookup(rows, 4, t, stat).outcome, "High")
  test.equal(outcomes.lookup(rows, 6, t, stat).outcome, "Top")
end)

test.case("opposed: each side looks up its own result minus the other's", function()
  local parry = arbiter.tables.actions_data["Parry"].outcomes
  local melee = arbiter.tables.actions_data["Melee Attack"].outcomes
  local target = { stats = { combat_defence = 0, combat_defence_armoured = 3 } }
  local a, p = outcomes.opposed({ rows = melee, result = 7, target = target }, { rows = parry, result = 7 })
  test.equal({ a.outcome, a.result, p.outcome, p.result }, { "Hit", 0, "Bind", 0 })
  a, p = outcomes.opposed({ rows = melee, result = 5, target = target }, { rows = parry, result = 9 })
  test.equal({ a.outcome, p.outcome, p.result }, { "Miss", "Success", 4 })
  a, p = outcomes.opposed({ rows = melee, result = 9, target = target }, { rows = parry, result = 5 })
  test.equal({ a.outcome, p.outcome }, { "Critical Hit", "Failure" })
end)
