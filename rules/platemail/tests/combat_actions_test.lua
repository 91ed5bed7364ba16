-- The Combat Actions in a fight, with scripted dice: each case quotes the action's text and
-- works its numbers out from the source's tables. A target that orders "Use Item" (a quick use:
-- Ready, no Favor or Disfavor on Attacks against it) is the neutral target these cases use.
local test = require "arbiter.test"
local arbiter = require "arbiter"
local duel = require "tests.support.duel"

local pair = duel.pair

test.case("Charge of 5': 'You must move at least 10' to receive Favor' — d20 12 vs Defense 12 is a tie, a miss", function()
  -- Orc Ready (Use Item) in Leather: Defense 10 + 2 = 12. Aldric runs C2 → D2, 5': no Favor.
  -- "If the Attack roll total is greater than the Defense total, the Attack hits": 12 > 12 is false.
  local f = pair({ at = "C2" }, { at = "E2", armor = "Leather" }, { 12 })
  f:round(duel.still('Charge -> "Orc"'))
  test.equal(f:cell("Aldric"), "D2")
  test.equal(duel.attacks(f, "total"), { 12 })
  test.equal(duel.attacks(f, "hit"), { false })
end)

test.case("Full Attack: 'make two Attacks against adjacent opponents' — two hits, two Wounds past Absorb 0", function()
  -- Orc Unarmored and Ready: Defense 10 + 3 = 13, Absorb 0. d20 14 and 15 hit: 2 Wounds.
  local f = pair({}, {}, { 14, 15 })
  f:round(duel.still('Full Attack -> "Orc"'))
  test.equal(duel.attacks(f, "total"), { 14, 15 })
  test.equal(f:stat("Orc", "wounds"), 2)
end)

test.case("Full Attack: 'Melee Attacks on you have Favor this Action Phase' (and Not Ready drops Ready Only armor)", function()
  -- Aldric Full Attacks, Not Ready: Unarmored is Ready Only and the Sword's "+1 Deflection when
  -- Ready" is gone, so Defense 10. The Orc's Counter: d20 8 + 3 Favor = 11 > 10, a hit.
  -- Aldric's two Attacks on the Countering Orc (Unarmored, Ready: 13) have Disfavor: 10 − 3 = 7.
  local f = pair({ armor = "Unarmored" }, {}, { 10, 10, 8 })
  f:round [[
    Aldric:
      1: Full Attack -> "Orc"
      2: Defend
    Orc:
      1: Counter -> "Aldric"
      2: Defend
  ]]
  test.equal(duel.attacks(f, "total", "Orc"), { 11 })
  test.equal(duel.attacks(f, "hit", "Orc"), { true })
  test.equal(duel.attacks(f, "total", "Aldric"), { 7, 7 })
  test.equal(f:stat("Aldric", "wounds"), 1)
end)

