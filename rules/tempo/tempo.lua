-- `require "tempo"`: what the flow's hooks and the actions share — statuses, costs, checks,
-- thresholds, movement, judging the orders, Recover Stamina.
-- Globals read often, as locals: a global is looked up through the pack's environment to the
-- shared globals (a metamethod at each read), a local is a register.
local status, world, grid, flow, log, dice = status, world, grid, flow, log, dice
local ipairs, pairs, type, select, math, table = ipairs, pairs, type, select, math, table
local arbiter = require "arbiter"
local outcomes = require "arbiter.outcomes"
local words = require "arbiter.words"
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
---every action has one, a house rule's too. A name of none is an error naming the nearest rows.
function tempo.row(action)
  local actions = rows.current().actions
  local row = actions[action]
  if row then return row end
  local names = {}
  for name in pairs(actions) do names[#names + 1] = name end
  error(("no row '%s' in actions_data%s"):format(tostring(action), words.hint(action, names)))
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

-- A maximum matching of `n` fighters, where `fits[v]` lists whom v may pair with, in the order
-- it prefers them: `match` (v -> its partner's number) is grown from what it holds by augmenting
-- paths, the unpaired in turn (Edmonds' blossoms: with three sides or Pinned beside Grappled, who
-- may pair is not two camps). Polynomial, and deterministic: the same fits give the same pairs.
local function matched(n, fits, match)
  local base, parent, queued, queue
  -- The base of the blossom where the alternating trees' paths from a and b meet.
  local function meeting(a, b)
    local seen = {}
    while true do
      a = base[a]
      seen[a] = true
      if not match[a] then break end
      a = parent[match[a]]
    end
    while true do
      b = base[b]
      if seen[b] then return b end
      b = parent[match[b]]
    end
  end
  local function mark(v, b, child, blossom)
    while base[v] ~= b do
      blossom[base[v]], blossom[base[match[v]]] = true, true
      parent[v] = child
      child = match[v]
      v = parent[match[v]]
    end
  end
  -- The unpaired fighter an augmenting path from `root` ends at, or nil.
  local function augmenting(root)
    base, parent, queued, queue = {}, {}, { [root] = true }, { root }
    for i = 1, n do base[i] = i end
    local head = 1
    while queue[head] do
      local v = queue[head]
      head = head + 1
      for _, to in ipairs(fits[v]) do
        if base[v] ~= base[to] and match[v] ~= to then
          if to == root or (match[to] and parent[match[to]]) then
            local b, blossom = meeting(v, to), {}
            mark(v, b, to, blossom)
            mark(to, b, v, blossom)
            for i = 1, n do
              if blossom[base[i]] then
                base[i] = b
                if not queued[i] then queued[i] = true; queue[#queue + 1] = i end
              end
            end
          elseif not parent[to] then
            parent[to] = v
            if not match[to] then return to end
            queued[match[to]] = true
            queue[#queue + 1] = match[to]
          end
        end
      end
    end
  end
  for root = 1, n do
    if not match[root] then
      local v = augmenting(root)
      while v do
        local pv = parent[v]
        local next_v = match[pv]
        match[v], match[pv] = pv, v
        v = next_v
      end
    end
  end
  return match
end

---Who shares a bind, grapple or pin with whom when combat begins: { [name] = partner }. Each
---fighter the encounter starts Bound, Grappled or Pinned is paired one to one with an enemy within
---melee reach (tempo.reaches: the contact a bind is, "engaged [with] another melee combatant")
---starting in a status that shares its own. Each in the encounter's order takes the closest one
---free; should that leave some unpaired, the pairing is grown by augmenting paths (a maximum
---matching), so an encounter that can be paired is, whatever order it lists its fighters in; one
---that cannot is an error at the `guard` of the first fighter left over.
function tempo.starting_partners()
  local starting, order = {}, {}
  for i, c in ipairs(world.characters()) do
    order[c.name] = i
    if SHARES_WITH[c.stats.guard] then starting[#starting + 1] = c end
    -- Bound is "prolonged weapon-on-weapon contact" with "another melee combatant".
    if c.stats.guard == "Bound" and not tempo.melee_weapon(c) then
      world.encounter_error(c, "guard", ('is "Bound", but %s: a bind is "prolonged weapon-on-weapon contact" of two '
        .. "melee weapons (start it On Guard, or give it one)"):format(tempo.weapon(c).ranged and "it holds a " .. c.stats.weapon
        or "it is Unarmed"))
    end
  end
  -- Each one's possible partners, the closest first, then in the encounter's order.
  local fits, number = {}, {}
  for i, c in ipairs(starting) do number[c.name] = i end
  for _, c in ipairs(starting) do
    local mine = {}
    for _, other in ipairs(starting) do
      if other.side ~= c.side and contains(SHARES_WITH[c.stats.guard], other.stats.guard)
          and tempo.reaches(c, other.cell) then
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
  -- Each in turn takes the closest one free: the pairing when no one is left over. Otherwise the
  -- first one left over is the one told, should the pairing grown from there leave some over too.
  local match, left = {}, nil
  for i, c in ipairs(starting) do
    if not match[i] then
      for _, other in ipairs(fits[c.name]) do
        if not match[number[other.name]] then
          match[i], match[number[other.name]] = number[other.name], i
          break
        end
      end
      left = left or (not match[i] and c)
    end
  end
  if left then
    local by_number = {}
    for i, c in ipairs(starting) do
      by_number[i] = {}
      for _, other in ipairs(fits[c.name]) do by_number[i][#by_number[i] + 1] = number[other.name] end
    end
    matched(#starting, by_number, match)
  end
  local partner = {}
  for i, c in ipairs(starting) do
    if not match[i] then
      local mine, shared = left.stats.guard, tempo.SHARED[left.stats.guard]
      if #fits[left.name] == 0 then
        world.encounter_error(left, "guard", ("is %q, but no enemy within reach starts %s to share the %s with")
          :format(mine, table.concat(SHARES_WITH[mine], " or "), shared))
      end
      local names = {}
      for _, other in ipairs(fits[left.name]) do names[#names + 1] = other.name end
      world.encounter_error(left, "guard", ("is %q, but every enemy within reach who could share the %s with it (%s) "
        .. "shares one with another: a %s is shared by two"):format(mine, shared, table.concat(names, ", "), shared))
    end
    partner[c.name] = starting[match[i]]
  end
  return partner
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
-- taken with a melee weapon (Melee Attack, Feint, Parry, Counter-Attack, CT Counter-Attack, CT
-- Parry, and in the bind Press, Disarm, Double, Wind) a melee weapon.
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

-- What `c` pays for `action` in place of its own `replaced`: "If the action you're replacing cost
-- more than your original action ... you pay the difference in cost".
local function replacing(c, action, replaced) return math.max(0, tempo.cost(c, action) - replaced.cost) end

-- Whether `c` answers now what answered its own action, on its own turn: the turn's action, the
-- last declared this phase that is no response, is `c`'s. (Its intent stays its turn's own when it
-- answers another's action later in the phase.)
local function answering_own(c)
  local declared = log.phase_events("declared")
  for i = #declared, 1, -1 do
    local fields = declared[i].fields
    if not fields.reaction then return fields.character == c.name end
  end
  return false
end

---What `c` pays to declare `action` now: its AP Cost, or for an action that replaces `c`'s own
---(flow.intent) the difference in cost: a counter-tempo action, or a reaction `c` takes on its own
---turn, the Counter-Attack that replaces its parried Feint ("may be replaced with a Counter-Attack",
---which "Declare Counter-Tempo Action" charges so). The hook `cost` (actions.lua), which the runtime
---charges for an intent that gives none of its own, whoever proposed it (a house rule's `respond`
---too); these rules' own hooks give theirs.
function tempo.charge(c, action)
  local kind = tempo.row(action).kind
  local replaced = (kind == "counter-tempo" or kind == "reactive" and answering_own(c)) and flow.intent(c)
  if replaced then return replacing(c, action, replaced) end
  return tempo.cost(c, action)
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

---The action check: none for Move, Aim and Ready, whose result is rules.no_check_result ("you are
---considered to get a result of 0", a house rule's own number told as it is); otherwise the default
---formula (rules.check) plus bonuses, each { amount, reason }. Returns the result and its text.
function tempo.check(c, action, bonuses)
  local data = tempo.row(action)
  if not data.check then
    local result = tables.rules.no_check_result
    return result, ("no check: %d"):format(result)
  end
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
-- Movement on the grid, by the runtime's paths (grid.toward, grid.path): walls, closed doors and
-- impassable ground are walked around, or stop the mover where it cannot pass.

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

---Whether `who`'s melee weapon reaches `cell`: within `rules.melee_reach` steps, and no wall
---between (a border that blocks sight, a closed door: grid.sight), since a blow does not pass
---where a look does not. Beside someone across a wall is not within its reach.
function tempo.reaches(who, cell)
  return tempo.steps({ cell = cell }, who) <= tables.rules.melee_reach and not grid.sight(who.cell, cell).wall
end

-- Where a Move toward `other` stops: beside it, with no wall between.
local function beside(cell, other) return grid.adjacent(cell, other.cell) and not grid.sight(cell, other.cell).wall end

-- The cells of the others, whom a mover walks around.
local function others(who)
  local cells = {}
  for _, c in ipairs(world.characters()) do if c.name ~= who.name then cells[#cells + 1] = c.cell end end
  return cells
end

-- Why no way leads `who` to `cell`: the map (walls, closed doors, impassable ground), or the others
-- standing in every way; nil if one does.
local function closed(who, cell)
  if not grid.path(who.cell, cell) then return "walls or impassable ground close every way" end
  if not grid.path(who.cell, cell, others(who)) then return "others stand in every way" end
end

---Why `who` can come no nearer to `other`: "a wall between", the ground, or the others in the way.
function tempo.no_way(who, other)
  if grid.sight(who.cell, other.cell).wall then return "a wall between" end
  return closed(who, other.cell) or "others stand in every way"
end

---The squares of `path` that a Combat Move's or a Retreat's Success walks: "You may move up to one
---square toward or away from your opponent and laterally up to your Base Combat Movement". The way
---toward the opponent standing at the cell `from` (where `who`'s opponent stands when not given)
---is the nearest of the eight compass directions from `who`'s square to that; each step of the path goes some squares along it, toward
---or away, and the rest across it, laterally. Along an upright way (the opponent north, east, ...)
---a straight step along it is one square toward or away, a diagonal step one square and a lateral
---one, a step across it lateral; along a diagonal way a diagonal step along it is one square, a
---straight step half of one, a diagonal step across it lateral. The path is walked while its
---squares toward and away total at most one; its lateral squares are bounded by the path's own
---length, Base Combat Movement. Without an opponent every step is one square toward or away.
function tempo.edge(who, path, from)
  local opponent = not from and tempo.opponent(who)
  from = from or (opponent and opponent.cell)
  local scale = select(3, grid.size())
  local function at(cell)
    local x, y = grid.feet(cell)
    return x // scale, y // scale
  end
  local ux, uy = 0, 0
  if from then
    local wx, wy = at(who.cell)
    local ox, oy = at(from)
    local eighth = math.floor(math.atan(oy - wy, ox - wx) / (math.pi / 4) + 0.5)
    ux, uy = math.floor(math.cos(eighth * math.pi / 4) + 0.5), math.floor(math.sin(eighth * math.pi / 4) + 0.5)
  end
  local along, x, y = 0, at(who.cell)
  for i, cell in ipairs(path) do
    local nx, ny = at(cell)
    along = along + (from and math.abs((nx - x) * ux + (ny - y) * uy) / (ux * ux + uy * uy) or 1)
    if along > 1 then return { table.unpack(path, 1, i - 1) } end
    x, y = nx, ny
  end
  return path
end

-- Of the cells `who` can walk to within `feet` around the others, the one `score` ranks first
-- (the lower the nearer the aim), if it is better than staying: the nearer, then the one with the
-- shorter straight line to `other` (the straighter way), then the cheaper, then the first in row
-- order. Its path, or none. `fits`, if given, takes only the paths it accepts.
local function best_reachable(who, other, feet, score, fits)
  local avoid, taken = others(who), {}
  for _, cell in ipairs(avoid) do taken[cell] = true end
  local ox, oy = grid.feet(other.cell)
  local function straight(cell)
    local x, y = grid.feet(cell)
    return (x - ox) ^ 2 + (y - oy) ^ 2
  end
  local best, best_path = { score(who.cell), -math.huge, -math.huge }, {}
  for _, cell in ipairs(grid.radius(who.cell, feet)) do
    if not taken[cell] and cell ~= who.cell and score(cell) <= best[1] then
      local path, cost = grid.path(who.cell, cell, avoid)
      local here = path and cost <= feet and (not fits or fits(path)) and { score(cell), straight(cell), cost }
      if here and (here[1] < best[1] or (here[1] == best[1] and (here[2] < best[2] or (here[2] == best[2] and here[3] < best[3])))) then
        best, best_path = here, path
      end
    end
  end
  return best_path
end

---The squares `who` would walk, one by one, up to `squares` toward `other` (stopping beside it,
---no wall between) or away from it, without moving: along the cheapest way around walls, doors,
---impassable ground and the others (grid.toward, as the map counts its squares), or, where no way
---leads to it, as near as `who` can come. Away and `edging` (a Retreat's Success), only along a way
---whose squares toward and away from `other` total at most one (tempo.edge).
function tempo.path(who, other, squares, away, edging)
  local feet = squares * select(3, grid.size())
  if away then
    local fits = edging and function(path) return #tempo.edge(who, path, other.cell) == #path end
    return best_reachable(who, other, feet, function(cell) return -grid.distance(cell, other.cell) end, fits)
  end
  if beside(who.cell, other) then return {} end
  local way = grid.toward(who.cell, other.cell, feet, { avoid = others(who) })
  for i, cell in ipairs(way) do
    if beside(cell, other) then return { table.unpack(way, 1, i) } end
  end
  if #way > 0 then return way end
  return best_reachable(who, other, feet, function(cell) return grid.distance(cell, other.cell) end)
end

---What a Success of the declared movement walks of its way (tempo.edge): "your opponent" is its
---target, else the one it moves away from (where they stood when it was declared: the intent's
---`away_from`), else the mover's opponent.
function tempo.edged(declared)
  local from = declared.target and declared.target.cell or declared.away_from
  return tempo.edge(declared.actor, declared.path or {}, from)
end

---The part of a declared movement's way that is sure to be walked, which a reaction judges: a
---Move's whole way (up to Base Combat Movement), a Combat Move's Success (tempo.edged).
function tempo.way(declared)
  if tempo.seen(declared.action) == "Combat Move" then return tempo.edged(declared) end
  return declared.path or {}
end

-- Whether `who`'s melee weapon reaches some square of `path`.
local function reaches_path(who, path)
  for _, cell in ipairs(path) do if tempo.reaches(who, cell) then return true end end
  return false
end

---Which of the `blows` ({ actor, action }, reactions that strike) aimed at `mover` land, and the
---squares of `way` it walks: a blow lands at the first square the mover passes (its way, or its own
---square if it does not move) within its striker's melee reach, a shot at the first. A `halting`
---movement (a failed Move) "must end your movement immediately at the first valid square if you get
---hit": the first blow on the way stops it there, and a later striker's lands only if its reach
---covers that square; one whose reach the mover never enters does not land (tempo.response let it
---answer the whole way). Returns the way walked and, for each blow, whether it lands.
function tempo.blows_on_way(mover, way, blows, halting)
  local squares = #way > 0 and way or { mover.cell }
  local at, first = {}, nil
  for i, blow in ipairs(blows) do
    for j, cell in ipairs(squares) do
      if tempo.row(blow.action).weapon == "ranged" or tempo.reaches(blow.actor, cell) then
        at[i] = j
        break
      end
    end
    if at[i] and not (first and first <= at[i]) then first = at[i] end
  end
  local lands = {}
  for i in ipairs(blows) do lands[i] = at[i] ~= nil and (not halting or at[i] == first) end
  if halting and first and #way > 0 then way = { table.unpack(way, 1, first) } end
  return way, lands
end

-- Why `who` cannot shoot at `other`: "Ranged Attack ... hit your opponent with a ranged weapon"
-- needs it seen (grid.sight): no wall between, nothing that conceals it.
local function unseen(who, other)
  local sight = grid.sight(who.cell, other.cell)
  if sight.visible then return nil end
  return ("no line of sight to %s: %s"):format(other.name, sight.wall and "a wall between" or "concealment between")
end

-- ---------------------------------------------------------------------------------------------
-- Judging what the sheets (or the GM) propose (README: "Orders"). Each returns the intent to take,
-- or nil and the reason, which the fight narrates: "Konrad cannot Parry: Off Guard".

local function short(cost, points) return ("%d AP needed, %d left"):format(cost, points) end

---"A feint that draws a Parry in response may be replaced with a Counter-Attack with a +3 bonus":
---whether `replacement`, answering `answered`, is that Counter-Attack replacing the `original` Feint.
tempo.feint_countered = rows.feint_countered

---The own actions a sheet's turn entry of `action` may replace when they are answered (a counter-
---tempo action's "Replacement For"), and the actions its standing order may answer (its "Response
---To", and for the Counter-Attack that replaces a Feint, the Parry it draws): what the hook `timing`
---gives the sheets (rows.timing).
tempo.replaces, tempo.answers = rows.replaces, rows.answers

---The wounds that put `c` Down (stat `health`, default rules.health).
function tempo.health(c) return c.stats.health or tables.rules.health end

---Whether `c` is out of the fight: Down (its wounds reached its health).
function tempo.down(c)
  return status.has(c, "Down")
end

-- Why a Move written without a target goes nowhere: the way the runtime planned stops at once, or
-- no way leads to the cell it is ordered to (its note says where and why: a wall, another's
-- square, "the map leaves no way to G1").
local function nowhere(me, ordered)
  if ordered.note ~= nil and ordered.note ~= "" then return ordered.note end
  return "it goes nowhere from " .. me.cell
end

-- Why an answer written as a turn entry is not taken as its next action. A replacement written after
-- the action it replaces ("2: IF my attack was parried THEN CT Counter-Attack") is taken only as
-- the answer to what answered that action: the reason it was not is what the turn was owed.
local function not_on_turn(me, action)
  local mine = flow.intent(me)
  if not mine or #tempo.replaces(action) == 0 then
    return "it answers another's action, it is not taken on one's turn"
  end
  if not contains(tempo.replaces(action), mine.action) then
    return ("it replaces %s, not %s"):format(table.concat(tempo.replaces(action), " or "), mine.action)
  end
  local answered
  for _, r in ipairs(mine.responses) do
    if r.actor.name == me.name then return mine.action .. " is already replaced" end
    answered = answered or r
  end
  if not answered then return ("it replaces %s when another answers it, and no one did"):format(mine.action) end
  -- What it answers in place of that action: only a reaction answers an action.
  local answers = {}
  for _, a in ipairs(tempo.answers(action)) do
    if tempo.row(a).kind ~= "proactive" then answers[#answers + 1] = a end
  end
  return ("it answers %s, not %s"):format(table.concat(answers, " or "), answered.action)
end

---The next action of `me`'s turn: the sheet's `ordered` one if the rules allow it, or without
---orders the status's own (rules.default_action) at its opponent (tempo.opponent) while it can pay.
function tempo.next_action(me, points, ordered)
  -- Only a house rule that removes a character's status leaves it without one.
  local guard = tempo.guard(me) or "without a status"
  local action, target, path, note, away_from
  if ordered then
    action, target = ordered.action, ordered.target
    local data = tempo.row(action)
    -- Only proactive actions are taken on one's turn; the others wait for what they answer.
    if data.kind ~= "proactive" then return nil, not_on_turn(me, action) end
    if not tempo.allowed(me, action) then return nil, guard end
    if data.against == "none" then target = nil
    elseif data.moves and not target then
      -- A way written without a target ("Move to C3", "Move E, E", "Move away from Bo"): the
      -- runtime planned it as the map allows, within Base Combat Movement.
      -- The one it moves away from stays "your opponent" of a Combat Move's Success (tempo.edged).
      path, note, away_from = ordered.path, ordered.note, ordered.away_from
      if #path == 0 then return nil, nowhere(me, ordered) end
    elseif not target then return nil, "no one to take it against"
    elseif tempo.down(target) then return nil, target.name .. " is Down, out of the fight" end
    local reason = target and unshared(me, action, target)
    if reason then return nil, reason end
  else
    -- Not in the source: default chosen. On Guard without a melee weapon: a Ranged Attack with a
    -- ranged one, else an Unarmed Attack; Bound without one (a punch Parried into a bind), no
    -- weapon to Press with: Withdraw from the bind.
    action, target = tables.rules.default_action[guard], tempo.opponent(me)
    if not action or not target then return nil end
    if action == "Melee Attack" and not tempo.melee_weapon(me) then
      action = tempo.weapon(me).ranged and "Ranged Attack" or "Unarmed Attack"
    elseif action == "Press" and not tempo.melee_weapon(me) then
      action = "Withdraw"
    end
    if tempo.row(action).against == "none" then target = nil end
  end
  local missing = unequipped(me, action)
  if missing then return nil, missing end
  local weapon = tempo.row(action).weapon
  if target and weapon == "ranged" then
    local reason = unseen(me, target)
    if reason then return nil, reason end
  end
  -- Reach: a melee action from afar, or across a wall, becomes a Move toward its target.
  if target and (weapon == "melee" or weapon == "unarmed") and not tempo.reaches(me, target.cell) then
    if not contains(tempo.row("Move").statuses, guard) then return nil, "out of reach, and " .. guard end
    action = "Move"
  end
  -- A movement toward its target: the way is planned now, and walked as it resolves.
  -- (At oneself it goes nowhere: the runtime refuses it, `target = "other"`.)
  if tempo.row(action).moves and not path and target.name ~= me.name then
    -- A distance written before the target ("Move 10' -> Bo") caps the way, as the runtime's.
    local squares = tables.rules.base_combat_movement
    if ordered and ordered.distance then squares = math.min(squares, ordered.distance // select(3, grid.size())) end
    path = tempo.path(me, target, squares)
    if #path == 0 and not beside(me.cell, target) then
      return nil, ("no way to reach %s: %s"):format(target.name, tempo.no_way(me, target))
    end
  end
  local cost = tempo.cost(me, action)
  if cost > points then return nil, short(cost, points) end
  -- Toward one it stands beside already, it would go nowhere, yet cost AP and draw reactions.
  if target and path and #path == 0 and tempo.row(action).moves then
    return nil, ("already beside %s, it goes nowhere"):format(target.name)
  end
  return { action = action, target = target, cost = cost, path = path, note = note, away_from = away_from }
end

-- Why `who` cannot take `name` now, whatever it answers: its status, or what it holds.
local function unable(who, name)
  if not tempo.allowed(who, name) then return tempo.guard(who) or "without a status" end
  return unequipped(who, name)
end

---Whether `who` may take `action` now by its row: its "Allowed Status" and what it holds; false and
---why ("On Guard", "no melee weapon"), as a sheet's order is refused. The hook `allowed_by`
---(actions.lua), which the runtime asks of each intent, whoever proposed it, again as it resolves:
---the row's few statuses are asked of `who`, not each of these rules' statuses for its own.
function tempo.permitted(who, action)
  for _, name in ipairs(tempo.row(action).statuses) do
    if status.has(who, name) then
      local missing = unequipped(who, action)
      if missing then return false, missing end
      return true
    end
  end
  return false, tempo.guard(who) or "without a status"
end

-- A response is taken against the one whose action it answers: a reaction "in response to their
-- actions", a counter-tempo action "in response to an opponent's reaction" (a Counter-Attack
-- deflects "an incoming melee attack while simultaneously launching one of your own"). A target
-- written otherwise is refused, not taken against the actor in its place.
local function elsewhere(ordered, declared)
  local written = ordered.target
  if not written or written.name == declared.actor.name then return nil end
  return ("it answers %s's %s, so it is taken against %s, not %s"):format(declared.actor.name,
    tempo.seen(declared.action), declared.actor.name, written.name)
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
    local reason = unable(who, name) or elsewhere(ordered, declared)
    if reason then return nil, reason end
    local cost = replacing(who, name, mine)
    if cost > points then return nil, short(cost, points) end
    return { action = name, target = declared.actor, cost = cost }
  end
  -- An opponent, asked about a proactive action aimed at it (movements threaten every opponent).
  if who.side == declared.actor.side then return nil end
  local seen = tempo.seen(declared.action)
  local aimed_at_me = declared.target and declared.target.name == who.name
  if not aimed_at_me and seen ~= "Move" and seen ~= "Combat Move" then return nil end
  if not contains(data.response_to, seen) then return nil, ("it does not answer %s"):format(seen) end
  local reason = unable(who, name) or elsewhere(ordered, declared) or unshared(who, name, declared.actor)
  if reason then return nil, reason end
  local moving = tempo.row(seen).moves
  if data.withdraws and moving then
    -- Retreat: "a movement to withdraw in response to an opponent's attempt to close distance with
    -- you": only when the mover's way ends nearer to the one withdrawing than it starts.
    local way = tempo.way(declared)
    local last = way[#way]
    if not last or grid.distance(last, who.cell) >= grid.distance(declared.actor.cell, who.cell) then
      return nil, ("%s's %s does not close distance with %s"):format(declared.actor.name, seen, who.name)
    end
  end
  if data.weapon == "melee" then
    -- A mover "must end your movement immediately at the first valid square if you get hit": a
    -- blow reaches it only on its way, where its path (up to Base Combat Movement; what a Combat
    -- Move's Success walks of it) comes within reach, not anywhere it could stand after moving.
    if moving then
      if not reaches_path(who, tempo.way(declared)) then
        return nil, ("%s's %s does not come within reach"):format(declared.actor.name, seen)
      end
    elseif not tempo.reaches(who, declared.actor.cell) then return nil, "out of reach" end
  elseif data.weapon == "ranged" then
    local reason = unseen(who, declared.actor)
    if reason then return nil, reason end
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
-- APs", up to the round's 12: the running phase's, which the engine gave (flow.lua). A Success
-- (`regain = "full"`) is "your full allocation": all of them, however many a house rule makes them.
-- Its check is not in the source: default chosen, `stamina` - armour burden - wounds (rules.recover).

function tempo.recover_result(c)
  return (c.stats[tables.rules.recover.stat] or 0) - tempo.armour(c).burden - (c.stats.wounds or 0)
end

function tempo.recover_stamina(who)
  local result = tempo.recover_result(who)
  local row = outcomes.lookup(tempo.row("Recover Stamina").outcomes, result)
  local points, allocation = flow.points(who), flow.phase().action_points
  local regain = row.regain == "full" and allocation or row.regain
  local after = math.max(points, math.min(allocation, points + regain))
  flow.spend(who, points - after)
  log.event("recover", { character = who.name, result = result, outcome = row.outcome, regain = regain,
                         points = after,
                         text = ("%s recovers stamina: %d, %s — %d AP"):format(who.name, result, row.outcome, after) },
            "Recover Stamina")
end

return tempo
