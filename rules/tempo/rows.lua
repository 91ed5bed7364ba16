-- `require "rows"`: the rows of the tables these rules read (actions_data, weapons, armour, and
-- the statuses and actions `rules` names), as the rules read them. Every row is checked at once
-- whenever the definitions have changed (arbiter.revision): the check flow.lua adds
-- (arbiter.add_check), which the runtime runs once every pack has loaded and before it next calls
-- into the packs after any change, so before anyone pays AP. A mistake, such as a house
-- rule's, is an error at the line of the pack that made it (arbiter.history), saying what is
-- expected, with the nearest name for a misspelt one, rather than a failure deep inside these
-- rules halfway through a round.
-- Globals read often, as locals: a global is looked up through the pack's environment to the
-- shared globals (a metamethod at each read), a local is a register.
local status, dice = status, dice
local ipairs, pairs, type, math, table = ipairs, pairs, type, math, table
local arbiter = require "arbiter"
local outcomes = require "arbiter.outcomes"
local words = require "arbiter.words"
local joined, quoted, shown, hint, must = words.joined, words.quoted, words.shown, words.hint, words.must
local must_be_one_of = words.must_be_one_of

local tables = arbiter.tables
local rows = {}

-- The source's five statuses. A house rule may add others: a status a row names (`statuses`, an
-- outcome's `me` or `them`) is one of these rules' statuses too (rows.current().statuses).
rows.GUARDS = { "Off Guard", "On Guard", "Bound", "Grappled", "Pinned" }

-- The thresholds that are stats of the target, by outcomes.stat_key (tempo.stat reads them).
local THRESHOLDS = { combat_defence = "Target: Combat Defence",
                     combat_defence_armoured = "Target: Combat Defence (Armoured)",
                     grapple_defence = "Target: Grapple Defence" }

local function contains(list, value)
  for _, v in ipairs(list or {}) do if v == value then return true end end
  return false
end
rows.contains = contains

-- "{ Off Guard, On Guard }"
local function listed(list) return #list == 0 and "{ }" or "{ " .. table.concat(list, ", ") .. " }" end

-- Keys in the order of their text. Names alone, the usual case, sort by Lua's own `<`, which is
-- that order without a call per comparison: every row is checked at each fight's first round.
local function by_text(a, b) return tostring(a) < tostring(b) end

