-- A house rule's mistake in the tables is told when the fight starts, before anyone pays AP, where
-- the house rule's line (here, this file's) writes the field (of `outcomes = outcomes`, that key),
-- saying what is expected, with the nearest name for a misspelt one. Each case then puts them back.
local test = require "arbiter.test"
local arbiter = require "arbiter"
local bout = require "tests.support.bout"

local function copy(t)
  if type(t) ~= "table" then return t end
  local out = {}
  for k, v in pairs(t) do out[k] = copy(v) end
  return out
end
local source = copy(arbiter.tables.actions_data)

-- Ana attacks Bo, who would Evade: its error, before any roll (no dice: a round played fails).
local function round()
  local f = bout.new({}, {}, {})
  local ok, message = pcall(f.round, f, [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
      ON Melee Attack: Evade
  ]])
  test.equal(bout.declared(f), {}, "no one declared anything, nor paid AP")
  if not ok then error(message, 0) end
end

-- A new row of actions_data, Bash, with the outcome rows given.
local function bash(outcomes)
  arbiter.patch.table("actions_data", { ["Bash"] = { kind = "proactive", cost = 3, statuses = { "On Guard" }, outcomes = outcomes } })
end
arbiter.define.action("Bash", { needs_target = true, target = "enemy", resolve = function(ctx) return arbiter.hooks.exchange(ctx) end })
bash({ { "-", "Miss" }, { 3, "Hit", damage = "armour" } })

test.case("a field of the wrong type: where the house rule set it, what it must be", function()
  arbiter.patch.table("actions_data", { ["Evade"] = { cost = "2" } })
  test.fails(round, "tempo/tests/house_rows_test.lua:37:55: actions_data['Evade'].cost must be a whole number of AP, "
                    .. "or \"By Weapon\", not \"2\"")
  arbiter.patch.table("actions_data", { ["Evade"] = { cost = 2 } })
end)

test.case("a misspelt field: the nearest field", function()
  arbiter.patch.table("actions_data", { ["Evade"] = { cots = 1 } })
  test.fails(round, "tempo/tests/house_rows_test.lua:44:55: actions_data['Evade']: 'cots' is no field of these rules "
                    .. "(did you mean 'cost'?)")
  arbiter.override.table("actions_data", source)
end)

test.case("a patch of a misspelt row makes a new row without what every row gives: the nearest row", function()
  arbiter.patch.table("actions_data", { ["Evde"] = { cost = 1 } })
  test.fails(round, "tempo/tests/house_rows_test.lua:51:41: actions_data['Evde'] has no kind, outcomes or statuses: "
                    .. "every row gives cost, kind, outcomes and statuses (did you mean 'Evade'?)")
  arbiter.override.table("actions_data", source)
end)

test.case("a threshold no stat of these rules has: the ones they know", function()
  bash({ { "-", "Miss" }, { "Target: Toughness", "Hit" } })
  test.fails(round, "tempo/tests/house_rows_test.lua:31:111: actions_data['Bash'].outcomes[2] threshold 'Target: "
                    .. "Toughness' is no threshold of these rules: a threshold is a number, \"-\", 'Target: Combat "
                    .. "Defence', 'Target: Combat Defence (Armoured)' or 'Target: Grapple Defence'")
  bash({ { "-", "Miss" }, { "Target: Combat Defense", "Hit" } })
  test.fails(round, "actions_data['Bash'].outcomes[2] threshold 'Target: Combat Defense' is no threshold of these "
                    .. "rules (did you mean 'Target: Combat Defence'?)")
end)

test.case("a number threshold written as text: the type", function()
  bash({ { "-", "Miss" }, { "2", "Hit" } })
  test.fails(round, "tempo/tests/house_rows_test.lua:31:111: actions_data['Bash'].outcomes[2] threshold is the text "
                    .. "\"2\", not a number: write 2")
end)

test.case("an outcome table without a \"-\" row: what is missing", function()
  arbiter.override.table("actions_data", source)
  bash({ { 3, "Hit", damage = "armour" } })
  test.fails(round, "tempo/tests/house_rows_test.lua:31:111: actions_data['Bash'].outcomes has no \"-\" row, the "
                    .. "outcome of a result below every threshold: add one, such as { \"-\", \"Failure\" }")
end)

