-- What a house rule's own hook proposes is judged and charged as a sheet's order: the source's
-- "Combat actions may only be taken if you are in the appropriate status" and, on declaring, "spend
-- the associated action points"; docs/fights.md: "What the rules forbid whoever proposes it ... is
-- refused before it is declared". Each action's `allowed_by` and `cost` read its row (actions.lua).
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
