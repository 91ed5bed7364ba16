-- The combat arithmetic of Platemail as pure functions on plain tables: Defense, Absorb, the
-- modifiers of an Attack roll, range bands, hit and Critical Hit, the Wound tally, Wound states,
-- severed limbs, Guard's block and Rescue's die. The actions and the fight flow call these;
-- nothing here rolls a die, keeps state or prints.
--
-- Every number is read from the registry tables (arbiter.tables.rules, .weapons, .armor,
-- .shields, .actions_data, .weapon_properties, .armor_properties) at the moment of the call, so
-- a house rule that patches a table changes the result. Each function quotes the sentence of
-- the source (shared/seeds/000_d6b6bd476c0ecf39.txt) it implements.
--
--   local combat = require "combat"
--   local total, parts = combat.defense({ armor = "Chain Mail", shield = "Shield", ready = true })
--   --> 13, { { amount = 10, reason = "base" }, { amount = 1, reason = "Chain Mail" }, ... }
-- Globals read often, as locals: a global is looked up through the pack's environment to the
-- shared globals (a metamethod at each read), a local is a register.
local ipairs, pairs, type, math, table = ipairs, pairs, type, math, table
local arbiter = require "arbiter"
local words = require "arbiter.words"

---A character in a fight, as the flow hands it to these functions.
---@class platemail.Combatant
---@field name string
---@field weapon? string a key of arbiter.tables.weapons
---@field armor? string a key of arbiter.tables.armor; nil is "Unarmored"
---@field shield? string a key of arbiter.tables.shields, or nil
---@field ready boolean Ready through this Action Phase (from its action's (R)/(NR))
---@field wounds? integer Wounds tallied before this Action Phase
---@field strength? integer nil: no Strength known, no shortfall
---@field unaware? boolean Unaware of the character it is compared with (Skulk, Defend, Guard)
---@field action? string its action this Action Phase, a key of arbiter.tables.actions_data
---@field mounted? boolean
---@field severed? string[] the limbs it has lost, as combat.limb names them ("left leg")
---@field down? boolean Unconscious or Dead: it holds no shield up to give Cover

-- One term of a sum, with the reason a GM reads, is a platemail.Part (types/platemail.lua, where a
-- house rule's editor finds it for the hook `check`).

---What the flow knows about one Attack.
---@class platemail.Situation
---@field kind "melee"|"ranged"|"thrown"
---@field moved? integer feet the attacker moved this Action Phase (Charge)
---@field distance? integer feet to the target, measured at the start of the Action Phase
---@field cover? boolean|string the target has Cover from this attacker: true, or what gives it when not the ground (an ally's shield, "Bo's Tower Shield")
---@field high_ground? boolean the attacker shoots from High Ground
---@field first_attack_on_unaware? boolean the attacker's first Attack on a target Unaware of it
---@field aimed? boolean the attacker's previous Action was Aim
---@field opportunity? boolean an Attack of Opportunity (not part of the attacker's action)
---@field clash? boolean the Attack of a Clash (Charge keeps its Favor whatever `moved`)
---@field dual_wield? boolean
---@field attacker_statuses? platemail.Part[] the modifiers the attacker's statuses put on its Attack rolls (roll "attack")
---@field target_statuses? platemail.Part[] those the target's statuses put on Attack rolls against it (roll "attacks against")

---One hit landing in an Action Phase, for the tally.
---@class platemail.Hit
---@field wounds integer
---@field penetration? integer
---@field ignores_absorb? boolean
---@field absorb? integer the target's Absorb when this Attack was made, if not the tally's `absorb`

local combat = {}

local tables = arbiter.tables

-- The profile a Released spell has when no spell is named or none is defined (README: default chosen).
local GENERIC_SPELL = "Spell"

local function sum(parts)
  local total = 0
  for i = 1, #parts do
    local part = parts[i]
    total = total + (type(part) == "number" and part or part.amount)
  end
  return total
end
combat.sum = sum

---The row `name` of `arbiter.tables[table_name]`, read now. One not there is an error, placed at
---the line that called the caller of this and naming the nearest rows ("Leathr": did you mean
---'Leather'?), rather than a nil that fails later.
---@param table_name string
---@param name string
---@return table
function combat.row(table_name, name)
  local entry = tables[table_name][name]
  if entry == nil then
    local names = {}
    for key in pairs(tables[table_name]) do names[#names + 1] = key end
    error(("arbiter.tables.%s has no row '%s'%s"):format(table_name, tostring(name), words.hint(name, names)), 3)
  end
  return entry
end
local row = combat.row

local function armor_of(c) return row("armor", c.armor or "Unarmored"), c.armor or "Unarmored" end

-- The data of the combatant's action this Action Phase; an unknown name is an error.
local function action_of(c)
  if not (c and c.action) then return nil end
  return row("actions_data", c.action)
end

-- Is an attack of this kind covered by a table's "melee" | "ranged" | "melee_or_thrown" | "any" |
-- "all"? Thrown weapons are in the source's "Ranged Weapons" section, so a thrown Attack is a
-- Ranged Attack. "melee_or_thrown" (Charge's Attack, README: default chosen) is a melee Attack or
-- a throw, never a shot of a bow, crossbow, sling or blowgun.
local function kind_matches(spec, kind)
  if spec == "any" or spec == "all" then return true end
  if spec == "ranged" then return kind == "ranged" or kind == "thrown" end
  if spec == "melee_or_thrown" then return kind == "melee" or kind == "thrown" end
  return spec == kind
end
combat.kind_matches = kind_matches

local function is_ranged(kind) return kind_matches("ranged", kind) end

-- ---------------------------------------------------------------------------------------------
-- Severed limbs. Severs Limb: "Roll 1d4: 1=L Leg, 2=R Leg, 3=L Arm, 4=R Arm." What losing one
-- does is not in the source: default chosen (README), read from rules.severed_limbs.

-- "left leg" -> "leg". Kept by name: every Attack and move asks, several times a phase.
local LIMB_KINDS = {}
local function limb_kind(limb)
  local kind = LIMB_KINDS[limb]
  if kind == nil then
    kind = limb:match("(%a+)$")
    LIMB_KINDS[limb] = kind
  end
  return kind
end

-- The legs and arms everyone has, weapon_properties.severs_limb.limbs counted by kind: counted
-- again only when a definition changes (arbiter.revision), not at each of the many times a phase
-- asks combat.limbs_left.
local whole = { revision = nil, leg = 0, arm = 0 }
local function whole_limbs()
  local revision = arbiter.revision()
  if whole.revision ~= revision then
    local count = { revision = revision, leg = 0, arm = 0 }
    for _, limb in ipairs(tables.weapon_properties.severs_limb.limbs) do
      local kind = limb_kind(limb)
      count[kind] = (count[kind] or 0) + 1
    end
    whole = count
  end
  return whole
end

---How many legs and arms a combatant has left: those of weapon_properties.severs_limb.limbs
---(two of each), less those it has lost (`c.severed`). The one count every rule of limbs reads.
---@param c platemail.Combatant
---@return integer legs
---@return integer arms
function combat.limbs_left(c)
  local count = whole_limbs()
  if not c.severed or #c.severed == 0 then return count.leg, count.arm end
  local left = { leg = count.leg, arm = count.arm }
  for _, limb in ipairs(c.severed) do
    local kind = limb_kind(limb)
    if left[kind] then left[kind] = math.max(0, left[kind] - 1) end
  end
  return left.leg, left.arm
end

-- The section of rules.severed_limbs for `left` legs or arms ("leg", "arm"), and how a GM reads
-- it; nil with all of them.
local LIMB_RULES = { leg = { [1] = "one_leg", [0] = "no_legs" }, arm = { [1] = "one_arm", [0] = "no_arms" } }
local LIMB_WORDS = { one_leg = "one leg severed", no_legs = "both legs severed", one_arm = "one arm",
                     no_arms = "no arms" }

local function limb_rule(kind, left)
  local key = LIMB_RULES[kind][left]
  if not key then return nil, nil end
  return tables.rules.severed_limbs[key], LIMB_WORDS[key]
end

---How far a combatant with a severed leg may move with an action that goes `feet`: with one leg
---`one_leg.move_factor` of it (half), rounded down to whole squares but at least `min_squares`;
---with none, `no_legs`' (nothing). Nil when its legs do not shorten it.
---@param feet integer the action's distance
---@param c platemail.Combatant
---@param square integer feet per square of the map
---@return integer? feet nil: the action's own distance
---@return string? reason "one leg severed", "both legs severed"
function combat.legs_move(feet, c, square)
  local legs = combat.limbs_left(c)
  local rule, reason = limb_rule("leg", legs)
  if not rule or feet <= 0 then return nil, nil end
  local squares = math.max(math.floor(feet * rule.move_factor / square), rule.min_squares or 0)
  -- As far as the action goes in whole squares anyway (Move 15' on 10' squares: one): no shorter.
  if squares >= math.floor(feet / square) then return nil, nil end
  return squares * square, reason
end

---The shield a character holds, given its weapon in hand and its arms: none while that weapon
---needs both hands ("Two Handed Weapons"; README: default chosen), none with one arm or no arms
---(`rules.severed_limbs.one_arm.shield`, `.no_arms.shield`; README: default chosen). A Use Item
---swap to a one-handed weapon takes it up again, if it has both arms. With a shield carried but
---not held, why, as a GM reads it.
---@param weapon? string
---@param shield? string
---@param arms? integer arms left (combat.limbs_left); nil: both
---@return string? shield nil: none held
---@return string? reason when `shield` is carried but not held: "one arm", "no arms", "Great Sword needs both hands"
function combat.shield_in_hand(weapon, shield, arms)
  if not shield then return nil, nil end
  local rule, reason = limb_rule("arm", arms or 2)
  if rule and rule.shield == false then return nil, reason end
  if weapon and (row("weapons", weapon).hands or 1) >= 2 then return nil, weapon .. " needs both hands" end
  return shield, nil
end

-- The section of rules.severed_limbs for the arms `c` has left, and its words; nil with both.
local function arm_rule(c)
  local _, arms = combat.limbs_left(c)
  return limb_rule("arm", arms)
end

---Whether a combatant can make an Attack with a weapon: not without arms
---(`rules.severed_limbs.no_arms.weapon_attacks`; README: default chosen).
---@param c platemail.Combatant
---@return boolean
---@return string? reason "no arms"
function combat.can_attack_with_weapon(c)
  local rule, reason = arm_rule(c)
  if rule and rule.weapon_attacks == false then return false, reason end
  return true, nil
end

-- Whether a section of rules.severed_limbs refuses an action: `actions[name] = false`.
local function refuses(rule, action)
  return rule ~= nil and rule.actions ~= nil and rule.actions[action] == false
end

---Whether a combatant's limbs let it take an action at all: not one that the section of
---rules.severed_limbs for its legs, or for its arms, refuses (`actions`; README: default chosen:
---no arms, no Use Item, Stabilize or Rescue, which take hands; one arm does them all).
---@param c platemail.Combatant
---@param action string a key of arbiter.tables.actions_data
---@return boolean
---@return string? reason "no arms"
function combat.limbs_allow(c, action)
  local legs, arms = combat.limbs_left(c)
  local rule, reason = limb_rule("leg", legs)
  if refuses(rule, action) then return false, reason end
  rule, reason = limb_rule("arm", arms)
  if refuses(rule, action) then return false, reason end
  return true, nil
end

-- Whether the weapon in hand adds its Deflection ("Sword: +1 Deflection when Ready"): a weapon
-- deflects a blow only when wielded, so not without arms (`no_arms.weapon_deflection`; README:
-- default chosen). One arm still wields it, a two-handed one at Disfavor.
local function weapon_deflects(c)
  local rule = arm_rule(c)
  return not (rule and rule.weapon_deflection == false)
end

-- The Favor or Disfavor of wielding a two-handed weapon with one hand (one arm left), as
-- { kind, source }; nil when none.
local function one_handed(c)
  if not c.weapon then return nil end
  local rule, reason = arm_rule(c)
  if not (rule and rule.two_handed) or (row("weapons", c.weapon).hands or 1) < 2 then return nil end
  return { kind = rule.two_handed, source = reason }
end
-- ---------------------------------------------------------------------------------------------
-- Weapon conditions (weapon_conditions): what each one reads of the wielder and the target.

local CONDITIONS = {
  wielder_ready = function(w) return w.ready == true end,
  wielder_action = function(w) return w.action end,
  wielder_mounted = function(w) return w.mounted == true end,
  target_unaware = function(_, t) return t ~= nil and t.unaware == true end,
  target_has_shield = function(_, t) return t ~= nil and t.shield ~= nil end,
  target_action = function(_, t) return t and t.action end,
}

---Whether combat.lua can judge the weapon condition `name` (a bonus's `when`): a name of
---weapon_conditions that none of these can judge would need code of its own.
---@param name string
---@return boolean
function combat.knows_condition(name) return CONDITIONS[name] ~= nil end

---The weapon conditions combat.lua can judge, sorted.
---@return string[]
function combat.condition_names()
  local names = {}
  for name in pairs(CONDITIONS) do names[#names + 1] = name end
  table.sort(names)
  return names
end

local DESCRIBE = {
  wielder_ready = function() return "Ready" end,
  wielder_action = function(v) return "using " .. v end,
  wielder_mounted = function() return "Mounted" end,
  target_unaware = function() return "vs Unaware" end,
  target_has_shield = function() return "vs shield" end,
  target_action = function(v) return "vs " .. v end,
}

---Whether every condition of a weapon bonus's `when` holds ("all listed must hold").
---@param when table<string, any> e.g. { target_action = "Charge", wielder_ready = true }
---@param wielder platemail.Combatant
---@param target? platemail.Combatant nil: conditions on the target do not hold
---@return boolean
function combat.conditions_hold(when, wielder, target)
  for name, expected in pairs(when) do
    local read = CONDITIONS[name]
    if not read or not tables.weapon_conditions[name] then
      error(("unknown weapon condition %q (see arbiter.tables.weapon_conditions)"):format(tostring(name)), 2)
    end
    if read(wielder, target) ~= expected then return false end
  end
  return true
end

-- The reason of a bonus: "Flail vs shield", "Spear using Charge"; the weapon alone for a bonus
-- without conditions (a house rule's `when = {}`).
local function bonus_reason(weapon_name, when)
  local words, names = {}, {}
  for name in pairs(when) do names[#names + 1] = name end
  table.sort(names)
  for _, name in ipairs(names) do
    words[#words + 1] = DESCRIBE[name] and DESCRIBE[name](when[name]) or name
  end
  if #words == 0 then return weapon_name end
  return weapon_name .. " " .. table.concat(words, ", ")
end

---The weapon's attack row for a kind of Attack, or nil when the weapon has none (a Bow has no
---melee attack) or the combatant has no weapon.
---@param c platemail.Combatant
---@param kind "melee"|"ranged"|"thrown"
---@return table? row { table, penetration, wounds, reach|range, properties }
function combat.attack_row(c, kind)
  if not c.weapon then return nil end
  return row("weapons", c.weapon)[kind]
end

-- Adds to `parts` the bonuses to `stat` of one attack row of the wielder's weapon whose
-- conditions hold.
local function add_row_bonuses(parts, attack, stat, wielder, target)
  local bonuses = attack and attack.properties and attack.properties.bonuses
  if not bonuses then return end
  for _, bonus in ipairs(bonuses) do
    if bonus.stat == stat and combat.conditions_hold(bonus.when, wielder, target) then
      parts[#parts + 1] = { amount = bonus.amount, reason = bonus_reason(wielder.weapon, bonus.when) }
    end
  end
end

local EVERY_KIND = { "melee", "thrown", "ranged" }

-- Adds to `parts`, and returns it, the weapon's bonuses to `stat` whose conditions hold: those of
-- its `kind` attack row, or of every row without a kind ("Sword: +1 Deflection when Ready").
local function add_weapon_bonuses(parts, stat, wielder, target, kind)
  if not wielder.weapon then return parts end
  local weapon = row("weapons", wielder.weapon)
  if kind then
    add_row_bonuses(parts, weapon[kind], stat, wielder, target)
    return parts
  end
  for _, each in ipairs(EVERY_KIND) do add_row_bonuses(parts, weapon[each], stat, wielder, target) end
  return parts
end

---"Dagger: +1 Penetration against Unaware Targets." "Spear: +1 Penetration when using Charge."
---"Lance: +2 Penetration when Mounted and using Charge." "Pike: +1 Penetration against Targets
---that Charge if Ready." The weapon's attack row and the Penetration bonuses that hold now.
---@param c platemail.Combatant the attacker
---@param kind "melee"|"ranged"|"thrown"
---@param target? platemail.Combatant
---@return table? row nil: the weapon cannot attack this way
---@return platemail.Part[] bonuses
function combat.weapon_attack(c, kind, target)
  local attack = combat.attack_row(c, kind)
  if not attack then return nil, {} end
  return attack, add_weapon_bonuses({}, "penetration", c, target, kind)
end

---"Penetration ignores Absorb of a Target up to that Penetration value"; Aim: "If your next
---Action is Ranged Attack, it gains Favor and has +1 Penetration." The Penetration of an Attack
---before a Critical Hit (combat.attack adds that): the weapon's, its bonuses, Aim's.
---@param c platemail.Combatant the attacker
---@param kind "melee"|"ranged"|"thrown"
---@param target? platemail.Combatant
---@param situation? platemail.Situation reads `aimed`
---@return integer? total nil: the weapon cannot attack this way
---@return platemail.Part[] parts
function combat.penetration(c, kind, target, situation)
  local attack, bonuses = combat.weapon_attack(c, kind, target)
  if not attack then return nil, {} end
  local parts = { { amount = attack.penetration, reason = c.weapon } }
  for _, part in ipairs(bonuses) do parts[#parts + 1] = part end
  local aim = tables.actions_data["Aim"].next_action
  if situation and situation.aimed and c.action == aim.name and aim.penetration and is_ranged(kind) then
    parts[#parts + 1] = { amount = aim.penetration, reason = "Aim" }
  end
  return sum(parts), parts
end

-- ---------------------------------------------------------------------------------------------
-- Defense and Absorb

-- Does this armor or shield count now? "Shields provide Deflection and Absorb only when a
-- Character is Ready"; Ready Only: "Only provides Deflection and Absorb when Ready."
local function counts(entry, is_shield, c)
  if c.ready then return true end
  if entry.properties and entry.properties.ready_only then return false end
  return not (is_shield and tables.rules.shields.only_when_ready)
end

-- Adds to `parts`, and returns it, the armor's and the shield's `stat` where they count now.
local function add_protection(parts, c, stat)
  local armor, armor_name = armor_of(c)
  if counts(armor, false, c) and armor[stat] ~= 0 then
    parts[#parts + 1] = { amount = armor[stat], reason = armor_name }
  end
  if c.shield then
    local shield = row("shields", c.shield)
    if counts(shield, true, c) and shield[stat] ~= 0 then
      parts[#parts + 1] = { amount = shield[stat], reason = c.shield }
    end
  end
  return parts
end

---"This total is compared to the Target's Defense which is 10 + the Deflection of any Shields
---or Armor." Shields and Ready Only armor (Unarmored) count only when Ready; the Sword's "+1
---Deflection when Ready" and the Staff's "+2 Deflection when Ready" are added when they hold,
---and the weapon is wielded (not without arms: rules.severed_limbs, README: default chosen).
---@param c platemail.Combatant
---@return integer total
---@return platemail.Part[] parts the first is the base, { amount = 10, reason = "base" }
function combat.defense(c)
  local parts = { { amount = tables.rules.attack_rolls.defense_base, reason = "base" } }
  add_protection(parts, c, "deflection")
  if weapon_deflects(c) then add_weapon_bonuses(parts, "deflection", c, nil) end
  return sum(parts), parts
end

---"Absorb is the number of Wounds armor outright prevents per Action Phase"; "Shields provide
---Deflection and Absorb only when a Character is Ready." Armor and shield are summed (README:
---ambiguities).
---@param c platemail.Combatant
---@return integer total
---@return platemail.Part[] parts
function combat.absorb(c)
  local parts = add_protection({}, c, "absorb")
  return sum(parts), parts
end

-- ---------------------------------------------------------------------------------------------
-- Range

-- Feet as a GM reads them: whole feet as they are, any other distance (a diagonal on a Euclidean
-- map, √40 × 5') to one decimal: "125'", "31.6'".
local function feet(distance)
  if distance == math.floor(distance) then return ("%d'"):format(distance) end
  return ("%.1f'"):format(distance)
end

---"Attacks within Range receive no penalties. Beyond this Range, Attacks receive a -2 penalty
---for each additional Range increment (round up)." "Ranged Weapons cannot reach further than 4
---times their Range normally." The fourth band is -6 by this rule (the source's example prints
----4: README, defects).
---@param range_feet number the weapon's Range
---@param distance_feet number whole 5' steps on most maps; any distance on a Euclidean one
---@return integer? modifier nil: out of reach
---@return string reason the band, "range 35'–60'", or why it is out of reach
function combat.range_modifier(range_feet, distance_feet)
  local ranged = tables.rules.ranged
  local reach = range_feet * ranged.max_range_multiple
  if distance_feet > reach then
    return nil, ("%s is beyond %s (%d × Range %s)"):format(feet(distance_feet), feet(reach),
                                                         ranged.max_range_multiple, feet(range_feet))
  end
  local increments = distance_feet / range_feet
  increments = ranged.increments_round_up and math.ceil(increments) or math.floor(increments)
  increments = math.max(increments, 1)
  local modifier = (increments - 1) * ranged.modifier_per_extra_increment
  local beyond, to = (increments - 1) * range_feet, increments * range_feet
  -- The source's bands ("Receives a -2 Attack at 35'-60'") count in 5' steps. A distance off
  -- them (a Euclidean diagonal, √40 × 5' = 31.6') may lie short of its band's first step: told
  -- with the distance itself and the true bounds of its increment.
  if distance_feet % ranged.distance_step ~= 0 then
    local band = increments == 1 and ("up to %s"):format(feet(to))
                 or ("over %s, up to %s"):format(feet(beyond), feet(to))
    return modifier, ("range %s (%s)"):format(feet(distance_feet), band)
  end
  return modifier, ("range %s–%s"):format(feet(beyond + ranged.distance_step), feet(to))
end

-- ---------------------------------------------------------------------------------------------
-- Favor, Disfavor and the other modifiers of an Attack roll

local function favor_of(kind, source)
  return { kind = kind, source = source }
end

-- The kinds of Attack an action's `attacks_on_you` may name, in the order their verdicts count.
local ATTACKS_ON_YOU_ORDER = { "all", "melee", "ranged" }

-- Every Favor and Disfavor this Attack gets, in a fixed order, as { kind, source }.
local function favors(attacker, target, situation)
  local found = {}
  local kind = situation.kind
  local data = tables.actions_data
  -- The attacker's own action: Charge ("make an Attack with Favor. You must move at least 10'
  -- to receive Favor"), Rapid Fire ("Your Ranged Attacks have Disfavor"), Terror ("one Attack at
  -- Disfavor"). Not for an Attack of Opportunity, made "in addition to their chosen Actions".
  -- Clash: "Characters that were using Charge still get to make an Attack with Favor despite
  -- being Not Ready", however far they got before the paths met.
  local own = action_of(attacker)
  if own and own.attacks and own.attacks.modifier and not situation.opportunity
     and kind_matches(own.attacks.kind, kind) then
    local min = own.move and own.move.min_for_favor
    local short = min and own.attacks.modifier == "favor" and (situation.moved or 0) < min
    if situation.clash and attacker.action == "Charge" and data["Clash"].charge_attack then
      found[#found + 1] = favor_of(data["Clash"].charge_attack, "Charge, Clash")
    elseif not short then
      found[#found + 1] = favor_of(own.attacks.modifier, attacker.action)
    end
  end
  -- Aim: "If your next Action is Ranged Attack, it gains Favor".
  local aim = data["Aim"].next_action
  if situation.aimed and attacker.action == aim.name and aim.modifier and is_ranged(kind) then
    found[#found + 1] = favor_of(aim.modifier, "Aim")
  end
  -- The target's action: "Melee Attacks on you have Favor" (Full Attack ...), Sprint's "Ranged
  -- Attacks against you are made with Disfavor", Defend's Disfavor "as long as you are not
  -- Unaware of the Attacker".
  local theirs = action_of(target)
  if theirs and theirs.attacks_on_you and not (theirs.unless_unaware_of_attacker and target.unaware) then
    for _, spec in ipairs(ATTACKS_ON_YOU_ORDER) do
      local verdict = theirs.attacks_on_you[spec]
      if verdict and kind_matches(spec, kind) then
        found[#found + 1] = favor_of(verdict, "target's " .. target.action)
      end
    end
  end
  -- Skulk: "Your first Attack on an Unaware Target is made with Favor."
  if situation.first_attack_on_unaware then
    found[#found + 1] = favor_of(data["Skulk"].first_attack_on_unaware, "Unaware target")
  end
  -- A two-handed weapon used with one hand, one arm severed (README: default chosen).
  found[#found + 1] = one_handed(attacker)
  return found
end

local FAVOR_LABEL = { favor = "Favor", disfavor = "Disfavor" }

---"Favor: Grants a +3 bonus to the Action roll." "Disfavor: Imposes a -3 penalty to the Action
---roll." Turns a list of Favors and Disfavors into parts: each applies
---(`rules.favor_and_disfavor.each_applies`, the default chosen), or at most one of each, which
---then cancel at the stated +3 and -3.
---@param found { kind: "favor"|"disfavor", source: string }[]
---@return platemail.Part[]
function combat.favor_parts(found)
  local rule = tables.rules.favor_and_disfavor
  local parts = {}
  if rule.each_applies then
    for _, f in ipairs(found) do
      parts[#parts + 1] = { amount = rule[f.kind], reason = ("%s (%s)"):format(FAVOR_LABEL[f.kind], f.source) }
    end
    return parts
  end
  for _, which in ipairs({ "favor", "disfavor" }) do
    local sources = {}
    for _, f in ipairs(found) do
      if f.kind == which then sources[#sources + 1] = f.source end
    end
    if #sources > 0 then
      parts[#parts + 1] = { amount = rule[which],
                            reason = ("%s (%s)"):format(FAVOR_LABEL[which], table.concat(sources, ", ")) }
    end
  end
  return parts
end

---"For each Wound they receive, all a Character's rolls on subsequent Action Phases are at a -1
---penalty."
---@param wounds integer Wounds tallied before this Action Phase
---@return integer modifier
function combat.wound_modifier(wounds)
  return (wounds or 0) * tables.rules.wounds.roll_modifier_per_wound
end

---The part "all a Character's rolls" take for its Wounds, as every roll tells it ("−2 2 Wounds",
---"−1 1 Wound": the penalty, then the Wounds that give it); none when unhurt.
---@param wounds? integer Wounds tallied before this Action Phase
---@return platemail.Part[]
function combat.wound_parts(wounds)
  wounds = wounds or 0
  if wounds == 0 then return {} end
  return { { amount = combat.wound_modifier(wounds), reason = ("%d Wound%s"):format(wounds, wounds == 1 and "" or "s") } }
end

---"Requires Str": "-1 Attack for each Strength below Requirement." 0 when the weapon has no
---requirement or the combatant no Strength.
---@param c platemail.Combatant
---@param kind "melee"|"ranged"|"thrown"
---@return integer modifier
---@return string? reason "Str 1, 2 below Great Axe's 3": the Strength first, so the shortfall is not read as it
function combat.strength_modifier(c, kind)
  local attack = combat.attack_row(c, kind)
  local required = attack and attack.properties and attack.properties.requires_strength
  if not required or not c.strength or c.strength >= required then return 0, nil end
  local below = required - c.strength
  return below * tables.weapon_properties.requires_strength.attack_per_point_below,
         ("Str %d, %d below %s's %d"):format(c.strength, below, c.weapon, required)
end

---Whether the target has Cover: the flow says so (`situation.cover`: "an object large enough to
---block line of sight to approximately half a Character's body", or what gives it named, an ally's
---shield: "Cover (Bo's Tower Shield)"), or the target holds a shield that "provides Cover to
---wielder" (Tower Shield): "When held", so not by one down.
---@param target platemail.Combatant
---@param situation platemail.Situation
---@return boolean
---@return string? reason
function combat.has_cover(target, situation)
  if situation.cover then return true, type(situation.cover) == "string" and ("Cover (%s)"):format(situation.cover) or "Cover" end
  local shield = target and target.shield and not target.down and row("shields", target.shield)
  if shield and shield.properties and shield.properties.provides_cover then
    return true, ("Cover (%s)"):format(target.shield)
  end
  return false, nil
end

-- Adds a part to `parts`, unless its amount is nil or 0.
local function add_part(parts, amount, reason)
  if amount and amount ~= 0 then parts[#parts + 1] = { amount = amount, reason = reason } end
end

---Every modifier of one Attack roll, as parts a GM reads: Favor and Disfavor (the attacker's
---action, Aim, the target's action, an Unaware target), Cover ("Cover gives a -2 to rolls that
---target the Character in Cover"), the attacker's Wounds, a Strength shortfall, the weapon's
---Attack bonuses (Flail: "+2 Attack against Targets with Shields"), Dual Wield ("-2 to
---attacks"), High Ground ("Ranged Attacks from High Ground receive +2 Attack"), the range
---band, and what the statuses of both put on the roll (a house rule's: `situation.attacker_statuses`,
---`situation.target_statuses`). Parts of 0 are left out.
---@param attacker platemail.Combatant
---@param target platemail.Combatant
---@param situation platemail.Situation
---@return platemail.Part[]? parts nil: the target is beyond the weapon's reach
---@return string? reason why there are no parts
function combat.attack_modifiers(attacker, target, situation)
  local rules = tables.rules
  local kind = situation.kind
  if kind ~= "melee" and not is_ranged(kind) then
    error("situation.kind " .. words.must_be_one_of({ "melee", "ranged", "thrown" }, kind), 2)
  end
  local parts = combat.favor_parts(favors(attacker, target, situation))
  local covered, cover_reason = combat.has_cover(target, situation)
  if covered then add_part(parts, rules.cover.modifier, cover_reason) end
  for _, part in ipairs(combat.wound_parts(attacker.wounds)) do add_part(parts, part.amount, part.reason) end
  add_part(parts, combat.strength_modifier(attacker, kind))
  for _, part in ipairs(add_weapon_bonuses({}, "attack", attacker, target, kind)) do add_part(parts, part.amount, part.reason) end
  if situation.dual_wield then add_part(parts, rules.dual_wield.attack, "Dual Wield") end
  for _, part in ipairs(situation.attacker_statuses or {}) do add_part(parts, part.amount, part.reason) end
  for _, part in ipairs(situation.target_statuses or {}) do add_part(parts, part.amount, part.reason) end
  if is_ranged(kind) then
    if situation.high_ground then add_part(parts, rules.ranged.high_ground, "High Ground") end
    local attack = combat.attack_row(attacker, kind)
    -- situation.range: the Range of what is loosed when it is not the wielded weapon (a spell).
    local range = situation.range or (attack and attack.range)
    if range and situation.distance then
      local modifier, reason = combat.range_modifier(range, situation.distance)
      if not modifier then return nil, reason end
      add_part(parts, modifier, reason)
    end
  end
  return parts, nil
end

-- ---------------------------------------------------------------------------------------------
-- Attack rolls, Critical Hits and the Wound tally

---"If the Attack roll total is greater than the Defense total, the Attack hits." "An Attack roll
---of a natural 20, is always hits. This is a Critical Hit which has +1 Penetration and deals one
---extra Wound." A tie misses (`rules.attack_rolls.tie_hits`).
---@param attack { natural: integer, modifiers?: (platemail.Part|integer)[], defense: integer, penetration?: integer, wounds?: integer }
---@return { total: integer, hit: boolean, critical: boolean, penetration: integer, wounds: integer } result wounds is 0 on a miss
function combat.attack(attack)
  local rules = tables.rules
  local crit = rules.critical_hit
  local total = attack.natural + sum(attack.modifiers or {})
  local natural_crit = attack.natural >= crit.natural
  local hit = total > attack.defense or (rules.attack_rolls.tie_hits and total == attack.defense)
            or (natural_crit and crit.always_hits)
  local critical = natural_crit and hit
  local wounds = attack.wounds or rules.attack_rolls.wounds_per_hit
  local penetration = attack.penetration or 0
  if critical then
    wounds = wounds + crit.extra_wounds
    penetration = penetration + crit.penetration
  end
  return { total = total, hit = hit, critical = critical, penetration = penetration,
           wounds = hit and wounds or 0 }
end

---"Absorb is the number of Wounds armor outright prevents per Action Phase. So, if a Character
---has armor providing 2 Absorb, they ignore the first two Wounds they receive per Action Phase."
---"Penetration ignores Absorb of a Target up to that Penetration value. So for example
---Penetration 2, would circumvent Absorb up to 2, but be stopped by Absorb 3." Ignores Absorb:
---"Absorb can't reduce the Wounds received." The Wounds one Action Phase's hits deal, in order.
---With `rules.penetration.stopped_when_absorb_exceeds` (the default chosen) a hit whose
---Penetration is at least the Absorb passes it whole, any other meets what is left of it; else
---Penetration subtracts from what is left. A hit made while the target's Absorb was another (Ready
---then, Not Ready after a Crash: `hit.absorb`) meets that Absorb, less what the phase's earlier hits
---used of it.
---@param hits platemail.Hit[] in the order they land
---@param absorb integer the target's Absorb (combat.absorb), for each hit that gives none
---@return integer wounds taken this Action Phase
---@return { taken: integer, absorbed: integer }[] per_hit
function combat.tally(hits, absorb)
  local all_or_nothing = tables.rules.penetration.stopped_when_absorb_exceeds
  local used, total, per_hit = 0, 0, {}
  for i, hit in ipairs(hits) do
    local penetration = hit.penetration or 0
    local its_absorb = hit.absorb or absorb
    local left = math.max(0, its_absorb - used)
    local available
    if hit.ignores_absorb then
      available = 0
    elseif all_or_nothing then
      available = penetration >= its_absorb and 0 or left
    else
      available = math.max(0, left - penetration)
    end
    local absorbed = math.min(hit.wounds, available)
    used = used + absorbed
    total = total + hit.wounds - absorbed
    per_hit[i] = { taken = hit.wounds - absorbed, absorbed = absorbed }
  end
  return total, per_hit
end

-- ---------------------------------------------------------------------------------------------
-- Wounds

---"Each Character has a Max Wounds value, 3 by default." "Once a Character has received Wounds
---in excess of their Max Wounds they fall to the ground Unconscious. They are now Fatally
---Wounded." (`rules.wounds.unconscious_when_exceeding_max`: more than Max; false: reaching it.)
---@param wounds integer
---@param max? integer default rules.wounds.max
---@return "fine"|"wounded"|"unconscious"
function combat.wound_state(wounds, max)
  local rule = tables.rules.wounds
  max = max or rule.max
  local down = rule.unconscious_when_exceeding_max and wounds > max or (not rule.unconscious_when_exceeding_max and wounds >= max)
  if down then return "unconscious" end
  if wounds > 0 then return "wounded" end
  return "fine"
end

---"The Fatally Wounded Character has a number of Rounds equal to their Max Wounds to receive aid
---before they die."
---@param max? integer default rules.wounds.max
---@return integer rounds
function combat.rounds_to_live(max)
  local rule = tables.rules.wounds
  return (max or rule.max) * rule.fatally_wounded_rounds_per_max_wound
end

---"The Stable Character will still remain Unconscious for 1d4+1 for each Wound they have." The
---dice to roll (per Wound, `stable_unconscious.per_wound`, the default chosen) and their unit.
---@param wounds integer
---@return { count: integer, sides: integer, bonus: integer } dice
---@return string unit "round" by default
function combat.stable_unconscious_dice(wounds)
  local s = tables.rules.wounds.stable_unconscious
  local times = s.per_wound and wounds or 1
  return { count = s.count * times, sides = s.sides, bonus = s.bonus * times }, s.unit
end

---The same duration from the rolled dice: each roll plus its bonus ("1d4+1 for each Wound").
---@param wounds integer
---@param rolls integer[] the dice of combat.stable_unconscious_dice, one per die
---@return integer duration
---@return string unit
function combat.stable_unconscious(wounds, rolls)
  local dice, unit = combat.stable_unconscious_dice(wounds)
  if #rolls ~= dice.count then
    error(("%d Wound(s) need %d dice, got %d"):format(wounds, dice.count, #rolls), 2)
  end
  return sum(rolls) + dice.bonus, unit
end

-- ---------------------------------------------------------------------------------------------
-- Limbs, Guard, Rescue

---"Severs Limb: Roll 1d4: 1=L Leg, 2=R Leg, 3=L Arm, 4=R Arm."
---@param d4 integer
---@return string limb "left leg", "right leg", "left arm", "right arm"
function combat.limb(d4)
  local limb = tables.weapon_properties.severs_limb.limbs[d4]
  if not limb then error(("no limb for a roll of %s"):format(tostring(d4)), 2) end
  return limb
end

---Protects Limbs: "On Severs Limb, roll 1d4. Limb not severed if roll is equal or less than
---Protects Limbs value." Read as a roll of its own, after Severs Limb's roll for the limb.
---@param limb_d4 integer Severs Limb's roll: which limb
---@param protects_limbs? integer the armor's Protects Limbs (nil or 0: none)
---@param protection_d4? integer Protects Limbs' roll; needed when protects_limbs > 0
---@return string? limb the limb severed, nil when the armor saved it
function combat.severs_limb(limb_d4, protects_limbs, protection_d4)
  if protects_limbs and protects_limbs > 0 then
    if not protection_d4 then error("Protects Limbs needs its own 1d4 roll", 2) end
    if protection_d4 <= protects_limbs then return nil end
  end
  return combat.limb(limb_d4)
end

---Whether a die roll matches "even" or "odd".
---@param roll integer
---@param parity "even"|"odd"
---@return boolean
function combat.parity(roll, parity)
  return (roll % 2 == 0) == (parity == "even")
end

-- What each effect of actions_data.Guard.cannot_guard is, said as why a Guard cannot block.
local UNGUARDABLE = { area_of_effect = "no Guard against an Area of Effect Attack",
                      ignores_absorb = "no Guard against an Attack that Ignores Absorb" }

---Guard: "You can attempt to block Attacks against the Guarded as long as you are not Unaware of
---the Attacker." "You cannot Guard against Area of Effect Attacks or effects that Ignore Absorb."
---@param guard platemail.Combatant its `unaware`: Unaware of this attacker
---@param effect? { area_of_effect?: boolean, ignores_absorb?: boolean }
---@return boolean
---@return string? reason why not, as "Medic cannot block: …" ends: "Unaware of the attacker"
function combat.can_guard(guard, effect)
  local data = tables.actions_data["Guard"]
  if data.unless_unaware_of_attacker and guard.unaware then return false, "Unaware of the attacker" end
  for _, what in ipairs(data.cannot_guard) do
    if effect and effect[what] then return false, UNGUARDABLE[what] or ("no Guard against " .. what) end
  end
  return true, nil
end

---Guard: "Opponents attacking the Guarded roll their Attack against the Guard's Deflection."
---"For each additional Attack you attempt to Guard against during this Action Phase, your
---Deflection has a -1 penalty this Action Phase." What the attacker rolls against: the Guard's
---Defense by default (`actions_data.Guard.block.against`, README: default chosen) or its
---Deflection alone, less 1 for each Attack guarded before this one.
---@param guard platemail.Combatant
---@param attempt integer 1 for the first Attack guarded this Action Phase, 2 for the next ...
---@return integer value
---@return platemail.Part[] parts
function combat.guard_value(guard, attempt)
  local data = tables.actions_data["Guard"]
  local _, parts = combat.defense(guard)
  if data.block.against == "deflection" then table.remove(parts, 1) end
  local extra = (attempt or 1) - 1
  if extra > 0 then
    parts[#parts + 1] = { amount = extra * data.deflection_per_additional_attack,
                          reason = ("%d more Attack%s guarded"):format(extra, extra == 1 and "" or "s") }
  end
  return sum(parts), parts
end

---Guard: "For each additional Attack you attempt to Guard against during this Action Phase, your
---Deflection has a -1 penalty this Action Phase." Deflection is what raises the Guard's own Defense
---too ("10 + the Deflection of any Shields or Armor"), and the penalty lasts "this Action Phase", not
---only the blocks: the part an Attack at the Guard itself takes off its Defense, once it has tried
---to block `attempts` Attacks this phase (README: default chosen; `actions_data.Guard`
---`.penalty_on_own_defense = false` keeps it to the blocks). Nil when there is none.
---@param attempts? integer
---@return platemail.Part?
function combat.guard_own_penalty(attempts)
  local data = tables.actions_data["Guard"]
  local extra = (attempts or 0) - 1
  if extra <= 0 or not data.penalty_on_own_defense then return nil end
  return { amount = extra * data.deflection_per_additional_attack,
           reason = ("%d more Attack%s guarded"):format(extra, extra == 1 and "" or "s") }
end

---Guard: "You block and negate the Attack if their Attack roll fails. If not, roll a dice: On
---even, the Attack hits you. On odd, you were unable to block. The attacker rolls their Attack
---against the Guarded normally."
---@param result { hit: boolean } combat.attack against combat.guard_value
---@param die? integer the Guard's die (actions_data.Guard.block.die); needed when hit
---@return "blocked"|"hits_guard"|"attacker_rolls_against_guarded" outcome the table's words
function combat.guard_block(result, die)
  if not result.hit then return "blocked" end
  if not die then error("a Guard whose block fails rolls a die", 2) end
  local block = tables.actions_data["Guard"].block
  return combat.parity(die, "even") and block.on_even or block.on_odd
end

---Rescue: "If you are hit, roll a die: On even numbers, the Character you are carrying is hit
---instead."
---@param die integer
---@return boolean carried_is_hit
function combat.rescue_carried_hit(die)
  return combat.parity(die, tables.actions_data["Rescue"].carried_hit.on)
end

-- ---------------------------------------------------------------------------------------------
-- Readiness, reach, Rapid Fire, saving throws

---"If an Action has (R) next to it's name, it means a Character taking that Action is Ready
---through that entire Action Phase. (NR) means it leaves the Character Not Ready". Use Item is
---(R/NR): "Quick Use Items: You remain Ready." "Complex Use Items: You become Not Ready."
---@param action string a key of actions_data
---@param use? "quick"|"complex" for an (R/NR) action
---@return boolean ready
function combat.ready_after(action, use)
  local data = row("actions_data", action)
  if data.tag == "R" then return true end
  if data.tag == "NR" then return false end
  local way = use and data.uses and data.uses[use]
  if not way then
    error(("%s is (%s): say which use (quick or complex)%s"):format(action, data.tag,
      words.hint(use, { "quick", "complex" })), 2)
  end
  return way.ready
end

---Attacks of Opportunity: "Triggered when an adjacent enemy moves into a non-adjacent space from a
---Ready Character in melee range (5' or 10' if they have Reach)." The melee reach of the
---combatant's weapon, or the rule's 5' without a melee weapon; `grid.within` measures it, so on a
---map of cells wider than the reach it still reaches the next cell.
---@param c platemail.Combatant
---@return integer feet
function combat.melee_reach(c)
  local attack = combat.attack_row(c, "melee")
  return attack and attack.reach or tables.rules.attacks_of_opportunity.reach
end

---The kind of a Ranged Attack with the combatant's weapon: its ranged attack, else its thrown one
---(the Thrown Weapons table is under "Ranged Weapons"); nil when it has neither.
---@param c platemail.Combatant
---@return "ranged"|"thrown"|nil
function combat.ranged_kind(c)
  if combat.attack_row(c, "ranged") then return "ranged" end
  if combat.attack_row(c, "thrown") then return "thrown" end
  return nil
end

-- What an action's `attacks.kind` asks of the weapon in hand, said when it has none.
local WIELDS_REASON = {
  melee = "%s is not a melee weapon", ranged = "%s is not a ranged weapon",
  melee_or_thrown = "%s is neither a melee nor a thrown weapon", any = "%s is no weapon",
}

---Whether the combatant's weapon can make an Attack of the kind an action asks (`attacks.kind` of
---actions_data: Aim's, Ranged Attack's and Rapid Fire's "ranged", a ranged or thrown attack; Charge's
---and Full Attack's "melee_or_thrown"; Counter's "melee"); the orders of an action its weapon cannot
---make are refused before they are declared (actions.lua, `allowed_by`). Nor can one without arms
---wield it (combat.can_attack_with_weapon).
---@param c platemail.Combatant
---@param spec "melee"|"ranged"|"melee_or_thrown"|"any"
---@return boolean
---@return string? reason "Long Bow is neither a melee nor a thrown weapon", "no arms"
function combat.wields(c, spec)
  local armed, why_not = combat.can_attack_with_weapon(c)
  if not armed then return false, why_not end
  for _, kind in ipairs({ "melee", "ranged", "thrown" }) do
    if kind_matches(spec, kind) and combat.attack_row(c, kind) then return true, nil end
  end
  if not c.weapon then return false, "no weapon in hand" end
  return false, (WIELDS_REASON[spec] or "%s cannot make this Attack"):format(c.weapon)
end

---Requires Reload: "Requires a Quick or Complex Use Item Action between shots". The Use Item a
---shot with the combatant's `kind` attack needs before the next one; nil when it needs none.
---@param c platemail.Combatant
---@param kind "melee"|"ranged"|"thrown"
---@return "quick"|"complex"|nil
function combat.reload(c, kind)
  local attack = combat.attack_row(c, kind)
  return attack and attack.properties and attack.properties.reload or nil
end

---Rapid Fire: "Make 2 Ranged Attacks", with a weapon that makes them (the kind of Rapid Fire's
---`attacks.kind`, read when asked: a house rule's patch counts; not without arms, combat.wields).
---"Weapons, like crossbows, that require a Use Item Action to reload between Attacks cannot be used
---for this Action." Any other Ranged Weapon can, thrown ones included.
---@param c platemail.Combatant
---@param kind? "ranged"|"thrown" the attack that shoots, default combat.ranged_kind(c)
---@return boolean
---@return string? reason why not
function combat.can_rapid_fire(c, kind)
  local wields, why_not = combat.wields(c, tables.actions_data["Rapid Fire"].attacks.kind)
  if not wields then return false, why_not end
  local shot = kind or combat.ranged_kind(c)
  local reload = shot and combat.reload(c, shot)
  -- Said twice in the tables, Rapid Fire's row and the Requires Reload property: either lets it.
  if reload and not (tables.actions_data["Rapid Fire"].reload_weapons_allowed
                     or tables.weapon_properties.reload.rapid_fire_allowed) then
    return false, ("%s requires a %s reload"):format(c.weapon, reload)
  end
  return true, nil
end

-- The names of the spells a house rule defines: every key of `spells` but the generic one.
local function defined_spells()
  local names = {}
  for name in pairs(tables.spells) do
    if name ~= GENERIC_SPELL then names[#names + 1] = name end
  end
  return names
end

---The profile of the spell `name` (the table `spells`, README: default chosen). The source lists no
---spells, so with none defined any name, or none, casts the generic "Spell". Once a house rule
---defines spells, a name that is none of them is no spell: nil, and why, naming the nearest
---("no spell is named 'Firebal' (did you mean 'Fireball'?)", in arbiter.words' phrases as the rest
---of the pack's messages; near none, "(the spells are 'Bolt' and 'Ward')"), so a misspelt order
---casts nothing rather than the generic profile under the name written.
---@param name? string as the order writes it ("Prepare Spell (Fireball)")
---@return platemail.Profile? profile
---@return string? reason
function combat.spell(name)
  local spells = tables.spells
  if name and spells[name] then return spells[name], nil end
  local defined = defined_spells()
  if not name or #defined == 0 then return spells[GENERIC_SPELL], nil end
  table.sort(defined)
  return nil, ("no spell is named '%s'%s"):format(name,
    words.hint(name, defined, (" (the spells are %s)"):format(words.quoted(defined, "and"))))
end

---The modifiers of a Saving Throw: Defend's "You gain Favor on Saving Throws"; in a Crash,
---"Ready Characters have Favor for this roll. Not Ready Characters have Disfavor."; and "all a
---Character's rolls" are at -1 per Wound.
---@param c platemail.Combatant
---@param crash? boolean the Dexterity Saving Throw of a Crash
---@return platemail.Part[]
function combat.saving_throw_modifiers(c, crash)
  local found = {}
  local own = action_of(c)
  if own and own.saving_throws then found[#found + 1] = { kind = own.saving_throws, source = c.action } end
  if crash then
    local data = tables.actions_data["Crash"]
    found[#found + 1] = { kind = c.ready and data.ready_roll or data.not_ready_roll,
                          source = c.ready and "Crash, Ready" or "Crash, Not Ready" }
  end
  local parts = combat.favor_parts(found)
  for _, part in ipairs(combat.wound_parts(c.wounds)) do parts[#parts + 1] = part end
  return parts
end

---What a hit sets off by the weapon's properties: Severs Limb and Dazes "on Critical Hit",
---Entraps "on Hit", Poisoned "Can inflict Poison on Hit". Names of weapon_properties. A property
---a house rule sets to false is off (a patch cannot remove it).
---@param c platemail.Combatant the attacker
---@param kind "melee"|"ranged"|"thrown"
---@param critical boolean
---@return string[] properties sorted
function combat.hit_effects(c, kind, critical)
  local attack = combat.attack_row(c, kind)
  local found = {}
  local vocabulary = tables.weapon_properties
  for name, value in pairs(attack and attack.properties or {}) do
    local on = type(value) == "table" and value.on or nil
    if on == nil and value ~= false and vocabulary[name] and vocabulary[name].on then on = vocabulary[name].on[1] end
    if on == "hit" or (on == "critical_hit" and critical) then found[#found + 1] = name end
  end
  table.sort(found)
  return found
end

return combat
