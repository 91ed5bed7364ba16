-- `require "tempo"`: what the flow's hooks and the actions share — statuses, costs, checks,
-- thresholds, movement, judging the orders, Recover Stamina.
local arbiter = require "arbiter"
local outcomes = require "arbiter.outcomes"
local rows = require "rows"

local tables = arbiter.tables
local tempo = {}

-- The source's five statuses. With those a house rule's rows name (tempo.statuses), a character
-- has exactly one of them.
tempo.GUARDS = rows.GUARDS
tempo.contains = rows.contains
local contains = rows.contains

---Checks every row of the tables these rules read, if the definitions changed since (rows.lua).
function tempo.check_tables() rows.refresh() end

---The statuses that allow actions: the source's five, then those a house rule's rows name.
function tempo.statuses() return rows.current().statuses end

function tempo.guard(c)
  -- status.has asks without making the list of statuses that `c.statuses` is.
  for _, name in ipairs(tempo.statuses()) do if status.has(c, name) then return name end end
end

---The row of actions_data that says what `action` is, with what a row may leave out (rows.lua):
---every action has one, a house rule's too.
function tempo.row(action)
  return rows.current().actions[action] or error(("no row '%s' in actions_data"):format(tostring(action)))
end

---Whether the character's status is one of the action's "Allowed Status" (its row's `statuses`).
function tempo.allowed(c, action)
  return contains(tempo.row(action).statuses, tempo.guard(c))
end

-- The statuses two fighters share, by what they share: "the bind is with Bo". Bound is being
-- "engaged [with] another melee combatant"; Grappled allows "one or more other combatants", but
-- here, as a pin, it is shared by two (Not in the source: default chosen).
tempo.SHARED = { ["Bound"] = "bind", ["Grappled"] = "grapple", ["Pinned"] = "pin" }

---Who shares `c`'s bind, grapple or pin: its status's source (tempo.set_guard).
function tempo.partner(c)
  for _, s in ipairs(c.statuses) do
    if tempo.SHARED[s.name] and s.source then return world.character(s.source) end
  end
end

---"My opponent": the one `me` shares a bind, grapple or pin with, else the closest enemy.
function tempo.opponent(me) return tempo.partner(me) or world.closest(me, "enemy") end

local function become(c, name, how)
  for _, s in ipairs(tempo.statuses()) do if s ~= name then status.remove(c, s, how.cause) end end
  status.apply(c, name, how)
end

---Changes a character's status: the one it had ends. A bind, grapple or pin is shared with
---`partner`, who is its status's source. When `c` leaves one, or comes to share one with another,
---the one it had ends for its partner too, who is On Guard (Not in the source: default chosen).
function tempo.set_guard(c, name, cause, partner)
  if tempo.SHARED[name] and not partner then error(("%s is shared by two: name %s's partner"):format(name, c.name)) end
  local before = tempo.partner(c)
  become(c, name, { cause = cause, source = tempo.SHARED[name] and partner or nil })
  if before and not (partner and partner.name == before.name) then become(before, "On Guard", { cause = cause }) end
end

-- Which starting statuses share a bind, grapple or pin: a bind with the Bound, a grapple or pin
-- with the Grappled.
local SHARES_WITH = { ["Bound"] = { "Bound" }, ["Grappled"] = { "Grappled", "Pinned" }, ["Pinned"] = { "Grappled" } }

---Who shares a bind, grapple or pin with whom when combat begins: { [name] = partner }. Each
---fighter the encounter starts Bound, Grappled or Pinned is paired one to one with an enemy within
---melee reach (rules.melee_reach, the contact a bind
---is: "engaged [with] another melee combatant") starting in a status that shares its own. The
---pairing is sought among all the ways to pair them, the closest first, so an encounter that can
---be paired is, whatever order it lists its fighters in; one that cannot is an error at the
---`guard` of the first fighter left over.
function tempo.starting_partners()
  local starting, order = {}, {}
  for i, c in ipairs(world.characters()) do
    order[c.name] = i
    if SHARES_WITH[c.stats.guard] then starting[#starting + 1] = c end
  end
  -- Each one's possible partners, the closest first, then in the encounter's order.
  local fits = {}
  for _, c in ipairs(starting) do
    local mine = {}
    for _, other in ipairs(starting) do
      if other.side ~= c.side and contains(SHARES_WITH[c.stats.guard], other.stats.guard)
          and tempo.steps(c, other) <= tables.rules.melee_reach then
        mine[#mine + 1] = other
      end
    end
    table.sort(mine, function(x, y)
      local dx, dy = tempo.steps(c, x), tempo.steps(c, y)
      if dx ~= dy then return dx < dy end
      return order[x.name] < order[y.name]
    end)
    fits[c.name] = mine
  end
  local partner = {}
  -- A handful of fighters: trying the ways to pair them one by one is cheap.
  local function pair(i)
    while starting[i] and partner[starting[i].name] do i = i + 1 end
    local c = starting[i]
    if not c then return true end
    for _, other in ipairs(fits[c.name]) do
      if not partner[other.name] then
        partner[c.name], partner[other.name] = other, c
        if pair(i + 1) then return true end
        partner[c.name], partner[other.name] = nil, nil
      end
    end
    return false
  end
  if pair(1) then return partner end
  -- Who is left over: the first fighter with no one to share with, or whose every possible partner
  -- is taken when each in turn takes the closest one free.
  local taken = {}
  for _, c in ipairs(starting) do
    if not taken[c.name] then
      local mine, shared = c.stats.guard, tempo.SHARED[c.stats.guard]
      if #fits[c.name] == 0 then
        world.encounter_error(c, "guard", ("is %q, but no enemy within reach starts %s to share the %s with")
          :format(mine, table.concat(SHARES_WITH[mine], " or "), shared))
      end
      local free
      for _, other in ipairs(fits[c.name]) do
        if not taken[other.name] then free = free or other end
      end
      if not free then
        local names = {}
        for _, other in ipairs(fits[c.name]) do names[#names + 1] = other.name end
        world.encounter_error(c, "guard", ("is %q, but every enemy within reach who could share the %s with it (%s) "
          .. "shares one with another: a %s is shared by two"):format(mine, shared, table.concat(names, ", "), shared))
      end
      taken[c.name], taken[free.name] = true, true
    end
  end
  -- Not reached: a greedy pairing with no one left over is a pairing, which pair() would have found.
  error("the fighters starting in a bind, grapple or pin cannot be paired one to one")
end

-- Why `who` cannot take `action` against `other` when the action is taken in the bind, grapple or
-- pin `who` shares (`against = "partner"`): "Disarm ... your opponent of their bound weapon",
-- "withdraw from the bind", "escape from a grapple or pin".
local function unshared(who, action, other)
  if tempo.row(action).against ~= "partner" then return nil end
  local partner, shared = tempo.partner(who), tempo.SHARED[tempo.guard(who)] or "bind"
  if not partner then return ("no one shares %s's %s"):format(who.name, shared) end
  if partner.name ~= other.name then return ("the %s is with %s, not %s"):format(shared, partner.name, other.name) end
end

function tempo.weapon(c) return tables.weapons[c.stats.weapon or "Unarmed"] end
function tempo.armour(c) return tables.armour[c.stats.armour or "None"] end

---Whether `c` holds a melee weapon: neither a ranged weapon nor none (Unarmed, "a kick or a punch").
function tempo.melee_weapon(c) return not tempo.weapon(c).ranged and (c.stats.weapon or "Unarmed") ~= "Unarmed" end

-- Why `c` cannot take `action` with what it holds: a ranged action needs a ranged weapon, one
-- taken with a melee weapon (Melee Attack, Feint, Parry, Counter-Attack, CT Counter-Attack) a
-- melee weapon.
local function unequipped(c, action)
  local data = tempo.row(action)
  if data.weapon == "ranged" and not tempo.weapon(c).ranged then return "no ranged weapon" end
  if data.melee_weapon and not tempo.melee_weapon(c) then return "no melee weapon" end
end

---"AP Cost": a number, or "By Weapon": the cost of the character's weapon (Unarmed: 3).
function tempo.cost(c, action)
  local cost = tempo.row(action).cost
  if cost == "By Weapon" then return tempo.weapon(c).cost end
  return cost
end

---What an action looks like to the others: a Feint is "declared as a regular attack".
function tempo.seen(action) return tempo.row(action).private or action end

---Stat thresholds of the outcome tables (rows.lua's THRESHOLDS, the only ones a row may name), as
---the target's numbers.
function tempo.stat(target, name)
  local key = outcomes.stat_key(name)
  local rules = tables.rules
  if key == "combat_defence" then return target.stats.combat_defence or rules.combat_defence end
  if key == "combat_defence_armoured" then return tempo.stat(target, "Combat Defence") + tempo.armour(target).cover end
  assert(key == "grapple_defence", name)
  return target.stats.grapple_defence or rules.grapple_defence
end

---The action check: none (0) for Move, Aim and Ready; otherwise the default formula (rules.check)
---plus bonuses, each { amount, reason }. Returns the result and its text.
function tempo.check(c, action, bonuses)
  local data = tempo.row(action)
  if not data.check then return tables.rules.no_check_result, "no check: 0" end
  local missing = unequipped(c, action)
  if missing then error(("%s cannot %s: %s"):format(c.name, action, missing)) end
  local rule = tables.rules.check
  local roll = dice.roll(rule.dice, c.name .. ": " .. action)
  local stat = c.stats[rule.stat] or 0
  local total, text = roll.total + stat, ("%s %d"):format(rule.dice, roll.total)
  if stat ~= 0 then text = text .. (" %+d %s"):format(stat, rule.stat) end
  for _, b in ipairs(bonuses or {}) do
    total = total + b[1]
    text = text .. (" %+d %s"):format(b[1], b[2])
  end
  return total, text .. " = " .. total
end

-- ---------------------------------------------------------------------------------------------
-- Movement on the grid, one square at a time: toward (stopping beside) or away from `other`.

function tempo.squares(a, b) return grid.distance(a.cell, b.cell) / select(3, grid.size()) end

---The squares between two characters counted as steps, what melee reach (`rules.melee_reach`)
---counts: a diagonal neighbour is 1 whatever length the grid's metric gives a diagonal (about 1.41
---squares under "euclidean"), and 2 under "manhattan", where no step is diagonal.
function tempo.steps(a, b)
  local scale = select(3, grid.size())
  local ax, ay = grid.feet(a.cell)
  local bx, by = grid.feet(b.cell)
  local dx, dy = math.abs(ax - bx) // scale, math.abs(ay - by) // scale
  if grid.metric() == "manhattan" then return dx + dy end
  return math.max(dx, dy)
end

local DIRECTIONS = { "N", "NE", "E", "SE", "S", "SW", "W", "NW" }

---The squares `who` would walk, one by one, up to `squares` toward (stopping beside) or away from
---`other`, without moving.
function tempo.path(who, other, squares, away)
  local taken = {}
  for _, c in ipairs(world.characters()) do if c.name ~= who.name then taken[c.cell] = true end end
  -- The grid's distance, nearer (or farther, going away) first; of two cells as near, the
  -- straighter way (the shorter straight line to the other).
  local ox, oy = grid.feet(other.cell)
  local function distance(cell)
    local x, y = grid.feet(cell)
    local straight = (x - ox) ^ 2 + (y - oy) ^ 2
    return grid.distance(cell, other.cell) * 1e6 + (away and -straight or straight)
  end
  local at, path = who.cell, {}
  for _ = 1, squares do
    if not away and grid.adjacent(at, other.cell) then break end
    local best, best_d = nil, distance(at)
    for _, d in ipairs(DIRECTIONS) do
      local cell = grid.step(at, d)
      if cell and not taken[cell] then
        local dist = distance(cell)
        if (away and dist > best_d) or (not away and dist < best_d) then best, best_d = cell, dist end
      end
    end
    if not best then break end
    at = best
    path[#path + 1] = at
  end
  return path
end

-- Whether `who`'s melee weapon reaches `cell` (`rules.melee_reach`, counted in steps).
local function reaches(who, cell) return tempo.steps({ cell = cell }, who) <= tables.rules.melee_reach end

-- Whether `who`'s melee weapon reaches some square of `path`.
local function reaches_path(who, path)
  for _, cell in ipairs(path) do if reaches(who, cell) then return true end end
  return false
end

---Where a Move that gets hit ends on its `path`: "at the first valid square if you get hit" — a
---shot lands at once (the first square), a melee blow as the mover comes within the reach of one
---of its `strikers` (a melee striker answers only a Move whose path does: tempo.response).
function tempo.struck_at(path, strikers)
  for _, cell in ipairs(path) do
    for _, striker in ipairs(strikers) do
      if tempo.weapon(striker).ranged or reaches(striker, cell) then return cell end
    end
  end
end

-- ---------------------------------------------------------------------------------------------
-- Judging what the sheets (or the GM) propose (README: "Orders"). Each returns the intent to take,
-- or nil and the reason, which the fight narrates: "Konrad cannot Parry: Off Guard".

local function short(cost, points) return ("%d AP needed, %d left"):format(cost, points) end

---"A feint that draws a Parry in response may be replaced with a Counter-Attack with a +3 bonus":
---whether `replacement`, answering `answered`, is that Counter-Attack replacing the `original` Feint.
function tempo.feint_countered(original, answered, replacement)
  return original == "Feint" and answered == "Parry" and replacement == "Counter-Attack"
end

-- The names in `row[field]`, read as they are: the rows are checked when the fight starts (rows.lua),
-- and this is also read before, when the sheets are checked.
local function row_names(action, field)
  local row, names = tables.actions_data[action], {}
  local list = type(row) == "table" and row[field]
  for _, name in ipairs(type(list) == "table" and list or {}) do
    if type(name) == "string" then names[#names + 1] = name end
  end
  return names
end

---The own actions a sheet's turn entry of `action` may replace when they are answered (a counter-
---tempo action's "Replacement For"): its definition's `replaces`, so sheets are checked by it.
function tempo.replaces(action) return row_names(action, "replacement_for") end

---The actions a sheet's standing order of `action` may answer: its row's "Response To", and for the
---Counter-Attack that replaces a Feint, the Parry it draws. Its definition's `answers`.
function tempo.answers(action)
  local answers = row_names(action, "response_to")
  if contains(tempo.replaces(action), "Feint") and tempo.feint_countered("Feint", "Parry", action) then
    answers[#answers + 1] = "Parry"
  end
  return answers
end

---The wounds that put `c` Down (stat `health`, default rules.health).
function tempo.health(c) return c.stats.health or tables.rules.health end

---Whether `c` is out of the fight: Down (its wounds reached its health).
function tempo.down(c)
  return status.has(c, "Down")
end

---The next action of `me`'s turn: the sheet's `ordered` one if the rules allow it, or without
---orders the status's own (rules.default_action) at its opponent (tempo.opponent) while it can pay.
function tempo.next_action(me, points, ordered)
  -- Only a house rule that removes a character's status leaves it without one.
  local guard = tempo.guard(me) or "without a status"
  local action, target
  if ordered then
    action, target = ordered.action, ordered.target
    local data = tempo.row(action)
    -- Only proactive actions are taken on one's turn; the others wait for what they answer.
    if data.kind ~= "proactive" then return nil, "it answers another's action, it is not taken on one's turn" end
    if not tempo.allowed(me, action) then return nil, guard end
    if data.against == "none" then target = nil
    elseif not target then return nil, "no one to take it against"
    elseif tempo.down(target) then return nil, target.name .. " is Down, out of the fight" end
    local reason = target and unshared(me, action, target)
    if reason then return nil, reason end
  else
    -- Not in the source: default chosen. On Guard without a melee weapon: a Ranged Attack with a
    -- ranged one, else an Unarmed Attack.
    action, target = tables.rules.default_action[guard], tempo.opponent(me)
    if not action or not target then return nil end
    if action == "Melee Attack" and not tempo.melee_weapon(me) then
      action = tempo.weapon(me).ranged and "Ranged Attack" or "Unarmed Attack"
    end
    if tempo.row(action).against == "none" then target = nil end
  end
  local missing = unequipped(me, action)
  if missing then return nil, missing end
  -- Reach: a melee action from afar becomes a Move toward its target.
  local weapon = tempo.row(action).weapon
  if (weapon == "melee" or weapon == "unarmed") and tempo.steps(me, target) > tables.rules.melee_reach then
    if not contains(tempo.row("Move").statuses, guard) then return nil, "out of reach, and " .. guard end
    action = "Move"
  end
  local cost = tempo.cost(me, action)
  if cost > points then return nil, short(cost, points) end
  return { action = action, target = target, cost = cost }
end

-- Why `who` cannot take the response `name` now, whatever it answers: its status, or what it holds.
local function unable(who, name)
  if not tempo.allowed(who, name) then return tempo.guard(who) end
  return unequipped(who, name)
end

---Whether `who` may declare `ordered` against `declared`: as an opponent, a reaction to what it sees;
---as the actor answered by a reaction, a counter-tempo action replacing its own. Without orders, none.
function tempo.response(who, declared, points, ordered)
  if not ordered then return nil end
  local name = ordered.action
  local data = tempo.row(name)
  if declared.reaction then
    -- The actor, asked about a response to its action: a counter-tempo replacement, paying "the
    -- difference in cost" ("whichever is larger of your original action and the replacement").
    local mine = flow.intent(who)
    if not mine or not declared.target or declared.target.name ~= who.name then return nil end
    for _, r in ipairs(mine.responses) do
      if r.actor.name == who.name then return nil, mine.action .. " is already replaced" end
    end
    local feint = tempo.feint_countered(mine.action, declared.action, name)
    if not contains(data.replacement_for, mine.action) then
      return nil, ("it does not replace %s"):format(mine.action)
    end
    if not feint and not contains(data.response_to, declared.action) then
      return nil, ("it does not answer %s"):format(declared.action)
    end
    local reason = unable(who, name)
    if reason then return nil, reason end
    local cost = math.max(0, tempo.cost(who, name) - mine.cost)
    if cost > points then return nil, short(cost, points) end
    return { action = name, target = declared.actor, cost = cost }
  end
  -- An opponent, asked about a proactive action aimed at it (movements threaten every opponent).
  if who.side == declared.actor.side then return nil end
  local seen = tempo.seen(declared.action)
  local aimed_at_me = declared.target and declared.target.name == who.name
  if not aimed_at_me and seen ~= "Move" and seen ~= "Combat Move" then return nil end
  if not contains(data.response_to, seen) then return nil, ("it does not answer %s"):format(seen) end
  local reason = unable(who, name) or unshared(who, name, declared.actor)
  if reason then return nil, reason end
  if data.weapon == "melee" then
    -- A mover "must end your movement immediately at the first valid square if you get hit": a
    -- blow reaches it only on its way, where its path (up to Base Combat Movement; a Combat Move's
    -- one square) comes within reach, not anywhere it could stand after moving.
    local squares = ({ ["Move"] = tables.rules.base_combat_movement, ["Combat Move"] = 1 })[seen]
    if squares then
      if not reaches_path(who, tempo.path(declared.actor, declared.target, squares)) then
        return nil, ("%s's %s does not come within reach"):format(declared.actor.name, seen)
      end
    elseif not reaches(who, declared.actor.cell) then return nil, "out of reach" end
  end
  if data.beyond_attack_speed then
    -- Dodge: "You must be at a distance greater than your opponent's ranged weapon attack speed".
    if tempo.squares(who, declared.actor) <= (tempo.weapon(declared.actor).speed or 0) then
      return nil, "not beyond " .. declared.actor.name .. "'s attack speed"
    end
  end
  if tempo.cost(who, name) > points then return nil, short(tempo.cost(who, name), points) end
  return { action = name, target = declared.actor, cost = tempo.cost(who, name) }
end

-- ---------------------------------------------------------------------------------------------
-- "Recover stamina: Perform the special Recover Stamina action and recover the listed number of
-- APs", up to the round's 12 ("your full allocation"): the running phase's, which the engine gave
-- (flow.lua). Its check is not in the source: default chosen, `stamina` - armour burden - wounds
-- (rules.recover).

function tempo.recover_result(c)
  return (c.stats[tables.rules.recover.stat] or 0) - tempo.armour(c).burden - (c.stats.wounds or 0)
end

function tempo.recover_stamina(who)
  local result = tempo.recover_result(who)
  local row = outcomes.lookup(tempo.row("Recover Stamina").outcomes, result)
  local points = flow.points(who)
  local after = math.max(points, math.min(flow.phase().action_points, points + row.regain))
  flow.spend(who, points - after)
  log.event("recover", { character = who.name, result = result, outcome = row.outcome, regain = row.regain,
                         points = after,
                         text = ("%s recovers stamina: %d, %s — %d AP"):format(who.name, result, row.outcome, after) },
            "Recover Stamina")
end

return tempo
