-- A house rule's action with a row of actions_data is Ready as the row's tag says, as Platemail's
-- own are ("Ready/Not Ready ... (R)/(NR)"): a definition that says otherwise, or says nothing
-- (the runtime takes an action as Ready unless it says ready = false), is refused at the line
-- that defined it before anyone acts (tables_check.lua), rather than played Ready against an
-- "NR" tag: its user's shield would count, and Attacks on it would not have Favor.
local test = require "arbiter.test"
local arbiter = require "arbiter"
local duel = require "tests.support.duel"

local STILL = "Aldric:\n  1: Defend\n  2: Defend\nOrc:\n  1: Defend\n  2: Defend\n"

local function round() duel.pair({}, {}, {}):round(STILL) end

local function lunge(fields)
  fields.needs_target, fields.target = true, "enemy"
  fields.resolve = function() end
  arbiter.override.action("Lunge", fields)
end

arbiter.patch.table("actions_data", { Lunge = { group = "Combat", tag = "NR", move = { max = 10 } } })
arbiter.define.action("Lunge", { ready = false, needs_target = true, target = "enemy", resolve = function() end })

test.case("a house action tagged NR whose definition gives no ready is refused at the definition", function()
  lunge({})
  test.fails(round, "tests/house_ready_test.lua:17: action 'Lunge' gives no ready, so it is Ready, but "
                    .. "actions_data['Lunge'].tag is \"NR\": give it ready = false, as the tag says, or change the tag")
  lunge({ ready = false })
  round()
end)

test.case("a house action whose ready is the other of its tag is refused; a function is the rule's own say", function()
  arbiter.patch.table("actions_data", { Lunge = { tag = "R" } })
  lunge({ ready = false })
  test.fails(round, "tests/house_ready_test.lua:17: action 'Lunge' has ready = false, but actions_data['Lunge'].tag "
                    .. "is \"R\": give it ready = true, as the tag says, or change the tag")
  lunge({ ready = function() return false end })
  round()
  arbiter.patch.table("actions_data", { Lunge = { tag = "NR" } })
  lunge({ ready = false })
end)

test.case("an override of Platemail's own action keeps its tag's Ready only if it says so", function()
  -- Charge is (NR): an override without ready would make it Ready.
  arbiter.patch.action("Charge", { ready = true })
  test.fails(round, "tests/house_ready_test.lua:44:36: action 'Charge' has ready = true, but "
                    .. "actions_data['Charge'].tag is \"NR\"")
  arbiter.patch.action("Charge", { ready = false })
  round()
end)
