---@meta arbiter
-- `local arbiter = require "arbiter"`: the rules registry as pack authors use it.
-- Every definition records the pack and line that made or changed it; `arbiter explain` shows
-- the chain. Definitions are read-only except through define, patch and override. A name is one
-- line of text (no line break or other control character); every function given is one written
-- in Lua (a built-in such as `error` or `string.rep` is refused where it is given).
-- A change made during a fight (in a hook or an action) is kept in `run --save` and made again on
-- `--resume` when its value is plain data (numbers, strings, true/false, tables of those); one that
-- gives a function makes `--save` refuse at its line (docs/fights.md, "What a save keeps").
-- What pack API 2 added (`also_called`, an action's `target = "ally"`) is refused, at its field, from
-- a pack whose manifest declares `api = 1` (docs/packs.md, "API versions").

---@alias arbiter.Kind "action"|"status"|"table"|"condition"|"target"|"hook"

---What a definition is made from, as arbiter.last_change takes it: a row of a table that a loop
---defines it from (tempo: `{ kind = "table", name = "actions_data", field = "Melee Attack" }`).
---`arbiter explain` shows it under the definition, with every change that set that part, so that a
---modder reading a definition made in a loop finds the row, not only the loop's line. A kind that is
---none, another field (`feild`), or a definition no pack defines is an error at the line that defines.
---@class arbiter.MadeFrom
---@field kind arbiter.Kind
---@field name string
---@field field? string the part of it ("Melee Attack", "Sword.melee"); nil for the whole of it

---@class arbiter.Change
---@field pack string the pack that made the change
---@field operation "defined"|"overridden"|"patched"
---@field location string "file:line" of the change
---@field fields { field: string, before: string, after: string }[] what a patch changed

---Every extension point, by name: the functions packs define with `arbiter.define.hook`. A ruleset
---declares the hooks it offers house rules to call as fields of this class in annotations of its
---own (`---@class arbiter.Hooks` over a table of functions: Platemail's rules/platemail/types), so an
---editor completes `arbiter.hooks.attack(` with its arguments.
---@class arbiter.Hooks: table<string, function>

local arbiter = {
  ---New definitions. Defining a name that exists is an error: override or patch it instead.
  define = {},
  ---Replacements of a whole definition. A function replacing a function (a hook, an action's
  ---`resolve`, a function in a table at the same place) receives the one it replaces as its last
  ---argument: `function(attacker, previous) return previous(attacker) + 1 end`.
  override = {},
  ---Changes to some fields of a definition, merged into nested tables; every changed field is
  ---recorded with its value before and after. A function replacing a function receives the
  ---replaced one as its last argument.
  patch = {},
  ---The kinds of definition, in order: action, status, table, condition, target, hook.
  ---@type arbiter.Kind[]
  kinds = {},
  ---Every action, by name (read-only). An unknown name is an error naming the nearest ones.
  ---@type table<string, table>
  actions = {},
  ---Every status, by name (read-only).
  ---@type table<string, table>
  statuses = {},
  ---Every table of data (weapons, armour, thresholds), by name (read-only).
  ---@type table<string, table>
  tables = {},
  ---Every condition phrase players may write, by name (read-only).
  ---@type table<string, table>
  conditions = {},
  ---Every general target phrase players may write, by name (read-only).
  ---@type table<string, table>
  targets = {},
  ---Every extension point, by name: functions house rules may replace.
  ---@type arbiter.Hooks
  hooks = {},
}

---An action's properties (docs/fights.md, "Actions"; the order checker reads docs/orders.md's).
---No others: an unknown field or a value of another type is an error at the defining line, every
---such mistake of the definition told at once, each with the value given.
---@class arbiter.ActionDefinition
---@field ready? boolean|fun(me: world.Character, intent: flow.Intent): boolean Ready through the phase (Platemail); absent: Ready. A function returns true or false (nil: false): another value, which Lua takes as true (0, "no"), is an error at its line
---@field move? integer|{ max: integer }|{ squares: integer }|fun(): (integer|{ squares: integer }) feet it may move, or squares of the map's scale (`{ squares = 3 }`: 15' on 5' squares, 30' on 10' ones); absent or 0: it stays in place. A function is called once every pack has loaded (when the sheets are checked, when a fight is made) and returns the feet or the squares: a definition reading them from a table (Platemail's `actions_data`) sees a house rule's patch of it
---@field needs_target? boolean a sheet must give a target
---@field needs_direction? boolean a sheet must say where it moves: compass steps, a destination, toward or away from a target, or a target
---@field target_is_way? boolean its target is only where it goes (Move: toward it), so a sheet giving a way and a target (`Move 10' S -> "Orc"`, `Move to A8 -> "Orc"`) gives two directions and is refused; a distance alone before the target caps the way toward it
---@field target? "enemy"|"ally"|"other"|"none"|fun(me: world.Character, target: world.Character): boolean, string? "enemy": an attack, so an order at oneself or an ally is refused; "ally" (pack API 2: the manifest's `api = 2`): for another of one's side, so an order at oneself or an enemy is refused; "other": at anyone but oneself, so an order at oneself is refused; "none": it takes no target, an order giving one is refused; a function: whom it may be taken at (false and why: refused before it is declared; nothing: refused as "target returned nothing"; a value not a boolean, 0 or "yes", an error at its line). Without `allowed_by`, the ruleset's hook `allowed_by` (arbiter.AllowedByHook), if any
---@field carries_target? boolean picks the target up once beside it and carries it along while everyone moves (Rescue; docs/fights.md)
---@field follows_target? boolean keeps beside the target as the target moves, up to `move` feet, in place of a path of its own (Guard; docs/fights.md)
---@field away_from_hostiles? boolean|fun(): boolean with no way written, move away from every enemy (Fall Back); a function is called as `move`'s is, and returns true or false: anything else, nil too, is an error at its line
---@field declared_as? string what the others see declared (tempo's Feint: "Melee Attack")
---@field cost? integer|fun(me: world.Character, intent: flow.Intent): integer action points (sequential phases), 0 to 1000000; or a function: what `me` pays for it as `intent` orders it (tempo's "By Weapon": the weapon's cost), asked for an intent that gives no `cost` of its own, whoever proposed it (a sheet, a hook); it returns a whole number from 0 to 1000000, anything else an error at its line. Without `cost`, the ruleset's hook `cost` (arbiter.CostHook), if any, else 0
---@field involuntary? boolean forced by the rules (Crash, Dazed): a sheet may not order it
---@field turn_only? boolean taken only as one's own turn's action (tempo's proactive actions): a sheet's standing order (ON) of it is refused
---@field answers? string[]|fun(): string[] taken only in answer to one of these actions (tempo's reactions: their Response To): a standing order ON another, and a turn entry of it unless it `replaces`, are refused; a function is called once every pack has loaded, when the sheets are checked
---@field replaces? string[]|fun(): string[] one's own actions it may replace when they are answered (tempo's counter-tempo actions): a turn entry of it is then allowed; a function as for `answers`
---@field usage? string how it is written, told instead of each mistake in an order of it
---@field also_called? string[] (pack API 2: the manifest's `api = 2`) other words players write for it (`{ "Shoot", "Fire" }` for Ranged Attack), for hints only: `arbiter check` suggests this action for an unknown one sharing a word with them (`Shoot the goblin`: did you mean 'Ranged Attack'?); an order must still name the action
---@field arguments? boolean|string[] the arguments in parentheses it reads (`ctx.arguments`): true, any (`Prepare Spell (Fireball)`); a list, those whose first word is one of these (`{ "roll", "keep" }`: `Skulk (roll Stealth again)`); absent or false, none. A sheet giving one it does not read is refused at the argument, with the forms it takes
---@field allowed_by? string[]|fun(me: world.Character, intent: flow.Intent): boolean, string? only a character with one of these statuses may take it; or a function: whether `me` may take it now as `intent` orders it (its target, its arguments: false and why: refused before it is declared; nothing: refused as "allowed_by returned nothing", a forgotten `return`; a value not a boolean, 0 or "yes", an error at its line)
---@field resolve? fun(ctx: flow.Intent) carries it out; required under rules that play a fight (a `flow` table): an action without it is refused at its line as the packs load (only a pack of no flow, declaring what sheets may write, leaves it out); its changes commit when it returns. `ctx` also has `round` and `phase`; reading a field it does not have (`ctx.targte`) is an error naming the nearest, while a documented one that is absent (`target` with none) reads nil

---A condition phrase's test, in a fight: placeholders arrive as arguments in order
---(`{character}` a character, `{n}` and `{distance}` numbers, `{word}` the word written).
---@class arbiter.ConditionDefinition
---@field test? fun(me: world.Character, ...: any): boolean required under rules that play a fight (a `flow` table): refused as the packs load without it. Returns true or false (nil: false); another value, which Lua takes as true (`return me.stats.wounds`: 0), is an error at its line
---@field also_called? string[] (pack API 2) other phrases players write for it, placeholders allowed (`{ "{character} is dead" }` for "{character} is down"), for hints only: an unknown phrase sharing words with one is told this one, never taken as it
---@field answered_by? string[] (pack API 2) the answers to one's own action it stands for, action names (tempo's "my attack was parried": `{ "Parry" }`): `arbiter check` warns of a replacement written under it that answers none of them (`IF my attack was parried THEN CT Counter-Attack`), which is never taken, and suggests it for a replacement that answers them. A name no action has is an error at the field as the packs load, with the nearest. Say it as `test` holds: the runtime does not apply it

---A general target phrase's lookup, in a fight: placeholders arrive as arguments in order, as a
---condition's do, then the name of the action being ordered if `find` takes one parameter more
---(`function(me, action)`; `function(me, kind, action)` for "the closest enemy {word}").
---@class arbiter.TargetDefinition
---@field find? fun(me: world.Character, ...: any): world.Character? required under rules that play a fight (a `flow` table): refused as the packs load without it
---@field also_called? string[] (pack API 2) other phrases players write for it (`{ "the nearest enemy" }` for "the closest enemy"), for hints only, as a condition's
---@field compares? string (pack API 2) the stat the phrase ranks characters by (`"size"` for "the biggest enemy"): `arbiter check` and `run` warn of an order at it in a fight where none of those it picks among (`among`) has that stat, as it would name no one
---@field kinds? fun(character: world.Character): string[] (pack API 2) for a phrase with a `{word}`: the words the character answers to there (`{ "orc", "brute" }` for "Orc Brute"), compared with the word written ignoring case; `arbiter check` and `run` warn of an order at a word no one in the fight answers to as it starts, as it would name no one. Refused on a phrase without `{word}`
---@field among? "any"|"ally"|"enemy" (pack API 2) whom it picks among, relative to the one ordering: its allies, its enemies (another side), or anyone but itself (the default): `arbiter check` and `run` tell a `kinds` word only the others answer to ("the closest enemy archer" when only one's own side has archers), and a stat it `compares` only the others have. Say it as `find` picks: the runtime does not apply it

---Defines an action: a table with the action's properties and its functions.
---@param name string one an order sheet can write: words of letters, one space between them (a word may hold ' or -: "Counter-Attack"), none of the sheet's own words (if, then, to, toward, away, a compass word); "Bash!" or "2nd Strike" is an error at this line, and so is the name of another action but for case ("punch" beside "Punch": a sheet reads them as one)
---@param value arbiter.ActionDefinition
---@param made_from? arbiter.MadeFrom what it is made from, when a loop makes it from a row
function arbiter.define.action(name, value, made_from) end

---Defines a status: a table with its properties (duration, stacking, what it allows).
---@param name string
---@param value status.Definition
---@param made_from? arbiter.MadeFrom what it is made from, when a loop makes it from a row
function arbiter.define.status(name, value, made_from) end

---Defines a table of data: weapons, armour, outcome thresholds, limits.
---@param name string
---@param value table
---@param made_from? arbiter.MadeFrom what it is made from, when a loop makes it from a row
function arbiter.define.table(name, value, made_from) end

---Defines a condition phrase for order sheets.
---@param name string the phrase; one a sheet reads as another condition's (the same but for case or the blanks between words) is an error at this line
---@param value arbiter.ConditionDefinition
---@param made_from? arbiter.MadeFrom what it is made from, when a loop makes it from a row
function arbiter.define.condition(name, value, made_from) end

---Defines a general target phrase for order sheets.
---@param name string the phrase; one a sheet reads as another target's (the same but for case, the blanks between words or a leading "the") is an error at this line
---@param value arbiter.TargetDefinition
---@param made_from? arbiter.MadeFrom what it is made from, when a loop makes it from a row
function arbiter.define.target(name, value, made_from) end

---The hook `loaded` (optional): called once every pack has loaded, by every command that loads
---packs, after the packs' checks (`arbiter.add_check`) and before anything else asks the rules.
---An error it raises refuses the packs, told at the line it names.
---@alias arbiter.LoadedHook fun()

---The flow's hooks `round_start`, `round_end`, `phase_start` and `phase_end` (optional): called
---at the boundary; `phase_end` after the phase's changes landed, still seeing its intents.
---@alias arbiter.BoundaryHook fun()

---The flow's hooks `turn_start(who)` and `turn_end(who)` (optional; sequential phases only: a flow
---of simultaneous phases only never calls them, and defining one there is an error at its line).
---@alias arbiter.TurnHook fun(who: world.Character)

---The flow's hook `forced_action` (optional): before a character's orders are read, nil, or an
---intent replacing them (Dazed, Terror): `{ action, target?, note?, path?, ready?, cost?, away_from? }`.
---@alias arbiter.ForcedActionHook fun(who: world.Character): flow.Intent?

---The flow's hook `initiative` (sequential phases): given every character, those an incapacitating
---status keeps from acting too, the characters in turn order, each at most once (one left out has
---no turn).
---@alias arbiter.InitiativeHook fun(characters: world.Character[]): world.Character[]

---The flow's hook `choose` (optional; sequential phases, docs/fights.md): the next action of
---`who`'s turn. Without it each sheet entry is taken as written (unless forbidden, or costing more
---points than are left), and a character no sheet orders takes the default order once a turn.
---`ordered` is what the character's next sheet entry (or the GM) proposes, nil without orders
---this round. Returns the intent to take, or nil and optionally the reason it refuses the order
---("Off Guard": narrated "Konrad cannot Parry: Off Guard").
---@alias arbiter.ChooseHook fun(who: world.Character, points_left: integer, ordered: flow.Intent?): flow.Intent?, string?

---The flow's hook `respond` (optional; without it a standing order is taken as written, and the
---actor's next entry only when its action answers the response or replaces its own): whether
---`who` responds to `declared` (the actor, when
---`declared.reaction`, answering a response to its own action). `ordered` is the sheet's standing
---order for it (or the actor's next entry, or the GM's answer), nil without orders.
---@alias arbiter.RespondHook fun(who: world.Character, declared: flow.Intent, points_left: integer, ordered: flow.Intent?): flow.Intent?, string?

---The flow's hook `responses` (optional, for `run --ask`): the names of the actions the rules would
---take from `who` as a response to `declared` now. The GM is offered them, and not asked at all
---when there are none.
---After the list, optionally, why the rules would not take others, by name, which `?` shows.
---@alias arbiter.ResponsesHook fun(who: world.Character, declared: flow.Intent, points_left: integer): string[], table<string, string>?

---The flow's hook `actions` (optional, for `run --ask`): the names of the actions the rules would
---take as `who`'s next action now, listed when the GM asks what may be typed (`?`); after the list,
---optionally, why they would not take others, by name (`{ ["Melee Attack"] = "Bo is Down, out of the
---fight" }`), shown under it.
---@alias arbiter.ActionsHook fun(who: world.Character, points_left: integer): string[], table<string, string>?

---The flow's hook `reach` (optional): `who`'s melee reach in feet, asked before everyone moves;
---stepping out of it is the movement hook's `left_reach`. Never less than one cell.
---@alias arbiter.ReachHook fun(who: world.Character): number

---The flow's hook `move_limit` (optional): fewer feet than `feet` (the action's own distance) that
---`who` may move with `action` now, a whole number, and why (Platemail: a severed leg); nil: the
---action's distance. Asked as an intent that moves is made.
---@alias arbiter.MoveLimitHook fun(who: world.Character, action: string, feet: integer): integer?, string?

---The flow's hook `hostile` (optional): whether `who`, moving away from hostiles with `action`
---(Fall Back, Terror), counts `other`, an enemy able to act, among them; nil or true: yes, false: no
---(Platemail: not one it does not perceive). Asked as its way is planned.
---@alias arbiter.HostileHook fun(who: world.Character, other: world.Character, action: string): boolean?

---The flow's hook `movement` (optional): for each meeting while everyone moves (flow.MoveEvent),
---who stops before the step (`"mover"`, `"other"`, `"both"`), or once that one has taken its next
---step, letting the other take a cell both want first (`"mover_after_step"`, `"other_after_step"`;
---Platemail's failed Crash save), or `"meet"` (both stop where their paths meet: Clash); nil or
---`"none"`: no one (docs/fights.md, "Hooks").
---@alias arbiter.MovementHook fun(event: flow.MoveEvent): ("mover"|"other"|"both"|"meet"|"mover_after_step"|"other_after_step"|"none")?

---The ruleset's hook `timing` (optional): when a sheet may order the action named, for an action
---whose definition gives none of `turn_only`, `answers`, `replaces` (tempo reads it from the row,
---so a house rule's action is checked as its own are). Asked when the sheets are checked.
---@alias arbiter.TimingHook fun(action: string): { turn_only: boolean?, answers: string[]?, replaces: string[]? }?

---The ruleset's hook `allowed_by` (optional): whether `me` may take the action named now, for each
---intent of an action whose definition gives no `allowed_by`, whoever proposed it, as that function
---would (tempo: by the action's row, so a house rule's action is judged as its own are). `intent` is
---made only for a function that reads it.
---@alias arbiter.AllowedByHook fun(me: world.Character, action: string, intent: flow.Intent): boolean, string?

---The ruleset's hook `cost` (optional): what `me` pays for the action named, for an intent that gives
---no cost of its own of an action whose definition gives no `cost` (tempo: its row's AP Cost, a
---counter-tempo action's the difference), a whole number from 0 to 1000000.
---@alias arbiter.CostHook fun(me: world.Character, action: string, intent: flow.Intent): integer

---Defines an extension point: a function other packs may replace with `arbiter.override.hook`.
---The flow's hooks are named by docs/fights.md (`loaded`: arbiter.LoadedHook, `round_start`,
---`round_end`, `phase_start`, `phase_end`: arbiter.BoundaryHook, `turn_start`, `turn_end`:
---arbiter.TurnHook, `forced_action`: arbiter.ForcedActionHook, `initiative`:
---arbiter.InitiativeHook, `choose`: arbiter.ChooseHook, `respond`: arbiter.RespondHook,
---`responses`: arbiter.ResponsesHook, `actions`: arbiter.ActionsHook, `reach`: arbiter.ReachHook,
---`move_limit`: arbiter.MoveLimitHook, `hostile`: arbiter.HostileHook, `movement`:
---arbiter.MovementHook, `timing`: arbiter.TimingHook, `allowed_by`: arbiter.AllowedByHook, `cost`:
---arbiter.CostHook). A name near one of the
---runtime's hooks but none of them (`chose`) is an error: nothing would call it.
---@param name string
---@param value function
---@param made_from? arbiter.MadeFrom what it is made from, when a loop makes it from a row
function arbiter.define.hook(name, value, made_from) end

---Replaces an action wholesale. Each of its functions that replaces one (`resolve`, `ready`, …)
---receives the one it replaces as its last argument: `resolve = function(ctx, previous) … end`.
---@param name string
---@param value arbiter.ActionDefinition
function arbiter.override.action(name, value) end

---Replaces a status wholesale.
---@param name string
---@param value status.Definition
function arbiter.override.status(name, value) end

---Replaces a table wholesale; a function in it replacing one at the same place receives that one
---as its last argument.
---@param name string
---@param value table
function arbiter.override.table(name, value) end

---Replaces a condition wholesale.
---@param name string
---@param value arbiter.ConditionDefinition
function arbiter.override.condition(name, value) end

---Replaces a target wholesale.
---@param name string
---@param value arbiter.TargetDefinition
function arbiter.override.target(name, value) end

---Replaces a hook; the new function receives the replaced one as its last argument.
---@param name string
---@param value function
function arbiter.override.hook(name, value) end

---Changes some fields of an action: `arbiter.patch.action("Charge", { move = 20 })`. Checked as it
---would leave the action: a refused patch changes nothing.
---@param name string
---@param fields table
function arbiter.patch.action(name, fields) end

---Changes some fields of a status.
---@param name string
---@param fields table
function arbiter.patch.status(name, fields) end

---Changes some fields of a table: `arbiter.patch.table("wounds", { max = 4 })`.
---@param name string
---@param fields table
function arbiter.patch.table(name, fields) end

---Changes some fields of a condition.
---@param name string
---@param fields table
function arbiter.patch.condition(name, fields) end

---Changes some fields of a target.
---@param name string
---@param fields table
function arbiter.patch.target(name, fields) end

---Hooks are functions: they cannot be patched. Use `arbiter.override.hook`.
---@param name string
---@param fields table
function arbiter.patch.hook(name, fields) end

---Whether a definition of this kind and name exists. A kind that is none, or a name that is no
---string, is an error at the line that called, naming the argument (and the nearest kind).
---@param kind arbiter.Kind
---@param name string
---@return boolean
function arbiter.exists(kind, name) end

---The names defined for a kind, sorted.
---@param kind arbiter.Kind
---@return string[]
function arbiter.names(kind) end

---Who defined and changed a definition, in order.
---@param kind arbiter.Kind
---@param name string
---@return arbiter.Change[]
function arbiter.history(kind, name) end

---The last change that set `field` of a definition ("Sword.melee.wounds"; nil or "" for the whole of
---it): where a pack's check of its tables tells a mistake, at the line of the pack that made it. A
---kind that is none, a name that is no string, or a field that is neither, is an error at the line
---that called, naming the argument (and the nearest kind).
---@param kind arbiter.Kind
---@param name string
---@param field? string
---@return arbiter.Change?
function arbiter.last_change(kind, name, field) end

---Where `field` ("Full Plate.absorb", as arbiter.last_change takes it) is written in the table given
---to the call at `location` (a change's: "rules/house/init.lua:12"): "rules/house/init.lua:12:41", at
---the innermost of its keys written there, or `location` itself when the call writes none of them (a
---table made elsewhere and passed by name, or built in a loop). A pack's check of its tables tells a
---mistake there: `arbiter.field_location(change.location, "Full Plate.absorb") .. ": " .. message`.
---It reads the file: call it for an error, not on every check that passes.
---@param location string
---@param field string
---@return string
function arbiter.field_location(location, field) end

---A number that changes with every define, override and patch: what a pack works out from
---definitions once (a check of its tables) is to be worked out again when it moves.
---@return integer
function arbiter.revision() end

---Adds a check of the definitions (a pack's check of its tables): the runtime calls it, on behalf
---of the pack that added it, once every pack has loaded (before the hook `loaded`) and, in a fight,
---before it next calls into the packs whenever a definition has changed since the checks last ran.
---It is no definition: no pack can replace or skip it. Its error stops what was running. A check is
---added as its pack loads, in the pack's files: called later (a hook, a test case), it is an error.
---@param check fun() a function written in Lua
function arbiter.add_check(check) end

---The candidates close enough to `wanted` to be a misspelling of it, nearest first, at most three:
---the runtime's own "did you mean" (`arbiter.nearest("Evde", { "Evade", "Parry" })` is `{ "Evade" }`),
---for a pack's own messages.
---@param wanted string
---@param candidates string[]
---@return string[]
function arbiter.nearest(wanted, candidates) end

return arbiter
