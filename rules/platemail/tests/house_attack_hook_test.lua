-- Platemail's own actions make every Attack through the hook `attack` (actions.lua), so a house
-- rule's `arbiter.override.hook("attack", …)`, which the README's ambiguity table offers a GM (the
-- Guard's reading; what reveals the Hidden), governs them too, not only a house action's Attacks.
local test = require "arbiter.test"
local arbiter = require "arbiter"
local duel = require "tests.support.duel"

-- What the override does in a case: while `seen` is a list, it records each Attack it is asked for
-- ("Aldric: Full Attack", by the name it is told by); with `refuse`, it makes none. Otherwise it
-- passes each to Platemail's, so the other cases of this pack's one load are as without it.
local house = {}
arbiter.override.hook("attack", function(ctx, target, options, previous)
  if house.before then house.before(ctx, target) end
  if house.seen then table.insert(house.seen, ("%s: %s"):format(ctx.actor.name, options and options.verb or ctx.action)) end
  if house.refuse then return false end
  return previous(ctx, target, options)
end)

-- The Attacks the override saw in a round of `orders`, in the fight `f`.
local function seen_in(f, orders)
  house.seen = {}
  local ok, err = pcall(f.round, f, orders)
  local seen = house.seen
  house.seen = nil
  if not ok then error(err, 0) end
  return seen
end

test.case("a house rule's override of the hook attack sees every Attack of Platemail's own actions", function()
  test.equal(seen_in(duel.pair({}, {}), duel.still('Full Attack -> "Orc"')), { "Aldric: Full Attack", "Aldric: Full Attack" })
  test.equal(seen_in(duel.pair({}, {}), duel.still('Counter -> "Orc"')), { "Aldric: Counter" })
  test.equal(seen_in(duel.pair({ at = "A2", weapon = "Short Bow" }, { at = "F2" }), duel.still('Ranged Attack -> "Orc"')),
             { "Aldric: Ranged Attack" })
  test.equal(seen_in(duel.pair({ at = "A2", weapon = "Short Bow" }, { at = "F2" }), duel.still('Rapid Fire -> "Orc"')),
             { "Aldric: Rapid Fire", "Aldric: Rapid Fire" })
  test.equal(seen_in(duel.pair({ stats = { prepared_spell = "Spell" } }, { at = "F2" }), duel.still('Release Spell -> "Orc"')),
             { "Aldric: Release Spell" })
  -- The Orc walks out of Aldric's reach: Aldric's Attack of Opportunity.
  test.equal(seen_in(duel.pair({}, {}), "Aldric:\n  1: Defend\n  2: Defend\nOrc:\n  1: Move 15' E\n  2: Defend\n"),
             { "Aldric: Attack of Opportunity" })
end)

-- Platemail works out a target's Defense once per Action Phase (attack.lua, phase_defense): a
-- patch of the tables between two Attacks of one phase is read at the second.
test.case("a Defense is read anew after a patch between two Attacks of one phase", function()
  local made = 0
  house.before = function()
    made = made + 1
    if made == 2 then arbiter.patch.table("armor", { Leather = { deflection = 4 } }) end
  end
  local undo = arbiter.tables.armor.Leather.deflection
  local f = duel.pair({}, { armor = "Leather" })
  local ok, err = pcall(f.round, f, duel.still('Full Attack -> "Orc"'))
  house.before = nil
  arbiter.patch.table("armor", { Leather = { deflection = undo } })
  if not ok then error(err, 0) end
  local defenses = {}
  for i, text in ipairs(duel.attacks(f, "text", "Aldric")) do defenses[i] = tonumber(text:match("vs Defense (%d+)")) end
  test.equal(#defenses, 2)
  test.equal(defenses[2] - defenses[1], 4 - undo, "Leather's Deflection patched to 4 before the second Attack")
end)

test.case("a house rule's override of the hook attack that changes an Attack changes Platemail's own", function()
  house.refuse = true
  local f = duel.pair({}, {})
  local ok, err = pcall(f.round, f, duel.still('Full Attack -> "Orc"'))
  house.refuse = nil
  if not ok then error(err, 0) end
  test.equal(#f:events("attack"), 0, "the house rule made none of the Full Attack's two Attacks")
  test.equal(f:stat("Orc", "wounds") or 0, 0)
end)
