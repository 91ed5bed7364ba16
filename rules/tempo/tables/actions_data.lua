-- Every action of the source, as data: its type, "AP Cost" (a number, or "By Weapon": the
-- weapon's cost), "Allowed Status" (`statuses`: any status the rules define, a house rule's too),
-- "Response To", "Replacement For", whether it has an "Action Check" (`check`: every entry of the
-- source has one but Move, Aim and Ready, "you are considered to get a result of 0", so a row
-- without `check` has one, and those three say `check = false`), which weapon it uses, and its
-- "Outcomes" table for arbiter.outcomes: { threshold, outcome, effects... }, with a "-" row.
-- rows.lua checks every row, a house rule's too, and fills in what a row leaves out.
--
-- Effects, in the source's words:
--   damage = "armour"       "Roll damage accounting for armour as normal"
--   damage = "penetrating"  "Roll damage and ignore the effects of armour"
--   stops = true            "Your opponent's action fails without effect"
--   me / them = status      "You change to status Bound", "Your target changes to status Pinned"
--   ends = true             the bind, grapple or pin ends: both back On Guard (default chosen)
--   disarm = true           "You disarm your opponent of their weapon"
--   move = "free"|"halted"|"step"|"surge"|"hasty"   movements (README: checklist)
--   aimed = true            "You may use your aimed weapon accuracy for any weapon attacks taken
--                           immediately after this action"
--   regain = n              "You regain n APs"
-- "Opposable:" is blank for every action in the source: an action is opposable when some
-- reactive action is a "Response To" it (worked out by rows.lua, never written).
--   against = "opponent"|"partner"|"anyone"|"none"   whom it is taken against (below; "opponent"
--                           when a row does not say)
--   usage = text            how a sheet writes it, told when an order of it is written otherwise
--   moves = true            a movement (Move: "move around in combat"; Combat Move: "toward or
--                           away from your opponent"): its order says where, toward a target, to a
--                           cell, along compass steps or away from someone, up to Base Combat
--                           Movement
--   withdraws = true        "a movement to withdraw in response to an opponent's attempt to close
--                           distance with you" (Retreat): it answers only a movement that closes in
--   melee_weapon = true     taken "with a melee weapon" (Melee Attack, Feint), "your own melee
--                           weapon" (Parry), or deflecting "an incoming melee attack while
--                           simultaneously launching one of your own" (Counter-Attack, CT
--                           Counter-Attack), or in the bind, "prolonged weapon-on-weapon contact"
--                           ("force your weapon forward through the bind": Press; "the leverage
--                           of your own weapon": Disarm; "a rapid counter-attack": Double; "gain
--                           control of a Bind", where "the leverage applied by your weapons becomes
--                           a crucial factor": Wind), or a parry (CT Parry, "an attempt to parry",
--                           as Parry): not with a ranged weapon, nor Unarmed. Grapple does not: "use
--                           the close proximity of your bind to initiate a grapple", a grapple being
--                           "wrestling and hand to hand combat" (one Bound by a parried punch may)
local arbiter = require "arbiter"

local BW = "By Weapon"
local function attack(miss, hit, critical)  -- Melee Attack and every table like it
  return { { "-", miss or "Miss" }, { "Target: Combat Defence", hit or "Hit", damage = "armour" },
           { "Target: Combat Defence (Armoured)", critical or "Critical Hit", damage = "penetrating" } }
end
local function parry()  -- Parry and CT Parry
  return { { "-", "Failure" }, { 0, "Bind", stops = true, me = "Bound", them = "Bound" }, { 1, "Success", stops = true } }
end
local function stop() return { { "-", "Failure" }, { 0, "Success", stops = true } } end

