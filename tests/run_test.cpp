// `arbiter run` as a GM uses it: the example fights narrated exactly as pinned in tests/golden/
// (regenerate with tests/golden/regenerate, and read the diff before committing it), the same
// inputs giving the same narration and log byte for byte, a saved fight resuming to the same
// continuation, house rules changing the results, and bad input refused with its position.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/arbiter_process.hpp"
#include "tests/support/temp_dir.hpp"

using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using Catch::Matchers::StartsWith;

namespace {

const std::string skirmish =
    "run examples/platemail/skirmish.lua --orders examples/platemail/skirmish-round1.txt "
    "examples/platemail/skirmish-round2.txt --seed 1";
const std::string ambush =
    "run examples/platemail/ambush.lua --orders examples/platemail/ambush-round1.txt "
    "examples/platemail/ambush-round2.txt --seed 90";

}  // namespace

TEST_CASE("the skirmish is narrated as pinned: a Crash, a Clash, an Attack of Opportunity, overkill, a fall and a "
          "Stabilize",
          "[run][golden]") {
  const auto run = arbiter(skirmish);
  REQUIRE(run.exit_code == 0);
  CHECK(run.output == read_text("tests/golden/skirmish.txt"));
  // What the golden must show, whatever it is regenerated to.
  CHECK_THAT(run.output, Contains("Crash! Brienne and Cedric cross paths"));
  CHECK_THAT(run.output, Contains("Clash! Aldric and Orc meet"));
  CHECK_THAT(run.output, Contains("(Attack of Opportunity) attacks Orc Brute"));
  CHECK_THAT(run.output, Contains("Aldric: 4 hits, Absorb 1 — 4 Wounds (4 of 3)"));  // overkill: 4 when 1 would do
  CHECK_THAT(run.output, Contains("Aldric falls Unconscious, Fatally Wounded: 3 Rounds to live"));
  CHECK_THAT(run.output, Contains("Dara Stabilizes Aldric"));
  // The source's own example order, Charge then IF I reach the enemy: Full Attack.
  CHECK_THAT(run.output, Contains("Aldric: Full Attack"));
}

TEST_CASE("the ambush is narrated as pinned: archers in cover on high ground, a spell lost to a Concentration Check, a reload, a Guard Unaware of the attacker, a skulker its own Attack of Opportunity reveals, striking from hiding the next round", "[run][golden]") {
  const auto run = arbiter(ambush);
  REQUIRE(run.exit_code == 0);
  CHECK(run.output == read_text("tests/golden/ambush.txt"));
  CHECK_THAT(run.output, Contains("Heavy Crossbow: d20 15 +3 Favor (target's Prepare Spell) −2 Cover −2 range 35'–60' = 14"));
  CHECK_THAT(run.output, Contains("Long Bow: d20 7 +3 Favor (Aim) +2 High Ground = 12"));
  // The low wall at the archers' feet is shot over: no Cover for Pike out on the road.
  CHECK_THAT(run.output, Contains("Slinger (Ranged Attack) attacks Pike with Sling: d20 2 +2 High Ground = 4"));
  // Hit while preparing: the check fails, the spell is lost and the Witch is Dazed for a phase.
  CHECK_THAT(run.output, Contains("Concentration Check d20 6 +2 concentration = 8 vs 10 — fails: Dazed, the spell is lost"));
  CHECK_THAT(run.output, Contains("  Witch: Dazed (Dazed: the order is lost)\n"));
  // A declaration names what the order adds in parentheses: the spell, the use of an item.
  CHECK_THAT(run.output, Contains("  Witch: Prepare Spell (Spell)\n"));
  CHECK_THAT(run.output, Contains("  Crossbowman: Use Item (reload)\n"));
  CHECK_THAT(run.output, Contains("reloads the Heavy Crossbow (Use Item, complex)"));
  // "Overt Actions such as Attacks ... reveal you": the skulker's Attack of Opportunity at the
  // sergeant passing it keeps it from hiding in that phase's Skulk.
  CHECK_THAT(run.output, Contains("Cutthroat skulks, but its Attack of Opportunity revealed it: not Hidden"));
  // The next round it hides in the hedge, then strikes the Unaware Crossbowman: Favor, the Dagger's
  // +1 Penetration, and the reveal told after the Attack.
  CHECK_THAT(run.output, Contains("Cutthroat is now Hidden (Skulk)"));
  CHECK_THAT(run.output, Contains("+3 Favor (Unaware target) = 23 vs Defense 12 (Medic cannot block: Unaware of the "
                                  "attacker) — hit; 1 Wound, Penetration 1\n"
                                  "  Cutthroat is no longer Hidden (attacks: revealed)"));
  // Guard: "You can attempt to block Attacks against the Guarded as long as you are not Unaware of
  // the Attacker": the Medic guards the Crossbowman, but cannot block the hidden Cutthroat.
  CHECK_THAT(run.output, Contains("  Medic: Guard → Crossbowman\n"));
}

TEST_CASE("house rules change the skirmish: Favor +2 and Max Wounds 4", "[run][golden]") {
  const auto run = arbiter(skirmish + " --house platemail-house");
  REQUIRE(run.exit_code == 0);
  CHECK(run.output == read_text("tests/golden/skirmish-house.txt"));
  CHECK(run.output != read_text("tests/golden/skirmish.txt"));
  CHECK_THAT(run.output, Contains("+2 Favor (Charge, Clash)"));
  CHECK_THAT(run.output, Contains("(4 of 4)"));
}

TEST_CASE("the same fight and seed give the same narration and log, byte for byte", "[run]") {
  TempDir dir;
  const auto first = arbiter(skirmish + " --log " + (dir / "a.jsonl"));
  const auto second = arbiter(skirmish + " --log " + (dir / "b.jsonl"));
  REQUIRE(first.exit_code == 0);
  CHECK(first.output == second.output);
  CHECK(read_text(dir / "a.jsonl") == read_text(dir / "b.jsonl"));
  CHECK_THAT(read_text(dir / "a.jsonl"), Contains("\"type\":\"roll\""));  // every roll is in the log
}

TEST_CASE("a saved fight resumes to exactly the continuation of the unbroken one", "[run]") {
  TempDir dir;
  const auto whole = arbiter(skirmish + " --log " + (dir / "whole.jsonl"));
  const auto first = arbiter("run examples/platemail/skirmish.lua --orders examples/platemail/skirmish-round1.txt "
                             "--seed 1 --save " + (dir / "round1.json"));
  const auto rest = arbiter("run examples/platemail/skirmish.lua --orders examples/platemail/skirmish-round2.txt "
                            "--resume " + (dir / "round1.json") + " --log " + (dir / "rest.jsonl"));
  REQUIRE(whole.exit_code == 0);
  REQUIRE(first.exit_code == 0);
  REQUIRE(rest.exit_code == 0);
  CHECK(first.output + rest.output == whole.output);
  const std::string whole_log = read_text(dir / "whole.jsonl"), rest_log = read_text(dir / "rest.jsonl");
  REQUIRE(rest_log.size() < whole_log.size());
  CHECK(whole_log.substr(whole_log.size() - rest_log.size()) == rest_log);  // numbered on from the save
}

TEST_CASE("a save keeps which order a default order stood in for, and resumes to the unbroken fight", "[run][save]") {
  // The Archer's Charge with a Long Bow is refused in both phases of round 1: its last intent, which
  // the save keeps, is a default order standing in for it.
  TempDir dir;
  std::ofstream(dir / "round1.txt") << "Round 1\nArcher:\n  1: Charge -> \"Sergeant Hale\"\n  2: Charge -> \"Pike\"\n";
  const std::string sheets = "examples/platemail/ambush.lua --seed 4 --orders " + (dir / "round1.txt");
  const auto whole = arbiter("run " + sheets + " examples/platemail/ambush-round2.txt");
  const auto first = arbiter("run " + sheets + " --save " + (dir / "s.json"));
  const auto rest = arbiter("run examples/platemail/ambush.lua --orders examples/platemail/ambush-round2.txt --resume " +
                            (dir / "s.json"));
  REQUIRE(whole.exit_code == 0);
  REQUIRE(first.exit_code == 0);
  REQUIRE(rest.exit_code == 0);
  CHECK_THAT(read_text(dir / "s.json"), Contains("\"refused\": \"Charge -> \\\"Pike\\\"\""));
  CHECK(first.output + rest.output == whole.output);
}

TEST_CASE("arbiter run refuses bad input with its position and exit 1, and keeps the save untouched", "[run]") {
  TempDir dir;
  {
    std::ofstream sheet(dir / "bad.txt");
    sheet << "Aldric:\n  1: Chrage -> closest enemy\n  2: Defend\n";
  }
  const auto bad_sheet = arbiter("run examples/platemail/skirmish.lua --seed 1 --orders " + (dir / "bad.txt"));
  CHECK(bad_sheet.exit_code == 1);
  CHECK_THAT(bad_sheet.output, Contains("bad.txt:2:6: error: unknown action 'Chrage'"));
  CHECK_THAT(bad_sheet.output, Contains("Charge"));

  REQUIRE(arbiter("run examples/platemail/skirmish.lua --orders examples/platemail/skirmish-round1.txt --seed 1 "
                  "--save " + (dir / "s.json"))
              .exit_code == 0);
  const std::string saved = read_text(dir / "s.json");
  const auto past = arbiter("run examples/platemail/skirmish.lua --orders examples/platemail/skirmish-round1.txt "
                            "--resume " + (dir / "s.json") + " --save " + (dir / "s.json"));
  CHECK(past.exit_code == 1);
  CHECK_THAT(past.output, Contains("the sheet is for round 1, but the fight has already played 1 round"));
  CHECK(read_text(dir / "s.json") == saved);

  CHECK(arbiter("run examples/platemail/skirmish.lua --resume " + (dir / "s.json") + " --seed 3").exit_code == 2);
  const auto missing = arbiter("run examples/platemail/nowhere.lua --seed 1");
  CHECK(missing.exit_code == 1);
  CHECK_THAT(missing.output, Contains("no such encounter file"));
}