test.case("a misspelt effect of an outcome: the nearest effect", function()
  arbiter.override.table("actions_data", source)
  bash({ { "-", "Miss" }, { 3, "Hit", damge = "armour" } })
  test.fails(round, "tempo/tests/house_rows_test.lua:31:111: actions_data['Bash'].outcomes[2]: 'damge' is no field of "
                    .. "these rules (did you mean 'damage'?)")
end)

test.case("a definition that gives another cost than its row's: each as written, the text \"3\" refused where written", function()
  arbiter.override.table("actions_data", source)
  bash({ { "-", "Miss" }, { 3, "Hit", damage = "armour" } })
  -- The text "3" is no cost at all: refused where the definition is made, before any fight.
  test.fails(function()
    arbiter.override.action("Bash", { needs_target = true, target = "enemy", cost = "3",
                                      resolve = function(ctx) return arbiter.hooks.exchange(ctx) end })
  end, "action 'Bash': 'cost' must be a whole number of action points from 0 to 1000000, or a function(me, intent) returning one")
  arbiter.override.action("Bash", { needs_target = true, target = "enemy", cost = 4,
                                    resolve = function(ctx) return arbiter.hooks.exchange(ctx) end })
  local said = test.fails(round, "house_rows_test.lua:95:76: action 'Bash': cost 4 is not actions_data['Bash'].cost 3 (tempo tests at ")
  test.truthy(said:find("tempo/tests/house_rows_test.lua:31)", 1, true), "the row's place, wherever the pack is: " .. said)
end)

test.case("a proactive action whose definition gives no target, against an opponent by its row: how to define it", function()
  arbiter.override.table("actions_data", source)
  bash({ { "-", "Miss" }, { 3, "Hit", damage = "armour" } })
  arbiter.override.action("Bash", { resolve = function(ctx) return arbiter.hooks.exchange(ctx) end })
  test.fails(round, "tempo/tests/house_rows_test.lua:104: action 'Bash' is defined with neither needs_target nor "
                    .. "target, but its row is taken against an opponent (actions_data['Bash'].against is \"opponent\", "
                    .. "unless given): define it with needs_target = true, target = \"enemy\", or give the row the "
                    .. "`against` it means")
end)

test.case("a target function is not how tempo judges whom an action is taken at: told at the line that gave it", function()
  arbiter.override.table("actions_data", source)
  bash({ { "-", "Miss" }, { 3, "Hit", damage = "armour" } })
  arbiter.patch.action("Bash", { target = function() return true end })
  test.fails(round, "house_rows_test.lua:114:34: action 'Bash': the tempo rules judge whom an action is taken at by its "
                    .. "row's `against`, not by a target function")
  arbiter.patch.action("Bash", { target = "enemy" })
end)

test.case("a reaction defined as needing a target: told at the line that said so, with how to define it", function()
  arbiter.override.table("actions_data", source)
  bash({ { "-", "Miss" }, { 3, "Hit", damage = "armour" } })
  arbiter.override.action("Bash", { needs_target = true, target = "enemy",
                                    resolve = function(ctx) return arbiter.hooks.exchange(ctx) end })
  arbiter.patch.action("Evade", { needs_target = true })
  test.fails(function()
    local f = bout.new({}, {}, {})
    f:round [[
      Ana:
        1: Melee Attack -> my opponent
    ]]
  end, "house_rows_test.lua:125:35: action 'Evade': a reactive action is taken against the one whose action it "
       .. "answers, and a sheet writes it without a target (ON <action>: Evade): define it with target = \"enemy\" "
       .. "and no needs_target")
  arbiter.patch.action("Evade", { needs_target = false })
end)

test.case("a word that is none of a field's words: the words, and the nearest", function()
  arbiter.override.table("actions_data", source)
  bash({ { "-", "Miss" }, { 3, "Hit", damage = "armour" } })
  arbiter.patch.table("actions_data", { ["Bash"] = { kind = "proactiv" } })
  test.fails(round, "house_rows_test.lua:141:54: actions_data['Bash'].kind must be one of \"proactive\", \"reactive\", "
                    .. "\"counter-tempo\", \"special\", not \"proactiv\" (did you mean 'proactive'?)")
  arbiter.patch.table("actions_data", { ["Bash"] = { kind = "proactive", weapon = "meele" } })
  test.fails(round, "house_rows_test.lua:144:74: actions_data['Bash'].weapon must be one of \"melee\", \"ranged\", "
                    .. "\"unarmed\", not \"meele\" (did you mean 'melee'?)")
  arbiter.patch.table("actions_data", { ["Bash"] = { weapon = "sword" } })
  local message = test.fails(round, "house_rows_test.lua:147:54: actions_data['Bash'].weapon must be one of \"melee\", "
                                    .. "\"ranged\", \"unarmed\", not \"sword\"")
  test.falsy(message:find("did you mean", 1, true), message)
  arbiter.override.table("actions_data", source)
  bash({ { "-", "Miss" }, { 3, "Hit", damage = "armour" } })
end)

