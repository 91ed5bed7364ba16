local arbiter = require "arbiter"
local test = require "arbiter.test"
local fight = require "arbiter.fight"

local function bout(characters)
  return fight.new { map = { width = 4, height = 1 }, characters = characters, dice = {} }
end

test.case("turns go by initiative, each Strike opens a window: Parry, then the striker's Riposte", function()
  local f = bout {
    { name = "Ana", side = "a", at = "A1", stats = { speed = 1 } },
    { name = "Bo", side = "b", at = "B1", stats = { speed = 5 } },
  }
  f:round()
  local declared = {}
  for _, e in ipairs(f:events("declared")) do
    declared[#declared + 1] = e.fields.character .. " " .. e.fields.action .. " " .. e.fields.points
  end
  -- Bo first (speed 5): Strike (6 -> 3); Ana Parries (6 -> 4); Bo Ripostes (3 -> 2): the Strike lands.
  -- Bo cannot pay another Strike. Ana: Strike (4 -> 1), Bo Parries (2 -> 0), Ana Ripostes (1 -> 0).
  test.equal(declared, { "Bo Strike 3", "Ana Parry 4", "Bo Riposte 2", "Ana Strike 1", "Bo Parry 0", "Ana Riposte 0" })
  test.equal(f:stat("Ana", "hits"), 1)
  test.equal(f:stat("Bo", "hits"), 1)
  local turns = f:events("turn_over")
  test.equal({ turns[1].fields.who, turns[2].fields.who }, { "Bo", "Ana" })
  test.equal(turns[2].turn, 2, "the log says whose turn it was")
end)

test.case("a Parry without a Riposte stops the Strike, and points spent are gone", function()
  local f = bout {
    { name = "Ana", side = "a", at = "A1", stats = { speed = 1 } },
    { name = "Bo", side = "b", at = "B1", stats = { speed = 5, ripostes = false } },
  }
  -- Bo strikes twice (6 -> 3 -> 0), Ana parries both (6 -> 4 -> 2); Bo never ripostes. Ana's 2
  -- points cannot pay a Strike, so her turn ends at once.
  f:round()
  test.equal(#f:events("parried"), 2)
  test.equal(f:stat("Ana", "hits"), nil)
  test.equal(f:stat("Bo", "hits"), nil)
  local turns = f:events("turn_over")
  test.equal({ turns[1].fields.points, turns[2].fields.points }, { 0, 2 })
end)

test.case("an action that fails leaves nothing behind: no stat, no event, and the failure with its line", function()
  local f = bout {
    { name = "Ana", side = "a", at = "A1", stats = { speed = 5, fumbles = true } },
    { name = "Bo", side = "b", at = "B1" },
  }
  test.fails(function() f:round() end, "Ana's Fumble failed in round 1")
  test.equal(f:stat("Ana", "dropped"), nil)
  test.equal(#f:events("fumbled"), 0)
  local failed = f:failures()
  test.truthy(#failed >= 1)
  test.truthy(failed[1].fields.error:find("init.lua:30: the blade slips", 1, true), failed[1].fields.error)
end)

test.case("an action allowed only with a status is refused, saying which, before its points are paid", function()
  local f = bout {
    { name = "Ana", side = "a", at = "A1", stats = { speed = 5, lunges = true } },
    { name = "Bo", side = "b", at = "B1" },
  }
  f:round()
  test.equal(f:stat("Ana", "lunged"), nil)
  local refused = f:events("order_refused")
  test.equal(refused[1].fields.reason, "Lunge is only allowed to a character who is On Guard")
  test.equal(#f:events("action_failed"), 0)
  test.equal(f:events("turn_over")[1].fields.points, 6)  -- nothing declared, nothing paid
  f:within(function() status.apply("Ana", "On Guard") end)
  f:round()
  test.equal(f:stat("Ana", "lunged"), true)
end)

test.case("an action's flow.react does not end its transaction: a failure still leaves nothing", function()
  local f = bout {
    { name = "Ana", side = "a", at = "A1", stats = { speed = 5, provokes = true } },
    { name = "Bo", side = "b", at = "B1" },
  }
  test.fails(function() f:round() end, "Ana's Provoke failed in round 1")
  test.equal(f:stat("Ana", "provoked"), nil)
  test.truthy(f:failures()[1].fields.error:find("the taunt falls flat", 1, true))
end)

test.case("a handle shows what a round changed after the last rule ran: a status run out at its end", function()
  local f = bout {
    { name = "Ana", side = "a", at = "A1", stats = { speed = 1 } },
    { name = "Bo", side = "b", at = "B1", stats = { speed = 5 } },
  }
  local during, after = f:within(function()
    local ana = world.character("Ana")
    status.apply(ana, "Winded")
    local before = #ana.statuses .. " " .. tostring(ana.stats.hits)
    f:round()
    return before, #ana.statuses .. " " .. tostring(ana.stats.hits)
  end)
  test.equal(during, "1 nil")
  test.equal(after, "0 1", "Winded ran out when the round ended; Bo's Strike landed")
  test.equal(f:has("Ana", "Winded"), false)
end)

test.case("a handle belongs to its fight: read in another it shows its own, given to another's functions it is refused", function()
  local f1 = bout { { name = "Ana", side = "a", at = "A1", stats = { speed = 1 } } }
  local f2 = bout { { name = "Ana", side = "a", at = "A1", stats = { speed = 7 } } }
  local ana1 = f1:within(function() return world.character("Ana") end)
  test.equal(f2:within(function() return ana1.stats.speed end), 1)
  test.equal(f1:within(function() return world.character("Ana").stats.speed end), 1)
  local ok, why = pcall(f2.within, f2, function() world.set_stat(ana1, "speed", 3) end)
  test.equal(ok, false)
  test.truthy(tostring(why):find("Ana is a character of another fight", 1, true), why)
  test.equal(f2:stat("Ana", "speed"), 7)
end)

test.case("a handle outlives its fight: what only the fight could show is an error, and so is giving it", function()
  local ended = bout { { name = "Ana", side = "a", at = "A1", stats = { speed = 1 } } }
  local running = bout { { name = "Bo", side = "b", at = "A1", stats = { speed = 7 } } }
  local ana = ended:within(function() return world.character("Ana") end)
  ended = nil
  collectgarbage()
  test.equal(ana.name, "Ana", "what never changes stays readable")
  local ok, why = pcall(function() return ana.statuses end)
  test.equal(ok, false)
  test.truthy(tostring(why):find("the fight of Ana has ended", 1, true), why)
  ok, why = pcall(running.within, running, function() world.set_stat(ana, "speed", 3) end)
  test.equal(ok, false)
  test.truthy(tostring(why):find("the fight of Ana has ended", 1, true), why)
end)

test.case("a character's statuses are a plain list, and read-only stats pass on as plain data", function()
  local f = bout { { name = "Ana", side = "a", at = "A1", stats = { tags = { "quick", "sly" } } } }
  f:within(function()
    local ana = world.character("Ana")
    status.apply(ana, "Winded")
    test.truthy(next(ana.statuses) ~= nil)
    log.event("noted", { statuses = ana.statuses, tags = ana.stats.tags })
    world.set_stat(ana, "copied", ana.stats.tags)
  end)
  local noted = f:events("noted")[1].fields
  test.equal(noted.statuses[1].name, "Winded")
  test.equal(noted.tags, { "quick", "sly" })
  test.equal(f:stat("Ana", "copied"), { "quick", "sly" })
end)

test.case("a status allowed_by names must be defined: a misspelt one would never allow the action", function()
  arbiter.patch.action("Lunge", { allowed_by = { "On Gaurd" } })
  arbiter.patch.action("Lunge", { cost = 6 })  -- a later patch of another field is not the one to blame
  test.fails(function()
    bout { { name = "Ana", side = "a", at = "A1" }, { name = "Bo", side = "b", at = "B1" } }
  end, "turns_test.lua:143:35: action 'Lunge': allowed_by: there is no status named 'On Gaurd'; did you mean 'On Guard'?")
  arbiter.patch.action("Lunge", { allowed_by = { "On Guard" } })
end)

test.case("f:has refuses a status nobody defined, as status.has does: a misspelt one would always answer no", function()
  local f = bout { { name = "Ana", side = "a", at = "A1" } }
  test.fails(function() f:has("Ana", "Windd") end, "there is no status named 'Windd'; did you mean 'Winded'?")
  test.equal(f:has("Ana", "Winded"), false)
end)

test.case("a status's allows and forbids name defined actions: a misspelt one would allow or forbid nothing", function()
  local two = { { name = "Ana", side = "a", at = "A1" }, { name = "Bo", side = "b", at = "B1" } }
  arbiter.override.status("Winded", { unit = "rounds", duration = 1, forbids = { "Strik" } })
  test.fails(function() bout(two) end,
    "turns_test.lua:159:70: status 'Winded': forbids: there is no action named 'Strik'; did you mean 'Strike'?")
  arbiter.override.status("Winded", { unit = "rounds", duration = 1 })
  arbiter.patch.status("Winded", { allows = { "Pary" } })
  test.fails(function() bout(two) end,
    "turns_test.lua:163:36: status 'Winded': allows: there is no action named 'Pary'; did you mean 'Parry'?")
  arbiter.override.status("Winded", { unit = "rounds", duration = 1 })
end)

test.case("when an action may be taken: a list of answers must name actions, a function's is read as the sheets are checked", function()
  -- Last in this file: the definitions last to its end.
  arbiter.define.action("Block", { answers = { "Strik" }, resolve = function() end })
  local two = {
    { name = "Ana", side = "a", at = "A1", stats = { speed = 1 } },
    { name = "Bo", side = "b", at = "B1", stats = { speed = 5 } },
  }
  test.fails(function() bout(two) end, "turns_test.lua:171:36: action 'Block': 'answers' names no action: 'Strik'\ndid you mean 'Strike'?")
  arbiter.override.action("Block", { answers = function() return "Strike" end, resolve = function() end })
  -- Told with what it returned, at the function's line, as a `move` function's wrong answer is.
  test.fails(function() bout(two) end,
    "turns_test.lua:177: action 'Block': its 'answers' function must return a list of action names, not \"Strike\"")
  -- Called as the fight is made, once every pack has loaded: it sees a change made after the definition.
  local answered = { "Wait" }
  arbiter.override.action("Block", { answers = function() return answered end, resolve = function() end })
  answered = { "Strike" }
  local f = bout(two)
  test.fails(function()
    f:round [[
      Ana:
        ON Wait: Block
      Bo:
    ]]
  end, "<round sheet>:2:18: 'Block' does not answer Wait: it answers Strike")
  f:round [[
    Ana:
      ON Strike: Block
    Bo:
  ]]
end)
