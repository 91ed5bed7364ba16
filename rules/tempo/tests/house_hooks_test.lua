-- What a house rule's own hook proposes is judged and charged as a sheet's order: the source's
-- "Combat actions may only be taken if you are in the appropriate status" and, on declaring, "spend
-- the associated action points"; docs/fights.md: "What the rules forbid whoever proposes it ... is
-- refused before it is declared". Tempo's hooks `allowed_by` and `cost` read each action's row
-- (actions.lua), a house rule's action's too.
local test = require "arbiter.test"
local arbiter = require "arbiter"
local bout = require "tests.support.bout"

-- Ana's next proposal, which the house rule's `choose` takes in place of tempo's judging of her
-- sheet's entry, once: an intent of its own, or "as ordered", the entry's intent as given.
local proposed
arbiter.override.hook("choose", function(me, points, ordered, previous)
  local intent = me.name == "Ana" and proposed
  if intent then
    proposed = nil
    return intent == "as ordered" and ordered or intent
  end
  return previous(me, points, ordered)
end)

-- Ana's sheet orders one Melee Attack; the house rule's proposal is taken in its place.
local function round(f)
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
  ]]
end

test.case("a Disarm proposed for one On Guard (its row: Bound alone) is refused as the sheet's order is, no AP paid", function()
  local ordered = bout.new({}, {}, {})
  ordered:round [[
    Ana:
      1: Disarm -> my opponent
    Bo:
  ]]
  local f = bout.new({}, {}, {})
  proposed = { action = "Disarm", target = "Bo" }
  round(f)
  test.equal(bout.refused(ordered), { "Ana cannot Disarm: On Guard" })
  test.equal(bout.refused(f), bout.refused(ordered), "the same reason as the sheet's order")
  test.equal(bout.declared(f), {}, "no Disarm declared, nor its AP paid")
end)

test.case("an intent proposed without a cost pays its row's AP Cost: a Melee Attack By Weapon, a Sword's 4", function()
  local f = bout.new({}, {}, { 5, 3 })
  proposed = { action = "Melee Attack", target = "Bo" }
  round(f)
  test.equal(bout.declared(f)[1], "Ana Melee Attack 8")
  local told = table.concat(f:narration(), "\n")
  test.truthy(told:find("Ana: Melee Attack → Bo (4 AP: 12 → 8)", 1, true), told)
end)

test.case("a Disarm proposed for one Bound is taken, and pays By Weapon", function()
  local f = bout.new({ guard = "Bound" }, { guard = "Bound" }, { 1 })
  proposed = { action = "Disarm", target = "Bo" }
  round(f)
  test.equal(bout.declared(f)[1], "Ana Disarm 8")
end)

test.case("the sheet's order as given, taken by a house rule's `choose` without tempo's judging, pays its row's AP Cost", function()
  local f = bout.new({}, {}, { 5, 3 })
  proposed = "as ordered"
  round(f)
  test.equal(bout.declared(f)[1], "Ana Melee Attack 8")
end)

-- A house rule's own action with its row, as the walkthrough's Lunge (docs/writing-actions.md): the
-- Thrust. Its definition gives neither `allowed_by` nor `cost`: tempo's hooks of those names judge
-- and charge it by its row, as they do tempo's own actions, whoever proposes it.
arbiter.patch.table("actions_data", {
  ["Thrust"] = { kind = "proactive", cost = 5, statuses = { "On Guard" }, weapon = "melee", melee_weapon = true,
                 outcomes = { { "-", "Miss", me = "Off Guard" }, { 4, "Hit", damage = "armour" } } },
})
arbiter.define.action("Thrust", { needs_target = true, target = "enemy",
                                  resolve = function(ctx) return arbiter.hooks.exchange(ctx) end })

test.case("a house rule's action proposed for one Off Guard (its row: On Guard alone) is refused as the sheet's order is", function()
  local ordered = bout.new({ guard = "Off Guard" }, {}, {})
  ordered:round [[
    Ana:
      1: Thrust -> my opponent
    Bo:
  ]]
  local f = bout.new({ guard = "Off Guard" }, {}, {})
  proposed = { action = "Thrust", target = "Bo" }
  round(f)
  test.equal(bout.refused(ordered), { "Ana cannot Thrust: Off Guard" })
  test.equal(bout.refused(f), bout.refused(ordered), "the same reason as the sheet's order")
  test.equal(bout.declared(f), {}, "no Thrust declared, nor its AP paid")
end)

