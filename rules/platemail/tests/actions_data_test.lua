-- The numbers of every action in the source, each case quoting the action's text.
local test = require "arbiter.test"
local arbiter = require "arbiter"

local actions = arbiter.tables.actions_data

-- Every action the source lists, under its heading, with its (R)/(NR) tag as printed.
local SOURCE = {
  Movement = { Move = "R", Sprint = "NR", ["Fall Back"] = "R", Skulk = "R" },
  Combat = { Charge = "NR", ["Full Attack"] = "NR", Counter = "R", ["Ranged Attack"] = "R",
             ["Rapid Fire"] = "NR", Aim = "NR", Defend = "R", Guard = "R" },
  Spellcasting = { ["Prepare Spell"] = "NR", ["Release Spell"] = "NR", ["Focus Spell"] = "NR" },
  Support = { ["Use Item"] = "R/NR", Rescue = "NR", Stabilize = "NR" },
  Involuntary = { Crash = "R", Clash = "NR", Dazed = "NR", Terror = "NR" },
}

test.case("every action of the source is there, under its heading, with its (R)/(NR) tag", function()
  local expected, actual = {}, {}
  for group, tags in pairs(SOURCE) do
    for name, tag in pairs(tags) do expected[name] = { group = group, tag = tag } end
  end
  for name, data in pairs(actions) do actual[name] = { group = data.group, tag = data.tag } end
  test.equal(actual, expected)
end)

test.case("Move: \"Move up to 15 feet.\"", function()
  test.equal(actions["Move"].move, { max = 15 })
end)

test.case("Sprint: \"Move up to 30 feet.\" \"Ranged Attacks against you are made with Disfavor\"", function()
  test.equal(actions["Sprint"].move, { max = 30 })
  test.equal(actions["Sprint"].attacks_on_you, { ranged = "disfavor" })
end)

test.case("Fall Back: \"Move up to 15 feet. Must move away from hostiles.\" Melee Disfavor, no AoO", function()
  test.equal(actions["Fall Back"].move, { max = 15, away_from_hostiles = true })
  test.equal(actions["Fall Back"].attacks_on_you, { melee = "disfavor" })
  test.truthy(actions["Fall Back"].prevents_attacks_of_opportunity)
end)

test.case("Skulk: \"Move up to 15 feet while attempting to stay Hidden\"; \"first Attack on an Unaware Target is made with Favor\"", function()
  local skulk = actions["Skulk"]
  test.equal(skulk.move, { max = 15 })
  test.equal(skulk.roll, "Stealth")
  test.equal(skulk.hidden.must_end_in, { "Cover", "Concealment" })
  test.equal(skulk.unaware, { not_ready = true, perception_below_roll = true })
  test.equal(skulk.first_attack_on_unaware, "favor")
  test.equal(skulk.hidden.revealed_by, { examples = { "Attacks", "Sprint" }, arbiter_decides = true,
                                         moving_otherwise = true })
end)

test.case("Charge: \"Move up to 15 feet and make an Attack with Favor. You must move at least 10'\"", function()
  test.equal(actions["Charge"].move, { max = 15, min_for_favor = 10 })
  -- Not said melee; "Charge into melee toward the closest foe": melee or thrown (README: default chosen).
  test.equal(actions["Charge"].attacks, { count = 1, kind = "melee_or_thrown", modifier = "favor" })
end)

test.case("Full Attack: \"make two Attacks against adjacent opponents\"; \"Melee Attacks on you have Favor\"", function()
  test.equal(actions["Full Attack"].move, { max = 0 })
  -- Not said melee: melee, or a weapon thrown at them (README: default chosen).
  test.equal(actions["Full Attack"].attacks, { count = 2, kind = "melee_or_thrown", targets = "adjacent" })
  test.equal(actions["Full Attack"].attacks_on_you, { melee = "favor" })
end)

test.case("Counter: \"one Melee Attack against one adjacent opponent\"; \"Melee Attacks on you have Disfavor\"", function()
  test.equal(actions["Counter"].attacks, { count = 1, kind = "melee", targets = "adjacent" })
  test.equal(actions["Counter"].attacks_on_you, { melee = "disfavor" })
end)

test.case("Ranged Attack: \"Make a ranged attack at a designated Target\"; \"Melee Attacks on you have Favor\"", function()
  test.equal(actions["Ranged Attack"].attacks, { count = 1, kind = "ranged" })
  test.equal(actions["Ranged Attack"].attacks_on_you, { melee = "favor" })
end)

test.case("Rapid Fire: \"Make 2 Ranged Attacks\" with Disfavor; no weapons that need a reload", function()
  test.equal(actions["Rapid Fire"].attacks, { count = 2, kind = "ranged", modifier = "disfavor" })
  test.equal(actions["Rapid Fire"].attacks_on_you, { melee = "favor" })
  test.equal(actions["Rapid Fire"].reload_weapons_allowed, false)
end)

