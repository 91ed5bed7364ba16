-- The source's armor and shield tables, row by row as printed, checked against the armor and
-- shields tables, and the "Special Info" rows under them (armor_properties).
local test = require "arbiter.test"
local arbiter = require "arbiter"

local armor, shields = arbiter.tables.armor, arbiter.tables.shields
local armor_properties = arbiter.tables.armor_properties

-- Name Deflection Absorb Cost Properties
local ARMOR_ROWS = {
  { "light", "Unarmored +3 0 N/A Ready Only" },
  { "light", "Leather +2 1 20gp" },
  { "medium", "Chain Mail +1 2 30gp" },
  { "medium", "Splint Mail +1 2 50gp Protects Limbs 1" },
  { "heavy", "Half Plate +2 3 200gp Protects Limbs 2" },
  { "heavy", "Full Plate +3 3 1000gp Protects Limbs 3" },
}
-- The source spells the last "Towe Shield" (README: defects).
local SHIELD_ROWS = {
  "Buckler +2 0 10gp Ready Only",
  "Shield +2 1 20gp Ready Only",
  "Tower Shield +1 1 30gp Ready Only. Provides Cover",
}

local function parse(row)
  local name, deflection, absorb, cost, rest = row:match("^(.-) %+(%d+) (%d+) (%S+)%s*(.*)$")
  return { name = name, deflection = tonumber(deflection), absorb = tonumber(absorb),
           cost_gp = tonumber(cost:match("^(%d+)gp$")),  -- "N/A": no cost
           ready_only = rest:find("Ready Only", 1, true) ~= nil,
           protects_limbs = tonumber(rest:match("Protects Limbs (%d+)")),
           provides_cover = rest:find("Provides Cover", 1, true) ~= nil }
end

local function check(entry, expected)
  test.truthy(entry, expected.name .. " is in the table")
  test.equal(entry.deflection, expected.deflection, "Deflection")
  test.equal(entry.absorb, expected.absorb, "Absorb")
  test.equal(entry.cost_gp, expected.cost_gp, "Cost")
  test.equal(entry.properties.ready_only == true, expected.ready_only, "Ready Only")
  test.equal(entry.properties.protects_limbs, expected.protects_limbs, "Protects Limbs")
  test.equal(entry.properties.provides_cover == true, expected.provides_cover, "Provides Cover")
end

for _, r in ipairs(ARMOR_ROWS) do
  test.case(r[1] .. " armor: " .. r[2], function()
    local expected = parse(r[2])
    check(armor[expected.name], expected)
    test.equal(armor[expected.name].category, r[1], "Light/Medium/Heavy Armor table")
  end)
end

for _, row in ipairs(SHIELD_ROWS) do
  test.case("shield: " .. row, function()
    local expected = parse(row)
    check(shields[expected.name], expected)
  end)
end

test.case("the armor and shield tables hold exactly the source's rows", function()
  local function names(t) local n = {} for name in pairs(t) do n[#n + 1] = name end table.sort(n) return n end
  test.equal(names(armor), { "Chain Mail", "Full Plate", "Half Plate", "Leather", "Splint Mail", "Unarmored" })
  test.equal(names(shields), { "Buckler", "Shield", "Tower Shield" })
end)

test.case("\"Shields provide Deflection and Absorb only when a Character is Ready\": every shield is Ready Only", function()
  for name, shield in pairs(shields) do test.truthy(shield.properties.ready_only, name) end
end)

test.case("Protects Limbs: \"On Severs Limb, roll 1d4. Limb not severed if roll is equal or less\"", function()
  test.equal(armor_properties.protects_limbs.roll, { count = 1, sides = 4, bonus = 0 })
  test.equal(armor_properties.protects_limbs.saved_when, "roll <= value")
end)

test.case("Provides Cover: \"When held, provides Cover to wielder and adjacent allies.\"", function()
  test.truthy(armor_properties.provides_cover.wielder)
  test.truthy(armor_properties.provides_cover.adjacent_allies)
end)

test.case("Ready Only: \"Only provides Deflection and Absorb when Ready.\"", function()
  test.equal(armor_properties.ready_only.name, "Ready Only")
end)

test.case("every property an armor or shield uses is in armor_properties", function()
  for _, t in ipairs({ armor, shields }) do
    for name, entry in pairs(t) do
      for property in pairs(entry.properties) do
        test.truthy(armor_properties[property], name .. ": " .. property)
      end
    end
  end
end)

test.case("every armor property names a source row that uses it", function()
  local used = {}
  for _, t in ipairs({ armor, shields }) do
    for _, entry in pairs(t) do
      for property in pairs(entry.properties) do used[property] = true end
    end
  end
  for property in pairs(armor_properties) do test.truthy(used[property], property) end
end)
