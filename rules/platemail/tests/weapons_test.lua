-- Every weapon row of the source, as printed, checked against the weapons table: the numbers
-- are read from the source's own text, not retyped.
local test = require "arbiter.test"
local arbiter = require "arbiter"

local weapons = arbiter.tables.weapons

-- { source table heading, attack, hands the heading gives (nil: not in the source), row }
local ROWS = {
  { "One Handed Weapons", "melee", 1, "Axe 0 10gp Severs Limb on Critical Hit." },
  { "One Handed Weapons", "melee", 1, "Club 0 1gp Poor weapon but Free near trees." },
  { "One Handed Weapons", "melee", 1, "Dagger 0 3gp +1 Penetration against Unaware Targets." },
  { "One Handed Weapons", "melee", 1, "Flail 0 20gp +2 Attack against Targets with Shields." },
  { "One Handed Weapons", "melee", 1, "Mace 0 10gp Dazes on Critical Hit." },
  { "One Handed Weapons", "melee", 1, "Sword 0 15gp +1 Deflection when Ready." },
  { "Two Handed Weapons", "melee", 2, "Great Axe 1 25gp Requires Str 3. Severs Limb on Critical Hit." },
  { "Two Handed Weapons", "melee", 2, "Great Sword 1 25gp Requires Str 3. Severs Limb on Critical Hit." },
  { "Two Handed Weapons", "melee", 2, "Lance 1 15gp +2 Penetration when Mounted and using Charge." },
  { "Two Handed Weapons", "melee", 2, "Pike 1 15gp +1 Penetration against Targets that Charge if Ready." },
  { "Two Handed Weapons", "melee", 2, "Spear 1 5gp +1 Penetration when using Charge." },
  { "Two Handed Weapons", "melee", 2, "Staff 0 1gp +2 Deflection when Ready. Free near trees." },
  { "Thrown Weapons", "thrown", nil, "Bolo/Net 0 5gp 15' Entraps on Hit." },
  { "Thrown Weapons", "thrown", nil, "Dagger 0 3gp 15' Silent." },
  { "Thrown Weapons", "thrown", nil, "Dart 0 1gp 30' Silent." },
  { "Thrown Weapons", "thrown", nil, "Javelin 1 5gp 15'" },
  { "One Handed Ranged", "ranged", 1, "Blowgun 1 10gp 30' Silent. Deals 0 Wounds. Can be Poisoned." },
  { "One Handed Ranged", "ranged", 1, "Sling 0 1gp 30' Dazes on Critical Hit." },
  { "Two Handed Ranged", "ranged", 2, "Long Bow 2 25gp 30' Requires Str 2." },
  { "Two Handed Ranged", "ranged", 2, "Short Bow 1 15gp 30'" },
  { "Two Handed Ranged", "ranged", 2, "Light Crossbow 2 20gp 30' Requires Quick Reload." },
  { "Two Handed Ranged", "ranged", 2, "Heavy Crossbow 3 30gp 30' Requires Complex Reload." },
}

local function parse(row)
  local name, penetration, cost, range = row:match("^(.-) (%d+) (%d+)gp ?(%d*)")
  return name, tonumber(penetration), tonumber(cost), tonumber(range)
end

for _, r in ipairs(ROWS) do
  local heading, mode, hands, row = r[1], r[2], r[3], r[4]
  local name, penetration, cost, range = parse(row)
  test.case(heading .. ": " .. row, function()
    local weapon = weapons[name]
    test.truthy(weapon, name .. " is in the weapons table")
    local attack = weapon[mode]
    test.truthy(attack, name .. " has a " .. mode .. " attack")
    test.equal(attack.table, heading, "source table")
    test.equal(attack.penetration, penetration, "Penetration")
    test.equal(weapon.cost_gp, cost, "Cost")
    test.equal(attack.range, range, "Range")
    -- Thrown rows give no hands: one hand is the default chosen (README).
    test.equal(weapon.hands, hands or 1, "hands")
  end)
end

test.case("the weapons table holds exactly the source's rows, no more", function()
  local expected, actual = {}, {}
  for _, r in ipairs(ROWS) do expected[#expected + 1] = (parse(r[4])) .. "/" .. r[2] end
  for name, weapon in pairs(weapons) do
    for _, mode in ipairs({ "melee", "thrown", "ranged" }) do
      if weapon[mode] then actual[#actual + 1] = name .. "/" .. mode end
    end
  end
  table.sort(expected); table.sort(actual)
  test.equal(actual, expected)
end)

test.case("\"Most Attacks deal one Wound\": every attack but the Blowgun's (\"Deals 0 Wounds.\")", function()
  for name, weapon in pairs(weapons) do
    for _, mode in ipairs({ "melee", "thrown", "ranged" }) do
      if weapon[mode] then
        test.equal(weapon[mode].wounds, name == "Blowgun" and 0 or 1, name .. " " .. mode .. " wounds")
      end
    end
  end
end)

test.case("melee reach is 5' (\"5' or 10' if they have Reach\"; no weapon in the source has Reach)", function()
  for name, weapon in pairs(weapons) do
    if weapon.melee then test.equal(weapon.melee.reach, 5, name) end
  end
end)