local function sorted_keys(t)
  local keys, names_only = {}, true
  for k in pairs(t) do
    keys[#keys + 1] = k
    names_only = names_only and type(k) == "string"
  end
  table.sort(keys, not names_only and by_text or nil)
  return keys
end

-- ---------------------------------------------------------------------------------------------
-- Where a mistake was made: the pack and line that last set a field (what `arbiter explain` shows).

-- "my-house at rules/my-house/init.lua:4": who last set `path` of a definition.
local function set_by(kind, name, path)
  local change = arbiter.last_change(kind, name, path)
  return change and ("%s at %s"):format(change.pack, change.location) or "not recorded"
end

-- Raises `message` where the change that last set `path` of a definition writes it (the field, else
-- that change's line), so that the error is told there, and blamed on the pack that holds that
-- line, not on these rules.
local function fail(kind, name, path, message)
  local change = arbiter.last_change(kind, name, path)
  error(change and (arbiter.field_location(change.location, path) .. ": " .. message) or message, 0)
end

-- ---------------------------------------------------------------------------------------------
-- What each field must be. A check returns nil when the value fits, or what is wrong with it
-- ("must be a whole number of AP, not \"2\"").

local function fits(test, expected)
  return function(v) if not test(v) then return must(expected, v) end end
end
local function one_of(list)
  return function(v) if not contains(list, v) then return must_be_one_of(list, v) end end
end
local function whole(v) return type(v) == "number" and v >= 0 and v == math.floor(v) end
local boolean = fits(function(v) return type(v) == "boolean" end, "true or false")
local number = fits(function(v) return type(v) == "number" end, "a number")
local text = fits(function(v) return type(v) == "string" end, "a text")

-- Dice a roll takes: a mistake in the expression ("d6x") is told here, at the field, not when the
-- first blow rolls it after its AP are paid (dice.parse: parsed, never rolled).
local function dice_expression(example)
  return function(v)
    if type(v) ~= "string" then return must(("dice, such as %q"):format(example), v) end
    local _, mistake = dice.parse(v)
    if mistake then return "cannot be rolled: " .. mistake end
  end
end

-- A stat the rules read of every character: one an encounter may give (the table `encounter`'s
-- stats, where a house rule adds its own), since one it may not give is never set, and these rules
-- would read 0 for everyone in its place.
local function stat_name(v)
  if type(v) ~= "string" then return must("the name of a stat", v) end
  local stats = tables.encounter.stats
  if stats[v] == nil then
    return ("names '%s', which is no stat an encounter may give%s"):format(v, hint(v, sorted_keys(stats),
      (': a house rule that reads another adds it: arbiter.patch.table("encounter", { stats = { %s = "whole" } })')
      :format(v)))
  end
end

local function status_name(v)
  if type(v) ~= "string" then return must("the name of a status", v) end
  if not arbiter.exists("status", v) then
    return ("names '%s', which is no status the rules define%s"):format(v,
      hint(v, arbiter.names("status"), (": define it with arbiter.define.status(%q, {})"):format(v)))
  end
end

local function row_name(v)
  if type(v) ~= "string" then return must("the name of a row of actions_data", v) end
  if tables.actions_data[v] == nil then
    return ("names '%s', which is no row of actions_data%s"):format(v, hint(v, sorted_keys(tables.actions_data)))
  end
end

-- A list of `each`: its first misfit, "[2] names 'Prne', ...".
local function list_of(each, expected)
  return function(v)
    if type(v) ~= "table" then return must(expected, v) end
    for k in pairs(v) do
      if math.type(k) ~= "integer" or k < 1 or k > #v then return must(expected, v) end
    end
    for i, item in ipairs(v) do
      local wrong = each(item)
      if wrong then return ("[%d] %s"):format(i, wrong) end
    end
  end
end

local function threshold(v)
  if v == "-" or type(v) == "number" or type(v) == "function" then return end
  local known = {}
  for _, key in ipairs(sorted_keys(THRESHOLDS)) do known[#known + 1] = THRESHOLDS[key] end
  if type(v) ~= "string" then return must(('a number, "-" or %s'):format(quoted(known)), v) end
  if tonumber(v) then return ("is the text %q, not a number: write %s"):format(v, v) end
  if THRESHOLDS[outcomes.stat_key(v)] then return end
  return ("'%s' is no threshold of these rules%s"):format(v,
    hint(v, known, (': a threshold is a number, "-", %s'):format(quoted(known))))
end

-- The effects of an outcome row (tables/actions_data.lua), which the exchange applies.
local EFFECTS = {
  damage = one_of { "armour", "penetrating" }, stops = boolean, me = status_name, them = status_name,
  ends = boolean, disarm = boolean, move = one_of { "free", "halted", "step", "surge", "hasty" },
  aimed = boolean,
  -- Recover Stamina's Success: "You recover your full allocation", the round's AP however many.
  regain = fits(function(v) return v == "full" or whole(v) end, 'a whole number of AP, or "full" (the round\'s AP)'),
}

-- A field that is not one of `known` but near one is a misspelling ('damge'); one near none is a
-- house rule's own, for its own hooks to read.
local function misspelt(field, known)
  local near = hint(field, sorted_keys(known))
  if near ~= "" then return ("'%s' is no field of these rules%s"):format(field, near) end
end

local function outcome_rows(v)
  if type(v) ~= "table" or #v == 0 then return must("a list of outcome rows { threshold, outcome, effects... }", v) end
  local below_everything = false
  for i, row in ipairs(v) do
    local at = ("[%d]"):format(i)
    if type(row) ~= "table" then return at .. " " .. must("an outcome row { threshold, outcome, effects... }", row) end
    local wrong = threshold(row[1])
    if wrong then return ("%s threshold %s"):format(at, wrong) end
    if type(row[2]) ~= "string" then return ("%s outcome %s"):format(at, must('a name, such as "Success"', row[2])) end
    for _, key in ipairs(sorted_keys(row)) do
      if EFFECTS[key] then
        wrong = EFFECTS[key](row[key])
        if wrong then return ("%s.%s %s"):format(at, key, wrong) end
      elseif type(key) == "number" and key > 2 then
        return ("%s has a value after its outcome: %s; effects are named (damage = \"armour\")"):format(at, shown(row[key]))
      else
        wrong = misspelt(key, EFFECTS)
        if wrong then return ("%s: %s"):format(at, wrong) end
      end
    end
    below_everything = below_everything or row[1] == "-"
  end
  if not below_everything then
    return 'has no "-" row, the outcome of a result below every threshold: add one, such as { "-", "Failure" }'
  end
end

-- The fields of `rules` (tables/rules.lua), each as these rules read it. Every one is read, so
-- none may be missing; a field near one of these is a misspelling, another a house rule's own.
local function integer(v) return math.type(v) == "integer" or (type(v) == "number" and v == math.floor(v) and math.abs(v) < 2 ^ 53) end
local modifier = fits(integer, "a whole number, + or -")
local function count(unit) return fits(function(v) return integer(v) and v >= 0 end, ("a whole number of %s, 0 or more"):format(unit)) end

-- "['On Guard'] names 'Melee Atack', ...": a table of rows of actions_data by status.
local function actions_by_status(v)
  if type(v) ~= "table" then return must("a table of actions by status", v) end
  for _, s in ipairs(sorted_keys(v)) do
    local wrong = status_name(s) or row_name(v[s])
    if wrong then return ("['%s'] %s"):format(s, wrong) end
  end
end

-- ".first_counter must be ...": a table of the fields `fields` checks, each required.
local function record(fields)
  local expected = "a table of " .. joined(sorted_keys(fields), "and")
  return function(v)
    if type(v) ~= "table" then return must(expected, v) end
    for _, field in ipairs(sorted_keys(fields)) do
      local wrong = fields[field](v[field])
      if wrong then return (".%s %s"):format(field, wrong) end
    end
    for _, field in ipairs(sorted_keys(v)) do
      local wrong = not fields[field] and misspelt(field, fields)
      if wrong then return ": " .. wrong end
    end
  end
end

local RULES = {
  round = record { seconds = fits(function(v) return type(v) == "number" and v > 0 end, "a number of seconds, more than 0"),
                   first_counter = modifier },
  check = record { dice = dice_expression("1d10"), stat = stat_name },
  no_check_result = modifier,
  combat_defence = number, grapple_defence = number,
  base_combat_movement = count("squares"), melee_reach = count("steps"), health = count("wounds"),
  starting_status = status_name, default_action = actions_by_status,
  initiative_stat = stat_name,
  recover = record { stat = stat_name },
  unarmed_counter_bonus = modifier, feint_counter_bonus = modifier,
}

-- The fields these rules read of each table's rows: { check, required }.
local FIELDS = {
  actions_data = {
    kind = { one_of { "proactive", "reactive", "counter-tempo", "special" }, true },
    cost = { fits(function(v) return v == "By Weapon" or whole(v) end, 'a whole number of AP, or "By Weapon"'), true },
    statuses = { list_of(status_name, "a list of status names"), true },
    outcomes = { outcome_rows, true },
    check = { boolean }, against = { one_of { "opponent", "partner", "anyone", "none" } },
    weapon = { one_of { "melee", "ranged", "unarmed" } }, melee_weapon = { boolean },
    private = { row_name }, usage = { text },
    response_to = { list_of(row_name, "a list of names of rows of actions_data") },
    replacement_for = { list_of(row_name, "a list of names of rows of actions_data") },
    beyond_attack_speed = { boolean }, cedes_bind = { boolean }, moves = { boolean }, withdraws = { boolean },
  },
  weapons = {
    cost = { fits(whole, "a whole number of AP"), true }, damage = { dice_expression("1d6"), true },
    ranged = { boolean }, aimed = { number }, speed = { number },
  },
  armour = { cover = { number, true }, protection = { number, true }, burden = { number, true } },
}

-- The fields a row of actions_data may leave out, as the source's entries mean them. Every action
-- but Aim, Move and Ready has an "Action Check" (those three say `check = false`); most are taken
-- against "your opponent"; "Opposable:" is blank in the source, so an action is opposable when
-- some reaction is a Response To it.
local function with_defaults(row)
  local out = {}
  for k, v in pairs(row) do out[k] = v end
  if out.check == nil then out.check = true end
  out.against = out.against or "opponent"
  return out
end
rows.with_defaults = with_defaults

-- The names in `row[field]`, read as they are: the rows are checked when the fight starts, and
-- this is also read before, when the sheets are checked.
local function row_names(action, field)
  local row, names = tables.actions_data[action], {}
  local list = type(row) == "table" and row[field]
  for _, name in ipairs(type(list) == "table" and list or {}) do
    if type(name) == "string" then names[#names + 1] = name end
  end
  return names
end

---"A feint that draws a Parry in response may be replaced with a Counter-Attack with a +3 bonus":
---whether `replacement`, answering `answered`, is that Counter-Attack replacing the `original` Feint.
function rows.feint_countered(original, answered, replacement)
  return original == "Feint" and answered == "Parry" and replacement == "Counter-Attack"
end

---A counter-tempo action's "Replacement For": the own actions it may replace.
function rows.replaces(action) return row_names(action, "replacement_for") end

---A reaction's "Response To", and for the Counter-Attack that replaces a Feint, the Parry it draws.
function rows.answers(action)
  local answers = row_names(action, "response_to")
  if contains(rows.replaces(action), "Feint") and rows.feint_countered("Feint", "Parry", action) then
    answers[#answers + 1] = "Parry"
  end
  return answers
end

---When a sheet may order `action`, by its row (the hook `timing`, actions.lua): a proactive action
---only on one's turn; a reaction or a counter-tempo action only in answer to what it answers, and a
---counter-tempo action also as a turn entry, in place of what it replaces; nil for another (Recover
---Stamina, never ordered) or an action without a row.
function rows.timing(action)
  local row = tables.actions_data[action]
  if type(row) ~= "table" then return nil end
  if row.kind == "proactive" then return { turn_only = true } end
  if row.kind == "reactive" or row.kind == "counter-tempo" then
    return { answers = rows.answers(action), replaces = rows.replaces(action) }
  end
end

-- "actions_data['Evade'].cost must be ...", "actions_data['Trip'].statuses[1] names ...".
local function complaint(table_name, key, field, wrong)
  return ("%s['%s'].%s%s%s"):format(table_name, key, field, wrong:match("^%[") and "" or " ", wrong)
end

-- The item or effect within a row's field that `wrong` is about, as the history names it: "[2].them"
-- of "[2].them names 'Bnd', …", "[2].damge" of "[2]: 'damge' is no field …", "[1]" of "[1] names
-- 'Prne', …" (list_of, outcome_rows); ".first_counter" of a record's ".first_counter must be …" or
-- ": 'stta' is no field …"; "" for the whole field.
local function within(wrong)
  local item, key = wrong:match("^(%[%d+%])%.([%a_][%w_]*) ")
  if not item then item, key = wrong:match("^(%[%d+%]): '([%a_][%w_]*)' is no field") end
  if item then return item .. "." .. key end
  key = wrong:match("^%.([%a_][%w_]*) ") or wrong:match("^: '([%a_][%w_]*)' is no field")  -- a record's field
  if key then return "." .. key end
  return wrong:match("^%[%d+%]") or ""
end

local function check_row(table_name, key, row)
  local fields = FIELDS[table_name]
  local required, missing = {}, {}
  for _, field in ipairs(sorted_keys(fields)) do
    if fields[field][2] then
      required[#required + 1] = field
      if row[field] == nil then missing[#missing + 1] = field end
    end
  end
  if #missing > 0 then
    -- Most likely a patch of a row under a misspelt name ("Evde"), which made a new row.
    local others = {}
    for _, name in ipairs(sorted_keys(tables[table_name])) do if name ~= key then others[#others + 1] = name end end
    fail("table", table_name, key, ("%s['%s'] has no %s: every row gives %s%s"):format(table_name, key,
      joined(missing, "or"), joined(required, "and"), hint(key, others)))
  end
  for _, field in ipairs(sorted_keys(row)) do
    if fields[field] then
      local wrong = fields[field][1](row[field])
      if wrong then
        fail("table", table_name, key .. "." .. field .. within(wrong), complaint(table_name, key, field, wrong))
      end
    else
      local wrong = misspelt(field, fields)
      if wrong then fail("table", table_name, key .. "." .. field, ("%s['%s']: %s"):format(table_name, key, wrong)) end
    end
  end
end

-- ---------------------------------------------------------------------------------------------
-- Rows and action definitions agree. The row says what an action costs, which statuses allow it
-- and whom it is taken against; a definition that says it too must say the same: the runtime
-- refuses by its `allowed_by` and its `target`, and charges its `cost`, in place of these rules'
-- hooks `allowed_by` and `cost`, which read the row for an action that gives neither (actions.lua).

local function same_members(a, b)
  if #a ~= #b then return false end
  for _, v in ipairs(a) do if not contains(b, v) then return false end end
  return true
end

-- The fields of a definition that say when a sheet may order it (rows.timing).
local TIMING = { "turn_only", "answers", "replaces" }

local function agrees(action, definition, row)
  local function differs(field, row_field, expected)
    local given = definition[field]
    if given == nil then return end
    local same
    if type(given) == "table" and type(expected) == "table" then same = same_members(given, expected)
    else same = given == expected end
    if not same then
      local function text(v) return type(v) == "table" and listed(v) or shown(v) end
      fail("action", action, field, ("action '%s': %s %s is not actions_data['%s'].%s %s (%s): the tempo rules "
        .. "judge and charge by the row, so leave %s out of the action"):format(action, field, text(given), action,
        row_field, text(expected), set_by("table", "actions_data", action .. "." .. row_field), field))
    end
  end
  differs("allowed_by", "statuses", row.statuses)
  differs("cost", "cost", row.cost)
  -- When a sheet may order it is the row's too (rows.timing): `arbiter check` reads a definition's
  -- own `turn_only`, `answers` or `replaces` instead, and would pass an order the fight refuses.
  for _, field in ipairs(TIMING) do
    local given = definition[field]
    if type(given) == "function" then given = given() end
    local timing = given ~= nil and (rows.timing(action) or {})
    local expected = timing and timing[field]
    if timing and expected == nil then expected = field ~= "turn_only" and {} or false end
    if timing and not (type(given) == "table" and same_members(given, expected) or given == expected) then
      local function text(v) return type(v) == "table" and listed(v) or shown(v) end
      local by = row.kind ~= "proactive" and ({ answers = "response_to", replaces = "replacement_for" })[field] or "kind"
      fail("action", action, field, ("action '%s': %s = %s, but its row means %s = %s (actions_data['%s'].%s is %s, %s): "
        .. "the tempo rules judge when a sheet may order an action by its row, as `arbiter check` does (the hook "
        .. "`timing`), so leave %s out of the action"):format(action, field, text(given), field, text(expected),
        action, by, text(row[by] or {}), set_by("table", "actions_data", action .. "." .. by), field))
    end
  end
  -- A reaction or a counter-tempo action is taken against the one whose action it answers, so a
  -- sheet writes it without a target ("ON Melee Attack: Parry"): needing one would refuse them all.
  if row.kind ~= "proactive" then
    if definition.needs_target then
      fail("action", action, "needs_target", ("action '%s': a %s action is taken against the one whose action it "
        .. "answers, and a sheet writes it without a target (ON <action>: %s): define it with target = \"enemy\" "
        .. "and no needs_target"):format(action, row.kind, action))
    end
    return
  end
  -- How a sheet writes a proactive action: with a target that is an opponent, anyone but the actor
  -- (at itself it would do nothing, yet cost AP and draw reactions), or none.
  local written = ({ opponent = 'needs_target = true, target = "enemy"', partner = 'needs_target = true, target = "enemy"',
                     anyone = 'needs_target = true, target = "other"', none = 'target = "none"' })
  -- A movement (`moves`) says where it goes, toward its target or not: a direction, not a target,
  -- and its target is that direction, not a second one beside a way.
  if row.moves then
    for against, form in pairs(written) do
      written[against] = form:gsub("needs_target = true", "needs_direction = true, target_is_way = true")
    end
  end
  if type(definition.target) == "function" then
    fail("action", action, "target", ("action '%s': the tempo rules judge whom an action is taken at by its row's "
      .. "`against`, not by a target function: define it with %s, or give the row the `against` it means"):format(
      action, written[row.against]))
  end
  local given = {}
  if definition.needs_target then given[#given + 1] = "needs_target = true" end
  if definition.needs_direction then given[#given + 1] = "needs_direction = true" end
  if definition.target_is_way then given[#given + 1] = "target_is_way = true" end
  if definition.target then given[#given + 1] = ("target = %q"):format(definition.target) end
  local defined = table.concat(given, ", ")
  if defined ~= written[row.against] then
    local whom = ({ opponent = "an opponent", partner = "the one who shares its bind, grapple or pin", anyone = "anyone but itself",
                    none = "no one" })[row.against]
    fail("action", action, "", ("action '%s' is defined with %s, but its row is taken against %s "
      .. "(actions_data['%s'].against is %q%s): define it with %s, or give the row the `against` it means "
      .. "(\"opponent\" or \"partner\": %s; \"anyone\": %s; \"none\": %s)"):format(action,
      defined == "" and "neither needs_target nor target" or defined, whom, action, row.against,
      tables.actions_data[action].against == nil and ", unless given" or "", written[row.against], written.opponent,
      written.anyone, written.none))
  end
end

-- ---------------------------------------------------------------------------------------------
-- All at once

local checked_revision, current = nil, nil

local function check_all()
  for _, name in ipairs { "actions_data", "weapons", "armour" } do
    for _, key in ipairs(sorted_keys(tables[name])) do check_row(name, key, tables[name][key]) end
  end
  local actions, statuses = {}, {}
  for _, s in ipairs(rows.GUARDS) do statuses[#statuses + 1] = s end
  local function gating(name) if not contains(statuses, name) then statuses[#statuses + 1] = name end end
  local opposable = {}
  for _, name in ipairs(sorted_keys(tables.actions_data)) do
    local row = tables.actions_data[name]
    actions[name] = with_defaults(row)
    for _, s in ipairs(row.statuses) do gating(s) end
    for _, o in ipairs(row.outcomes) do
      if o.me then gating(o.me) end
      if o.them then gating(o.them) end
    end
    for _, answered in ipairs(row.response_to or {}) do opposable[answered] = true end
  end
  for name, row in pairs(actions) do row.opposable = opposable[name] or false end
  -- Every row is an action, and every action has its row.
  for _, name in ipairs(sorted_keys(actions)) do
    if not arbiter.exists("action", name) then
      fail("table", "actions_data", name, ("actions_data['%s'] has no action: define one with arbiter.define.action(%q, "
        .. "{ ..., resolve = function(ctx) return arbiter.hooks.exchange(ctx) end }) (docs/writing-actions.md)"):format(name, name))
    end
  end
  for _, name in ipairs(arbiter.names("action")) do
    if not actions[name] then
      fail("action", name, "", ("action '%s' has no row in actions_data: add one with arbiter.patch.table(\"actions_data\", "
        .. "{ [%q] = { kind = ..., cost = ..., statuses = ..., outcomes = ... } }) (docs/writing-actions.md)%s"):format(
        name, name, hint(name, sorted_keys(actions))))
    end
    agrees(name, arbiter.actions[name], actions[name])
  end
  -- Every field of `rules`: its numbers, the status everyone starts in, the action of each status
  -- without orders.
  local rules = tables.rules
  for _, field in ipairs(sorted_keys(RULES)) do
    local wrong = RULES[field](rules[field])
    if wrong then fail("table", "rules", field .. within(wrong), ("rules.%s%s%s"):format(field, wrong:match("^[%.%[:]") and "" or " ", wrong)) end
  end
  for _, field in ipairs(sorted_keys(rules)) do
    local wrong = not RULES[field] and misspelt(field, RULES)
    if wrong then fail("table", "rules", field, "rules: " .. wrong) end
  end
  gating(rules.starting_status)
  return { actions = actions, statuses = statuses }
end

---Checks every row again if the definitions have changed since the last check (flow.lua's
---arbiter.add_check).
function rows.refresh()
  local revision = arbiter.revision()
  if revision ~= checked_revision then
    current = check_all()
    checked_revision = revision
  end
end

---The rows as these rules read them, checked: `actions` (actions_data's rows, each with its
---defaults and `opposable`) and `statuses` (the statuses that allow actions: the source's five,
---then those the rows name). As of the last refresh: read many times a turn, it asks for no
---revision itself.
function rows.current()
  if not current then rows.refresh() end
  return current
end

return rows