TEST_CASE("scripted dice drive a fight, and a round without orders is the default order, said so", "[run]") {
  const auto run = arbiter("run examples/platemail/skirmish.lua --rounds 1 --dice 1");
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Aldric: Defend (no order for this phase: Defend, the default order)"));
}

TEST_CASE("the house pack's new action Shield Bash can be ordered under it only, and explain shows who made it",
          "[run]") {
  TempDir dir;
  {
    std::ofstream sheet(dir / "bash.txt");
    sheet << "Aldric:\n  1: Shield Bash -> closest enemy\n  2: Defend\n";
  }
  const std::string run = "run examples/platemail/skirmish.lua --seed 1 --orders " + (dir / "bash.txt");
  const auto house = arbiter(run + " --house platemail-house");
  CHECK(house.exit_code == 0);
  CHECK_THAT(house.output, Contains("Aldric: Shield Bash"));
  const auto plain = arbiter(run);
  CHECK(plain.exit_code == 1);
  CHECK_THAT(plain.output, Contains("unknown action 'Shield Bash'"));

  const auto explain = arbiter("explain platemail platemail-house \"action:Shield Bash\"");
  CHECK(explain.exit_code == 0);
  CHECK_THAT(explain.output, Contains("defined by platemail-house at examples/packs/platemail-house/init.lua"));
}

TEST_CASE("a ruleset's bad status or flow is reported at its line before any round is played", "[run]") {
  const auto status = arbiter("run tests/encounters/bad-status.lua --seed 1 --rounds 1");
  CHECK(status.exit_code == 1);
  CHECK_THAT(status.output, Contains("tests/packs/bad-status/init.lua:4:"));
  CHECK_THAT(status.output, Contains("status 'Stunned': 'duration' must be a whole number from 0 to 1000000, not -1"));
  const auto misspelt = arbiter("run examples/platemail/skirmish.lua --seed 1 --rounds 1 --house typo-status");
  CHECK(misspelt.exit_code == 1);
  CHECK_THAT(misspelt.output, Contains("tests/packs/typo-status/init.lua:2:52: error: status 'Winded' has no field 'durration' "
                                       "(did you mean 'duration'?)"));
  const auto flow = arbiter("run tests/encounters/no-flow.lua --seed 1 --rounds 1");
  CHECK(flow.exit_code == 1);
  CHECK_THAT(flow.output, Contains("tests/packs/no-flow/init.lua:3:"));
  CHECK_THAT(flow.output, Contains("unknown kind of phase 'simultanous' (did you mean 'simultaneous'?)"));
}

TEST_CASE("the time the GM takes to roll a die by hand or to answer --ask is no pack's budget", "[run][by-hand]") {
  // The first answer comes after the round's whole time budget, and the watchdog's 2 s of grace
  // past it, have gone by: counted, they stopped the round, blaming the pack.
  // 2 s: no call of the packs nears it, even under the sanitizers on a loaded machine.
  const std::string fight = std::string(ARBITER_BINARY) + " --max-seconds 2 run examples/tempo/duel.lua --quiet ";
  const auto by_hand = shell("(sleep 4.5; yes 3) | " + fight + "--orders examples/tempo/duel-round1.txt --roll-by-hand");
  CHECK(by_hand.exit_code == 0);
  CHECK_THAT(by_hand.output, !Contains("budget"));
  // No sheet: every order is asked for, the default taken (an empty answer).
  const auto asked = shell("(sleep 2.5; yes '') | " + fight + "--ask --seed 1");
  CHECK(asked.exit_code == 0);
  CHECK_THAT(asked.output, !Contains("budget"));
}

TEST_CASE("dice rolled by hand are asked for with their reason, and when they run out the fight stops unsaved",
          "[run]") {
  TempDir dir;
  {
    std::ofstream rolls(dir / "rolls.txt");
    rolls << "25\n15\n11\n";  // 25 is not on a d20: asked again. Then the input ends.
  }
  const std::string round1 =
      "run examples/platemail/skirmish.lua --orders examples/platemail/skirmish-round1.txt --save " + (dir / "never.json");
  const auto by_hand = arbiter(round1 + " --roll-by-hand < " + (dir / "rolls.txt"));
  CHECK(by_hand.exit_code == 1);
  CHECK_THAT(by_hand.output, Contains("Roll a d20 for Brienne's Dexterity Saving Throw (Crash): "));
  CHECK_THAT(by_hand.output, Contains("'25' is not a face of a d20"));
  CHECK_THAT(by_hand.output, Contains("no value was given for the d20 for Aldric attacks Orc: the input ended"));
  // The unanswered prompt's line ends: what is told next starts a line of its own.
  CHECK_THAT(by_hand.output, Contains("Roll a d20 for Aldric attacks Orc: \n"));
  CHECK_FALSE(std::filesystem::exists(dir / "never.json"));

  // The same from a script: the two saves, then the attack finds no die left.
  const auto short_script = arbiter(round1 + " --dice 15,11");
  CHECK(short_script.exit_code == 1);
  CHECK_THAT(short_script.output, Contains("the scripted dice ran out: all 2 values were used, and a d20 is needed"));
  CHECK_FALSE(std::filesystem::exists(dir / "never.json"));
  // Platemail tells rolls inside its actions' sentences, which never landed: the phase's rolls
  // are told on their own before the error.
  CHECK_THAT(short_script.output,
             Contains("  The fight stopped. The rolls of this phase so far:\n"
                      "  Brienne's Dexterity Saving Throw (Crash): 1d20 = [15] = 15\n"
                      "  Cedric's Dexterity Saving Throw (Crash): 1d20 = [11] = 11\n"));
}

TEST_CASE("dice rolled by hand in a simultaneous phase are asked under the action they are for, its outcome told after",
          "[run]") {
  // The phase's changes land together at its end: every die is asked for first, each action's
  // under a line naming it, so the GM knows what a die without a name in its reason is for.
  TempDir dir;
  {
    std::ofstream rolls(dir / "rolls.txt");
    for (int i = 0; i < 40; ++i) rolls << "10\n";
  }
  const auto by_hand = arbiter("run examples/platemail/skirmish.lua --orders examples/platemail/skirmish-round1.txt "
                               "--roll-by-hand < " + (dir / "rolls.txt"));
  CHECK(by_hand.exit_code == 0);
  const std::string& told = by_hand.output;
  const auto aldric = told.find("  Dice for Aldric's Charge → Orc (what it does is told as the phase ends):\n"
                                "Roll a d20 for Aldric attacks Orc: ");
  REQUIRE(aldric != std::string::npos);
  const auto orc = told.find("  Dice for Orc's Charge → Aldric (what it does is told as the phase ends):\n"
                             "Roll a d20 for Orc attacks Aldric: ", aldric);
  REQUIRE(orc != std::string::npos);
  CHECK(orc < told.find("Aldric (Charge) attacks Orc with Sword", aldric));
  // Rolls outside an action (a Crash's saving throws, as everyone moves) name their character already.
  CHECK(told.find("  Dice for") == aldric);
}

TEST_CASE("a fight stopped before a phase's first die lists no rolls: the earlier phases' were told", "[run]") {
  // Round 1 is ordered and played; round 2's orders are asked for, and the input ends at the first
  // question, before any die of round 2.
  const auto asked = arbiter("run examples/platemail/skirmish.lua --orders examples/platemail/skirmish-round1.txt "
                             "--rounds 2 --ask --seed 1 < /dev/null");
  CHECK(asked.exit_code == 1);
  CHECK_THAT(asked.output, Contains("Round 2"));
  CHECK_THAT(asked.output, !Contains("The rolls of this phase so far"));
}

TEST_CASE("a written way ends at a wall: the character goes as far as it can, and the fight goes on", "[run]") {
  TempDir dir;
  {
    std::ofstream sheet(dir / "wall.txt");
    // The yard's north wall runs between rows 7 and 8 at column C; Brienne steps out of C6.
    sheet << "Brienne:\n  1: Move E\n  2: Defend\nCedric:\n  1: Move N, N, N\n  2: Defend\n";
  }
  const auto run = arbiter("run examples/platemail/skirmish.lua --seed 1 --orders " + (dir / "wall.txt"));
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Cedric moves from C5 to C7"));
  // Nothing in that round rolls: a die given for it is said to be left over.
  const auto scripted = arbiter("run examples/platemail/skirmish.lua --dice 5 --orders " + (dir / "wall.txt"));
  CHECK(scripted.exit_code == 0);
  CHECK_THAT(scripted.output, EndsWith("warning: 1 of the values given with --dice was not rolled: 5\n"));
}

TEST_CASE("a tempo duel is narrated as pinned: declare, react, counter-tempo, resolve, with AP before and after",
          "[run][golden]") {
  const auto run = arbiter("run examples/tempo/duel.lua --seed 1 --orders examples/tempo/duel-round1.txt "
                          "examples/tempo/duel-round2.txt examples/tempo/duel-round3.txt");
  REQUIRE(run.exit_code == 0);
  CHECK(run.output == read_text("tests/golden/duel.txt"));
  // Off Guard, Konrad's standing order to counter-attack is refused, with the reason.
  CHECK_THAT(run.output, Contains("  Ilse: Melee Attack → Konrad (4 AP: 12 → 8)\n"
                                  "  Konrad cannot Counter-Attack: Off Guard\n"));
  // Round 1: Konrad's Melee Attack (a Feint, told as the others see it) draws Ilse's Parry; his
  // entry "IF my attack was parried THEN Counter-Attack" answers it, replacing the Feint; then
  // the exchange resolves.
  CHECK_THAT(run.output, Contains("  Konrad: Melee Attack → Ilse (5 AP: 11 → 6)\n"
                                  "  Ilse: Parry → Konrad (4 AP: 12 → 8)\n"
                                  "  Konrad: Counter-Attack → Ilse (0 AP: 6 → 6)\n"
                                  "  Konrad Feint replaced by Counter-Attack"));
  // Round 3: Ilse's attack draws a Counter-Attack, which she answers with a CT Parry.
  CHECK_THAT(run.output, Contains("Ilse: CT Parry → Konrad (0 AP: 8 → 8)"));
  CHECK_THAT(run.output, Contains("recovers stamina"));
}