-- README: "A mistake (a field of the wrong type or misspelt …) is an error at the line of the pack
-- that made it": every field of `rules` too, not only the status and actions it names. A health
-- of "ten" failed deep in flow.lua ("attempt to compare string with number"), a misspelt field
-- loaded silently.
local rules_source = copy(arbiter.tables.rules)

test.case("a field of rules of the wrong type: where the house rule set it, what it must be", function()
  arbiter.patch.table("rules", { health = "ten" })
  test.fails(round, "house_rows_test.lua:162:34: rules.health must be a whole number of wounds, 0 or more, not \"ten\"")
  arbiter.override.table("rules", rules_source)
  arbiter.patch.table("rules", { melee_reach = "1" })
  test.fails(round, "house_rows_test.lua:165:34: rules.melee_reach must be a whole number of steps, 0 or more, not "
                    .. "\"1\"")
  arbiter.override.table("rules", rules_source)
  arbiter.patch.table("rules", { feint_counter_bonus = 2.5 })
  test.fails(round, "house_rows_test.lua:169:34: rules.feint_counter_bonus must be a whole number, + or -, not 2.5")
  arbiter.override.table("rules", rules_source)
  arbiter.patch.table("rules", { round = { first_counter = "0" } })
  test.fails(round, "house_rows_test.lua:172:44: rules.round.first_counter must be a whole number, + or -, not \"0\"")
  arbiter.override.table("rules", rules_source)
end)

test.case("a misspelt field of rules: the nearest field; a house rule's own field far from any is its own", function()
  arbiter.patch.table("rules", { base_combat_movment = 4 })
  test.fails(round, "house_rows_test.lua:178:34: rules: 'base_combat_movment' is no field of these rules (did you mean "
                    .. "'base_combat_movement'?)")
  arbiter.override.table("rules", rules_source)
  arbiter.patch.table("rules", { recover = { stta = "stamina" } })
  test.fails(round, "house_rows_test.lua:182:46: rules.recover: 'stta' is no field of these rules (did you mean 'stat'?)")
  arbiter.override.table("rules", rules_source)
  arbiter.patch.table("rules", { my_house_morale = 3 })
  bout.new({}, {}, {})  -- no error: the rules' checks pass
  arbiter.override.table("rules", rules_source)
end)

test.case("a field of rules left out by an override: what it must be", function()
  local without = copy(rules_source)
  without.melee_reach = nil
  arbiter.override.table("rules", without)
  test.fails(round, "house_rows_test.lua:193: rules.melee_reach must be a whole number of steps, 0 or more, not nil")
  arbiter.override.table("rules", rules_source)
end)

-- README: every field of `rules`, `weapons` and `armour` "is checked at once when every pack has
-- loaded … so before anyone pays AP … an error at the line of the pack that made it": dice that
-- cannot be rolled too, not only dice that are no text. A weapon's "d6x" loaded, then failed each
-- blow after its AP were paid, blamed on tempo's own actions.lua.
test.case("dice that cannot be rolled, a weapon's damage or the check's: at the field that wrote them, before anyone pays AP", function()
  arbiter.patch.table("weapons", { ["Sword"] = { damage = "d6x" } })
  test.fails(round, "house_rows_test.lua:203:50: weapons['Sword'].damage cannot be rolled: dice expression \"d6x\", "
                    .. "column 4: explosions are written with !")
  arbiter.patch.table("weapons", { ["Sword"] = { damage = "1d6" } })
  arbiter.patch.table("rules", { check = { dice = "1d" } })
  test.fails(round, "house_rows_test.lua:207:44: rules.check.dice cannot be rolled: dice expression \"1d\", column 3: "
                    .. "expected the die after 'd'")
  arbiter.override.table("rules", rules_source)
  -- Dice too costly to weigh exactly still roll: only a mistake is refused.
  arbiter.patch.table("weapons", { ["Sword"] = { damage = "4d6!kh3" } })
  bout.new({}, {}, {})
  arbiter.patch.table("weapons", { ["Sword"] = { damage = "1d6" } })
end)

