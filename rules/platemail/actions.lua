-- Every action of the source: Movement, Combat, Spellcasting, Support and Involuntary. Each reads
-- its numbers from actions_data (so a house rule patches them there) and proposes what it does;
-- what one Attack does is attack.lua's, what happens to the wounded fight.lua's.
--
-- An action is { ready, move, needs_target, target, away_from_hostiles, resolve(ctx) }: `ctx` is
-- the character's intent for the phase (actor, target, start, moved, halted, arguments, …). The
-- attacks are made at an opponent ("adjacent opponents", "the moving enemy"): `target = "enemy"`
-- refuses an order at oneself or an ally.
-- Globals read often, as locals: a global is looked up through the pack's environment to the
-- shared globals (a metamethod at each read), a local is a register.
local status, world, grid, log, dice, flow = status, world, grid, log, dice, flow
local ipairs, pairs, type, table = ipairs, pairs, type, table
local arbiter = require "arbiter"
local combat = require "combat"
local attack = require "attack"

local data = arbiter.tables.actions_data

local function act(ctx, text)
  log.event("acts", { character = ctx.actor.name, action = ctx.action, text = text }, ctx.action)
end

-- Other words players write for these actions ("Shoot the goblin", "Drink potion"), for the hints
-- of `arbiter check` only: an order must still name the action (`also_called`, docs/orders.md).
local also_called = {
  ["Ranged Attack"] = { "Shoot", "Fire" },
  ["Full Attack"] = { "Strike" },
  ["Use Item"] = { "Reload", "Drink", "Quaff" },
  ["Skulk"] = { "Hide", "Sneak" },
  ["Prepare Spell"] = { "Cast" },
  ["Release Spell"] = { "Cast", "Heal" },
  ["Stabilize"] = { "Heal" },
  ["Fall Back"] = { "Retreat", "Flee" },
  ["Sprint"] = { "Run" },
  ["Move"] = { "Walk", "Step" },
}

-- An action with the source's tag, move and target, and what it does. Ready is asked of the tag
-- when each intent is made, how far it moves (and whether away from hostiles) of its `move` once
-- every pack has loaded: a house rule's patch of `actions_data[name]` counts for both.
local function define(name, fields)
  combat.row("actions_data", name)  -- there, or an error at the line defining it, with the nearest row
  local function move() return data[name].move or {} end
  if fields.ready == nil then fields.ready = function() return data[name].tag == "R" end end
  if fields.move == nil then fields.move = function() return move().max or 0 end end
  if fields.away_from_hostiles == nil then
    fields.away_from_hostiles = function() return move().away_from_hostiles == true end
  end
  fields.also_called = fields.also_called or also_called[name]
  arbiter.define.action(name, fields)
end

-- The adjacent opponents not Dead, the ordered target first when it is one of them, then those
-- still standing before the fallen (attack.adjacent_opponents); and how many come before the fallen.
local function not_dead(_, c) return not status.has(c, "Dead") end
local function adjacent_opponents(me, first) return attack.adjacent_opponents(me, first, not_dead) end

local function stays(ctx) return ctx.moved == 0 end

-- An Attack of these actions, made through the hook `attack` as the rules stand, so that a house
-- rule's `arbiter.override.hook("attack", …)` (README: the Guard's reading, what reveals the
-- Hidden) governs them too. While no house rule has overridden it, its definition is attack.make
-- behind a check of a house action's arguments (fight.lua), which these rules' own need not pay
-- for on every Attack: so attack.make itself then. Judged again only when the definitions change
-- (arbiter.revision).
local judged_at, overridden
local function make_attack(...)
  local revision = arbiter.revision()
  if revision ~= judged_at then
    judged_at, overridden = revision, #arbiter.history("hook", "attack") > 1
  end
  if overridden then return arbiter.hooks.attack(...) end
  return attack.make(...)
end

