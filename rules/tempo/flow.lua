-- "The Action Round": turns in initiative order, 12 AP, actions declared and resolved one by one
-- (proactive, then reactive, then counter-tempo), Recover Stamina at the end of each turn, and
-- the round counter. The statuses and what they allow. Decisions come from the order sheets (or
-- the GM), judged by tempo.next_action and tempo.response (README: "Orders").
-- Globals read often, as locals: a global is looked up through the pack's environment to the
-- shared globals (a metamethod at each read), a local is a register.
local status, world, flow, log = status, world, flow, log
local ipairs, pairs, table = ipairs, pairs, table
local arbiter = require "arbiter"
local tempo = require "tempo"

local tables = arbiter.tables

arbiter.define.table("flow", {
  -- One sequential phase a round, of "12 action points to spend during each of these rounds": the
  -- one entry for them, which the engine gives every character when the phase starts and Recover
  -- Stamina refills up to (tempo.recover_stamina). AP left over are carried across rounds by the
  -- phase_start hook below, since the source refills them only through Recover Stamina.
  phases = { { name = "Action Round", kind = "sequential", action_points = 12 } },
  default_order = "Ready",  -- unused: sequential phases ask `choose`
  incapacitated = { "Down" },
  lookups = { injury = "wounds", out_of_fight = { "Down" } },
})

-- ---------------------------------------------------------------------------------------------
-- Statuses. The source's status entries leave "Allowed Actions:" blank; each action gives its
-- "Allowed Status" instead, so each action's row says which statuses allow it (`statuses`,
-- tables/actions_data.lua), judged by the hooks below. A house rule may define a status of its
-- own and name it in rows: as one of the five, a character has it instead of the others.
for _, name in ipairs(tempo.GUARDS) do arbiter.define.status(name, {}) end
-- Not in the source: default chosen. Out of the fight when the wounds reach `health`.
arbiter.define.status("Down", {})

-- Declarations are told from the runtime's `declared` event, with the AP before and after paying:
-- "Ilse: Melee Attack → Konrad (4 AP: 12 → 8)", what the runtime took, whatever a house rule's
-- wrapper of `choose` or `respond` changed. Its summary is what the others see: a Feint is
-- "recorded privately" and declared "as a regular attack" (`declared_as`; the event's `action`
-- keeps the truth for the GM).
arbiter.define.table("narration", { exchange = "{text}", recover = "{text}", no_recovery = "{text}", round_counter = "Round counter: {counter}",
                                     declared = "{character}: {summary} ({cost} AP: {points_before} → {points})",
                                     roll = "", stat_changed = "" })

-- ---------------------------------------------------------------------------------------------
-- Hooks

arbiter.define.hook("initiative", function(characters)
  local stat, order = tables.rules.initiative_stat, {}
  for i, c in ipairs(characters) do order[c.name] = i end
  table.sort(characters, function(a, b)
    local x, y = a.stats[stat] or 0, b.stats[stat] or 0
    if x ~= y then return x > y end
    return order[a.name] < order[b.name]
  end)
  return characters
end)

-- Every row of the tables, a house rule's too: once every pack has loaded, whatever the command,
-- and again before the runtime next calls these rules after any change since (rows.lua), so before
-- anyone pays AP: a check the runtime runs itself, which no house rule's override of a hook skips.
arbiter.add_check(tempo.check_tables)