-- The check is "1d10 + the character's stat `skill`" (rules.check), Recover Stamina's the stat
-- `stamina` (rules.recover), initiative the stat `initiative`: an encounter gives only the stats
-- the table `encounter` lists, so a field naming another ("skil") names a stat no one has, and
-- every character's skill was silently read as 0. Told at the field, with the nearest stat.
test.case("a stat the rules read that no encounter may give: the nearest stat; a house rule's own, added to the encounter table, is read", function()
  arbiter.patch.table("rules", { check = { stat = "skil" } })
  test.fails(round, "house_rows_test.lua:222:44: rules.check.stat names 'skil', which is no stat an encounter may give "
                    .. "(did you mean 'skill'?)")
  arbiter.override.table("rules", rules_source)
  arbiter.patch.table("rules", { recover = { stat = "stamna" } })
  test.fails(round, "rules.recover.stat names 'stamna', which is no stat an encounter may give (did you mean 'stamina'?)")
  arbiter.override.table("rules", rules_source)
  arbiter.patch.table("rules", { initiative_stat = "initative" })
  test.fails(round, "rules.initiative_stat names 'initative', which is no stat an encounter may give (did you mean "
                    .. "'initiative'?)")
  arbiter.override.table("rules", rules_source)
  arbiter.patch.table("rules", { check = { stat = "luck" } })
  test.fails(round, "rules.check.stat names 'luck', which is no stat an encounter may give: a house rule that reads "
                    .. "another adds it: arbiter.patch.table(\"encounter\", { stats = { luck = \"whole\" } })")
  arbiter.patch.table("encounter", { stats = { luck = "whole" } })
  local f = bout.new({ luck = 2 }, {}, { 5, 3 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
  ]]
  test.equal(bout.exchanges(f), { "Ana Melee Attack (1d10 5 +2 luck = 7; Critical Hit); Bo takes 3 (1d6 3)" })
  arbiter.override.table("rules", rules_source)
end)

test.case("Recover Stamina's regain is a number of AP or \"full\", the round's: another word is told with what it must be", function()
  arbiter.patch.table("actions_data", { ["Recover Stamina"] = { outcomes = { [10] = { 0, "Success", regain = "all" } } } })
  test.fails(round, "actions_data['Recover Stamina'].outcomes[10].regain must be a whole number of AP, or \"full\" (the "
                    .. "round's AP), not \"all\"")
  arbiter.override.table("actions_data", source)
end)

-- README: "What of this is fixed by the rows, `arbiter check` ... refuses at the sheet's line";
-- docs/writing-actions.md: the row is "the one place". A definition whose `answers`, `turn_only` or
-- `replaces` said otherwise let `arbiter check` pass `ON Melee Attack: Bash`, which the fight then
-- refused ("it does not answer Melee Attack"): told at the field that says otherwise, before any AP.
test.case("a definition whose answers or turn_only contradict its row: told where written, with the row's", function()
  arbiter.override.table("actions_data", source)
  bash({ { "-", "Miss" }, { 3, "Hit", damage = "armour" } })
  arbiter.override.action("Bash", { needs_target = true, target = "enemy", answers = { "Melee Attack" },
                                    resolve = function(ctx) return arbiter.hooks.exchange(ctx) end })
  test.fails(round, "house_rows_test.lua:261:76: action 'Bash': answers = { Melee Attack }, but its row means answers "
                    .. "= { } (actions_data['Bash'].kind is \"proactive\", tempo tests at ")
  -- The rows' check itself: a fight runs it at its first round, once the sheets are checked.
  local check_tables = require("tempo").check_tables
  arbiter.patch.action("Bash", { turn_only = true, answers = function() return {} end })
  check_tables()  -- the row's own: a proactive action is taken on one's turn, answering nothing
  arbiter.patch.action("Evade", { turn_only = true })
  test.fails(check_tables, "house_rows_test.lua:269:35: action 'Evade': turn_only = true, but its row means "
                           .. "turn_only = false (actions_data['Evade'].kind is \"reactive\"")
  arbiter.patch.action("Evade", { turn_only = false })
  arbiter.patch.action("Retreat", { answers = function() return { "Move" } end })
  test.fails(check_tables, "house_rows_test.lua:273:37: action 'Retreat': answers = { Move }, but its row means "
                           .. "answers = { Move, Combat Move } (actions_data['Retreat'].response_to")
  arbiter.patch.action("Retreat", { answers = function() return { "Combat Move", "Move" } end })
  check_tables()  -- the row's, in another order
end)
