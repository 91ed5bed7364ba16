local test = require "arbiter.test"
local fight = require "arbiter.fight"
local arbiter = require "arbiter"

test.case("a rule cannot play a round of the fight from inside that fight's round", function()
  local f
  arbiter.override.action("Full Attack", { ready = false, resolve = function() f:round("Orc:\n  1: Defend\n  2: Defend\n") end })
  f = fight.new { map = { width = 6, height = 3 }, characters = {
      { name = "Aldric", side = "party", at = "B2", weapon = "Sword" },
      { name = "Orc", side = "orcs", at = "C2", weapon = "Axe" } }, dice = { 10 } }
  -- The Orc only moves: this pack's Defend, its default order, sets itself off again.
  test.fails(function()
    f:round("Aldric:\n  1: Full Attack -> Orc\n  2: Full Attack -> Orc\nOrc:\n  1: Move E\n  2: Move E\n")
  end, "Aldric's Full Attack failed in round 1")
  test.equal(#f:failures(), 2, "both Full Attacks fail")
  local said = table.concat(f:narration(), "\n")
  test.truthy(said:find("Aldric's Full Attack fails: [^\n]*round_inside_round_test.lua:7: this fight is playing "
    .. "a round: f:round cannot be called from inside it"), said)
  test.falsy(said:find("Round 2"), "no round is played inside the round")
end)
