local arbiter = require "arbiter"

arbiter.define.table("wounds", {
  max = 3,               -- a character with this many wounds is out of the fight
  penalty_per_wound = 1, -- subtracted from every later roll
})

arbiter.define.table("weapons", {
  sword = { damage = 1, reach = 5 },
  spear = { damage = 1, reach = 10 },
})

-- An extension point: house rules replace it to change every attack at once.
arbiter.define.hook("attack_bonus", function(attacker)
  return attacker.skill or 0
end)

arbiter.define.action("Attack", {
  ready = false,
  needs_target = true,
  -- `roll` is the d20 already rolled; the attack hits when the total beats the defence.
  resolve = function(attacker, defender, roll)
    local total = roll + arbiter.hooks.attack_bonus(attacker)
                  - (attacker.wounds or 0) * arbiter.tables.wounds.penalty_per_wound
    return total > (defender.defence or 10)
  end,
})
