local arbiter = require "arbiter"

-- Our table plays it tougher: four wounds before you drop.
arbiter.patch.table("wounds", { max = 4 })

-- Charging in is rewarded: +2 on top of whatever the base rules give.
arbiter.override.hook("attack_bonus", function(attacker, previous)
  local bonus = previous(attacker)
  if attacker.charging then bonus = bonus + 2 end
  return bonus
end)
