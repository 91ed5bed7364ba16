---@meta _
-- LuaLS annotations of what Platemail offers a house rule's action (README: "Hooks for house rules'
-- actions"): the hooks `arbiter.hooks.attack`, `.check` and `.shield_in_hand`, an Attack's options
-- and profile, and a check's modifiers. An editor completes and documents them once this folder is
-- in `workspace.library` beside Arbiter's stdlib/types (README: "Editor support"). Only annotations:
-- no pack requires this file. What each hook checks as it is called (tables_check.lua) is what this
-- file declares: tests/annotations_test.cpp fails when the two differ.

---The kind of an Attack (`options.kind`). With the weapon in hand: "melee", "ranged", "adjacent",
---"melee_or_thrown" or "any"; with a `profile`: "melee", "ranged" or "thrown". Another is refused.
---@alias platemail.AttackKind
---| "melee" # with the weapon in hand, within reach; with a profile, beside the target
---| "ranged" # the weapon's ranged or thrown attack; with a profile, from afar (its default)
---| "adjacent" # melee, or thrown with no melee attack, at a target within reach (the weapon in hand only)
---| "melee_or_thrown" # Charge's and Full Attack's: melee within reach, else thrown (the weapon in hand only)
---| "any" # whatever attack the weapon in hand makes (the default without a profile)
---| "thrown" # with a profile only

---What an Attack is made with in place of the weapon in hand (no Strength shortfall, weapon bonus
---or property of it): a house rule's own (a Shield Bash's shield), or a spell's row of `spells`.
---@class platemail.Profile
---@field name string what the Attack is told made with: "Ana (Kick) attacks Bo with boot"
---@field penetration integer 0 or more
---@field wounds integer Wounds per hit, 0 or more
---@field range? integer feet, for the range bands, 1 or more; none, no band. A spell's may be 0: a spell on oneself, Released only at its caster, with no Attack
---@field target? "enemy"|"any" a spell's: whom Release Spell may be ordered at (not read by the hook); "any" Released at oneself or an ally makes no Attack
---@field ongoing? boolean a spell's: Ongoing once Released (not read by the hook)
---@field stabilizes? boolean a spell's: healing magic, Released with no Attack, Stabilizing a Fatally Wounded target within its range (not read by the hook)

---The options of an Attack, each optional.
---@class platemail.AttackOptions
---@field kind? platemail.AttackKind how it is made (default: any with the weapon in hand; "ranged" with a profile)
---@field profile? platemail.Profile made with this, not the weapon in hand
---@field verb? string the name the Attack is told by: "Ana (Kick) attacks Bo with boot" (default: the action's name)
---@field on_hit? fun(hit: world.Character) called with the one hit (the target, or who was hit in its place)
---@field ignores_absorb? boolean its Wounds Ignore Absorb, and no Guard blocks it (default false)
---@field aimed? boolean whether Aim's Favor and Penetration apply (default: right after an Aim, for the action Aim favours)
---@field opportunity? boolean an Attack of Opportunity: no Favor or Disfavor from the attacker's own action (default false)
---@field within_reach? boolean the two are within reach, whatever the cells of the phase's start say (a melee Attack while everyone moves; default false)
---@field clash? boolean the Attack of a Charge stopped by a Clash, which keeps its Favor however far it got (default false)

---One modifier of a roll, with the reason a GM reads: `{ amount = 2, reason = "Inspired" }`.
---@class platemail.Part
---@field amount integer + or -
---@field reason string

---@class arbiter.Hooks
local hooks = {}

---One Attack by the actor of `ctx` at `target`, as Platemail's own actions make them: Favor and
---Disfavor, Cover, range, Guard, Wounds, told and logged. Arguments that do not fit, or more of
---them, are an error at the caller's line.
---@param ctx flow.Intent the action's context, the `ctx` its `resolve` is given
---@param target? world.Character nil: the actor "has no one to attack"
---@param options? platemail.AttackOptions
---@return boolean made whether the Attack was made
function hooks.attack(ctx, target, options) end

---A check the source names, rolled against `rules.checks.difficulty` with `parts` besides the
---roller's statuses' modifiers.
---@param who world.Character who rolls
---@param check string a name of `rules.checks.stats`: "stealth", "medical", "concentration", "dexterity_saving_throw"
---@param parts? platemail.Part[] its modifiers
---@param reason string why it is rolled, for the roll and the log
---@return boolean success
---@return integer total
---@return string text "d20 12 +2 stealth = 14 vs 10"
function hooks.check(who, check, parts, reason) end

---The shield `who` holds as its Defense reads it: none with a two-handed weapon, one arm or none.
---@param who world.Character
---@param weapon? string|false a name of `weapons` to judge by in place of the one in hand; false: none
---@return string? shield its name, or nil
---@return string? why none ("one arm")
function hooks.shield_in_hand(who, weapon) end