TEST_CASE("a side with no one left able to act is said once, as the round it came to that ends, and the run plays on",
          "[run]") {
  // docs/fights.md: "When a side has no one left able to act … `run` says it once, as the round it
  // came to that ends"; "The fight does not stop there". Konrad, alone on side blue, is Down in round 3.
  TempDir dir;
  const std::string duel = "run examples/tempo/duel.lua --seed 1 --orders examples/tempo/duel-round1.txt "
                           "examples/tempo/duel-round2.txt examples/tempo/duel-round3.txt";
  const std::string said = "  No one on side 'blue' is left able to act.\n";
  const auto whole = arbiter(duel + " --rounds 5");
  REQUIRE(whole.exit_code == 0);
  CHECK(occurrences(whole.output, said) == 1);
  CHECK_THAT(whole.output, Contains("  Round counter: 3\n" + said + "\nRound 4\n"));
  CHECK_THAT(whole.output, Contains("\nRound 5\n"));
  // A fight resumed with the side already so does not say it again.
  REQUIRE(arbiter(duel + " --quiet --save " + (dir / "s.json")).exit_code == 0);
  const auto resumed = arbiter("run examples/tempo/duel.lua --rounds 2 --resume " + (dir / "s.json"));
  REQUIRE(resumed.exit_code == 0);
  CHECK_THAT(resumed.output, !Contains("left able to act"));
}

TEST_CASE("a reaction by flow.react in a tempo turn is declared with its cost and points, as tempo narrates them",
          "[run]") {
  // Tempo's narration of a declaration names {cost}, {points_before} and {points}: every
  // declaration of a sequential phase has them, an extra action by flow.react too (it costs 0).
  const auto run = arbiter("run examples/tempo/duel.lua --seed 1 --orders examples/tempo/duel-round1.txt "
                           "--house reacting-house");
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("  Ilse: Melee Attack → Konrad (a second blow) (0 AP: 8 → 8)\n"));
}

TEST_CASE("a tempo grapple is narrated as pinned: Bound, Grappled, Pinned and free again", "[run][golden]") {
  const auto run = arbiter("run examples/tempo/grapple.lua --seed 22 --orders examples/tempo/grapple-round1.txt "
                          "examples/tempo/grapple-round2.txt");
  REQUIRE(run.exit_code == 0);
  CHECK(run.output == read_text("tests/golden/grapple.txt"));
  // Grapple: "You successfully initiate a grapple against your opponent": both are Grappled.
  CHECK_THAT(run.output, Contains("  Hugo is now Grappled (Hugo: Grapple, Success)\n"));
  CHECK_THAT(run.output, Contains("  Bram is now Grappled (Hugo: Grapple, Success)\n"));
  // A Struggle that succeeds stops the Pin: Bram stays Grappled after the first.
  CHECK_THAT(run.output, Contains("  Hugo: Pin → Bram (3 AP: 9 → 6)\n  Bram: Struggle → Hugo (3 AP: 8 → 5)\n"));
  // Pin: "Your target changes to status Pinned"; Escape: "You escape the grapple or pin", for both.
  CHECK_THAT(run.output, Contains("  Bram is now Pinned (Hugo: Pin, Success)\n"));
  CHECK_THAT(run.output, Contains("  Bram is now On Guard (Bram: Escape, Success)\n"));
  CHECK_THAT(run.output, Contains("  Hugo is now On Guard (Bram: Escape, Success)\n"));
}

namespace {

// The example duel with Konrad On Guard from the start, so that he can answer Ilse's attack.
std::string duel_with_konrad_on_guard(const TempDir& dir) {
  const std::string file = dir / "duel.lua";
  REQUIRE(shell("sed 's/stamina = 1 }/stamina = 1, guard = \"On Guard\" }/' examples/tempo/duel.lua > " + file)
              .exit_code == 0);
  return file;
}

}  // namespace

TEST_CASE("run with ask: the GM answers each decision of a tempo turn at the terminal, checked like a sheet's line",
          "[run][ask]") {
  TempDir dir;
  {
    std::ofstream answers(dir / "answers.txt");
    answers << "Melee Atack -> my opponent\n"   // Ilse's first action: a typo, asked again
            << "Melee Attack -> my opponent\n"  // Ilse attacks; Konrad, Off Guard, could answer nothing: not asked
            << "\n"                             // Ilse ends her turn
            << "Ready\n"                        // Konrad readies (Ready takes no target), aimed at no one: no one asked
            << "\n";                            // Konrad ends his turn
  }
  const auto run = arbiter("run examples/tempo/duel.lua --seed 1 --rounds 1 --ask < " + (dir / "answers.txt"));
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Ilse's next action (12 AP left; empty: end the turn): answer:1:1: error: unknown "
                                  "action 'Melee Atack'\n  Melee Atack -> my opponent\n  ^\n  did you mean 'Melee "
                                  "Attack'?\n"));
  CHECK_THAT(run.output, Contains("Konrad's next action (12 AP left; empty: end the turn)"));
  CHECK_THAT(run.output, Contains("  Ilse: Melee Attack → Konrad (4 AP: 12 → 8)\n"));
  CHECK_THAT(run.output, Contains("  Konrad: Ready (1 AP: 12 → 11)\n"));
  CHECK_THAT(run.output, !Contains("response ("));
}

TEST_CASE("run with ask: a response is asked only of one who could give one, offering what the rules would take",
          "[run][ask]") {
  TempDir dir;
  std::ofstream(dir / "answers.txt") << "Melee Attack -> my opponent\n"  // Ilse attacks
                                     << "Parry\n"                        // Konrad parries
                                     << std::string(4, '\n');
  const auto run = arbiter("run " + duel_with_konrad_on_guard(dir) + " --seed 1 --rounds 1 --ask < " +
                           (dir / "answers.txt"));
  CHECK(run.exit_code == 0);
  // Dodge answers only a Ranged Attack; a Parry costs the Longsword's 5 AP.
  CHECK_THAT(run.output, Contains("Ilse declared Melee Attack → Konrad. Konrad's response (Counter-Attack, Evade, "
                                  "Parry; 12 AP left; empty: none): "));
  CHECK_THAT(run.output, Contains("  Konrad: Parry → Ilse (5 AP: 12 → 7)\n"));
  // Nothing of Ilse's replaces a Melee Attack answering a Parry (a CT action answers a Counter-Attack).
  CHECK_THAT(run.output, !Contains("Ilse's response"));
}

TEST_CASE("run with ask: a Feint is asked about as the Melee Attack the others see, not as the Feint", "[run][ask]") {
  // Tempo: "A feint may be declared as a regular attack but ... you must record this fact privately".
  TempDir dir;
  std::ofstream(dir / "answers.txt") << "Feint -> my opponent\n" << std::string(5, '\n');
  const auto run = arbiter("run " + duel_with_konrad_on_guard(dir) + " --seed 1 --rounds 1 --ask < " +
                           (dir / "answers.txt"));
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Ilse declared Melee Attack → Konrad. Konrad's response ("));
  CHECK_THAT(run.output, !Contains("declared Feint"));
}

TEST_CASE("run with ask: phases without a sheet's order are asked, and when the input ends the fight stops unsaved",
          "[run][ask]") {
  TempDir dir;
  {
    std::ofstream answers(dir / "answers.txt");
    answers << "\n" << "Chrage -> the closest enemy\n" << "Charge -> the closest enemy\n";
  }
  const auto run = arbiter("run examples/platemail/skirmish.lua --seed 1 --rounds 1 --ask --save " +
                           (dir / "never.json") + " < " + (dir / "answers.txt"));
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("Round 1, 1st Action Phase: Aldric's order (empty: Defend, the default order): "));
  CHECK_THAT(run.output, Contains("answer:1:1: error: unknown action 'Chrage'"));
  CHECK_THAT(run.output, Contains("did you mean 'Charge'?"));
  CHECK_THAT(run.output, EndsWith("error: the input ended before an answer to: Round 1, 1st Action Phase: Cedric's "
                                  "order (empty: Defend, the default order)\n"));
  // The unanswered prompt's line ends: what is told next starts a line of its own.
  CHECK_THAT(run.output, Contains("Cedric's order (empty: Defend, the default order): \n"));
  CHECK_FALSE(std::filesystem::exists(dir / "never.json"));
}

TEST_CASE("run with ask: an answer of only a comment is no answer, as a sheet's comment line orders nothing: the "
          "question stands",
          "[run][ask]") {
  // docs/fights.md: the answer "is written as a sheet's line"; a sheet's line of only a comment is
  // no entry. It was read as an order of no action: "phase 1 of 'Aldric' has no action", no column.
  TempDir dir;
  std::ofstream(dir / "answers.txt") << "# Aldric goes first\n" << "Charge -> the closest enemy # and fast\n";
  const auto run = arbiter("run examples/platemail/skirmish.lua --seed 1 --rounds 1 --ask < " + (dir / "answers.txt"));
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("Aldric's order (empty: Defend, the default order): a comment is no answer: the "
                                  "question stands (write the order; an empty line: none)\nRound 1, 1st Action "
                                  "Phase: Aldric's order (empty: Defend, the default order): Round 1, 1st Action "
                                  "Phase: Brienne's order"));
  CHECK_THAT(run.output, !Contains("has no action"));
}

