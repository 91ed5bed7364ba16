-- Every action of the source. Only a turn's proactive action is resolved by the flow: its
-- resolve plays the whole exchange — the reactions declared against it, the counter-tempo action
-- that replaced it — as "Resolve Action" says: "If your action was opposed, subtract your
-- opponent's result from your result before comparing against the outcome table ... your opponent
-- must also subtract your result from their result".
-- Globals read often, as locals: a global is looked up through the pack's environment to the
-- shared globals (a metamethod at each read), a local is a register.
local status, world, log, dice = status, world, log, dice
local ipairs, pairs, type, math, table = ipairs, pairs, type, math, table
local arbiter = require "arbiter"
local outcomes = require "arbiter.outcomes"
local tempo = require "tempo"
local rows = require "rows"

local tables = arbiter.tables

-- The exchange's changes wait until its narration is logged, so the log tells the blow before
-- the fall. Its movements come first: a Move stopped by a hit "must end your movement immediately
-- at the first valid square if you get hit", so the mover reaches that square, and there the
-- blow's wound lands (and fells her): the movement is told before the fall.
local function later(exchange, change) exchange.later[#exchange.later + 1] = change end
local function movement(exchange, change) exchange.movements[#exchange.movements + 1] = change end

-- Changes inside an action are proposed, and reads still see the state before it: wounds dealt
-- in one exchange are summed here.
local function wound(exchange, victim, amount, cause)
  local before = exchange.wounds[victim.name] or victim.stats.wounds or 0
  local after = before + amount
  exchange.wounds[victim.name] = after
  later(exchange, function() world.set_stat(victim, "wounds", after, cause) end)
  local health = tempo.health(victim)
  if after >= health and before < health then
    later(exchange, function()
      status.apply(victim, "Down", { cause = cause })
      -- Not in the source: default chosen. A bind, grapple or pin ends when one of the two is Down.
      if tempo.partner(victim) then tempo.set_guard(victim, "On Guard", cause) end
    end)
    exchange.text[#exchange.text + 1] = victim.name .. " is down"
  end
end

-- The squares a movement's outcome `row` walks of the way `declared` with it, planned when the
-- action was declared (tempo.next_action): a Success of Combat Move edges "up to one square toward
-- or away from your opponent and laterally up to your Base Combat Movement" (tempo.edged), reckoned
-- before anyone moves, as the reactions judged it; the other movements walk all of it; an outcome
-- without a movement (a Failure of Combat Move: "do not move"), none.
local function walked(row, declared)
  if not (row and row.move and declared and declared.path) then return {} end
  if row.move == "step" then return tempo.edged(declared) end
  return declared.path
end

-- An outcome's effects: `who` took `action`, `other` is its opponent; a movement walks `way`
-- (walked, cut where a blow stopped it: tempo.blows_on_way), or, for a Retreat, away from `other`.
local function apply(exchange, row, who, other, action, way)
  local data = tempo.row(action)
  local cause = who.name .. ": " .. action .. ", " .. row.outcome
  if row.damage then
    local weapon = data.weapon == "unarmed" and tables.weapons["Unarmed"] or tempo.weapon(who)
    -- The exchange is told once it has resolved, after this die: the GM rolling by hand is told by
    -- the die's reason what the blow did ("Roll a d6 for Ana damage (Melee Attack: Hit on Bo):").
    local roll = dice.roll(weapon.damage, who.name .. " damage (" .. action .. ": " .. row.outcome .. " on " .. other.name .. ")")
    local armour = row.damage == "armour" and tempo.armour(other).protection or 0
    local dealt = math.max(0, roll.total - armour)
    exchange.text[#exchange.text + 1] = ("%s takes %d (%s %d%s)"):format(other.name, dealt, weapon.damage, roll.total,
      armour > 0 and (" - %d armour"):format(armour) or "")
    if dealt > 0 then wound(exchange, other, dealt, cause) end
    exchange.hit[other.name] = exchange.hit[other.name] or {}
    table.insert(exchange.hit[other.name], who)
  end
  -- "You disarm your opponent of their weapon": told as a blow is, so that the GM hears why the
  -- disarmed one's melee actions are refused from now on ("no melee weapon").
  local disarmed = row.disarm and other.stats.weapon ~= nil and other.stats.weapon ~= "Unarmed"
  if disarmed then
    exchange.text[#exchange.text + 1] = ("%s is disarmed of the %s"):format(other.name, other.stats.weapon)
  end
  later(exchange, function()
    if row.me then tempo.set_guard(who, row.me, cause, other) end
    if row.them then tempo.set_guard(other, row.them, cause, who) end
    -- Not in the source: default chosen. When a bind, grapple or pin ends, both are On Guard.
    if row.ends or data.cedes_bind then tempo.set_guard(who, "On Guard", cause) end
    if disarmed then world.set_stat(other, "weapon", "Unarmed", cause) end
    if row.aimed then world.set_stat(who, "aimed", true, cause) end
  end)
  if row.move then
    movement(exchange, function()
      -- A Retreat moves away from the one who approaches; Combat Move and Move along their way.
      local path = data.withdraws and tempo.path(who, other, tables.rules.base_combat_movement, true, row.move == "step")
        or way or {}
      local to = path[#path]
      if to then world.move(who, to, cause) end
    end)
  end
end

-- Whether an outcome does something (a Miss or a Failure does not): a row with effects.
local function effective(row)
  for key in pairs(row) do
    if type(key) == "string" and key ~= "outcome" and key ~= "threshold" and key ~= "result" then return true end
  end
  return false
end

-- "Ana Melee Attack (1d10 5 = 5; Hit)"; an outcome that did nothing says why: the other side's
-- "Your opponent's action fails without effect" stopped it, "(…; Hit, stopped by Bo's Parry)", or
-- its blow did not reach the mover, "(…; Hit, does not reach Cy)".
local function result_text(name, action, text, row, unmade)
  local outcome = row and row.outcome or "no outcome"
  if row and unmade and effective(row) then outcome = outcome .. ", " .. unmade end
  return ("%s %s (%s; %s)"):format(name, action, text, outcome)
end

-- The threshold of the outcome row a result reached, for the log; none for the row any result
-- reaches ("-"), whose threshold is no number a log can hold.
local function threshold_reached(row)
  if row and row.threshold ~= -math.huge then return row.threshold end
  return nil
end

-- Whether `action` is a weapon attack: it strikes (an outcome deals damage) with a weapon, melee
-- or ranged, not with "a kick or a punch".
local function weapon_attack(action)
  local data = tempo.row(action)
  if data.weapon ~= "melee" and data.weapon ~= "ranged" then return false end
  for _, row in ipairs(data.outcomes) do if row.damage then return true end end
  return false
end

-- "You may use your aimed weapon accuracy for any weapon attacks taken immediately after this
-- action" (Aim): the aimer's next action, whatever it is (another Aim, a reaction on another's
-- turn), spends the aim, and adds the accuracy to `bonuses` if it is a weapon attack.
local function take_aim(who, action, bonuses)
  if not who.stats.aimed then return end
  if weapon_attack(action) then bonuses[#bonuses + 1] = { tempo.weapon(who).aimed or 0, "aimed" } end
  world.set_stat(who, "aimed", false, "aim spent")
end

local function exchange(ctx)
  local me = ctx.actor
  local standing, replaced, answered = ctx.action, false, nil
  local opposing, reaction_of = {}, {}
  for _, r in ipairs(ctx.responses) do
    -- The counter-tempo action comes after every reaction; it answers the one of its target.
    if r.actor.name == me.name then standing, replaced, answered = r.action, true, reaction_of[r.target.name]
    else
      -- The target's reaction first, whatever the encounter's order: the action's own outcome is
      -- taken against it (below).
      local targets = ctx.target and r.actor.name == ctx.target.name
      table.insert(opposing, targets and 1 or #opposing + 1, r)
      reaction_of[r.actor.name] = r.action
    end
  end
  local bonuses = {}
  if tempo.feint_countered(ctx.action, answered, standing) then
    bonuses[#bonuses + 1] = { tables.rules.feint_counter_bonus, "Feint" }
  end
  take_aim(me, standing, bonuses)

  local ex = { wounds = {}, text = {}, movements = {}, later = {}, hit = {} }
  local result, text = tempo.check(me, standing, bonuses)
  local head = replaced and (ctx.action .. " replaced by " .. standing) or standing
  -- For the log: each side's outcome row by name ("Critical Hit", "Bind"), the threshold of that row
  -- the result reached (opposed: the result less the opponent's), the reactions' results.
  local outcome, threshold, reactions = nil, nil, {}
  if #opposing == 0 then
    local row = outcomes.lookup(tempo.row(standing).outcomes, result, ctx.target, tempo.stat)
    outcome, threshold = row and row.outcome, threshold_reached(row)
    table.insert(ex.text, 1, result_text(me.name, head, text, row))
    apply(ex, row, me, ctx.target, standing, walked(row, ctx))
  else
    -- Each reaction is opposed to the action's one result; the action's own outcome is the one
    -- against the first reaction (its target's). Not in the source: default chosen (README).
    local mine, stopped, first_result = nil, nil, nil
    local theirs, their_texts = {}, {}
    for i, r in ipairs(opposing) do
      local their_bonuses = {}
      if r.action == "Counter-Attack" and ctx.action == "Unarmed Attack" and tempo.melee_weapon(r.actor) then
        their_bonuses[1] = { tables.rules.unarmed_counter_bonus, "against an Unarmed Attack" }
      end
      take_aim(r.actor, r.action, their_bonuses)
      local their_result, their_text = tempo.check(r.actor, r.action, their_bonuses)
      local m, t = outcomes.opposed(
        { rows = tempo.row(standing).outcomes, result = result, target = r.actor, stat = tempo.stat },
        { rows = tempo.row(r.action).outcomes, result = their_result, target = me, stat = tempo.stat })
      if i == 1 then mine, first_result = m, their_result end
      theirs[i], their_texts[i] = t, their_text .. (" − %d"):format(result)
      reactions[i] = { character = r.actor.name, action = r.action, result = their_result, outcome = t.outcome,
                       threshold = threshold_reached(t) }
      if t.stops and not stopped then stopped = ("%s's %s"):format(r.actor.name, r.action) end
    end
    -- What stops an action: "Your opponent's action fails without effect".
    outcome, threshold = mine.outcome, threshold_reached(mine)
    ex.text[#ex.text + 1] = result_text(me.name, head, text .. (" − %d"):format(first_result), mine,
      stopped and "stopped by " .. stopped)
    local mine_stops = mine.stops and ("%s's %s"):format(me.name, standing) or nil
    local unmade = {}
    if mine_stops then unmade[1] = "stopped by " .. mine_stops end
    -- A blow at a mover lands only where the mover comes within the striker's reach, and the first
    -- on its way stops a failed Move there (tempo.blows_on_way): the others' blows may not reach it.
    local way = walked(not stopped and mine, ctx)
    if tempo.row(standing).moves then
      local blows, of = {}, {}
      for i, r in ipairs(opposing) do
        if theirs[i].damage and not unmade[i] then blows[#blows + 1], of[#blows + 1] = r, i end
      end
      local lands
      way, lands = tempo.blows_on_way(me, way, blows, mine.move == "halted")
      for b, i in ipairs(of) do
        if not lands[b] then unmade[i] = "does not reach " .. me.name end
      end
    end
    for i, r in ipairs(opposing) do
      ex.text[#ex.text + 1] = result_text(r.actor.name, r.action, their_texts[i], theirs[i], unmade[i])
    end
    for i, r in ipairs(opposing) do
      if not unmade[i] then apply(ex, theirs[i], r.actor, me, r.action) end
    end
    if not stopped then apply(ex, mine, me, opposing[1].actor, standing, way) end
    -- Whether each reaction's blow struck the actor: what `my attack hit` reads (orders.lua).
    for i, r in ipairs(opposing) do
      for _, striker in ipairs(ex.hit[me.name] or {}) do
        if striker.name == r.actor.name then reactions[i].hit = true end
      end
      reactions[i].hit = reactions[i].hit or false
    end
  end
  local hit = {}
  for name in pairs(ex.hit) do hit[#hit + 1] = name end
  table.sort(hit)
  log.event("exchange", { character = me.name, action = ctx.action, standing = standing, result = result,
                          outcome = outcome, threshold = threshold, reactions = reactions, hit = hit,
                          text = table.concat(ex.text, "; ") },
            ctx.action)
  for _, change in ipairs(ex.movements) do change() end
  for _, change in ipairs(ex.later) do change() end
end

-- Other words players write for these actions ("1: Defend"), for the hints of `arbiter check`
-- only: an order must still name the action (`also_called`, docs/orders.md).
local also_called = {
  ["Melee Attack"] = { "Strike" },
  ["Parry"] = { "Defend", "Block" },
  ["Evade"] = { "Dodge" },
  ["Retreat"] = { "Flee" },
}

for name, row in pairs(tables.actions_data) do
  local data = rows.with_defaults(row)
  -- A Feint is declared "as a regular attack": the others' standing orders see a Melee Attack.
  -- An action against an opponent, an attack or a movement toward one, is never at oneself or an
  -- ally (`target = "enemy"`); a Move toward anyone is not toward oneself, where it would go
  -- nowhere yet cost AP and draw reactions (`target = "other"`); one against no one takes no target
  -- (`target = "none"`: a sheet that gives one is refused).
  -- Its cost and what allows it are its row's: the hooks `allowed_by` and `cost` below.
  -- When a sheet may order it is the hook `timing` below, by its row.
  -- A movement (`moves`: Move, Combat Move) goes where its order says: toward its target, to a
  -- cell, along compass steps or away from someone (docs/orders.md, "Movement"), up to Base
  -- Combat Movement, counted in the map's squares whatever their scale; so it needs a direction,
  -- not a target, and its target is one (`target_is_way`): a way written as well would be a second.
  local definition = { needs_target = data.kind == "proactive" and data.against ~= "none" and not data.moves,
                       needs_direction = data.moves or nil, target_is_way = data.moves or nil,
                       move = data.moves and function() return { squares = tables.rules.base_combat_movement } end or nil,
                       target = ({ opponent = "enemy", partner = "enemy", anyone = "other", none = "none" })[data.against],
                       declared_as = data.private, involuntary = data.kind == "special", usage = data.usage,
                       also_called = also_called[name] }
  if data.kind == "proactive" then
    -- Looked up at each call, not now: a house rule's override of the hook `exchange` plays it.
    definition.resolve = function(ctx) return arbiter.hooks.exchange(ctx) end
  else
    -- Reactive and counter-tempo actions are resolved inside the exchange of the action they
    -- answer; Recover Stamina runs at every turn's end (flow.lua).
    definition.resolve = function() error(name .. " is resolved with the action it answers, not on its own") end
  end
  -- Made from its row: `arbiter explain tempo "Melee Attack"` shows the row, which a house rule patches.
  arbiter.define.action(name, definition, { kind = "table", name = "actions_data", field = name })
end

-- When a sheet may order an action, read from its row when the sheets are checked, for every
-- action, a house rule's too, that does not say (docs/fights.md): a proactive action only on one's
-- turn; a reaction or a counter-tempo action only in answer to what its row is a Response To, and
-- a counter-tempo action (and a Counter-Attack after a Parry of one's Feint) also as a turn entry,
-- in place of what it replaces. A house rule's patch of a row ("Parry" answering its "Lunge") is
-- in them.
arbiter.define.hook("timing", rows.timing)

-- What allows an action and what it costs, read from its row at each call (a copy would miss a
-- house rule's patch of the row), for every action, a house rule's too, whose definition gives no
-- `allowed_by` or `cost` (docs/fights.md): "Combat actions may only be taken if you are in the
-- appropriate status", and declaring one is to "spend the associated action points" (a counter-tempo
-- action: the difference, tempo.charge). The runtime refuses by `allowed_by`, and charges `cost` for
-- an intent that gives none, whoever proposes it: a sheet, through these rules' hooks, or a house
-- rule's own `choose` or `respond`, as it would the sheet's order.
arbiter.define.hook("allowed_by", tempo.permitted)
arbiter.define.hook("cost", tempo.charge)

-- For house rules, which cannot require this pack's files: a new proactive action described by
-- a row of actions_data plays its exchange with `resolve = function(ctx) return
-- arbiter.hooks.exchange(ctx) end` (docs/writing-actions.md), and an override of the hook changes
-- every proactive action's exchange.
arbiter.define.hook("exchange", exchange)