test.case("Aim: \"If your next Action is Ranged Attack, it gains Favor and has +1 Penetration.\"", function()
  test.equal(actions["Aim"].next_action, { name = "Ranged Attack", modifier = "favor", penetration = 1 })
  test.equal(actions["Aim"].attacks_on_you, { melee = "favor" })
end)

test.case("Defend: \"no Attacks except Attacks of Opportunity\"; melee Disfavor; \"Favor on Saving Throws\"", function()
  local defend = actions["Defend"]
  test.truthy(defend.only_attacks_of_opportunity)
  test.equal(defend.attacks_on_you, { melee = "disfavor" })
  test.truthy(defend.unless_unaware_of_attacker)
  test.equal(defend.saving_throws, "favor")
end)

test.case("Guard: \"Move up to 15' staying adjacent\"; \"your Deflection has a -1 penalty\" per additional Attack", function()
  local guard = actions["Guard"]
  test.equal(guard.move, { max = 15, adjacent_to_target = true })
  test.equal(guard.deflection_per_additional_attack, -1)
  test.equal(guard.block.on_even, "hits_guard")
  test.equal(guard.block.on_odd, "attacker_rolls_against_guarded")
  test.equal(guard.cannot_guard, { "area_of_effect", "ignores_absorb" })
end)

test.case("Prepare Spell: \"Attacks against you gain Favor\"; failed check: \"replaced with the Dazed Involuntary Action\"", function()
  local prepare = actions["Prepare Spell"]
  test.equal(prepare.attacks_on_you, { all = "favor" })
  test.truthy(prepare.concentration_check)
  test.equal(prepare.on_failed_check, { replace_next_action = "Dazed" })
  test.equal(prepare.target_declared, false, "You don't designate a Target yet.")
end)

test.case("Release Spell: \"Release a Prepared spell at designated Target(s).\"", function()
  test.equal(actions["Release Spell"].needs, "prepared_spell")
end)

test.case("Focus Spell: failed check: Dazed \"and you lose focus on the spell\"", function()
  test.equal(actions["Focus Spell"].on_failed_check, { replace_next_action = "Dazed", lose_focus = true })
  test.equal(actions["Focus Spell"].attacks_on_you, { all = "favor" })
end)

test.case("Use Item: \"Quick Use Items: You remain Ready.\" \"Complex Use Items: You become Not Ready.\"", function()
  test.equal(actions["Use Item"].uses.quick.ready, true)
  test.equal(actions["Use Item"].uses.complex.ready, false)
  test.equal(arbiter.tables.weapon_properties.reload.action, "Use Item", "reloading a crossbow is a Use Item")
end)

test.case("Rescue: \"Move up to 15 feet\"; \"Attacks on you have Favor\"; \"On even numbers, the Character you are carrying is hit\"", function()
  local rescue = actions["Rescue"]
  test.equal(rescue.move, { max = 15 })
  test.equal(rescue.attacks_on_you, { all = "favor" })
  test.equal(rescue.carried_hit.on, "even")
  test.truthy(rescue.encumbered)
end)

test.case("Stabilize: \"Attempt a Medical roll ... On success, they are Stable.\"", function()
  test.equal(actions["Stabilize"].roll, "Medical")
  test.equal(actions["Stabilize"].on_success, "Stable")
end)

test.case("Crash: \"Ready Characters have Favor for this roll. Not Ready Characters have Disfavor.\"", function()
  local crash = actions["Crash"]
  test.equal(crash.trigger, { paths_cross = "allies", either_not_ready = true })
  test.equal(crash.roll, "Dexterity Saving Throw")
  test.equal({ crash.ready_roll, crash.not_ready_roll }, { "favor", "disfavor" })
  test.equal(crash.on_failed_roll, { ready = "stop_and_not_ready", not_ready = "stop_and_prone" })
end)

test.case("Clash: \"Ready Characters may make one Attack of Opportunity\"; Charge \"still get to make an Attack with Favor\"", function()
  test.equal(actions["Clash"].trigger, { paths_cross = "opponents" })
  test.equal(actions["Clash"].attacks_of_opportunity, 1)
  test.equal(actions["Clash"].charge_attack, "favor")
end)

test.case("Dazed: \"stay in place\"; \"Attacks on you have Favor this Action Phase.\"", function()
  test.equal(actions["Dazed"].move, { max = 0 })
  test.equal(actions["Dazed"].attacks_on_you, { all = "favor" })
end)

test.case("Terror: \"You must move up to 30 feet\" away; else \"one Attack at Disfavor\"", function()
  test.equal(actions["Terror"].move, { max = 30, required = true, away_from_hostiles = true })
  test.equal(actions["Terror"].attacks, { count = 1, kind = "any", modifier = "disfavor", only_if_cornered = true })
end)

test.case("every favor/disfavor an action names is one of the rules' two", function()
  local known = { favor = true, disfavor = true }
  for name, data in pairs(actions) do
    for _, value in pairs(data.attacks_on_you or {}) do test.truthy(known[value], name) end
    if data.attacks and data.attacks.modifier then test.truthy(known[data.attacks.modifier], name) end
  end
end)
