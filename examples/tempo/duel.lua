-- Two duellists with swords, a tempo fight (rules/tempo/README.md). Their decisions are standing
-- orders given as stats (the interim way, until order sheets support sequential flows):
--   arbiter run examples/tempo/duel.lua --rounds 3 --seed 1
-- With seed 1: Ilse strikes twice before Konrad is ready; his Feint draws her Parry and becomes a
-- Counter-Attack (+3). The AP she spent parrying are missing in round 2, which she spends
-- recovering; in round 3 her CT Parry fails against his Counter-Attack, and her next blow fells him.
return {
  rules = { "tempo" },
  map = { width = 6, height = 3, scale = 5 },
  characters = {
    -- Ilse "initiated combat": On Guard, quicker. She attacks twice and keeps 4 AP to parry; a
    -- Counter-Attack against her attack she answers with a CT Parry.
    { name = "Ilse", side = "red", at = "B2", weapon = "Sword", armour = "Leather",
      stats = { guard = "On Guard", initiative = 2, skill = 2,
                plan = { "Melee Attack", "Melee Attack" }, reserve = 4,
                reactions = { "Melee Attack -> Parry", "Unarmed Attack -> Parry" },
                counters = { "Counter-Attack -> CT Parry" } } },
    -- Konrad starts Off Guard: he Readies, then feints to draw a Parry and counter-attacks (+3).
    { name = "Konrad", side = "blue", at = "C2", weapon = "Longsword", armour = "Mail",
      stats = { skill = 1, stamina = 1,
                plan = { "Ready", "Feint", "Melee Attack" },
                reactions = { "Melee Attack -> Counter-Attack" },
                counters = { "Parry -> Counter-Attack", "Counter-Attack -> CT Counter-Attack" } } },
  },
}
