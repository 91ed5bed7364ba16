-- The house action Shield Bash in a fight.
local test = require "arbiter.test"
local fight = require "arbiter.fight"

local function yard(dice, shield, weapon)
  return fight.new {
    map = { width = 6, height = 3 },
    characters = {
      { name = "Aldric", side = "party", at = "B2", weapon = weapon or "Sword", armor = "Leather", shield = shield },
      { name = "Orc", side = "orcs", at = "C2", weapon = "Axe", armor = "Leather" },
    },
    dice = dice,
  }
end

local orders = [[
  Aldric:
    1: Shield Bash -> "Orc"
    2: Defend
  Orc:
    1: Full Attack -> "Aldric"
    2: Defend
]]

test.case("a Shield Bash that hits deals no Wound and Dazes the target for its next Action", function()
  -- Aldric: 12 + 3 (Favor: the Orc's Full Attack) = 15 > 12 (Leather). The Orc's two swings: 1, 1.
  local f = yard({ 12, 1, 1 }, "Shield")
  f:round(orders)
  local bash = f:events("attack")[1].fields
  test.equal(bash.attacker, "Aldric")
  test.equal(bash.hit, true)
  test.equal(bash.wounds, 0)
  test.equal(f:stat("Orc", "wounds"), nil)
  local declared = f:events("declared")
  test.equal(declared[#declared].fields.summary, "Dazed (Dazed: the order is lost)",
             "the Orc's second Action is replaced by Dazed")
end)

test.case("a Shield Bash needs a shield", function()
  local f = yard({ 1, 1 }, nil)
  f:round(orders)
  test.equal(#f:events("attack"), 2, "only the Orc's two swings")
end)

-- Whether some narrated sentence contains `text` (plain).
local function narrated(f, text)
  for _, line in ipairs(f:narration()) do
    if line:find(text, 1, true) then return true end
  end
  return false
end

test.case("a Shield Bash needs the shield in hand: not one lost with an arm (Platemail's severed limbs)", function()
  -- One arm: Platemail's default drops the shield (rules.severed_limbs.one_arm.shield = false).
  local f = yard({ 1, 1 }, "Shield")
  f:within(function(c) status.apply(c, "Severed left arm", { cause = "test" }) end, "Aldric")
  f:round(orders)
  test.equal(#f:events("attack"), 2, "only the Orc's two swings")
  test.truthy(narrated(f, "Aldric has no shield in hand to bash with (one arm)"))
end)

test.case("a Shield Bash needs the shield in hand: not one slung while a two-handed weapon is held", function()
  local f = yard({ 1, 1 }, "Shield", "Great Sword")
  f:round(orders)
  test.equal(#f:events("attack"), 2, "only the Orc's two swings")
  test.truthy(narrated(f, "Aldric has no shield in hand to bash with (Great Sword needs both hands)"))
end)