TEST_CASE("arbiter run refuses a Round N sheet and an unnumbered one ordering one character, and cells off the map",
          "[run]") {
  TempDir dir;
  {
    std::ofstream(dir / "r1.txt") << "Round 1\nAldric:\n  1: Move E\n  2: Move E\n";
    std::ofstream(dir / "rn.txt") << "Aldric:\n  1: Move S\n  2: Move S\n";
    std::ofstream(dir / "off.txt") << "Goblin:\n  1: Move to Q99\n  2: Defend\n";
  }
  const auto both = arbiter("run examples/platemail/skirmish.lua --seed 1 --rounds 2 --orders " + (dir / "r1.txt") +
                            " " + (dir / "rn.txt"));
  CHECK(both.exit_code == 1);
  CHECK_THAT(both.output, Contains("rn.txt:1:1: error: 'Aldric' already has orders"));
  CHECK_THAT(both.output, Contains("a sheet without 'Round N' is for the next round to play, round 1"));
  CHECK_THAT(both.output, !Contains("Round 1\n"));  // nothing is played
  const auto off = arbiter("run examples/platemail/skirmish.lua --seed 1 --orders " + (dir / "off.txt"));
  CHECK(off.exit_code == 1);
  CHECK_THAT(off.output, Contains("off.txt:2:14: error: there is no cell Q99 on this 12×8 grid (A1..L8); did you mean L8?"));
  CHECK(arbiter("check --encounter examples/platemail/skirmish.lua " + (dir / "off.txt")).exit_code == 1);
}

TEST_CASE("run with ask: what happened is narrated before each question, and before the fight stops at the end of "
          "the input",
          "[run][ask]") {
  TempDir dir;
  std::ofstream(dir / "answers.txt") << "Melee Attack -> my opponent\n";  // Ilse attacks. Then the input ends.
  const auto run = arbiter("run examples/tempo/duel.lua --seed 1 --rounds 1 --ask < " + (dir / "answers.txt"));
  CHECK(run.exit_code == 1);
  const auto attack = run.output.find("  Ilse: Melee Attack → Konrad (4 AP: 12 → 8)\n");
  REQUIRE(attack != std::string::npos);
  CHECK(attack < run.output.find("Ilse's next action (8 AP left"));
  CHECK_THAT(run.output, EndsWith("error: the input ended before an answer to: Ilse's next action (8 AP left; empty: "
                                  "end the turn)\n"));
}

TEST_CASE("run with ask: a refused answer is said once and not logged, an IF that does not hold and an ON are asked "
          "again",
          "[run][ask]") {
  TempDir dir;
  std::ofstream(dir / "answers.txt") << "IF I have at least 20 AP THEN Melee Attack -> my opponent\n"  // does not hold
                                     << "Ready\n"                   // Ilse is On Guard: Ready is Off Guard's
                                     << "ON Melee Attack: Parry\n"  // not an answer
                                     << "Melee Atack\n"             // a typo: the refusal is not said again
                                     << "Melee Attack -> my opponent\n"
                                     << "Dodge\n"  // Konrad: it answers only a Ranged Attack, as a sheet's line would
                                     << std::string(8, '\n');
  const auto run = arbiter("run " + duel_with_konrad_on_guard(dir) + " --seed 1 --rounds 1 --ask --log " +
                           (dir / "log.jsonl") + " < " + (dir / "answers.txt"));
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Ilse's next action (12 AP left; empty: end the turn): no condition of that answer "
                                  "holds and it has no ELSE: nothing to do\nIlse's next action (12 AP left"));
  CHECK_THAT(run.output, Contains("answer:1:1: error: a standing order (ON …: …) is not an answer here: write the "
                                  "order itself\n"));
  const std::string refusal = "Ilse cannot Ready: On Guard";
  const auto refused = run.output.find(refusal);
  REQUIRE(refused != std::string::npos);
  CHECK(run.output.find("cannot Ready", refused + refusal.size()) == std::string::npos);
  // An answer is checked as the standing order ON what it answers.
  CHECK_THAT(run.output, Contains("answer:1:1: error: 'Dodge' does not answer Melee Attack: it answers Ranged Attack\n"));
  const std::string events = read_text(dir / "log.jsonl");
  CHECK_THAT(events, !Contains("order_refused"));
  CHECK_THAT(events, Contains("Melee Attack"));
}

TEST_CASE("run with ask: a mistake is told in the answer's own words, a sheet's number is refused, and ? lists what "
          "may be taken",
          "[run][ask]") {
  TempDir dir;
  std::ofstream(dir / "answers.txt") << "99\n"                              // no order at all
                                     << "1: Melee Attack -> my opponent\n"  // a sheet's habit
                                     << "?\n"                               // what Ilse may take
                                     << "Counter-Attack\n"  // it replaces a Feint: asked for as a response
                                     << "Feint -> my opponent\n"
                                     << "?\n"  // Konrad's responses
                                     << "Parry\n" << std::string(6, '\n');
  const auto run = arbiter("run " + duel_with_konrad_on_guard(dir) + " --seed 1 --rounds 1 --ask < " +
                           (dir / "answers.txt"));
  CHECK(run.exit_code == 0);
  const std::string question = "Ilse's next action (12 AP left; empty: end the turn): ";
  CHECK_THAT(run.output, Contains(question + "answer:1:1: error: expected an order: an action's name, or IF … THEN …\n"
                                             "  99\n  ^\n"));
  CHECK_THAT(run.output, Contains(question + "answer:1:1: error: write the order without its number: 'Melee Attack -> "
                                             "my opponent'\n"));
  // On Guard with a Longsword: neither Ready (Off Guard's) nor a ranged attack; the tempo hook `actions`.
  CHECK_THAT(run.output, Contains(question + "Ilse can take here: Combat Move, Feint, Melee Attack, Move, Unarmed "
                                             "Attack ("));
  CHECK_THAT(run.output, Contains(question + "answer:1:1: error: 'Counter-Attack' answers another's action (Move, "
                                             "Combat Move, Melee Attack, Unarmed Attack, Parry), and is taken in place "
                                             "of one's own Feint only when it is answered, not as the next action\n"
                                             "  Counter-Attack\n  ^\n"
                                             "  Ilse is asked for a response when one of those is declared, or when "
                                             "Ilse's Feint is answered: give 'Counter-Attack' then\n"));
  CHECK_THAT(run.output, !Contains("write it right after the entry it replaces"));
  CHECK_THAT(run.output, Contains("Konrad's response (Counter-Attack, Evade, Parry; 12 AP left; empty: none): Konrad can "
                                  "take here: Counter-Attack, Evade, Parry ("));
  CHECK_THAT(run.output, Contains("  Konrad: Parry → Ilse (5 AP: 12 → 7)\n"));
  CHECK_THAT(run.output, !Contains("after the colon"));
}

TEST_CASE("run with ask: ? when the character's opponent is Down lists what it may take, and why not the rest",
          "[run][ask]") {
  // Bo's wounds reach his health: Down from the start, Ana has no opponent standing.
  TempDir dir;
  std::ofstream(dir / "down.lua") << "return { rules = { 'tempo' }, map = { width = 6, height = 3 }, characters = {\n"
                                     "  { name = 'Ana', side = 'a', at = 'B2', weapon = 'Sword', stats = { guard = 'On Guard' } },\n"
                                     "  { name = 'Bo', side = 'b', at = 'C2', weapon = 'Sword', stats = { health = 5, wounds = 5 } },\n"
                                     "} }\n";
  std::ofstream(dir / "answers.txt") << "?\n\n";
  const auto run = arbiter("run " + (dir / "down.lua") + " --seed 1 --rounds 1 --ask < " + (dir / "answers.txt"));
  CHECK(run.exit_code == 0);
  // A movement goes where its way is written, though no one is left to go toward.
  CHECK_THAT(run.output,
             Contains("Ana's next action (12 AP left; empty: end the turn): Ana can take here: Combat Move, Move ("));
  CHECK_THAT(run.output, Contains("\n  not Melee Attack: no one to take it against\n"));
  CHECK_THAT(run.output, !Contains("not Move"));
  CHECK_THAT(run.output, !Contains("error"));
}

TEST_CASE("run with ask: a carriage return ends an answer as a newline does, so nothing after it is lost",
          "[run][ask]") {
  TempDir dir;
  // Ilse's attack, then two more answers to her next question, each refused where it is typed.
  std::ofstream(dir / "answers.txt", std::ios::binary) << "Melee Attack -> my opponent\r\"Konrad\":\r1: Ready\r\n"
                                                       << std::string(4, '\n');
  const auto run = arbiter("run examples/tempo/duel.lua --seed 1 --rounds 1 --ask < " + (dir / "answers.txt"));
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("  Ilse: Melee Attack → Konrad (4 AP: 12 → 8)\n"));
  CHECK_THAT(run.output, Contains("Ilse's next action (8 AP left; empty: end the turn): answer:1:1: error: expected an "
                                  "order: an action's name, or IF … THEN …\n  \"Konrad\":\n"));
  CHECK_THAT(run.output, Contains("Ilse's next action (8 AP left; empty: end the turn): answer:1:1: error: write the "
                                  "order without its number: 'Ready'\n"));
}

TEST_CASE("run with ask: in a simultaneous phase an IF that does not hold and an order the rules refuse are asked "
          "again with the reason",
          "[run][ask]") {
  TempDir dir;
  std::ofstream(dir / "fight.lua") << "return { rules = { 'platemail' }, map = { width = 8, height = 4 }, characters = {\n"
                                      "  { name = 'Ana', side = 'a', at = 'B2', weapon = 'Light Crossbow' },\n"
                                      "  { name = 'Bo', side = 'b', at = 'F2', weapon = 'Sword' } } }\n";
  std::ofstream(dir / "answers.txt") << "IF I am wounded THEN Full Attack -> \"Bo\"\n"  // does not hold, no ELSE
                                     << "Rapid Fire -> \"Bo\"\n"  // a crossbow "cannot be used for this Action"
                                     << "Ranged Attack -> \"Bo\"\n" << std::string(3, '\n');
  const auto run = arbiter("run " + (dir / "fight.lua") + " --seed 1 --rounds 1 --ask --log " + (dir / "log.jsonl") +
                           " < " + (dir / "answers.txt"));
  CHECK(run.exit_code == 0);
  const std::string question = "Round 1, 1st Action Phase: Ana's order (empty: Defend, the default order): ";
  CHECK_THAT(run.output, Contains(question + "no condition of that answer holds and it has no ELSE: nothing to do\n" +
                                  question + "Ana cannot Rapid Fire: Light Crossbow requires a quick reload\n" +
                                  question + "Round 1, 1st Action Phase: Bo's order"));
  CHECK_THAT(run.output, Contains("  Ana: Ranged Attack → Bo\n"));
  const std::string events = read_text(dir / "log.jsonl");
  CHECK_THAT(events, !Contains("order_refused"));  // the GM's typing is not part of the fight
}

