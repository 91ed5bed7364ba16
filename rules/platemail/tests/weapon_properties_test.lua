-- One case per weapon property: which weapons carry it (exactly those the source names), its
-- parameters, and the source's "Special Info" numbers.
local test = require "arbiter.test"
local arbiter = require "arbiter"

local weapons = arbiter.tables.weapons
local properties = arbiter.tables.weapon_properties
local MODES = { "melee", "thrown", "ranged" }

-- "Weapon/mode=value" for every attack carrying the property, sorted.
local function carriers(property)
  local found = {}
  for name, weapon in pairs(weapons) do
    for _, mode in ipairs(MODES) do
      local value = weapon[mode] and weapon[mode].properties[property]
      if value ~= nil then
        found[#found + 1] = name .. "/" .. mode .. (type(value) == "table" and "" or "=" .. tostring(value))
      end
    end
  end
  table.sort(found)
  return found
end

local function bonuses_of(name, mode)
  return weapons[name][mode].properties.bonuses
end

test.case("Severs Limb on Critical Hit (Axe, Great Axe, Great Sword); \"Roll 1d4: 1=L Leg, 2=R Leg, 3=L Arm, 4=R Arm.\"", function()
  test.equal(carriers("severs_limb"), { "Axe/melee", "Great Axe/melee", "Great Sword/melee" })
  test.equal(weapons["Axe"].melee.properties.severs_limb, { on = "critical_hit" })
  test.equal(properties.severs_limb.roll, { count = 1, sides = 4, bonus = 0 })
  test.equal(properties.severs_limb.limbs, { "left leg", "right leg", "left arm", "right arm" })
end)

test.case("Dazes on Critical Hit (Mace, Sling); \"Target Dazed for next 1d4 Actions.\"", function()
  test.equal(carriers("dazes"), { "Mace/melee", "Sling/ranged" })
  test.equal(weapons["Sling"].ranged.properties.dazes, { on = "critical_hit" })
  test.equal(properties.dazes.duration, { count = 1, sides = 4, bonus = 0, unit = "action" })
  test.equal(properties.dazes.status, "Dazed")
end)

test.case("Entraps on Hit (Bolo/Net); \"Target Not Ready. Cannot move until freed by Use Item Action.\"", function()
  test.equal(carriers("entraps"), { "Bolo/Net/thrown" })
  test.equal(weapons["Bolo/Net"].thrown.properties.entraps, { on = "hit" })
  test.equal(properties.entraps.target_ready, false)
  test.equal(properties.entraps.target_can_move, false)
  test.equal(properties.entraps.freed_by, "Use Item")
end)

test.case("Requires Str 3 (Great Axe, Great Sword), Str 2 (Long Bow); \"-1 Attack for each Strength below Requirement.\"", function()
  test.equal(carriers("requires_strength"),
             { "Great Axe/melee=3", "Great Sword/melee=3", "Long Bow/ranged=2" })
  test.equal(properties.requires_strength.attack_per_point_below, -1)
end)

test.case("Requires Quick Reload (Light Crossbow), Complex Reload (Heavy Crossbow); no Rapid Fire with them", function()
  test.equal(carriers("reload"), { "Heavy Crossbow/ranged=complex", "Light Crossbow/ranged=quick" })
  test.equal(properties.reload.action, "Use Item")
  test.equal(properties.reload.rapid_fire_allowed, false)
end)

test.case("Silent (thrown Dagger, Dart, Blowgun); \"This Weapon's Attack does not break Stealth.\"", function()
  test.equal(carriers("silent"), { "Blowgun/ranged=true", "Dagger/thrown=true", "Dart/thrown=true" })
end)

test.case("Can be Poisoned (Blowgun); Poisoned: \"Can inflict Poison on Hit. Poison may vary.\"", function()
  test.equal(carriers("can_be_poisoned"), { "Blowgun/ranged=true" })
  test.equal(properties.can_be_poisoned.on, { "hit" })
end)

test.case("Free near trees (Club, Staff) and Poor weapon (Club)", function()
  test.equal(carriers("free_near_trees"), { "Club/melee=true", "Staff/melee=true" })
  test.equal(carriers("poor_weapon"), { "Club/melee=true" })
end)

test.case("conditional bonuses: exactly the seven weapons whose rows state one", function()
  test.equal(carriers("bonuses"), { "Dagger/melee", "Flail/melee", "Lance/melee", "Pike/melee",
                                    "Spear/melee", "Staff/melee", "Sword/melee" })
end)

test.case("Dagger: \"+1 Penetration against Unaware Targets.\" (melee only, not thrown)", function()
  test.equal(bonuses_of("Dagger", "melee"), { { stat = "penetration", amount = 1, when = { target_unaware = true } } })
  test.equal(weapons["Dagger"].thrown.properties.bonuses, nil)
end)

test.case("Flail: \"+2 Attack against Targets with Shields.\"", function()
  test.equal(bonuses_of("Flail", "melee"), { { stat = "attack", amount = 2, when = { target_has_shield = true } } })
end)

test.case("Sword: \"+1 Deflection when Ready.\"", function()
  test.equal(bonuses_of("Sword", "melee"), { { stat = "deflection", amount = 1, when = { wielder_ready = true } } })
end)

test.case("Staff: \"+2 Deflection when Ready.\"", function()
  test.equal(bonuses_of("Staff", "melee"), { { stat = "deflection", amount = 2, when = { wielder_ready = true } } })
end)

test.case("Lance: \"+2 Penetration when Mounted and using Charge.\"", function()
  test.equal(bonuses_of("Lance", "melee"),
             { { stat = "penetration", amount = 2, when = { wielder_mounted = true, wielder_action = "Charge" } } })
end)

test.case("Pike: \"+1 Penetration against Targets that Charge if Ready.\"", function()
  test.equal(bonuses_of("Pike", "melee"),
             { { stat = "penetration", amount = 1, when = { target_action = "Charge", wielder_ready = true } } })
end)

test.case("Spear: \"+1 Penetration when using Charge.\"", function()
  test.equal(bonuses_of("Spear", "melee"),
             { { stat = "penetration", amount = 1, when = { wielder_action = "Charge" } } })
end)

test.case("Blowgun: \"Deals 0 Wounds.\"", function()
  test.equal(weapons["Blowgun"].ranged.wounds, 0)
end)

test.case("every property a weapon uses is in weapon_properties, every condition in weapon_conditions", function()
  local stats = {}
  for _, stat in ipairs(properties.bonuses.stats) do stats[stat] = true end
  for name, weapon in pairs(weapons) do
    for _, mode in ipairs(MODES) do
      for property, value in pairs(weapon[mode] and weapon[mode].properties or {}) do
        test.truthy(properties[property],
                    name .. " " .. mode .. ": property " .. property)
        if property == "bonuses" then
          for _, b in ipairs(value) do
            test.truthy(stats[b.stat], name .. ": stat " .. b.stat)
            for condition in pairs(b.when) do
              test.truthy(arbiter.tables.weapon_conditions[condition], name .. ": condition " .. condition)
            end
          end
        elseif type(value) == "table" and value.on then
          local triggers = {}
          for _, t in ipairs(properties[property].on) do triggers[t] = true end
          test.truthy(triggers[value.on], name .. ": " .. property .. " on " .. value.on)
        end
      end
    end
  end
end)

test.case("no property or condition in the vocabulary is unused: each names a source row", function()
  local used_properties, used_conditions = {}, {}
  for _, weapon in pairs(weapons) do
    for _, mode in ipairs(MODES) do
      for property, value in pairs(weapon[mode] and weapon[mode].properties or {}) do
        used_properties[property] = true
        for _, b in ipairs(property == "bonuses" and value or {}) do
          for condition in pairs(b.when) do used_conditions[condition] = true end
        end
      end
    end
  end
  for property in pairs(properties) do test.truthy(used_properties[property], "property " .. property) end
  for condition in pairs(arbiter.tables.weapon_conditions) do
    test.truthy(used_conditions[condition], "condition " .. condition)
  end
end)
