-- `require "tables_check"`: every value of the tables these rules define and read (weapon_properties,
-- weapon_conditions, weapons, armor_properties, armor, shields, rules, actions_data, spells), as the
-- rules read it: its type and range (whole numbers where the rules count, a Penetration of 1.5 being
-- none), the names it gives (a weapon property, a condition, an action's row, a status), what a
-- row must give, and that the source's text no code reads (another governs it) stays as the source
-- has it. Checked at once whenever the definitions have changed (arbiter.revision): once
-- every pack has loaded (fight.lua, the hook `loaded`), and at each round's and each Action Phase's
-- start (fight.lua), before anyone acts. A mistake, such as a house
-- rule's, is an error at the line of the pack that made it (arbiter.history), saying what is
-- expected, with the nearest name for a misspelt one, rather than a failure deep inside these rules
-- halfway through a round. The same way as tempo's rows.lua. With the same vocabulary, the
-- arguments a house rule's action gives Platemail's hooks (fight.lua), each checked as it is called.
local arbiter = require "arbiter"
local combat = require "combat"
local attack = require "attack"
local words = require "arbiter.words"
local joined, quoted, shown, hint, must = words.joined, words.quoted, words.shown, words.hint, words.must
local must_be_one_of = words.must_be_one_of

local tables = arbiter.tables
local tables_check = {}

-- ---------------------------------------------------------------------------------------------
-- Words

-- Keys in a fixed order: numbers first, ascending, then the others by their text (the order in
-- which the sandbox's `pairs` visits them, so the checks below loop with `pairs` itself).
local function before(a, b)
  local na, nb = type(a) == "number", type(b) == "number"
  if na ~= nb then return na end
  if na then return a < b end
  return tostring(a) < tostring(b)
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, before)
  return keys
end

-- A field's name as a complaint of it says it: 'meele', or another key as shown (1, true).
local function key_said(key) return type(key) == "string" and ("'%s'"):format(key) or shown(key) end

-- ---------------------------------------------------------------------------------------------
-- Where a value is: the keys that lead to it from the table ({ "Sword", "melee", "wounds" });
-- history names it "Sword.melee.wounds" (items of a list "[2]"), a GM reads it
-- "weapons['Sword'].melee.wounds". While checking, a path is kept as its last key and the path
-- above it (`at`), nil for the table itself, and made a list only for a mistake (`keys`): every
-- value is checked each time the definitions change.

local function at(path, key) return { up = path, key = key } end

local function keys(path)
  local out = {}
  while path do
    table.insert(out, 1, path.key)
    path = path.up
  end
  return out
end

local function field_of(path)
  local out = {}
  for i, key in ipairs(path) do
    if math.type(key) == "integer" then out[#out + 1] = ("[%d]"):format(key)
    else out[#out + 1] = (i > 1 and "." or "") .. tostring(key) end
  end
  return table.concat(out)
end

-- The tables whose keys are names of rows ("Great Axe"), told as weapons['Great Axe'].
local ROWS = { weapons = true, armor = true, shields = true, actions_data = true, spells = true }

local function where(table_name, path)
  local out = { table_name }
  for i, key in ipairs(path) do
    if math.type(key) == "integer" then out[#out + 1] = ("[%d]"):format(key)
    elseif type(key) == "string" and key:match("^[%a_][%w_]*$") and not (i == 1 and ROWS[table_name]) then
      out[#out + 1] = "." .. key
    else out[#out + 1] = ("[%s]"):format(type(key) == "string" and ("'%s'"):format(key) or tostring(key)) end
  end
  return table.concat(out)
end

-- What is wrong, as a GM reads it: "weapons['Sword'].melee.wounds must be ...". A complaint of a
-- field's name ("': 'meele' is no field ...") is told of the table that holds it. Also the path.
local function told(table_name, problem)
  local path = keys(problem.path)
  local named = path
  if problem.text:match("^:") then named = { table.unpack(path, 1, #path - 1) } end
  return where(table_name, named) .. (problem.text:match("^:") and "" or " ") .. problem.text, path
end

-- Raises what is wrong where the change that last set it writes it (the field, else that change's
-- line), so that the error is told there, and blamed on the pack that holds that line, not on these
-- rules.
local function fail(table_name, problem)
  local message, path = told(table_name, problem)
  local field = field_of(path)
  local change = arbiter.last_change("table", table_name, field)
  error(change and (arbiter.field_location(change.location, field) .. ": " .. message) or message, 0)
end

-- ---------------------------------------------------------------------------------------------
-- What a value must be. A check takes the value and its path, and returns nil when it fits, or
-- the problem: { path, text = "must be a whole number, not \"two\"" }.

local function problem(path, text, missing) return { path = path, text = text, missing = missing } end

local function fits(test, expected)
  return function(v, path) if not test(v) then return problem(path, must(expected, v)) end end
end

local function integer(v) return type(v) == "number" and v == math.floor(v) and math.abs(v) < 2 ^ 53 end

-- A whole number of `unit` ("Wounds") from `min` (0 unless given) up to `max`, if given.
local function whole(unit, min, max)
  min = min or 0
  local expected = "a whole number" .. (unit and (" of " .. unit) or "")
  if max then expected = ("%s from %d to %d"):format(expected, min, max)
  elseif min ~= 0 then expected = ("%s, %d or more"):format(expected, min) end
  return fits(function(v) return integer(v) and v >= min and (not max or v <= max) end, expected)
end

-- A bonus or a penalty: Favor's +3, Cover's -2.
local modifier = fits(integer, "a whole number, + or -")
local flag = fits(function(v) return type(v) == "boolean" end, "true or false")
local text = fits(function(v) return type(v) == "string" end, "a text")

-- One of `list`, told `about` ("with a profile") when given.
local function one_of(list, about)
  return function(v, path)
    for _, x in ipairs(list) do if v == x then return end end
    return problem(path, must_be_one_of(list, v, about))
  end
end

-- `check`, or `none`: false, a house rule turning a property or a Favor off (as a patch cannot
-- remove a field); nil, an argument of a hook left out.
local function or_none(none, check)
  return function(v, path) if v ~= none then return check(v, path) end end
end
local function or_false(check) return or_none(false, check) end

-- A list of `each`: its first misfit.
local function list_of(each, expected)
  return function(v, path)
    if type(v) ~= "table" then return problem(path, must(expected, v)) end
    for k in pairs(v) do
      if math.type(k) ~= "integer" or k < 1 or k > #v then return problem(path, must(expected, v)) end
    end
    for i, item in ipairs(v) do
      local wrong = each(item, at(path, i))
      if wrong then return wrong end
    end
  end
end

-- A field that is not one of `known` but near one is a misspelling ('meele'); one near none is a
-- house rule's own, for its own hooks to read.
local function misspelt(key, known, path)
  local near = hint(key, known)
  if near ~= "" then return problem(path, (": '%s' is no field of these rules%s"):format(key, near)) end
end

-- A table of named fields: `fields` (name → check), of which `required` must be given, each told
-- as `every` says ("every weapon gives"). Another field is a misspelling if it is near one of them,
-- else a house rule's own; but a `closed` record (a hook's options: no hook of the house rule reads
-- them) has no field but these, and another is told as no `closed` ("option of an Attack"), before
-- what is missing: a misspelt `nmae` is told as such, not as no `name`. `extra(value, path)`: what
-- the fields alone do not say.
local function record(spec)
  local known = sorted_keys(spec.fields)
  return function(v, path)
    if type(v) ~= "table" then return problem(path, must(spec.expected or "a table", v)) end
    if spec.closed then
      for key in pairs(v) do
        if spec.fields[key] == nil then
          return problem(at(path, key), (": %s is no %s%s"):format(key_said(key), spec.closed,
            hint(key, known, (" (they are %s)"):format(quoted(known, "and")))))
        end
      end
    end
    local missing = {}
    for _, name in ipairs(spec.required or {}) do
      if v[name] == nil then missing[#missing + 1] = name end
    end
    if #missing > 0 then
      return problem(path, ("has no %s: %s %s"):format(joined(missing, "or"), spec.every or "these rules read",
                                                       joined(spec.required, "and")), true)
    end
    for key, value in pairs(v) do
      local check = spec.fields[key]
      local wrong
      if check then wrong = check(value, at(path, key))
      else wrong = misspelt(key, known, at(path, key)) end
      if wrong then return wrong end
    end
    if spec.extra then return spec.extra(v, path) end
  end
end

-- A table of names (`key(name, path)` says what is wrong with a name) and their values
-- (`value(name)` is the check of the one under that name; nil: any value).
local function map_of(spec)
  return function(v, path)
    if type(v) ~= "table" then return problem(path, must(spec.expected or "a table", v)) end
    for key, value in pairs(v) do
      local wrong = spec.key and spec.key(key, at(path, key))
      if wrong then return wrong end
      local check = spec.value and spec.value(key)
      wrong = check and check(value, at(path, key))
      if wrong then return wrong end
    end
  end
end

-- A name among `known` (a closed vocabulary: a list, or a function returning the table whose keys
-- are the names): another is told with the nearest, or with `otherwise`.
local function known_key(known, what, otherwise)
  local listed = {}
  if type(known) == "table" then for _, name in ipairs(known) do listed[name] = true end end
  return function(key, path)
    local vocabulary = type(known) == "function" and known() or listed
    if vocabulary[key] ~= nil then return end
    local names = type(known) == "function" and sorted_keys(vocabulary) or known
    return problem(path, (": %s is no %s%s"):format(key_said(key), what, hint(key, names, ": " .. otherwise)))
  end
end

local function row_name(v, path)
  if type(v) ~= "string" then return problem(path, must("the name of a row of actions_data", v)) end
  if tables.actions_data[v] == nil then
    return problem(path, ("names '%s', which is no row of actions_data%s"):format(v, hint(v, sorted_keys(tables.actions_data))))
  end
end

local function status_name(v, path)
  if type(v) ~= "string" then return problem(path, must("the name of a status", v)) end
  if not arbiter.exists("status", v) then
    return problem(path, ("names '%s', which is no status the rules define%s"):format(v,
      hint(v, arbiter.names("status"), (": define it with arbiter.define.status(%q, {})"):format(v))))
  end
end

local texts = list_of(text, "a list of texts")
local FAVOR = one_of { "favor", "disfavor" }
local FAVOR_OR_NONE = or_false(FAVOR)
local TRIGGER = one_of { "hit", "critical_hit" }

-- Dice { count, sides, bonus }, with `extra` fields (a duration's `unit`).
local function dice(extra, required)
  local fields = { count = whole(nil, 1), sides = whole(nil, 1), bonus = modifier }
  for k, v in pairs(extra or {}) do fields[k] = v end
  local all = { "count", "sides", "bonus" }
  for _, name in ipairs(required or {}) do all[#all + 1] = name end
  return record { fields = fields, required = all, every = "dice give", expected = "dice { count, sides, bonus }" }
end

-- ---------------------------------------------------------------------------------------------
-- Weapons and their properties

-- The stats a weapon bonus adds to (combat.lua's three).
local BONUS_STATS = { "attack", "penetration", "deflection" }

-- What each condition of a bonus's `when` holds: the wielder's or the target's action names a row.
local CONDITION_VALUES = {
  wielder_ready = flag, wielder_action = row_name, wielder_mounted = flag,
  target_unaware = flag, target_has_shield = flag, target_action = row_name,
}

local WHEN = map_of {
  expected = "a table of conditions (weapon_conditions), such as { wielder_ready = true }",
  key = known_key(function() return tables.weapon_conditions end, "weapon condition",
                  "weapon_conditions names them"),
  value = function(name) return CONDITION_VALUES[name] end,
}

local BONUS = record {
  fields = { stat = one_of(BONUS_STATS), amount = modifier, when = WHEN },
  required = { "stat", "amount", "when" }, every = "every bonus gives",
  expected = "a bonus { stat, amount, when }",
}

-- A property set off by a hit: true (when its vocabulary entry says: `on`), or { on = ... }.
local TRIGGERED = function(v, path)
  if type(v) == "boolean" then return end
  if type(v) ~= "table" then return problem(path, must('true, false or { on = "hit" or "critical_hit" }', v)) end
  return record { fields = { on = TRIGGER } }(v, path)
end

-- The value of each weapon property these rules read (README: weapon properties). A property a
-- house rule adds to weapon_properties may hold anything; a table's `on` is a trigger.
local WEAPON_PROPERTY_VALUES = {
  bonuses = or_false(list_of(BONUS, "a list of bonuses { stat, amount, when }")),
  severs_limb = TRIGGERED, dazes = TRIGGERED, entraps = TRIGGERED, can_be_poisoned = TRIGGERED,
  requires_strength = or_false(whole("Strength")),
  reload = or_false(one_of { "quick", "complex" }),
  silent = flag, free_near_trees = flag, poor_weapon = flag,
}
local OTHER_PROPERTY = function(v, path)
  if type(v) == "table" and v.on ~= nil then return TRIGGER(v.on, at(path, "on")) end
end

local WEAPON_PROPERTIES = map_of {
  expected = "a table of weapon properties, such as { silent = true }",
  key = known_key(function() return tables.weapon_properties end, "weapon property",
    'weapon_properties names them, and a house rule adds one with arbiter.patch.table("weapon_properties", '
      .. '{ name = { name = ..., meaning = ... } })'),
  value = function(name) return WEAPON_PROPERTY_VALUES[name] or OTHER_PROPERTY end,
}

-- One way a weapon attacks: melee (with its `reach`), thrown or ranged (with its `range`).
local function attack_row(kind)
  local distance = kind == "melee" and "reach" or "range"
  return record {
    fields = { table = text, penetration = whole(), wounds = whole("Wounds"), [distance] = whole("feet", 1),
               properties = WEAPON_PROPERTIES },
    required = { "penetration", "wounds", distance }, every = ("every %s attack gives"):format(kind),
  }
end

local ATTACK_KINDS = { "melee", "thrown", "ranged" }

local WEAPON = record {
  fields = { cost_gp = whole("gp"), hands = fits(function(v) return v == 1 or v == 2 end, "1 or 2 (hands)"),
             melee = attack_row("melee"), thrown = attack_row("thrown"), ranged = attack_row("ranged") },
  required = { "hands" }, every = "every weapon gives",
  extra = function(v, path)
    for _, kind in ipairs(ATTACK_KINDS) do if v[kind] ~= nil then return end end
    return problem(path, "has no attack: every weapon gives hands and an attack, melee, thrown or ranged", true)
  end,
}

-- The entries of weapon_properties: the vocabulary, with the numbers of its "Special Info" rows.
local VOCABULARY = { name = text, meaning = text, on = list_of(TRIGGER, 'a list of triggers, "hit" or "critical_hit"'),
                     source = texts }
local function entry(fields, required)
  local all = {}
  for k, v in pairs(VOCABULARY) do all[k] = v end
  for k, v in pairs(fields or {}) do all[k] = v end
  return record { fields = all, required = required, every = "these rules read" }
end

-- Severs Limb's limbs: a status "Severed …" for each (fight.lua defines the source's), and one for
-- each face of its roll.
local LIMBS = list_of(function(v, path)
  if type(v) ~= "string" or v == "" then return problem(path, must('the name of a limb, such as "left leg"', v)) end
  local status = attack.severed_status(v)
  if not arbiter.exists("status", status) then
    return problem(path, ("is '%s', but no status '%s' is defined: define it with arbiter.define.status(%q, {})"):format(
      v, status, status))
  end
end, "a list of limbs, such as { \"left leg\", ... }")

local WEAPON_VOCABULARY = {
  bonuses = entry { stats = list_of(one_of(BONUS_STATS), "a list of stats") },
  severs_limb = entry({ roll = dice(), limbs = LIMBS,
                        prevented_by = fits(function(v) return type(v) == "string" and tables.armor_properties[v] ~= nil end,
                                            "the name of an armor property (armor_properties)") }, { "limbs" }),
  dazes = entry({ duration = dice({ unit = one_of { "action" } }, { "unit" }), status = status_name }, { "duration", "status" }),
  entraps = entry { target_ready = flag, target_can_move = flag, freed_by = row_name },
  requires_strength = entry({ attack_per_point_below = modifier }, { "attack_per_point_below" }),
  reload = entry { values = list_of(one_of { "quick", "complex" }, 'a list of "quick" and "complex"'),
                   action = row_name, rapid_fire_allowed = flag },
}

-- "1d4", "2d6+1": dice as a GM writes them.
local function dice_text(roll)
  local bonus = roll.bonus or 0
  return ("%dd%d%s"):format(roll.count, roll.sides, bonus == 0 and "" or ("%+d"):format(bonus))
end

-- The roll names a limb by its total (attack.lua): every total it can make, from count + bonus to
-- count × sides + bonus, is a limb of the list.
local function severs_limb_faces(limbs_entry)
  local roll = limbs_entry.roll
  if not (roll and integer(roll.count) and integer(roll.sides) and integer(roll.bonus or 0)) then return end
  local low, high = roll.count + (roll.bonus or 0), roll.count * roll.sides + (roll.bonus or 0)
  local n = #limbs_entry.limbs
  if low < 1 or high > n then
    return problem(at(at(nil, "severs_limb"), "limbs"), ("has %d limb%s, but its roll (%s) makes %d to %d: one limb for each total, 1 to %d"):format(
      n, n == 1 and "" or "s", dice_text(roll), low, high, n))
  end
end

-- Values these rules cannot honour as they are, but only as what governs them says: refused when
-- they disagree with it, saying which table and field to patch instead.
local function governed_values()
  local round, phases = tables.rules.round, #tables.flow.phases
  for _, field in ipairs { "action_phases", "actions_per_round" } do
    if round and round[field] ~= nil and round[field] ~= phases then
      return "rules", problem(at(at(nil, "round"), field), ("is %s, but a Round has %d Action Phases, one Action each: the "
        .. "`flow` table's `phases` govern them (arbiter.patch.table(\"flow\", { phases = ... }))"):format(shown(round[field]), phases))
    end
  end
  -- "An Attack roll of a natural 20": a natural the Attack roll's dice can make.
  local die, natural = tables.rules.attack_rolls.die, tables.rules.critical_hit.natural
  if die and integer(die.count) and integer(die.sides) and integer(natural)
     and (natural < die.count or natural > die.count * die.sides) then
    return "rules", problem(at(at(nil, "critical_hit"), "natural"), ("is %d, which the Attack roll's dice (rules.attack_rolls.die, %dd%d) "
      .. "never roll: from %d to %d"):format(natural, die.count, die.sides, die.count, die.count * die.sides))
  end
end

-- The conditions combat.lua can judge; a house rule's own would need its own code.
local WEAPON_CONDITION = record { fields = { source = text } }

-- ---------------------------------------------------------------------------------------------
-- Armor and shields

local ARMOR_PROPERTY_VALUES = { ready_only = flag, protects_limbs = or_false(whole()), provides_cover = flag }
local ARMOR_PROPERTIES = map_of {
  expected = "a table of armor properties, such as { ready_only = true }",
  key = known_key(function() return tables.armor_properties end, "armor property",
    'armor_properties names them, and a house rule adds one with arbiter.patch.table("armor_properties", '
      .. '{ name = { name = ..., meaning = ... } })'),
  value = function(name) return ARMOR_PROPERTY_VALUES[name] end,
}

local function protection(fields, every)
  local all = { deflection = whole(), absorb = whole("Wounds"), cost_gp = whole("gp"), properties = ARMOR_PROPERTIES }
  for k, v in pairs(fields) do all[k] = v end
  return record { fields = all, required = { "deflection", "absorb" }, every = every }
end

local ARMOR = protection({ category = one_of { "light", "medium", "heavy" } }, "every armor gives")
local SHIELD = protection({}, "every shield gives")

local ARMOR_VOCABULARY = {
  protects_limbs = entry { roll = dice(), saved_when = text },
  provides_cover = entry { wielder = flag, adjacent_allies = flag },
}

-- ---------------------------------------------------------------------------------------------
-- The rules

-- A section of rules.severed_limbs. One leg or none: how far one still moves; any section may
-- take the shield, the weapon, its Deflection, or actions by name (false: refused).
local function limb_section(required)
  return record {
    fields = {
      move_factor = fits(function(v) return type(v) == "number" and v >= 0 and v <= 1 end, "a number from 0 to 1"),
      min_squares = whole("squares"), shield = flag, two_handed = FAVOR_OR_NONE, weapon_attacks = flag,
      weapon_deflection = flag,
      actions = map_of {
        expected = "a table of actions by name, such as { Rescue = false }",
        key = function(name, path)
          if type(name) ~= "string" or not arbiter.exists("action", name) then
            return problem(path, (": %s is no action the rules define%s"):format(
              key_said(name), hint(name, arbiter.names("action"))))
          end
        end,
        value = function() return flag end,
      },
    },
    required = required, every = "a section for legs gives how far one still moves:",
  }
end
local LEG_SECTION, ARM_SECTION = limb_section { "move_factor" }, limb_section()

local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

-- A value as this pack defined it, kept apart from the definitions a house rule changes later
-- (this file is required as the pack loads, before any house rule).
local function copy(value)
  if type(value) ~= "table" then return value end
  local out = {}
  for k, v in pairs(value) do out[k] = copy(v) end
  return out
end

-- What a value of the source's text, which these rules do not read, is told when a house rule
-- changes it: what governs the rule (to patch instead) and the source's value, `source`; nil: a
-- field the source's row `row` does not give, which a house rule added.
local function not_read(governs, source, row)
  if source == nil then
    return ("is not read: %s governs it (patch that instead); the source's %s gives none"):format(governs, row)
  end
  return ("is the source's text, not read: %s governs it (patch that instead); it stays %s"):format(governs,
    type(source) == "table" and "as the source has it" or shown(source))
end

-- A value of the source's text these rules do not read, because another governs the rule: its
-- source value (`rules` as this pack defined it) is all it may be, and a house rule's change is
-- refused saying what to patch instead, rather than accepted and ignored.
local function fixed(section, field, governs)
  local source = copy(tables.rules[section][field])
  return function(v, path)
    if not same(v, source) then return problem(path, not_read(governs, source)) end
  end
end

-- What a failed Concentration Check does, which neither rules.concentration_checks nor an action's
-- on_failed_check says to these rules.
local CONCENTRATION_FAILURE = "fight.lua's phase_end, which Dazes for one Action and loses the spell or the focus "
  .. "(arbiter.override.hook(\"phase_end\", ...))"

local RULES = record {
  fields = {
    round = record { fields = { seconds = whole("seconds", 1), action_phases = whole(nil, 1),
                                actions_per_round = whole(nil, 1) } },
    favor_and_disfavor = record { fields = { favor = modifier, disfavor = modifier, each_applies = flag },
                                  required = { "favor", "disfavor" } },
    attacks_of_opportunity = record { fields = { reach = whole("feet", 1),
      reach_with_reach = fixed("attacks_of_opportunity", "reach_with_reach",
        "a weapon's melee reach (weapons[name].melee.reach, 5 unless a row gives Reach)"),
      per_action_phase = whole(),
      requires_ready = fixed("attacks_of_opportunity", "requires_ready",
        "fight.lua's Attack of Opportunity (arbiter.override.hook(\"movement\", ...))"),
      melee = fixed("attacks_of_opportunity", "melee", "fight.lua's Attack of Opportunity (arbiter.override.hook(\"movement\", ...))") },
                                      required = { "reach" } },
    concentration_checks = record { fields = {
      when = one_of { "hit" },
      actions = fixed("concentration_checks", "actions", "an action's own concentration_check (actions_data[name].concentration_check)"),
      on_failure = fixed("concentration_checks", "on_failure", CONCENTRATION_FAILURE) } },
    cover = record { fields = { modifier = modifier, own_cell = flag, beside_attacker = flag }, required = { "modifier" } },
    concealment = record { fields = { targetable = flag, area_of_effect_reaches = flag } },
    attack_rolls = record { fields = { die = dice(), defense_base = whole(), tie_hits = flag,
                                       wounds_per_hit = whole("Wounds") },
                            required = { "defense_base", "wounds_per_hit" } },
    critical_hit = record { fields = { natural = whole(nil, 1), always_hits = flag, penetration = whole(),
                                       extra_wounds = whole("Wounds") },
                            required = { "natural", "penetration", "extra_wounds" } },
    absorb = record { fields = { per = one_of { "action_phase" } } },
    shields = record { fields = { only_when_ready = flag } },
    penetration = record { fields = { stopped_when_absorb_exceeds = flag } },
    ignores_absorb = record { fields = { examples = texts } },
    wounds = record {
      fields = { max = whole("Wounds"), roll_modifier_per_wound = modifier,
                 tallied = one_of { "after_each_action_phase" }, unconscious_when_exceeding_max = flag,
                 fatally_wounded_rounds_per_max_wound = whole("Rounds"),
                 stable_unconscious = dice({ per_wound = flag, unit = one_of { "round" } }, { "unit" }) },
      required = { "max", "roll_modifier_per_wound", "fatally_wounded_rounds_per_max_wound", "stable_unconscious" } },
    rest_and_healing = record { fields = { wounds = whole("Wounds"), days = whole("days", 1) } },
    ranged = record {
      fields = { modifier_per_extra_increment = modifier, increments_round_up = flag, max_range_multiple = whole(nil, 1),
                 measured_at = one_of { "action_phase_start" }, high_ground = modifier, distance_step = whole("feet", 1),
                 example = record { fields = {
                   range = whole("feet", 1),
                   bands = list_of(record { fields = { from = whole("feet"), to = whole("feet"), modifier = modifier },
                                            required = { "from", "to", "modifier" }, every = "every band gives" },
                                   "a list of bands { from, to, modifier }") } } },
      required = { "modifier_per_extra_increment", "max_range_multiple", "high_ground", "distance_step" } },
    dual_wield = record { fields = { attack = modifier }, required = { "attack" } },
    severed_limbs = record { fields = { one_leg = LEG_SECTION, no_legs = LEG_SECTION, one_arm = ARM_SECTION,
                                        no_arms = ARM_SECTION } },
    checks = record {
      fields = { die = dice(), difficulty = whole(), perception = modifier,
                 stats = record { fields = { dexterity_saving_throw = text, stealth = text, medical = text,
                                             concentration = text },
                                  required = { "concentration", "dexterity_saving_throw", "medical", "stealth" },
                                  extra = map_of { value = function() return text end } } },
      required = { "die", "difficulty", "stats", "perception" } },
  },
  required = { "attack_rolls", "attacks_of_opportunity", "checks", "cover", "critical_hit", "dual_wield",
               "favor_and_disfavor", "penetration", "ranged", "severed_limbs", "shields", "wounds" },
}

-- ---------------------------------------------------------------------------------------------
-- The actions' data (tables/actions_data.lua documents the vocabulary)

local USE = record { fields = { ready = flag, examples = texts }, required = { "ready" } }
local GUARD_OUTCOMES = one_of { "blocked", "hits_guard", "attacker_rolls_against_guarded" }

local ACTION_ROW = record {
  fields = {
    group = one_of { "Movement", "Combat", "Spellcasting", "Support", "Involuntary" },
    tag = one_of { "R", "NR", "R/NR" },
    move = record { fields = { max = whole("feet", 0, 1000000), min_for_favor = whole("feet"),
                               away_from_hostiles = flag, required = flag, adjacent_to_target = flag } },
    attacks = record { fields = { count = whole(nil, 1), kind = one_of { "melee", "ranged", "melee_or_thrown", "any" },
                                  modifier = FAVOR_OR_NONE, targets = text, only_if_cornered = flag },
                       required = { "count", "kind" }, every = "attacks give" },
    attacks_on_you = map_of { key = known_key({ "all", "melee", "ranged" }, "kind of Attack",
                                                        "they are 'all', 'melee' and 'ranged'"),
                              value = function() return FAVOR_OR_NONE end },
    only_attacks_of_opportunity = flag, roll = text, concentration_check = flag, prevents_attacks_of_opportunity = flag,
    hidden = record { fields = {
      must_end_in = list_of(one_of { "Cover", "Concealment" }, 'a list of "Cover" and "Concealment"'),
      revealed_by = record { fields = { examples = texts, arbiter_decides = flag, moving_otherwise = flag } } } },
    unaware = record { fields = { not_ready = flag, perception_below_roll = flag } },
    first_attack_on_unaware = FAVOR,
    next_action = record { fields = { name = row_name, modifier = FAVOR_OR_NONE, penetration = or_false(whole()) },
                           required = { "name" } },
    unless_unaware_of_attacker = flag, saving_throws = FAVOR_OR_NONE,
    block = record { fields = { against = one_of { "defense", "deflection" }, die = dice(), on_even = GUARD_OUTCOMES,
                                on_odd = GUARD_OUTCOMES },
                     required = { "against", "on_even", "on_odd" } },
    deflection_per_additional_attack = modifier, penalty_on_own_defense = flag,
    cannot_guard = list_of(one_of { "area_of_effect", "ignores_absorb" }, 'a list of "area_of_effect" and "ignores_absorb"'),
    target_declared = flag, on_failed_check = record { fields = { replace_next_action = row_name, lose_focus = flag } },
    prepared_at = text, needs = text,
    uses = map_of { key = known_key({ "quick", "complex" }, "use", "they are 'quick' and 'complex'"),
                    value = function() return USE end },
    many_rounds_examples = texts, carries = whole(), encumbered = flag,
    carried_hit = record { fields = { die = dice(), on = one_of { "even", "odd" } }, required = { "on" } },
    target = status_name, on_success = status_name,
    trigger = record { fields = { paths_cross = one_of { "allies", "opponents" }, either_not_ready = flag } },
    ready_roll = FAVOR, not_ready_roll = FAVOR,
    on_failed_roll = record { fields = { ready = text, not_ready = text } },
    stop = text, attacks_of_opportunity = whole(), charge_attack = FAVOR_OR_NONE, reload_weapons_allowed = flag,
  },
  required = { "group", "tag" }, every = "every row of actions_data gives",
  extra = function(v, path)
    -- Use Item's (R/NR): "Quick Use Items: You remain Ready", "Complex Use Items: You become Not Ready".
    if v.tag == "R/NR" and not (type(v.uses) == "table" and v.uses.quick and v.uses.complex) then
      return problem(path, 'is (R/NR), Ready or not by its use: it gives uses = { quick = { ready = ... }, '
        .. 'complex = { ready = ... } }', true)
    end
  end,
}

-- What these rules read of the source's rows by name, beyond what every row gives.
local ROW_NEEDS = {
  ["Charge"] = { "attacks" }, ["Full Attack"] = { "attacks" }, ["Counter"] = { "attacks" },
  ["Ranged Attack"] = { "attacks" }, ["Rapid Fire"] = { "attacks" }, ["Terror"] = { "attacks" }, ["Aim"] = { "next_action" },
  ["Guard"] = { "block", "cannot_guard", "deflection_per_additional_attack" }, ["Rescue"] = { "carried_hit" },
  ["Crash"] = { "ready_roll", "not_ready_roll" }, ["Skulk"] = { "first_attack_on_unaware", "hidden.revealed_by" },
}

-- The rows of the source's actions, each defined (actions.lua) and read by name: as this pack
-- defined them, before any house rule (this file is required as the pack loads).
local SOURCE_ACTIONS = copy(tables.actions_data)
local SOURCE_ROWS = sorted_keys(SOURCE_ACTIONS)

-- The value of a dotted field ("hidden.revealed_by") of `t`; nil where a table on the way is not there.
local function value_at(t, field)
  for key in field:gmatch("[^.]+") do
    if type(t) ~= "table" then return nil end
    t = t[key]
  end
  return t
end

local MOVEMENT = "fight.lua's movement hook, where paths cross (arbiter.override.hook(\"movement\", ...))"

-- The code that carries out what a source's row says: its action's, but for Crash and Clash, which
-- happen while everyone moves.
local function action_code(row)
  if row == "Crash" or row == "Clash" then return MOVEMENT end
  return ("%s's action (arbiter.override.action(%q, ...))"):format(row, row)
end

local function always(governs) return function() return governs end end

-- Skulk's "Overt Actions such as Attacks, Sprint, etc reveal you", as these rules read it.
local REVEALS = "what reveals the Hidden: an Attack with a weapon that is not Silent (arbiter.override.hook(\"attack\", "
  .. "...)), Sprint (arbiter.override.action(\"Sprint\", ...)) and moving otherwise "
  .. "(actions_data['Skulk'].hidden.revealed_by.moving_otherwise)"

-- Skulk's "Characters who are Not Ready or whose Perception is below the Stealth Roll are Unaware".
local UNAWARE = "attack.lua's Unaware: Not Ready, or a Perception (the stat perception, else rules.checks.perception) "
  .. "below the skulker's Stealth roll"

-- The field of an action's definition that says it (arbiter.patch.action).
local function definition(field)
  return function(row)
    return ("%s's definition, its %s (arbiter.patch.action(%q, { %s = ... }))"):format(row, field, row, field)
  end
end

-- The fields of actions_data that record the source's words, which code carries out (README): what
-- governs each in a source's row (by the row's name), to patch instead. A house rule's change of
-- one in a source's row, or one added to it, is refused, rather than accepted and ignored; a house
-- rule's own row may give them, for its own action's code.
local SOURCE_WORDS = {
  roll = action_code, target = action_code, on_success = action_code, carries = action_code, encumbered = action_code,
  needs = action_code, only_attacks_of_opportunity = action_code, many_rounds_examples = action_code,
  ["uses.quick.examples"] = action_code, ["uses.complex.examples"] = action_code, ["move.required"] = action_code,
  ["attacks.only_if_cornered"] = action_code, ["attacks.targets"] = action_code,
  ["trigger.paths_cross"] = always(MOVEMENT), ["trigger.either_not_ready"] = always(MOVEMENT), stop = always(MOVEMENT),
  ["on_failed_roll.ready"] = always(MOVEMENT), ["on_failed_roll.not_ready"] = always(MOVEMENT),
  ["on_failed_check.replace_next_action"] = always(CONCENTRATION_FAILURE),
  ["on_failed_check.lose_focus"] = always(CONCENTRATION_FAILURE),
  prepared_at = always("fight.lua's phase_end, which Prepares the spell of a Prepare Spell not interrupted "
    .. "(arbiter.override.hook(\"phase_end\", ...))"),
  target_declared = definition("target"),
  ["move.adjacent_to_target"] = definition("follows_target"),
  ["hidden.must_end_in"] = always("the Cover and Concealment that Skulk and fight.lua's phase_end ask of the Hidden "
    .. "(arbiter.override.action(\"Skulk\", ...), arbiter.override.hook(\"phase_end\", ...))"),
  ["hidden.revealed_by.examples"] = always(REVEALS), ["hidden.revealed_by.arbiter_decides"] = always(REVEALS),
  ["unaware.not_ready"] = always(UNAWARE), ["unaware.perception_below_roll"] = always(UNAWARE),
}

local SOURCE_WORD_FIELDS = sorted_keys(SOURCE_WORDS)  -- in order, so the same one is told first every time

-- The first of the source's words in its rows of actions_data that a house rule changed.
local function source_words_changed()
  for _, row in ipairs(SOURCE_ROWS) do
    for _, field in ipairs(SOURCE_WORD_FIELDS) do
      local governs = SOURCE_WORDS[field]
      local source = value_at(SOURCE_ACTIONS[row], field)
      if not same(value_at(tables.actions_data[row], field), source) then
        local path = at(nil, row)
        for key in field:gmatch("[^.]+") do path = at(path, key) end
        return problem(path, not_read(governs(row), source, row))
      end
    end
  end
end

-- ---------------------------------------------------------------------------------------------
-- Spells (README: default chosen), and the profiles of other Attacks made with no weapon

-- What an Attack is made with when it is no weapon in hand (attack.make's `profile`): a spell's,
-- or the one a house rule's action gives the hook `attack` (a Shield Bash's shield), which may be
-- a spell's too. Its `range` is the first of the range bands, so at least 1 foot ("Beyond this
-- Range, Attacks receive a -2 penalty for each additional Range increment").
local PROFILE_FIELDS = { name = text, range = whole("feet", 1), penetration = whole(), wounds = whole("Wounds"),
                         target = one_of { "enemy", "any" }, ongoing = flag, stabilizes = flag }

-- A spell's profile, but Range 0 is a spell on oneself (README: default chosen): it reaches no one
-- but its caster, so it is never an Attack, and cannot be one made at an enemy only.
local SPELL_FIELDS = {}
for field, check in pairs(PROFILE_FIELDS) do SPELL_FIELDS[field] = check end
SPELL_FIELDS.range = whole("feet")
local SPELL = record { fields = SPELL_FIELDS, required = { "name", "range", "penetration", "wounds" },
                       every = "every spell gives",
                       extra = function(v, path)
                         if v.range == 0 and v.target == "enemy" then
                           return problem(at(path, "target"), "must be 'any' or left out: a spell of Range 0 "
                             .. "reaches no one but its caster (a spell on oneself), not an enemy")
                         end
                       end }

-- ---------------------------------------------------------------------------------------------
-- All at once

-- A table of rows, each checked by `row(name)`. A row a patch made under a misspelt name ("Swrod")
-- lacks what every row gives: told with the nearest name.
local function check_rows(name, row)
  local t = tables[name]
  for key, value in pairs(t) do
    if type(key) ~= "string" then fail(name, problem(nil, ("is keyed by names, not %s"):format(shown(key)))) end
    local check = row(key)
    local wrong = check and check(value, at(nil, key))
    if wrong then
      if wrong.missing and wrong.path and wrong.path.up == nil then
        local others = {}
        for _, other in ipairs(sorted_keys(t)) do if other ~= key then others[#others + 1] = other end end
        wrong.text = wrong.text .. hint(key, others)
      end
      fail(name, wrong)
    end
  end
end

-- The rows these rules name that a table must hold.
local function needs_rows(name, names, why)
  for _, key in ipairs(names) do
    if tables[name][key] == nil then
      fail(name, problem(nil, ("has no row '%s': %s"):format(key, why)))
    end
  end
end

-- An action with a row is Ready as its row's tag says ("R" Ready, "NR" Not Ready, "R/NR" by how
-- it is used): these rules' own are defined so (actions.lua), and Ready decides a shield, Crash and
-- what attacks on the character get. A house rule's definition of one whose `ready` says otherwise,
-- or says nothing (the runtime takes an action as Ready unless it says `ready = false`), is refused
-- at the definition rather than played Ready against the tag. A function is the rule's own say.
local function ready_as_tagged()
  for _, name in ipairs(arbiter.names("action")) do
    local definition, tag = arbiter.actions[name], (tables.actions_data[name] or {}).tag
    if (tag == "R" or tag == "NR") and type(definition.ready) ~= "function"
       and (definition.ready ~= false) ~= (tag == "R") then
      local said = definition.ready == nil and "gives no ready, so it is Ready"
                   or ("has ready = %s"):format(tostring(definition.ready))
      local change = arbiter.last_change("action", name, "ready") or arbiter.last_change("action", name)
      local message = ("action '%s' %s, but actions_data['%s'].tag is \"%s\": give it ready = %s, as the tag "
        .. "says, or change the tag"):format(name, said, name, tag, tostring(tag == "R"))
      error(change and (arbiter.field_location(change.location, "ready") .. ": " .. message) or message, 0)
    end
  end
end

local function check_all()
  check_rows("weapon_properties", function(key) return WEAPON_VOCABULARY[key] or entry() end)
  needs_rows("weapon_properties", { "severs_limb", "requires_strength", "dazes" }, "these rules read it")
  local wrong = severs_limb_faces(tables.weapon_properties.severs_limb)
  if wrong then fail("weapon_properties", wrong) end
  check_rows("weapon_conditions", function() return WEAPON_CONDITION end)
  for key in pairs(tables.weapon_conditions) do
    if not combat.knows_condition(key) then
      fail("weapon_conditions", problem(at(nil, key), (": '%s' is no condition these rules can judge: they judge %s"):format(key,
        quoted(combat.condition_names(), "and"))))
    end
  end
  check_rows("weapons", function() return WEAPON end)
  check_rows("armor_properties", function(key) return ARMOR_VOCABULARY[key] or entry() end)
  check_rows("armor", function() return ARMOR end)
  needs_rows("armor", { "Unarmored" }, "a character who wears none wears it")
  check_rows("shields", function() return SHIELD end)
  wrong = RULES(tables.rules, nil)
  if wrong then fail("rules", wrong) end
  local governed
  governed, wrong = governed_values()
  if governed then fail(governed, wrong) end
  needs_rows("actions_data", SOURCE_ROWS, "these rules define its action and read it")
  check_rows("actions_data", function() return ACTION_ROW end)
  wrong = source_words_changed()
  if wrong then fail("actions_data", wrong) end
  ready_as_tagged()
  for _, key in ipairs(sorted_keys(ROW_NEEDS)) do
    for _, need in ipairs(ROW_NEEDS[key]) do
      if value_at(tables.actions_data[key], need) == nil then
        fail("actions_data", problem(at(nil, key), ("has no %s, which these rules read"):format(need), true))
      end
    end
  end
  check_rows("spells", function() return SPELL end)
  needs_rows("spells", { "Spell" }, "the profile a spell has when none is named")
end

-- ---------------------------------------------------------------------------------------------
-- The hooks a house rule's action calls (fight.lua): the arguments of each call, checked as it is
-- made, so that a mistake is told at the house rule's line rather than failing deep inside these
-- rules, or passing unnoticed (a misspelt option, which Lua reads as nil).

-- The runtime's values a call may give in the wrong place, known by what getmetatable shows.
local function is_character(v) return getmetatable(v) == "a character" end
local function is_context(v) return getmetatable(v) == "an action's context" end

-- words.must, but telling the runtime's values as what they are, not as "a table".
local function must_be(expected, v)
  local said = is_character(v) and ("the character %s"):format(v.name) or is_context(v) and "an action's context"
  return said and ("must be %s, not %s"):format(expected, said) or must(expected, v)
end

local function character(v, path)
  if is_character(v) then return end
  local by_name = type(v) == "string" and (" (world.character(%q))"):format(v) or ""
  return problem(path, must_be("a character" .. by_name, v))
end

local function action_context(v, path)
  if not is_context(v) then return problem(path, must_be("the action's context (the ctx its resolve is given)", v)) end
end

-- `check` of a table the house rule makes (options, parts): a character or an action's context in
-- its place is told as such, not read as a table.
local function own_table(check, expected)
  return function(v, path)
    if is_character(v) or is_context(v) then return problem(path, must_be(expected, v)) end
    return check(v, path)
  end
end

-- The tables a house rule's action gives the hooks, each as record() checks it, by the class that
-- types/platemail.lua declares it as.
local PROFILE_SPEC = { fields = PROFILE_FIELDS, required = { "name", "penetration", "wounds" },
                       every = "every profile gives", closed = "field of an Attack's profile" }

local WEAPON_KIND, PROFILE_KIND = one_of(attack.kinds.weapon), one_of(attack.kinds.profile, "with a profile")

local ATTACK_OPTIONS_EXPECTED = 'a table of options, such as { kind = "melee" }'
local ATTACK_OPTIONS_SPEC = {
  fields = { kind = text, verb = text, profile = record(PROFILE_SPEC), ignores_absorb = flag,
             on_hit = fits(function(v) return type(v) == "function" end, "a function"),
             opportunity = flag, within_reach = flag, clash = flag, aimed = flag },
  closed = "option of an Attack", expected = ATTACK_OPTIONS_EXPECTED,
  extra = function(v, path)
    if v.kind == nil then return end
    return (v.profile and PROFILE_KIND or WEAPON_KIND)(v.kind, at(path, "kind"))
  end,
}

local PART_SPEC = { fields = { amount = modifier, reason = text }, required = { "amount", "reason" },
                    every = "every part gives", closed = "field of a part" }
local PARTS_EXPECTED = 'a list of parts, such as { { amount = 2, reason = "Inspired" } }'
local PARTS = list_of(record(PART_SPEC), PARTS_EXPECTED)

---The arguments each hook takes, in order (README: "Hooks for house rules' actions"): a call that
---gives more is refused (fight.lua), as Lua would drop them unread. types/platemail.lua declares
---the hooks with these, as tests/annotations_test.cpp checks.
tables_check.hook_arguments = {
  attack = { "ctx", "target", "options" },
  check = { "who", "check", "parts", "reason" },
  shield_in_hand = { "who", "weapon" },
}

---The tables given the hooks, by the class types/platemail.lua declares each as: the fields a hook
---accepts (`fields`) and those it must be given (`required`), as the class's fields and which of
---them are optional (tests/annotations_test.cpp).
tables_check.hook_tables = {
  ["platemail.AttackOptions"] = ATTACK_OPTIONS_SPEC, ["platemail.Profile"] = PROFILE_SPEC, ["platemail.Part"] = PART_SPEC,
}

-- What is wrong with an argument, told as `name` ("options", "the target (argument 2)"); nil when
-- it fits.
local function misfit(name, value, check)
  local wrong = check(value, nil)
  return wrong and (told(name, wrong)) or nil
end

local TARGET = or_none(nil, character)
local OPTIONS = or_none(nil, own_table(record(ATTACK_OPTIONS_SPEC), ATTACK_OPTIONS_EXPECTED))
local OPTIONAL_PARTS = or_none(nil, own_table(PARTS, PARTS_EXPECTED))

---What is wrong with the arguments of a call of the hook `attack` (attack.make): the action's
---context, the target (a character, or nil: no one to attack) and the options; nil when they fit.
---@return string?
function tables_check.attack_arguments(ctx, target, options)
  return misfit("ctx (argument 1)", ctx, action_context) or misfit("the target (argument 2)", target, TARGET)
    or misfit("options", options, OPTIONS)
end

---The same of the hook `check` (attack.check): who rolls, which check (a name of rules.checks.stats,
---read now), its modifiers and what it is for.
---@return string?
function tables_check.check_arguments(who, check, parts, reason)
  return misfit("the character (argument 1)", who, character)
    or misfit("the check (argument 2)", check, one_of(sorted_keys(tables.rules.checks.stats)))
    or misfit("parts", parts, OPTIONAL_PARTS) or misfit("the reason (argument 4)", reason, text)
end

-- The weapon shield_in_hand judges by (one drawn in a swap): a name of weapons, false for none, or
-- nil for the character's own.
local WEAPON_OR_OWN = or_none(nil, function(v, path)
  if v == false or (type(v) == "string" and tables.weapons[v] ~= nil) then return end
  return problem(path, must("the name of a weapon (weapons), or false for none", v) .. hint(v, sorted_keys(tables.weapons)))
end)

---The same of the hook `shield_in_hand` (attack.shield): the character, and the weapon to judge by.
---@return string?
function tables_check.shield_arguments(c, weapon)
  return misfit("the character (argument 1)", c, character) or misfit("the weapon (argument 2)", weapon, WEAPON_OR_OWN)
end

local checked_revision = nil

---Checks every table again if the definitions have changed since the last check (arbiter.revision):
---the check fight.lua adds (arbiter.add_check), which the runtime runs once every pack has loaded
---and before it next calls into the packs after any change. An error at the line that set the
---first value that does not fit.
function tables_check.refresh()
  local revision = arbiter.revision()
  if revision ~= checked_revision then
    check_all()
    checked_revision = revision
  end
end

return tables_check