TEST_CASE("run with ask: a round played in simultaneous phases is ordered at its start, every phase before any die",
          "[run][ask]") {
  // Platemail: "All Characters declare their Action orders at the start of each Round" and "Actions
  // are written down. They cannot be changed once submitted." The 2nd Action Phase's order was asked
  // once the 1st had been played, so Bo chose knowing its Wounds. It is asked with the 1st, before
  // any die, and may be an IF … THEN … ELSE on what the 1st brings.
  TempDir dir;
  std::ofstream(dir / "fight.lua") << "return { rules = { 'platemail' }, map = { width = 10, height = 10 }, characters = {\n"
                                      "  { name = 'Ana', side = 'a', at = 'B2', weapon = 'Sword', armor = 'Chain Mail' },\n"
                                      "  { name = 'Bo', side = 'b', at = 'C2', weapon = 'Axe', armor = 'Leather' } } }\n";
  std::ofstream(dir / "answers.txt") << "Full Attack -> \"Bo\"\n"
                                     << "Full Attack -> \"Ana\"\n"
                                     << "IF I am wounded THEN Defend ELSE Full Attack -> \"Bo\"\n"
                                     << "IF I am wounded THEN Fall Back ELSE Defend\n";
  const auto run = arbiter("run " + (dir / "fight.lua") + " --rounds 1 --ask --dice 15,15,15,15 < " +
                           (dir / "answers.txt"));
  CHECK(run.exit_code == 0);
  const auto asked = [](const std::string& phase, const std::string& who) {
    return "Round 1, " + phase + " Action Phase: " + who + "'s order (empty: Defend, the default order): ";
  };
  // Every phase's order, and only then the round.
  CHECK_THAT(run.output, StartsWith("Round 1\n" + asked("1st", "Ana") + asked("1st", "Bo") + asked("2nd", "Ana") +
                                    asked("2nd", "Bo") + "1st Action Phase\n"));
  CHECK(occurrences(run.output, "Action Phase: ") == 4);
  // In the 1st phase Chain Mail absorbs both of Bo's hits and Leather one of Ana's: Bo is wounded
  // and Ana is not, so each 2nd-phase IF is judged on that: Ana's ELSE, Bo's THEN.
  CHECK_THAT(run.output, Contains("  Ana: 2 hits, Absorb 2 — 0 Wounds (0 of 3)\n  Bo: 2 hits, Absorb 1 — 1 Wound (1 of 3)\n"
                                  "2nd Action Phase\n  Ana: Full Attack → Bo\n  Bo: Fall Back"));
  // A 1st phase's answer is judged as it is given, before any phase runs: a way of compass steps
  // stopped the fight ("no phase is running").
  std::ofstream(dir / "steps.txt") << "Sprint N, N\n\n\n\n";
  const auto steps = arbiter("run " + (dir / "fight.lua") + " --rounds 1 --ask --seed 1 < " + (dir / "steps.txt"));
  CHECK(steps.exit_code == 0);
  CHECK_THAT(steps.output, Contains("  Ana moves from B2 to B4\n"));  // A1 is the south-west corner
}

TEST_CASE("a name with control characters is refused by the encounter and narrated escaped from a save",
          "[run][security]") {
  // No sheet could order a character so named (a sheet holds no control character), so the
  // encounter refuses it; the name is shown escaped, so it cannot drive the terminal.
  TempDir dir;
  REQUIRE(shell("sed 's/\"Ilse\"/\"Il\\\\27]0;x\\\\7se\"/' examples/tempo/duel.lua > " + (dir / "duel.lua")).exit_code ==
          0);
  const auto refused = arbiter("run " + (dir / "duel.lua") + " --seed 1 --rounds 1");
  CHECK(refused.exit_code == 1);
  CHECK(refused.output.find('\x1b') == std::string::npos);
  CHECK_THAT(refused.output, Contains("error: encounter.characters[1]: the name 'Il\\x1b]0;x\\x07se' cannot be written "
                                     "in an order sheet: a name holds no '\"', line break or control character"));
  // A saved state edited by hand still reaches the narration: it is shown escaped there.
  REQUIRE(arbiter("run examples/tempo/duel.lua --seed 1 --rounds 1 --quiet --save " + (dir / "s.json")).exit_code == 0);
  REQUIRE(shell("sed -i 's/\"Ilse\"/\"Il\\\\u001b]0;x\\\\u0007se\"/g' " + (dir / "s.json")).exit_code == 0);
  const auto run = arbiter("run examples/tempo/duel.lua --rounds 1 --resume " + (dir / "s.json"));
  CHECK(run.exit_code == 0);
  CHECK(run.output.find('\x1b') == std::string::npos);
  CHECK_THAT(run.output, Contains("  Il\\x1b]0;x\\x07se: Melee Attack"));
}

TEST_CASE("a round to be played without a sheet is said to be played on the default order", "[run]") {
  TempDir dir;
  {
    std::ofstream sheet(dir / "round3.txt");
    sheet << "Round 3\nAldric:\n  1: Defend\n  2: Defend\n";
  }
  // Only round 3 is ordered, for a fresh fight: rounds 1 and 2 are played first, on Defend.
  const auto run = arbiter("run examples/platemail/skirmish.lua --seed 1 --orders " + (dir / "round3.txt"));
  CHECK(run.exit_code == 0);
  // Rounds in a row without a sheet are told once, not round by round (a far round told thousands).
  CHECK_THAT(run.output, Contains("warning: no sheet orders rounds 1 to 2: every character takes the default order\n"));
  CHECK_THAT(run.output, !Contains("no sheet orders round 1:"));
  CHECK_THAT(run.output, !Contains("no sheet orders round 3"));
  // A single round so, and each gap on its own.
  std::ofstream(dir / "round2.txt") << "Round 2\nAldric:\n  1: Defend\n  2: Defend\n";
  const auto gaps = arbiter("run examples/platemail/skirmish.lua --seed 1 --quiet --rounds 4 --orders " +
                            (dir / "round2.txt") + " " + (dir / "round3.txt"));
  // Each is told at the Round line of the sheet that skips it, as check tells it; one after the
  // last sheet, which no sheet skips, with no place.
  CHECK(gaps.output == (dir / "round2.txt") +
                           ":1:1: warning: no sheet orders round 1: every character takes the default order\n"
                           "  Round 2\n"
                           "  ^\n"
                           "warning: no sheet orders round 4: every character takes the default order\n");
  // Without sheets, rounds on the default order are what was asked for.
  const auto unordered = arbiter("run examples/platemail/skirmish.lua --seed 1 --rounds 1");
  CHECK_THAT(unordered.output, !Contains("warning"));
}

TEST_CASE("a sheet for a round no run reaches is refused at its Round line, before any round is played",
          "[run][check][errors]") {
  // docs/fights.md: a run plays 1 to 10000 rounds. "Round 1000000" played every round up to it,
  // eating memory for minutes; check said nothing.
  TempDir dir;
  std::ofstream(dir / "far.txt") << "\nRound 1000000\nAldric:\n  1: Defend\n  2: Defend\n";
  const std::string told = (dir / "far.txt") + ":2:1: error: the sheet is for round 1000000, which no run reaches: a "
                           "run plays at most 10000 rounds, so from round 1, the next to play, the last it can reach "
                           "is round 10000";
  const auto run = arbiter("run examples/platemail/skirmish.lua --seed 1 --quiet --orders " + (dir / "far.txt"));
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains(told + "\n  Round 1000000\n  ^"));
  CHECK_THAT(run.output, !Contains("warning"));
  const auto check = arbiter("check " + (dir / "far.txt") + " --encounter examples/platemail/skirmish.lua");
  CHECK(check.exit_code == 1);
  CHECK_THAT(check.output, Contains(told));
  // Counted from the fight's next round: a saved fight of 1 round reaches round 10001, not 10002.
  REQUIRE(arbiter("run examples/platemail/skirmish.lua --seed 1 --quiet --rounds 1 --save " + (dir / "s.json"))
              .exit_code == 0);
  std::ofstream(dir / "far.txt") << "Round 10002\nAldric:\n  1: Defend\n  2: Defend\n";
  const auto resumed = arbiter("run examples/platemail/skirmish.lua --quiet --resume " + (dir / "s.json") +
                               " --orders " + (dir / "far.txt"));
  CHECK(resumed.exit_code == 1);
  CHECK_THAT(resumed.output, Contains((dir / "far.txt") + ":1:1: error: the sheet is for round 10002, which no run "
                                      "reaches: a run plays at most 10000 rounds, so from round 2, the next to play, "
                                      "the last it can reach is round 10001"));
  const auto checked = arbiter("check " + (dir / "far.txt") + " --encounter examples/platemail/skirmish.lua --resume " +
                               (dir / "s.json"));
  CHECK(checked.exit_code == 1);
  CHECK_THAT(checked.output, Contains("the last it can reach is round 10001"));
}

TEST_CASE("a written way cut short by the map is said to stop and why", "[run]") {
  // Platemail: "Actions that involve movement must have their distance and direction declared";
  // a closed door or a wall in that way stops the move, and the GM hears so with the declaration.
  TempDir dir;
  {
    std::ofstream encounter(dir / "door.lua");
    encounter << "return { rules = { 'platemail' }, map = { width = 6, height = 3,\n"
                 "  walls = { { 'C1', 'D1' }, { 'C3', 'D3' } },\n"
                 "  borders = { { between = { 'C2', 'D2' }, name = 'door', door = 'closed' } } },\n"
                 "  characters = { { name = 'Ana', side = 'a', at = 'B2', weapon = 'Sword' },\n"
                 "                 { name = 'Bo', side = 'b', at = 'F2', weapon = 'Sword' } } }\n";
    std::ofstream sheet(dir / "door.txt");
    sheet << "Ana:\n  1: Move E, E, E\n  2: Move N\nBo:\n  1: Defend\n  2: Defend\n";
  }
  const auto run = arbiter("run " + (dir / "door.lua") + " --seed 1 --orders " + (dir / "door.txt"));
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("  Ana: Move to C2 (E, E, E stops at C2, the next step barred: it crosses the door "
                                  "between C2 and D2)\n"));
  CHECK_THAT(run.output, Contains("Ana moves from B2 to C2"));
  // A way the map allows is declared as before, with nothing added.
  CHECK_THAT(run.output, Contains("  Ana: Move to C3\n"));
}

