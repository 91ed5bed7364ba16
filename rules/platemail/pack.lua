return {
  name = "platemail",
  version = "1.2.0",
  api = 2,
  description = "Platemail: simultaneous two-phase rounds, Favor/Disfavor, d20 vs Defense, "
    .. "Absorb and Penetration, Wounds. This version holds the source's data: weapons, armor, "
    .. "shields, their properties and the numbers of every rule and action.",
}
