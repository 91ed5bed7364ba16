local arbiter = require "arbiter"

-- Favor stacks up fast at our table: +2 instead of +3. Disfavor stays -3.
arbiter.patch.table("rules", { favor_and_disfavor = { favor = 2 } })

-- Heroes last longer: four Wounds before they fall (and so four Rounds to be saved).
arbiter.patch.table("rules", { wounds = { max = 4 } })

-- Shield Bash (R): a new Combat action. Stay in place and shove an adjacent opponent with your
-- shield: a melee Attack that deals no Wound but, on a hit, leaves the target Dazed for its next
-- Action. Only with a shield in hand: as Platemail's Defense reads it (its hook shield_in_hand),
-- not one slung for a two-handed weapon, nor one lost with an arm.
arbiter.patch.table("actions_data", {
  ["Shield Bash"] = { group = "Combat", tag = "R", move = { max = 0 },
                      attacks = { count = 1, kind = "melee", targets = "adjacent" } },
})


-- An Attack at an opponent (`target = "enemy"`): an order at oneself or an ally is refused on the
-- sheet, and one whose target the fight finds to be an ally before it is declared.
arbiter.define.action("Shield Bash", {
  ready = true, needs_target = true, target = "enemy",
  resolve = function(ctx)
    local me = ctx.actor
    local shield, why = arbiter.hooks.shield_in_hand(me)
    if not shield then
      local text = me.name .. " has no shield " .. (why and ("in hand to bash with (" .. why .. ")") or "to bash with")
      log.event("acts", { text = text }, "Shield Bash")
      return
    end
    arbiter.hooks.attack(ctx, ctx.target, { kind = "melee", verb = "Shield Bash",
                                   profile = { name = shield, penetration = 0, wounds = 0 },
                                   on_hit = function(target)
                                     status.apply(target, "Dazed", { duration = 1, source = me, cause = "Shield Bash" })
                                   end })
  end,
})
