-- The numbers of the rule text, and the defaults chosen where it is silent (README).
local arbiter = require "arbiter"

arbiter.define.table("rules", {
  -- "Each action round represents six seconds"; "When combat begins, the round counter should be
  -- set to 0." The round's 12 action points are the flow's (flow.lua), the one entry the engine
  -- and Recover Stamina both read.
  round = { seconds = 6, first_counter = 0 },
  -- Not in the source: every "Action Check" is blank. Default chosen: 1d10 + the character's
  -- stat `skill` (0 unless the encounter gives it). Thresholds 1, 8 and 10 then mean "almost
  -- always", "three in ten" and "one in ten" for an unskilled character.
  check = { dice = "1d10", stat = "skill" },
  -- "Since this action has no check, you are considered to get a result of 0" (Move); the same
  -- for Aim and Ready, whose entries have no Action Check heading.
  no_check_result = 0,
  -- Not in the source: default chosen. Combat Defence and Grapple Defence are 0 unless the
  -- character's stats say: an unopposed attack always lands, as Move warns ("they can strike you
  -- unopposed"), and a Counter-Attack tied with the attack hits both ("both parties getting hit").
  combat_defence = 0, grapple_defence = 0,
  -- Not in the source: default chosen. Base Combat Movement, in squares.
  base_combat_movement = 3,
  -- Not in the source: default chosen. Melee weapons reach the next square: a melee attack needs
  -- its target beside it (a plan's attack from afar becomes a Move), and a melee reaction to a
  -- Move or Combat Move needs some square of the mover's path within reach ("extremely dangerous
  -- to enter an area threatened by another character").
  melee_reach = 1,
  -- Not in the source: default chosen. Wounds: damage adds to the stat `wounds`; at `health`
  -- (stat, default 10) the character is Down, out of the fight.
  health = 10,
  -- "In most circumstances you will begin combat in the "Off Guard" status"; an encounter stat
  -- `guard = "On Guard"` for those who "initiated combat or had time to prepare".
  starting_status = "Off Guard",
  -- Not in the source: default chosen. What a character the sheets do not order this round takes
  -- on its turn, by its status, at its opponent while it can pay (On Guard without a melee weapon:
  -- a Ranged Attack with a ranged one, else an Unarmed Attack; Bound without one: Withdraw). A
  -- status not listed takes none.
  default_action = { ["Off Guard"] = "Ready", ["On Guard"] = "Melee Attack", ["Bound"] = "Press",
                     ["Grappled"] = "Pin", ["Pinned"] = "Escape" },
  -- Not in the source: default chosen. Initiative: the stat `initiative`, highest first (0 unless
  -- given); ties keep the encounter's order.
  initiative_stat = "initiative",
  -- Not in the source: default chosen. The Recover Stamina check: the stat `stamina` (default 0)
  -- minus the armour's burden minus the wounds taken, without dice.
  recover = { stat = "stamina" },
  -- "An opponent who counter-attacks you with a melee weapon receives a +5 bonus" (Unarmed
  -- Attack); "A feint that draws a Parry ... may be replaced with a Counter-Attack with a +3 bonus".
  unarmed_counter_bonus = 5, feint_counter_bonus = 3,
})
