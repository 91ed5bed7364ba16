-- Shared setup for the fight tests (not a test file itself): Ana (side a, first in initiative)
-- against Bo (side b), side by side at B2 and C2 with swords and no armour unless told, On Guard;
-- scripted dice. Each test gives the round's orders as a sheet: `f:round [[ Ana: ... Bo: ... ]]`.
local fight = require "arbiter.fight"

local bout = {}

local function character(name, side, at, me)
  local stats = { guard = "On Guard" }
  for k, v in pairs(me.stats or me) do if k ~= "weapon" and k ~= "armour" and k ~= "at" then stats[k] = v end end
  return { name = name, side = side, at = me.at or at, weapon = me.weapon or "Sword", armour = me.armour or "None", stats = stats }
end

---`ana` and `bo`: stats (guard, skill, wounds, ...) with `weapon`, `armour`, `at`; `cy`, if given,
---the same for a third fighter, on Bo's side, at `cy.at`.
function bout.new(ana, bo, dice, map, cy)
  ana.initiative = ana.initiative or 1
  return fight.new { map = map or { width = 10, height = 3 }, dice = dice,
                     characters = { character("Ana", "a", "B2", ana), character("Bo", "b", "C2", bo),
                                    cy and character("Cy", "b", cy.at, cy) } }
end

---Ana Moves toward Bo past Cy, who answers a Move with a Counter-Attack: a round played with
---scripted `dice` on a map 10 x 5. `at` places Bo and Cy, and Ana (B2 unless `at.ana` says):
---{ bo = "H2", cy = "E1" }.
function bout.move_past_cy(at, dice)
  local f = bout.new({ at = at.ana }, { at = at.bo }, dice, { width = 10, height = 5 }, { at = at.cy })
  f:round [[
    Ana:
      1: Move -> "Bo"
    Bo:
    Cy:
      ON Move: Counter-Attack
  ]]
  return f
end

---"Ana Melee Attack 8": who declared what, with the AP left after paying.
function bout.declared(f)
  local out = {}
  for _, e in ipairs(f:events("declared")) do
    out[#out + 1] = ("%s %s %d"):format(e.fields.character, e.fields.action, e.fields.points)
  end
  return out
end

---"Ana cannot Melee Attack: Off Guard": the orders the rules refused, as narrated.
function bout.refused(f)
  local out = {}
  for _, e in ipairs(f:events("order_refused")) do
    out[#out + 1] = ("%s cannot %s: %s"):format(e.fields.character, e.fields.action, e.fields.reason)
  end
  return out
end

---The exchanges' texts.
function bout.exchanges(f)
  local out = {}
  for _, e in ipairs(f:events("exchange")) do out[#out + 1] = e.fields.text end
  return out
end

---The tempo status of each of Ana and Bo, or of `names` (the one of the five it has).
function bout.guards(f, names)
  local out = {}
  for _, name in ipairs(names or { "Ana", "Bo" }) do
    for _, s in ipairs { "Off Guard", "On Guard", "Bound", "Grappled", "Pinned" } do
      if f:has(name, s) then out[#out + 1] = name .. " " .. s end
    end
  end
  return out
end

return bout
