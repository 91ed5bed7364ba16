-- Shared setup for the fight tests (not a test file itself): a small field, and the attacks and
-- actions of the log as plain lists. An action that fails unexpectedly fails its case at f:round.
local arbiter = require "arbiter"
local fight = require "arbiter.fight"

local duel = {}

-- The current values of the fields a patch names, to put back after it (so the cases also
-- run on top of a house pack: `arbiter test platemail platemail-house`).
local function current(from, fields)
  local values = {}
  for key, value in pairs(fields) do
    values[key] = type(value) == "table" and current(from[key], value) or from[key]
  end
  return values
end

---Patches a table for one body, as a house rule would, then puts the old values back (even when
---the body fails): the cases of one file share one load of the packs.
function duel.with_patch(name, fields, body)
  local undo = current(arbiter.tables[name], fields)
  arbiter.patch.table(name, fields)
  local ok, err = pcall(body)
  arbiter.patch.table(name, undo)
  if not ok then error(err, 0) end
end

---A fight on an open field (10 × 6 unless `map` says otherwise) with scripted dice, exactly the
---ones it rolls: `{}` when it rolls none, so that a roll it should not make runs out of dice and
---fails the round. Without `dice`, seeded dice (seed 1).
function duel.new(characters, dice, map)
  return fight.new { map = map or { width = 10, height = 6 }, characters = characters, dice = dice }
end

---Aldric (side "party", Sword and Leather unless `me` says) and the Orc (side "orcs", Axe,
---Unarmored unless `foe` says), side by side at B2 and C2 unless their `at` says.
function duel.pair(me, foe, dice, map)
  return duel.new({
    { name = "Aldric", side = "party", at = me.at or "B2", weapon = me.weapon or "Sword", armor = me.armor or "Leather",
      shield = me.shield, stats = me.stats },
    { name = "Orc", side = "orcs", at = foe.at or "C2", weapon = foe.weapon or "Axe", armor = foe.armor or "Unarmored",
      shield = foe.shield, stats = foe.stats },
  }, dice, map)
end

---The orders of a round where Aldric takes `order` then Defends, and the Orc stands still and
---Ready without Favor or Disfavor on Attacks against it (Use Item, a quick use, twice).
function duel.still(order)
  return ("Aldric:\n  1: %s\n  2: Defend\nOrc:\n  1: Use Item\n  2: Use Item\n"):format(order)
end

---The attack events' field `name`, in order (all attacks, or those by `attacker`).
function duel.attacks(f, name, attacker)
  local out = {}
  for _, e in ipairs(f:events("attack")) do
    if not attacker or e.fields.attacker == attacker then out[#out + 1] = e.fields[name] end
  end
  return out
end

---The `acts` events' action names of one character, in order.
function duel.actions(f, who)
  local out = {}
  for _, e in ipairs(f:events("acts")) do
    if e.fields.character == who then out[#out + 1] = e.fields.action end
  end
  return out
end

---The narrated `text` of the events of one type, in order ("wounded": the Wound tallies).
function duel.texts(f, type)
  local out = {}
  for _, e in ipairs(f:events(type)) do out[#out + 1] = e.fields.text end
  return out
end

---Whether some narrated sentence contains `text` (plain).
function duel.narrated(f, text)
  for _, line in ipairs(f:narration()) do
    if line:find(text, 1, true) then return true end
  end
  return false
end

return duel
