-- House rules as docs/packs.md has them: a pack patches the tables and overrides the hooks, and
-- the change takes effect wherever the rules use it. Each case makes the change it tests, which
-- lasts to the end of this file (each test file runs on a fresh load of the packs).
local test = require "arbiter.test"
local arbiter = require "arbiter"
local bout = require "tests.support.bout"

test.case("an override of the hook `exchange` plays every proactive action's exchange", function()
  arbiter.override.hook("exchange", function(ctx, previous)
    log.event("house_exchange", { action = ctx.action })
    return previous(ctx)
  end)
  local f = bout.new({}, {}, { 5, 3 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
  ]]
  test.equal(#f:events("house_exchange"), 1)
  test.equal(bout.exchanges(f), { "Ana Melee Attack (1d10 5 = 5; Critical Hit); Bo takes 3 (1d6 3)" })
end)

test.case("the round's AP are one entry: patched to 10, the round gives 10 and Recover Stamina refills up to 10", function()
  arbiter.patch.table("flow", { phases = { { action_points = 10 } } })
  local f = bout.new({}, {}, { 5, 3 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 6" })
  local recovered = {}
  for _, e in ipairs(f:events("recover")) do recovered[#recovered + 1] = e.fields.points end
  test.equal(recovered, { 10, 10 }, "stamina 0: a Success, \"your full allocation\"")
  arbiter.patch.table("flow", { phases = { { action_points = 12 } } })
end)

test.case("a patch of an action's row widens its Allowed Status everywhere: a kick from a bind is judged, paid and played", function()
  arbiter.patch.table("actions_data", { ["Unarmed Attack"] = { statuses = { "Grappled", "On Guard", "Bound" } } })
  local f = bout.new({ guard = "Bound" }, { guard = "Bound" }, { 5, 2 })
  f:round [[
    Ana:
      1: Unarmed Attack -> my opponent
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Unarmed Attack 9" })
  test.equal(bout.exchanges(f), { "Ana Unarmed Attack (1d10 5 = 5; Critical Hit); Bo takes 2 (1d3 2)" })
end)

test.case("an action whose definition gives other statuses than its row is an error saying so, before any AP is paid", function()
  arbiter.patch.table("actions_data", { ["Jab"] = { kind = "proactive", cost = 2, statuses = { "Off Guard", "On Guard" },
                                                    weapon = "melee", check = true, against = "opponent",
                                                    outcomes = { { "-", "Miss" }, { 3, "Hit", damage = "armour" } } } })
  arbiter.define.action("Jab", { needs_target = true, target = "enemy", allowed_by = { "On Guard" },
                                 resolve = function(ctx) return arbiter.hooks.exchange(ctx) end })
  local f = bout.new({ guard = "Off Guard" }, {}, {})
  local said = test.fails(function()
    f:round [[
      Ana:
        1: Jab -> my opponent
      Bo:
    ]]
  end, "tempo/tests/house_test.lua:54:73: action 'Jab': allowed_by { On Guard } is not actions_data['Jab'].statuses { Off Guard, On Guard } (tempo tests at ")
  test.truthy(said:find("tempo/tests/house_test.lua:51): the tempo rules judge and charge by the row, so leave allowed_by out of "
                        .. "the action", 1, true), "the row's place, wherever the pack is, and the advice: " .. said)
  test.equal(bout.declared(f), {})
  arbiter.override.action("Jab", { needs_target = true, target = "enemy",
                                   resolve = function(ctx) return arbiter.hooks.exchange(ctx) end })
end)

test.case("an action without a row in actions_data is an error that says to add one, naming who defined the action", function()
  arbiter.define.action("Cut", { needs_target = true, target = "enemy",
                                 resolve = function(ctx) return arbiter.hooks.exchange(ctx) end })
  local f = bout.new({}, {}, {})
  test.fails(function()
    f:round [[
      Ana:
        1: Cut -> my opponent
      Bo:
    ]]
  end, "tempo/tests/house_test.lua:72: action 'Cut' has no row in actions_data: add one with "
       .. "arbiter.patch.table(\"actions_data\", { [\"Cut\"] = { kind = ..., cost = ..., statuses = ..., outcomes = ... } })")
  arbiter.patch.table("actions_data", { ["Cut"] = { kind = "proactive", cost = 3, statuses = { "On Guard" },
                                                    outcomes = { { "-", "Miss" } } } })
end)

test.case("a row's field of the wrong type is an error saying what it must be: statuses a list, a weapon's cost a number", function()
  local function round()
    bout.new({}, {}, {}):round [[
      Ana:
        1: Melee Attack -> my opponent
      Bo:
        ON Melee Attack: Parry
    ]]
  end
  arbiter.patch.table("actions_data", { ["Parry"] = { statuses = "On Guard" } })
  test.fails(round, "tempo/tests/house_test.lua:96:55: actions_data['Parry'].statuses must be a list of status "
                    .. "names, not \"On Guard\"")
  arbiter.patch.table("actions_data", { ["Parry"] = { statuses = { "On Guard" } } })
  arbiter.patch.table("weapons", { ["Sword"] = { cost = "4" } })
  test.fails(round, "tempo/tests/house_test.lua:100:50: weapons['Sword'].cost must be a whole number of AP, not \"4\"")
  arbiter.patch.table("weapons", { ["Sword"] = { cost = 4 } })
end)

test.case("a change that names a status nobody defined fails its action at the line that proposes it: nothing of it lands, the fight goes on", function()
  arbiter.patch.table("actions_data", { ["Bash"] = { kind = "proactive", cost = 2, statuses = { "On Guard" },
                                                     weapon = "melee", against = "opponent",
                                                     outcomes = { { "-", "Miss" }, { 2, "Hit" } } } })
  arbiter.define.action("Bash", { needs_target = true, target = "enemy", resolve = function(ctx)
    status.remove(ctx.target, "On Guard", "bashed")
    status.apply(ctx.target, "Bnd", { cause = "bashed" })  -- a typo for Bound
  end })
  local f = bout.new({}, {}, { 5, 3 })
  test.fails(function()
    f:round [[
      Ana:
        1: Bash -> my opponent
        2: Melee Attack -> my opponent
      Bo:
    ]]
  end, "Ana's Bash failed in round 1: ")
  local failed = f:failures()
  test.equal(#failed, 1)
  test.equal(failed[1].fields.action, "Bash")
  test.truthy(failed[1].fields.error:match("house_test%.lua:%d+: there is no status named 'Bnd'; did you mean "
                                           .. "'Bound'%?$"), failed[1].fields.error)
  test.equal(#f:events("status_removed"), 0, "Bo's On Guard is not taken away half-way")
  test.equal(bout.guards(f), { "Ana On Guard", "Bo On Guard" })
  test.equal(bout.declared(f), { "Ana Bash 10", "Ana Melee Attack 6" }, "Ana's turn goes on")
  test.equal(#f:events("exchange"), 1, "the Melee Attack is played")
end)

test.case("a house rule's wrapper of `choose` changes what is declared: the narration tells what the runtime took", function()
  -- Last in this file: the override lasts to its end.
  arbiter.override.hook("choose", function(me, points, ordered, previous)
    local intent, refused = previous(me, points, ordered)
    if intent then intent.cost = 0 end
    return intent, refused
  end)
  local f = bout.new({}, {}, { 5, 3 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 12" })
  local told = table.concat(f:narration(), "\n")
  test.truthy(told:find("Ana: Melee Attack → Bo (0 AP: 12 → 12)", 1, true), told)
end)

test.case("a house rule's CT Parry in place of an Unarmed Attack lends no weapon: a parry needs a melee weapon", function()
  -- CT Parry is "an attempt to parry", as Parry "interpose your own melee weapon". What it replaces
  -- in the source, Feint and Melee Attack, needs a melee weapon too; a house rule that lets it
  -- replace an Unarmed Attack does not let the Unarmed parry. Ana (Unarmed) punches Bo, who
  -- counter-attacks; her CT Parry is refused, and her punch stands (dice: Ana 5, Bo 5, damage 2).
  arbiter.patch.table("actions_data", { ["CT Parry"] = { replacement_for = { "Feint", "Melee Attack", "Unarmed Attack" } } })
  local f = bout.new({ weapon = "Unarmed" }, {}, { 5, 5, 2 })
  f:round [[
    Ana:
      1: Unarmed Attack -> my opponent
      ON Counter-Attack: CT Parry
    Bo:
      ON Unarmed Attack: Counter-Attack
  ]]
  test.equal(bout.refused(f), { "Ana cannot CT Parry: no melee weapon" })
  test.equal(bout.declared(f)[3], nil, "Ana's punch is not replaced")
end)

test.case("\"you are considered to get a result of 0\" (Move): a house rule's rules.no_check_result is the result, and the narration tells that one", function()
  arbiter.patch.table("rules", { no_check_result = -1 })
  local f = bout.new({}, { at = "H2" }, {})
  f:round [[
    Ana:
      1: Move E
    Bo:
  ]]
  test.equal(bout.exchanges(f), { "Ana Move (no check: -1; Failure)" })
  -- Opposed, the result is the one subtracted from: 2 − Bo's 5.
  arbiter.patch.table("rules", { no_check_result = 2 })
  f = bout.new({}, { at = "D2" }, { 5, 3 })
  f:round [[
    Ana:
      1: Move E
    Bo:
      ON Move: Counter-Attack
  ]]
  test.equal(bout.exchanges(f)[1]:match("^Ana Move %b()"), "Ana Move (no check: 2 − 5; Failure)")
  arbiter.patch.table("rules", { no_check_result = 0 })
end)
