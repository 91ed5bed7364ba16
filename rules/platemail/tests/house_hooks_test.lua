-- A house rule's action calls Platemail's hooks (fight.lua: attack, check, shield_in_hand), as
-- examples/packs/platemail-house's Shield Bash does. A mistake in a call, an argument or option of
-- the wrong kind or misspelt, is refused as the call is made, at the house rule's line (here, this
-- file's), which the action's failure names: not blamed on Platemail from deep inside it, nor
-- passed over as nil (tables_check.lua).
local test = require "arbiter.test"
local arbiter = require "arbiter"
local duel = require "tests.support.duel"

-- What a case gives the calls below.
local given = {}

-- The arguments a case gives a call beyond the hook's own (`given.extra`, made by table.pack so that
-- a nil counts): none unless given.
local function extra()
  if given.extra then return table.unpack(given.extra, 1, given.extra.n) end
end

-- House rules' actions, each calling one hook with what the case gives. Each is defined on one
-- line, so that the line its definition is recorded at (arbiter.history) is the line of its call,
-- where a mistake in it is told.
arbiter.define.action("Kick", { needs_target = true, target = "enemy", resolve = function(ctx) arbiter.hooks.attack(given.ctx or ctx, given.target or ctx.target, given.options, extra()) end })
arbiter.define.action("Brace", { target = "none", resolve = function(ctx) arbiter.hooks.check(given.who or ctx.actor, given.check, given.parts, given.reason, extra()) end })
arbiter.define.action("Bash", { target = "none", resolve = function(ctx) arbiter.hooks.shield_in_hand(given.who or ctx.actor, given.weapon, extra()) end })

-- The options of QA's Kick, a boot that deals a Wound and Dazes on a hit, with `fields` changed,
-- and the option `left_out` left out (a misspelt one given in its place).
local function kick(fields, left_out)
  local options = { kind = "melee", verb = "Kick", profile = { name = "boot", penetration = 0, wounds = 1 },
                    on_hit = function(target) status.apply(target, "Dazed", { duration = 1, cause = "Kick" }) end }
  for k, v in pairs(fields or {}) do options[k] = v end
  if left_out then options[left_out] = nil end
  return options
end