-- The Attacks of the action `name`, as its row's `attacks` says, read as it resolves so a house
-- rule's patch counts: `count` of them ("make two Attacks", "one Melee Attack", "one Attack at
-- Disfavor"), each of its `kind` ("one Melee Attack", "a ranged attack"), with `how` besides. Each
-- is made at `target`, or at `target(i)` for the i-th when it is a function (Full Attack's).
local function attacks_at(ctx, name, target, how)
  local attacks = data[name].attacks
  how = how or {}
  how.kind = attacks.kind
  for i = 1, attacks.count do make_attack(ctx, type(target) == "function" and target(i) or target, how) end
end

-- An `allowed_by` for an action whose Attacks the weapon in hand must be able to make, of the
-- kind `actions_data[name].attacks.kind` says (read when asked: a house rule's patch counts). One
-- it cannot make is refused before it is declared: the character takes the default order and the
-- note says why, rather than spending the phase (and its Favor to foes) for nothing.
local function wielding(name)
  return function(me) return combat.wields(attack.combatant(me), data[name].attacks.kind) end
end

-- Skulk: "Unaware Characters may not designate the Skulker as a Target". An order whose target is
-- `target`, an enemy Hidden from `me`, Unaware of it by the Ready of the action ordered (`intent`)
-- and its Perception, designates it: an Attack's target, and the way of a movement ("Target:
-- Towards the closest enemy."), by name or whoever stands on a cell. The reason it is refused, or
-- nil. Judged only as the order is read, when `me` has declared nothing yet this phase, in either
-- Action Phase: each phase's order is taken as that phase begins, and one who hid in the 1st is
-- Hidden as the 2nd begins, so a 2nd Action at it is refused then rather than heading for where
-- it hides. (As the order resolves, after everyone has moved, attack.make tells an Attack at one
-- Hidden by then: "cannot target Orc: Unaware of them".) Hidden is asked first: whether `me` has
-- declared is an intent table made, which an order at one not Hidden need not pay for.
local function unaware_of_target(me, target, intent)
  if target.side ~= me.side and status.has(target, "Hidden") and flow.intent(me) == nil
     and attack.unaware(me, target, intent) then
    return ("%s is Unaware of %s (Hidden): Unaware Characters may not designate the Skulker as a Target"):format(
      me.name, target.name)
  end
end

-- The `target` of the movements whose target is their way (Move, Sprint, Skulk, Fall Back): one
-- toward a skulker `me` is Unaware of is refused as an attack at it is (`designated`): the
-- character takes the default order and the note says why, rather than heading for where it
-- hides. Asked only of an order with a target; Ready by the action's tag (attack.taking, made
-- only for a Hidden target).
local function toward_designated(name)
  return function(me, target)
    if not status.has(target, "Hidden") then return true end
    local why = unaware_of_target(me, target, attack.taking(name))
    return why == nil, why
  end
end

-- "Characters with Concealment cannot be targeted directly", "Most Actions require one or more
-- designated Targets, which must be declared with the Action order", and "All Characters declare
-- their Action orders at the start of each Round": an attack of the 1st Action Phase ordered at an
-- enemy Concealed from where the attacker stands as the round starts (by name, or whoever stands
-- on a cell) designates one it cannot target, and is refused before it is declared, as the general
-- targets pass such an enemy over (fight.lua's `perceives`): the character takes the default order
-- and the note says why, and `arbiter check` foresees it. `allowed`, the action's own `allowed_by`,
-- is asked first. Judged only as those orders are read, when the attacker has declared nothing yet:
-- a 2nd Action's Target was designated at the round's start too, where the characters no longer
-- stand, and as any Attack is made, after everyone has moved, attack.make tells one Concealed by
-- then ("cannot target Orc: Concealed"). A wall or closed door between is told as such
-- (`attack.unseen`): it blocks the line of sight completely, which the seed calls Concealment too.
-- So is an enemy Hidden from the attacker (`unaware_of_target`), in either Action Phase.
local function designated(allowed)
  return function(me, intent)
    local ok, why = allowed(me)
    if not ok then return ok, why end
    local target = intent.target
    why = target and unaware_of_target(me, target, intent)
    if why then return false, why end
    local _, phase = flow.position()
    local judged = target and target.side ~= me.side and phase <= 1 and flow.intent(me) == nil
    local sight = judged and attack.sight(me.cell, target.cell)
    if sight and not sight.visible then
      local hidden = sight.wall and ("out of %s's line of sight (a wall or closed door between)"):format(me.name)
                     or ("Concealed from %s"):format(me.name)
      return false, ("%s is %s: Characters with Concealment cannot be targeted directly"):format(target.name, hidden)
    end
    return true
  end
end

-- Requires Reload: "Requires a Quick or Complex Use Item Action between shots". Why `me`'s weapon
-- has no shot now, a crossbow shot and not reloaded ("Light Crossbow is not loaded: ", then
-- `consequence`), or nil when it has one.
local function unloaded(me, consequence)
  local c = attack.combatant(me)
  if combat.reload(c, combat.ranged_kind(c)) and not attack.loaded(me) then
    return ("%s is not loaded: %s"):format(c.weapon, consequence)
  end
end

-- Whether the actor's limbs refuse it the action (no arms: Use Item, Stabilize; README: default
-- chosen, rules.severed_limbs): if so, told, "Medic cannot Stabilize: no arms". Said as the
-- action resolves, as its other failures are, so a forced Use Item (Entrapped) is told too.
local function limbs_refuse(ctx)
  local allowed, why = combat.limbs_allow(attack.combatant(ctx.actor), ctx.action)
  if allowed then return false end
  act(ctx, ("%s cannot %s: %s"):format(ctx.actor.name, ctx.action, why))
  return true
end

-- "Most Actions require one or more designated Targets, which must be declared with the Action
-- order": an attack whose target phrase found no one when the orders were read attacks no one.
local function undeclared(ctx)
  act(ctx, ("%s (%s) has no Target: the order's target named no one when the phase began"):format(ctx.actor.name,
                                                                                                  ctx.action))
end

-- "For each Wound they receive, all a Character's rolls on subsequent Action Phases are at a -1
-- penalty": the Wounds a character had when the phase began (this phase's land at its end).
local function wounded(me) return combat.wound_parts(me.stats.wounds) end

local function move_only(ctx)
  -- Prone characters get up by moving (fight.lua: default chosen): one Prone when the phase began.
  -- One that fell Prone in a Crash on the way was stopped by it, and stays down.
  local me = ctx.actor
  if ctx.moved > 0 and status.has(me, "Prone") and not attack.phase.fell_prone[me.name] then
    status.remove(me, "Prone", "gets up")
  end
end

-- ---------------------------------------------------------------------------------------------
-- Movement Actions

-- "Actions that involve movement must have their distance and direction declared as part of the
-- Action order": Move and Sprint say where they go. Skulk may stay in place ("If you remain in Cover
-- ... and don't move"); Fall Back moves away from hostiles by itself. None of them acts on anyone:
-- a target is where it goes ("Target: Towards the closest enemy."), its direction, so an order that
-- writes a way as well gives two (`target_is_way`: 'Move 10' S -> "Orc"' is refused).
define("Move", { needs_direction = true, target_is_way = true, target = toward_designated("Move"), resolve = move_only })
-- Skulk: "Overt Actions such as Attacks, Sprint, etc reveal you".
define("Sprint", { needs_direction = true, target_is_way = true, target = toward_designated("Sprint"), resolve = function(ctx)
  move_only(ctx)
  if status.has(ctx.actor, "Hidden") then status.remove(ctx.actor, "Hidden", "Sprints: revealed") end
end })
-- Fall Back: "Must move away from hostiles". A way written that does not is followed only up to
-- the step where it stops leading away from them (the runtime's `way_not_followed`): say why.
local function tell_way_not_followed(ctx)
  local way, me, path = ctx.way_not_followed, ctx.actor.name, ctx.path
  if not way then return end
  if #path == 0 then return act(ctx, ("%s (%s) stays: %s does not lead away from hostiles"):format(me, ctx.action, way)) end
  act(ctx, ("%s (%s) goes no further than %s: beyond it, %s does not lead away from hostiles"):format(
    me, ctx.action, path[#path], way))
end
define("Fall Back", { target_is_way = true, target = toward_designated("Fall Back"), resolve = function(ctx)
  move_only(ctx)
  tell_way_not_followed(ctx)
end })

-- Skulk: "If moving, roll Stealth ... If you remain in Cover or Concealment and don't move, you
-- can choose to roll Stealth or keep your last Stealth roll." "You must end this Action Phase in
-- Cover or Concealment to remain Hidden." The choice is the order's: `Skulk (roll)` (or `(reroll)`,
-- `(roll Stealth again)`) rolls anew; `Skulk` or `Skulk (keep)` keeps the last roll (README). Only
-- one still Hidden "remain[s]" hidden: one revealed since its last roll hides anew, and rolls. One
-- whose own overt Attack this phase (an Attack of Opportunity as everyone moved) reveals it as the
-- phase ends does not remain, nor hide anew, whether it was Hidden when it attacked or not: "Overt
-- Actions such as Attacks ... reveal you" (attack.overt_attack).
local function rolls_again(ctx)
  local word = (ctx.arguments[1] or ""):lower():match("^%s*(%S*)")
  return word == "roll" or word == "reroll"
end
define("Skulk", {
  arguments = { "roll", "reroll", "keep" },
  target_is_way = true,
  target = toward_designated("Skulk"),
  resolve = function(ctx)
    local me = ctx.actor
    move_only(ctx)
    local revealed_by = attack.overt_attack(me)
    if revealed_by then
      return act(ctx, ("%s skulks, but its %s revealed it: not Hidden"):format(me.name, revealed_by))
    end
    if not attack.sheltered(me) then
      status.remove(me, "Hidden", "not in Cover or Concealment")
      return act(ctx, me.name .. " skulks but ends in the open: not Hidden")
    end
    local roll = me.stats.stealth_roll
    local hidden = status.has(me, "Hidden")
    if ctx.moved > 0 or not roll or not hidden or rolls_again(ctx) then
      -- "whose Perception is below the Stealth Roll are Unaware": no difficulty to beat.
      local total, text = attack.roll_check(me, "stealth", wounded(me), me.name .. "'s Stealth")
      roll = total
      world.set_stat(me, "stealth_roll", total, "Stealth")
      local how = (ctx.moved == 0 and hidden) and "stays Hidden, rolling again" or "skulks into hiding"
      act(ctx, ("%s %s: Stealth %s"):format(me.name, how, text))
    else
      act(ctx, ("%s stays Hidden, keeping Stealth %d"):format(me.name, roll))
    end
    -- Hiding anew, its next Attack on each Unaware Target is a first one again (attack.lua). One
    -- Hidden already stays so, as its sentence above said: applied again, "is still Hidden" would
    -- say it twice.
    if not hidden then
      world.set_stat(me, "ambushed", {}, "hides")
      status.apply(me, "Hidden", { cause = "Skulk" })
    end
  end,
})

-- ---------------------------------------------------------------------------------------------
-- Combat Actions

-- Charge: "Move up to 15 feet and make an Attack with Favor. You must move at least 10' to
-- receive Favor on your Attack." Stopped by a Clash, a Charger "still get[s] to make an Attack
-- with Favor" (its Attacks, as many as its data says): at its declared target when that is within
-- reach, else at the opponent it clashed with, who stands beside it (README: default chosen). The
-- Attack is of the kind its data says (melee, or a throw: no bow shot on the run); a Charger whose
-- weapon makes none is refused before it is declared, as Aim is.
define("Charge", { needs_target = true, target = "enemy", allowed_by = designated(wielding("Charge")),
  resolve = function(ctx)
    move_only(ctx)
    local clashed, target = attack.clashed(ctx.actor), ctx.target
    if clashed and not (target and attack.within_reach(ctx.actor, target)) then target = clashed end
    attacks_at(ctx, "Charge", target, { clash = clashed ~= nil })
  end })

-- Full Attack: "Stay in place and make two Attacks against adjacent opponents." Not said melee:
-- a thrown weapon without a melee attack is thrown at them (README: default chosen; its data's
-- kind, "melee_or_thrown"). One whose weapon makes neither (a bow) is refused before it is
-- declared, as Charge is.
define("Full Attack", { needs_target = true, target = "enemy", allowed_by = designated(wielding("Full Attack")),
  resolve = function(ctx)
    if not ctx.target then return undeclared(ctx) end
    local foes, standing = adjacent_opponents(ctx.actor, ctx.target)
    if #foes == 0 then return act(ctx, ctx.actor.name .. " (Full Attack) has no opponent beside them") end
    -- The Attacks go to the Target declared with the order when it is beside the attacker; else
    -- (it moved away) to the opponents that are, in turn: those still standing, if any.
    local declared = foes[1] == ctx.target
    local turns = standing > 0 and standing or #foes
    attacks_at(ctx, "Full Attack", function(i) return declared and foes[1] or foes[(i - 1) % turns + 1] end)
  end })

-- Counter: "You get one Melee Attack against one adjacent opponent." Without a melee weapon in
-- hand it is refused before it is declared, as Charge is.
define("Counter", { needs_target = true, target = "enemy", allowed_by = designated(wielding("Counter")),
  resolve = function(ctx)
    if not ctx.target then return undeclared(ctx) end
    attacks_at(ctx, "Counter", adjacent_opponents(ctx.actor, ctx.target)[1])
  end })

-- Ranged Attack: "Stay in place. Make a ranged attack at a designated Target." Aimed when the
-- previous Action was Aim. Without a ranged or thrown weapon in hand, or with a crossbow not loaded
-- ("Requires a Quick or Complex Use Item Action between shots": one shot in this round's 1st
-- phase leaves none for its 2nd), it is refused before it is declared, as Aim is: no phase spent
-- standing still with "Melee Attacks on you have Favor". (attack.make tells any other shot of an
-- unloaded crossbow.)
define("Ranged Attack", { needs_target = true, target = "enemy",
  allowed_by = designated(function(me)
    local ok, why = wielding("Ranged Attack")(me)
    if not ok then return false, why end
    why = unloaded(me, "it needs a Use Item Action to reload")
    return why == nil, why
  end),
  resolve = function(ctx)
    -- Aimed if the Action before was Aim and Aim favours this one (attack.make).
    attacks_at(ctx, "Ranged Attack", ctx.target)
  end })

-- Rapid Fire: "Make 2 Ranged Attacks at designated Target(s)." "Weapons, like crossbows, that
-- require a Use Item Action to reload between Attacks cannot be used for this Action": nor can a
-- weapon with no ranged attack. Refused before it is declared (`allowed_by`): the character takes
-- the default order, and the note says why.
define("Rapid Fire", { needs_target = true, target = "enemy",
  allowed_by = designated(function(me) return combat.can_rapid_fire(attack.combatant(me)) end),
  resolve = function(ctx)
    attacks_at(ctx, "Rapid Fire", ctx.target)
  end })

-- Aim: "Take time to aim a ranged weapon. If your next Action is Ranged Attack, it gains Favor and
-- has +1 Penetration." Without a ranged or thrown weapon in hand there is nothing to aim, nor with
-- a crossbow not loaded: the next Ranged Attack could not shoot ("Requires a Quick or Complex Use
-- Item Action between shots"), and a Use Item between would lose the aim. Refused before it is
-- declared (`allowed_by`), rather than a phase spent for nothing. The action Aim favours is
-- `actions_data.Aim.next_action.name`, read when asked (a house rule's patch counts): its weapon
-- must make that action's Attacks too, and attack.make gives them the Favor and Penetration.
define("Aim", { target = "none",
  allowed_by = function(me)
    local c = attack.combatant(me)
    local ok, why = combat.wields(c, "ranged")
    if ok then ok, why = wielding(data["Aim"].next_action.name)(me) end
    if not ok then return false, why end
    why = unloaded(me, "no shot to aim until a Use Item reloads it")
    return why == nil, why
  end,
  resolve = function(ctx) act(ctx, ctx.actor.name .. " takes aim") end })

-- Defend and Guard "make no Attacks except Attacks of Opportunity"; their effect is on the
-- Attacks against them and their charges (attack.lua).
define("Defend", { target = "none", resolve = function() end })
-- Guard: "Move up to 15' staying adjacent to your Guard Target": the Guard keeps beside its ward
-- as it moves, step by step while everyone moves (the runtime's `follows_target`). "You protect
-- another Character", the one "Opponents attacking the Guarded" attack: an ally (`target = "ally"`),
-- so `Guard -> self` and an order at an enemy are refused on the sheet (`arbiter check`), and one
-- whose target is an enemy in the fight (`Guard -> the closest enemy`) before it is declared: it
-- would follow the enemy and block nothing (attack.lua looks for a Guard among the target's allies).
define("Guard", { needs_target = true, target = "ally", follows_target = true, resolve = function(ctx)
  if not (ctx.target and grid.adjacent(ctx.actor.cell, ctx.target.cell)) then
    act(ctx, ("%s cannot reach %s to Guard them"):format(ctx.actor.name, ctx.target and ctx.target.name or "anyone"))
  end
end })

-- An Attack of Opportunity: "an immediate melee Attack against the moving enemy", taken "in
-- addition to their chosen Actions". Never ordered: the flow offers it (fight.lua).
arbiter.define.action("Attack of Opportunity", { ready = true, involuntary = true, target = "enemy", resolve = function(ctx)
  if not ctx.reaction then error("an Attack of Opportunity is taken when an adjacent enemy leaves your reach, not ordered", 0) end
  -- Taken while everyone moves, at the step where the enemy leaves reach or the paths meet: the
  -- two are within reach then (fight.lua's movement hook), wherever the phase began.
  -- Through the hook `attack`, as every Attack of these actions (attacks_at).
  make_attack(ctx, ctx.target, { kind = "melee", opportunity = true, within_reach = true, verb = "Attack of Opportunity" })
end })

-- ---------------------------------------------------------------------------------------------
-- Spellcasting Actions. The source lists no spells: a Released spell is an Attack with the
-- profile of `spells` (README: default chosen).

-- A profile's `target`: "enemy" (the default: a Released spell is an Attack, made at an opponent
-- like every other Attack) or "any" (a house rule's spell that may be Released at oneself or an
-- ally). `ongoing = true`: once Released it is an Ongoing Spell, which Focus Spell concentrates on.
arbiter.define.table("spells", {
  ["Spell"] = { name = "Spell", range = 30, penetration = 1, wounds = 1, target = "enemy" },
})

-- "Healing magic or another Character successfully using the Stabilize Action on them, can
-- Stabilize them before death. The Stable Character will still remain Unconscious for 1d4+1 for
-- each Wound they have." Whether `patient` can be Stabilized by the actor; told when not.
local function stabilizable(ctx, patient)
  local me = ctx.actor
  if patient and status.has(patient, "Dead") then
    act(ctx, ("%s cannot Stabilize %s: %s is dead"):format(me.name, patient.name, patient.name))
    return false
  end
  if not (patient and status.has(patient, "Fatally Wounded")) then
    act(ctx, ("%s has no Fatally Wounded character to Stabilize"):format(me.name))
    return false
  end
  return true
end

-- Stabilizes `patient` (stabilizable), `how` telling by what: "Medical d20 15 = 15 vs 10", "Heal
-- (healing magic)".
local function stabilize(ctx, patient, how)
  local me = ctx.actor
  local wounds = patient.stats.wounds or 0
  local dice_of = combat.stable_unconscious_dice(wounds)
  local rolls = {}
  for i = 1, dice_of.count do rolls[i] = dice.roll("1d" .. dice_of.sides, patient.name .. " stays Unconscious").total end
  local duration, unit = combat.stable_unconscious(wounds, rolls)
  -- Told before what it does to the patient, the cause before its effects.
  act(ctx, ("%s Stabilizes %s: %s — Stable, Unconscious for %dd%d %s %+d = %d %s%s"):format(
    me.name, patient.name, how, dice_of.count, dice_of.sides, table.concat(rolls, ", "), dice_of.bonus, duration,
    unit, duration == 1 and "" or "s"))
  status.remove(patient, "Fatally Wounded", "Stabilized by " .. me.name)
  status.apply(patient, "Stable", { source = me, cause = "Stabilized by " .. me.name })
  world.set_stat(patient, "unconscious_rounds", duration, "Stable")
  -- "Remain Unconscious for 1d4+1 for each Wound": whole Rounds after this one (fight.lua, round_end).
  world.set_stat(patient, "stabilized_in_round", ctx.round, "Stable")
end

-- Whether a spell that makes no Attack reaches `recipient`: one the caster can target, within the
-- spell's range. "Range to Targets is measured at the start of the Action Phase", as for an Attack
-- (attack.start_cell). Told when it does not.
local function reaches(ctx, recipient, profile)
  local me = ctx.actor
  local _, untargetable = attack.targeting(me, recipient, attack.unaware(me, recipient))
  if untargetable then
    act(ctx, ("%s cannot target %s with %s: %s"):format(me.name, recipient.name, profile.name, untargetable))
    return false
  end
  if not grid.within(ctx.start, attack.start_cell(recipient), profile.range) then
    act(ctx, ("%s cannot reach %s with %s: beyond its range of %d'"):format(me.name, recipient.name,
                                                                         profile.name, profile.range))
    return false
  end
  return true
end

-- Healing magic, a spell whose profile says `stabilizes` (README: default chosen): no Attack and no
-- Medical roll; it Stabilizes a Fatally Wounded target the caster can target, as any spell ("Release
-- a Prepared spell at designated Target(s)"; "Characters with Concealment cannot be targeted
-- directly": attack.targeting), within the spell's range where the two stood as the phase began.
-- Whether it did: one that did not (no one to Stabilize, out of sight, out of range) releases
-- nothing, as an Attack not made.
local function heal(ctx, patient, profile)
  if not stabilizable(ctx, patient) or not reaches(ctx, patient, profile) then return false end
  stabilize(ctx, patient, profile.name .. " (healing magic)")
  return true
end

-- The profile of a Prepared spell; one the spells defined do not name (any name while none is
-- defined, an encounter's `prepared_spell`) is Released as the generic one rather than not at all,
-- under the name its caster chose ("Mage (Release Spell) attacks Orc with Bolt").
local function spell_profile(name)
  local known = name and arbiter.tables.spells[name]
  if known then return known end
  local generic = combat.spell(name) or arbiter.tables.spells["Spell"]
  if not name or name == generic.name then return generic end
  local named = {}
  for field, value in pairs(generic) do named[field] = value end
  named.name = name
  return named
end

-- "Begin casting a chosen spell. You don't designate a Target yet." A spell the rules do not
-- define (a misspelt one, once a house rule defines spells: combat.spell) is refused before it
-- is declared (`allowed_by`, which is given the order), told with the nearest name: the character
-- takes the default order.
define("Prepare Spell", { target = "none", arguments = true,
  allowed_by = function(_, intent)
    local known, why = combat.spell(intent.arguments[1])
    return known ~= nil, why
  end,
  resolve = function(ctx)
    act(ctx, ("%s begins casting %s"):format(ctx.actor.name, ctx.arguments[1] or "a spell"))
  end })

-- "Release a Prepared spell at designated Target(s)": with none Prepared there is nothing to
-- Release, refused before it is declared like Focus Spell without an Ongoing Spell, rather than a
-- phase spent for nothing. At an enemy a spell is an Attack, so only there unless the profile of
-- the spell Prepared says `target = "any"`; a spell of Range 0 reaches no one but its caster, a
-- spell on oneself (README: default chosen). The spell is known only once Prepared, so the order is
-- judged in the fight (a `target` function), before it is declared: refused, the character takes
-- the default order and keeps its spell.
local function release_target(me, other)
  local spell = me.stats.prepared_spell
  if not spell then return false, "no Prepared spell to Release" end
  local profile = spell_profile(spell)
  local whom = other == me and "oneself" or other.side == me.side and "an ally" or other.name
  if profile.range == 0 and other ~= me then
    return false, ("%s has Range 0': a spell on oneself, not on %s"):format(spell, whom)
  end
  if profile.range ~= 0 and (profile.target or "enemy") == "enemy" and other.side == me.side then
    return false, ("%s is an Attack, made at an enemy: not at %s"):format(spell, whom)
  end
  return true
end

-- A spell Released at oneself or an ally is no Attack (README: default chosen): no roll, no Wound,
-- as healing magic makes none. It reaches one the caster can target ("Characters with Concealment
-- cannot be targeted directly": attack.targeting) within its range, measured where the two stood
-- as the phase began ("Range to Targets is measured at the start of the Action Phase"). Whether it
-- did: one that did not releases nothing, as an Attack not made.
local function bestow(ctx, recipient, profile)
  local me = ctx.actor
  if recipient ~= me and not reaches(ctx, recipient, profile) then return false end
  act(ctx, ("%s Releases %s on %s"):format(me.name, profile.name, recipient == me and "itself" or recipient.name))
  return true
end

-- "A released spell is an Attack": one at an enemy Concealed as the round starts, or one the caster
-- is Unaware of, is refused before it is declared, as the other Attacks are (`designated`), and the
-- caster keeps its spell. One that cannot be made once everyone has moved (out of sight, out of
-- range) releases nothing either: the spell stays Prepared (README: default chosen).
local function always() return true end
define("Release Spell", { needs_target = true, target = release_target, allowed_by = designated(always),
  resolve = function(ctx)
    local me = ctx.actor
    local spell = me.stats.prepared_spell
    if not spell then return act(ctx, me.name .. " has no Prepared spell to Release") end
    local profile = spell_profile(spell)
    if profile.stabilizes then
      if not heal(ctx, ctx.target, profile) then return end
    elseif ctx.target and ctx.target.side == me.side then
      if not bestow(ctx, ctx.target, profile) then return end
    elseif make_attack(ctx, ctx.target, { profile = profile, verb = "Release Spell" }) == false then  -- as attacks_at does
      return
    end
    world.set_stat(me, "prepared_spell", false, "Released")
    if profile.ongoing then world.set_stat(me, "ongoing_spell", spell, "Released: an Ongoing Spell") end
  end })

-- Focus Spell: "Concentrate to maintain or control an Ongoing Spell's effects." "Concentrate on an
-- ongoing spell": without one (the stat `ongoing_spell`, set by Releasing a spell whose profile is
-- `ongoing`, or by the encounter) there is nothing to focus on, refused before it is declared
-- (`allowed_by`), like Aim without a ranged weapon.
define("Focus Spell", { target = "none",
  allowed_by = function(me)
    if me.stats.ongoing_spell then return true end
    return false, "no Ongoing Spell to concentrate on"
  end,
  resolve = function(ctx)
    world.set_stat(ctx.actor, "focusing", true, "Focus Spell")
    act(ctx, ("%s concentrates on %s"):format(ctx.actor.name, ctx.actor.stats.ongoing_spell))
  end })

-- ---------------------------------------------------------------------------------------------
-- Support Actions

-- Why `me` has nothing to reload, or nil when a reload has something to do. "Requires a Quick or
-- Complex Use Item Action between shots": a weapon that needs no reload (a bow), or one still
-- loaded, is not reloaded (README: default chosen).
local function nothing_to_reload(me)
  local c = attack.combatant(me)
  if not c.weapon then return "no weapon in hand" end
  if not combat.reload(c, "ranged") then return ("the %s needs no reload"):format(c.weapon) end
  if attack.loaded(me) then return ("the %s is already loaded"):format(c.weapon) end
  return nil
end

-- Use Item: quick uses keep the character Ready, complex ones do not. What is used: the order's
-- argument ("Use Item (reload)", "(free Aldric)", "(swap)", "(stow bow and draw sword)", "(open
-- door)", "(close door N)"), or else what is needed — the character's own Entrapment, then a reload.
-- A reload with nothing to reload is "no reload" (the third result: why), refused before it is
-- declared, so a loaded Heavy Crossbow does not leave its holder Not Ready for it. Every use takes a hand: none
-- without arms (README: default chosen).
-- The uses are told by whole words of the argument (README), so other words that hold one are an
-- item's: "open the drawer" draws nothing, "drink antifreeze tonic" frees no one.
local function says(said, ...)
  for _, word in ipairs({ ... }) do
    if said:find("%f[%w]" .. word .. "%f[%W]") then return true end
  end
  return false
end
local function use_of(me, intent)
  local said = intent.arguments and intent.arguments[1] and intent.arguments[1]:lower() or ""
  if says(said, "free") or (said == "" and status.has(me, "Entrapped")) then return "free", "quick" end
  -- "Examples: Drinking a potion, swapping weapons, reloading a light crossbow" are Quick.
  if says(said, "swap", "draw", "stow") then return "swap", "quick" end
  -- "Complex Use Items: You become Not Ready. Examples: ... Removing armor."
  if says(said, "armor", "armour") and says(said, "remove", "doff", "take off", "strip") then
    return "remove armor", "complex"
  end
  -- Opening or closing a door is not among the examples: quick, like them (README: default chosen).
  if says(said, "door") or said:find("^%s*open%f[%A]") or said:find("^%s*close%f[%A]") then return "door", "quick" end
  local idle = nothing_to_reload(me)
  local reload = says(said, "reload")
  if reload and idle then return "no reload", "quick", idle end
  if reload or (said == "" and not idle) then
    return "reload", combat.reload(attack.combatant(me), "ranged")
  end
  return said ~= "" and said or "nothing", "quick"
end

-- Whom "Use Item (free …)" frees: the order's target, else the character its argument names
-- ("free Aldric"), else the user itself. Nil, and why, when the name is no one's.
local function freed_by(ctx)
  if ctx.target then return ctx.target end
  local said = ctx.arguments and ctx.arguments[1]
  local named = said and said:match("^%s*[Ff][Rr][Ee][Ee]%s+(.-)%s*$")
  if not named or named == "" then return ctx.actor end
  for _, c in ipairs(world.characters()) do
    if c.name:lower() == named:lower() then return c end
  end
  return nil, ("there is no one named %s to free"):format(named)
end

local function free(ctx, use)
  local me = ctx.actor
  local freed, why = freed_by(ctx)
  if not freed then return act(ctx, ("%s cannot free anyone: %s"):format(me.name, why)) end
  if not status.has(freed, "Entrapped") then return act(ctx, ("%s is not Entrapped: nothing to free"):format(freed.name)) end
  -- Not in the source: default chosen. Freeing another takes hands on the net: beside them.
  if freed.name ~= me.name and not grid.adjacent(me.cell, freed.cell) then
    return act(ctx, ("%s is not beside %s to free them"):format(me.name, freed.name))
  end
  -- Told once, by the status's end: "Aldric is no longer Entrapped (freed by Brenna: Use Item, quick)".
  local how = ("Use Item, %s"):format(use)
  status.remove(freed, "Entrapped", freed.name == me.name and how or ("freed by %s: %s"):format(me.name, how))
end

-- What drawing `drawn` in place of the weapon in hand does to the shield `me` carries, as its
-- Defense holds it (attack.shield): ", taking up the Shield" when a one-handed weapon frees a hand
-- for it, ", slinging the Shield: Great Sword needs both hands" when it no longer has one; "" when
-- its hold does not change (none carried, or lost with an arm either way).
local function shield_change(me, drawn)
  local held_before = attack.shield(me)
  local held_after, why = attack.shield(me, drawn)
  if held_after and not held_before then return (", taking up the %s"):format(held_after) end
  if held_before and not held_after then return (", slinging the %s: %s"):format(held_before, why) end
  return ""
end

-- "Swap readied weapons (stow your bow and draw your sword)": the weapon in hand and the one
-- carried stowed (the encounter's `stowed`) change places; from an empty hand the stowed one is
-- only drawn, and the narration names no weapon stowed.
local function swap(ctx, use)
  local me = ctx.actor
  local drawn, stowed = me.stats.stowed, me.stats.weapon
  if not drawn then return act(ctx, ("%s has no stowed weapon to draw"):format(me.name)) end
  world.set_stat(me, "weapon", drawn, "Use Item")
  world.set_stat(me, "stowed", stowed or false, "Use Item")
  local done = stowed and ("stows the %s and draws the %s"):format(stowed, drawn) or ("draws the %s"):format(drawn)
  act(ctx, ("%s %s (Use Item, %s)%s"):format(me.name, done, use, shield_change(me, drawn)))
end

-- "Manipulate the environment (close or open an adjacent door)": a door on a side of the user's
-- cell (a door is a border between side-by-side cells). The argument says which way, "open" or
-- "close", and may name the side ("open door E", "close the north door"); without a side, the only
-- door beside the user that the use would change (README: default chosen).
local SIDES = { n = "N", north = "N", e = "E", east = "E", s = "S", south = "S", w = "W", west = "W" }
-- A side as the narration says it, read aloud: "the gate to the east", not "to the E".
local SIDE_WORDS = { N = "north", E = "east", S = "south", W = "west" }
local CORNERS = { ne = true, nw = true, se = true, sw = true, northeast = true, northwest = true, southeast = true,
                  southwest = true, ["north-east"] = true, ["north-west"] = true, ["south-east"] = true,
                  ["south-west"] = true }

-- The doors on the sides of `cell`: { side, cell (beyond it), name, state }.
local function doors_beside(cell)
  local found = {}
  for _, side in ipairs({ "N", "E", "S", "W" }) do
    local beyond = grid.step(cell, side)
    local border = beyond and grid.border(cell, beyond)
    if border and border.door ~= "none" then
      found[#found + 1] = { side = side, cell = beyond, name = border.name ~= "" and border.name or "door",
                            state = border.door }
    end
  end
  return found
end

-- The door the argument means, or nil and why not.
local function door_meant(cell, said, wanted)
  local doors, side = doors_beside(cell), nil
  for word in said:gmatch("[%a%-]+") do
    if CORNERS[word] then return nil, ("a door is on a side of a square (N, E, S or W), not %s"):format(word:upper()) end
    side = side or SIDES[word]
  end
  if #doors == 0 then return nil, ("there is no door beside %s"):format(cell) end
  if side then
    for _, door in ipairs(doors) do
      if door.side == side then return door end
    end
    return nil, ("there is no door to the %s of %s"):format(SIDE_WORDS[side], cell)
  end
  local to_change, sides = {}, {}
  for _, door in ipairs(doors) do
    if door.state ~= wanted then
      to_change[#to_change + 1] = door
      sides[#sides + 1] = SIDE_WORDS[door.side]
    end
  end
  if #to_change == 1 then return to_change[1] end
  -- None to change: the one beside is already as wanted (said below, naming it).
  if #to_change == 0 and #doors == 1 then return doors[1] end
  if #to_change == 0 then return nil, ("every door beside %s is already %s"):format(cell, wanted) end
  return nil, ("there are doors to the %s: say which, as in 'Use Item (%s door %s)'"):format(
    table.concat(sides, " and "), wanted == "open" and "open" or "close", to_change[1].side)
end

-- "Removing armor", a Complex use: the armor comes off when the phase ends (its changes land
-- then), so it still protects the character through this Action Phase, Not Ready as it is; from
-- the next it is Unarmored.
local function remove_armor(ctx, use)
  local me = ctx.actor
  local worn = me.stats.armor
  if not worn or worn == "Unarmored" then return act(ctx, ("%s wears no armor to remove"):format(me.name)) end
  world.set_stat(me, "armor", "Unarmored", "Use Item: removes " .. worn)
  act(ctx, ("%s removes the %s (Use Item, %s)"):format(me.name, worn, use))
end

local function door(ctx, use)
  local me = ctx.actor
  local said = ctx.arguments[1]:lower()
  local wanted = said:find("^%s*open%f[%A]") and "open" or said:find("^%s*close%f[%A]") and "closed" or nil
  if not wanted then
    return act(ctx, ("%s cannot use the door: say whether to open or close it, as in 'Use Item (open door)'"):format(
      me.name))
  end
  local verb = wanted == "open" and "open" or "close"
  local chosen, why = door_meant(me.cell, said, wanted)
  if chosen and chosen.state == wanted then
    why = ("the %s to the %s is already %s"):format(chosen.name, SIDE_WORDS[chosen.side], wanted)
  end
  if why then return act(ctx, ("%s cannot %s a door: %s"):format(me.name, verb, why)) end
  grid.set_door(me.cell, chosen.cell, wanted, me.name .. ": Use Item")
  act(ctx, ("%s %ss the %s to the %s (Use Item, %s)"):format(me.name, verb, chosen.name, SIDE_WORDS[chosen.side], use))
end

define("Use Item", {
  arguments = true,
  -- A reload with nothing to reload is refused before it is declared: the default order instead.
  allowed_by = function(me, intent)
    local what, _, why = use_of(me, intent)
    return what ~= "no reload", why
  end,
  ready = function(me, intent)
    -- One without arms makes no use at all (told as it resolves): nothing keeps it from being Ready.
    if not combat.limbs_allow(attack.combatant(me), "Use Item") then return true end
    local _, use = use_of(me, intent)
    return combat.ready_after("Use Item", use)
  end,
  resolve = function(ctx)
    if limbs_refuse(ctx) then return end
    local me = ctx.actor
    local what, use = use_of(me, ctx)
    if what == "free" then return free(ctx, use) end
    if what == "swap" then return swap(ctx, use) end
    if what == "door" then return door(ctx, use) end
    if what == "remove armor" then return remove_armor(ctx, use) end
    if what == "reload" then
      world.set_stat(me, "loaded", true, "reloaded")
      return act(ctx, ("%s reloads the %s (Use Item, %s)"):format(me.name, me.stats.weapon, use))
    end
    -- "Use a potion, scroll, or other item": what the order names, else an item unnamed.
    if what == "nothing" then return act(ctx, me.name .. " uses an item") end
    act(ctx, ("%s uses an item: %s"):format(me.name, what))
  end,
})

-- Rescue: "Move up to 15 feet, picking up and carrying an ally or unconscious Character." The one
-- carried moves with the rescuer while everyone moves (`carries_target`), into each square the
-- rescuer leaves, so the phase's actions find it where it was carried. It carries another
-- (`target = "other"`: `Rescue W -> self` is refused on the sheet, as Stabilize's is); an order at
-- a standing enemy is refused before anyone moves, and so is a rescuer whose limbs cannot pick up
-- and carry (no arms; README: default chosen), both its `allowed_by`, since the runtime carries the
-- target while everyone moves, before the action resolves. "You are Encumbered" is applied as it
-- picks up (fight.lua's movement hook), for the rest of this Action Phase.
local function carriable(me, other)
  if other.side == me.side or status.has(other, "Unconscious") then return true end
  return false, ("%s is neither an ally of %s nor Unconscious: Rescue carries an ally or an unconscious Character"):format(
    other.name, me.name)
end

define("Rescue", { needs_target = true, carries_target = true, target = "other",
  allowed_by = function(me, intent)
    local can, why = combat.limbs_allow(attack.combatant(me), "Rescue")
    if not can then return can, why end
    return carriable(me, intent.target)
  end,
  resolve = function(ctx)
    move_only(ctx)
    local me, carried = ctx.actor, attack.rescued(ctx.actor)
    if not carried then
      return act(ctx, ("%s cannot reach %s to carry them"):format(me.name, ctx.target and ctx.target.name or "anyone"))
    end
    act(ctx, ("%s picks up %s and carries them"):format(me.name, carried.name))
  end })

-- Stabilize: "Attempt a Medical roll to prevent a Fatally Wounded Character from expiring. On
-- success, they are Stable." Adjacent, and with a hand to tend them (README: default chosen).
-- "prevent a Fatally Wounded Character's death": another's, the Fatally Wounded being Unconscious
-- (`target = "other"`: `Stabilize -> self` is refused on the sheet).
define("Stabilize", { needs_target = true, target = "other", resolve = function(ctx)
  if limbs_refuse(ctx) then return end
  local me, patient = ctx.actor, ctx.target
  if not stabilizable(ctx, patient) then return end
  if not grid.adjacent(me.cell, patient.cell) then
    return act(ctx, ("%s is not beside %s to Stabilize them"):format(me.name, patient.name))
  end
  local ok, _, text = attack.check(me, "medical", wounded(me), me.name .. " tends " .. patient.name)
  if not ok then return act(ctx, ("%s tries to Stabilize %s: Medical %s — fails"):format(me.name, patient.name, text)) end
  stabilize(ctx, patient, "Medical " .. text)
end })

-- ---------------------------------------------------------------------------------------------
-- Involuntary Actions. Crash and Clash happen while everyone moves (fight.lua's movement hook);
-- as actions they are what the characters did instead. Dazed and Terror replace the order.

define("Crash", { involuntary = true, resolve = function() end })
define("Clash", { involuntary = true, resolve = function() end })
define("Dazed", { involuntary = true, resolve = function(ctx) act(ctx, ctx.actor.name .. " is Dazed and stays in place") end })

-- Terror: "You must move up to 30 feet ... away from hostiles if possible. If unable to move
-- away, or moving would place you in more danger, you may make one Attack at Disfavor."
define("Terror", { involuntary = true, resolve = function(ctx)
  move_only(ctx)
  if ctx.moved > 0 then return act(ctx, ctx.actor.name .. " flees in terror") end
  local foe = adjacent_opponents(ctx.actor)[1]
  if foe then return attacks_at(ctx, "Terror", foe, { verb = "Terror" }) end
  act(ctx, ctx.actor.name .. " cowers, unable to flee")
end })
