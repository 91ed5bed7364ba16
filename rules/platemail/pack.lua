return {
  name = "platemail",
  version = "1.3.0",
  api = 2,
  description = "Platemail: simultaneous two-phase rounds, Favor/Disfavor, d20 vs Defense, "
    .. "Absorb and Penetration, Wounds. This version is the whole ruleset: the source's data (weapons, "
    .. "armor, shields, their properties, the numbers of every rule and action) and every action and rule in a fight.",
}