TEST_CASE("a destination farther than the action goes is said to stop and why", "[run]") {
  // docs/fights.md: a move cut short is declared with where it stops and why; Platemail's Move goes
  // at most 15', and G2 is 25' from B2.
  TempDir dir;
  {
    std::ofstream encounter(dir / "far.lua");
    encounter << "return { rules = { 'platemail' }, map = { width = 8, height = 3 },\n"
                 "  characters = { { name = 'Ana', side = 'a', at = 'B2', weapon = 'Sword' },\n"
                 "                 { name = 'Bo', side = 'b', at = 'H3', weapon = 'Sword' } } }\n";
    std::ofstream sheet(dir / "far.txt");
    sheet << "Ana:\n  1: Move to G2\n  2: Move to B2\nBo:\n  1: Defend\n  2: Defend\n";
  }
  const auto run = arbiter("run " + (dir / "far.lua") + " --seed 1 --orders " + (dir / "far.txt"));
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("  Ana: Move to E2 (to G2 stops at E2: G2 is 25' away, Move goes at most 15')\n"));
  CHECK_THAT(run.output, Contains("Ana moves from B2 to E2"));
  // A destination within reach is declared as before, with nothing added.
  CHECK_THAT(run.output, Contains("  Ana: Move to B2\n"));
}

TEST_CASE("a destination farther than the distance written is said to stop there and why", "[run]") {
  // "Move 10' to G2" was declared "Ana: Move to D2", G2 unsaid, where "Move to G2" says where it
  // stops and why (a distance past the action's own is refused by the check: docs/orders.md).
  TempDir dir;
  std::ofstream(dir / "far.lua") << "return { rules = { 'platemail' }, map = { width = 8, height = 3 },\n"
                                    "  characters = { { name = 'Ana', side = 'a', at = 'B2', weapon = 'Sword' },\n"
                                    "                 { name = 'Bo', side = 'b', at = 'H3', weapon = 'Sword' } } }\n";
  std::ofstream(dir / "far.txt") << "Ana:\n  1: Move 10' to G2\n  2: Move 15' to C2\nBo:\n  1: Defend\n  2: Defend\n";
  const auto run = arbiter("run " + (dir / "far.lua") + " --seed 1 --orders " + (dir / "far.txt"));
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("  Ana: Move to D2 (10' to G2 stops at D2: G2 is 25' away, 10' written)\n"));
  CHECK_THAT(run.output, Contains("Ana moves from B2 to D2"));
  // A place within the distance written is declared as before, with nothing added.
  CHECK_THAT(run.output, Contains("  Ana: Move to C2\n"));
}

TEST_CASE("a sheet for a round the run stops before is said to be unused", "[run]") {
  // The players' written orders for round 2 would otherwise be dropped without a word, and a
  // resumed round 2 played on the default order.
  const auto run = arbiter("run examples/platemail/skirmish.lua --seed 7 --rounds 1 --quiet --orders "
                           "examples/platemail/skirmish-round1.txt examples/platemail/skirmish-round2.txt");
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("warning: examples/platemail/skirmish-round2.txt orders round 2, which this run "
                                  "does not play (it stops after round 1): its orders are not used\n"));
  CHECK_THAT(run.output, !Contains("skirmish-round1.txt orders"));
  const auto both = arbiter("run examples/platemail/skirmish.lua --seed 7 --quiet --orders "
                            "examples/platemail/skirmish-round1.txt examples/platemail/skirmish-round2.txt");
  CHECK_THAT(both.output, !Contains("warning"));
}

TEST_CASE("a bare name that check takes as someone in the fight is the target run takes whatever its case", "[run]") {
  // docs/orders.md: "A bare name (-> Brienne) is accepted when it is someone in the fight"; all
  // sheets are checked before anything is played, so what check accepts run carries out.
  TempDir dir;
  {
    std::ofstream sheet(dir / "bare.txt");
    sheet << "Round 1\nAldric:\n  1: Charge -> Orc\n  2: IF \"orc\" is down THEN Defend ELSE Defend\n"
             "Brienne:\n  1: Move toward orc brute\n  2: Defend\nCedric:\n  1: Charge -> \"goblin\"\n  2: Defend\n";
    std::ofstream tempo(dir / "tempo.txt");
    tempo << "Round 1\nIlse:\n  1: Melee Attack -> Konrad\n";
  }
  REQUIRE(arbiter("check " + (dir / "bare.txt") + " --encounter examples/platemail/skirmish.lua").exit_code == 0);
  const auto run = arbiter("run examples/platemail/skirmish.lua --seed 1 --orders " + (dir / "bare.txt"));
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("  Aldric: Charge → Orc\n"));
  CHECK_THAT(run.output, Contains("  Brienne: Move → Orc Brute\n"));
  CHECK_THAT(run.output, Contains("  Cedric: Charge → Goblin\n"));
  const auto duel = arbiter("run examples/tempo/duel.lua --seed 1 --orders " + (dir / "tempo.txt"));
  CHECK(duel.exit_code == 0);
  CHECK_THAT(duel.output, Contains("  Ilse: Melee Attack → Konrad"));
}

TEST_CASE("a character header is read by run as check reads it: the orc is the Orc", "[run]") {
  TempDir dir;
  std::ofstream(dir / "the.txt") << "Round 1\nthe orc:\n  1: Charge -> Aldric\n  2: Defend\n";
  REQUIRE(arbiter("check " + (dir / "the.txt") + " --encounter examples/platemail/skirmish.lua").exit_code == 0);
  const auto run = arbiter("run examples/platemail/skirmish.lua --seed 1 --orders " + (dir / "the.txt"));
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("  Orc: Charge → Aldric\n"));
}

TEST_CASE("a save or a log over the encounter a sheet or each other is a usage error and nothing is written",
          "[run]") {
  TempDir dir;
  std::filesystem::copy_file("examples/platemail/skirmish.lua", dir / "fight.lua");
  std::filesystem::copy_file("examples/platemail/skirmish-round1.txt", dir / "round1.txt");
  const std::string encounter = read_text(dir / "fight.lua"), sheet = read_text(dir / "round1.txt");
  const std::string play = "run " + (dir / "fight.lua") + " --seed 1 --quiet --orders " + (dir / "round1.txt");
  // The same file by another spelling of its path is the same file.
  const auto over_encounter = arbiter(play + " --save " + dir.path.string() + "/./fight.lua");
  CHECK(over_encounter.exit_code == 2);
  CHECK_THAT(over_encounter.output, Contains("is the encounter (" + (dir / "fight.lua") + "): writing there would destroy it"));
  const auto over_sheet = arbiter(play + " --log " + (dir / "round1.txt"));
  CHECK(over_sheet.exit_code == 2);
  CHECK_THAT(over_sheet.output, Contains("is an order sheet"));
  const auto both = arbiter(play + " --save " + (dir / "out.json") + " --log " + (dir / "out.json"));
  CHECK(both.exit_code == 2);
  CHECK_THAT(both.output, Contains("is the save's place"));
  CHECK_FALSE(std::filesystem::exists(dir / "out.json"));
  CHECK(read_text(dir / "fight.lua") == encounter);
  CHECK(read_text(dir / "round1.txt") == sheet);
  // A device is no place for either: it would be replaced by a plain file.
  const auto device = arbiter(play + " --log /dev/full");
  CHECK(device.exit_code == 1);
  CHECK_THAT(device.output, Contains("/dev/full: cannot write there: it is not a plain file"));
  // Saving over the save resumed is how a fight goes on.
  REQUIRE(arbiter(play + " --save " + (dir / "s.json")).exit_code == 0);
  CHECK(arbiter("run " + (dir / "fight.lua") + " --quiet --resume " + (dir / "s.json") + " --save " + (dir / "s.json"))
            .exit_code == 0);
}

TEST_CASE("a hand-edited save is refused at the stat the rules would trip over, by its path", "[run]") {
  TempDir dir;
  REQUIRE(arbiter("run examples/tempo/duel.lua --seed 1 --quiet --orders examples/tempo/duel-round1.txt --save " +
                  (dir / "s.json"))
              .exit_code == 0);
  const std::string saved = read_text(dir / "s.json");
  const auto edited = [&](const std::string& from, const std::string& to) {
    std::string text = saved;
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    std::ofstream(dir / "e.json", std::ios::binary | std::ios::trunc) << text;
    return arbiter("run examples/tempo/duel.lua --quiet --orders examples/tempo/duel-round2.txt --resume " +
                   (dir / "e.json"));
  };
  // tempo reads ap as action points ("12 action points to spend during each of these rounds").
  const auto words = edited("\"ap\": 4", "\"ap\": \"lots\"");
  CHECK(words.exit_code == 1);
  CHECK_THAT(words.output, Contains("e.json: error: not a valid saved state: state.world.characters[0].stats.ap: Ilse's ap "
                                    "must be action points: a whole number from 0 to 12, the flow's, not \"lots\""));
  CHECK_THAT(words.output, !Contains("in pack"));
  const auto weapon = edited("\"weapon\": \"", "\"weapon\": \"Swrd");
  CHECK(weapon.exit_code == 1);
  CHECK_THAT(weapon.output, Contains("stats.weapon: Ilse's weapon must name a row of the 'weapons' table"));
  // A misspelt stat would be silently never read, as in an encounter.
  const auto misspelt = edited("\"stats\": {", "\"stats\": {\"initative\": 3, ");
  CHECK(misspelt.exit_code == 1);
  CHECK_THAT(misspelt.output, Contains("e.json: error: not a valid saved state: state.world.characters[0].stats.initative: "
                                       "Ilse has a stat 'initative' that the rules do not read (did you mean "
                                       "'initiative'?)"));
}