local actions = {
  -- Proactive
  ["Aim"] = { kind = "proactive", cost = 4, statuses = { "On Guard" }, check = false, weapon = "ranged",
              outcomes = { { "-", "Failure" }, { 0, "Success", aimed = true } } },
  ["Move"] = { kind = "proactive", cost = 2, statuses = { "Off Guard", "On Guard" }, check = false, moves = true,
               usage = "is written 'Move -> target' (toward someone, stopping beside), 'Move to C3', 'Move away from "
                 .. "target' or 'Move E, NE': up to Base Combat Movement",
               outcomes = { { "-", "Failure", move = "halted" }, { 0, "Success", move = "free" } } },
  ["Combat Move"] = { kind = "proactive", cost = 3, statuses = { "On Guard" }, moves = true,
                      usage = "is written 'Combat Move -> target' (toward an opponent, stopping beside), 'Combat Move away "
                        .. "from target', 'Combat Move to C3' or 'Combat Move E, NE': on a Success one square of "
                        .. "that way toward or away from the opponent and the lateral squares, on a Critical Success "
                        .. "all of it",
                      outcomes = { { "-", "Failure" }, { 1, "Success", move = "step" }, { 10, "Critical Success", move = "surge" } } },
  ["Disarm"] = { kind = "proactive", cost = BW, statuses = { "Bound" }, melee_weapon = true,
                 outcomes = { { "-", "Failure" }, { 8, "Success", disarm = true, ends = true } } },
  ["Escape"] = { kind = "proactive", cost = 3, statuses = { "Grappled", "Pinned" },
                 outcomes = { { "-", "Failure" }, { 1, "Success", ends = true } } },
  ["Feint"] = { kind = "proactive", cost = BW, statuses = { "On Guard" }, weapon = "melee", melee_weapon = true,
                private = "Melee Attack",
                outcomes = { { "-", "Miss" } } },
  ["Grapple"] = { kind = "proactive", cost = BW, statuses = { "Bound" },
                  outcomes = { { "-", "Failure" }, { 8, "Success", me = "Grappled", them = "Grappled" } } },
  ["Melee Attack"] = { kind = "proactive", cost = BW, statuses = { "On Guard" }, weapon = "melee", melee_weapon = true,
                       outcomes = attack() },
  ["Pin"] = { kind = "proactive", cost = 3, statuses = { "Grappled" },
              outcomes = { { "-", "Failure" }, { "Target: Grapple Defence", "Success", them = "Pinned" } } },
  ["Press"] = { kind = "proactive", cost = BW, statuses = { "Bound" }, weapon = "melee", melee_weapon = true,
                outcomes = attack("Failure", "Success", "Critical Success") },
  ["Ranged Attack"] = { kind = "proactive", cost = BW, statuses = { "On Guard" }, weapon = "ranged", outcomes = attack() },
  ["Ready"] = { kind = "proactive", cost = 1, statuses = { "Off Guard" }, check = false,
                outcomes = { { "-", "Success", me = "On Guard" } } },
  ["Unarmed Attack"] = { kind = "proactive", cost = 3, statuses = { "Grappled", "On Guard" }, weapon = "unarmed",
                         outcomes = attack() },
  ["Withdraw"] = { kind = "proactive", cost = 2, statuses = { "Bound" },
                   outcomes = { { "-", "Failure" }, { 1, "Success", ends = true } } },
  -- Reactive
  ["Counter-Attack"] = { kind = "reactive", cost = BW, statuses = { "On Guard" }, weapon = "melee", melee_weapon = true,
                         response_to = { "Move", "Combat Move", "Melee Attack", "Unarmed Attack" }, outcomes = attack() },
  ["Counter-Fire"] = { kind = "reactive", cost = BW, statuses = { "On Guard" }, weapon = "ranged",
                       response_to = { "Aim", "Move", "Combat Move" }, outcomes = attack() },
  ["Dodge"] = { kind = "reactive", cost = 2, statuses = { "On Guard" }, response_to = { "Ranged Attack" },
                beyond_attack_speed = true, outcomes = stop() },
  ["Double"] = { kind = "reactive", cost = BW, statuses = { "Bound" }, weapon = "melee", melee_weapon = true,
                 response_to = { "Disarm", "Grapple", "Press", "Withdraw" }, cedes_bind = true, outcomes = attack() },
  ["Evade"] = { kind = "reactive", cost = 2, statuses = { "On Guard" }, response_to = { "Melee Attack", "Unarmed Attack" },
                outcomes = stop() },
  ["Parry"] = { kind = "reactive", cost = BW, statuses = { "On Guard" }, melee_weapon = true,
                response_to = { "Melee Attack", "Unarmed Attack" }, outcomes = parry() },
  ["Retreat"] = { kind = "reactive", cost = 3, statuses = { "On Guard" }, response_to = { "Move", "Combat Move" },
                  withdraws = true,
                  outcomes = { { "-", "Failure" }, { 1, "Success", move = "step" }, { 10, "Critical Success", move = "hasty" } } },
  ["Struggle"] = { kind = "reactive", cost = 3, statuses = { "Grappled" }, response_to = { "Escape", "Pin", "Unarmed Attack" },
                   outcomes = stop() },
  ["Wind"] = { kind = "reactive", cost = BW, statuses = { "Bound" }, melee_weapon = true,
               response_to = { "Disarm", "Grapple", "Press", "Withdraw" }, outcomes = stop() },
  -- Counter-tempo
  ["CT Counter-Attack"] = { kind = "counter-tempo", cost = BW, statuses = { "On Guard" }, weapon = "melee", melee_weapon = true,
                            response_to = { "Counter-Attack" }, replacement_for = { "Feint", "Melee Attack" }, outcomes = attack() },
  ["CT Parry"] = { kind = "counter-tempo", cost = BW, statuses = { "On Guard" }, melee_weapon = true,
                   response_to = { "Counter-Attack" }, replacement_for = { "Feint", "Melee Attack" }, outcomes = parry() },
  -- Special: "Perform the special Recover Stamina action" at the end of each turn. Its Success,
  -- "You recover your full allocation", is the round's AP (`flow`), however many a house rule makes
  -- them: "full"; the other rows list their number.
  ["Recover Stamina"] = { kind = "special", cost = 0, statuses = { "Bound", "Grappled", "Off Guard", "On Guard", "Pinned" },
                          usage = "is not ordered: it is the special action every character takes at the end of its turn",
                          outcomes = { { "-", "Failure", regain = 0 },
                                       { -13, "Reduced AP Recovery: 1", regain = 1 }, { -9, "Reduced AP Recovery: 2", regain = 2 },
                                       { -8, "Reduced AP Recovery: 3", regain = 3 }, { -6, "Reduced AP Recovery: 4", regain = 4 },
                                       { -4, "Reduced AP Recovery: 6", regain = 6 }, { -3, "Reduced AP Recovery: 8", regain = 8 },
                                       { -2, "Reduced AP Recovery: 10", regain = 10 }, { -1, "Reduced AP Recovery: 11", regain = 11 },
                                       { 0, "Success", regain = "full" } } },
}
-- "A feint that draws a Parry in response may be replaced with a Counter-Attack with a +3 bonus."
actions["Counter-Attack"].replacement_for = { "Feint" }

-- Whom each action is taken against: an opponent ("your opponent", "your target": a row that
-- does not say), but Move goes toward anyone but oneself, Ready and Recover Stamina are taken against no one,
-- and the actions taken in a bind, grapple or pin against the one who shares it, its partner:
-- Disarm "your opponent of their bound weapon", Grapple "the close proximity of your bind", Press
-- "through the bind", Withdraw "from the bind", Double "ceding control of the Bind", Wind "gain
-- control of a Bind", Escape "from a grapple or pin", Pin and Struggle "gain control of a grapple".
actions["Move"].against = "anyone"
actions["Ready"].against, actions["Recover Stamina"].against = "none", "none"
for _, name in ipairs { "Disarm", "Grapple", "Press", "Withdraw", "Double", "Wind", "Escape", "Pin", "Struggle" } do
  actions[name].against = "partner"
end

arbiter.define.table("actions_data", actions)
