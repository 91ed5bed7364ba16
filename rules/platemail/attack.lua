-- How one Attack is carried out in a fight: who the combatants are this Action Phase, whether the
-- target can be attacked at all (reach, range, sight, Concealment, Unaware), the roll against
-- Defense (or a Guard's block), and what a hit sets off. The arithmetic is combat.lua's; this
-- file reads the fight (flow, world, grid) and proposes changes (log events, statuses, stats),
-- which land when the Action Phase ends. The Wounds themselves are tallied then (fight.lua).
-- Globals read often, as locals: a global is looked up through the pack's environment to the
-- shared globals (a metamethod at each read), a local is a register.
local status, world, grid, flow, log, dice = status, world, grid, flow, log, dice
local ipairs, setmetatable, math, table = ipairs, setmetatable, math, table
local arbiter = require "arbiter"
local combat = require "combat"

local attack = {}

-- Per Action Phase bookkeeping, cleared when a phase starts (fight.lua): Attacks already made on
-- an Unaware target by each attacker this phase, Attacks each Guard has tried to block, each
-- character as combat.lua reads it (attack.combatant: the actions read the phase's starting
-- state, so it is worked out once; fight.lua forgets one whose Ready changes while everyone moves,
-- and its Wound tally reads them after the phase's changes have landed), who has shot a weapon
-- that Requires Reload (attack.loaded), and who fell Prone in a Crash while everyone moved (moving
-- ends only a Prone that was there when the phase began: actions.lua), the nets that hit
-- (attack.effects: they land as the phase ends, fight.lua), and who made an overt Attack
-- (attack.overt_attack).
function attack.start_phase()
  attack.phase = { unaware_attacked = {}, guarded = {}, combatants = {}, defenses = {}, shot = {}, fell_prone = {},
                   nets = {}, overt = {} }
end
attack.start_phase()

-- Skulk: "Your first Attack on an Unaware Target is made with Favor". The targets a skulker has
-- attacked since it hid are its stat `ambushed` (a list of names), so they stay spent across
-- Action Phases while it stays Hidden (a Silent weapon), and in a save; Skulk empties it when the
-- skulker hides anew.
local function ambushed_before(me, target)
  if attack.phase.unaware_attacked[me.name .. ">" .. target.name] then return true end
  for _, name in ipairs(me.stats.ambushed or {}) do
    if name == target.name then return true end
  end
  return false
end

local function remember_ambush(me, target)
  attack.phase.unaware_attacked[me.name .. ">" .. target.name] = true  -- seen at once this phase
  local names = { target.name }
  for _, name in ipairs(me.stats.ambushed or {}) do names[#names + 1] = name end
  world.set_stat(me, "ambushed", names, "first Attack on an Unaware Target")
end

---Requires Reload: "Requires a Quick or Complex Use Item Action between shots". Whether `me`'s
---weapon holds a shot: it starts the fight loaded (no stat `loaded`), a shot empties it and Use
---Item reloads it. A shot empties it at once: its stat changes only when the phase ends.
---@param me world.Character
---@return boolean
function attack.loaded(me)
  return me.stats.loaded ~= false and not attack.phase.shot[me.name]
end

-- "1d20" for a count and sides, written once for each: every Attack rolls.
local DICE_EXPRESSIONS = {}
local function dice_expression(count, sides)
  local by_sides = DICE_EXPRESSIONS[count]
  if not by_sides then
    by_sides = {}
    DICE_EXPRESSIONS[count] = by_sides
  end
  local expression = by_sides[sides]
  if not expression then
    expression = ("%dd%d"):format(count, sides)
    by_sides[sides] = expression
  end
  return expression
end

---Rolls dice given as a table's `{ count, sides, bonus }` (rules.attack_rolls.die, rules.checks.die,
---Guard's block die …), read when the rule applies, so a house rule's patch counts, and tells the
---roll as a GM reads it: "d20 14", "2d10 20", "d20 19+1" (the count is said when more than one, or
---always with `opts.count`: "1d4 3"). The dice are rolled as `NdS`, the bonus added after, so the
---natural roll (what a Critical Hit reads) is the dice alone.
---@param die { count: integer, sides: integer, bonus?: integer }
---@param reason string what the roll is for
---@param opts? { count?: boolean } say the count even of one die
---@return integer total the dice and the bonus
---@return string text
---@return integer natural the dice alone
function attack.roll_die(die, reason, opts)
  local expression = dice_expression(die.count, die.sides)
  local natural = dice.roll(expression, reason).total
  local bonus = die.bonus or 0
  local name = (die.count == 1 and not (opts and opts.count)) and expression:sub(2) or expression
  return natural + bonus, ("%s %d%s"):format(name, natural, bonus == 0 and "" or ("%+d"):format(bonus)), natural
end

---A roll of one of the checks the source names but does not define (rules.checks, README: default
---chosen), with no difficulty: Stealth is compared with each onlooker's Perception. The roller's
---statuses add their modifiers for every check (roll "check") and for this one (its name).
---@param who world.Character
---@param check string "stealth", "medical", "concentration", "dexterity_saving_throw"
---@param parts? platemail.Part[] modifiers
---@param reason string for the roll and the log
---@return integer total, string text "d20 12 +2 stealth = 14" (rules.checks.die, its bonus too: "d20 12+1 …")
function attack.roll_check(who, check, parts, reason)
  local checks = arbiter.tables.rules.checks
  local stat = who.stats[checks.stats[check]] or 0
  local rolled, said = attack.roll_die(checks.die, reason)
  local all = { { amount = stat, reason = checks.stats[check] } }
  for _, part in ipairs(parts or {}) do all[#all + 1] = part end
  for _, roll in ipairs({ "check", check }) do
    for _, part in ipairs((status.modifiers(who, roll))) do all[#all + 1] = part end
  end
  local total = rolled + combat.sum(all)
  return total, ("%s%s = %d"):format(said, attack.terms(all), total)
end

---The same check against the rules' difficulty.
---@param who world.Character
---@param check string
---@param parts? platemail.Part[]
---@param reason string
---@return boolean success, integer total, string text "d20 12 +2 dexterity = 14 vs 10"
function attack.check(who, check, parts, reason)
  local difficulty = arbiter.tables.rules.checks.difficulty
  local total, text = attack.roll_check(who, check, parts, reason)
  return total >= difficulty, total, ("%s vs %d"):format(text, difficulty)
end

---"+3 Favor (Charge) −1 1 Wound": the parts of a roll as a GM reads them (zeros left out).
---@param parts platemail.Part[]
---@return string
function attack.terms(parts)
  local out = {}
  for _, part in ipairs(parts) do
    local amount = part.amount
    if amount ~= 0 then out[#out + 1] = (" %s%d %s"):format(amount > 0 and "+" or "−", math.abs(amount), part.reason) end
  end
  return table.concat(out)
end

-- attack.ready with `c`'s intent already read.
local function ready_by(c, intent)
  return intent ~= nil and intent.ready and not status.has(c, "Entrapped")
end

---Whether `c` is Ready this Action Phase: its action's tag, unless it is Entrapped (Entraps:
---"Target Not Ready"). Its Defense and Skulk's "Characters who are Not Ready ... are Unaware of the
---skulker" both ask this.
---@param c world.Character
---@return boolean
function attack.ready(c) return ready_by(c, flow.intent(c)) end

---The intent attack.unaware reads of one whose order of `action` is being read, which it has not
---taken yet: Ready by the action's tag, as an action's `ready` is (actions.lua's `define`). Made
---only for a Hidden one, so that an order costs no table while no one is.
---@param action string
---@return table
function attack.taking(action)
  local row = arbiter.tables.actions_data[action]
  return { ready = row ~= nil and row.tag == "R" }
end

---Whether `who` is Unaware of `other`: Skulk's "Characters who are Not Ready or whose Perception is
---below the Stealth Roll are Unaware of the skulker", while the skulker stays Hidden.
---@param who world.Character
---@param other world.Character
---@param intent? table the intent `who` is taking, while its order is read (it has none yet)
---@return boolean
function attack.unaware(who, other, intent)
  if not status.has(other, "Hidden") then return false end
  if not ready_by(who, intent or flow.intent(who)) then return true end
  local perception = who.stats.perception or arbiter.tables.rules.checks.perception
  return perception < (other.stats.stealth_roll or 0)
end

---Where `c` stands for the Attack being made. While everyone moves (an Attack of Opportunity, of a
---Clash or of leaving reach) the world still shows the cells of the phase's start: the movement hook
---gives the cells the two have reached at that step (`attack.phase.at_step`, by name).
---@param c world.Character
---@return grid.Place
function attack.cell(c)
  local at_step = attack.phase.at_step
  return at_step and at_step[c.name] or c.cell
end

-- Whether an object giving Cover stands on the line from `from` to `to` (grid.line: the cells
-- grid.sight walks) beyond the reach of `from`: not in a cell beside it, unless that cell is beside
-- `to` too (a low wall between two who stand either side of it is as much one's as the other's).
-- The cell `to` counts when `target_cell` says so.
local function cover_beyond_reach(from, to, target_cell)
  for _, cell in ipairs(grid.line(from, to)) do
    local counted = cell ~= from and (cell ~= to or target_cell)
                    and (not grid.adjacent(from, cell) or grid.adjacent(to, cell))
    if counted and grid.terrain(cell).shelter == "cover" then return true end
  end
  return false
end

---What `from` sees of the character standing at `to`: Cover is "an object large enough to block
---line of sight to approximately half a Character's body between them and a Character targeting
---them", so the shelter of the cell `to` stands in (a hedge, a low wall) counts too, unless `from`
---is beside it and reaches around it (`rules.cover.own_cell`, README: default chosen). grid.sight
---alone leaves out the objects of both end cells, to be symmetric. Likewise one shoots over the
---low wall right beside itself as over one in its own cell: an object giving Cover in a cell beside
---`from` and not beside `to` counts for nothing (`rules.cover.beside_attacker`, README: default
---chosen); Concealment there still hides what is beyond it.
---@param from string the cell of the one who looks (a label: compared with grid.line's)
---@param to string the cell looked at
---@return grid.Sight
function attack.sight(from, to)
  local cover = arbiter.tables.rules.cover
  local own_cell = cover.own_cell and not grid.adjacent(from, to)
  local sight = grid.sight(from, to, { count_target_cell = own_cell })
  if sight.shelter ~= "cover" or not cover.beside_attacker or cover_beyond_reach(from, to, own_cell) then
    return sight
  end
  return { visible = sight.visible, shelter = "none", strength = 0, wall = sight.wall }
end

---Why a target `sight` does not show cannot be targeted: "If line of sight is blocked completely,
---the Character has Concealment". A wall or closed door between blocks it, as an object giving
---Concealment does (a thick bush); the table is told which, a wall being no Concealment of the map.
---@param sight grid.Sight one not `visible`
---@return string
function attack.unseen(sight)
  return sight.wall and "no line of sight (a wall or closed door between)" or "Concealed"
end

---Whether `me` can target `target` directly, an Attack or a spell: "Unaware Characters may not
---designate the Skulker as a Target" (`unaware`: attack.unaware, which attack.make has already)
---and "Characters with Concealment cannot be targeted directly", by the line of sight between where
---each stands for it (attack.cell). The sight, and why not when not: "Concealed".
---@param me world.Character
---@param target world.Character
---@param unaware boolean
---@return grid.Sight? sight
---@return string? why_not
function attack.targeting(me, target, unaware)
  if unaware then return nil, "Unaware of them" end
  local sight = attack.sight(attack.cell(me), attack.cell(target))
  if not sight.visible then return sight, attack.unseen(sight) end
  return sight
end

---Whether `c` is down, Unconscious or Dead: it perceives nothing, and its orders are not carried out.
---@param c world.Character
---@return boolean
function attack.down(c) return status.has(c, "Unconscious") or status.has(c, "Dead") end

---The opponents beside `me` that `keep(me, c)` accepts, `first` first when it is one of them, then
---those still standing, then the fallen (Unconscious): "When in doubt, the Arbiter chooses the
---Target they deem most appropriate. Arbiters, rule in favor of the Player when you can", so of
---several, a standing one is attacked before a helpless one (README). "The adjacent enemy" is the
---first of them; Full Attack's and Counter's Attacks go to them when the declared Target is gone.
---@param me world.Character
---@param first? world.Character the declared Target
---@param keep fun(me: world.Character, c: world.Character): boolean
---@return world.Character[] opponents
---@return integer standing how many come before the fallen (`first` among them)
function attack.adjacent_opponents(me, first, keep)
  local found, fallen, here, side = {}, nil, me.cell, me.side
  if first and first.side ~= side and grid.adjacent(here, first.cell) then found[1] = first end
  local characters = world.characters()
  for i = 1, #characters do
    local c = characters[i]
    -- The side and the cell first: they rule out most characters without reading statuses.
    if c.side ~= side and grid.adjacent(here, c.cell) and c ~= first and keep(me, c) then
      if attack.down(c) then
        fallen = fallen or {}
        fallen[#fallen + 1] = c
      else
        found[#found + 1] = c
      end
    end
  end
  local standing = #found
  if fallen then table.move(fallen, 1, #fallen, standing + 1, found) end
  return found, standing
end

---The first of attack.adjacent_opponents(me, nil, keep), found without listing the others: the
---first still standing, else the first fallen. "The adjacent enemy" and "an enemy is adjacent" ask
---it of every order that names them.
---@param me world.Character
---@param keep fun(me: world.Character, c: world.Character, action?: string): boolean
---@param action? string the action being ordered, handed to `keep` ("the adjacent enemy" of an order)
---@return world.Character?
function attack.first_adjacent_opponent(me, keep, action)
  local fallen, here, side = nil, me.cell, me.side
  local characters = world.characters()
  for i = 1, #characters do
    local c = characters[i]
    if c.side ~= side and grid.adjacent(here, c.cell) and keep(me, c, action) then
      if not attack.down(c) then return c end
      fallen = fallen or c
    end
  end
  return fallen
end

---Whether `me` is in Cover or Concealment from the other sides: some line of sight to it from an
---enemy who perceives (not one down) meets shelter and none sees it in the open (Skulk: "You must
---end this Action Phase in Cover or Concealment to remain Hidden").
---@param me world.Character
---@return boolean
function attack.sheltered(me)
  local sheltered = false
  for _, c in ipairs(world.characters()) do
    if c.side ~= me.side and not attack.down(c) then
      local sight = attack.sight(c.cell, me.cell)
      sheltered = sheltered or sight.shelter ~= "none"
      if sight.shelter == "none" and sight.visible then return false end
    end
  end
  return sheltered
end

---The status a severed limb is: "Severed left leg" for "left leg" (combat.limb).
---@param limb string
---@return string
function attack.severed_status(limb) return "Severed " .. limb end

-- The status of each limb, by limb: attack.severed asks for every limb at each combatant it makes.
local SEVERED_STATUS = setmetatable({}, { __index = function(known, limb)
  known[limb] = attack.severed_status(limb)
  return known[limb]
end })

---The limbs `c` has lost (Severs Limb), as combat.limb names them: its statuses "Severed …".
---combat.limbs_left counts what is left of them.
---@param c world.Character
---@return string[]
function attack.severed(c)
  local lost = {}
  for _, limb in ipairs(arbiter.tables.weapon_properties.severs_limb.limbs) do
    if status.has(c, SEVERED_STATUS[limb]) then lost[#lost + 1] = limb end
  end
  return lost
end

---The ally beside `target` who holds a shield that "Provides Cover": "When held, provides Cover to
---wielder and adjacent allies" (the wielder's own Cover is combat.has_cover's), and that shield; false
---when none does. One Unconscious or Dead holds nothing up.
---@param target world.Character
---@return world.Character|false ally
---@return string? shield
function attack.shielded_by_ally(target)
  local allies = world.characters(target.side)
  for i = 1, #allies do
    local c = allies[i]
    local held = c ~= target and not attack.down(c) and attack.combatant(c).shield
    local shield = held and arbiter.tables.shields[held]
    if shield and shield.properties and shield.properties.provides_cover and grid.adjacent(c.cell, target.cell) then
      return c, held
    end
  end
  return false
end

---The ally a Rescue carries: its target, once the rescuer stood beside it, when the phase began
---or on the way ("Move up to 15 feet, picking up and carrying"). The runtime picks it up and
---carries it while everyone moves (the action's `carries_target`), and says whether it does by
---then (`carrying`) to an Attack made while everyone moves (an Attack of Opportunity) too.
---@param rescuer world.Character
---@return world.Character?
function attack.rescued(rescuer)
  local intent = flow.intent(rescuer)
  if intent and intent.action == "Rescue" and intent.carrying then return intent.target end
  return nil
end

---A character as combat.lua reads it, this Action Phase, facing `other` (for Unaware).
---@param c world.Character
---@param other? world.Character
---@return platemail.Combatant
function attack.combatant(c, other)
  local known = attack.phase.combatants[c.name]
  if not known then
    local stats = c.stats
    local intent = flow.intent(c)
    known = {
      name = c.name, weapon = stats.weapon, armor = stats.armor, severed = attack.severed(c),
      ready = ready_by(c, intent),
      wounds = stats.wounds or 0, strength = stats.strength, mounted = stats.mounted == true, down = attack.down(c),
      action = intent and arbiter.tables.actions_data[intent.action] and intent.action or nil,
      unaware = false,
    }
    local _, arms = combat.limbs_left(known)
    known.shield = combat.shield_in_hand(stats.weapon, stats.shield, arms)
    -- Only once its intent is fixed (an action's Ready may be asked before, while choosing).
    if intent then attack.phase.combatants[c.name] = known end
  end
  -- The phase's combatant is not Unaware of anyone; one that is reads the rest through to it.
  if other == nil or not attack.unaware(c, other) then return known end
  return setmetatable({ unaware = true }, { __index = known })
end

---The shield `c` holds (combat.shield_in_hand: none with a two-handed weapon, one arm or none),
---as its Defense reads it; nil and why when it carries one it does not hold ("one arm"), nil
---alone when it carries none. Asked in an action, it reads the state the phase began with.
---@param c world.Character
---@param weapon? string|false the weapon in hand to judge by, if not its own (a swap: the one drawn)
---@return string? shield
---@return string? reason
function attack.shield(c, weapon)
  local _, arms = combat.limbs_left({ severed = attack.severed(c) })
  if weapon == nil then weapon = c.stats.weapon end
  return combat.shield_in_hand(weapon or nil, c.stats.shield, arms)
end

---Whether `target` is within the reach of `me`'s melee Attack (5', or its weapon's reach).
---@param me world.Character
---@param target world.Character
---@return boolean
function attack.within_reach(me, target)
  return grid.within(me.cell, target.cell, combat.melee_reach(attack.combatant(me)))
end

-- The kind of Attack the attacker's weapon makes at this target: melee within reach, else its
-- ranged or thrown attack; nil and why when it has none that reaches. `wanted` "melee" or
-- "ranged" holds to that kind; "adjacent" is melee, or a thrown weapon's thrown Attack when it
-- has no melee one, within reach; "melee_or_thrown" (Charge, Full Attack) is melee within reach,
-- else a throw, never a shot (README: default chosen); "any" or nil, whatever reaches.
local function kind_for(me, target, wanted)
  local c = attack.combatant(me)
  local melee = combat.attack_row(c, "melee")
  local adjacent = attack.within_reach(me, target)
  if wanted ~= "ranged" and melee and adjacent then return "melee" end
  if wanted == "adjacent" and adjacent and combat.attack_row(c, "thrown") then return "thrown" end
  if wanted == "melee" or wanted == "adjacent" then
    if not adjacent then return nil, "is not within reach of " .. target.name end
    return nil, wanted == "melee" and "has no melee weapon" or "has no melee or thrown weapon"
  end
  if wanted == "melee_or_thrown" then
    if combat.attack_row(c, "thrown") then return "thrown" end
    return nil, melee and ("is not within reach of " .. target.name) or "has no melee or thrown weapon"
  end
  local from_afar = combat.ranged_kind(c)
  if from_afar then return from_afar end
  if wanted == "ranged" then return nil, "has no ranged or thrown weapon" end
  return nil, melee and ("is not within reach of " .. target.name) or "has no weapon that reaches"
end

-- Someone Guarding the target who may block this attacker's Attack (`effect`: what it is, for
-- combat.can_guard), the attempt it would be and its Guard value then; else nil, and why one
-- Guarding it cannot block ("Medic cannot block: Unaware of the attacker"), said with the Attack.
-- Of several who may, one blocks each Attack: the one with the highest Guard value against it,
-- its −1 for each Attack it has tried to block this phase counted, so fresh Guards take their
-- turn; a tie, the first in encounter order (README: default chosen).
local function guard_of(me, target, effect)
  local guard, attempt, value, unblocked
  local allies = world.characters(target.side)
  for i = 1, #allies do
    local other = allies[i]
    -- The phase's combatant tells a Guard apart; only a Guard's intent is read, for whom it guards.
    local intent = other ~= target and attack.combatant(other).action == "Guard" and flow.intent(other)
    if intent and intent.target and intent.target.name == target.name
       and grid.adjacent(other.cell, target.cell) and not status.has(other, "Unconscious") then
      local as_guard = attack.combatant(other, me)
      local ok, why = combat.can_guard(as_guard, effect)
      if ok then
        local its_attempt = (attack.phase.guarded[other.name] or 0) + 1
        local its_value = combat.guard_value(as_guard, its_attempt)
        if not guard or its_value > value then guard, attempt, value = other, its_attempt, its_value end
      else
        unblocked = unblocked or ("%s cannot block: %s"):format(other.name, why)
      end
    end
  end
  if guard then return guard, attempt, value end
  return nil, nil, nil, unblocked
end

-- The Defense of `target` this Action Phase (combat.defense of its combatant, which reads neither
-- whom it faces nor whether it is Unaware of them): the same at every Attack on it, so worked out
-- once for each combatant the phase keeps (fight.lua makes a new one when its Ready changes) and
-- again whenever the definitions change (arbiter.revision: a house rule's patch of armor counts).
local function phase_defense(target)
  local known, revision = attack.combatant(target), arbiter.revision()
  local kept = attack.phase.defenses[known]
  if not kept or kept.revision ~= revision then
    kept = { revision = revision, total = (combat.defense(known)) }
    attack.phase.defenses[known] = kept
  end
  return kept.total
end

---Where `c` stood when the Action Phase began: "Range to Targets is measured at the start of the
---Action Phase". Its intent's `start`; one with no intent (Unconscious) moves only as a Rescue
---carries it, and its `moved` event says from where.
---@param c world.Character
---@return string cell
function attack.start_cell(c)
  local intent = flow.intent(c)
  if intent then return intent.start end
  for _, moved in ipairs(log.phase_events("moved")) do
    if moved.fields.character == c.name then return moved.fields.from end
  end
  return c.cell
end

-- What only a ranged or thrown Attack reads of where the two stand: the distance between them when
-- the phase began (for the range band), and whether the attacker shoots from High Ground.
local function shot_from(ctx, target)
  local here, there = grid.terrain(ctx.actor.cell), grid.terrain(target.cell)
  return grid.distance(ctx.start, attack.start_cell(target)), here.height > there.height
end

-- An Attack made, told: an `overt` one is remembered for the phase (attack.overt_attack), and
-- removes the attacker's Hidden now, so the reveal is told after the Attack; attack.make's true.
local function made(me, overt, verb)
  if overt then
    attack.phase.overt[me.name] = verb
    if status.has(me, "Hidden") then status.remove(me, "Hidden", "attacks: revealed") end
  end
  return true
end

---Skulk: "Overt Actions such as Attacks, Sprint, etc reveal you": the name of the overt Attack (not
---Silent) `me` made this phase ("Attack of Opportunity"), or nil. It reveals `me` as the phase
---ends, as Hidden itself is judged ("You must end this Action Phase in Cover or Concealment to
---remain Hidden"), whether `me` was Hidden when it attacked or hides after it: a Skulk of the same
---phase, reading the phase's start, asks this.
---@param me world.Character
---@return string?
function attack.overt_attack(me) return attack.phase.overt[me.name] end

-- An Attack that is not made: told, and attack.make's false.
local function not_made(me, verb, text)
  log.event("attack_missed_out", { attacker = me.name, text = text }, verb)
  return false
end

-- The same, told with why: "Aldric (Counter) has no one to attack".
local function missed_out(me, verb, why)
  return not_made(me, verb, ("%s (%s) %s"):format(me.name, verb, why))
end

-- Aim: "If your next Action is Ranged Attack, it gains Favor and has +1 Penetration": whether this
-- Attack is made by the action Aim favours (`actions_data.Aim.next_action.name`, read now, so a house
-- rule's patch counts) right after an Aim. `how.aimed` decides when given; an Attack of Opportunity
-- is no Action of the attacker's.
local function aimed(ctx, how)
  if how.aimed ~= nil then return how.aimed end
  if how.opportunity or ctx.action ~= arbiter.tables.actions_data["Aim"].next_action.name then return false end
  local previous = flow.previous(ctx.actor)
  return previous ~= nil and previous.action == "Aim"
end

---The kinds of Attack attack.make takes (`how.kind`): with the weapon in hand (kind_for), or with a
---profile, which is no weapon and is made as its kind says: melee beside the target, else from afar
---("ranged" unless given). The hook `attack` refuses another (tables_check.lua).
attack.kinds = { weapon = { "melee", "ranged", "adjacent", "melee_or_thrown", "any" },
                 profile = { "melee", "ranged", "thrown" } }

---One Attack by the actor of `ctx` on `target`, proposed to land when the phase ends.
---@param ctx table the action's context (flow intent fields)
---@param target? world.Character
---@param how? platemail.AttackOptions (types/platemail.lua)
---@return boolean attacked
function attack.make(ctx, target, how)
  how = how or {}
  local me = ctx.actor
  local verb = how.verb or ctx.action
  if not target then return missed_out(me, verb, "has no one to attack") end
  if status.has(target, "Dead") then return missed_out(me, verb, "cannot attack " .. target.name .. ": already dead") end
  local mine = attack.combatant(me, target)
  -- An Attack with a profile (a Released spell) is not made with the weapon in hand: the weapon's
  -- "Requires Str" and its bonuses take no part in it, so combat.lua reads the attacker unarmed.
  if how.profile then mine = setmetatable({ weapon = false }, { __index = mine }) end
  -- No arms, no Attack with a weapon (README: default chosen); a spell is not one.
  local armed, why_not = how.profile ~= nil, nil
  if not armed then armed, why_not = combat.can_attack_with_weapon(mine) end
  if not armed then return missed_out(me, verb, "cannot attack: " .. why_not) end
  local sight, untargetable = attack.targeting(me, target, mine.unaware)
  if untargetable then return missed_out(me, verb, "cannot target " .. target.name .. ": " .. untargetable) end

  local kind, why
  if how.within_reach and combat.attack_row(attack.combatant(me), "melee") then
    -- Within reach by what set the Attack off (an Attack of Opportunity during movement), though
    -- the world still shows the cells of the phase's start until everyone has moved.
    kind = "melee"
  elseif how.profile then
    kind = how.kind or "ranged"
    if kind == "melee" and not grid.adjacent(me.cell, target.cell) then why = "is not beside " .. target.name end
  else
    kind, why = kind_for(me, target, how.kind)
  end
  if why or not kind then return missed_out(me, verb, why) end
  -- Requires Reload, whichever action makes the shot (Charge, Terror, a house rule's): a spell is
  -- not a shot of the weapon, `mine` being unarmed for it.
  local reload = combat.reload(mine, kind)
  if reload and not attack.loaded(me) then
    return not_made(me, verb, ("%s's %s is not loaded: it needs a Use Item Action to reload"):format(
      me.name, mine.weapon))
  end
  local theirs = attack.combatant(target, me)
  local first_unaware = theirs.unaware and not ambushed_before(me, target)
  local distance, high_ground
  if combat.kind_matches("ranged", kind) then distance, high_ground = shot_from(ctx, target) end
  -- Cover from the ground where it stands, else from an ally's shield, named as its own is.
  local ally, ally_shield = attack.shielded_by_ally(target)
  local cover = sight.shelter == "cover" or (ally and ("%s's %s"):format(ally.name, ally_shield)) or false
  local situation = {
    kind = kind, moved = ctx.moved, cover = cover,
    distance = distance, high_ground = high_ground,
    first_attack_on_unaware = first_unaware, opportunity = how.opportunity, clash = how.clash,
    aimed = aimed(ctx, how), range = how.profile and how.profile.range or nil,
    attacker_statuses = (status.modifiers(me, "attack")), target_statuses = (status.modifiers(target, "attacks against")),
  }
  local parts, out_of_range = combat.attack_modifiers(mine, theirs, situation)
  if not parts then return missed_out(me, verb, ("cannot reach %s: %s"):format(target.name, out_of_range)) end
  local row = not how.profile and combat.attack_row(mine, kind)
  local penetration, wounds
  if how.profile then
    penetration, wounds = how.profile.penetration, how.profile.wounds
  else
    penetration, wounds = combat.penetration(mine, kind, theirs, situation), row.wounds
  end
  if first_unaware then remember_ambush(me, target) end
  if reload then
    attack.phase.shot[me.name] = true
    world.set_stat(me, "loaded", false, "shot")
  end
  -- Skulk: "Overt Actions such as Attacks, Sprint, etc reveal you", but Silent: "This Weapon's
  -- Attack does not break Stealth." Revealed when the phase ends: this Attack, if Hidden, was made
  -- hidden, and the reveal is told after it (made).
  local overt = not (row and row.properties and row.properties.silent)

  -- "D20 ... compared to the Target's Defense": rules.attack_rolls.die, its bonus added to the total
  -- (the natural roll, what a Critical Hit reads, is the dice alone).
  local die = arbiter.tables.rules.attack_rolls.die
  local _, said, natural = attack.roll_die(die, ("%s attacks %s"):format(me.name, target.name))
  local rolled = said .. attack.terms(parts)
  if (die.bonus or 0) ~= 0 then
    parts = { table.unpack(parts) }
    parts[#parts + 1] = { amount = die.bonus, reason = "die" }
  end
  -- "Archer (Ranged Attack) attacks Mark with Short Bow", "… with Dagger (thrown)": every line
  -- told of this Attack opens so, a Guard's block too.
  local attacks = ("%s (%s) attacks %s with %s%s"):format(me.name, verb, target.name,
    how.profile and how.profile.name or mine.weapon or "bare hands", kind == "thrown" and " (thrown)" or "")
  local victim, versus = target, nil
  -- "You cannot Guard against Area of Effect Attacks or effects that Ignore Absorb."
  local guard, attempt, value, unblocked = guard_of(me, target, { ignores_absorb = how.ignores_absorb == true })
  if unblocked then versus = (" (%s)"):format(unblocked) end
  local defense = phase_defense(target)
  -- A Guard attacked itself: the Attacks it has tried to block so far this phase lower its
  -- Deflection, so its Defense (combat.guard_own_penalty).
  local own_penalty = theirs.action == "Guard" and combat.guard_own_penalty(attack.phase.guarded[target.name])
  if own_penalty then defense = defense + own_penalty.amount end
  if guard then
    attack.phase.guarded[guard.name] = attempt
    local block = combat.attack { natural = natural, modifiers = parts, defense = value }
    -- "roll a dice": actions_data.Guard.block.die.
    local die, die_said
    if block.hit then
      die, die_said = attack.roll_die(arbiter.tables.actions_data["Guard"].block.die,
                                      guard.name .. " tries to block for " .. target.name)
    end
    local outcome = combat.guard_block(block, die)
    if outcome == "blocked" then
      log.event("attack", { attacker = me.name, target = target.name, guard = guard.name, hit = false,
        text = ("%s: %s = %d vs %s's Guard %d — blocked"):format(attacks, rolled, block.total, guard.name, value) },
        verb)
      return made(me, overt, verb)
    end
    -- The roll got past the Guard's value (beat it, met it where a tie hits, or is a natural 20,
    -- which always hits); the die says whom it reaches.
    local past = block.total > value and "beats"
                 or block.total == value and arbiter.tables.rules.attack_rolls.tie_hits and "meets"
                 or ("natural %d gets past"):format(natural)
    local beaten = (" — %s %s's Guard %d; %s"):format(past, guard.name, value, die_said)
    if outcome == "hits_guard" then
      victim, versus = guard, ("%s, even: the Attack hits %s"):format(beaten, guard.name)
      defense = -math.huge
    else
      versus = ("%s, odd: %s cannot block"):format(beaten, guard.name)
    end
  end
  -- Rescue: "If you are hit, roll a die: On even numbers, the Character you are carrying is hit instead."
  local result = combat.attack { natural = natural, modifiers = parts, defense = defense,
                                 penetration = penetration, wounds = wounds }
  -- The one carried is the Rescue's target, picked up this very phase (attack.rescued).
  local carried = result.hit and attack.rescued(victim)
  if carried then
    -- "roll a die": actions_data.Rescue.carried_hit.die.
    local die, said = attack.roll_die(arbiter.tables.actions_data["Rescue"].carried_hit.die,
                                      victim.name .. " is hit while carrying " .. carried.name)
    -- Told either way, as a Guard's die is: "d6 2, even: …", "d6 3, odd: …".
    if combat.rescue_carried_hit(die) then
      versus = (versus or "") .. (" — %s, even: %s, carried, is hit instead"):format(said, carried.name)
      victim = carried
    else
      versus = (versus or "") .. (" — %s, odd: %s is hit, not %s, carried"):format(said, victim.name, carried.name)
    end
  end
  local text = ("%s: %s = %d vs Defense %d%s — %s"):format(attacks, rolled,
    result.total, defense == -math.huge and 0 or defense, versus or "",
    result.critical and "Critical Hit" or result.hit and "hit" or "miss")
  if defense == -math.huge then
    text = ("%s: %s = %d%s"):format(attacks, rolled, result.total, versus)
    result.hit = true
  end
  if result.hit then
    text = text .. ("; %d Wound%s, Penetration %d"):format(result.wounds, result.wounds == 1 and "" or "s",
                                                        result.penetration)
  end
  -- The victim's Absorb as this Attack found it, for the Wound tally (fight.lua), which comes after
  -- this hit's effects (an Entrapment) have landed: "Shields provide Deflection and Absorb only
  -- when a Character is Ready", so a hit rolled against its Ready Defense meets its Ready Absorb,
  -- though a Crash later in the phase leaves it Not Ready (README: default chosen).
  local absorb = result.hit and (combat.absorb(attack.combatant(victim))) or nil
  -- The Defense rolled against and each term added to the roll, as fields: a tool settling a
  -- dispute need not read them out of the text (no Defense for a hit on the Guard itself; no
  -- modifiers, the most Attacks have, logs no empty list).
  log.event("attack", {
    attacker = me.name, target = victim.name, hit = result.hit, critical = result.critical,
    wounds = result.wounds, penetration = result.penetration, ignores_absorb = how.ignores_absorb == true, absorb = absorb,
    kind = kind, natural = natural, total = result.total, defense = defense ~= -math.huge and defense or nil,
    modifiers = parts[1] and parts or nil, text = text,
  }, verb)
  if result.hit and not how.profile then attack.effects(me, victim, kind, result.critical) end
  if result.hit and how.on_hit then how.on_hit(victim) end
  return made(me, overt, verb)
end

-- What a hit sets off by the weapon's properties (weapon_properties).
function attack.effects(me, victim, kind, critical)
  local properties = arbiter.tables.weapon_properties
  for _, effect in ipairs(combat.hit_effects(attack.combatant(me), kind, critical)) do
    if effect == "dazes" then
      -- "Target Dazed for next 1d4 Actions": the status weapon_properties.dazes names, for its duration.
      local dazes = properties.dazes
      local actions, said = attack.roll_die(dazes.duration, victim.name .. " is " .. dazes.status, { count = true })
      status.apply(victim, dazes.status, { duration = actions, source = me,
                                           cause = ("%s's %s, Critical Hit: %s, %s for %d Action%s"):format(
                                             me.name, me.stats.weapon, said, dazes.status, actions,
                                             actions == 1 and "" or "s") })
    elseif effect == "severs_limb" then
      -- "Roll 1d4: 1=L Leg, …" (weapon_properties.severs_limb.roll); Protects Limbs' own "roll 1d4"
      -- (armor_properties.protects_limbs.roll).
      local which, which_said = attack.roll_die(properties.severs_limb.roll, "Severs Limb: which limb")
      local protects = (arbiter.tables.armor[victim.stats.armor or "Unarmored"].properties or {}).protects_limbs or 0
      local saved, saved_said
      if protects > 0 then
        saved, saved_said = attack.roll_die(arbiter.tables.armor_properties.protects_limbs.roll, "Protects Limbs " .. protects)
      end
      local limb = combat.severs_limb(which, protects, saved)
      if limb then
        status.apply(victim, attack.severed_status(limb), {
          source = me, cause = ("%s's %s, Critical Hit: %s%s"):format(me.name, me.stats.weapon, which_said,
            saved and (", Protects Limbs %d: %s"):format(protects, saved_said) or "") })
      else
        log.event("limb_saved", { text = ("%s's armor saves the %s (Protects Limbs %d, %s)"):format(
          victim.name, combat.limb(which), protects, saved_said) }, "Protects Limbs")
      end
    elseif effect == "entraps" then
      -- Applied as the phase ends (fight.lua, phase_end), after the phase's Use Items: proposed now,
      -- it would land before or after the target's freeing itself by their listing order.
      table.insert(attack.phase.nets, { attacker = me.name, victim = victim.name,
                                        cause = me.name .. "'s " .. me.stats.weapon })
    elseif effect == "can_be_poisoned" and me.stats.poisoned then
      status.apply(victim, "Poisoned", { source = me, cause = me.name .. "'s poisoned " .. me.stats.weapon })
    end
  end
end

return attack
