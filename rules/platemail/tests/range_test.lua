-- The range-band penalties computed from the stated rule: "Beyond this Range, Attacks receive a
-- -2 penalty for each additional Range increment (round up)" and "Ranged Weapons cannot reach
-- further than 4 times their Range normally". The source's example prints -4 for 95'-120';
-- the rule gives -6, which is what the pack holds (README: not in the source: default chosen).
local test = require "arbiter.test"
local arbiter = require "arbiter"

local ranged = arbiter.tables.rules.ranged

-- The modifier for a distance, or nil when the target is out of reach. Written from the rule
-- text, independently of the example bands, so the two check each other.
local function modifier(range, distance)
  local increments = math.ceil(distance / range)
  if increments > ranged.max_range_multiple then return nil end
  return (increments - 1) * ranged.modifier_per_extra_increment
end

test.case("30' weapon: \"Rolls Attacks at 5'-30' normally.\"", function()
  test.equal(modifier(30, 5), 0)
  test.equal(modifier(30, 30), 0)
end)

test.case("30' weapon: \"Receives a -2 Attack at 35'-60'.\"", function()
  test.equal(modifier(30, 35), -2)
  test.equal(modifier(30, 60), -2)
end)

test.case("30' weapon: \"Receives a -4 Attack at 65'-90'.\"", function()
  test.equal(modifier(30, 65), -4)
  test.equal(modifier(30, 90), -4)
end)

test.case("30' weapon at 95'-120': -6 by the rule (the source's example prints -4, a defect)", function()
  test.equal(modifier(30, 95), -6)
  test.equal(modifier(30, 120), -6)
end)

test.case("30' weapon: \"Cannot Attack beyond 120'.\"", function()
  test.equal(modifier(30, 125), nil)
end)

test.case("15' weapon (Javelin): bands of 15', out of reach beyond 60'", function()
  test.equal({ modifier(15, 15), modifier(15, 20), modifier(15, 45), modifier(15, 60), modifier(15, 65) },
             { 0, -2, -4, -6, nil })
end)

test.case("the pack's example bands agree with the rule at every 5' step", function()
  local example = ranged.example
  test.equal(example.range, 30)
  test.equal(#example.bands, ranged.max_range_multiple)
  for _, band in ipairs(example.bands) do
    for distance = band.from, band.to, ranged.distance_step do
      test.equal(band.modifier, modifier(example.range, distance), distance .. "'")
    end
  end
  test.equal(example.bands[4], { from = 95, to = 120, modifier = -6 })
end)
