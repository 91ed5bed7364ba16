-- The numbers and fixed facts of every action in the source, keyed by the action's name, so the
-- action code (issue 6) reads them from here and a house rule can patch them. What the actions
-- do step by step is behaviour and comes with that code; README.md lists it. The fields that only
-- record the source's words, which that code carries out (`roll`, `trigger`, `unaware`, …), are
-- refused when a house rule changes them, naming what governs them (tables_check.lua).
--
-- Vocabulary:
--   group            the source's heading: Movement, Combat, Spellcasting, Support, Involuntary
--   tag              "R" (Ready all Action Phase), "NR" (Not Ready), "R/NR" (Use Item: by use)
--   move             { max = feet } (0: "Stay in place"; absent: the source does not say),
--                    and when stated: min_for_favor, away_from_hostiles, required (must
--                    move), adjacent_to_target
--   attacks          { count, kind = "melee"|"ranged"|"melee_or_thrown"|"any",
--                      modifier = "favor"|"disfavor", targets = "adjacent" } — the attacks the
--                      action makes, `count` of them, each of that `kind`; an order of it whose
--                      weapon can make none of that kind is refused before it is declared
--                      (Charge, Ranged Attack, Rapid Fire, and Aim by its next_action's)
--   attacks_on_you   { melee|ranged|all = "favor"|"disfavor" } for this Action Phase
--   only_attacks_of_opportunity   makes no Attacks except Attacks of Opportunity
--   roll             the check the action asks for, in the source's words
--   concentration_check           hit while taking it: Concentration Check (rules.concentration_checks)
local arbiter = require "arbiter"

local STAY = { max = 0 }

arbiter.define.table("actions_data", {
  -- Movement Actions
  ["Move"] = { group = "Movement", tag = "R", move = { max = 15 } },
  ["Sprint"] = { group = "Movement", tag = "NR", move = { max = 30 },
                 attacks_on_you = { ranged = "disfavor" } },
  ["Fall Back"] = { group = "Movement", tag = "R", move = { max = 15, away_from_hostiles = true },
                    attacks_on_you = { melee = "disfavor" }, prevents_attacks_of_opportunity = true },
  ["Skulk"] = { group = "Movement", tag = "R", move = { max = 15 }, roll = "Stealth",
                hidden = { must_end_in = { "Cover", "Concealment" },
                           -- "Overt Actions such as Attacks, Sprint, etc reveal you": Arbiter's Discretion.
                           -- `moving_otherwise`: moving by another action than Skulk (which moves
                           -- "while attempting to stay Hidden") ends Hidden (README: default chosen).
                           revealed_by = { examples = { "Attacks", "Sprint" }, arbiter_decides = true,
                                           moving_otherwise = true } },
                -- "Characters who are Not Ready or whose Perception is below the Stealth Roll are Unaware"
                unaware = { not_ready = true, perception_below_roll = true },
                first_attack_on_unaware = "favor" },

  -- Combat Actions
  -- "make an Attack with Favor": not said melee, but "Charge into melee toward the closest foe"
  -- and Clash pair it with melee. A melee Attack, or a weapon thrown at the end of the run; never
  -- a shot of a bow, crossbow, sling or blowgun (README: default chosen). `kind = "any"` lets it shoot.
  ["Charge"] = { group = "Combat", tag = "NR", move = { max = 15, min_for_favor = 10 },
                 attacks = { count = 1, kind = "melee_or_thrown", modifier = "favor" } },
  -- "make two Attacks against adjacent opponents": not said melee either. A melee Attack, or a
  -- weapon thrown at them; a bow is not shot (README: default chosen).
  ["Full Attack"] = { group = "Combat", tag = "NR", move = STAY,
                      attacks = { count = 2, kind = "melee_or_thrown", targets = "adjacent" },
                      attacks_on_you = { melee = "favor" } },
  ["Counter"] = { group = "Combat", tag = "R", move = STAY,
                  attacks = { count = 1, kind = "melee", targets = "adjacent" },
                  attacks_on_you = { melee = "disfavor" } },
  ["Ranged Attack"] = { group = "Combat", tag = "R", move = STAY,
                        attacks = { count = 1, kind = "ranged" },
                        attacks_on_you = { melee = "favor" } },
  ["Rapid Fire"] = { group = "Combat", tag = "NR", move = STAY,
                     attacks = { count = 2, kind = "ranged", modifier = "disfavor" },
                     attacks_on_you = { melee = "favor" }, reload_weapons_allowed = false },
  ["Aim"] = { group = "Combat", tag = "NR", move = STAY, attacks_on_you = { melee = "favor" },
              -- "If your next Action is Ranged Attack, it gains Favor and has +1 Penetration."
              next_action = { name = "Ranged Attack", modifier = "favor", penetration = 1 } },
  ["Defend"] = { group = "Combat", tag = "R", move = STAY, only_attacks_of_opportunity = true,
                 attacks_on_you = { melee = "disfavor" }, unless_unaware_of_attacker = true,
                 saving_throws = "favor" },
  ["Guard"] = { group = "Combat", tag = "R", move = { max = 15, adjacent_to_target = true },
                only_attacks_of_opportunity = true, unless_unaware_of_attacker = true,
                -- "Opponents attacking the Guarded roll their Attack against the Guard's
                -- Deflection": against = "defense" is the default chosen (README).
                block = { against = "defense",
                          die = { count = 1, sides = 6, bonus = 0 },  -- "roll a dice": any die, only parity counts
                          on_even = "hits_guard", on_odd = "attacker_rolls_against_guarded" },
                deflection_per_additional_attack = -1,
                -- "your Deflection has a -1 penalty this Action Phase": the Guard's own Defense
                -- too, not only its blocks (README: default chosen).
                penalty_on_own_defense = true,
                cannot_guard = { "area_of_effect", "ignores_absorb" } },

  -- Spellcasting Actions
  ["Prepare Spell"] = { group = "Spellcasting", tag = "NR", move = STAY, target_declared = false,
                        attacks_on_you = { all = "favor" }, concentration_check = true,
                        on_failed_check = { replace_next_action = "Dazed" },
                        prepared_at = "action_phase_end" },
  ["Release Spell"] = { group = "Spellcasting", tag = "NR", move = STAY, needs = "prepared_spell" },
  ["Focus Spell"] = { group = "Spellcasting", tag = "NR", move = STAY, attacks_on_you = { all = "favor" },
                      concentration_check = true,
                      on_failed_check = { replace_next_action = "Dazed", lose_focus = true } },

  -- Support Actions
  ["Use Item"] = { group = "Support", tag = "R/NR",
                   uses = { quick = { ready = true, examples = { "drinking a potion", "swapping weapons",
                                                                "reloading a light crossbow" } },
                            complex = { ready = false, examples = { "reloading a heavy crossbow",
                                                                   "removing armor" } } },
                   many_rounds_examples = { "donning heavy armor" } },
  ["Rescue"] = { group = "Support", tag = "NR", move = { max = 15 }, carries = 1, encumbered = true,
                 attacks_on_you = { all = "favor" },
                 -- "If you are hit, roll a die: On even numbers, the Character you are carrying is hit instead."
                 carried_hit = { die = { count = 1, sides = 6, bonus = 0 }, on = "even" } },
  ["Stabilize"] = { group = "Support", tag = "NR", roll = "Medical", target = "Fatally Wounded",
                    on_success = "Stable" },

  -- Involuntary Actions
  ["Crash"] = { group = "Involuntary", tag = "R", trigger = { paths_cross = "allies", either_not_ready = true },
                roll = "Dexterity Saving Throw", ready_roll = "favor", not_ready_roll = "disfavor",
                on_failed_roll = { ready = "stop_and_not_ready", not_ready = "stop_and_prone" } },
  ["Clash"] = { group = "Involuntary", tag = "NR", trigger = { paths_cross = "opponents" },
                stop = "where_paths_intersect", attacks_of_opportunity = 1,
                charge_attack = "favor" },
  ["Dazed"] = { group = "Involuntary", tag = "NR", move = STAY, attacks_on_you = { all = "favor" } },
  ["Terror"] = { group = "Involuntary", tag = "NR",
                 move = { max = 30, required = true, away_from_hostiles = true },
                 attacks = { count = 1, kind = "any", modifier = "disfavor", only_if_cornered = true } },
})