test.case("a house rule's action proposed without a cost pays its row's AP Cost, 5", function()
  local f = bout.new({}, {}, { 2 })
  proposed = { action = "Thrust", target = "Bo" }
  round(f)
  test.equal(bout.declared(f)[1], "Ana Thrust 7")
end)

test.case("a house rule's action without a melee weapon (its row: melee_weapon) is refused, as the sheet's order is", function()
  local f = bout.new({ weapon = "Unarmed" }, {}, {})
  proposed = { action = "Thrust", target = "Bo" }
  round(f)
  test.equal(bout.refused(f), { "Ana cannot Thrust: no melee weapon" })
end)

-- "You only spend action points on counter-tempo actions if the action you're replacing cost more
-- than your original action; in this case, you pay the difference in cost": a house rule's `respond`
-- that takes Ana's next entry, a CT Parry (By Weapon: 4) replacing her Melee Attack (4), as an intent
-- of its own that gives no cost.
test.case("a counter-tempo action a house rule's `respond` returns without a cost pays the difference in cost: 0", function()
  arbiter.override.hook("respond", function(who, declared, points, ordered, previous)
    if who.name == "Ana" and declared.reaction then return { action = "CT Parry", target = declared.actor } end
    return previous(who, declared, points, ordered)
  end)
  local f = bout.new({}, {}, { 5, 5 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: CT Parry
    Bo:
      ON Melee Attack: Counter-Attack
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 8", "Bo Counter-Attack 8", "Ana CT Parry 8" })
end)

-- A reaction "taken on your opponent's turn in response to their actions" is no turn's action: a
-- sheet's turn entry of it is refused as the sheets are read, and a house rule's `choose` that
-- returns it is an error at the hook's line, for the same reason.
test.case("a reaction a house rule's `choose` returns as a turn's action is refused at the hook, as the sheet's entry is", function()
  local sheet = test.fails(function()
    bout.new({}, {}, {}):round [[
      Ana:
        1: Parry
      Bo:
    ]]
  end, "it is not taken on one's turn")
  -- "'Parry' answers another's action (Melee Attack, Unarmed Attack, …), it is not taken on one's turn"
  local reason = sheet:match("'Parry' answers another's action %b(), it is not taken on one's turn")
  test.truthy(reason, sheet)
  proposed = { action = "Parry", target = "Bo" }
  test.fails(function() round(bout.new({}, {}, {})) end,
    "house_hooks_test.lua:13: the choose hook returns Ana's next action on its turn, but " .. reason)
end)

-- "A feint that draws a Parry in response may be replaced with a Counter-Attack with a +3 bonus": a
-- replacement, which "Declare Counter-Tempo Action" charges "the difference in cost", as a sheet's
-- entry of it pays (tempo.response). A house rule's `respond` that returns Ana's orders as intents of
-- its own, without their costs, leaves them to the hook `cost`.
local function respond_without_cost()
  arbiter.override.hook("respond", function(who, declared, points, ordered, previous)
    if who.name == "Ana" and ordered then return { action = ordered.action, target = declared.actor } end
    return previous(who, declared, points, ordered)
  end)
end

test.case("a Counter-Attack a house rule's `respond` returns in place of a parried Feint, without a cost, pays the difference: 0", function()
  respond_without_cost()
  local f = bout.new({}, {}, { 5, 5, 3 })
  f:round [[
    Ana:
      1: Feint -> my opponent
      2: Counter-Attack
    Bo:
      ON Melee Attack: Parry
  ]]
  -- Feint and Counter-Attack By Weapon, a Sword's 4 each.
  test.equal(bout.declared(f), { "Ana Feint 8", "Bo Parry 8", "Ana Counter-Attack 8" })
end)

test.case("a Counter-Attack a house rule's `respond` returns on another's turn pays its row's AP Cost, whatever Ana's Feint drew", function()
  respond_without_cost()
  -- Ana's Feint 9 draws Bo's Parry (1: it fails) and is not replaced; on Bo's turn she answers his
  -- Melee Attack with a Counter-Attack: "taken on your opponent's turn", no replacement of hers.
  local f = bout.new({}, {}, { 9, 1, 5, 5, 3, 3 })
  f:round [[
    Ana:
      1: Feint -> my opponent
      ON Melee Attack: Counter-Attack
    Bo:
      1: Melee Attack -> my opponent
      ON Melee Attack: Parry
  ]]
  -- Ana recovers her full 12 at her turn's end ("Recover Stamina"), then pays 4.
  test.equal(bout.declared(f), { "Ana Feint 8", "Bo Parry 8", "Bo Melee Attack 4", "Ana Counter-Attack 8" })
end)
