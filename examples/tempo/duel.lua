-- Two duellists with swords, a tempo fight (rules/tempo/README.md). Their decisions are the order
-- sheets of each round (docs/orders.md): the actions of each turn in order, and standing orders
-- (ON) for what they answer:
--   arbiter run examples/tempo/duel.lua --seed 1 --orders examples/tempo/duel-round1.txt \
--     examples/tempo/duel-round2.txt examples/tempo/duel-round3.txt
-- With seed 1: Ilse strikes twice before Konrad is ready (Off Guard, he cannot counter-attack);
-- his Feint draws her Parry and becomes a Counter-Attack (+3). The AP she spent parrying are
-- missing in round 2, which both spend recovering; in round 3 her CT Parry fails against his
-- Counter-Attack, and her next blow fells him. Without --orders, `--ask` has the GM decide.
return {
  rules = { "tempo" },
  map = { width = 6, height = 3, scale = 5 },
  characters = {
    -- Ilse "initiated combat": On Guard, quicker.
    { name = "Ilse", side = "red", at = "B2", weapon = "Sword", armour = "Leather",
      stats = { guard = "On Guard", initiative = 2, skill = 2 } },
    -- Konrad starts Off Guard.
    { name = "Konrad", side = "blue", at = "C2", weapon = "Longsword", armour = "Mail",
      stats = { skill = 1, stamina = 1 } },
  },
}
