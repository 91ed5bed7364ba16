// Tempo order sheets and play at the table (`run --ask`, `--roll-by-hand`, `--save`), as the QA pass
// on them found the fight and the docs disagreeing (/tmp/qa-tsheets).
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/arbiter_process.hpp"
#include "tests/support/temp_dir.hpp"

using Catch::Matchers::Contains;

namespace {

// Ana (red, B2) against Bo (blue, C2), and Cy (blue, B3) with `trio`.
std::string encounter(const TempDir& dir, bool trio = false, const std::string& bo_at = "C2") {
  std::ofstream(dir / "fight.lua")
      << "return {\n  rules = { \"tempo\" },\n  map = { width = 6, height = 4, scale = 5 },\n  characters = {\n"
      << "    { name = \"Ana\", side = \"red\", at = \"B2\", weapon = \"Sword\", stats = { guard = \"On Guard\", "
         "initiative = 1 } },\n"
      << "    { name = \"Bo\", side = \"blue\", at = \"" << bo_at
      << "\", weapon = \"Sword\", stats = { guard = \"On Guard\", initiative = 3 } },\n"
      << (trio ? "    { name = \"Cy\", side = \"blue\", at = \"B3\", weapon = \"Dagger\", stats = { guard = \"On "
                 "Guard\", initiative = 2 } },\n"
               : "")
      << "  },\n}\n";
  return dir / "fight.lua";
}

std::string sheet(const TempDir& dir, const std::string& text, const std::string& name = "orders.txt") {
  std::ofstream(dir / name) << text;
  return dir / name;
}

const std::string dice = " --dice 5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5";

}  // namespace

// tempo's source: reactive actions "are taken on your opponent's turn in response to their
// actions"; a Counter-Attack deflects "an incoming melee attack while simultaneously launching one of
// your own". It was taken against the mover, the target written ignored.
TEST_CASE("a reaction written at another than the one whose action it answers is refused, with the reason",
          "[run][tempo]") {
  TempDir dir;
  const auto run = arbiter("run " + encounter(dir, true) + " --rounds 1 --orders " +
                           sheet(dir, "Round 1\nAna:\n  ON Move: Counter-Attack -> Cy\nBo:\n  1: Move N\nCy:\n") + dice);
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Ana cannot Counter-Attack: it answers Bo's Move, so it is taken against Bo, not Cy"));
  CHECK_THAT(run.output, !Contains("Ana: Counter-Attack"));
}

// CT Counter-Attack: "Response To: Counter-Attack", never a Parry. The fight told "it answers
// another's action, it is not taken on one's turn", which is not why.
TEST_CASE("a replacement that cannot answer what answered the action is refused for that", "[run][tempo]") {
  TempDir dir;
  const auto run = arbiter("run " + encounter(dir) + " --rounds 1 --orders " +
                           sheet(dir, "Round 1\nAna:\n  1: Melee Attack -> my opponent\n"
                                      "  2: IF my attack was parried THEN CT Counter-Attack\nBo:\n"
                                      "  ON Melee Attack: Parry\n") +
                           dice);
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Ana cannot CT Counter-Attack: it answers Counter-Attack, not Parry"));
}

// docs/fights.md: "with `--save`, the fight as the last round this run finished left it is saved".
TEST_CASE("a run whose typed input ends in round 2 saves round 1, and says so", "[run][tempo][save]") {
  TempDir dir;
  const std::string fight = encounter(dir);
  const std::string attack = "Ana:\n  1: Melee Attack -> Bo\nBo:\n  ON Melee Attack: Parry\n";
  const std::string orders = " --orders " + sheet(dir, "Round 1\n" + attack, "round1.txt") + " " +
                             sheet(dir, "Round 2\n" + attack, "round2.txt");
  // Round 1 alone, by hand: how many dice it takes.
  {
    // Ana's attack 7, Bo's Parry 2, damage 3: a hit, every round (all 5s bind them, and a round in a
    // bind may roll no die).
    std::ofstream many(dir / "fives.txt");
    for (int i = 0; i < 200; ++i) many << "7\n2\n3\n";
  }
  const auto one = arbiter("run " + fight + orders + " --rounds 1 --roll-by-hand < " + (dir / "fives.txt"));
  REQUIRE(one.exit_code == 0);
  std::size_t rolls = 0;
  for (std::size_t at = one.output.find("Roll a "); at != std::string::npos; at = one.output.find("Roll a ", at + 1))
    ++rolls;
  REQUIRE(rolls > 0);
  {
    std::ofstream round1(dir / "rolls.txt");
    for (std::size_t i = 0; i < rolls; ++i) round1 << "723"[i % 3] << "\n";
  }
  const std::string save = dir / "state.json";
  const auto two =
      arbiter("run " + fight + orders + " --rounds 2 --roll-by-hand --save " + save + " < " + (dir / "rolls.txt"));
  CHECK(two.exit_code == 1);
  CHECK_THAT(two.output, Contains("saved after round 1 to " + save + "; round 2 was not finished"));
  REQUIRE(std::filesystem::exists(save));
  // The save is round 1's: resumed, round 2 is played.
  const auto resumed = arbiter("run " + fight + " --resume " + save + " --rounds 1" + dice);
  CHECK(resumed.exit_code == 0);
  CHECK_THAT(resumed.output, Contains("Round 2"));
  // Resumed and saved over, stopped before its first round finished: the save resumed stays as it was.
  const std::string before = read_text(save);
  const auto stopped = arbiter("run " + fight + " --resume " + save + " --save " + save + " --rounds 2 --dice 5");
  CHECK(stopped.exit_code == 1);
  CHECK_THAT(stopped.output, !Contains("saved after"));
  CHECK(read_text(save) == before);
}