arbiter.define.hook("round_start", function()
  -- When combat begins, everyone starts in a status: "Off Guard" unless the encounter says
  -- `guard = "On Guard"` (or Bound, Grappled, Pinned: shared as tempo.starting_partners pairs
  -- them). Later rounds keep the status each has, a house rule's (Prone) too.
  if flow.position() == 1 then
    local partners = tempo.starting_partners()
    for _, c in ipairs(world.characters()) do
      if not tempo.guard(c) then
        local guard = c.stats.guard or tables.rules.starting_status
        -- A house rule's word in the encounter table's list names a status it must define too.
        if not arbiter.exists("status", guard) then
          world.encounter_error(c, "guard", ("is %q, a status no pack defines: a house rule that adds a starting "
            .. "guard defines its status too (arbiter.define.status)"):format(guard))
        end
        tempo.set_guard(c, guard, "combat begins", partners[c.name])
      end
    end
  end
  -- One whose wounds already reach its health starts Down, out of the fight; a bind, grapple or pin
  -- it was in ends, as it does for one who goes down in the fight.
  for _, c in ipairs(world.characters()) do
    local wounds = c.stats.wounds or 0
    if not tempo.down(c) and wounds >= tempo.health(c) then
      local cause = ("%d wounds, health %d"):format(wounds, tempo.health(c))
      status.apply(c, "Down", { cause = cause })
      if tempo.partner(c) then tempo.set_guard(c, "On Guard", cause) end
    end
  end
end)

arbiter.define.hook("phase_start", function()
  -- AP carried from the last round (stat `ap`), instead of the engine's fresh 12.
  for _, c in ipairs(world.characters()) do
    if c.stats.ap ~= nil then flow.spend(c, flow.points(c) - c.stats.ap) end
  end
end)

arbiter.define.hook("phase_end", function()
  for _, c in ipairs(world.characters()) do world.set_stat(c, "ap", flow.points(c), "AP carried to the next round") end
end)

arbiter.define.hook("round_end", function()
  -- "At the end of each full round of combat, this should be increased by one."
  local round = flow.position()
  log.event("round_counter", { counter = tables.rules.round.first_counter + round })
end)

arbiter.define.hook("choose", tempo.next_action)
arbiter.define.hook("respond", tempo.response)

-- For the GM at the prompt (`run --ask`): the responses the rules would take from `who` now, so
-- that only those who could answer are asked, and told what they could.
arbiter.define.hook("responses", function(who, declared, points)
  local open = {}
  for name in pairs(tables.actions_data) do
    if tempo.response(who, declared, points, { action = name, target = declared.actor }) then open[#open + 1] = name end
  end
  table.sort(open)
  return open
end)

-- Likewise the actions the rules would take as `who`'s next one now, for the GM who asks (`?`),
-- each ordered at its opponent, and why they would not take the others its status allows as a
-- turn's action (a reaction, or another status's action, is not one to ask about); a movement,
-- which toward an opponent already beside goes nowhere, then away from it. With no opponent
-- standing (the last one Down), a movement has no one to go toward, but a way written goes: it is
-- judged as a way of one step would be (its cost, its status), and the GM writes the way.
arbiter.define.hook("actions", function(who, points)
  local open, closed, opponent = {}, {}, tempo.opponent(who)
  local squares = tables.rules.base_combat_movement
  for name in pairs(tables.actions_data) do
    local row = tempo.row(name)
    if row.kind == "proactive" and tempo.allowed(who, name) then
      local ordered = { action = name, target = opponent }
      if not opponent and row.moves then
        ordered = { action = name, path = { who.cell } }
      elseif opponent and row.moves and #tempo.path(who, opponent, squares) == 0 then
        ordered = { action = name, path = tempo.path(who, opponent, squares, true) }
      end
      local taken, why = tempo.next_action(who, points, ordered)
      if taken then open[#open + 1] = name else closed[name] = why end
    end
  end
  table.sort(open)
  return open, closed
end)

-- Recover Stamina's Allowed Status is its row's (the five guards; a house rule whose status should
-- recover adds it there): one in another status recovers nothing, and is told so; one felled in its
-- own turn, Down, recovers nothing.
arbiter.define.hook("turn_end", function(who)
  if tempo.down(who) then return end
  if tempo.allowed(who, "Recover Stamina") then return tempo.recover_stamina(who) end
  local guard = tempo.guard(who) or "without a status"
  log.event("no_recovery", { character = who.name, status = guard,
                             text = ("%s cannot Recover Stamina: %s"):format(who.name, guard) }, "Recover Stamina")
end)
