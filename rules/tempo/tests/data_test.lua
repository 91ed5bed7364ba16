-- The source's actions as data: each entry's AP Cost, Allowed Status, Response To and
-- Replacement For, and the outcome tables' thresholds.
local test = require "arbiter.test"
local arbiter = require "arbiter"

local data = arbiter.tables.actions_data

test.case("every action of the source is there, with its type", function()
  local kinds = {}
  for name, d in pairs(data) do kinds[d.kind] = (kinds[d.kind] or 0) + 1 end
  test.equal(kinds, { proactive = 14, reactive = 9, ["counter-tempo"] = 2, special = 1 })
end)

test.case("AP Cost: numbers, or By Weapon", function()
  local costs = {}
  for _, name in ipairs { "Aim", "Move", "Combat Move", "Escape", "Pin", "Ready", "Unarmed Attack", "Withdraw",
                          "Dodge", "Evade", "Retreat", "Struggle", "Recover Stamina", "Parry", "Feint" } do
    costs[#costs + 1] = data[name].cost
  end
  test.equal(costs, { 4, 2, 3, 3, 3, 1, 3, 2, 2, 2, 3, 3, 0, "By Weapon", "By Weapon" })
end)

test.case("Response To and Replacement For, as the source lists them", function()
  test.equal(data["Counter-Attack"].response_to, { "Move", "Combat Move", "Melee Attack", "Unarmed Attack" })
  test.equal(data["Counter-Fire"].response_to, { "Aim", "Move", "Combat Move" })
  test.equal(data["Double"].response_to, { "Disarm", "Grapple", "Press", "Withdraw" })
  test.equal(data["Struggle"].response_to, { "Escape", "Pin", "Unarmed Attack" })
  test.equal(data["CT Parry"].replacement_for, { "Feint", "Melee Attack" })
  test.equal(data["CT Counter-Attack"].response_to, { "Counter-Attack" })
end)

test.case("Opposable (blank in the source): what some reaction answers, worked out, never written", function()
  local tempo = require "tempo"
  test.truthy(tempo.row("Melee Attack").opposable)
  test.truthy(tempo.row("Counter-Attack").opposable, "a CT action answers it")
  test.falsy(tempo.row("Ready").opposable)
  test.truthy(tempo.row("Ranged Attack").opposable, "Dodge answers it")
  test.equal(data["Melee Attack"].opposable, nil)
end)

test.case("tempo.row of a name with no row names the nearest row", function()
  local tempo = require "tempo"
  test.fails(function() tempo.row("Melee Atack") end, "no row 'Melee Atack' in actions_data (did you mean 'Melee Attack'?)")
end)

test.case("thresholds: Combat Move 1 and 10, Disarm and Grapple 8, Parry 0 and 1", function()
  local function thresholds(name)
    local out = {}
    for _, row in ipairs(data[name].outcomes) do out[#out + 1] = row[1] end
    return out
  end
  test.equal(thresholds("Combat Move"), { "-", 1, 10 })
  test.equal(thresholds("Disarm"), { "-", 8 })
  test.equal(thresholds("Grapple"), { "-", 8 })
  test.equal(thresholds("Parry"), { "-", 0, 1 })
  test.equal(thresholds("Melee Attack"), { "-", "Target: Combat Defence", "Target: Combat Defence (Armoured)" })
end)

test.case("the defaults for what the source leaves open are tables a house rule can patch", function()
  test.equal(arbiter.tables.rules.check, { dice = "1d10", stat = "skill" })
  test.equal(arbiter.tables.weapons["Sword"].cost, 4)
  test.equal(arbiter.tables.armour["Mail"].cover, 8)
  arbiter.patch.table("rules", { base_combat_movement = 4 })
  test.equal(arbiter.tables.rules.base_combat_movement, 4)
end)

test.case("an encounter's stat these rules do not read is refused with the nearest: a misspelt initiative would be 0", function()
  local fight = require "arbiter.fight"
  test.fails(function()
    fight.new { map = { width = 4, height = 1 },
                characters = { { name = "Ana", side = "a", at = "A1", stats = { initative = 3 } } } }
  end, "Ana has a stat 'initative' that the rules do not read (did you mean 'initiative'?)")
end)

test.case("a test's f:stat of a stat these rules read is nil until set; one they do not read is an error naming the nearest", function()
  local f = require("arbiter.fight").new { map = { width = 4, height = 1 },
    characters = { { name = "Ana", side = "a", at = "A1", stats = { guard = "On Guard", skill = 2 } } } }
  test.equal(f:stat("Ana", "skill"), 2)
  test.equal(f:stat("Ana", "wounds"), nil, "no wound yet: the encounter table's stats name it")
  test.fails(function() f:stat("Ana", "wonds") end, "there is no stat named 'wonds'; did you mean 'wounds'?")
  local message = test.fails(function() f:stat("Ana", "gaurd") end)
  test.truthy(message:find("data_test.lua:%d+: there is no stat named 'gaurd'; did you mean 'guard'%?$"), message)
  test.fails(function() f:stat("Ana", "toughness") end,
    "there is no stat named 'toughness'; the stats are, nearest first: ", "a stat near none, which a house rule would add")
end)
