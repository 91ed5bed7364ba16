-- A character's equipment is stats: what the encounter gives in the slots of the table `encounter`
-- (weapon, armor, shield, stowed) is the stat of that name, which the rules read and change.
-- A character has no list of equipment beside them (docs/world.md, Characters).
local test = require "arbiter.test"
local duel = require "tests.support.duel"

test.case("an encounter's weapon and armor are the stats weapon and armor", function()
  local f = duel.new({
    { name = "Aldric", side = "party", at = "B2", weapon = "Sword", armor = "Leather", shield = "Shield" },
    { name = "Orc", side = "orcs", at = "C2", weapon = "Axe" },
  })
  f:within(function()
    local aldric = world.character("Aldric")
    test.equal({ aldric.stats.weapon, aldric.stats.armor, aldric.stats.shield }, { "Sword", "Leather", "Shield" })
  end)
end)