TEST_CASE("a save resumes with a stat the rules set to a value an encounter could not give", "[run][save]") {
  // Platemail's Use Item swap with nothing in hand stows nothing: `stowed = false`, no row of weapons.
  TempDir dir;
  std::ofstream(dir / "fight.lua") << "return { rules = { 'platemail' }, map = { width = 6, height = 4 }, characters = {\n"
                                      "  { name = 'Ana', side = 'a', at = 'B2', stowed = 'Sword' },\n"
                                      "  { name = 'Bo', side = 'b', at = 'E2', weapon = 'Sword' } } }\n";
  std::ofstream(dir / "r1.txt") << "Ana:\n  1: Use Item (swap)\n  2: Defend\n";
  REQUIRE(arbiter("run " + (dir / "fight.lua") + " --seed 1 --quiet --orders " + (dir / "r1.txt") + " --save " +
                  (dir / "s.json"))
              .exit_code == 0);
  REQUIRE_THAT(read_text(dir / "s.json"), Contains("\"stowed\": false"));
  const auto resumed = arbiter("run " + (dir / "fight.lua") + " --rounds 1 --quiet --resume " + (dir / "s.json"));
  INFO(resumed.output);
  CHECK(resumed.exit_code == 0);
}

TEST_CASE("a save resumes with the stats the rules set in play, declared or not, over rounds", "[run][save]") {
  // A house rule keeps a stat it never declares: what the log shows the rules setting is theirs.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "grudge-house");
  std::ofstream(dir / "grudge-house/pack.lua")
      << "return { name = 'grudge-house', version = '1.0.0', api = 1, requires = { 'platemail >= 1.1' } }\n";
  std::ofstream(dir / "grudge-house/init.lua")
      << "local arbiter = require 'arbiter'\n"
         "arbiter.override.hook('round_end', function(previous)\n"
         "  for _, c in ipairs(world.characters()) do world.set_stat(c, 'grudge', (c.stats.grudge or 0) + 1, 'Grudge') end\n"
         "  return previous()\n"
         "end)\n";
  const std::string fight = "--pack-path " + dir.path.string() +
                            " run examples/platemail/skirmish.lua --house grudge-house --quiet ";
  REQUIRE(arbiter(fight + "--seed 1 --orders examples/platemail/skirmish-round1.txt --save " + (dir / "s.json"))
              .exit_code == 0);
  const auto resumed = arbiter(fight + "--orders examples/platemail/skirmish-round2.txt --resume " + (dir / "s.json") +
                               " --save " + (dir / "s.json"));
  INFO(resumed.output);
  CHECK(resumed.exit_code == 0);
  CHECK(arbiter(fight + "--rounds 1 --resume " + (dir / "s.json")).exit_code == 0);
  // The same stat written by hand, not by the rules, is refused at its path.
  std::string saved = read_text(dir / "s.json");
  const auto at = saved.find("\"stats\": {", saved.find("\"world\""));
  REQUIRE(at != std::string::npos);
  saved.insert(at + 10, "\"strenght\": 2, ");
  std::ofstream(dir / "e.json", std::ios::binary) << saved;
  const auto edited = arbiter(fight + "--rounds 1 --resume " + (dir / "e.json"));
  CHECK(edited.exit_code == 1);
  CHECK_THAT(edited.output, Contains("state.world.characters[0].stats.strenght: Aldric has a stat 'strenght' that the "
                                     "rules do not read (did you mean 'strength'?)"));
}

TEST_CASE("a pack rolling in the order pairs visits names plays the same fight every time with one seed",
          "[run][determinism]") {
  // Lua's order for string keys changes from process to process; eight names in the same order in
  // every run by chance is one in 40320.
  TempDir dir;
  const std::string play = "run examples/platemail/skirmish.lua --rounds 1 --seed 1 --house morale-house --log ";
  const auto first = arbiter(play + (dir / "1.jsonl"));
  REQUIRE(first.exit_code == 0);
  CHECK_THAT(first.output, Contains("Morale of Aldric: d20 "));
  for (const char* again : {"2.jsonl", "3.jsonl"}) {
    const auto run = arbiter(play + (dir / again));
    REQUIRE(run.exit_code == 0);
    CHECK(run.output == first.output);
    CHECK(read_text(dir / again) == read_text(dir / "1.jsonl"));
  }
  // The names in the fixed order: byte by byte, so "Orc" before "Orc #2".
  const auto aldric = first.output.find("Morale of Aldric"), brienne = first.output.find("Morale of Brienne"),
             orc = first.output.find("Morale of Orc:"), orc2 = first.output.find("Morale of Orc #2");
  CHECK(aldric < brienne);
  CHECK(brienne < orc);
  CHECK(orc < orc2);
}

TEST_CASE("a house rule calling math.random stops at its line, saying to use the dice module", "[run][determinism]") {
  const auto run = arbiter("lua platemail -e \"return math.random(1, 6)\"");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains("math.random is not available in a pack"));
  CHECK_THAT(run.output, Contains("dice.roll"));
}

TEST_CASE("a save or a log over a file the encounter requires or in a loaded pack's folder is a usage error",
          "[run][save]") {
  TempDir dir;
  std::filesystem::create_directories(dir.path / "fight");
  std::ofstream(dir / "fight/duel.lua") << "return { rules = { \"tempo\" }, map = { width = 6, height = 3 },\n"
                                           "  characters = require \"chars\" }\n";
  const std::string chars =
      "return { { name = \"Ilse\", side = \"red\", at = \"B2\", weapon = \"Sword\", armour = \"Leather\" },\n"
      "         { name = \"Konrad\", side = \"blue\", at = \"C2\", weapon = \"Longsword\", armour = \"Mail\" } }\n";
  std::ofstream(dir / "fight/chars.lua") << chars;
  const std::string play = "run " + (dir / "fight/duel.lua") + " --seed 1 --quiet";
  REQUIRE(arbiter(play).exit_code == 0);
  // However the path is spelt: through `..`, or a link to it.
  const auto save = arbiter(play + " --save " + dir.path.string() + "/fight/../fight/chars.lua");
  CHECK(save.exit_code == 2);
  CHECK_THAT(save.output, Contains("is a file the encounter requires (" + (dir / "fight/chars.lua") +
                                   "): writing there would destroy it"));
  std::filesystem::create_directory_symlink(dir.path / "fight", dir.path / "alias");
  const auto log = arbiter(play + " --log " + (dir / "alias/chars.lua"));
  CHECK(log.exit_code == 2);
  CHECK_THAT(log.output, Contains("is a file the encounter requires"));
  CHECK(read_text(dir / "fight/chars.lua") == chars);
  // A house pack's files, those it loaded and the others of its folder, and a new file there: it
  // would be the pack's.
  std::filesystem::create_directories(dir.path / "packs");
  std::filesystem::copy("tests/packs/morale-house", dir.path / "packs/morale-house",
                        std::filesystem::copy_options::recursive);
  std::ofstream(dir / "packs/morale-house/notes.txt") << "not loaded, still the pack's\n";
  // Found there alone: arbiter() would find the test packs' own copy first.
  const std::string house = std::string(ARBITER_BINARY) + " --pack-path " + (dir / "packs") +
                            " run examples/platemail/skirmish.lua --rounds 1 --seed 1 --quiet --house morale-house";
  for (const char* file : {"init.lua", "pack.lua", "notes.txt", "run.jsonl", "state.lua"}) {
    const auto over = shell(house + " --save " + (dir / "packs/morale-house/") + file);
    CHECK(over.exit_code == 2);
    CHECK_THAT(over.output, Contains(" is in the folder of pack 'morale-house' (" + (dir / "packs/morale-house") +
                                     "): a file written there would replace one of the pack's or become one"));
  }
  CHECK_THAT(read_text(dir / "packs/morale-house/init.lua"), Contains("Morale of"));
  CHECK_FALSE(std::filesystem::exists(dir.path / "packs/morale-house/run.jsonl"));
  // The log too, and a pack the encounter names by its folder: a save of the fight written there as
  // state.lua would be a new file of the pack, and the fight could not be resumed.
  const auto house_log = shell(house + " --log " + (dir / "packs/morale-house/run.jsonl"));
  CHECK(house_log.exit_code == 2);
  CHECK_THAT(house_log.output, Contains("--log: "));
  std::filesystem::copy(dir.path / "packs/morale-house", dir.path / "fight/morale-house",
                        std::filesystem::copy_options::recursive);
  std::ofstream(dir / "fight/bar.lua") << "return { rules = { \"platemail\", \"./morale-house\" },\n"
                                          "  map = { width = 3, height = 1 }, characters = {} }\n";
  const auto in_rules =
      arbiter("run " + (dir / "fight/bar.lua") + " --seed 1 --quiet --save " + (dir / "fight/morale-house/state.lua"));
  CHECK(in_rules.exit_code == 2);
  CHECK_THAT(in_rules.output, Contains("is in the folder of pack 'morale-house' (" + (dir / "fight/morale-house")));
  CHECK_FALSE(std::filesystem::exists(dir.path / "fight/morale-house/state.lua"));
}