// docs/fights.md: an answer or a die's value "is a line of at most 1 MiB … without a NUL byte …
// refused as soon as it is read". A file stands for the endless /dev/zero.
TEST_CASE("typed input past a sheet's line length or with a NUL byte stops the fight at once", "[run][tempo]") {
  TempDir dir;
  const std::string fight = encounter(dir);
  std::ofstream(dir / "long.txt") << std::string((1u << 20) + 10, 'x');
  std::ofstream(dir / "nul.txt") << std::string(1000, '\0');
  const auto asked = arbiter("run " + fight + " --rounds 1 --ask" + dice + " < " + (dir / "long.txt"));
  CHECK(asked.exit_code == 1);
  CHECK_THAT(asked.output, Contains("the line typed is too long: a line may hold at most 1048576 bytes ('xxxx"));
  CHECK(asked.output.size() < 10000);  // quoted shortened, not whole
  const auto by_hand = arbiter("run " + fight + " --rounds 1 --roll-by-hand < " + (dir / "nul.txt"));
  CHECK(by_hand.exit_code == 1);
  CHECK_THAT(by_hand.output, Contains("the line typed holds a NUL byte (byte 1): type text"));
}

// docs/fights.md: a way to a place "stops at C2: Bo stands at D2"; a step barred names who bars it.
TEST_CASE("a Move to where another stands says who stands there", "[run][tempo]") {
  TempDir dir;
  const auto beside = arbiter("run " + encounter(dir) + " --rounds 1 --orders " +
                              sheet(dir, "Round 1\nAna:\n  1: Move to C2\nBo:\n") + dice);
  CHECK_THAT(beside.output, Contains("Ana cannot Move: stays at B2: Bo stands at C2"));
  TempDir far;
  const auto short_of = arbiter("run " + encounter(far, false, "D2") + " --rounds 1 --orders " +
                                sheet(far, "Round 1\nAna:\n  1: Move to D2\nBo:\n") + dice);
  CHECK_THAT(short_of.output, Contains("Ana: Move to C2 (to D2 stops at C2: Bo stands at D2)"));
}

// docs/fights.md: a response is asked with "who declared what at whom, as the others see it": a
// movement's way, as the narration tells it.
TEST_CASE("the response prompt to a Move says where it goes", "[run][tempo][ask]") {
  TempDir dir;
  std::ofstream(dir / "answers.txt") << "\n\n\n\n\n\n\n\n";
  const auto run = arbiter("run " + encounter(dir) + " --rounds 1 --ask --orders " +
                           sheet(dir, "Round 1\nBo:\n  1: Move N\n") + dice + " < " + (dir / "answers.txt"));
  CHECK_THAT(run.output, Contains("Bo declared Move to C3. Ana's response"));
}

// The standing order is refused for each of the six Moves it would answer: one thing to fix, told once.
TEST_CASE("check tells an identical warning once", "[check][tempo]") {
  TempDir dir;
  std::ofstream(dir / "big.lua")
      << "return {\n  rules = { \"tempo\" },\n  map = { width = 12, height = 6, scale = 5 },\n  characters = {\n"
         "    { name = \"Ana\", side = \"red\", at = \"A1\", weapon = \"Sword\", stats = { guard = \"On Guard\", "
         "initiative = 3 } },\n"
         "    { name = \"Bo\", side = \"blue\", at = \"L6\", weapon = \"Sword\", stats = { guard = \"Off Guard\", "
         "initiative = 2 } },\n  },\n}\n";
  const std::string orders = sheet(dir, "Round 1\nAna:\n  1: Move E\n  2: Move E\n  3: Move E\n  4: Move E\n"
                                        "  5: Move E\n  6: Melee Attack -> Bo\nBo:\n  1: Ready\n  ON Move: Counter-Attack\n");
  const auto check = arbiter("check " + orders + " --encounter " + (dir / "big.lua"));
  const std::string warning = orders + ":11:12: warning:";
  const std::size_t first = check.output.find(warning);
  REQUIRE(first != std::string::npos);
  CHECK(check.output.find(warning, first + 1) == std::string::npos);
}

