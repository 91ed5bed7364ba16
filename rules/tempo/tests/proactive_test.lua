-- One case or more per proactive action, each quoting the source; fights with scripted dice.
local test = require "arbiter.test"
local bout = require "tests.support.bout"

test.case("Ready (1 AP, Off Guard): \"You ready yourself for combat\" — Off Guard becomes On Guard", function()
  local f = bout.new({ guard = "Off Guard" }, {}, {})
  f:round [[
    Ana:
      1: Ready
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Ready 11" })
  test.equal(bout.exchanges(f), { "Ana Ready (no check: 0; Success)" })
  test.equal(bout.guards(f), { "Ana On Guard", "Bo On Guard" })
end)

test.case("an order the status does not allow is refused with the reason, and the next entry is taken", function()
  local f = bout.new({ guard = "Off Guard" }, {}, {})
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: Ready
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Ready 11" })
  test.equal(bout.refused(f), { "Ana cannot Melee Attack: Off Guard" })
end)

test.case("Melee Attack, unopposed: at Combat Defence a Hit, through armour's protection", function()
  -- Bo in Mail: Combat Defence 0, Combat Defence (Armoured) 0 + 8. 1d10 5: Hit; 1d6 3 - 2 = 1.
  local f = bout.new({}, { armour = "Mail" }, { 5, 3 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 8" })
  test.equal(bout.exchanges(f), { "Ana Melee Attack (1d10 5 = 5; Hit); Bo takes 1 (1d6 3 - 2 armour)" })
  test.equal(f:stat("Bo", "wounds"), 1)
end)

test.case("reach and movement count squares, whatever the map's scale: on 10' squares the sword reaches the next one", function()
  local f = bout.new({}, { armour = "Mail" }, { 5, 3 }, { width = 10, height = 3, scale = 10 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
  ]]
  test.equal(bout.exchanges(f), { "Ana Melee Attack (1d10 5 = 5; Hit); Bo takes 1 (1d6 3 - 2 armour)" })
  local far = bout.new({}, { at = "H2" }, {}, { width = 10, height = 3, scale = 10 })
  far:round [[
    Ana:
      1: Move -> my opponent
    Bo:
  ]]
  test.equal(far:cell("Ana"), "E2")  -- Base Combat Movement, 3 squares
end)

test.case("Melee Attack: at Combat Defence (Armoured) a Critical Hit ignores armour; below Combat Defence a Miss", function()
  local f = bout.new({ skill = 2 }, { armour = "Mail", combat_defence = 4 }, { 10, 3, 1 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: Melee Attack -> my opponent
    Bo:
  ]]
  test.equal(bout.exchanges(f), { "Ana Melee Attack (1d10 10 +2 skill = 12; Critical Hit); Bo takes 3 (1d6 3)",
                                  "Ana Melee Attack (1d10 1 +2 skill = 3; Miss)" })
  test.equal(f:stat("Bo", "wounds"), 3)
  -- The log settles a dispute: the threshold the result was compared with, Combat Defence
  -- (Armoured) 4 + 8 = 12; a Miss, below every threshold, reached none.
  local first, second = f:events("exchange")[1].fields, f:events("exchange")[2].fields
  test.equal({ first.result, first.threshold, first.outcome }, { 12, 12, "Critical Hit" })
  test.equal({ second.result, second.threshold, second.outcome }, { 3, nil, "Miss" })
end)

test.case("Feint: \"A feint that fully resolves has no effect\"; the others see a Melee Attack", function()
  -- Bo parries what he takes for a Melee Attack; Ana does not replace the Feint: it misses.
  local f = bout.new({}, {}, { 9, 2 })
  f:round [[
    Ana:
      1: Feint -> my opponent
    Bo:
      ON Melee Attack: Parry
  ]]
  test.equal(bout.declared(f), { "Ana Feint 8", "Bo Parry 8" })
  test.equal(bout.exchanges(f), { "Ana Feint (1d10 9 = 9 − 2; Miss); Bo Parry (1d10 2 = 2 − 9; Failure)" })
  test.equal(f:stat("Bo", "wounds"), nil)
end)

test.case("a Parry drawn by a Feint is judged on its own table: at 0 it Binds, though the Feint has no effect", function()
  -- "your opponent must also subtract your result from their result before comparing it against
  -- the outcome table of their reaction": Parry 5 − 5 = 0, "Bind": both change to status Bound.
  local f = bout.new({}, {}, { 5, 5 })
  f:round [[
    Ana:
      1: Feint -> my opponent
    Bo:
      ON Melee Attack: Parry
  ]]
  test.equal(bout.exchanges(f), { "Ana Feint (1d10 5 = 5 − 5; Miss); Bo Parry (1d10 5 = 5 − 5; Bind)" })
  test.equal(bout.guards(f), { "Ana Bound", "Bo Bound" })
end)

test.case("Feint: \"A feint that draws a Parry ... may be replaced with a Counter-Attack with a +3 bonus\"", function()
  local f = bout.new({},
                     {}, { 4, 6, 2 })
  f:round [[
    Ana:
      1: Feint -> my opponent
      ON Parry: Counter-Attack
    Bo:
      ON Melee Attack: Parry
  ]]
  -- The Counter-Attack costs what the Feint cost (both By Weapon): nothing more to pay.
  test.equal(bout.declared(f), { "Ana Feint 8", "Bo Parry 8", "Ana Counter-Attack 8" })
  test.equal(bout.exchanges(f), { "Ana Feint replaced by Counter-Attack (1d10 4 +3 Feint = 7 − 6; Critical Hit); "
                                  .. "Bo Parry (1d10 6 = 6 − 7; Failure); Bo takes 2 (1d6 2)" })
end)

test.case("Unarmed Attack (3 AP): \"An opponent who counter-attacks you with a melee weapon receives a +5 bonus\"", function()
  local f = bout.new({}, {}, { 8, 4, 6 })
  f:round [[
    Ana:
      1: Unarmed Attack -> my opponent
    Bo:
      ON Unarmed Attack: Counter-Attack
  ]]
  test.equal(bout.declared(f), { "Ana Unarmed Attack 9", "Bo Counter-Attack 8" })
  test.equal(bout.exchanges(f), { "Ana Unarmed Attack (1d10 8 = 8 − 9; Miss); "
                                  .. "Bo Counter-Attack (1d10 4 +5 against an Unarmed Attack = 9 − 8; Critical Hit); Ana takes 6 (1d6 6)" })
end)

test.case("Disarm (Bound, 8): \"You disarm your opponent of their weapon and the bind ends\"", function()
  local f = bout.new({ guard = "Bound" }, { guard = "Bound" }, { 8 })
  f:round [[
    Ana:
      1: Disarm -> my opponent
    Bo:
  ]]
  test.equal(f:stat("Bo", "weapon"), "Unarmed")
  test.equal(bout.guards(f), { "Ana On Guard", "Bo On Guard" })
end)

test.case("Disarm below 8 fails: no effect, still Bound", function()
  local f = bout.new({ guard = "Bound" }, { guard = "Bound" }, { 7 })
  f:round [[
    Ana:
      1: Disarm -> my opponent
    Bo:
  ]]
  test.equal(f:stat("Bo", "weapon"), "Sword")
  test.equal(bout.guards(f), { "Ana Bound", "Bo Bound" })
end)

test.case("Disarm: \"You disarm your opponent of their weapon\" is narrated, so the refusals that follow make sense", function()
  -- Bo's Double misses (1 − 9); Ana's Disarm (9 − 1) takes his Dagger: his Melee Attack is refused.
  local f = bout.new({ guard = "Bound" }, { guard = "Bound", weapon = "Dagger" }, { 9, 1 })
  f:round [[
    Ana:
      1: Disarm -> my opponent
    Bo:
      1: Melee Attack -> my opponent
      ON Disarm: Double
  ]]
  test.equal(bout.exchanges(f), { "Ana Disarm (1d10 9 = 9 − 1; Success); Bo Double (1d10 1 = 1 − 9; Miss); "
                                  .. "Bo is disarmed of the Dagger" })
  test.equal(bout.refused(f), { "Bo cannot Melee Attack: no melee weapon" })
end)

test.case("Grapple (Bound, 8): \"You successfully initiate a grapple\" — both Grappled (default chosen)", function()
  local f = bout.new({ guard = "Bound" }, { guard = "Bound" }, { 9 })
  f:round [[
    Ana:
      1: Grapple -> my opponent
    Bo:
  ]]
  test.equal(bout.guards(f), { "Ana Grappled", "Bo Grappled" })
end)

test.case("Press (Bound): a Success at Combat Defence strikes through the bind", function()
  local f = bout.new({ guard = "Bound" }, { guard = "Bound", armour = "Leather" }, { 2, 4 })
  f:round [[
    Ana:
      1: Press -> my opponent
    Bo:
  ]]
  test.equal(bout.exchanges(f), { "Ana Press (1d10 2 = 2; Success); Bo takes 3 (1d6 4 - 1 armour)" })
  -- Default chosen: it breaks "through your opponent's bind" but the source does not end the bind.
  test.equal(bout.guards(f), { "Ana Bound", "Bo Bound" })
end)

test.case("Withdraw (Bound, 2 AP, 1): \"You withdraw from the bind successfully\"", function()
  local f = bout.new({ guard = "Bound" }, { guard = "Bound" }, { 1 })
  f:round [[
    Ana:
      1: Withdraw -> my opponent
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Withdraw 10" })
  test.equal(bout.guards(f), { "Ana On Guard", "Bo On Guard" })
end)

test.case("Pin (Grappled, 3 AP, Target: Grapple Defence): \"Your target changes to status Pinned\"", function()
  local f = bout.new({ guard = "Grappled" }, { guard = "Grappled", grapple_defence = 3 }, { 3 })
  f:round [[
    Ana:
      1: Pin -> my opponent
    Bo:
  ]]
  test.equal(bout.guards(f), { "Ana Grappled", "Bo Pinned" })
end)

test.case("Pin below Grapple Defence fails", function()
  local f = bout.new({ guard = "Grappled" }, { guard = "Grappled", grapple_defence = 3 }, { 2 })
  f:round [[
    Ana:
      1: Pin -> my opponent
    Bo:
  ]]
  test.equal(bout.guards(f), { "Ana Grappled", "Bo Grappled" })
end)

test.case("Escape (Grappled or Pinned, 3 AP, 1): \"You escape the grapple or pin\" — both On Guard", function()
  local f = bout.new({ guard = "Pinned" }, { guard = "Grappled" }, { 1 })
  f:round [[
    Ana:
      1: Escape -> my opponent
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Escape 9" })
  test.equal(bout.guards(f), { "Ana On Guard", "Bo On Guard" })
end)

test.case("without orders, a character takes its status's own action while it can pay (default chosen)", function()
  -- Pinned: Escape (3 AP), and both are On Guard; then On Guard: Melee Attack (4 AP) twice.
  local f = bout.new({ guard = "Pinned" }, { guard = "Grappled" }, { 1, 1, 1, 1, 1 })
  f:round [[
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Escape 9", "Ana Melee Attack 5", "Ana Melee Attack 1" })
end)

test.case("without orders, an Off Guard fighter Readies, at no one: Ready takes no target", function()
  local f = bout.new({ guard = "Off Guard", ap = 1 }, {}, {})  -- AP for the Ready only
  f:round [[
    Bo:
  ]]
  local summaries = {}
  for _, e in ipairs(f:events("declared")) do summaries[#summaries + 1] = e.fields.summary end
  test.equal(summaries, { "Ready" })
end)

test.case("Move (2 AP, no check): unopposed it always succeeds, up to Base Combat Movement (3)", function()
  local f = bout.new({}, { at = "H2" }, {})
  f:round [[
    Ana:
      1: Move -> my opponent
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Move 10" })
  test.equal(f:cell("Ana"), "E2")
end)

test.case("Move into a Counter-Attack: \"end your movement immediately at the first valid square if you get hit\": where the blow reaches", function()
  -- Ana walks C2, D2, E2 toward Bo at F2; his sword reaches her at E2, where she is hit and stops
  -- (not at C2, three squares from the sword that hit her).
  local f = bout.new({}, { at = "F2" }, { 3, 2 })
  f:round [[
    Ana:
      1: Move -> my opponent
    Bo:
      ON Move: Counter-Attack
  ]]
  test.equal(bout.exchanges(f), { "Ana Move (no check: 0 − 3; Failure); Bo Counter-Attack (1d10 3 = 3 − 0; Critical Hit); Ana takes 2 (1d6 2)" })
  test.equal(f:cell("Ana"), "E2")
end)

test.case("a Move stopped by a hit is told in the order it happens: she moves to where the blow reaches her, then falls", function()
  -- "must end your movement immediately at the first valid square if you get hit": Ana walks to
  -- E2, where Bo's sword reaches her, and there the blow fells her (health 10, 9 wounds before).
  local f = bout.new({ wounds = 9 }, { at = "F2" }, { 3, 2 })
  f:round [[
    Ana:
      1: Move -> my opponent
    Bo:
      ON Move: Counter-Attack
  ]]
  local told = {}
  for _, line in ipairs(f:narration()) do
    if line:find("^Ana moves") or line:find("^Ana is now Down") then told[#told + 1] = line end
  end
  test.equal(told, { "Ana moves from B2 to E2", "Ana is now Down (Bo: Counter-Attack, Critical Hit)" })
end)

test.case("a Move hit on its way past a Counter-Attack ends there, short of its target", function()
  -- Ana heads for Bo (H2) past Cy (E1): her path C2, D2, E2; Cy's sword reaches D2, where she stops.
  local f = bout.move_past_cy({ bo = "H2", cy = "E1" }, { 3, 2 })
  test.equal(bout.declared(f), { "Ana Move 10", "Cy Counter-Attack 8" })
  test.equal(f:cell("Ana"), "D2")
end)

test.case("Combat Move (3 AP, On Guard): Success at 1 moves one square; Critical Success at 10 surges (default chosen)", function()
  local f = bout.new({}, { at = "H2" }, { 1, 10 })
  f:round [[
    Ana:
      1: Combat Move -> my opponent
      2: Combat Move -> my opponent
    Bo:
  ]]
  test.equal(f:cell("Ana"), "F2")  -- B2 -> C2, then up to 3 squares: C2 -> F2
end)

test.case("Aim (4 AP, On Guard): the aimed accuracy is added to the next Ranged Attack, then spent", function()
  local f = bout.new({ weapon = "Bow" }, { at = "H2", combat_defence = 5 }, { 2, 1 })
  f:round [[
    Ana:
      1: Aim -> my opponent
      2: Ranged Attack -> my opponent
    Bo:
  ]]
  test.equal(bout.exchanges(f), { "Ana Aim (no check: 0; Success)",
                                  "Ana Ranged Attack (1d10 2 +3 aimed = 5; Critical Hit); Bo takes 1 (1d6 1)" })
  test.equal(f:stat("Ana", "aimed"), false)
end)

test.case("Aim: \"for any weapon attacks taken immediately after\": a Counter-Fire, the aimer's next action, takes the accuracy", function()
  -- Ana aims at Bo; on his turn she answers his Move with a Counter-Fire: 1d10 2 +3 aimed = 5, at
  -- his Combat Defence 5 (without the aim, a Miss). That spends her aim.
  local f = bout.new({ weapon = "Bow" }, { at = "H2", combat_defence = 5 }, { 2, 1 })
  f:round [[
    Ana:
      1: Aim -> my opponent
      ON Move: Counter-Fire
    Bo:
      1: Move -> my opponent
  ]]
  test.equal(bout.exchanges(f), { "Ana Aim (no check: 0; Success)",
                                  "Bo Move (no check: 0 − 5; Failure); Ana Counter-Fire (1d10 2 +3 aimed = 5 − 0; Critical Hit); Bo takes 1 (1d6 1)" })
  test.equal(f:stat("Ana", "aimed"), false)
end)

test.case("Aim: only the attack \"immediately after\" the Aim takes the accuracy: a failed Aim between spends it", function()
  -- Round 1: Ana aims. Round 2: she aims again, Bo's Counter-Fire makes that Aim fail ("No
  -- effect"), and her Ranged Attack is no longer right after the Aim that succeeded: 1d10 2, a Miss.
  local f = bout.new({ weapon = "Bow" }, { at = "H2", weapon = "Crossbow", combat_defence = 5 }, { 2, 1, 2 })
  f:round [[
    Ana:
      1: Aim -> my opponent
    Bo:
  ]]
  f:round [[
    Ana:
      1: Aim -> my opponent
      2: Ranged Attack -> my opponent
    Bo:
      ON Aim: Counter-Fire
  ]]
  test.equal(bout.exchanges(f), { "Ana Aim (no check: 0; Success)",
                                  "Ana Aim (no check: 0 − 2; Failure); Bo Counter-Fire (1d10 2 = 2 − 0; Critical Hit); Ana takes 1 (1d8 1)",
                                  "Ana Ranged Attack (1d10 2 = 2; Miss)" })
end)

test.case("Ranged Attack without Aim: no accuracy bonus", function()
  local f = bout.new({ weapon = "Bow" }, { at = "H2", combat_defence = 5 }, { 2 })
  f:round [[
    Ana:
      1: Ranged Attack -> my opponent
    Bo:
  ]]
  test.equal(bout.exchanges(f), { "Ana Ranged Attack (1d10 2 = 2; Miss)" })
end)

test.case("reach (default chosen): a planned Melee Attack from afar becomes a Move; beside the target, the attack", function()
  local f = bout.new({}, { at = "F2" }, { 4, 1 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: Melee Attack -> my opponent
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Move 10", "Ana Melee Attack 6" })
  test.equal(f:cell("Ana"), "E2")
end)

test.case("reach: a melee Counter-Attack answers a Move only if the mover can come within reach", function()
  local far = bout.new({}, { at = "G2" }, {})
  far:round [[
    Ana:
      1: Move -> my opponent
    Bo:
      ON Move: Counter-Attack
  ]]
  test.equal(bout.declared(far), { "Ana Move 10" })
  test.equal(far:cell("Ana"), "E2")
end)

test.case("Move failed but not hit: \"move freely up to your Base Combat Movement\"", function()
  -- Ana's Combat Defence 5: Bo's Counter-Attack (3 - 0) misses, and her Move (0 - 3) fails.
  local f = bout.new({ combat_defence = 5 }, { at = "F2" }, { 3 })
  f:round [[
    Ana:
      1: Move -> my opponent
    Bo:
      ON Move: Counter-Attack
  ]]
  test.equal(bout.exchanges(f), { "Ana Move (no check: 0 − 3; Failure); Bo Counter-Attack (1d10 3 = 3 − 0; Miss)" })
  test.equal(f:cell("Ana"), "E2")
end)

test.case("a Feint is told as a Melee Attack; the log's declaration keeps the truth", function()
  local f = bout.new({}, {}, { 3 })
  f:round [[
    Ana:
      1: Feint -> my opponent
    Bo:
  ]]
  local told = table.concat(f:narration(), "\n")
  test.truthy(told:find("Ana: Melee Attack → Bo (4 AP: 12 → 8)", 1, true), told)
  test.falsy(told:find("Ana: Feint", 1, true), told)
  test.equal(bout.declared(f), { "Ana Feint 8" })
end)

test.case("the Feint's +3 only for \"a Counter-Attack\" replacing \"a feint that draws a Parry\": not for a CT Parry", function()
  -- Bo answers what he takes for a Melee Attack with a Counter-Attack; Ana's CT Parry replaces the
  -- Feint without the bonus: 1d10 3 = 3 − 5, a Failure.
  local f = bout.new({}, {}, { 3, 5, 2 })
  f:round [[
    Ana:
      1: Feint -> my opponent
      ON Counter-Attack: CT Parry
    Bo:
      ON Melee Attack: Counter-Attack
  ]]
  test.equal(bout.declared(f), { "Ana Feint 8", "Bo Counter-Attack 8", "Ana CT Parry 8" })
  test.equal(bout.exchanges(f), { "Ana Feint replaced by CT Parry (1d10 3 = 3 − 5; Failure); "
                                  .. "Bo Counter-Attack (1d10 5 = 5 − 3; Critical Hit); Ana takes 2 (1d6 2)" })
end)

test.case("Ranged Attack (\"with a ranged weapon\") without one is refused before paying", function()
  local f = bout.new({}, {}, {})
  f:round [[
    Ana:
      1: Ranged Attack -> my opponent
    Bo:
  ]]
  test.equal(bout.declared(f), {})
  test.equal(bout.refused(f), { "Ana cannot Ranged Attack: no ranged weapon" })
  test.equal(bout.exchanges(f), {})
end)

test.case("Ready takes no target: written without one, it is declared and told without one", function()
  local f = bout.new({ guard = "Off Guard" }, {}, {})
  f:round [[
    Ana:
      1: Ready
      2: Move W
    Bo:
  ]]
  test.equal(bout.declared(f), { "Ana Ready 11", "Ana Move 9" })
  local told = {}
  for _, line in ipairs(f:narration()) do told[line] = true end
  test.truthy(told["Ana: Ready (1 AP: 12 → 11)"], "told without a target")
end)

test.case("Ready written with a target is refused before the round, as `arbiter check` refuses it", function()
  local f = bout.new({ guard = "Off Guard" }, {}, {})
  test.fails(function() f:round [[
    Ana:
      1: Ready -> my opponent
    Bo:
  ]] end, "'Ready' takes no target: write it without one")
  test.equal(bout.declared(f), {})
end)

test.case("an attack or a movement at oneself is refused, an attack at an ally too; a Move toward an ally goes", function()
  -- Move and Combat Move go toward their target (README: "`Move -> target` (it moves up to Base
  -- Combat Movement toward it)"): toward oneself they would go nowhere, yet cost AP and draw reactions.
  local f = bout.new({}, {}, {})
  for action, wanted in pairs { ["Melee Attack"] = "an enemy", ["Move"] = "another character", ["Combat Move"] = "an enemy" } do
    test.fails(function() f:round(([[
      Ana:
        1: %s -> self
      Bo:
    ]]):format(action)) end, ("'Ana' cannot %s itself: the target of %s is %s"):format(action, action, wanted))
  end
  local fight = require "arbiter.fight"
  local three = fight.new { map = { width = 10, height = 3 }, dice = {}, characters = {
    { name = "Ana", side = "a", at = "B2", weapon = "Sword", stats = { guard = "On Guard" } },
    { name = "Cy", side = "a", at = "F3", weapon = "Sword", stats = { guard = "On Guard" } },
    { name = "Bo", side = "b", at = "C2", weapon = "Sword", stats = { guard = "On Guard" } } } }
  for _, action in ipairs { "Feint", "Unarmed Attack", "Combat Move", "Aim" } do
    test.fails(function() three:round(([[
      Ana:
        1: %s -> "Cy"
    ]]):format(action)) end, ("'Cy' is an ally of 'Ana' (a): the target of %s is an enemy"):format(action))
  end
  -- "The basic move action allows you to move around in combat": toward a friend too.
  three:round [[
    Ana:
      1: Move -> "Cy"
    Cy:
      1: Ready
    Bo:
      1: Ready
  ]]
  test.equal(bout.declared(three)[1], "Ana Move 10")
end)

test.case("Move toward one's own cell is refused in the fight before paying, and no one answers it", function()
  -- A cell names whoever stands there when the order is read (docs/orders.md): the check cannot
  -- tell it is Ana's own, the fight can. "Move -> target": toward Bo's cell it moves toward Bo.
  local f = bout.new({}, { at = "F2" }, { 4 })
  f:round [[
    Ana:
      1: Move -> B2
      2: Move -> F2
    Bo:
      ON Move: Retreat
  ]]
  test.equal(bout.refused(f), { "Ana cannot Move: the target of Move is another character, not Ana itself" })
  test.equal(bout.declared(f), { "Ana Move 10", "Bo Retreat 9" })
  test.equal({ f:cell("Ana"), f:cell("Bo") }, { "E2", "G2" })
end)

test.case("Move says where it goes, and Recover Stamina is never ordered: one message each", function()
  local f = bout.new({}, {}, {})
  for _, written in ipairs { "Move", "Move 10'", "Move (fast) -> Bo" } do
    test.fails(function() f:round("Ana:\n  1: " .. written .. "\n") end,
               "'Move' is written 'Move -> target' (toward someone, stopping beside), 'Move to C3', 'Move away from "
               .. "target' or 'Move E, NE': up to Base Combat Movement")
  end
  test.fails(function() f:round "Ana:\n  1: Recover Stamina\n" end,
             "'Recover Stamina' is not ordered: it is the special action every character takes at the end of its turn")
end)

test.case("Melee Attack and Feint are \"with a melee weapon\": refused with a Bow or Unarmed; without orders, an Unarmed Attack", function()
  -- Disarmed Ana (Unarmed) and Bo with a Bow, side by side. Neither's Melee Attack nor Feint is
  -- taken; Ana, without orders, strikes with "a kick or a punch": Unarmed Attack, 3 AP, 1d3.
  local f = bout.new({ weapon = "Unarmed" }, { weapon = "Bow" }, { 1, 2, 1, 2, 1, 2, 1, 2 })
  f:round [[
    Bo:
      1: Melee Attack -> my opponent
      2: Feint -> my opponent
  ]]
  test.equal(bout.refused(f), { "Bo cannot Melee Attack: no melee weapon", "Bo cannot Feint: no melee weapon" })
  test.equal(bout.declared(f), { "Ana Unarmed Attack 9", "Ana Unarmed Attack 6", "Ana Unarmed Attack 3", "Ana Unarmed Attack 0" })
  test.equal(bout.exchanges(f)[1], "Ana Unarmed Attack (1d10 1 = 1; Critical Hit); Bo takes 2 (1d3 2)")
end)