test.case("Full Attack with only a thrown weapon: 'two Attacks against adjacent opponents', thrown within its Range", function()
  -- Not said melee (Counter's is "one Melee Attack"), and a thrown weapon "Rolls Attacks at
  -- 5'-30' normally" (README: default chosen). Aldric's Javelin at the Orc beside him, in Leather
  -- and Ready (12): 13 and 14 hit; Penetration 1 circumvents Absorb 1: 2 Wounds.
  local f = pair({ weapon = "Javelin" }, { armor = "Leather" }, { 13, 14 })
  f:round(duel.still('Full Attack -> "Orc"'))
  test.equal(duel.attacks(f, "total"), { 13, 14 })
  test.equal(duel.attacks(f, "kind"), { "thrown", "thrown" })
  test.equal(f:stat("Orc", "wounds"), 2)
end)

-- An order whose Attacks the weapon in hand cannot make is refused before it is declared: Aldric
-- takes the default order (Defend), rolls nothing, and the note says why. So the phase is not
-- spent for nothing: the Orc's Counter (d20 12) has Defend's Disfavor, 12 − 3 = 9, not the Favor
-- of the action refused (Full Attack's, Ranged Attack's "Melee Attacks on you have Favor").
-- `stats`: Aldric's, if any (`loaded = false`).
local function refused(weapon, order, why, stats)
  local f = pair({ weapon = weapon, stats = stats }, {}, { 12 })
  f:round(("Aldric:\n  1: %s\n  2: Defend\nOrc:\n  1: Counter -> \"Aldric\"\n  2: Defend\n"):format(order))
  test.equal(duel.attacks(f, "attacker"), { "Orc" })
  test.equal(duel.attacks(f, "total"), { 9 })
  test.truthy(duel.narrated(f, ("Aldric: Defend ('%s' is refused (%s): Defend, the default order)"):format(order, why)))
end

test.case("Full Attack with a bow is refused before it is declared: 'make two Attacks against adjacent opponents', a bow makes neither kind", function()
  -- What it lacks is either weapon Full Attack can use against adjacent opponents (README: default
  -- chosen); two shots are Rapid Fire's, "at the cost of accuracy".
  refused("Short Bow", 'Full Attack -> "Orc"', "Short Bow is neither a melee nor a thrown weapon")
end)

test.case("Counter with a bow is refused before it is declared: 'one Melee Attack', and a bow has none", function()
  refused("Short Bow", 'Counter -> "Orc"', "Short Bow is not a melee weapon")
end)

test.case("Ranged Attack with a Sword is refused before it is declared, as Aim is: 'Make a ranged attack', and a Sword has none", function()
  -- The Orc stands beside Aldric: the reason is the weapon, not the reach.
  refused("Sword", 'Ranged Attack -> "Orc"', "Sword is not a ranged weapon")
end)

test.case("Ranged Attack with a Heavy Crossbow not loaded is refused before it is declared: 'Requires a Quick or Complex Use Item Action between shots'", function()
  refused("Heavy Crossbow", 'Ranged Attack -> "Orc"', "Heavy Crossbow is not loaded: it needs a Use Item Action to reload",
          { loaded = false })
end)

test.case("Counter: 'You get one Melee Attack against one adjacent opponent' — one Attack, a hit", function()
  local f = pair({}, {}, { 14 })
  f:round(duel.still('Counter -> "Orc"'))
  test.equal(duel.attacks(f, "total"), { 14 })
  test.equal(f:stat("Orc", "wounds"), 1)
end)

test.case("Ranged Attack within Range: Short Bow at 25', no penalty, Penetration 1 gets through Leather's Absorb 1", function()
  -- Orc Ready in Leather: Defense 12. d20 13 > 12 hits; Penetration 1 circumvents Absorb 1: 1 Wound.
  local f = pair({ at = "A2", weapon = "Short Bow" }, { at = "F2", armor = "Leather" }, { 13 })
  f:round(duel.still('Ranged Attack -> "Orc"'))
  test.equal(duel.attacks(f, "total"), { 13 })
  test.equal(duel.attacks(f, "penetration"), { 1 })
  test.equal(f:stat("Orc", "wounds"), 1)
end)

test.case("Rapid Fire: 'Make 2 Ranged Attacks' with 'Disfavor this Action Phase'", function()
  -- d20 16 − 3 = 13 and 4 − 3 = 1 against the Orc Unarmored and Ready (13): both miss.
  local f = pair({ at = "A2", weapon = "Short Bow" }, { at = "F2" }, { 16, 4 })
  f:round(duel.still('Rapid Fire -> "Orc"'))
  test.equal(duel.attacks(f, "total"), { 13, 1 })
  test.equal(duel.attacks(f, "hit"), { false, false })
end)

test.case("Rapid Fire with Darts: thrown weapons are 'Ranged Weapons'; only those that 'require a Use Item Action to reload' cannot be used", function()
  -- Two Darts (Range 30') at the Orc 15' off, Unarmored and Ready (13): 16 − 3 = 13 ties, a miss;
  -- 17 − 3 = 14 hits.
  local f = pair({ at = "A2", weapon = "Dart" }, { at = "D2" }, { 16, 17 })
  f:round(duel.still('Rapid Fire -> "Orc"'))
  test.equal(duel.attacks(f, "total"), { 13, 14 })
  test.equal(duel.attacks(f, "kind"), { "thrown", "thrown" })
  test.equal(f:stat("Orc", "wounds"), 1)
end)

test.case("Rapid Fire refused before it is declared: 'Weapons, like crossbows, that require a Use Item Action to reload ... cannot be used'", function()
  -- Refused as the phase begins, like an order a status forbids: Aldric takes the default order
  -- (Defend) in its place, and the note says which order and why; nothing is shot.
  local f = pair({ at = "A2", weapon = "Light Crossbow" }, { at = "F2" }, {})
  f:round(duel.still('Rapid Fire -> "Orc"'))
  test.equal(#f:events("attack"), 0)
  local declared = f:events("declared")[1].fields
  test.equal({ declared.character, declared.action }, { "Aldric", "Defend" })
  test.truthy(duel.narrated(f, [[Aldric: Defend ('Rapid Fire -> "Orc"' is refused (Light Crossbow requires a quick reload): Defend, the default order)]]))
  test.equal(f:stat("Aldric", "loaded"), nil, "the crossbow was not shot")
end)

test.case("Aim with a Sword is refused: 'Take time to aim a ranged weapon', and a Sword is none", function()
  local f = pair({ weapon = "Sword" }, {}, {})
  f:round(duel.still("Aim"))
  test.truthy(duel.narrated(f, "Aldric: Defend ('Aim' is refused (Sword is not a ranged weapon): Defend, the default order)"))
end)

test.case("Aim, then Ranged Attack: 'it gains Favor and has +1 Penetration'", function()
  -- Orc Ready in Chain Mail: Defense 11, Absorb 2. d20 9 + 3 Favor = 12 > 11 hits. The Short
  -- Bow's Penetration 1 + 1 = 2 circumvents Absorb 2: 1 Wound.
  local f = pair({ at = "A2", weapon = "Short Bow" }, { at = "F2", armor = "Chain Mail" }, { 9 })
  f:round [[
    Aldric:
      1: Aim
      2: Ranged Attack -> "Orc"
    Orc:
      1: Use Item
      2: Use Item
  ]]
  test.equal(duel.attacks(f, "total"), { 12 })
  test.equal(duel.attacks(f, "penetration"), { 2 })
  test.equal(f:stat("Orc", "wounds"), 1)
end)

test.case("Defend: 'Melee Attacks on you have Disfavor'; Defend is also the order of a character given none", function()
  -- The Orc has no orders: it Defends (README: default chosen). Unarmored and Ready: 13.
  -- Aldric's Counter: d20 15 − 3 = 12, a miss.
  local f = pair({}, {}, { 15 })
  f:round [[
    Aldric:
      1: Counter -> "Orc"
      2: Defend
  ]]
  test.equal(duel.attacks(f, "total"), { 12 })
  test.equal(duel.attacks(f, "hit"), { false })
end)

local function guarded(dice, mage_armor, orc_at, orc_weapon, more)
  -- Mage at B2 guarded by Bodyguard at B3 (Leather, Sword, Ready: Defense 10 + 2 + 1 = 13);
  -- the Orc at C2 (or `orc_at`, with an Axe or `orc_weapon`) Counters the Mage (Unarmored unless
  -- `mage_armor` says, Ready: 13). `more`: another character.
  return duel.new({
    { name = "Mage", side = "party", at = "B2", weapon = "Staff", armor = mage_armor or "Unarmored" },
    { name = "Bodyguard", side = "party", at = "B3", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = orc_at or "C2", weapon = orc_weapon or "Axe", armor = "Leather" },
    more,
  }, dice)
end
local guard_sheet = [[
    Mage:
      1: Use Item
      2: Use Item
    Bodyguard:
      1: Guard -> "Mage"
      2: Guard -> "Mage"
    Orc:
      1: Counter -> "Mage"
      2: Defend
]]

test.case("Guard: 'You block and negate the Attack if their Attack roll fails' against the Guard's Defense", function()
  local f = guarded({ 13 })
  f:round(guard_sheet)
  test.equal(duel.attacks(f, "hit"), { false })
  test.equal(f:stat("Mage", "wounds"), nil)
end)

test.case("Guard: a blocked Attack is told as every Attack is, its weapon and all its modifiers", function()
  -- The Orc at G2 throws a Javelin at the Mage, 25' off: beyond the Javelin's 15' Range, −2. d20 14
  -- − 2 = 12 does not beat the Bodyguard's 13: blocked.
  local f = guarded({ 14 }, nil, "G2", "Javelin")
  f:round((guard_sheet:gsub('Counter %-> "Mage"', 'Ranged Attack -> "Mage"')))
  test.equal(duel.attacks(f, "text"), { "Orc (Ranged Attack) attacks Mage with Javelin (thrown): d20 14 −2 range "
    .. "20'–30' = 12 vs Bodyguard's Guard 13 — blocked" })
end)

test.case("Guard: the Attack beats the Guard, d6 even: 'the Attack hits you'", function()
  -- d20 15 > 13, d6 4: the Bodyguard is hit; Leather's Absorb 1 takes the Wound, the Mage untouched.
  local f = guarded({ 15, 4 })
  f:round(guard_sheet)
  test.equal(duel.attacks(f, "text"), { "Orc (Counter) attacks Mage with Axe: d20 15 = 15 — beats Bodyguard's Guard 13; d6 4, "
    .. "even: the Attack hits Bodyguard; 1 Wound, Penetration 0" })
  test.equal(duel.attacks(f, "target"), { "Bodyguard" })
  test.equal(duel.attacks(f, "hit"), { true })
  test.equal(f:stat("Mage", "wounds"), nil)
end)

test.case("Guard: 'An Attack roll of a natural 20 always hits', so it gets past a Guard it does not beat", function()
  -- The Orc, 3 Wounds (−3), throws a Javelin from I2 at the Mage, 35' off: the second increment
  -- past its 15' Range, −4. d20 20 − 3 − 4 = 13 only meets the Bodyguard's Guard 13, and a tie
  -- misses, yet a natural 20 hits. d6 4, even: the Bodyguard is hit, a Critical Hit (+1 Wound).
  local f = duel.new({
    { name = "Mage", side = "party", at = "B2", weapon = "Staff", armor = "Unarmored" },
    { name = "Bodyguard", side = "party", at = "B3", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "I2", weapon = "Javelin", armor = "Leather", stats = { wounds = 3 } },
  }, { 20, 4 })
  f:round((guard_sheet:gsub('Counter %-> "Mage"', 'Ranged Attack -> "Mage"')))
  local told = duel.attacks(f, "text")[1]
  test.truthy(told:find("= 13 — natural 20 gets past Bodyguard's Guard 13; d6 4, even: the Attack hits Bodyguard; 2 Wounds", 1, true), told)
  test.equal(duel.attacks(f, "target"), { "Bodyguard" })
  test.equal(duel.attacks(f, "critical"), { true })
end)

test.case("Guard: d6 odd, 'the attacker rolls their Attack against the Guarded normally'", function()
  -- The same 15 against the Mage's Defense 10 + 3 (Unarmored, Ready) + 2 (Staff when Ready) = 15: a tie, a miss.
  -- With 16 it hits: 1 Wound, Absorb 0.
  local f = guarded({ 16, 3 })
  f:round(guard_sheet)
  test.equal(duel.attacks(f, "text"), { "Orc (Counter) attacks Mage with Axe: d20 16 = 16 vs Defense 15 — beats "
    .. "Bodyguard's Guard 13; d6 3, odd: Bodyguard cannot block — hit; 1 Wound, Penetration 0" })
  test.equal(duel.attacks(f, "target"), { "Mage" })
  test.equal(duel.attacks(f, "hit"), { true })
  test.equal(f:stat("Mage", "wounds"), 1)
end)

test.case("Guard: 'Move up to 15' staying adjacent to your Guard Target': the Bodyguard keeps beside the Mage as she moves, and guards her there", function()
  -- The Mage walks B2 → D2; the Bodyguard, beside her at B3, steps into C2 behind her. The Orc
  -- at E3, beside D2, Counters her: d20 16 beats the Guard's 13, d6 4, even: the Bodyguard is
  -- hit (Leather's Absorb 1 takes the Wound). Left at B3, he could not have guarded her, and 16
  -- would have beaten her own Defense 15.
  local f = guarded({ 16, 4 }, nil, "E3")
  f:round [[
    Mage:
      1: Move E, E
      2: Defend
    Bodyguard:
      1: Guard -> "Mage"
      2: Guard -> "Mage"
    Orc:
      1: Counter -> "Mage"
      2: Defend
  ]]
  test.equal(f:cell("Mage"), "D2")
  test.equal(f:cell("Bodyguard"), "C2")
  test.equal(duel.attacks(f, "target"), { "Bodyguard" })
  test.equal(f:stat("Mage", "wounds"), nil)
end)

-- A house rule for the next case: a flask of poison gas, thrown, whose Wound Ignores Absorb ("This
-- mostly includes environmental dangers like falling, drowning or poison gas").
arbiter.define.action("Throw Gas Flask", { ready = true, needs_target = true, target = "enemy", resolve = function(ctx)
  arbiter.hooks.attack(ctx, ctx.target, { verb = "Throw Gas Flask", ignores_absorb = true,
                                          profile = { name = "poison gas", range = 15, penetration = 0, wounds = 1 } })
end })

test.case("Guard: 'You cannot Guard against Area of Effect Attacks or effects that Ignore Absorb'", function()
  -- The Bodyguard does not block the gas: the roll goes against the Mage's own Defense, 10 + 1
  -- (Chain Mail) + 2 (Staff when Ready) = 13. d20 14 hits, and its Wound Ignores the Absorb 2.
  local f = guarded({ 14 }, "Chain Mail")
  f:round [[
    Mage:
      1: Use Item
      2: Use Item
    Bodyguard:
      1: Guard -> "Mage"
      2: Guard -> "Mage"
    Orc:
      1: Throw Gas Flask -> "Mage"
      2: Defend
  ]]
  test.equal(duel.attacks(f, "text"), { "Orc (Throw Gas Flask) attacks Mage with poison gas: d20 14 = 14 vs Defense 13 "
    .. "(Bodyguard cannot block: no Guard against an Attack that Ignores Absorb) — hit; 1 Wound, Penetration 0" })
  test.equal(f:stat("Mage", "wounds"), 1)
end)

test.case("Guard: 'You protect another Character' — 'Guard -> self' is refused on the sheet", function()
  local f = guarded({})
  test.fails(function() f:round [[
    Mage:
      1: Use Item
      2: Use Item
    Bodyguard:
      1: Guard -> self
      2: Defend
  ]] end, "'Bodyguard' cannot Guard itself: the target of Guard is an ally")
end)

test.case("Guard at an enemy named: 'Opponents attacking the Guarded' — an ally is guarded, so it is refused on the sheet", function()
  local f = guarded({})
  test.fails(function() f:round [[
    Mage:
      1: Use Item
      2: Use Item
    Bodyguard:
      1: Guard -> "Orc"
      2: Defend
  ]] end, "'Orc' is not an ally of 'Bodyguard' (party): the target of Guard is an ally")
end)

test.case("Guard at an enemy the fight finds: refused before it is declared, so the Guard does not walk to it, and the Orc's Attack is not blocked", function()
  -- The Bodyguard (B3) takes Defend in place of following the Orc (C4, two squares away); the Orc's
  -- Counter at the Mage meets her own Defense 15 (Unarmored and Staff, Ready): 16 hits.
  local f = guarded({ 16 }, nil, "C4")
  f:round [[
    Mage:
      1: Use Item
      2: Use Item
    Bodyguard:
      1: Guard -> the closest enemy
      2: Defend
    Orc:
      1: Counter -> "Mage"
      2: Defend
  ]]
  test.truthy(duel.narrated(f, "Bodyguard: Defend ('Guard -> closest enemy' is refused (Orc is not an ally of Bodyguard: the target of Guard is an ally): Defend, the default order)"))
  test.equal(f:cell("Bodyguard"), "B3", "refused, it does not follow the Orc")
end)

test.case("Guard: 'For each additional Attack you attempt to Guard against ..., your Deflection has a -1 penalty this Action Phase' — its own Defense too", function()
  -- The Orc (C2) and the Goblin (C1) Counter the Mage: d20 5 each, blocked by the Bodyguard's 13,
  -- then 12 (one more Attack guarded). The Archer's arrow at the Bodyguard then meets his Defense
  -- 13 − 1 = 12: d20 13 hits.
  local f = duel.new({
    { name = "Mage", side = "party", at = "B2", weapon = "Staff", armor = "Unarmored" },
    { name = "Bodyguard", side = "party", at = "B3", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Leather" },
    { name = "Goblin", side = "orcs", at = "C1", weapon = "Axe", armor = "Leather" },
    { name = "Archer", side = "orcs", at = "F3", weapon = "Short Bow", armor = "Leather" },
  }, { 5, 5, 13 })
  local sheet = [[
    Mage:
      1: Use Item
      2: Use Item
    Bodyguard:
      1: Guard -> "Mage"
      2: Defend
    Orc:
      1: Counter -> "Mage"
      2: Defend
    Goblin:
      1: Counter -> "Mage"
      2: Defend
    Archer:
      1: Ranged Attack -> "Bodyguard"
      2: Defend
  ]]
  f:round(sheet)
  test.equal(duel.attacks(f, "hit"), { false, false, true })
  test.truthy(duel.narrated(f, "Archer (Ranged Attack) attacks Bodyguard with Short Bow: d20 13 = 13 vs Defense 12 — hit"))
  -- Under the house rule `penalty_on_own_defense = false` the penalty is the blocks' only: 13 misses.
  duel.with_patch("actions_data", { Guard = { penalty_on_own_defense = false } }, function()
    local g = duel.new({
      { name = "Mage", side = "party", at = "B2", weapon = "Staff", armor = "Unarmored" },
      { name = "Bodyguard", side = "party", at = "B3", weapon = "Sword", armor = "Leather" },
      { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Leather" },
      { name = "Goblin", side = "orcs", at = "C1", weapon = "Axe", armor = "Leather" },
      { name = "Archer", side = "orcs", at = "F3", weapon = "Short Bow", armor = "Leather" },
    }, { 5, 5, 13 })
    g:round(sheet)
    test.equal(duel.attacks(g, "hit"), { false, false, false })
  end)
end)

test.case("the source's Example Actions Order: Charge, then 'IF: I reach the enemy' Full Attack, ELSE Charge", function()
  -- Aldric charges A2 → D2 beside the Orc (E2, Defending: Leather, Ready: 12; Disfavor on melee):
  -- 9 + 3 − 3 = 9. He reached it: phase 2 is a Full Attack, two Attacks of 9 − 3 = 6.
  local f = pair({ at = "A2" }, { at = "E2", armor = "Leather" }, { 9, 9, 9 })
  f:round [[
    Aldric:
      1: Charge -> closest enemy
      2: IF I reach the enemy THEN Full Attack -> closest enemy ELSE Charge -> closest enemy
  ]]
  test.equal(duel.attacks(f, "total"), { 9, 6, 6 })
end)

test.case("Clash: 'Characters that were using Charge still get to make an Attack with Favor despite being Not Ready'", function()
  -- Aldric (A2) charges the Orc (D2), who Moves west: after one step each (B2, C2) their next
  -- steps would swap them: a Clash, both stop, Aldric having moved only 5'. The Orc (Ready) takes
  -- its Attack of Opportunity first: 1, a miss. Aldric's Charge keeps its Favor: 10 + 3 = 13 > 12.
  local f = pair({ at = "A2" }, { at = "D2", armor = "Leather" }, { 1, 10 })
  f:round [[
    Aldric:
      1: Charge -> "Orc"
      2: Defend
    Orc:
      1: Move W, W
      2: Defend
  ]]
  test.equal(#f:events("clash"), 1)
  test.equal(f:cell("Aldric"), "B2")
  test.equal(duel.attacks(f, "total", "Aldric"), { 13 })
end)

-- A Clash stops the Orc's Charge at Bea: Aldric (A2) Moves east, the Orc (E2) Charges 15' west;
-- both want C2 at the second step. Aldric takes it and both stop, the Orc at D2 having moved
-- only 5'. Aldric (Ready) takes his Attack of Opportunity first: 1, a miss.
local function charge_stopped_by_clash(bea_at, dice)
  local f = duel.new({
    { name = "Aldric", side = "party", at = "A2", weapon = "Sword", armor = "Leather" },
    { name = "Bea", side = "party", at = bea_at, weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "E2", weapon = "Axe", armor = "Leather" },
  }, dice)
  f:round [[
    Aldric:
      1: Move 15' E
      2: Defend
    Bea:
      1: Use Item
      2: Defend
    Orc:
      1: Charge 15' W -> "Bea"
      2: Defend
  ]]
  test.equal(#f:events("clash"), 1)
  test.equal({ f:cell("Aldric"), f:cell("Orc") }, { "C2", "D2" })
  return f
end

test.case("Clash: a Charge stopped beside its declared target attacks it, with Favor", function()
  -- Bea (D3) is beside the Orc at D2. Sword and Leather, Ready: Defense 13. 11 + 3 Favor = 14 hits,
  -- though the Orc moved only 5'.
  local f = charge_stopped_by_clash("D3", { 1, 11 })
  test.equal(duel.attacks(f, "target", "Orc"), { "Bea" })
  test.equal(duel.attacks(f, "total", "Orc"), { 14 })
  test.equal(duel.attacks(f, "hit", "Orc"), { true })
  test.truthy(duel.narrated(f, "Orc (Charge) attacks Bea with Axe: d20 11 +3 Favor (Charge, Clash) = 14"))
end)

test.case("Clash: a Charge stopped short of its declared target attacks the opponent it clashed with, with Favor", function()
  -- Bea (H5) is out of the Orc's reach; Aldric, who stopped it, stands beside it (README: default
  -- chosen). Sword and Leather, Ready: Defense 13. 11 + 3 Favor = 14 hits.
  local f = charge_stopped_by_clash("H5", { 1, 11 })
  test.equal(duel.attacks(f, "target", "Orc"), { "Aldric" })
  test.equal(duel.attacks(f, "total", "Orc"), { 14 })
  test.equal(duel.attacks(f, "hit", "Orc"), { true })
  test.truthy(duel.narrated(f, "Orc (Charge) attacks Aldric with Axe: d20 11 +3 Favor (Charge, Clash) = 14"))
end)

test.case("Guard: 'For each additional Attack you attempt to Guard against during this Action Phase, your Deflection has a -1 penalty'", function()
  -- Two Orcs Counter the Mage. The first 12 does not beat the Bodyguard's 13: blocked. The
  -- second is the additional Attack: 13 beats 13 − 1 = 12; d6 4 (even): the Bodyguard is hit.
  local f = duel.new({
    { name = "Mage", side = "party", at = "B2", weapon = "Staff", armor = "Unarmored" },
    { name = "Bodyguard", side = "party", at = "B3", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Leather" },
    { name = "Orc #2", side = "orcs", at = "C1", weapon = "Axe", armor = "Leather" },
  }, { 12, 13, 4 })
  f:round [[
    Mage:
      1: Use Item
      2: Use Item
    Bodyguard:
      1: Guard -> "Mage"
      2: Guard -> "Mage"
    Orc:
      1: Counter -> "Mage"
      2: Defend
    "Orc #2":
      1: Counter -> "Mage"
      2: Defend
  ]]
  test.equal(duel.attacks(f, "hit"), { false, true })
  test.equal(duel.attacks(f, "target"), { "Mage", "Bodyguard" })
end)

test.case("Two Guards: 'You can attempt to block Attacks against the Guarded'; each Attack is blocked by the Guard best placed, the freshest", function()
  -- The Squire (A2), like the Bodyguard, Guards the Mage: Guard 13 each. The Orc's Full Attack:
  -- its first 13 does not beat the Bodyguard's 13 (a tie: the first in encounter order): blocked.
  -- For the second, the Bodyguard's "additional Attack" would be at 13 − 1 = 12, the Squire is
  -- still at 13: the Squire blocks it, and 13 does not beat 13 either (README: default chosen).
  -- One Guard alone would have been beaten by it.
  local squire = { name = "Squire", side = "party", at = "A2", weapon = "Sword", armor = "Leather" }
  local f = guarded({ 13, 13 }, nil, nil, nil, squire)
  f:round((guard_sheet:gsub('Counter %-> "Mage"', 'Full Attack -> "Mage"')) ..
          'Squire:\n  1: Guard -> "Mage"\n  2: Defend\n')
  test.equal(duel.attacks(f, "guard"), { "Bodyguard", "Squire" })
  test.equal(duel.attacks(f, "hit"), { false, false })
  test.truthy(duel.narrated(f, "= 13 vs Squire's Guard 13 — blocked"))
end)

test.case("Full Attack with two opponents beside: both Attacks go to the declared Target", function()
  -- "Most Actions require one or more designated Targets, which must be declared with the Action order."
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Leather" },
    { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Unarmored" },
    { name = "Goblin", side = "orcs", at = "A2", weapon = "Axe", armor = "Unarmored" },
  }, { 1, 1 })
  f:round [[
    Aldric:
      1: Full Attack -> "Orc"
      2: Defend
    Orc:
      1: Use Item
      2: Use Item
    Goblin:
      1: Use Item
      2: Use Item
  ]]
  test.equal(duel.attacks(f, "target"), { "Orc", "Orc" })
end)

test.case("a diagonal neighbour on a euclidean map is adjacent, within a 5' reach: 'two Attacks against adjacent opponents'", function()
  -- 7.07' away, yet "an enemy is adjacent" holds for it: Full Attack reaches it, and leaving it is
  -- "an adjacent enemy moves into a non-adjacent space", an Attack of Opportunity.
  local euclidean = { width = 10, height = 6, metric = "euclidean" }
  local f = duel.pair({ at = "E5" }, { at = "F6" }, { 15, 15, 1 }, euclidean)
  f:round [[
    Aldric:
      1: IF an enemy is adjacent THEN Full Attack -> the adjacent enemy ELSE Defend
      2: Move W
    Orc:
      1: Defend
      2: Defend
  ]]
  test.equal(duel.attacks(f, "target", "Aldric"), { "Orc", "Orc" }, "the Full Attack's two")
  test.equal(duel.attacks(f, "target", "Orc"), { "Aldric" }, "the Attack of Opportunity as Aldric leaves")
end)
