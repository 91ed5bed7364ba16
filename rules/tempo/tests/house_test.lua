-- House rules as docs/packs.md has them: a pack patches the tables and overrides the hooks, and
-- the change takes effect wherever the rules use it. Each case makes the change it tests, which
-- lasts to the end of this file (each test file runs on a fresh load of the packs).
local test = require "arbiter.test"
local arbiter = require "arbiter"
local bout = require "tests.bout"

test.case("an override of the hook `exchange` plays every proactive action's exchange", function()
  arbiter.override.hook("exchange", function(ctx, previous)
    log.event("house_exchange", { action = ctx.action })
    return previous(ctx)
  end)
  local f = bout.new({}, {}, { 5, 3 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
  ]]
  test.equal(#f:events("house_exchange"), 1)
  test.equal(bout.exchanges(f), { "Ana Melee Attack (1d10 5 = 5; Critical Hit); Bo takes 3 (1d6 3)" })
end)

test.case("the round's AP are one entry: patched to 10, the round gives 10 and Recover Stamina refills up to 10", function()
  arbiter.patch.table("flow", { phases = { { action_points = 10 } } })
  local f = bout.new({}, {}, { 5, 3 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 6" })
  local recovered = {}
  for _, e in ipairs(f:events("recover")) do recovered[#recovered + 1] = e.fields.points end
  test.equal(recovered, { 10, 10 }, "stamina 0: a Success, \"your full allocation\"")
  arbiter.patch.table("flow", { phases = { { action_points = 12 } } })
end)
