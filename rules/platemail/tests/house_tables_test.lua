-- A house rule's mistake in Platemail's tables is refused before anyone acts — as the fight is made
-- (and the sheets are checked), and again at each round's start — at the line of the house rule that
-- made it (here, this file's), at the column where that line's table writes the field (the line
-- alone for a table made elsewhere or in a loop), saying what is expected, with the nearest name
-- for a misspelt one (tables_check.lua). Each case makes its mistakes; the tables are put back after it.
local test = require "arbiter.test"
local arbiter = require "arbiter"
local duel = require "tests.support.duel"
local tables_check = require "tables_check"

local function copy(t)
  if type(t) ~= "table" then return t end
  local out = {}
  for k, v in pairs(t) do out[k] = copy(v) end
  return out
end
local source = {}
for _, name in ipairs { "weapons", "armor", "rules", "actions_data", "spells", "weapon_properties" } do
  source[name] = copy(arbiter.tables[name])
end

-- Everyone Defends: no die is rolled, so a round that gets as far as rolling one fails for want of
-- dice, not for the tables. Both wear Leather, which every case leaves as it is: the Orc's
-- Unarmored would be the encounter's mistake once a case takes that row away.
local STILL = "Aldric:\n  1: Defend\n  2: Defend\nOrc:\n  1: Defend\n  2: Defend\n"

local function fight() return duel.pair({}, { armor = "Leather" }, {}) end

local function round()
  local f = fight()
  f:round(STILL)
  return f
end

-- Where the last change to the table `name` was made: the line of this file that made it.
local function made(name)
  local history = arbiter.history("table", name)
  local location = history[#history].location
  test.truthy(location:find("tests/house_tables_test%.lua:%d+$"), location .. " is a line of this file")
  return location
end

-- Where the field a mistake is about is written: at `column` of the line that made the change (made),
-- or of the line `below` lines under it, for a call written over several lines.
local function field(at, column, below)
  local file, line = at:match("^(.*):(%d+)$")
  return ("%s:%d:%d"):format(file, tonumber(line) + (below or 0), column)
end

-- What the round fails with: where the mistake was made, `at` (made, or the field there), then `message`.
local function refused(at, message)
  test.fails(round, at .. ": " .. message)
end

-- A case that makes mistakes in the tables, which are put back after it, whether it passes or not:
-- one case's failure does not spill into the next.
local function case(name, body)
  test.case(name, function()
    local ok, err = pcall(body)
    for table_name, value in pairs(source) do arbiter.override.table(table_name, value) end
    if not ok then error(err, 0) end
  end)
end

test.case("the pack's own tables pass the check, and a round of them is played", function()
  tables_check.refresh()
  round()
end)

case("QA's house rule: Wounds \"two\" and a Penetration of 1.5 are refused before the fight, not mid-round", function()
  arbiter.patch.table("weapons", { Sword = { melee = { wounds = "two", penetration = 1.5 } } })
  local weapons_at = made("weapons")
  arbiter.patch.table("rules", { wounds = { max = "three" } })
  local rules_at = made("rules")
  refused(field(weapons_at, 72), "weapons['Sword'].melee.penetration must be a whole number, not 1.5")
  arbiter.patch.table("weapons", { Sword = { melee = { penetration = 0 } } })
  refused(field(weapons_at, 56), "weapons['Sword'].melee.wounds must be a whole number of Wounds, not \"two\"")
  arbiter.patch.table("weapons", { Sword = { melee = { wounds = 1 } } })
  refused(field(rules_at, 45), "rules.wounds.max must be a whole number of Wounds, not \"three\"")
  arbiter.patch.table("rules", { wounds = { max = 3 } })
  round()
end)

case("a number out of its range: where the house rule set it, what it must be", function()
  arbiter.patch.table("armor", { Leather = { absorb = -1 } })
  refused(field(made("armor"), 46), "armor['Leather'].absorb must be a whole number of Wounds, not -1")
  arbiter.patch.table("armor", { Leather = { absorb = 1 } })
  arbiter.patch.table("weapons", { Axe = { hands = 3 } })
  refused(field(made("weapons"), 44), "weapons['Axe'].hands must be 1 or 2 (hands), not 3")
  arbiter.patch.table("weapons", { Axe = { hands = 1 } })
  arbiter.patch.table("actions_data", { Move = { move = { max = 15.5 } } })
  refused(field(made("actions_data"), 59), "actions_data['Move'].move.max must be a whole number of feet from 0 to 1000000, not 15.5")
  arbiter.patch.table("actions_data", { Move = { move = { max = 15 } } })
  arbiter.patch.table("rules", { severed_limbs = { one_leg = { move_factor = 2 } } })
  refused(field(made("rules"), 64), "rules.severed_limbs.one_leg.move_factor must be a number from 0 to 1, not 2")
  arbiter.patch.table("rules", { severed_limbs = { one_leg = { move_factor = 0.5 } } })
  arbiter.patch.table("rules", { favor_and_disfavor = { favor = "+2" } })
  refused(field(made("rules"), 57), "rules.favor_and_disfavor.favor must be a whole number, + or -, not \"+2\"")
  arbiter.patch.table("rules", { favor_and_disfavor = { favor = 3 } })
  round()
end)

case("a misspelt field: the nearest field", function()
  arbiter.patch.table("weapons", { Axe = { melee = { penetraton = 1 } } })
  refused(field(made("weapons"), 54), "weapons['Axe'].melee: 'penetraton' is no field of these rules (did you mean 'penetration'?)")
  arbiter.override.table("weapons", source.weapons)
  arbiter.patch.table("rules", { wound = { max = 4 } })
  refused(field(made("rules"), 34), "rules: 'wound' is no field of these rules (did you mean 'round' or 'wounds'?)")
  arbiter.override.table("rules", source.rules)
  round()
end)

case("a patch of a misspelt row makes a new row without what every row gives: the nearest row", function()
  arbiter.patch.table("weapons", { Swrod = { melee = { wounds = 2 } } })
  refused(field(made("weapons"), 36), "weapons['Swrod'] has no hands: every weapon gives hands (did you mean 'Sword'?)")
  arbiter.override.table("weapons", source.weapons)
  arbiter.patch.table("actions_data", { Chrage = { move = { max = 20 } } })
  refused(field(made("actions_data"), 41), "actions_data['Chrage'] has no group or tag: every row of actions_data gives group and tag "
                                .. "(did you mean 'Charge'?)")
  arbiter.override.table("actions_data", source.actions_data)
  round()
end)

case("a weapon property: one weapon_properties names, the nearest for a misspelt one", function()
  arbiter.patch.table("weapons", { Axe = { melee = { properties = { sever_limb = { on = "critical_hit" } } } } })
  refused(field(made("weapons"), 69), "weapons['Axe'].melee.properties: 'sever_limb' is no weapon property (did you mean 'severs_limb'?)")
  arbiter.override.table("weapons", source.weapons)
  arbiter.patch.table("weapons", { Axe = { melee = { properties = { flaming = true } } } })
  refused(field(made("weapons"), 69), "weapons['Axe'].melee.properties: 'flaming' is no weapon property: weapon_properties names them, "
                           .. "and a house rule adds one with arbiter.patch.table(\"weapon_properties\"")
  -- Added to the vocabulary, it is one of these rules' properties.
  arbiter.patch.table("weapon_properties", { flaming = { name = "Flaming", meaning = "Burns on Hit.", on = { "hit" } } })
  round()
  arbiter.override.table("weapons", source.weapons)
  arbiter.override.table("weapon_properties", source.weapon_properties)
end)

case("a property's value: the trigger, the reload, the Strength, as the rules read them", function()
  arbiter.patch.table("weapons", { Mace = { melee = { properties = { dazes = { on = "critical" } } } } })
  refused(field(made("weapons"), 80), "weapons['Mace'].melee.properties.dazes.on must be one of \"hit\", \"critical_hit\", not \"critical\" "
                           .. "(did you mean 'critical_hit'?)")
  arbiter.patch.table("weapons", { Mace = { melee = { properties = { dazes = { on = "critical_hit" } } } } })
  arbiter.patch.table("weapons", { ["Light Crossbow"] = { ranged = { properties = { reload = "fast" } } } })
  refused(field(made("weapons"), 85),
          "weapons['Light Crossbow'].ranged.properties.reload must be one of \"quick\", \"complex\", not \"fast\"")
  arbiter.patch.table("weapons", { ["Light Crossbow"] = { ranged = { properties = { reload = "quick" } } } })
  arbiter.patch.table("weapons", { ["Great Axe"] = { melee = { properties = { requires_strength = 2.5 } } } })
  refused(field(made("weapons"), 79), "weapons['Great Axe'].melee.properties.requires_strength must be a whole number of Strength, not 2.5")
  arbiter.patch.table("weapons", { ["Great Axe"] = { melee = { properties = { requires_strength = 3 } } } })
  -- false turns a property off: a patch cannot remove it.
  arbiter.patch.table("weapons", { Mace = { melee = { properties = { dazes = false } } } })
  round()
  arbiter.override.table("weapons", source.weapons)
end)

case("a bonus's conditions: those weapon_conditions names, and the action a condition names", function()
  arbiter.patch.table("weapons", { Dagger = { melee = { properties = { bonuses = {
    { stat = "penetration", amount = 1, when = { target_unawares = true } } } } } } })
  refused(field(made("weapons"), 50, 1), "weapons['Dagger'].melee.properties.bonuses[1].when: 'target_unawares' is no weapon condition "
                           .. "(did you mean 'target_unaware'?)")
  arbiter.override.table("weapons", source.weapons)
  arbiter.patch.table("weapons", { Spear = { melee = { properties = { bonuses = {
    { stat = "penetration", amount = 1, when = { wielder_action = "Chrage" } } } } } } })
  refused(field(made("weapons"), 50, 1), "weapons['Spear'].melee.properties.bonuses[1].when.wielder_action names 'Chrage', which is no "
                           .. "row of actions_data (did you mean 'Charge'?)")
  arbiter.patch.table("weapons", { Spear = { melee = { properties = { bonuses = {
    { stat = "defense", amount = 1, when = {} } } } } } })
  refused(field(made("weapons"), 7, 1), "weapons['Spear'].melee.properties.bonuses[1].stat must be one of \"attack\", \"penetration\", "
                           .. "\"deflection\", not \"defense\"")
  arbiter.override.table("weapons", source.weapons)
  round()
end)

case("an action's data: a kind of Attack, an action named, a status named", function()
  arbiter.patch.table("actions_data", { Charge = { attacks = { kind = "melee_or_throw" } } })
  refused(field(made("actions_data"), 64), "actions_data['Charge'].attacks.kind must be one of \"melee\", \"ranged\", "
                                .. "\"melee_or_thrown\", \"any\", not \"melee_or_throw\" (did you mean 'melee_or_thrown'?)")
  arbiter.patch.table("actions_data", { Charge = { attacks = { kind = "melee_or_thrown" } } })
  arbiter.patch.table("actions_data", { Defend = { attacks_on_you = { meele = "disfavor" } } })
  refused(field(made("actions_data"), 71), "actions_data['Defend'].attacks_on_you: 'meele' is no kind of Attack (did you mean 'melee'?)")
  arbiter.override.table("actions_data", source.actions_data)
  arbiter.patch.table("actions_data", { Stabilize = { on_success = "Stabel" } })
  refused(field(made("actions_data"), 55), "actions_data['Stabilize'].on_success names 'Stabel', which is no status the rules define "
                                .. "(did you mean 'Stable'?)")
  arbiter.patch.table("actions_data", { Stabilize = { on_success = "Stable" } })
  arbiter.patch.table("rules", { severed_limbs = { no_arms = { actions = { Resuce = true } } } })
  refused(field(made("rules"), 76), "rules.severed_limbs.no_arms.actions: 'Resuce' is no action the rules define (did you mean 'Rescue'?)")
  arbiter.override.table("rules", source.rules)
  round()
end)

case("healing magic's `stabilizes` is checked as the other fields of a spell: true or false, and a misspelling told", function()
  arbiter.patch.table("spells", { Heal = { name = "Heal", range = 30, penetration = 0, wounds = 0, stabilizes = "yes" } })
  refused(field(made("spells"), 100), "spells['Heal'].stabilizes must be true or false, not \"yes\"")
  arbiter.patch.table("spells", { Heal = { stabilizes = true, stabilises = true } })
  refused(field(made("spells"), 63), "spells['Heal']: 'stabilises' is no field of these rules (did you mean 'stabilizes'?)")
end)

case("a spell's range: 0 is a spell on oneself (README: default chosen), passed; less than 0 refused, and so is Range 0 made at an enemy only", function()
  arbiter.patch.table("spells", { Shield = { name = "Shield", range = 0, penetration = 0, wounds = 0, ongoing = true } })
  round()
  arbiter.patch.table("spells", { Shield = { range = -5 } })
  refused(field(made("spells"), 46), "spells['Shield'].range must be a whole number of feet, not -5")
  arbiter.patch.table("spells", { Shield = { range = 0, target = "enemy" } })
  refused(field(made("spells"), 57), "spells['Shield'].target must be 'any' or left out: a spell of Range 0 reaches "
                                     .. "no one but its caster (a spell on oneself), not an enemy")
end)

case("a spell without what every spell gives; the rows these rules cannot do without", function()
  arbiter.patch.table("spells", { Fireball = { name = "Fireball", range = 60, penetration = 2 } })
  refused(field(made("spells"), 35), "spells['Fireball'] has no wounds: every spell gives name, range, penetration and wounds")
  arbiter.patch.table("spells", { Fireball = { wounds = 2 } })
  round()
  local armor = copy(source.armor)
  armor.Unarmored = nil
  arbiter.override.table("armor", armor)
  refused(made("armor"), "armor has no row 'Unarmored': a character who wears none wears it")
  arbiter.override.table("armor", source.armor)
  arbiter.patch.table("weapon_properties", { severs_limb = { limbs = { "left leg", "right leg", "left arm", "tail" } } })
  refused(field(made("weapon_properties"), 109), "weapon_properties.severs_limb.limbs[4] is 'tail', but no status 'Severed tail' "
                                     .. "is defined: define it "
                                     .. "with arbiter.define.status(\"Severed tail\", {})")
  local weapon_properties = copy(source.weapon_properties)
  weapon_properties.dazes.status = nil
  arbiter.override.table("weapon_properties", weapon_properties)
  refused(made("weapon_properties"), "weapon_properties.dazes has no status: these rules read duration and status")
  arbiter.override.table("weapon_properties", source.weapon_properties)
  round()
end)

-- The fields of actions_data that record the source's words, which code carries out: each change
-- (or one added to a source's row), what it is told, and what governs it.
local ACTION = 'action (arbiter.override.action("%s", ...))'
local MOVEMENT = 'fight.lua\'s movement hook, where paths cross (arbiter.override.hook("movement", ...))'
local REVEALS = 'what reveals the Hidden: an Attack with a weapon that is not Silent (arbiter.override.hook("attack", '
  .. '...)), Sprint (arbiter.override.action("Sprint", ...)) and moving otherwise '
  .. "(actions_data['Skulk'].hidden.revealed_by.moving_otherwise)"
local SOURCE_WORDS = {
  { { Skulk = { roll = "Perception" } }, "['Skulk'].roll", "Skulk's " .. ACTION:format("Skulk"), '"Stealth"' },
  { { Stabilize = { target = "Unconscious" } }, "['Stabilize'].target", "Stabilize's " .. ACTION:format("Stabilize"),
    '"Fatally Wounded"' },
  { { Stabilize = { on_success = "Unconscious" } }, "['Stabilize'].on_success", "Stabilize's " .. ACTION:format("Stabilize"),
    '"Stable"' },
  { { Rescue = { carries = 2 } }, "['Rescue'].carries", "Rescue's " .. ACTION:format("Rescue"), "1" },
  { { Rescue = { encumbered = false } }, "['Rescue'].encumbered", "Rescue's " .. ACTION:format("Rescue"), "true" },
  { { Crash = { trigger = { either_not_ready = false } } }, "['Crash'].trigger.either_not_ready", MOVEMENT, "true" },
  { { Clash = { stop = "before_paths_intersect" } }, "['Clash'].stop", MOVEMENT, '"where_paths_intersect"' },
  { { Crash = { on_failed_roll = { ready = "keep_going" } } }, "['Crash'].on_failed_roll.ready", MOVEMENT,
    '"stop_and_not_ready"' },
  { { ["Focus Spell"] = { on_failed_check = { lose_focus = false } } }, "['Focus Spell'].on_failed_check.lose_focus",
    "fight.lua's phase_end, which Dazes for one Action and loses the spell or the focus "
      .. '(arbiter.override.hook("phase_end", ...))', "true" },
  { { ["Prepare Spell"] = { prepared_at = "round_end" } }, "['Prepare Spell'].prepared_at",
    "fight.lua's phase_end, which Prepares the spell of a Prepare Spell not interrupted "
      .. '(arbiter.override.hook("phase_end", ...))', '"action_phase_end"' },
  { { ["Prepare Spell"] = { target_declared = true } }, "['Prepare Spell'].target_declared",
    'Prepare Spell\'s definition, its target (arbiter.patch.action("Prepare Spell", { target = ... }))', "false" },
  { { ["Release Spell"] = { needs = "focusing" } }, "['Release Spell'].needs",
    "Release Spell's " .. ACTION:format("Release Spell"), '"prepared_spell"' },
  { { Skulk = { hidden = { must_end_in = { "Cover" } } } }, "['Skulk'].hidden.must_end_in",
    "the Cover and Concealment that Skulk and fight.lua's phase_end ask of the Hidden "
      .. '(arbiter.override.action("Skulk", ...), arbiter.override.hook("phase_end", ...))', "as the source has it" },
  { { Skulk = { hidden = { revealed_by = { arbiter_decides = false } } } }, "['Skulk'].hidden.revealed_by.arbiter_decides",
    REVEALS, "true" },
  { { Skulk = { unaware = { not_ready = false } } }, "['Skulk'].unaware.not_ready",
    "attack.lua's Unaware: Not Ready, or a Perception (the stat perception, else rules.checks.perception) below the "
      .. "skulker's Stealth roll", "true" },
  { { ["Use Item"] = { uses = { quick = { examples = { "drinking a potion" } } } } }, "['Use Item'].uses.quick.examples",
    "Use Item's " .. ACTION:format("Use Item"), "as the source has it" },
  { { ["Use Item"] = { many_rounds_examples = { "donning heavy armor", "climbing a wall" } } },
    "['Use Item'].many_rounds_examples", "Use Item's " .. ACTION:format("Use Item"), "as the source has it" },
  { { Defend = { only_attacks_of_opportunity = false } }, "['Defend'].only_attacks_of_opportunity",
    "Defend's " .. ACTION:format("Defend"), "true" },
  { { Terror = { move = { required = false } } }, "['Terror'].move.required", "Terror's " .. ACTION:format("Terror"), "true" },
  { { Guard = { move = { adjacent_to_target = false } } }, "['Guard'].move.adjacent_to_target",
    'Guard\'s definition, its follows_target (arbiter.patch.action("Guard", { follows_target = ... }))', "true" },
  { { Terror = { attacks = { only_if_cornered = false } } }, "['Terror'].attacks.only_if_cornered",
    "Terror's " .. ACTION:format("Terror"), "true" },
  { { Counter = { attacks = { targets = "any" } } }, "['Counter'].attacks.targets", "Counter's " .. ACTION:format("Counter"),
    '"adjacent"' },
  { { Skulk = { hidden = { revealed_by = { examples = { "Attacks" } } } } }, "['Skulk'].hidden.revealed_by.examples",
    REVEALS, "as the source has it" },
  { { Crash = { trigger = { paths_cross = "opponents" } } }, "['Crash'].trigger.paths_cross", MOVEMENT, '"allies"' },
}

case("a change of the source's words in actions_data is refused at its line, naming what governs the rule", function()
  for _, change in ipairs(SOURCE_WORDS) do
    local patch, field, governs, stays = table.unpack(change)
    arbiter.patch.table("actions_data", patch)
    refused(made("actions_data"), ("actions_data%s is the source's text, not read: %s governs it (patch that instead); "
      .. "it stays %s"):format(field, governs, stays))
    arbiter.override.table("actions_data", source.actions_data)
  end
  round()
end)

case("a field of the source's words added to a source's row is refused too: its action's code does not read it", function()
  arbiter.patch.table("actions_data", { Counter = { only_attacks_of_opportunity = true } })
  refused(field(made("actions_data"), 53), "actions_data['Counter'].only_attacks_of_opportunity is not read: Counter's "
    .. ACTION:format("Counter") .. " governs it (patch that instead); the source's Counter gives none")
  arbiter.override.table("actions_data", source.actions_data)
end)

case("a house rule's own row may give the source's words, for its own action's code", function()
  arbiter.patch.table("actions_data", { ["Shield Bash"] = { group = "Combat", tag = "R", roll = "Strength",
                                                            only_attacks_of_opportunity = false } })
  round()
end)

case("a patch between rounds is checked as the next round starts, before anyone acts", function()
  local f = fight()
  f:round(STILL)
  arbiter.patch.table("rules", { cover = { modifier = "-2" } })
  test.fails(function() f:round(STILL) end,
             field(made("rules"), 44) .. ": rules.cover.modifier must be a whole number, + or -, not \"-2\"")
  arbiter.patch.table("rules", { cover = { modifier = -2 } })
  f:round(STILL)
end)

case("the house example's rules pass: Favor +2, Max Wounds 4, a Shield Bash row", function()
  arbiter.patch.table("rules", { favor_and_disfavor = { favor = 2 }, wounds = { max = 4 } })
  arbiter.patch.table("actions_data", { ["Shield Bash"] = { group = "Combat", tag = "R", move = { max = 0 },
                                                            attacks = { count = 1, kind = "melee", targets = "adjacent" } } })
  round()
  arbiter.override.table("rules", source.rules)
  arbiter.override.table("actions_data", source.actions_data)
end)
