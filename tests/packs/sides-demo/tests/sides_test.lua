local test = require "arbiter.test"
local fight = require "arbiter.fight"

local function sides(bo)
  return fight.new { map = { width = 4, height = 1 }, dice = {}, characters = {
    { name = "Ana", side = "red", at = "A1" },
    { name = "Cy", side = "green", at = "C1" },
    { name = "Bo", side = "blue", at = "B1", stats = bo } } }
end

-- Each `order_not_carried_out` as "round.phase: character (status): order".
local function not_carried_out(f)
  local out = {}
  for _, e in ipairs(f:events("order_not_carried_out")) do
    out[#out + 1] = ("%d.%d: %s (%s): %s"):format(e.round, e.phase, e.fields.character, e.fields.status, e.fields.order)
  end
  return out
end

test.case("one felled before its turn is said not to act once, where its turn would come", function()
  -- Ana fells Bo in the Red Phase; the Green Phase gives Bo no turn, the Blue Phase would.
  local f = sides()
  f:round [[
    Ana:
      1: Strike -> "Bo"
    Cy:
      1: Wait
    Bo:
      1: Strike -> "Ana"
  ]]
  test.truthy(f:has("Bo", "Fallen"))
  test.equal(not_carried_out(f), { "1.3: Bo (Fallen): Strike -> \"Ana\"" })
end)

test.case("one fallen before the round is said not to act only in the phase that would give it a turn", function()
  local f = sides()
  local sheet = [[
    Ana:
      1: Strike -> "Bo"
    Bo:
      1: Wait
  ]]
  f:round(sheet)
  f:round(sheet)
  test.equal(not_carried_out(f), { "1.3: Bo (Fallen): Wait", "2.3: Bo (Fallen): Wait" })
end)

test.case("a number written in a condition reaches its test as an integer", function()
  local f = sides()
  f:round [[
    Ana:
      1: IF the count is the integer 3 THEN Strike -> "Bo" ELSE Wait
  ]]
  test.truthy(f:has("Bo", "Fallen"))
end)