// docs/fights.md: rolling by hand, an exchange is told once it has resolved, after the damage die it
// calls for: the die's reason tells the GM what the blow did before it is asked. Ana wears no armour:
// her Combat Defence (Armoured) is 0, so Bo's 7 is a Critical Hit ("Roll damage and ignore the
// effects of armour").
TEST_CASE("rolling by hand, the damage die is asked for with the hit it is for", "[run][tempo][by-hand]") {
  TempDir dir;
  std::ofstream(dir / "rolls.txt") << "7\n3\n3\n3\n3\n3\n";
  const auto run = arbiter("run " + encounter(dir) + " --rounds 1 --roll-by-hand --orders " +
                           sheet(dir, "Round 1\nBo:\n  1: Melee Attack -> Ana\nAna:\n") + " < " + (dir / "rolls.txt"));
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("Roll a d10 for Bo: Melee Attack: Roll a d6 for Bo damage (Melee Attack: Critical Hit on Ana): "));
}

// The source: counter-tempo actions "are taken on your turn in response to an opponent's reaction.
// If this occurs, they replace your original Proactive Action". A house pack's `choose` that returns
// one as the turn's next action had it paid for, then failing as it resolved with nothing to answer:
// it is an error at the hook's line, with the reason an `--ask` answer of it gets, before any AP is paid.
TEST_CASE("a counter-tempo action a house pack's choose returns as a turn's action is refused at the hook, unpaid",
          "[run][tempo][house]") {
  TempDir dir;
  std::filesystem::create_directories(dir / "parrying");
  std::ofstream(dir / "parrying/pack.lua") << "return { name = \"parrying\", version = \"0.1.0\", requires = { \"tempo\" } }\n";
  std::ofstream(dir / "parrying/init.lua")
      << "local arbiter = require \"arbiter\"\n"
         "arbiter.override.hook(\"choose\", function(me, points, ordered, previous)\n"
         "  if me.name == \"Ana\" then return { action = \"CT Parry\", target = \"Bo\" } end\n"
         "  return previous(me, points, ordered)\n"
         "end)\n";
  const std::string orders = sheet(dir, "Round 1\nAna:\n  1: Melee Attack -> Bo\nBo:\n");
  const std::string reason = "'CT Parry' answers another's action (Counter-Attack), and is taken in place of one's "
                             "own Feint or Melee Attack only when it is answered, not as the next action";
  const auto run = arbiter("run " + encounter(dir) + " --rounds 1 --orders " + orders + dice + " --house " +
                           (dir / "parrying"));
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Contains(dir / "parrying/init.lua" + ":2:") &&
                             Contains("the choose hook returns Ana's next action on its turn, but " + reason));
  CHECK_THAT(run.output, !Contains("Ana: CT Parry"));
  // The same reason an answer at the table gets (`run --ask`, docs/orders.md).
  std::ofstream(dir / "answers.txt") << "CT Parry\n\n\n\n";
  const auto asked = arbiter("run " + encounter(dir) + " --rounds 1 --ask" + dice + " < " + (dir / "answers.txt"));
  CHECK_THAT(asked.output, Contains(reason));
}

// The source: CT Counter-Attack is "Response To: Counter-Attack", never a Parry; a Counter-Attack
// replaces a Feint only when "a feint ... draws a Parry". Tempo's conditions say what answered
// (`answered_by`, docs/orders.md), so check warns of a replacement under one it never answers, which
// the fight never takes ("it answers Counter-Attack, not Parry"), and its hint names the fitting one.
TEST_CASE("check warns of a replacement under a condition on an answer it never answers, and hints the one that fits",
          "[check][tempo]") {
  TempDir dir;
  const std::string orders = sheet(dir, "Round 1\nAna:\n  1: Melee Attack -> my opponent\n"
                                        "  2: IF my attack was parried THEN CT Counter-Attack\n"
                                        "Bo:\n  1: Feint -> my opponent\n  2: IF my attack was countered THEN Counter-Attack\n"
                                        "  3: Feint -> my opponent\n  4: IF my attack was parried THEN Counter-Attack\n");
  const auto check = arbiter("check " + orders + " --encounter " + encounter(dir));
  CHECK(check.exit_code == 0);
  CHECK_THAT(check.output, Contains(orders + ":4:36: warning: 'CT Counter-Attack' answers only Counter-Attack, and its "
                                             "condition holds only when Parry answered the action it replaces: it is "
                                             "never taken") &&
                               Contains("write 'IF my attack was countered THEN CT Counter-Attack'"));
  CHECK_THAT(check.output, Contains(orders + ":7:38: warning: 'Counter-Attack' answers only Move, Combat Move, Melee "
                                             "Attack, Unarmed Attack, Parry, and its condition holds only when "
                                             "Counter-Attack answered the action it replaces: it is never taken") &&
                               Contains("write 'IF my attack was parried THEN Counter-Attack'"));
  CHECK_THAT(check.output, !Contains(":9:"));  // a Counter-Attack after a Parry of the Feint: taken
  // A replacement with nothing before it to replace: the hint writes it under the condition it answers.
  const auto first = arbiter("check " + sheet(dir, "Round 1\nAna:\n  1: CT Parry\n", "first.txt") + " --encounter " +
                             encounter(dir));
  CHECK(first.exit_code == 1);
  CHECK_THAT(first.output, Contains("then '2: IF my attack was countered THEN CT Parry …'"));
}
