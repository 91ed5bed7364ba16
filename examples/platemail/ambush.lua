-- An ambush on a forest road: bandit archers behind a low wall and a hedge, a hedge-witch
-- preparing a spell and a cutthroat skulking in the undergrowth, against a patrol on the road.
--   arbiter run examples/platemail/ambush.lua --orders examples/platemail/ambush-round1.txt \
--     examples/platemail/ambush-round2.txt --seed 90
return {
  rules = { "platemail" },
  map = {
    width = 14, height = 9, scale = 5,
    terrain = {
      -- A low wall the archers shoot over: Cover ("approximately half a Character's body").
      ["J5"] = { object = "low wall", shelter = "cover" }, ["J6"] = { object = "low wall", shelter = "cover" },
      ["J7"] = { object = "low wall", shelter = "cover" },
      -- A thick hedge: Concealment ("line of sight is blocked completely").
      ["F6"] = { object = "hedge", shelter = "concealment" }, ["F7"] = { object = "hedge", shelter = "concealment" },
      ["G6"] = { object = "hedge", shelter = "concealment" },
      -- The archers' knoll: High Ground.
      ["K6"] = { height = 1, name = "knoll" }, ["K7"] = { height = 1, name = "knoll" },
    },
  },
  characters = {
    -- The patrol, on the road (row 3), marching east.
    { name = "Sergeant Hale", side = "patrol", at = "D3", weapon = "Sword", armor = "Chain Mail", shield = "Shield",
      stats = { dexterity = 1, perception = 12 } },
    { name = "Pike", side = "patrol", at = "C3", weapon = "Pike", armor = "Leather", stats = { perception = 9 } },
    { name = "Crossbowman", side = "patrol", at = "B3", weapon = "Heavy Crossbow", armor = "Leather" },
    { name = "Medic", side = "patrol", at = "A3", weapon = "Staff", armor = "Leather", stats = { medical = 5 } },
    -- The bandits.
    { name = "Archer", side = "bandits", at = "K6", weapon = "Long Bow", armor = "Leather", stats = { strength = 2 } },
    { name = "Slinger", side = "bandits", at = "K7", weapon = "Sling", armor = "Leather" },
    { name = "Witch", side = "bandits", at = "L5", weapon = "Staff", stats = { concentration = 2 } },
    { name = "Cutthroat", side = "bandits", at = "G7", weapon = "Dagger", armor = "Leather",
      stats = { stealth = 6 } },
  },
}
