-- One case or more per reactive and counter-tempo action: declared by the standing orders
-- (`reactions`, `counters`), paid, and resolved by subtraction inside the exchange.
local test = require "arbiter.test"
local bout = require "tests.support.bout"
local fight = require "arbiter.fight"
local tempo = require "tempo"

test.case("Parry (By Weapon): at 0 a Bind — \"Your opponent's action fails\", both change to status Bound", function()
  local f = bout.new({}, {}, { 5, 5 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
      ON Melee Attack: Parry
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 8", "Bo Parry 8" })
  test.equal(bout.exchanges(f), { "Ana Melee Attack (1d10 5 = 5 − 5; Critical Hit, stopped by Bo's Parry); Bo Parry (1d10 5 = 5 − 5; Bind)" })
  test.equal(f:stat("Bo", "wounds"), nil, "the Bind stops the attack")
  test.equal(bout.guards(f), { "Ana Bound", "Bo Bound" })
  -- The log holds whom it was taken at and each side's outcome row, for a tool that reads no English.
  test.equal(f:events("declared")[1].fields.target, "Bo")
  local exchange = f:events("exchange")[1].fields
  test.equal(exchange.outcome, "Critical Hit")
  -- And the threshold each side's result less the other's reached: 5 − 5 = 0, Bo's Combat Defence
  -- (Armoured) 0 for the Critical Hit, the Bind's 0.
  test.equal(exchange.threshold, 0)
  test.equal(exchange.reactions, { { character = "Bo", action = "Parry", result = 5, outcome = "Bind", threshold = 0,
                                     hit = false } })
end)

test.case("Parry: at 1 a Success stops the attack; below 0 a Failure lets it through", function()
  local f = bout.new({}, {}, { 3, 6, 7, 4, 2 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: Melee Attack -> my opponent
    Bo:
      ON Melee Attack: Parry
  ]]
  test.equal(bout.exchanges(f), { "Ana Melee Attack (1d10 3 = 3 − 6; Miss); Bo Parry (1d10 6 = 6 − 3; Success)",
                                  "Ana Melee Attack (1d10 7 = 7 − 4; Critical Hit); Bo Parry (1d10 4 = 4 − 7; Failure); Bo takes 2 (1d6 2)" })
  test.equal(bout.guards(f), { "Ana On Guard", "Bo On Guard" })
end)

test.case("a reaction that cannot be paid is not declared", function()
  -- Ana's Dagger costs 3, Bo's Great Axe Parry 6: Bo parries twice (12 -> 6 -> 0), not a third time.
  local f = bout.new({ weapon = "Dagger" },
                     { weapon = "Great Axe" }, { 1, 3, 1, 3, 1, 1 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      2: Melee Attack -> my opponent
      3: Melee Attack -> my opponent
    Bo:
      ON Melee Attack: Parry
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 9", "Bo Parry 6", "Ana Melee Attack 6", "Bo Parry 0", "Ana Melee Attack 3" })
  test.equal(f:stat("Bo", "wounds"), 1)
end)

test.case("Evade (2 AP): at 0 \"You successfully evade your opponent's blow\"", function()
  local f = bout.new({}, {}, { 4, 4 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
      ON Melee Attack: Evade
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 8", "Bo Evade 10" })
  test.equal(bout.exchanges(f), { "Ana Melee Attack (1d10 4 = 4 − 4; Critical Hit, stopped by Bo's Evade); Bo Evade (1d10 4 = 4 − 4; Success)" })
  test.equal(f:stat("Bo", "wounds"), nil)
end)

test.case("Counter-Attack: \"they can result in both parties getting hit\" — a tie at Combat Defence 0", function()
  local f = bout.new({}, {}, { 6, 6, 2, 3 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
      ON Melee Attack: Counter-Attack
  ]]
  test.equal(bout.exchanges(f), { "Ana Melee Attack (1d10 6 = 6 − 6; Critical Hit); Bo Counter-Attack (1d10 6 = 6 − 6; Critical Hit); "
                                  .. "Ana takes 2 (1d6 2); Bo takes 3 (1d6 3)" })
  test.equal({ f:stat("Ana", "wounds"), f:stat("Bo", "wounds") }, { 2, 3 })
end)

test.case("CT Counter-Attack replaces the Melee Attack (Replacement For) against a Counter-Attack, paying the difference: 0", function()
  local f = bout.new({},
                     {}, { 8, 5, 4 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      ON Counter-Attack: CT Counter-Attack
    Bo:
      ON Melee Attack: Counter-Attack
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 8", "Bo Counter-Attack 8", "Ana CT Counter-Attack 8" })
  test.equal(bout.exchanges(f), { "Ana Melee Attack replaced by CT Counter-Attack (1d10 8 = 8 − 5; Critical Hit); "
                                  .. "Bo Counter-Attack (1d10 5 = 5 − 8; Miss); Bo takes 4 (1d6 4)" })
end)

test.case("CT Parry: a Bind against the Counter-Attack stops it, and both are Bound", function()
  local f = bout.new({},
                     {}, { 5, 5 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
      ON Counter-Attack: CT Parry
    Bo:
      ON Melee Attack: Counter-Attack
  ]]
  test.equal(bout.exchanges(f), { "Ana Melee Attack replaced by CT Parry (1d10 5 = 5 − 5; Bind); Bo Counter-Attack (1d10 5 = 5 − 5; Critical Hit, stopped by Ana's CT Parry)" })
  test.equal(f:stat("Ana", "wounds"), nil)
  test.equal(bout.guards(f), { "Ana Bound", "Bo Bound" })
end)

test.case("a counter-tempo action only replaces what its Replacement For lists: not an Unarmed Attack", function()
  local f = bout.new({},
                     {}, { 5, 1, 1 })
  f:round [[
    Ana:
      1: Unarmed Attack -> my opponent
      ON Counter-Attack: CT Parry
    Bo:
      ON Unarmed Attack: Counter-Attack
  ]]
  test.equal(bout.declared(f), { "Ana Unarmed Attack 9", "Bo Counter-Attack 8" })
end)

test.case("a reaction must be a Response To what it answers: no Dodge against a Melee Attack", function()
  local f = bout.new({}, {}, {})
  -- The sheet is refused before the round (Dodge's definition `answers` its row's Response To)...
  test.fails(function()
    f:round [[
      Ana:
        1: Melee Attack -> my opponent
      Bo:
        ON Melee Attack: Dodge
    ]]
  end, "<round sheet>:4:26: 'Dodge' does not answer Melee Attack: it answers Ranged Attack")
  test.equal(bout.declared(f), {})
  -- ...and the rules refuse it in the fight too, whoever proposes it.
  local intent, reason = f:within(function()
    local ana, bo = world.character("Ana"), world.character("Bo")
    return tempo.response(bo, { actor = ana, action = "Melee Attack", target = bo }, 12, { action = "Dodge" })
  end)
  test.equal(intent, nil)
  test.equal(reason, "it does not answer Melee Attack")
end)

test.case("Dodge (2 AP): only \"at a distance greater than your opponent's ranged weapon attack speed\"", function()
  -- A Bow's speed: 4 squares. At 5 squares Bo may Dodge; at 4 he may not.
  local far = bout.new({ weapon = "Bow" }, { at = "G2" }, { 3, 3 })
  far:round [[
    Ana:
      1: Ranged Attack -> my opponent
    Bo:
      ON Ranged Attack: Dodge
  ]]
  test.equal(bout.exchanges(far), { "Ana Ranged Attack (1d10 3 = 3 − 3; Critical Hit, stopped by Bo's Dodge); Bo Dodge (1d10 3 = 3 − 3; Success)" })
  local near = bout.new({ weapon = "Bow" }, { at = "F2" }, { 3, 1 })
  near:round [[
    Ana:
      1: Ranged Attack -> my opponent
    Bo:
      ON Ranged Attack: Dodge
  ]]
  test.equal(bout.declared(near), { "Ana Ranged Attack 7" })
  test.equal(bout.refused(near), { "Bo cannot Dodge: not beyond Ana's attack speed" })
end)

test.case("Counter-Fire (ranged weapon) answers an Aim: a failed Aim gives no accuracy", function()
  local f = bout.new({ weapon = "Bow" }, { at = "H2", weapon = "Crossbow" }, { 2, 5 })
  f:round [[
    Ana:
      1: Aim -> my opponent
    Bo:
      ON Aim: Counter-Fire
  ]]
  test.equal(bout.exchanges(f), { "Ana Aim (no check: 0 − 2; Failure); Bo Counter-Fire (1d10 2 = 2 − 0; Critical Hit); Ana takes 5 (1d8 5)" })
  test.equal(f:stat("Ana", "aimed"), nil)
end)

test.case("Retreat (3 AP) answers a Combat Move: Success at 1 steps away; the Combat Move fails", function()
  local f = bout.new({}, { at = "E2" }, { 3, 5 })
  f:round [[
    Ana:
      1: Combat Move -> my opponent
    Bo:
      ON Combat Move: Retreat
  ]]
  test.equal(bout.exchanges(f), { "Ana Combat Move (1d10 3 = 3 − 5; Failure); Bo Retreat (1d10 5 = 5 − 3; Success)" })
  test.equal({ f:cell("Ana"), f:cell("Bo") }, { "B2", "F2" })
end)

test.case("Wind (Bound) answers a Disarm: \"preventing an opponent from exploiting\" the Bind", function()
  local f = bout.new({ guard = "Bound" }, { guard = "Bound" }, { 10, 2 })
  f:round [[
    Ana:
      1: Disarm -> my opponent
    Bo:
      ON Disarm: Wind
  ]]
  test.equal(bout.exchanges(f), { "Ana Disarm (1d10 10 = 10 − 2; Success); Bo Wind (1d10 2 = 2 − 10; Failure); "
                                  .. "Bo is disarmed of the Sword" })
  test.equal(f:stat("Bo", "weapon"), "Unarmed")
  local g = bout.new({ guard = "Bound" }, { guard = "Bound" }, { 9, 9 })
  g:round [[
    Ana:
      1: Disarm -> my opponent
    Bo:
      ON Disarm: Wind
  ]]
  test.equal(g:stat("Bo", "weapon"), "Sword")
  test.equal(bout.guards(g), { "Ana Bound", "Bo Bound" })
end)

test.case("Double (Bound) answers a Press: it can hit, and cedes the Bind (default chosen: both On Guard)", function()
  local f = bout.new({ guard = "Bound" }, { guard = "Bound" }, { 2, 6, 4 })
  f:round [[
    Ana:
      1: Press -> my opponent
    Bo:
      ON Press: Double
  ]]
  test.equal(bout.exchanges(f), { "Ana Press (1d10 2 = 2 − 6; Failure); Bo Double (1d10 6 = 6 − 2; Critical Hit); Ana takes 4 (1d6 4)" })
  test.equal(bout.guards(f), { "Ana On Guard", "Bo On Guard" })
end)

test.case("Struggle (Grappled) answers a Pin: at 0 the Pin fails", function()
  local f = bout.new({ guard = "Grappled" }, { guard = "Grappled" }, { 6, 6 })
  f:round [[
    Ana:
      1: Pin -> my opponent
    Bo:
      ON Pin: Struggle
  ]]
  test.equal(bout.declared(f), { "Ana Pin 9", "Bo Struggle 9" })
  test.equal(bout.exchanges(f), { "Ana Pin (1d10 6 = 6 − 6; Success, stopped by Bo's Struggle); Bo Struggle (1d10 6 = 6 − 6; Success)" })
  test.equal(bout.guards(f), { "Ana Grappled", "Bo Grappled" })
end)

test.case("a status gates reactions: an Off Guard character cannot Parry", function()
  local f = bout.new({}, { guard = "Off Guard" }, { 1, 1 })
  f:round [[
    Ana:
      1: Melee Attack -> my opponent
    Bo:
      ON Melee Attack: Parry
  ]]
  test.equal(bout.declared(f), { "Ana Melee Attack 8" })
  test.equal(bout.refused(f), { "Bo cannot Parry: Off Guard" })
end)

test.case("a third fighter's Counter-Attack against a Move: the mover still heads for its target", function()
  local f = bout.move_past_cy({ bo = "E2", cy = "D3" }, { 1, 1 })
  -- A Move threatens every opponent: Cy answers it, and Ana's Move fails at the first square,
  -- toward Bo (C2), not toward Cy (C3).
  test.equal(bout.declared(f), { "Ana Move 10", "Cy Counter-Attack 8" })
  test.equal(f:cell("Ana"), "C2")
  test.equal(f:stat("Ana", "wounds"), 1)
end)

test.case("a Counter-Attack answers a Move where its path comes within reach, not where its ends do", function()
  -- "You may move freely up to your Base Combat Movement but must end your movement immediately at
  -- the first valid square if you get hit": the blow falls on the way.
  -- Ana (B1) heads for Bo (H3): C2, D3, E3. Cy (C4) is out of reach of B1 and of E3, but D3 is
  -- beside him: he strikes her there, and she stops.
  local passing = bout.move_past_cy({ ana = "B1", bo = "H3", cy = "C4" }, { 3, 2 })
  test.equal(bout.declared(passing), { "Ana Move 10", "Cy Counter-Attack 8" })
  test.equal(passing:cell("Ana"), "D3")
  -- Ana (B2) heads for Bo (E2): C2, D2. Cy (F3) would be within reach of a Move of 3 squares
  -- straight at him, but her path never comes beside him: no blow, and she walks on.
  local wide = bout.move_past_cy({ bo = "E2", cy = "F3" }, {})
  test.equal(bout.declared(wide), { "Ana Move 10" })
  test.equal(bout.refused(wide), { "Cy cannot Counter-Attack: Ana's Move does not come within reach" })
  test.equal(wide:cell("Ana"), "D2")
end)

-- Ana Moves (or Combat Moves) toward Bo past Cy, both answering it with `bo` and `cy`: a round on a
-- map 8 x 3 with scripted `dice`, fighters placed by `at` ({ ana = "A2", bo = "E2", cy = "B3" }).
local function move_into_blows(move, at, bo, cy, dice, cy_weapon)
  local f = bout.new({ at = at.ana }, { at = at.bo }, dice, { width = 8, height = 3 }, { at = at.cy, weapon = cy_weapon })
  f:round(([[
    Ana:
      1: %s -> "Bo"
    Bo:
      ON %s: %s
    Cy:
      ON %s: %s
  ]]):format(move, move, bo, move, cy))
  return f
end

test.case("the first blow on a Move's way stops it: a later striker whose reach it never enters does not land", function()
  -- Move: "must end your movement immediately at the first valid square if you get hit". Ana (A2)
  -- heads for Bo (E2): B2, C2, D2. Cy's sword (B3) reaches B2, where she is hit and stops; Bo's
  -- (E2) would reach her only at D2, three squares on: his blow does not land, and no damage is
  -- rolled for it (dice: Bo 5, Cy 5, Cy's damage 2).
  local f = move_into_blows("Move", { ana = "A2", bo = "E2", cy = "B3" }, "Counter-Attack", "Counter-Attack", { 5, 5, 2 })
  test.equal(bout.exchanges(f), { "Ana Move (no check: 0 − 5; Failure); Bo Counter-Attack (1d10 5 = 5 − 0; Critical Hit, "
    .. "does not reach Ana); Cy Counter-Attack (1d10 5 = 5 − 0; Critical Hit); Ana takes 2 (1d6 2)" })
  test.equal(f:cell("Ana"), "B2")
  test.equal(f:stat("Ana", "wounds"), 2)
  test.equal(f:events("exchange")[1].fields.hit, { "Ana" })
end)

test.case("blows whose reach covers the square where a Move is stopped all land there", function()
  -- Ana (A2) heads for Bo (C2): her first square, B2, is beside him, and beside Cy (B1) too: both
  -- blows land where she stops (dice: Bo 5, Cy 5, their damage 2 and 3).
  local f = move_into_blows("Move", { ana = "A2", bo = "C2", cy = "B1" }, "Counter-Attack", "Counter-Attack", { 5, 5, 2, 3 })
  test.equal(f:cell("Ana"), "B2")
  test.equal(f:stat("Ana", "wounds"), 5)
end)

test.case("a shot stops a Move at its first square: a sword it would have reached later does not land", function()
  -- A shot lands at once ("the first valid square if you get hit"): Cy's crossbow bolt (H3) stops
  -- Ana at B2, and Bo's sword (E2), which reaches only D2 of her way, does not land (dice: Bo 9,
  -- Cy 5, the bolt's damage 6).
  local f = move_into_blows("Move", { ana = "A2", bo = "E2", cy = "H3" }, "Counter-Attack", "Counter-Fire", { 9, 5, 6 }, "Crossbow")
  test.equal(bout.exchanges(f), { "Ana Move (no check: 0 − 9; Failure); Bo Counter-Attack (1d10 9 = 9 − 0; Critical Hit, "
    .. "does not reach Ana); Cy Counter-Fire (1d10 5 = 5 − 0; Critical Hit); Ana takes 6 (1d8 6)" })
  test.equal(f:cell("Ana"), "B2")
  test.equal(f:stat("Ana", "wounds"), 6)
end)

test.case("a failed Combat Move \"does not move\": a Counter-Attack that reaches only its way does not land", function()
  -- Combat Move Failure: "You fail to make any progress and do not move". Ana (B2) stays two
  -- squares from Bo (D2), out of his sword's reach: his Critical Hit does not land (dice: Ana 2, Bo 5).
  local f = bout.new({}, { at = "D2" }, { 2, 5 })
  f:round [[
    Ana:
      1: Combat Move -> my opponent
    Bo:
      ON Combat Move: Counter-Attack
  ]]
  test.equal(bout.exchanges(f), { "Ana Combat Move (1d10 2 = 2 − 5; Failure); Bo Counter-Attack (1d10 5 = 5 − 2; "
    .. "Critical Hit, does not reach Ana)" })
  test.equal(f:cell("Ana"), "B2")
  test.equal(f:stat("Ana", "wounds"), nil)
end)

test.case("every opponent declares its reaction before the actor is asked for a counter-tempo action", function()
  -- A turn: "Declare Reactive Action: Opponents may declare a reactive action taken in response to
  -- your proactive action", then "Declare Counter-Tempo Action". Bo and Cy both answer Ana's Move;
  -- only then is Ana asked about each Counter-Attack (her CT Parry replaces no Move). Both miss her.
  local f = bout.new({ combat_defence = 20 }, { at = "E2" }, { 1, 1 }, nil, { at = "D3" })
  f:round [[
    Ana:
      1: Move -> "Bo"
      ON Counter-Attack: CT Parry
    Bo:
      ON Move: Counter-Attack
    Cy:
      ON Move: Counter-Attack
  ]]
  local window = {}
  for _, e in ipairs(f:events()) do
    if e.type == "declared" then window[#window + 1] = e.fields.character .. " " .. e.fields.action end
    if e.type == "order_refused" then window[#window + 1] = e.fields.character .. " cannot " .. e.fields.action end
  end
  test.equal(window, { "Ana Move", "Bo Counter-Attack", "Cy Counter-Attack", "Ana cannot CT Parry", "Ana cannot CT Parry" })
  test.equal(bout.refused(f)[1], "Ana cannot CT Parry: it does not replace Move")
end)

test.case("an entry naming a reactive action is refused on one's turn", function()
  local f = bout.new({}, {}, {})
  -- The sheet is refused before the round (Parry's definition `answers`, and replaces nothing)...
  test.fails(function()
    f:round [[
      Ana:
        1: Parry -> my opponent
      Bo:
    ]]
  end, "<round sheet>:2:12: 'Parry' answers another's action (Melee Attack, Unarmed Attack")  -- (a house rule's Lunge)
  test.equal(bout.declared(f), {})
  -- ...and the rules refuse it in the fight too, whoever proposes it.
  local intent, reason = f:within(function()
    return tempo.next_action(world.character("Ana"), 12, { action = "Parry", target = world.character("Bo") })
  end)
  test.equal(intent, nil)
  test.equal(reason, "it answers another's action, it is not taken on one's turn")
end)

test.case("Parry, \"interpose your own melee weapon\": not with a Bow, nor Unarmed (Evade is left)", function()
  for _, weapon in ipairs { "Bow", "Unarmed" } do
    local f = bout.new({}, { weapon = weapon }, { 4, 1 })
    f:round [[
      Ana:
        1: Melee Attack -> my opponent
      Bo:
        ON Melee Attack: Parry
    ]]
    test.equal(bout.declared(f), { "Ana Melee Attack 8" }, weapon)
    test.equal(bout.refused(f), { "Bo cannot Parry: no melee weapon" }, weapon)
  end
end)

test.case("Counter-Attack, \"deflect an incoming melee attack while simultaneously launching one of your own\": not with a Bow, nor Unarmed", function()
  for _, weapon in ipairs { "Bow", "Unarmed" } do
    local f = bout.new({}, { weapon = weapon }, { 4, 1 })
    f:round [[
      Ana:
        1: Melee Attack -> my opponent
      Bo:
        ON Melee Attack: Counter-Attack
    ]]
    test.equal(bout.declared(f), { "Ana Melee Attack 8" }, weapon)
    test.equal(bout.refused(f), { "Bo cannot Counter-Attack: no melee weapon" }, weapon)
  end
end)

test.case("several reactions to one Combat Move: its own outcome is taken against its target's, whatever the encounter's order", function()
  -- Not in the source: default chosen (README): "each is opposed to the action's one result; the
  -- action's own outcome is taken against the first (its target's)". Ana (skill 5) rolls 10: 15.
  -- Bo, her target, Retreats with 9, Cy Counter-Attacks with 1. Against Bo's 9, Ana's 6 is a
  -- Success, one square; against Cy's 1 it would be a Critical Success, three.
  local function combat_move(order)
    local at = { Ana = "A2", Bo = "H2", Cy = "B3" }
    local characters = {}
    for _, name in ipairs(order) do
      characters[#characters + 1] = { name = name, side = name == "Ana" and "a" or "b", at = at[name], weapon = "Sword",
                                      stats = { guard = "On Guard", health = 40, skill = name == "Ana" and 5 or 0,
                                                initiative = name == "Ana" and 1 or 0 } }
    end
    local f = fight.new { map = { width = 10, height = 4 }, dice = { 10, 9, 1 }, characters = characters }
    f:round [[
      Ana:
        1: Combat Move -> "Bo"
      Bo:
        ON Combat Move: Retreat
      Cy:
        ON Combat Move: Counter-Attack
    ]]
    return f
  end
  for _, order in ipairs { { "Ana", "Bo", "Cy" }, { "Ana", "Cy", "Bo" } } do
    local f = combat_move(order)
    test.equal(bout.exchanges(f), { "Ana Combat Move (1d10 10 +5 skill = 15 − 9; Success); "
      .. "Bo Retreat (1d10 9 = 9 − 15; Failure); Cy Counter-Attack (1d10 1 = 1 − 15; Miss)" })
    test.equal(f:cell("Ana"), "B2")
  end
end)