TEST_CASE("a hand-edited save with an emptied log or a phase between rounds is refused by its path",
          "[run][save]") {
  TempDir dir;
  REQUIRE(arbiter("run examples/platemail/skirmish.lua --orders examples/platemail/skirmish-round1.txt --seed 1 "
                  "--quiet --save " + (dir / "s.json"))
              .exit_code == 0);
  const std::string saved = read_text(dir / "s.json");
  const auto resumed = [&](const std::string& from, const std::string& to) {
    std::string text = saved;
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    std::ofstream(dir / "e.json", std::ios::binary | std::ios::trunc) << text;
    return arbiter("run examples/platemail/skirmish.lua --quiet --orders examples/platemail/skirmish-round2.txt "
                   "--resume " + (dir / "e.json") + " --log " + (dir / "e.jsonl"));
  };
  const auto phase = resumed("\"phase\": 0,\n  \"round\"", "\"phase\": 7,\n  \"round\"");
  CHECK(phase.exit_code == 1);
  CHECK_THAT(phase.output, Contains((dir / "e.json") + ": error: not a valid saved state: state.flow.phase: 7: a fight is "
                                    "saved between rounds, where the phase is 0"));
  const auto log_at = saved.find("\n \"log\": [");
  REQUIRE(log_at != std::string::npos);
  const auto log_end = saved.find("\n ]", log_at);
  const auto emptied = resumed(saved.substr(log_at, log_end + 3 - log_at), "\n \"log\": []");
  CHECK(emptied.exit_code == 1);
  CHECK_THAT(emptied.output, Contains((dir / "e.json") + ": error: not a valid saved state: state.log: it tells 0 rounds"));
  CHECK_FALSE(std::filesystem::exists(dir / "e.jsonl"));
  // Unedited, the log numbers on.
  CHECK(resumed("\"format\"", "\"format\"").exit_code == 0);
  CHECK_THAT(read_text(dir / "e.jsonl"), Contains("\"seq\":73,"));
}

TEST_CASE("a roll in the cause of a status applied again is narrated: the limb a crit severs a second time",
          "[run]") {
  // Seed 7: Orc #2's Critical Hit rolls d4 4 for which limb, Aldric's right arm, severed in round 1.
  const auto run = arbiter("run examples/platemail/skirmish.lua --seed 7 --rounds 2 --orders "
                           "examples/platemail/skirmish-round1.txt examples/platemail/skirmish-round2.txt");
  REQUIRE(run.exit_code == 0);
  // Platemail tells a severed limb by its own sentences (status_applied:Severed right arm …).
  CHECK_THAT(run.output, Contains("  Aldric's right arm is severed (Orc's Axe, Critical Hit: d4 4)\n"));
  CHECK_THAT(run.output, Contains("  Aldric's right arm is already severed (Orc #2's Axe, Critical Hit: d4 4)\n"));
}

TEST_CASE("a turn of many entries plays its first ones and tells the rest undone", "[run]") {
  // Entries are found by number through an index made once a round (a search of the list for each
  // made 100000 entries take the round past its time budget: bench/ BM_TurnOfManyEntries times it).
  // Here, that the index finds them as the list did: the first three played, the rest told undone.
  TempDir dir;
  {
    std::ofstream sheet(dir / "long.txt");
    sheet << "Ilse:\n";
    for (int i = 1; i <= 2'000; ++i)
      sheet << "  " << i << ": IF I have at least 4 AP THEN Melee Attack -> my opponent ELSE Ready\n";
  }
  const auto run = arbiter("run examples/tempo/duel.lua --seed 1 --orders " + (dir / "long.txt"));
  INFO(run.output.substr(0, 3000));
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Ilse: Melee Attack"));
  CHECK_THAT(run.output, !Contains("budget"));
  // The 1997 left undone: the first three told, and how many more.
  const std::string entry = "IF I have at least 4 AP THEN Melee Attack -> my opponent ELSE Ready";
  CHECK_THAT(run.output, Contains("its order (" + entry + "; " + entry + "; " + entry + "; and 1994 more) is not carried out"));
}

TEST_CASE("check --encounter reports a house rule that fails before the round's first die, as run would",
          "[run][check][errors]") {
  // The trial of the round swallowed every error, as if it were its first die: a house rule whose
  // round_start always fails was told OK. Before any die, the failure is the same whatever the dice.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "buggy");
  std::ofstream(dir / "buggy/pack.lua") << "return { name = 'buggy', version = '1.0.0', requires = { 'tempo' } }\n";
  std::ofstream(dir / "buggy/init.lua") << "local arbiter = require 'arbiter'\n"
                                           "arbiter.override.hook('round_start', function(previous)\n"
                                           "  error('house rule bug')\n"
                                           "end)\n";
  const auto checked = arbiter("--pack-path " + dir.path.string() +
                               " check examples/tempo/duel-round1.txt --encounter examples/tempo/duel.lua --house buggy");
  INFO(checked.output);
  CHECK(checked.exit_code == 1);
  CHECK_THAT(checked.output, Contains((dir / "buggy/init.lua") + ":3: error: house rule bug"));
  // One whose failure comes after the first die depends on the dice: not foreseen.
  std::ofstream(dir / "buggy/init.lua") << "local arbiter = require 'arbiter'\n"
                                           "arbiter.override.hook('round_start', function(previous)\n"
                                           "  dice.roll('1d6', 'x') error('house rule bug')\n"
                                           "end)\n";
  CHECK(arbiter("--pack-path " + dir.path.string() +
                " check examples/tempo/duel-round1.txt --encounter examples/tempo/duel.lua --house buggy")
            .exit_code == 0);
}

namespace {

// A house pack for tempo whose hook `round_end` runs `change` in round `round` of the fight.
void write_changing_house(const TempDir& dir, const std::string& name, int round, const std::string& change) {
  std::filesystem::create_directories(dir.path / name);
  std::ofstream(dir / (name + "/pack.lua")) << "return { name = '" << name
                                            << "', version = '1.0.0', requires = { 'tempo' } }\n";
  std::ofstream(dir / (name + "/init.lua")) << "local arbiter = require 'arbiter'\n"
                                               "arbiter.override.hook('round_end', function(previous)\n"
                                               "  if flow.position() == "
                                            << round << " then\n    " << change
                                            << "\n  end\n"
                                               "  return previous()\n"
                                               "end)\n";
}

}  // namespace

TEST_CASE("a definition a pack patches during the fight is saved, and the resumed fight goes on as the unbroken one",
          "[run][save]") {
  // docs/packs.md lets a pack change a definition during a round; the packs loaded afresh to
  // resume would not make that change again, and round 2 would count from 1, not from 100.
  TempDir dir;
  write_changing_house(dir, "midpatch", 1, "arbiter.patch.table('rules', { round = { first_counter = 100 } })");
  const std::string fight = "--pack-path " + dir.path.string() + " run examples/tempo/duel.lua --house midpatch ";
  const auto whole = arbiter(fight + "--seed 1 --orders examples/tempo/duel-round1.txt examples/tempo/duel-round2.txt");
  const auto first = arbiter(fight + "--seed 1 --orders examples/tempo/duel-round1.txt --save " + (dir / "s.json"));
  const auto rest = arbiter(fight + "--orders examples/tempo/duel-round2.txt --resume " + (dir / "s.json"));
  REQUIRE(whole.exit_code == 0);
  REQUIRE(first.exit_code == 0);
  INFO(rest.output);
  REQUIRE(rest.exit_code == 0);
  CHECK_THAT(whole.output, Contains("Round counter: 102"));
  CHECK(first.output + rest.output == whole.output);
  CHECK_THAT(read_text(dir / "s.json"), Contains("\"location\": \"" + (dir / "midpatch/init.lua") + ":4\""));
  // A change edited by hand is refused at its path in the save, with the nearest name.
  std::string saved = read_text(dir / "s.json");
  const auto kind = saved.find("\"kind\": \"table\"");
  REQUIRE(kind != std::string::npos);
  saved.replace(kind, 15, "\"kind\": \"tabel\"");
  std::ofstream(dir / "e.json", std::ios::binary) << saved;
  const auto edited = arbiter(fight + "--rounds 1 --resume " + (dir / "e.json"));
  CHECK(edited.exit_code == 1);
  CHECK_THAT(edited.output, Contains((dir / "e.json") + ": error: not a valid saved state: state.definition_changes[0].kind: "
                                     "'tabel' is not a kind of definition"));
  CHECK_THAT(edited.output, Contains("did you mean 'table'?"));
}

TEST_CASE("a function a pack gives a definition during the fight refuses --save at the pack's line, and the save "
          "is left as it was",
          "[run][save][errors]") {
  TempDir dir;
  write_changing_house(dir, "midhook", 2,
                       "arbiter.override.hook('round_start', function(previous) return previous() end)");
  const std::string fight = "--pack-path " + dir.path.string() + " run examples/tempo/duel.lua --house midhook ";
  REQUIRE(arbiter(fight + "--seed 1 --orders examples/tempo/duel-round1.txt --save " + (dir / "s.json")).exit_code ==
          0);
  const std::string saved = read_text(dir / "s.json");
  const auto refused = arbiter(fight + "--orders examples/tempo/duel-round2.txt --resume " + (dir / "s.json") +
                               " --save " + (dir / "s.json"));
  CHECK(refused.exit_code == 1);
  CHECK_THAT(refused.output, Contains((dir / "midhook/init.lua") + ":4: error: hook 'round_start' was overridden by "
                                      "pack 'midhook' during the fight"));
  CHECK_THAT(refused.output, Contains("make the change as the pack loads"));
  CHECK(read_text(dir / "s.json") == saved);
}

TEST_CASE("a character's handle a pack gives a definition during the fight refuses --save at the pack's line",
          "[run][save][errors]") {
  // docs/fights.md: a change is kept as plain data, one that cannot be kept makes --save refuse;
  // docs/world.md: "a character is kept by its name (c.name) or id (c.id), not its handle". Saved
  // as the name, the resumed definition held a string where the pack left a handle.
  TempDir dir;
  write_changing_house(dir, "midwho", 1, "arbiter.define.table('memo', { who = world.characters()[1] })");
  const std::string fight = "--pack-path " + dir.path.string() + " run examples/tempo/duel.lua --house midwho ";
  const auto refused = arbiter(fight + "--seed 1 --orders examples/tempo/duel-round1.txt --save " + (dir / "s.json"));
  CHECK(refused.exit_code == 1);
  CHECK_THAT(refused.output, Contains((dir / "midwho/init.lua") + ":4: error: table 'memo' was defined by pack "
                                      "'midwho' during the fight, with what a save cannot keep (a character's handle"));
  CHECK_THAT(refused.output, Contains("c.name"));
  CHECK(!std::filesystem::exists(dir / "s.json"));
}
