-- The Lunge, with scripted dice: Ana (skill 0) lunges at Bo.
local test = require "arbiter.test"
local fight = require "arbiter.fight"

local function bout(dice)
  return fight.new {
    map = { width = 6, height = 3 },
    characters = {
      { name = "Ana", side = "a", at = "B2", weapon = "Sword", stats = { guard = "On Guard", initiative = 2 } },
      { name = "Bo", side = "b", at = "C2", weapon = "Sword", stats = { guard = "On Guard" } },
    },
    dice = dice,
  }
end

-- The round's orders: Ana lunges once; Bo takes no action of his own, and answers as `bo` says.
local function orders(bo)
  return "Ana:\n  1: Lunge -> my opponent\nBo:\n" .. (bo or "")
end

local function exchanges(f)
  local out = {}
  for _, e in ipairs(f:events("exchange")) do out[#out + 1] = e.fields.text end
  return out
end

test.case("a Lunge of 8 or more is a Critical Hit, whatever the defence", function()
  local f = bout({ 8, 5 })  -- the check, then the damage (a Sword's 1d6)
  f:round(orders())
  test.equal(exchanges(f)[1], "Ana Lunge (1d10 8 = 8; Critical Hit); Bo takes 5 (1d6 5)")
  test.equal(f:events("declared")[1].fields.points, 12 - 5, "a Lunge costs 5 AP, whatever the weapon")
end)

test.case("a missed Lunge leaves the lunger Off Guard", function()
  local f = bout({ 3 })
  f:round(orders())
  test.equal(exchanges(f)[1], "Ana Lunge (1d10 3 = 3; Miss)")
  test.truthy(f:has("Ana", "Off Guard"))
  test.falsy(f:has("Ana", "On Guard"))
end)

test.case("a Lunge can be parried", function()
  local f = bout({ 6, 7 })
  f:round(orders("  ON Lunge: Parry\n"))
  test.equal(exchanges(f)[1], "Ana Lunge (1d10 6 = 6 − 7; Miss, stopped by Bo's Parry); Bo Parry (1d10 7 = 7 − 6; Success)")
end)
