-- "The Action Round": initiative, 12 AP, Recover Stamina at each turn's end, the round counter,
-- the statuses and what they allow.
local test = require "arbiter.test"
local arbiter = require "arbiter"
local bout = require "tests.support.bout"

test.case("\"12 action points to spend during each of these rounds\"; one sequential phase", function()
  local phase = arbiter.tables.flow.phases[1]
  test.equal({ phase.kind, phase.action_points }, { "sequential", 12 })
end)

test.case("turns in initiative order (default chosen: the stat `initiative`, highest first)", function()
  local f = bout.new({ guard = "Off Guard", initiative = 1 },
                     { guard = "Off Guard", initiative = 3 }, {})
  f:round [[
    Ana:
      1: Ready
    Bo:
      1: Ready
  ]]
  test.equal(bout.declared(f), { "Bo Ready 11", "Ana Ready 11" })
end)

test.case("\"In most circumstances you will begin combat in the Off Guard status\"", function()
  local g = require("arbiter.fight").new { map = { width = 4, height = 1 }, characters = {
    { name = "Cy", side = "c", at = "A1", stats = {} } } }
  g:round()
  test.truthy(g:has("Cy", "Off Guard"))
end)

test.case("Recover Stamina at each turn's end; AP spent on reactions are missing next round", function()
  -- Round 1: Ana attacks twice (12 -> 4), recovers to 12; Bo parries nothing. Bo attacks once
  -- (12 -> 8), Ana parries (12 -> 8); Bo recovers to 12. Round 2 begins: Ana has 8, Bo 12.
  local f = bout.new({},
                     { combat_defence = 20 }, { 1, 1, 5, 9, 1, 1, 1, 1 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: Melee Attack -> my opponent
      ON Melee Attack: Parry
    Bo:
      1: Melee Attack -> my opponent
  ]]
  local recovered = {}
  for _, e in ipairs(f:events("recover")) do recovered[#recovered + 1] = e.fields.character .. " " .. e.fields.points end
  test.equal(recovered, { "Ana 12", "Bo 12" })
  test.equal({ f:stat("Ana", "ap"), f:stat("Bo", "ap") }, { 8, 12 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: Melee Attack -> my opponent
      ON Melee Attack: Parry
    Bo:
      1: Melee Attack -> my opponent
  ]]
  test.equal(bout.declared(f)[5], "Ana Melee Attack 4", "round 2 starts from the 8 AP carried")
end)

test.case("Recover Stamina's check (default chosen): stamina - armour burden - wounds; Plate's 3 gives 8 AP", function()
  -- Ana in Plate attacks twice (12 -> 4): -3 is \"Reduced AP Recovery: 8\": 4 + 8 = 12, capped at 12.
  -- A third attack (12 -> 0 with a Dagger ×4) leaves 0: she recovers 8.
  local f = bout.new({ weapon = "Dagger", armour = "Plate" },
                     { combat_defence = 20 }, { 1, 1, 1, 1 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: Melee Attack -> my opponent
      3: Melee Attack -> my opponent
      4: Melee Attack -> my opponent
    Bo:
  ]]
  local e = f:events("recover")[1].fields
  test.equal({ e.result, e.outcome, e.regain, e.points }, { -3, "Reduced AP Recovery: 8", 8, 8 })
end)

test.case("\"At the end of each full round of combat, this should be increased by one\"", function()
  local f = bout.new({}, {}, {})
  f:round [[
    Ana:
    Bo:
  ]]
  f:round [[
    Ana:
    Bo:
  ]]
  local counters = {}
  for _, e in ipairs(f:events("round_counter")) do counters[#counters + 1] = e.fields.counter end
  test.equal(counters, { 1, 2 })
end)

test.case("the statuses allow the actions whose Allowed Status names them (the source's lists are blank)", function()
  local function allows(status)
    local found = {}
    for name, row in pairs(arbiter.tables.actions_data) do
      for _, s in ipairs(row.statuses) do if s == status then found[#found + 1] = name end end
    end
    table.sort(found)
    return found
  end
  test.equal(allows("Pinned"), { "Escape", "Recover Stamina" })
  test.equal(allows("Off Guard"), { "Move", "Ready", "Recover Stamina" })
  test.equal(allows("Bound"), { "Disarm", "Double", "Grapple", "Press", "Recover Stamina", "Wind", "Withdraw" })
  test.equal(allows("Grappled"), { "Escape", "Pin", "Recover Stamina", "Struggle", "Unarmed Attack" })
end)

test.case("wounds reaching health (default 10) put a character Down, out of the fight", function()
  local f = bout.new({}, { wounds = 8 }, { 5, 4 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
  ]]
  test.truthy(f:has("Bo", "Down"))
  test.equal(#f:events("recover"), 1, "Bo takes no turn")
end)

test.case("a house rule changes the check formula: 1d20 + skill", function()
  arbiter.patch.table("rules", { check = { dice = "1d20", stat = "skill" } })
  local f = bout.new({}, { armour = "Plate" }, { 15, 4 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
  ]]
  test.equal(bout.exchanges(f), { "Ana Melee Attack (1d20 15 = 15; Critical Hit); Bo takes 4 (1d6 4)" })
end)

test.case("the exchange is told before its changes: the blow, then the fall", function()
  local f = bout.new({}, { wounds = 9 }, { 5, 4 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
  ]]
  local order = {}
  for _, e in ipairs(f:events()) do
    if e.type == "exchange" or (e.type == "status_applied" and e.fields.status == "Down") then order[#order + 1] = e.type end
  end
  test.equal(order, { "exchange", "status_applied" })
  local exchange = f:events("exchange")[1].fields
  test.equal({ exchange.outcome, #exchange.reactions }, { "Critical Hit", 0 }, "unopposed: the actor's row alone")
end)

-- The narration's lines about what a turn left undone.
local function undone(f)
  local out = {}
  for _, line in ipairs(f:narration()) do
    if line:find("cannot act", 1, true) or line:find("takes no action", 1, true) then out[#out + 1] = line end
  end
  return out
end

test.case("a turn that comes at 0 AP, spent answering others, says its orders are not carried out", function()
  -- Ana attacks four times with a Dagger (3 AP each); Bo parries each (3 AP): at his turn he has none.
  local f = bout.new({ weapon = "Dagger", initiative = 5 }, { weapon = "Dagger", armour = "Leather" },
                     { 1, 9, 1, 9, 1, 9, 1, 9 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: Melee Attack -> my opponent
      3: Melee Attack -> my opponent
      4: Melee Attack -> my opponent
    Bo:
      1: Melee Attack -> my opponent
      ON Melee Attack: Parry
  ]]
  test.equal(undone(f), { "Bo cannot act (no action points left, 12 spent answering others): its order "
                          .. "(Melee Attack -> my opponent) is not carried out" })
end)

test.case("entries left when a turn's AP run out are said not to be carried out", function()
  -- Three Sword attacks (4 AP each) spend Ana's 12: the fourth is not read.
  local f = bout.new({}, { combat_defence = 20 }, { 1, 1, 1 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: Melee Attack -> my opponent
      3: Melee Attack -> my opponent
      4: Ready
    Bo:
  ]]
  test.equal(undone(f), { "Ana cannot act (no action points left): its order (Ready) is not carried out" })
end)

test.case("one felled in its own turn by the answer to its action: the entries left are said not to be carried out", function()
  -- Ana (health 10, 9 wounds already) attacks; Bo's Counter-Attack ("they can result in both
  -- parties getting hit") puts her Down, and her second attack is not made.
  local f = bout.new({ wounds = 9 }, {}, { 6, 6, 2, 3 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: Melee Attack -> my opponent
    Bo:
      ON Melee Attack: Counter-Attack
  ]]
  test.truthy(f:has("Ana", "Down"))
  test.equal(undone(f), { "Ana cannot act (Down): its order (Melee Attack -> my opponent) is not carried out" })
  -- Recover Stamina's Allowed Status: "Bound, Grappled, Off Guard, On Guard, Pinned", not Down.
  for _, e in ipairs(f:events("recover")) do test.truthy(e.fields.character ~= "Ana", "Ana, Down, recovers no stamina") end
end)

test.case("without a sheet, a turn that takes no action says why: no AP, or too few for the default", function()
  local f = bout.new({ ap = 0 }, { ap = 1 }, {})
  f:round()
  test.equal(undone(f), { "Ana takes no action: no action points left", "Bo takes no action: 4 AP needed, 1 left" })
end)

test.case("a Down character is out of the fight: not attacked (refused before paying), no turn", function()
  -- Bo's wounds already reach his health (10): he starts Down.
  local f = bout.new({}, { wounds = 10 }, {})
  f:round [[
    Ana:
      1: Melee Attack -> "Bo"
    Bo:
      1: Melee Attack -> my opponent
  ]]
  test.truthy(f:has("Bo", "Down"))
  test.equal(bout.declared(f), {})
  test.equal(bout.refused(f), { "Ana cannot Melee Attack: Bo is Down, out of the fight" })
  test.equal(#f:events("recover"), 1, "Bo takes no turn")
end)

test.case("the GM who asks (`?`) what Ana may take when her only opponent is Down is told what, and why not the rest", function()
  -- docs/fights.md: `?` lists what the character may take there. Bo starts Down: no opponent.
  local f = bout.new({}, { wounds = 10 }, {})
  f:round()
  local open, closed = f:within(function() return arbiter.hooks.actions(world.character("Ana"), 12) end)
  -- A movement with a way written goes somewhere, though no one is left to go toward.
  test.equal(open, { "Combat Move", "Move" })
  test.equal({ closed["Melee Attack"], closed["Feint"] }, { "no one to take it against", "no one to take it against" })
  -- Not a turn's action (a reaction), or not On Guard's: not asked about.
  test.equal({ closed["Parry"], closed["Ready"] }, {})
  -- Off Guard, Ready takes no target and Move a way written: both may be taken; On Guard's actions
  -- (Combat Move) are not asked about.
  local off = f:within(function()
    local ana = world.character("Ana")
    require("tempo").set_guard(ana, "Off Guard", "test")
    return arbiter.hooks.actions(ana, 12)
  end)
  test.equal(off, { "Move", "Ready" })
end)

test.case("health 0 without wounds: the wounds (none, 0) already reach it, so the fighter starts Down", function()
  -- README: "One whose encounter's `wounds` already reach `health` starts Down".
  local f = bout.new({}, { health = 0 }, {})
  f:round [[
    Ana:
    Bo:
  ]]
  test.truthy(f:has("Bo", "Down"))
  local causes = {}
  for _, e in ipairs(f:events("status_applied")) do
    if e.fields.status == "Down" then causes[#causes + 1] = e.cause end
  end
  test.equal(causes, { "0 wounds, health 0" })
end)

test.case("an encounter's AP are no more than the round's 12: 13 is refused where it is written", function()
  -- "Characters normally have 12 action points to spend during each of these rounds".
  test.fails(function() bout.new({ ap = 13 }, {}, {}) end,
             "Ana's ap must be action points: a whole number from 0 to 12, the flow's, not 13")
  bout.new({ ap = 12 }, {}, {})
end)

test.case("Recover Stamina's Success, \"You recover your full allocation\": the round's AP, 14 under a house rule, not 12", function()
  -- Ana spends all 14 (four Dagger attacks at 3, then a Move at 2); stamina 0 is a Success: 14.
  arbiter.patch.table("flow", { phases = { { action_points = 14 } } })
  local f = bout.new({ weapon = "Dagger" }, { combat_defence = 20 }, { 1, 1, 1, 1 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: Melee Attack -> my opponent
      3: Melee Attack -> my opponent
      4: Melee Attack -> my opponent
      5: Move W
    Bo:
  ]]
  test.equal(bout.declared(f)[5], "Ana Move 0")
  local e = f:events("recover")[1].fields
  test.equal({ e.character, e.outcome, e.regain, e.points }, { "Ana", "Success", 14, 14 })
  arbiter.patch.table("flow", { phases = { { action_points = 12 } } })
end)
