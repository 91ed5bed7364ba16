-- The fight's flow for Platemail: "Characters get two Actions per Round and these are resolved in
-- two phases", everyone at once; the statuses the rules name; what players may write in their
-- orders; and the hooks where the rule text acts between the actions: Attacks of Opportunity,
-- Crash and Clash while everyone moves, the Wound tally "after each Action Phase", and Fatally
-- Wounded characters running out of Rounds (or down from the start, by the encounter's Wounds).
-- Globals read often, as locals: a global is looked up through the pack's environment to the
-- shared globals (a metamethod at each read), a local is a register.
local status, world, grid, flow, log = status, world, grid, flow, log
local ipairs, pairs, type, table = ipairs, pairs, type, table
local arbiter = require "arbiter"
local combat = require "combat"
local attack = require "attack"
local tables_check = require "tables_check"

local tables = arbiter.tables

arbiter.define.table("flow", {
  phases = { { name = "1st Action Phase", kind = "simultaneous" },
             { name = "2nd Action Phase", kind = "simultaneous" } },
  -- A character without an order for a phase stays alert in place. Not in the source: default
  -- chosen (README); a house rule changes it with arbiter.patch.table("flow", { default_order = … }).
  default_order = "Defend",
  incapacitated = { "Unconscious", "Dead" },
  lookups = { injury = "wounds", out_of_fight = { "Dead" } },
})

arbiter.define.table("orders", { phases = 2, feet_per_step = 5 })

-- ---------------------------------------------------------------------------------------------
-- Statuses

for name, definition in pairs {
  -- "fall to the ground Unconscious. They are now Fatally Wounded." Both last until the rules end them.
  ["Unconscious"] = {}, ["Fatally Wounded"] = {}, ["Stable"] = {}, ["Dead"] = {},
  -- "Dazed for next 1d4 Actions": counted in Action Phases, the duration given when applied. A
  -- second daze (a failed Concentration Check's one Action) does not cut short a longer one.
  ["Dazed"] = { stacking = "longer", unit = "phases", duration = 1 },
  -- Entraps: "Target Not Ready. Cannot move until freed by Use Item Action."
  ["Entrapped"] = {},
  -- Crash: "fall Prone". The source gives Prone no further rule; it lasts until the character
  -- takes an action that moves (README: default chosen).
  ["Prone"] = {},
  -- Skulk: Hidden while the skulker ends its phases in Cover or Concealment.
  ["Hidden"] = {},
  -- Terror: the fear-induced flight response, forced on a character by whatever terrifies it.
  ["Terrified"] = { unit = "phases", duration = 1 },
  ["Poisoned"] = {},
  -- Rescue: "picking up and carrying an ally ... You are Encumbered": from the pick-up (the
  -- movement hook's `picked_up`, applied at once) to the end of that Action Phase, which counts it
  -- down. The source gives it no rule: a house rule's modifiers count while it carries.
  ["Encumbered"] = { unit = "phases", duration = 1 },
} do arbiter.define.status(name, definition) end
-- Severs Limb: "Severed left leg" … for each limb of the roll. What one can still do without it
-- (move, hold a shield, attack) is read from rules.severed_limbs (README: default chosen).
for _, limb in ipairs(tables.weapon_properties.severs_limb.limbs) do
  arbiter.define.status(attack.severed_status(limb), {})
end

-- ---------------------------------------------------------------------------------------------
-- Narration: the actions write their own sentences (`text`), dice and all; the raw rolls, stat
-- changes and doors changed (Use Item tells those) are in the log for disputes, not read aloud.

local narration = {
  roll = "", stat_changed = "", door_changed = "",
  attack = "{text}", attack_missed_out = "{text}", wounded = "{text}", crash = "{text}", clash = "{text}",
  check = "{text}", falls = "{text}", dies = "{text}", wakes = "{text}", limb_saved = "{text}",
  acts = "{text}",
}
-- A severed limb is told as the limb lost, not as a state ("Aldric is now Severed right arm"):
-- each such status has its own sentence (docs/world.md, "Narration").
for _, limb in ipairs(tables.weapon_properties.severs_limb.limbs) do
  local severed = attack.severed_status(limb)
  narration["status_applied:" .. severed] = "{target}'s " .. limb .. " is severed ({cause})"
  narration["status_renewed:" .. severed] = "{target}'s " .. limb .. " is already severed ({cause})"
end
arbiter.define.table("narration", narration)

-- ---------------------------------------------------------------------------------------------
-- The order vocabulary: "IF Conditions must be based on what your Character can perceive", and
-- targets "cannot be chosen by non-obvious means": only these phrases may be written.

local down = attack.down

-- What `me` perceives of another: its allies always; an enemy unless `me` is Unaware of it (a
-- Hidden skulker: "Unaware Characters may not designate the Skulker as a Target") or it is
-- Concealed from `me` ("Characters with Concealment cannot be targeted directly"), or a wall or
-- closed door blocks the line of sight, seen from where `me` stands when the orders are read.
-- `action`: the one `me` is being ordered, whose Ready decides whether it is Unaware (a general
-- target, Fall Back's hostiles); without one (a condition, read before the order picks its
-- action) its intent now, none while its orders are read: Not Ready. The intent is made only for
-- a Hidden one.
local function perceives(me, c, action)
  if c.side == me.side then return true end
  local unaware = status.has(c, "Hidden") and attack.unaware(me, c, action and attack.taking(action))
  return not unaware and attack.sight(me.cell, c.cell).visible
end

-- "An enemy" in conditions and targets is any enemy not Dead that `me` perceives, Unconscious ones
-- included: the source forbids no Attack on a helpless opponent, and `closest enemy`
-- (world.closest) counts them too, so "IF an enemy is adjacent" holds exactly when "the adjacent
-- enemy" finds one. Of several beside me, "the adjacent enemy" is one still standing if there is
-- one, as Full Attack's and Counter's fallback targets are (attack.adjacent_opponents; README).
local function is_enemy(me, c, action)
  return c.side ~= me.side and not status.has(c, "Dead") and perceives(me, c, action)
end

local function adjacent_enemy(me, action) return attack.first_adjacent_opponent(me, is_enemy, action) end

-- A Fatally Wounded ally not yet Stable: the one a Stabilize can save ("prevent a Fatally Wounded
-- Character's death").
local function dying(c) return status.has(c, "Fatally Wounded") and not status.has(c, "Stable") end
-- Stabilized ("they are Stable"): no longer dying, still Unconscious for a while.
local function stable(c) return status.has(c, "Stable") end

-- The closest ally that `is` picks out, a dying one first (ties: the lower id).
local function closest_ally(me, is)
  local best, best_dying
  for _, c in ipairs(world.characters(me.side)) do
    if c.name ~= me.name and is(c) then
      local d = dying(c)
      if not best or (d and not best_dying)
         or (d == best_dying and grid.distance(me.cell, c.cell) < grid.distance(me.cell, best.cell)) then
        best, best_dying = c, d
      end
    end
  end
  return best
end

-- "An ally is down" and "the fallen ally" agree: an ally Unconscious or Dead, a dying one first.
-- "An ally is dying" and "the dying ally" agree too: the one to Stabilize.
local function fallen_ally(me) return closest_ally(me, down) end
local function dying_ally(me) return closest_ally(me, dying) end

local conditions = {
  -- The source's example: after "Charge toward the closest enemy", whether it got there.
  ["I reach the enemy"] = function(me)
    local last = flow.previous(me)
    local enemy = last and last.target or world.closest(me, "enemy")
    return enemy ~= nil and grid.adjacent(me.cell, enemy.cell)
  end,
  ["I am wounded"] = function(me) return (me.stats.wounds or 0) > 0 end,
  ["I am not wounded"] = function(me) return (me.stats.wounds or 0) == 0 end,
  ["I have at least {n} wounds"] = function(me, n) return (me.stats.wounds or 0) >= n end,
  -- Of a named enemy `me` does not perceive, nothing can be told: the condition does not hold.
  ["{character} is down"] = function(me, c) return perceives(me, c) and down(c) end,
  ["{character} is wounded"] = function(me, c) return perceives(me, c) and (c.stats.wounds or 0) > 0 end,
  ["{character} is adjacent to me"] = function(me, c) return perceives(me, c) and grid.adjacent(me.cell, c.cell) end,
  -- A distance is measured as reach is (grid.within): on 10' cells an enemy beside me is within 5'.
  ["{character} is within {distance}"] = function(me, c, feet)
    return perceives(me, c) and grid.within(me.cell, c.cell, feet)
  end,
  ["an enemy is adjacent"] = function(me) return adjacent_enemy(me) ~= nil end,
  ["an enemy is adjacent to me"] = function(me) return adjacent_enemy(me) ~= nil end,
  ["an enemy is within {distance}"] = function(me, feet)
    for _, c in ipairs(world.characters()) do
      if is_enemy(me, c) and grid.within(me.cell, c.cell, feet) then return true end
    end
    return false
  end,
  ["an ally is down"] = function(me) return fallen_ally(me) ~= nil end,
  ["an ally is dying"] = function(me) return dying_ally(me) ~= nil end,
  ["{character} is stable"] = function(me, c) return perceives(me, c) and stable(c) end,
  ["an ally is stable"] = function(me) return closest_ally(me, stable) ~= nil end,
  ["my spell is prepared"] = function(me) return me.stats.prepared_spell ~= nil and me.stats.prepared_spell ~= false end,
  ["my weapon is loaded"] = function(me) return me.stats.loaded ~= false end,
}
-- Other ways players write these phrases, for the hints of `arbiter check` only: "IF "Orc" is
-- dead" is told the phrase it may mean, '"Orc" is down' (`also_called`, docs/orders.md).
local conditions_also_called = {
  ["{character} is down"] = { "{character} is dead", "{character} is unconscious" },
  ["an ally is down"] = { "an ally is dead", "an ally is unconscious" },
  ["{character} is adjacent to me"] = { "{character} is next to me", "{character} is beside me" },
  ["an enemy is adjacent"] = { "an enemy is next to me", "an enemy is beside me" },
}
for phrase, test in pairs(conditions) do
  arbiter.define.condition(phrase, { test = test, also_called = conditions_also_called[phrase] })
end

-- Whether `me` is as far from `a` as from `b`: a tie of "the closest" or "the farthest".
local function as_far(me, a, b) return grid.distance(me.cell, a.cell) == grid.distance(me.cell, b.cell) end
-- A tie of "the most injured": as many Wounds, as far (world.most_injured's own tie-break).
local function as_injured(me, a, b) return (a.stats.wounds or 0) == (b.stats.wounds or 0) and as_far(me, a, b) end

-- The kinds `c` is, as "the closest enemy {word}" names them: its stat `kind` if the encounter gives
-- one, else each word of its name ("Orc #2" is an orc, "Orc Brute" an orc and a brute). Also the
-- targets' `kinds`, so that `arbiter check` tells a word no one in the fight answers to.
local function kinds(c)
  if type(c.stats.kind) == "string" then return { c.stats.kind:lower() } end
  local words = {}
  for word in c.name:lower():gmatch("%a+") do words[#words + 1] = word end
  return words
end

-- Whether `c` is an `kind` ("orc"): one of its kinds.
local function of_kind(c, kind)
  kind = kind:lower()
  for _, word in ipairs(kinds(c)) do
    if word == kind then return true end
  end
  return false
end

-- The one `find` picks out among those `me` perceives as it takes the action being ordered
-- (`action`, which the runtime hands a target's `find` after the phrase's words), of one kind
-- ("the biggest enemy orc") for a phrase that names one. Where it ranks a fallen one and one still
-- standing alike (`alike`), the standing one, as "the adjacent enemy" does: "Arbiters, rule in
-- favor of the Player when you can" (README). Only when the one found is down is it looked for
-- again among the standing.
local function lookup_of_kind(find, relation, alike)
  return function(me, kind, action)
    local function keep(c) return (kind == nil or of_kind(c, kind)) and perceives(me, c, action) end
    local found = find(me, relation, keep)
    if not (alike and found and down(found)) then return found end
    local standing = find(me, relation, function(c) return not down(c) and keep(c) end)
    return standing and alike(me, found, standing) and standing or found
  end
end
local function lookup(find, relation, alike)
  local among = lookup_of_kind(find, relation, alike)
  return function(me, action) return among(me, nil, action) end
end

local targets = {
  ["the closest enemy"] = lookup(world.closest, "enemy", as_far),
  ["the closest hostile"] = lookup(world.closest, "enemy", as_far),
  ["the closest foe"] = lookup(world.closest, "enemy", as_far),
  ["the farthest enemy"] = lookup(world.farthest, "enemy", as_far),
  ["the most injured enemy"] = lookup(world.most_injured, "enemy", as_injured),
  ["the biggest enemy"] = lookup(world.biggest, "enemy"),
  ["the closest enemy {word}"] = lookup_of_kind(world.closest, "enemy", as_far),
  ["the farthest enemy {word}"] = lookup_of_kind(world.farthest, "enemy", as_far),
  ["the most injured enemy {word}"] = lookup_of_kind(world.most_injured, "enemy", as_injured),
  ["the biggest enemy {word}"] = lookup_of_kind(world.biggest, "enemy"),
  ["the closest ally"] = lookup(world.closest, "ally"),
  ["the most injured ally"] = lookup(world.most_injured, "ally"),
  ["the adjacent enemy"] = adjacent_enemy,
  ["the fallen ally"] = fallen_ally,
  ["the dying ally"] = dying_ally,
}
-- Other ways players write these phrases, for the hints of `arbiter check` only: "nearest enemy"
-- is told "the closest enemy" first (`also_called`, docs/orders.md).
local targets_also_called = {
  ["the closest enemy"] = { "the nearest enemy" },
  ["the closest enemy {word}"] = { "the nearest enemy {word}" },
  ["the farthest enemy"] = { "the furthest enemy" },
  ["the farthest enemy {word}"] = { "the furthest enemy {word}" },
  ["the most injured enemy"] = { "the weakest enemy", "the most wounded enemy" },
  ["the most injured enemy {word}"] = { "the weakest enemy {word}", "the most wounded enemy {word}" },
  ["the biggest enemy"] = { "the largest enemy" },
  ["the biggest enemy {word}"] = { "the largest enemy {word}" },
  ["the closest ally"] = { "the nearest ally" },
  ["the most injured ally"] = { "the weakest ally", "the most wounded ally" },
}
-- The stat a phrase ranks characters by: "the biggest enemy" compares their `size` (the flow's
-- lookups name no other), which the source gives no character and an encounter may (README), so
-- `arbiter check` warns of an order at it in a fight where no one has one: it would name no one.
local targets_compare = { ["the biggest enemy"] = "size", ["the biggest enemy {word}"] = "size" }
-- Whom each picks among (`among`): every phrase names its side, an ally or else an enemy (a
-- hostile, a foe), so that `arbiter check` tells "the closest enemy archer" when only one's own
-- side has archers.
for phrase, find in pairs(targets) do
  arbiter.define.target(phrase, { find = find, also_called = targets_also_called[phrase],
                                  compares = targets_compare[phrase],
                                  kinds = phrase:find("{word}", 1, true) and kinds or nil,
                                  among = phrase:find("ally", 1, true) and "ally" or "enemy" })
end

-- Fall Back's "Must move away from hostiles" (and Terror's): from those `me` perceives as it takes
-- the action, Ready by its row's tag, as "an enemy" of the orders is: not a skulker it is Unaware
-- of, which it "may not designate" and does not know is there, nor one Concealed from it.
arbiter.define.hook("hostile", function(me, other, action) return perceives(me, other, action) end)

-- ---------------------------------------------------------------------------------------------
-- Extension points for house rules, which cannot require this pack's files: one Attack, a check
-- of the kind the source leaves undefined, and the shield a character holds (attack.lua), so that
-- a house action using the shield (Shield Bash) loses it with an arm as Defense does. Platemail's
-- own actions make their Attacks through the hook `attack` too (actions.lua), so an override counts.

-- Each checks the arguments it is given first (tables_check.lua): a misfit is an error at the line
-- of the house rule that called (level 3: past this function and the runtime's call into this
-- pack), which the action's failure names, rather than one deep inside these rules blamed on them,
-- or an option misspelt and passed over. So is an argument beyond those the hook takes, which it
-- would drop unread: counted as Lua passes them (select("#")), a nil written there too (README).
local function checked(name, hook, misfit)
  local takes = tables_check.hook_arguments[name]
  local too_many = ("takes %d arguments (%s), not "):format(#takes, table.concat(takes, ", "))
  return function(...)
    local given = select("#", ...)
    local wrong = given > #takes and too_many .. given or misfit(...)
    if wrong then error(("arbiter.hooks.%s: %s"):format(name, wrong), 3) end
    return hook(...)
  end
end

arbiter.define.hook("attack", checked("attack", attack.make, tables_check.attack_arguments))
arbiter.define.hook("check", checked("check", attack.check, tables_check.check_arguments))
arbiter.define.hook("shield_in_hand", checked("shield_in_hand", attack.shield, tables_check.shield_arguments))

-- ---------------------------------------------------------------------------------------------
-- Hooks of the flow

-- Per Action Phase: how many Attacks of Opportunity each has taken, who clashed (with whom), and
-- where each pair of allies crashed (crash_pair).
local phase = { opportunity_taken = {}, clashed = {}, crashed = {} }

arbiter.define.hook("phase_start", function()
  phase.opportunity_taken, phase.clashed, phase.crashed = {}, {}, {}
  attack.start_phase()
end)

---The opponent a character clashed with this Action Phase, if it clashed (a Charge keeps its
---Favor, and is made at this opponent when its declared target is out of reach).
---@param c world.Character
---@return world.Character?
function attack.clashed(c)
  local name = phase.clashed[c.name]
  return name and world.character(name) or nil
end

-- Fall Back: "You prevent Attacks of Opportunity against you this Action Phase": whether the
-- character leaves a foe's reach or Clashes with one.
local function prevents_opportunity(c)
  local intent = flow.intent(c)
  local data = intent and tables.actions_data[intent.action]
  return data ~= nil and data.prevents_attacks_of_opportunity == true
end

-- "Only one Attack of Opportunity is allowed per Action phase" (rules.attacks_of_opportunity.per_action_phase,
-- read as each is offered, so a house rule's patch counts), by a Ready character with a melee
-- weapon ("Ready Characters wielding melee weapons get Attacks of Opportunity"). One Unaware of the
-- mover ("Unaware Characters may not designate the Skulker as a Target") has no Attack to take at
-- what it does not perceive, so it keeps its one for the phase.
-- `cells`: where each of the two stands when it is taken, by name (attack.cell).
local function opportunity(by, against, why, cells)
  local c = attack.combatant(by)
  local taken = phase.opportunity_taken[by.name] or 0
  if taken >= tables.rules.attacks_of_opportunity.per_action_phase or down(by) or not c.ready or not combat.attack_row(c, "melee")
     or not combat.can_attack_with_weapon(c) or prevents_opportunity(against) or attack.unaware(by, against) then
    return
  end
  phase.opportunity_taken[by.name] = taken + 1
  attack.phase.at_step = cells
  flow.react(by, "Attack of Opportunity", against, why)
  attack.phase.at_step = nil
end

-- `saved`: what a save leaves `c` doing ("holds C2", "keeps going").
local function crash_save(c, ready, saved)
  local parts = combat.saving_throw_modifiers(attack.combatant(c), true)
  local ok, _, text = attack.check(c, "dexterity_saving_throw", parts, c.name .. "'s Dexterity Saving Throw (Crash)")
  local outcome = saved
  if not ok and ready then
    flow.set_ready(c, false)
    attack.phase.combatants[c.name] = nil
    outcome = "stops and is Not Ready"
  elseif not ok then
    outcome = "stops and falls Prone"
  end
  -- The third result: whether it falls Prone (applied once the Crash is told).
  return ok, ("%s's Dexterity Saving Throw: %s — %s"):format(c.name, text, ok and "saved, " .. outcome or outcome),
         not ok and not ready
end

-- Crash: "fall Prone". Moving this phase does not get it up again (actions.lua).
local function fall_prone(c)
  status.apply(c, "Prone", { cause = "Crash" })
  attack.phase.fell_prone[c.name] = true
end

-- Whether the step of `c` into `to` ends the way it meant to go.
local function ends_move_at(c, to)
  local intent = flow.intent(c)
  local path = intent and intent.path or {}
  return path[#path] == to
end

-- What one who saves and goes on does with its step into `to`: "keeps going", unless that step
-- ends its move.
local function goes_on(c, to)
  return ends_move_at(c, to) and ("ends its move at %s"):format(to) or "keeps going"
end

local crossing = { swap = true, cross = true, head_on = true, same_cell = true }
-- Meetings of two stepping into one cell, which only one of them can take.
local one_cell = { head_on = true, same_cell = true }

-- Paths cross when two step into one cell, trade cells or cross at a corner, and when one steps
-- into a cell another has moved into across its way this phase and holds (it arrived first: a
-- head-on meeting one step early). A step into the cell of someone who has not moved, or who went
-- ahead along the same way, is only blocked.
local function paths_cross(event)
  return crossing[event.kind] or (event.kind == "blocked" and event.crossed)
end

-- The key of two characters in phase.crashed, whichever of them moves.
local function crash_pair(a, b)
  if a.name > b.name then a, b = b, a end
  return a.name .. "\0" .. b.name
end

-- Whether this step is the one a Crash already made wait: of two allies who crashed over one cell,
-- the one who let the other pass first steps next into the cell the other holds. "Both Characters
-- roll a Dexterity Saving Throw" once for their crossing; if the other stays there, the one waiting
-- is only blocked (docs/fights.md: "their passing is not told again").
local function crashed_here(event)
  return event.kind == "blocked" and phase.crashed[crash_pair(event.mover, event.other)] == event.to
end

-- Leaving a character's melee reach while everyone moves is the movement hook's `left_reach`: its
-- weapon's reach (a house rule's Reach weapon: 10').
arbiter.define.hook("reach", function(c) return combat.melee_reach(attack.combatant(c)) end)

-- How far a character may move with an action that goes `feet`, asked as its way is planned: with
-- a severed leg, half as far (whole squares, at least one); with both, not at all (README: default
-- chosen, rules.severed_limbs). Nil: as far as the action goes. The reason is told with the order.
arbiter.define.hook("move_limit", function(c, action, feet)
  local _, _, square = grid.size()
  local allowed, why = combat.legs_move(feet, { severed = attack.severed(c) }, square)
  if not allowed then return nil end
  if allowed == 0 then return 0, why .. ": cannot move" end
  return allowed, ("%s: %s goes at most %d'"):format(why, action, allowed)
end)

arbiter.define.hook("movement", function(event)
  local mover, other = event.mover, event.other
  if event.kind == "picked_up" then
    -- Made while everyone moves, not by the Rescue's resolve, whose changes land as the phase ends:
    -- the Attacks on the rescuer from now on, this phase's, find it Encumbered.
    status.apply(mover, "Encumbered", { cause = "carrying " .. other.name })
    return nil
  end
  if event.kind == "left_reach" then
    -- Taken as the mover leaves: where both stood before the step that took it out of reach.
    if not event.allies then
      opportunity(other, mover, mover.name .. " leaves " .. other.name .. "'s reach",
                  { [mover.name] = event.from, [other.name] = event.other_from })
    end
    return nil
  end
  if not other then return nil end
  -- Crash: "If either of the allied Characters is Not Ready because of their chosen Action".
  local crash = event.allies and not (event.mover_ready and event.other_ready)
  if not paths_cross(event) or (event.allies and not crash) or crashed_here(event) then
    -- The runtime keeps the step out of a held cell; say so, or the character stops unexplained
    -- (with the runtime's own fields, so its sentence tells it).
    if event.kind == "blocked" then
      log.event("blocked", { character = mover.name, at = event.from, by = other.name, to = event.to }, "movement")
    end
    return nil
  end
  if crash then
    -- "Ready Characters that fail their Dexterity Save end their movement early": one who saves
    -- goes on. Only where the other holds the cell it steps into does it stop; of two stepping into
    -- one cell (one character to a cell), the mover takes it and the other waits a step for it to
    -- pass (the runtime's way with two it does not stop).
    local single, held = tables.flow.one_per_cell ~= false, event.kind == "blocked"
    local mover_ok, mover_text, mover_falls = crash_save(mover, event.mover_ready,
      held and ("but %s holds %s: stops"):format(other.name, event.to) or goes_on(mover, event.to))
    local takes = single and one_cell[event.kind] and mover_ok
    local other_ok, other_text, other_falls = crash_save(other, event.other_ready,
      held and ("holds %s"):format(event.to)
      or takes and (ends_move_at(mover, event.to) and ("lets %s take %s"):format(mover.name, event.to)
                    or ("lets %s pass first"):format(mover.name))
      or goes_on(other, event.other_to))
    log.event("crash", { mover = mover.name, other = other.name, text = ("Crash! %s and %s cross paths at %s. %s. %s."):format(
      mover.name, other.name, event.to, mover_text, other_text) }, "Crash")
    phase.crashed[crash_pair(mover, other)] = event.to
    if mover_falls then fall_prone(mover) end
    if other_falls then fall_prone(other) end
    if not mover_ok and not other_ok then return "both" end
    -- Only the one who fails stops. Where stopping where it stands would bar the way of the one who
    -- goes on (they trade cells or meet head-on, or the one who saved steps into the cell it is
    -- leaving), it takes its step, letting the other pass first, and stops there.
    local head_on = event.kind == "head_on"
    if not mover_ok then return (head_on or event.other_to == event.from) and "mover_after_step" or "mover" end
    if not other_ok then
      local leaving = event.to == event.other_from and event.other_to ~= event.other_from
      return (head_on or leaving) and "other_after_step" or "other"
    end
    return nil
  end
  -- Clash: "Both Characters stop their movement where their paths intersect." "The Arbiter should
  -- place stopped Characters adjacent at the best estimate of where their paths crossed": over one
  -- cell, the mover takes it and stops there, and the other stops beside it (halting both before
  -- it would leave them 10' apart); crossing paths, both stop where they stand, side by side.
  phase.clashed[mover.name], phase.clashed[other.name] = other.name, mover.name
  log.event("clash", { mover = mover.name, other = other.name, text = ("Clash! %s and %s meet at %s and stop."):format(
    mover.name, other.name, event.to) }, "Clash")
  -- Taken where they stop: over one cell the mover in it, else where it stands; the other where it stands.
  local met = { [mover.name] = one_cell[event.kind] and event.to or event.from, [other.name] = event.other_from }
  -- "Ready Characters may make one Attack of Opportunity" (actions_data.Clash.attacks_of_opportunity),
  -- each within the phase's own limit (rules.attacks_of_opportunity.per_action_phase).
  for _ = 1, tables.actions_data["Clash"].attacks_of_opportunity or 1 do
    opportunity(mover, other, "Clash", met)
    opportunity(other, mover, "Clash", met)
  end
  if one_cell[event.kind] then return "meet" end
  if event.kind == "blocked" then return "mover" end  -- the other already stands where they met
  return "both"
end)

-- The status that Dazes `me`, if any: Platemail's Dazed (a failed Concentration Check's too), or the
-- one Dazes applies (weapon_properties.dazes.status, read now), a house rule's own included, since
-- it stands for "Target Dazed for next 1d4 Actions".
local function dazed_by(me)
  if status.has(me, "Dazed") then return "Dazed" end
  local applied = tables.weapon_properties.dazes.status
  if status.has(me, applied) then return applied end
end

-- "Dazed for next 1d4 Actions", Terror and being Entrapped replace the Action ordered.
arbiter.define.hook("forced_action", function(me)
  local daze = dazed_by(me)
  if daze then return { action = "Dazed", note = daze .. ": the order is lost" } end
  if status.has(me, "Terrified") then
    -- Entraps: "Cannot move until freed by Use Item Action". Terror still seizes the character
    -- (an Involuntary Action replaces the one intended), but it cannot run: Terror's own "If unable
    -- to move away ... you may make one Attack at Disfavor" (README: default chosen).
    if status.has(me, "Entrapped") then return { action = "Terror", note = "Terrified, Entrapped: cannot flee", path = {} } end
    return { action = "Terror", note = "Terrified" }
  end
  -- The note is read aloud; the rule is the README's (default chosen).
  if status.has(me, "Entrapped") then
    return { action = "Use Item", note = "Entrapped: frees themself first" }
  end
  return nil
end)

local function max_wounds(c) return c.stats.max_wounds or tables.rules.wounds.max end

-- "Once a Character has received Wounds in excess of their Max Wounds they fall to the ground
-- Unconscious. They are now Fatally Wounded." `wounds`: all it has now, `taken` of them just
-- received (0 when the fight begins). Whether it falls now.
local function fall_if_beyond_max(c, wounds, taken, rounds_left)
  local max = max_wounds(c)
  if combat.wound_state(wounds, max) ~= "unconscious" then return false end
  -- Not in the source: default chosen (README). A Stable character who takes new Wounds beyond
  -- Max Wounds is Fatally Wounded again, with a fresh count of Rounds to live.
  local reopened = taken > 0 and status.has(c, "Stable")
  if not reopened and status.has(c, "Unconscious") then return false end
  if reopened then status.remove(c, "Stable", "new Wounds") end
  if not status.has(c, "Unconscious") then status.apply(c, "Unconscious", { cause = "Wounds beyond Max Wounds" }) end
  status.apply(c, "Fatally Wounded", { cause = "Wounds beyond Max Wounds" })
  local rounds = rounds_left or combat.rounds_to_live(max)
  world.set_stat(c, "rounds_to_live", rounds, "Fatally Wounded")
  log.event("falls", { character = c.name, text = ("%s %s, Fatally Wounded: %d Round%s to live without aid"):format(
    c.name, reopened and "is wounded again while Stable" or "falls Unconscious", rounds,
    rounds == 1 and "" or "s") }, "Wounds")
  return true
end

-- Every value of the tables, a house rule's too, is checked once every pack has loaded, whatever
-- the command (a house rule's bad value told at its line before anything else), and again before
-- the runtime next calls these rules after any change since: a check the runtime runs itself, which
-- no house rule's override of a hook can skip (tables_check.lua).
arbiter.add_check(tables_check.refresh)

-- The stats of the fight's own that an encounter may give to start a fight midway
-- (tables/encounter.lua) are judged as it begins, and one it cannot start with is the encounter's
-- mistake, told at its line (world.encounter_error). An encounter gives no statuses, so none starts
-- Stable or Hidden: what the fight keeps only for those is refused, not silently dropped.
local KEPT_WHILE = {
  { "unconscious_rounds", "Stable (its Rounds Unconscious)" },
  { "stabilized_in_round", "Stable (the Round it was Stabilized in)" },
  { "stealth_roll", "Hidden (its last Stealth roll)" },
  { "ambushed", "Hidden (the Unaware Targets it has attacked)" },
}

-- A spell an encounter gives (`prepared_spell`, `ongoing_spell`) is a name of a row of `spells`,
-- as Prepare Spell's order names one (combat.spell), or false for none; why not, or nil.
local function not_a_spell(value)
  if value == false then return nil end
  if type(value) ~= "string" then
    local given = type(value) == "table" and "a list { … }" or tostring(value)
    return ("must name a spell, a row of the table 'spells' (like \"Spell\"), not %s"):format(given)
  end
  local known, why = combat.spell(value)
  if not known then return "must name a spell: " .. why end
  return nil
end

local function judge_starting_stats(c)
  for _, stat_kept in ipairs(KEPT_WHILE) do
    local stat, kept = stat_kept[1], stat_kept[2]
    if c.stats[stat] ~= nil then
      world.encounter_error(c, stat, ("is the fight's own, kept while a character is %s, and an encounter "
        .. "gives no statuses: none starts Stable or Hidden"):format(kept))
    end
  end
  for _, stat in ipairs({ "prepared_spell", "ongoing_spell" }) do
    local why = c.stats[stat] ~= nil and not_a_spell(c.stats[stat])
    if why then world.encounter_error(c, stat, why) end
  end
  -- Focus Spell: "Stay in place. Concentrate on an ongoing spell." Concentrating is that Action,
  -- taken in the Action Phase it concentrates in (its Concentration Check when hit is the action's),
  -- and `focusing` only records how the last one went: nothing carries a focus into the fight.
  if c.stats.focusing ~= nil then
    world.encounter_error(c, "focusing", "is the fight's own, set as a Focus Spell resolves: a character concentrates "
      .. "on its Ongoing Spell by taking Focus Spell (\"Concentrate on an ongoing spell\"), so give it ongoing_spell "
      .. "and order Focus Spell")
  end
  local rounds = c.stats.rounds_to_live
  if rounds == nil then return end
  local wounds, max = c.stats.wounds or 0, max_wounds(c)
  if combat.wound_state(wounds, max) ~= "unconscious" then
    world.encounter_error(c, "rounds_to_live", ("is %d, but %s does not start Fatally Wounded (%d Wounds, Max Wounds "
      .. "%d): Rounds to live count down only for one the encounter gives Wounds in excess of Max Wounds"):format(
      rounds, c.name, wounds, max))
  end
  local most = combat.rounds_to_live(max)
  if rounds > most then
    world.encounter_error(c, "rounds_to_live", ("is %d, more than the %d Round%s one of Max Wounds %d has to receive "
      .. "aid"):format(rounds, most, most == 1 and "" or "s", max))
  end
end

-- One whose encounter gives it Wounds in excess of its Max Wounds is down when the fight begins, as
-- if it had just received them (README: default chosen); its Rounds to receive aid start now: all
-- of them, or those the encounter's `rounds_to_live` leaves it (a fight started midway).
arbiter.define.hook("round_start", function()
  if flow.position() ~= 1 then return end
  for _, c in ipairs(world.characters()) do
    judge_starting_stats(c)
    fall_if_beyond_max(c, c.stats.wounds or 0, 0, c.stats.rounds_to_live)
  end
end)

-- "After each Action Phase, Wounds are tallied. Characters receive 1 Wound for each Attack that
-- hits them in an Action Phase beyond their Armor's Absorb value." Also the Concentration Checks
-- of those hit while preparing or focusing a spell, and spells prepared undisturbed.
-- What one hit was doing that a Concentration Check guards, as the narration reads it ("Witch is
-- hit while preparing a spell"); a house rule's action with `concentration_check` by its name.
local CONCENTRATING = { ["Prepare Spell"] = "preparing a spell", ["Focus Spell"] = "focusing on a spell" }
-- Who fell Fatally Wounded this Round (their countdown starts with the next Round).
local fell_this_round = {}

-- The Absorb the tally told of `hits`: "2", or, where a Crash left the target Not Ready between
-- them, each hit's in turn ("2, then 1").
local function absorb_told(hits, absorb)
  local told, last = {}, nil
  for _, hit in ipairs(hits) do
    local its = hit.absorb or absorb
    if its ~= last then told[#told + 1], last = tostring(its), its end
  end
  return table.concat(told, ", then ")
end

-- Entraps: "Target Not Ready. Cannot move until freed by Use Item Action." A net that hit this
-- phase holds from the next one (README: default chosen), whatever the phase's Use Items did: it
-- lands now, after them, so one freeing itself (or an ally freeing it) in the phase a new net hits
-- it is Entrapped again, whichever the encounter lists first. Only a hit whose action did not
-- fail (its Attack is still in the phase's log) lands.
local function land_nets()
  -- The phase's Attack events are made into tables only when a net was thrown.
  if #attack.phase.nets == 0 then return end
  local hits = {}
  for _, event in ipairs(log.phase_events("attack")) do
    if event.fields.hit then hits[event.fields.attacker .. ">" .. event.fields.target] = true end
  end
  for _, net in ipairs(attack.phase.nets) do
    if hits[net.attacker .. ">" .. net.victim] then
      status.apply(net.victim, "Entrapped", { source = net.attacker, cause = net.cause })
    end
  end
end

arbiter.define.hook("phase_end", function()
  land_nets()
  -- Skulk: "You must end this Action Phase in Cover or Concealment to remain Hidden", whatever the
  -- Hidden character did this phase (Skulk itself checks its own end). And Skulk is how one moves
  -- "while attempting to stay Hidden", rolling Stealth "If moving": one that moves by any other
  -- action makes no such attempt and is no longer Hidden (README: default chosen,
  -- `actions_data.Skulk.hidden.revealed_by.moving_otherwise`).
  local moving_reveals = tables.actions_data["Skulk"].hidden.revealed_by.moving_otherwise
  for _, c in ipairs(world.characters()) do
    if status.has(c, "Hidden") then
      local intent = flow.intent(c)
      local skulks = intent and intent.action == "Skulk"
      if not skulks and moving_reveals and intent and (intent.moved or 0) > 0 then
        status.remove(c, "Hidden", ("moves without Skulking (%s): revealed"):format(intent.action))
      elseif not skulks and not attack.sheltered(c) then
        status.remove(c, "Hidden", "ends the phase in the open")
      end
    end
  end
  local hits = {}
  for _, event in ipairs(log.phase_events("attack")) do
    local f = event.fields
    if f.hit then
      hits[f.target] = hits[f.target] or {}
      table.insert(hits[f.target], { wounds = f.wounds, penetration = f.penetration, ignores_absorb = f.ignores_absorb,
                                     absorb = f.absorb })
    end
  end
  for _, c in ipairs(world.characters()) do
    local list = hits[c.name]
    local intent = flow.intent(c)
    local data = intent and tables.actions_data[intent.action]
    if list then
      -- The character as the phase's Attacks read it: "Ready through that entire Action Phase", so
      -- what this phase's hits did (an Entrapment, landed now) counts from the next phase. Each hit
      -- meets the Absorb the Attack found (attack.make): one made before a Crash left it Not Ready,
      -- its Ready one. A hit a house rule's Attack told without one meets the phase's last.
      local absorb = combat.absorb(attack.combatant(c))
      local taken = combat.tally(list, absorb)
      local before = c.stats.wounds or 0
      local max = max_wounds(c)
      if taken > 0 then world.set_stat(c, "wounds", before + taken, "Wounds tallied") end
      log.event("wounded", { character = c.name, wounds = taken, total = before + taken, text = (
        "%s: %d hit%s, Absorb %s — %d Wound%s (%d of %d)"):format(c.name, #list, #list == 1 and "" or "s",
        absorb_told(list, absorb), taken, taken == 1 and "" or "s", before + taken, max) }, "tally")
      -- Only Wounds received make one fall: a Stable character awake beyond Max Wounds, its hits
      -- all absorbed, stays up.
      if taken > 0 and fall_if_beyond_max(c, before + taken, taken) then fell_this_round[c.name] = true end
      if data and data.concentration_check and not down(c) then
        local parts = combat.wound_parts(before)
        local ok, _, text = attack.check(c, "concentration", parts, c.name .. "'s Concentration Check")
        -- "failure results in becoming Dazed and losing Spell Preparation or Focus": the one it
        -- concentrates on. A Prepare Spell interrupted prepares nothing (below): a spell Prepared
        -- before stays. A Focus Spell loses focus (the stat `focusing`), not a Prepared spell; and
        -- Focus Spell is "Concentrate to maintain or control an Ongoing Spell's effects": unfocused,
        -- the spell is no longer maintained, so the Ongoing Spell ends (README: default chosen).
        local focus = intent.action == "Focus Spell"
        local ongoing = c.stats.ongoing_spell
        local lost = focus and ("focus on %s is lost: %s ends"):format(ongoing or "the spell", ongoing or "it")
                     or "the spell is lost"
        local doing = CONCENTRATING[intent.action] or ("concentrating (%s)"):format(intent.action)
        log.event("check", { character = c.name, text = ("%s is hit while %s: Concentration Check %s — %s"):format(
          c.name, doing, text, ok and "holds" or ("fails: Dazed, " .. lost)) }, "Concentration Check")
        if not ok then
          status.apply(c, "Dazed", { duration = 1, cause = "failed Concentration Check" })
          if focus then
            world.set_stat(c, "focusing", false, "Concentration lost")
            world.set_stat(c, "ongoing_spell", false, "focus lost: the Ongoing Spell ends")
          end
          list.interrupted = true
        end
      end
    end
    -- "If not interrupted, your spell is Prepared at the end of this Action Phase" (a spell the
    -- rules do not define was refused before it was declared: actions.lua).
    if intent and intent.action == "Prepare Spell" and not (list and list.interrupted) and not down(c) then
      world.set_stat(c, "prepared_spell", intent.arguments[1] or "Spell", "Prepare Spell")
    end
  end
end)

-- A count of whole Rounds after the Round it began in, the stat `stat`, counted down as a Round
-- ends: the rest of the Round it began in is extra, or one falling, or Stabilized, in the 2nd
-- Action Phase would have one Round fewer than one in the 1st. What is left: spent at 0.
local function count_down_round(c, stat, began_this_round)
  local left = c.stats[stat] or 1
  if not began_this_round then
    left = left - 1
    -- The stat is a count (tables/encounter.lua), which world.set_stat holds it to: spent is 0.
    world.set_stat(c, stat, math.max(left, 0), "a Round passes")
  end
  return left
end

-- Death ends the fight for the dead: it takes no more Actions, so what counts down its Actions,
-- Phases or Rounds (Dazed "for next 1d4 Actions", Terrified, Encumbered, a house rule's timed
-- status) ends as it dies, not told wearing off over the body later. What lasts until removed (a
-- severed limb, Prone) is the body's, and stays.
local function end_timed_statuses(c)
  for _, s in ipairs(c.statuses) do
    if s.remaining then status.remove(c, s.name, "dead") end
  end
end

-- "The Fatally Wounded Character has a number of Rounds equal to their Max Wounds to receive aid
-- before they die." "The Stable Character will still remain Unconscious for 1d4+1 for each Wound."
arbiter.define.hook("round_end", function()
  local fell = fell_this_round
  fell_this_round = {}
  local round = flow.position()
  for _, c in ipairs(world.characters()) do
    if status.has(c, "Fatally Wounded") and not status.has(c, "Dead") then
      -- Whole Rounds after the fall. With none (Max Wounds 0: "0 Rounds to live") it dies as the
      -- Round it fell in ends.
      if count_down_round(c, "rounds_to_live", fell[c.name]) <= 0 then
        -- Dead ends the countdown: no longer dying, so no Stabilize or "dying ally" finds them.
        status.remove(c, "Unconscious", "dead")
        status.remove(c, "Fatally Wounded", "dead")
        end_timed_statuses(c)
        status.apply(c, "Dead", { cause = "Fatally Wounded, no aid in time" })
        log.event("dies", { character = c.name, text = c.name .. " dies of their Wounds" }, "Fatally Wounded")
      end
    elseif status.has(c, "Stable") and status.has(c, "Unconscious") then
      -- Whole Rounds after the Round it was Stabilized in, whenever it fell: that Round is its stat
      -- `stabilized_in_round`, which a save keeps (a table of this file is not saved).
      if count_down_round(c, "unconscious_rounds", c.stats.stabilized_in_round == round) <= 0 then
        status.remove(c, "Unconscious", "Stable, wakes")
        log.event("wakes", { character = c.name, text = c.name .. " wakes up" }, "Stable")
      end
    end
  end
end)