-- The round's one failure: `action`'s, told at the line of its call of the hook with `message`.
local function refused(action, message)
  local f = duel.pair({}, {}, {})
  test.fails(function() f:round(duel.still(action == "Kick" and 'Kick -> "Orc"' or action)) end, message)
  local failures = f:failures()
  test.equal(#failures, 1)
  test.equal(failures[1].fields.error, arbiter.history("action", action)[1].location .. ": " .. message)
end

-- A case that gives the calls what `body` sets in `given`, emptied after it whether it passes or not.
local function case(name, body)
  test.case(name, function()
    local ok, err = pcall(body)
    given = {}
    if not ok then error(err, 0) end
  end)
end

case("QA's Kick, well made: the boot hits for a Wound and Dazes", function()
  given.options = kick()
  -- d20 15 against the Orc's Defense 13 (Unarmored, Ready).
  local f = duel.pair({}, {}, { 15 })
  f:round(duel.still('Kick -> "Orc"'))
  test.equal(duel.attacks(f, "text"), { "Aldric (Kick) attacks Orc with boot: d20 15 = 15 vs Defense 13 — hit; 1 Wound, Penetration 0" })
  test.truthy(duel.narrated(f, "Orc is Dazed and stays in place"))
end)

case("QA's Kick: each mistake in its options is refused at the line of its call, naming the nearest", function()
  for _, mistake in ipairs {
    { kick { kind = "meele" },
      'options.kind must be one of "melee", "ranged", "thrown" with a profile, not "meele" (did you mean \'melee\'?)' },
    { kick { profile = { name = "boot", penetration = "x", wounds = 1 } }, 'options.profile.penetration must be a whole number, not "x"' },
    -- A profile's range is the first of its range bands ("-2 penalty for each additional Range
    -- increment"): a Range of 0 has no band and would divide by it.
    { kick { kind = "ranged", profile = { name = "boot", range = 0, penetration = 0, wounds = 1 } },
      "options.profile.range must be a whole number of feet, 1 or more, not 0" },
    { kick({ profil = { name = "boot", penetration = 0, wounds = 1 } }, "profile"),
      "options: 'profil' is no option of an Attack (did you mean 'profile'?)" },
    { kick { profile = { nmae = "boot", penetration = 0, wounds = 1 } },
      "options.profile: 'nmae' is no field of an Attack's profile (did you mean 'name'?)" },
    { kick({ on_hti = function() end }, "on_hit"), "options: 'on_hti' is no option of an Attack (did you mean 'on_hit'?)" },
  } do
    given.options = mistake[1]
    refused("Kick", "arbiter.hooks.attack: " .. mistake[2])
  end
end)

case("the hook attack's arguments: the context, a target by name, options of another kind", function()
  given.options, given.ctx = kick(), "Aldric"
  refused("Kick", 'arbiter.hooks.attack: ctx (argument 1) must be the action\'s context (the ctx its resolve is given), not "Aldric"')
  given.ctx, given.target = nil, "Orc"
  refused("Kick", 'arbiter.hooks.attack: the target (argument 2) must be a character (world.character("Orc")), not "Orc"')
  given.target, given.options = nil, "melee"
  refused("Kick", 'arbiter.hooks.attack: options must be a table of options, such as { kind = "melee" }, not "melee"')
end)

case("the hook attack's options: a kind for the weapon in hand or for a profile, what every profile gives", function()
  given.options = { kind = "thrown" }
  refused("Kick", 'arbiter.hooks.attack: options.kind must be one of "melee", "ranged", "adjacent", "melee_or_thrown", '
    .. '"any", not "thrown"')
  given.options = kick { kind = "any" }
  refused("Kick", 'arbiter.hooks.attack: options.kind must be one of "melee", "ranged", "thrown" with a profile, not "any"')
  given.options = kick { profile = { name = "boot", penetration = 0 } }
  refused("Kick", "arbiter.hooks.attack: options.profile has no wounds: every profile gives name, penetration and wounds")
  given.options = kick { on_hit = "Dazed" }
  refused("Kick", 'arbiter.hooks.attack: options.on_hit must be a function, not "Dazed"')
end)

case("the hook check: the check by its name, with the nearest; its parts; what it is for", function()
  given.check, given.reason = "stelth", "Aldric braces"
  refused("Brace", 'arbiter.hooks.check: the check (argument 2) must be one of "concentration", "dexterity_saving_throw", '
    .. '"medical", "stealth", not "stelth" (did you mean \'stealth\'?)')
  given.check, given.parts = "stealth", { { amount = 2, reson = "Inspired" } }
  refused("Brace", "arbiter.hooks.check: parts[1]: 'reson' is no field of a part (did you mean 'reason'?)")
  given.parts, given.reason = nil, nil
  refused("Brace", "arbiter.hooks.check: the reason (argument 4) must be a text, not nil")
end)

case("the hook shield_in_hand: a character, and a weapon by its name", function()
  given.weapon = "Great Swrod"
  refused("Bash", "arbiter.hooks.shield_in_hand: the weapon (argument 2) must be the name of a weapon (weapons), or false "
    .. "for none, not \"Great Swrod\" (did you mean 'Great Sword'?)")
  given.weapon, given.who = nil, "Aldric"
  refused("Bash", 'arbiter.hooks.shield_in_hand: the character (argument 1) must be a character (world.character("Aldric")), '
    .. 'not "Aldric"')
end)

case("one argument too many is refused, a nil too: each hook takes its own, which the call would drop unread", function()
  given.options, given.extra = kick(), table.pack({ kind = "melee" })
  refused("Kick", "arbiter.hooks.attack: takes 3 arguments (ctx, target, options), not 4")
  given.extra = table.pack(nil)
  refused("Kick", "arbiter.hooks.attack: takes 3 arguments (ctx, target, options), not 4")
  given.check, given.reason, given.extra = "stealth", "Aldric braces", table.pack(2)
  refused("Brace", "arbiter.hooks.check: takes 4 arguments (who, check, parts, reason), not 5")
  given.extra = table.pack("Sword", nil)
  refused("Bash", "arbiter.hooks.shield_in_hand: takes 2 arguments (who, weapon), not 4")
end)

case("an argument left out is no argument too many: the hooks' last ones are optional", function()
  given.options, given.extra = nil, nil
  local f = duel.pair({}, {}, {})
  f:round(duel.still("Bash"))
  test.equal(#f:failures(), 0)
end)
