// Checking orders against a ruleset's vocabulary and a fight's roster (issue 4): each kind of
// impossible order is reported at its line and column, all of them at once.
#include <catch2/catch.hpp>

#include "interpreter/core/names.hpp"
#include "interpreter/core/order_check.hpp"

using namespace arbiter;
using namespace arbiter::orders;

namespace {

// A slice of Platemail: "Move up to 15 feet", "Sprint: Move up to 30 feet", Charge moves 15 feet
// and attacks, Full Attack and Ranged Attack stay in place; two action phases per round.
Vocabulary platemail() {
  Vocabulary v;
  v.phases = 2;
  v.add_action({"Move", false, 15});
  v.add_action({"Sprint", false, 30});
  v.add_action({"Charge", true, 15});
  v.add_action({"Full Attack", true, std::nullopt, false, true});  // target = "enemy"
  v.add_action({"Ranged Attack", true, std::nullopt});
  v.add_action({"Defend", false, std::nullopt});
  v.add_action({"Crash", false, std::nullopt, true});
  v.add_condition("I reach the enemy", "rules.lua:1");
  v.add_condition("I have at least {n} wounds", "rules.lua:2");
  v.add_condition("{character} is down", "rules.lua:3");
  v.add_condition("an enemy is within {distance}", "rules.lua:4");
  v.add_target("the closest enemy", "rules.lua:5");
  v.add_target("the closest hostile", "rules.lua:6");
  v.add_target("the most injured enemy", "rules.lua:7");
  return v;
}

const Roster fight{{"Aldric", "players"}, {"Brienne", "players"}, {"Orc #1", "orcs"}, {"Orc #2", "orcs"}};

std::vector<Diagnostic> check(const std::vector<std::string>& texts, const Roster* roster = &fight) {
  std::vector<SheetFile> files;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const std::string name = "sheet" + std::to_string(i + 1) + ".txt";
    files.push_back({name, texts[i], parse_orders(texts[i], name)});
  }
  return check_orders(files, platemail(), roster);
}

void check_one(const Diagnostic& d, const std::string& file, std::size_t line, std::size_t column,
               const std::string& message) {
  CHECK(d.where.file == file);
  CHECK(d.where.line == line);
  CHECK(d.where.column == column);
  CHECK(d.message == message);
}

}  // namespace

TEST_CASE("valid Platemail orders pass", "[orders][check]") {
  CHECK(check({"Aldric:\n"
               "  1: Charge -> closest enemy\n"
               "  2: IF I reach the enemy THEN Full Attack -> closest enemy ELSE Charge -> the closest hostile\n"
               "Brienne:\n"
               "  1: Move 15' S\n"
               "  2: IF \"Orc #2\" is down AND NOT I have at least 2 wounds THEN Ranged Attack -> most injured enemy"
               " ELSE IF an enemy is within 10' THEN Sprint S, S, SW, W ELSE Ranged Attack -> \"Orc #2\"\n"})
            .empty());
}

TEST_CASE("every kind of impossible order is reported, all at once, where it was written", "[orders][check]") {
  const auto diagnostics = check({
      "Aldric:\n"
      "  1: Chrage -> closest enemy\n"                               // unknown action
      "  2: IF I reach the enemy THEN Full Attack ELSE Defend\n"     // needs a target
      "Brienne:\n"
      "  1: Ranged Attack -> \"Orc #3\"\n"                           // no such character
      "  2: Move 20' N\n"                                            // moves too far
      "  2: Sprint S, S, S, S, S, S, S\n"                            // phase twice; 35' > 30'
      "Gandalf:\n"                                                   // not in the fight
      "  1: Defend\n",
      "Aldric:\n"                                                    // a second sheet for Aldric
      "  1: Ranged Attack -> the guy with the most gold on him\n"    // not declared
      "  2: IF I am feeling lucky THEN Defend\n"                     // not declared
      "  3: Full Attack 5' N -> closest enemy\n"});                  // no phase 3; stays in place
  REQUIRE(diagnostics.size() == 13);
  check_one(diagnostics[0], "sheet1.txt", 2, 6, "unknown action 'Chrage'");
  CHECK(diagnostics[0].notes == std::vector<std::string>{"did you mean 'Charge'?"});
  CHECK(diagnostics[0].source_line == "  1: Chrage -> closest enemy");
  check_one(diagnostics[1], "sheet1.txt", 3, 32, "'Full Attack' needs a target: add '-> target' or a 'Target:' line");
  check_one(diagnostics[2], "sheet1.txt", 5, 23, "no character 'Orc #3' in the fight");
  CHECK(diagnostics[2].notes == std::vector<std::string>{"did you mean 'Orc #1' or 'Orc #2'?"});
  check_one(diagnostics[3], "sheet1.txt", 6, 11, "'Move' moves at most 15' but this order moves 20'");
  check_one(diagnostics[4], "sheet1.txt", 7, 3, "phase 2 of 'Brienne' is ordered twice");
  CHECK(diagnostics[4].notes == std::vector<std::string>{"sheet1.txt:6:3: the first order for phase 2 is here"});
  check_one(diagnostics[5], "sheet1.txt", 7, 13, "'Sprint' moves at most 30' but this order moves 35'");
  check_one(diagnostics[6], "sheet1.txt", 8, 1, "'Gandalf' is not in the fight");
  check_one(diagnostics[7], "sheet1.txt", 8, 1, "'Gandalf' has no order for phase 2");
  check_one(diagnostics[8], "sheet2.txt", 1, 1, "'Aldric' already has orders");
  CHECK(diagnostics[8].notes == std::vector<std::string>{"sheet1.txt:1:1: the first orders for 'Aldric' are here"});
    // The leading "the" is decoration, left out of the phrase and of the message.
  check_one(diagnostics[9], "sheet2.txt", 2, 27, "'guy with the most gold on him' is not a target the rules declare");
  CHECK(diagnostics[9].notes ==
        std::vector<std::string>{"the nearest declared targets: 'the most injured enemy'"});  // "most": no other is near
  check_one(diagnostics[10], "sheet2.txt", 3, 9, "'I am feeling lucky' is not a condition the rules declare");
  check_one(diagnostics[11], "sheet2.txt", 4, 3, "there is no phase 3: the rules give each character phases 1 to 2");
  check_one(diagnostics[12], "sheet2.txt", 4, 18, "'Full Attack' stays in place: it takes no movement");
}

TEST_CASE("an involuntary action cannot be ordered", "[orders][check]") {
  const auto diagnostics = check({"Aldric:\n  1: Crash\n  2: Defend\n"});
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "sheet1.txt", 2, 6, "'Crash' is involuntary: the rules force it on a character, it cannot be ordered");
}

TEST_CASE("an action that says how it is written is refused with that, once, not with each mistake", "[orders][check]") {
  Vocabulary v = platemail();
  v.phases = 0;  // any number of entries
  v.add_action({.name = "Step", .needs_target = true,
                .usage = "is written 'Step -> target': it steps toward the target"});
  v.add_action({.name = "Rest", .involuntary = true, .usage = "is not ordered: it is taken at the end of every turn"});
  const std::string text = "Aldric:\n  1: Step toward \"Orc #1\"\n  2: Step 10' N\n  3: Rest\n  4: Step -> \"Orc #1\"\n";
  const auto diagnostics = check_orders({{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}}, v, &fight);
  REQUIRE(diagnostics.size() == 3);
  check_one(diagnostics[0], "sheet1.txt", 2, 6, "'Step' is written 'Step -> target': it steps toward the target");
  check_one(diagnostics[1], "sheet1.txt", 3, 6, "'Step' is written 'Step -> target': it steps toward the target");
  check_one(diagnostics[2], "sheet1.txt", 4, 6, "'Rest' is not ordered: it is taken at the end of every turn");
}

TEST_CASE("an action that takes no target (target = none) is refused with one at the target", "[orders][check]") {
  Vocabulary v = platemail();
  v.phases = 0;  // any number of entries
  v.add_action({.name = "Ready", .no_target = true});
  v.add_action({.name = "Rest", .no_target = true, .usage = "is written 'Rest', alone"});
  const std::string text = "Aldric:\n  1: Ready\n  2: Ready -> closest enemy\n  3: Rest -> self\n";
  const auto diagnostics = check_orders({{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}}, v, &fight);
  REQUIRE(diagnostics.size() == 2);
  check_one(diagnostics[0], "sheet1.txt", 3, 15, "'Ready' takes no target: write it without one");
  check_one(diagnostics[1], "sheet1.txt", 4, 6, "'Rest' is written 'Rest', alone");
}

TEST_CASE("sheets for different rounds may each order the same character", "[orders][check]") {
  const auto two_rounds = check({"Round 1\nAldric:\n  1: Defend\n  2: Defend\n",
                                 "Round 2\nAldric:\n  1: Defend\n  2: Defend\n"});
  CHECK(two_rounds.empty());
  const auto same_round = check({"Round 2\nAldric:\n  1: Defend\n  2: Defend\n",
                                 "Round 2\nAldric:\n  1: Defend\n  2: Defend\n"});
  REQUIRE(same_round.size() == 1);
  check_one(same_round[0], "sheet2.txt", 2, 1, "'Aldric' already has orders");
}

TEST_CASE("names in conditions and bare names as targets are checked against the fight", "[orders][check]") {
  const auto diagnostics = check({"Aldric:\n  1: Charge -> Brienne\n  2: IF \"Orc #9\" is down THEN Defend\n"});
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "sheet1.txt", 3, 9, "'Orc #9' is not in the fight");
}

TEST_CASE("an action followed by a target without its arrow is pointed out", "[orders][check]") {
  const auto diagnostics = check({"Aldric:\n  1: Charge closest enemy\n  2: Defend\n"});
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "sheet1.txt", 2, 6, "unknown action 'Charge closest enemy'");
  CHECK(diagnostics[0].notes == std::vector<std::string>{"did you mean 'Charge -> closest enemy'? a target follows '->'"});
  // Words that are no target would be refused after an arrow too: no arrow is suggested for them,
  // but the order without them, when it has a movement or target to keep.
  const auto melee = check({"Aldric:\n  1: Charge into melee toward the closest hostile\n  2: Defend\n"});
  REQUIRE(melee.size() == 1);
  CHECK(melee[0].notes == std::vector<std::string>{"did you mean 'Charge toward closest hostile'? 'into melee' is "
                                                   "not read: the action's name, then its movement or target"});
  const auto alone = check({"Aldric:\n  1: Charge into melee\n  2: Defend\n"});
  REQUIRE(alone.size() == 1);
  CHECK(alone[0].notes == std::vector<std::string>{
                              "'Charge' is an action, and 'into melee' is neither its target nor a movement: "
                              "a target follows '->' ('-> closest enemy'), a movement is "
                              "compass steps, 'to', 'toward' or 'away from'"});
}

TEST_CASE("a distance before a place or a target is checked as a way's: no farther than the action goes, not 0'",
          "[orders][check]") {
  // "Actions that involve movement must have their distance and direction declared": the
  // distance caps the way to the target (a target is a direction), and must fit the action.
  CHECK(check({"Aldric:\n  1: Move 10' -> closest enemy\n  2: Sprint 30' toward \"Orc #1\"\n",
               "Brienne:\n  1: Move 15' to C3\n  2: Move 5' away from closest enemy\n"})
            .empty());
  const auto diagnostics = check({"Aldric:\n  1: Move 20' toward \"Orc #1\"\n  2: Move 0' to C3\n",
                                  "Brienne:\n  1: Move 3' -> closest enemy\n  2: Sprint 35' -> \"Orc #2\"\n"});
  REQUIRE(diagnostics.size() == 4);
  check_one(diagnostics[0], "sheet1.txt", 2, 11, "'Move' moves at most 15' but this order moves 20'");
  check_one(diagnostics[1], "sheet1.txt", 3, 11,
            "a distance of 0' moves nowhere: write the distance to move, or an action that stays in place");
  check_one(diagnostics[2], "sheet2.txt", 2, 11,
            "3' is shorter than a step (5' a square): it goes nowhere; write at least 5'");
  check_one(diagnostics[3], "sheet2.txt", 3, 13, "'Sprint' moves at most 30' but this order moves 35'");
}

TEST_CASE("without a roster, names are not checked but everything else is", "[orders][check]") {
  const auto diagnostics = check({"Gandalf:\n  1: Charge -> \"Balrog\"\n  2: Move 30' N\n"}, nullptr);
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "sheet1.txt", 3, 11, "'Move' moves at most 15' but this order moves 30'");
}

TEST_CASE("a declaration with an unknown placeholder is refused where it was declared", "[orders][check]") {
  Vocabulary v;
  try {
    v.add_condition("I have {k} wounds", "rules/x/init.lua:7");
    FAIL("accepted");
  } catch (const Error& e) {
    const auto& d = e.diagnostics().front();
    CHECK(d.where.file == "rules/x/init.lua");
    CHECK(d.where.line == 7);
    CHECK(d.message == "'I have {k} wounds': '{k}' is not a placeholder: use {n}, {character}, {distance} or {word}, "
                       "each a word of its own");
  }
}

TEST_CASE("a {word} placeholder takes one bare word as written: 'the biggest enemy orc'", "[orders][check]") {
  Vocabulary v;
  v.add_target("the biggest enemy {word}", "rules/x/init.lua:3");
  const auto match = v.target("The biggest enemy Orc");
  REQUIRE(match);
  REQUIRE(match->bindings.size() == 1);
  CHECK(match->bindings[0].slot == Slot::word);
  CHECK(match->bindings[0].value == "Orc");
  CHECK_FALSE(v.target("the biggest enemy"));
  CHECK_FALSE(v.target("the biggest enemy orc brute"));
  CHECK_FALSE(v.target("the biggest enemy \"Orc\""));  // a quoted name is a character's, not a word
}

namespace {

// A slice of the tempo rules: one sequential phase, so any number of entries and standing orders.
Vocabulary tempo() {
  Vocabulary v;
  v.sequential = true;
  v.add_action({"Melee Attack", true, std::nullopt});
  v.add_action({"Parry", false, std::nullopt});
  v.add_action({"Counter-Attack", false, std::nullopt});
  v.add_action({"Struggle", false, std::nullopt});
  v.add_condition("I am Bound", "tempo.lua:1");
  return v;
}

std::vector<Diagnostic> check_with(const Vocabulary& vocabulary, const std::string& text) {
  return check_orders({{"duel.orders", text, parse_orders(text, "duel.orders")}}, vocabulary, nullptr);
}

}  // namespace

TEST_CASE("standing orders: the trigger and the reaction are actions of the rules, with the nearest name",
          "[orders][check]") {
  CHECK(check_with(tempo(), "Ilse:\n  1: Melee Attack -> \"Konrad\"\n  2: Melee Attack -> \"Konrad\"\n"
                            "  3: Melee Attack -> \"Konrad\"\n  ON Melee Attack: Parry\n"
                            "  ON Parry: IF I am Bound THEN Struggle ELSE Counter-Attack\n")
            .empty());
  const auto diagnostics = check_with(tempo(), "Ilse:\n  ON Mele Attack: Parry\n  ON Melee Attack: Pary\n  ON Parry:\n");
  REQUIRE(diagnostics.size() == 3);
  check_one(diagnostics[0], "duel.orders", 2, 6, "unknown action 'Mele Attack' after ON");
  // A slip of a letter is told its own name alone, not every action sharing a word with it.
  CHECK(diagnostics[0].notes == std::vector<std::string>{"did you mean 'Melee Attack'?"});
  check_one(diagnostics[1], "duel.orders", 3, 20, "unknown action 'Pary'");
  CHECK(diagnostics[1].notes == std::vector<std::string>{"did you mean 'Parry'?"});
  check_one(diagnostics[2], "duel.orders", 4, 3, "'ON Parry' of 'Ilse' has no action");
}

TEST_CASE("a movement in squares (tempo's Base Combat Movement) counts a compass step as one square", "[orders][check]") {
  Vocabulary v = tempo();
  ActionRules move{.name = "Move", .needs_direction = true};
  move.move_squares = 3;
  v.add_action(move);
  CHECK(check_with(v, "Ilse:\n  1: Move E, E, NE\n  2: Move to C3\n  3: Move away from \"Konrad\"\n").empty());
  const auto diagnostics = check_with(v, "Ilse:\n  1: Move E, E, E, E\n");
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "duel.orders", 2, 11, "'Move' moves at most 3 squares (15' at 5' a square) but this order "
                                                  "moves 20'");
}

TEST_CASE("a turn's entries are numbered from 1: an entry 0 is refused at its line, as a phase 0 is", "[orders][check]") {
  // The fight reads a turn from entry 1 on: an entry 0 that passed would never be read.
  const auto diagnostics = check_with(tempo(), "Ilse:\n  0: Melee Attack -> \"Konrad\"\n  1: Melee Attack -> \"Konrad\"\n");
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "duel.orders", 2, 3, "there is no entry 0: entries are numbered from 1");
}

TEST_CASE("rules that count a turn's entries tell one missing or beyond them as an entry", "[orders][check]") {
  Vocabulary v = tempo();
  v.phases = 2;
  const auto diagnostics = check_with(v, "Ilse:\n  1: Melee Attack -> \"Konrad\"\n  3: Melee Attack -> \"Konrad\"\n");
  REQUIRE(diagnostics.size() == 2);
  check_one(diagnostics[0], "duel.orders", 1, 1, "'Ilse' has no order for entry 2");
  check_one(diagnostics[1], "duel.orders", 3, 3, "there is no entry 3: the rules give each character entries 1 to 2");
}

TEST_CASE("without an orders table, a phase past a simultaneous flow's phases is refused: it would never be played",
          "[orders][check]") {
  // The check took it, and the fight played the flow's one phase and never mentioned the order.
  Vocabulary v = platemail();
  v.phases = 0;
  v.flow_phases = 1;
  const auto diagnostics = check_with(v, "Aldric:\n  1: Defend\n  2: Defend\n");
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "duel.orders", 3, 3,
            "there is no phase 2: the rules' flow has 1 phase, so this order would never be played");
  CHECK(check_with(v, "Aldric:\n  1: Defend\n").empty());
}

TEST_CASE("a standing order on an action the others see as another can never answer: it names what they see",
          "[orders][check]") {
  Vocabulary v = tempo();
  v.add_action({.name = "Feint", .needs_target = true, .declared_as = "Melee Attack"});  // "as a regular attack"
  CHECK(check_with(v, "Ilse:\n  1: Feint -> \"Konrad\"\n  ON Melee Attack: Parry\n").empty());
  const auto diagnostics = check_with(v, "Ilse:\n  ON Feint: Parry\n");
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "duel.orders", 2, 6,
            "'ON Feint' can never answer: Feint is declared as 'Melee Attack', and that is what the others see");
  CHECK(diagnostics[0].notes == std::vector<std::string>{"write 'ON Melee Attack'"});
}

// Tempo's kinds of action: proactive (taken on one's turn), reactive (a Response To others'
// actions) and counter-tempo (answering a response, in place of one's own action).
Vocabulary tempo_kinds() {
  Vocabulary v;
  v.sequential = true;
  v.add_action({.name = "Melee Attack", .needs_target = true, .turn_only = true});
  v.add_action({.name = "Aim", .turn_only = true});
  v.add_action({.name = "Feint", .needs_target = true, .declared_as = "Melee Attack", .turn_only = true});
  v.add_action({.name = "Parry", .answers = std::vector<std::string>{"Melee Attack", "Unarmed Attack"}});
  v.add_action({.name = "Retreat", .answers = std::vector<std::string>{"Move", "Combat Move"}});
  v.add_action({.name = "Struggle", .answers = std::vector<std::string>{"Escape", "Pin", "Unarmed Attack"}});
  v.add_action({.name = "Counter-Attack",
                .answers = std::vector<std::string>{"Melee Attack", "Parry"},
                .replaces = {"Feint"}});
  v.add_action({.name = "CT Parry", .answers = std::vector<std::string>{"Counter-Attack"}, .replaces = {"Melee Attack"}});
  v.add_condition("I am Bound", "tempo.lua:1");
  // The answers each stands for (`answered_by`); "answered" says none: it holds whatever answered.
  v.add_condition("my attack was answered", "tempo.lua:2");
  v.add_condition("my attack was parried", "tempo.lua:3", {}, {"Parry"});
  v.add_condition("my attack was countered", "tempo.lua:4", {}, {"Counter-Attack"});
  return v;
}

TEST_CASE("an order the rules never take then is refused: a reaction as a turn entry, a turn's action or another's "
          "answer as a standing order",
          "[orders][check]") {
  // What the rules take: a turn's actions, the answers to what is declared, and the replacements
  // (in a standing order or a turn entry) of one's own answered action.
  CHECK(check_with(tempo_kinds(), "Ilse:\n  1: Feint -> \"Konrad\"\n"
                                  "  2: IF I am Bound THEN Melee Attack -> \"Konrad\" ELSE Counter-Attack\n"
                                  "  3: CT Parry\n  ON Melee Attack: Parry\n  ON Parry: Counter-Attack\n"
                                  "  ON Counter-Attack: CT Parry\n  ON melee attack: IF I am Bound THEN Parry ELSE "
                                  "Counter-Attack\n")
            .empty());
  // /tmp/qa4/nonans.txt, and the branches of a standing order one by one.
  const auto diagnostics = check_with(tempo_kinds(), "Ana:\n  1: Parry -> \"Bo\"\n  2: Melee Attack -> \"Bo\"\n"
                                                     "  ON Melee Attack: Melee Attack -> \"Bo\"\n"
                                                     "Bo:\n  ON Melee Attack: Retreat\n  ON Aim: Counter-Attack\n"
                                                     "  ON Melee Attack: IF I am Bound THEN Struggle ELSE Aim\n");
  REQUIRE(diagnostics.size() == 6);
  check_one(diagnostics[0], "duel.orders", 2, 6,
            "'Parry' answers another's action (Melee Attack, Unarmed Attack), it is not taken on one's turn");
  CHECK(diagnostics[0].notes == std::vector<std::string>{"write it as a standing order: 'ON Melee Attack: Parry'"});
  check_one(diagnostics[1], "duel.orders", 4, 20,
            "'Melee Attack' is taken on one's own turn, it does not answer another's action");
  // The order as written, target and all: '1: Melee Attack' alone would be refused for its target.
  CHECK(diagnostics[1].notes == std::vector<std::string>{"write it as a turn entry: '1: Melee Attack -> \"Bo\"'"});
  check_one(diagnostics[2], "duel.orders", 6, 20, "'Retreat' does not answer Melee Attack: it answers Move, Combat Move");
  check_one(diagnostics[3], "duel.orders", 7, 11,
            "'Counter-Attack' does not answer Aim: it answers Melee Attack, Parry");
  check_one(diagnostics[4], "duel.orders", 8, 39,
            "'Struggle' does not answer Melee Attack: it answers Escape, Pin, Unarmed Attack");
  check_one(diagnostics[5], "duel.orders", 8, 53,
            "'Aim' is taken on one's own turn, it does not answer another's action");
}

// tempo's source: a counter-tempo action is taken "in response to an opponent's reaction", and only
// the one an attack is aimed at reacts to it: a replacement is taken against the one it replaces'
// action was at (/tmp/qa-tsheets/tg4.txt: it was played at Bo, the Cy written ignored).
TEST_CASE("a replacement written at another than the target of the action it replaces is refused at its target",
          "[orders][check]") {
  const auto diagnostics = check_with(tempo_kinds(), "Ana:\n  1: Feint -> \"Bo\"\n"
                                                     "  2: IF I am Bound THEN Counter-Attack -> \"Cy\"\n");
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "duel.orders", 3, 43,
            "'Counter-Attack' replaces entry 1's Feint when its target answers it, and is taken against the one who "
            "answered: \"Bo\", not \"Cy\"");
  CHECK(diagnostics[0].notes == std::vector<std::string>{"write it without a target, or 'Counter-Attack -> \"Bo\"'"});
  // At the one answering, or with no target, it is taken as written.
  CHECK(check_with(tempo_kinds(), "Ana:\n  1: Feint -> \"Bo\"\n  2: IF I am Bound THEN Counter-Attack -> \"Bo\"\n")
            .empty());
  CHECK(check_with(tempo_kinds(), "Ana:\n  1: Feint -> \"Bo\"\n  2: IF I am Bound THEN Counter-Attack\n").empty());
}

TEST_CASE("a replacement written as a turn entry must follow an entry of the action it replaces", "[orders][check]") {
  // It is read as the answer when the entry before is answered; after anything else it is never taken.
  // Counter-Attack and CT Parry answer another's action above all: the standing order is told first.
  const auto diagnostics = check_with(tempo_kinds(), "Ana:\n  1: Counter-Attack\nBo:\n  1: Melee Attack -> \"Ana\"\n"
                                                     "  2: Counter-Attack\n  3: IF I am Bound THEN Aim ELSE CT Parry\n");
  REQUIRE(diagnostics.size() == 3);
  check_one(diagnostics[0], "duel.orders", 2, 6,
            "'Counter-Attack' answers another's action (Melee Attack, Parry); on one's turn it is taken only in place "
            "of one's own Feint when it is answered, and it is the turn's first entry");
  CHECK(diagnostics[0].notes == std::vector<std::string>{"write it as a standing order: 'ON Melee Attack: Counter-Attack'",
                                                         "or right after the entry it replaces: '1: Feint …' then "
                                                         "'2: IF my attack was parried THEN Counter-Attack …'"});
  check_one(diagnostics[1], "duel.orders", 5, 6,
            "'Counter-Attack' answers another's action (Melee Attack, Parry); on one's turn it is taken only in place "
            "of one's own Feint when it is answered, and the entry before (1) takes no Feint");
  // Each branch on its own: the ELSE's CT Parry would answer a response to entry 2, a Counter-Attack.
  check_one(diagnostics[2], "duel.orders", 6, 34,
            "'CT Parry' answers another's action (Counter-Attack); on one's turn it is taken only in place of one's "
            "own Melee Attack when it is answered, and the entry before (2) takes no Melee Attack");
  CHECK(diagnostics[2].notes.front() == "write it as a standing order: 'ON Counter-Attack: CT Parry'");
  CHECK(check_with(tempo_kinds(), "Bo:\n  1: Melee Attack -> \"Ana\"\n  2: CT Parry\n").empty());
}

// tempo's source: CT Counter-Attack is "Response To: Counter-Attack", CT Parry too; a Counter-Attack
// replaces a Feint only when "a feint ... draws a Parry". Under a condition that holds only when
// something else answered (its `answered_by`), the replacement is never taken: warned of at it.
TEST_CASE("a replacement under a condition on an answer it never answers is warned of, with the conditions that fit",
          "[orders][check]") {
  const std::string text = "Ana:\n  1: Melee Attack -> \"Bo\"\n  2: IF my attack was parried THEN CT Parry\n"
                           "Bo:\n  1: Feint -> \"Ana\"\n  2: IF my attack was countered AND I am Bound THEN Counter-Attack\n"
                           "Cy:\n  1: Feint -> \"Ana\"\n"
                           "  2: IF my attack was countered OR my attack was parried THEN Counter-Attack\n"
                           "Dee:\n  1: Feint -> \"Ana\"\n  2: IF my attack was answered THEN Counter-Attack\n"
                           "Eve:\n  1: Melee Attack -> \"Ana\"\n  2: IF my attack was countered THEN CT Parry\n"
                           "Fay:\n  1: Feint -> \"Ana\"\n  2: IF NOT my attack was parried THEN Counter-Attack\n";
  std::vector<Diagnostic> warnings;
  const auto diagnostics =
      check_orders({{"duel.orders", text, parse_orders(text, "duel.orders")}}, tempo_kinds(), nullptr, nullptr, 1, &warnings);
  CHECK(diagnostics.empty());
  // Cy's OR may hold on a Parry, Dee's "answered" on any answer, Eve's fits, Fay's NOT says nothing.
  REQUIRE(warnings.size() == 2);
  check_one(warnings[0], "duel.orders", 3, 36,
            "'CT Parry' answers only Counter-Attack, and its condition holds only when Parry answered the action it "
            "replaces: it is never taken");
  CHECK(warnings[0].notes == std::vector<std::string>{"write 'IF my attack was countered THEN CT Parry'"});
  check_one(warnings[1], "duel.orders", 6, 53,
            "'Counter-Attack' answers only Melee Attack, Parry, and its condition holds only when Counter-Attack "
            "answered the action it replaces: it is never taken");
  CHECK(warnings[1].notes == std::vector<std::string>{"write 'IF my attack was parried THEN Counter-Attack'"});
}

TEST_CASE("an action that answers nothing is refused in every order, saying so", "[orders][check]") {
  Vocabulary v = tempo_kinds();
  v.add_action({.name = "Wait", .answers = std::vector<std::string>{}});
  const auto diagnostics = check_with(v, "Ilse:\n  1: Wait\n  ON Melee Attack: Wait\n");
  REQUIRE(diagnostics.size() == 2);
  check_one(diagnostics[0], "duel.orders", 2, 6, "'Wait' answers no action, and it is not taken on one's turn");
  check_one(diagnostics[1], "duel.orders", 3, 20, "'Wait' does not answer Melee Attack: it answers no action");
}

TEST_CASE("standing orders are refused by rules whose phases are all simultaneous", "[orders][check]") {
  const auto diagnostics = check({"Aldric:\n  1: Defend\n  2: Defend\n  ON Charge: Defend\n"});
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "sheet1.txt", 4, 3,
            "a standing order (ON …) answers declared actions, and every phase of these rules is simultaneous: "
            "write each phase's order instead ('1:', '2:')");
}

TEST_CASE("a sheet without Round N is for the next round: it and that round's numbered sheet cannot both order one "
          "character",
          "[orders][check]") {
  const std::string numbered = "Round 1\nAldric:\n  1: Move E\n  2: Move E\n";
  const std::string unnumbered = "Aldric:\n  1: Move S\n  2: Move S\n";
  std::vector<SheetFile> files{{"r1.txt", numbered, parse_orders(numbered, "r1.txt")},
                               {"rn.txt", unnumbered, parse_orders(unnumbered, "rn.txt")}};
  const auto fresh = check_orders(files, platemail(), &fight);  // a fight not yet started: round 1 is next
  REQUIRE(fresh.size() == 1);
  check_one(fresh[0], "rn.txt", 1, 1, "'Aldric' already has orders");
  CHECK(fresh[0].notes == std::vector<std::string>{"r1.txt:2:1: the first orders for 'Aldric' are here",
                                                   "a sheet without 'Round N' is for the next round to play, round 1"});
  // Resumed after round 1, the unnumbered sheet is round 2's (the numbered one is refused by `run`).
  CHECK(check_orders(files, platemail(), &fight, nullptr, 2).empty());
}

TEST_CASE("cells and coordinates off the map are refused where written, with the nearest cell", "[orders][check]") {
  const std::string text = "Aldric:\n  1: Move to Q99\n  2: Ranged Attack -> Z9\n"
                           "Brienne:\n  1: Move to X: 15, Y: 9999\n  2: Move to L8\n";
  const Grid map(12, 8);
  const auto diagnostics = check_orders({{"off.txt", text, parse_orders(text, "off.txt")}}, platemail(), &fight, &map);
  REQUIRE(diagnostics.size() == 3);
  check_one(diagnostics[0], "off.txt", 2, 14, "there is no cell Q99 on this 12×8 grid (A1..L8); did you mean L8?");
  check_one(diagnostics[1], "off.txt", 3, 23, "there is no cell Z9 on this 12×8 grid (A1..L8); did you mean L8?");
  check_one(diagnostics[2], "off.txt", 5, 14,
            "X: 15, Y: 9999 is outside the grid (X 0..59, Y 0..39 feet); the nearest cell is D8");
  CHECK(check({text}).size() == 0);  // without a map, where cells lie is not known
}

TEST_CASE("an attack (target = enemy) cannot be ordered at the character itself or at an ally", "[orders][check]") {
  const auto diagnostics = check({"Aldric:\n  1: Full Attack -> self\n  2: Full Attack -> \"Brienne\"\n"
                                  "Brienne:\n  1: Full Attack -> \"Orc #1\"\n  2: Charge -> self\n"});
  REQUIRE(diagnostics.size() == 2);
  check_one(diagnostics[0], "sheet1.txt", 2, 21,
            "'Aldric' cannot Full Attack itself: the target of Full Attack is an enemy");
  check_one(diagnostics[1], "sheet1.txt", 3, 21,
            "'Brienne' is an ally of 'Aldric' (players): the target of Full Attack is an enemy");
}

TEST_CASE("a distance shorter than the steps written, or of 0', is refused", "[orders][check]") {
  const auto diagnostics = check({"Aldric:\n  1: Move 5' N, N, N\n  2: Move 0' N\n"
                                  "Brienne:\n  1: Move 15' S\n  2: Move 10' S, SW\n"});
  REQUIRE(diagnostics.size() == 2);
  check_one(diagnostics[0], "sheet1.txt", 2, 11,
            "5' is shorter than the 3 steps written after it (15' at 5' a step): write the distance they cover, or "
            "leave it out");
  check_one(diagnostics[1], "sheet1.txt", 3, 11,
            "a distance of 0' moves nowhere: write the distance to move, or an action that stays in place");
}

TEST_CASE("against a map, a compass step moves one of its cells, as the fight walks it", "[orders][check]") {
  const std::string text = "Aldric:\n  1: Move N, N\n  2: Move 10' N, N\nBrienne:\n  1: Move 15' S\n  2: Move N\n";
  const Grid tens(12, 8, 10);
  const auto diagnostics = check_orders({{"tens.txt", text, parse_orders(text, "tens.txt")}}, platemail(), &fight, &tens);
  REQUIRE(diagnostics.size() == 2);
  check_one(diagnostics[0], "tens.txt", 2, 11, "'Move' moves at most 15' but this order moves 20'");
  check_one(diagnostics[1], "tens.txt", 3, 11,
            "10' is shorter than the 2 steps written after it (20' at 10' a step): write the distance they cover, or "
            "leave it out");
  CHECK(check({text}).empty());  // without a map, the rules' feet_per_step: 5'
}

TEST_CASE("against a map whose diagonals cost 5' then 10', steps count as the fight walks them", "[orders][check]") {
  // "Move 15' NE, NE, NE" passed at 5' a step, then the fight stopped it at D4: under 5-10-5 the
  // second diagonal is 10', so the three are 20' (grid metric alternating).
  const std::string text = "Aldric:\n  1: Move 15' NE, NE, NE\n  2: Move NE, NE, NE\n"
                           "Brienne:\n  1: Move NE, N, N\n  2: Move 15' NE, NE\n";
  const Grid alternating(12, 8, 5, Metric::Alternating);
  const auto diagnostics =
      check_orders({{"diagonals.txt", text, parse_orders(text, "diagonals.txt")}}, platemail(), &fight, &alternating);
  REQUIRE(diagnostics.size() == 2);
  check_one(diagnostics[0], "diagonals.txt", 2, 11,
            "15' is shorter than the 3 steps written after it (20' at 5' a step, every second diagonal two (metric "
            "alternating)): write the distance they cover, or leave it out");
  check_one(diagnostics[1], "diagonals.txt", 3, 11, "'Move' moves at most 15' but this order moves 20'");
  // Every step one square: all of them fit.
  const Grid chebyshev(12, 8);
  CHECK(check_orders({{"diagonals.txt", text, parse_orders(text, "diagonals.txt")}}, platemail(), &fight, &chebyshev)
            .empty());
}

TEST_CASE("an action whose target is where it goes is refused with a way and a target: two directions",
          "[orders][check]") {
  // "Move 10' S -> "Orc"": one pack followed the way, the other went toward the target.
  Vocabulary v = platemail();
  v.add_action({.name = "Walk", .move_feet = 15, .needs_direction = true, .target_is_way = true});
  const std::string text = "Aldric:\n  1: Walk 10' S -> \"Orc #1\"\n  2: Walk to A8 -> \"Orc #1\"\n"
                           "Brienne:\n  1: Walk 10' -> \"Orc #1\"\n  2: Charge S, S -> \"Orc #1\"\n"
                           "\"Orc #1\":\n  1: Walk toward \"Aldric\" -> \"Brienne\"\n  2: Walk E\n";
  const auto diagnostics = check_orders({{"ways.txt", text, parse_orders(text, "ways.txt")}}, v, &fight);
  // A distance alone caps the way toward the target; Charge acts on its target after its way.
  REQUIRE(diagnostics.size() == 3);
  check_one(diagnostics[0], "ways.txt", 2, 20,
            "'Walk' is given two directions, '10' S' and its target: write one, 'Walk 10' S' or "
            "'Walk 10' -> \"Orc #1\"'");
  check_one(diagnostics[1], "ways.txt", 3, 20,
            "'Walk' is given two directions, 'to A8' and its target: write one, 'Walk to A8' or "
            "'Walk -> \"Orc #1\"'");
  check_one(diagnostics[2], "ways.txt", 8, 30,
            "'Walk' is given two directions, 'toward \"Aldric\"' and its target: write one, "
            "'Walk toward \"Aldric\"' or 'Walk -> \"Brienne\"'");
  // With its usage, that alone, as for its other mistakes, at the target (docs/orders.md).
  v.add_action({.name = "Step", .move_feet = 15, .usage = "is written 'Step -> target' or 'Step E, NE'",
                 .needs_direction = true, .target_is_way = true});
  const std::string step = "Aldric:\n  1: Step E -> \"Orc #1\"\n  2: Step E\n";
  const auto used = check_orders({{"step.txt", step, parse_orders(step, "step.txt")}}, v, &fight);
  REQUIRE(used.size() == 1);
  check_one(used[0], "step.txt", 2, 16, "'Step' is written 'Step -> target' or 'Step E, NE'");
}

TEST_CASE("on a map that moves only north south east or west a diagonal step is refused", "[orders][check]") {
  // d20 tactics: "Units cannot move diagonally"; the fight would bar the step and move no one.
  // The diagnostic points at the diagonal step itself, not at the start of the movement.
  const std::string text =
      "Aldric:\n  1: Move NE, NE\n  2: Move N, E\nBrienne:\n  1: Move 10' S, SW\n  2: Move W\n"
      "\"Orc #1\":\n  1: Move 10' n, ne\n  2: Move W\n\"Orc #2\":\n  1: Sprint N, E, NE\n  2: Move W\n";
  const Grid squares(12, 8, 5, Metric::Manhattan);
  const auto diagnostics =
      check_orders({{"squares.txt", text, parse_orders(text, "squares.txt")}}, platemail(), &fight, &squares);
  REQUIRE(diagnostics.size() == 4);
  check_one(diagnostics[0], "squares.txt", 2, 11,
            "NE is a diagonal step, and this map moves only north, south, east or west (metric manhattan)");
  check_one(diagnostics[1], "squares.txt", 5, 18,
            "SW is a diagonal step, and this map moves only north, south, east or west (metric manhattan)");
  check_one(diagnostics[2], "squares.txt", 8, 18,
            "NE is a diagonal step, and this map moves only north, south, east or west (metric manhattan)");
  check_one(diagnostics[3], "squares.txt", 11, 19,
            "NE is a diagonal step, and this map moves only north, south, east or west (metric manhattan)");
  const Grid chebyshev(12, 8);
  CHECK(check_orders({{"squares.txt", text, parse_orders(text, "squares.txt")}}, platemail(), &fight, &chebyshev)
            .empty());
}

TEST_CASE("past 100 problems the rest are counted, not shown (nor searched for the nearest name)", "[orders][check]") {
  std::string text;
  for (int i = 0; i < 150; ++i) text += "Ghost" + std::to_string(i) + ":\n  1: Defend\n  2: Defend\n";
  const auto diagnostics = check({text});
  REQUIRE(diagnostics.size() == most_diagnostics + 1);
  check_one(diagnostics[99], "sheet1.txt", 298, 1, "'Ghost99' is not in the fight");
  CHECK(diagnostics.back().where.file.empty());
  CHECK(diagnostics.back().message == "… and 50 more problems, not shown (the first 100 are)");

  std::string garbage;
  for (int i = 0; i < 120; ++i) garbage += "Aldric:\n  1: Defend ???\n";
  try {
    parse_orders(garbage, "garbage.txt");
    FAIL("the sheet was accepted");
  } catch (const Error& e) {
    REQUIRE(e.diagnostics().size() == most_diagnostics + 1);
    CHECK(e.diagnostics().back().where.file == "garbage.txt");
    CHECK(e.diagnostics().back().message == "… and 20 more problems, not shown (the first 100 are)");
  }
}

TEST_CASE("problems are told by line and column, whichever check found them", "[orders][check]") {
  // Phases are checked before standing orders; the report still follows the sheet.
  const auto diagnostics = check_with(tempo(), "Ilse:\n  ON Mele Attack: Parry\n  1: Melee Atack\n");
  REQUIRE(diagnostics.size() == 2);
  check_one(diagnostics[0], "duel.orders", 2, 6, "unknown action 'Mele Attack' after ON");
  check_one(diagnostics[1], "duel.orders", 3, 6, "unknown action 'Melee Atack'");
}

TEST_CASE("a standing order after one for the same action that always gives an order is warned of", "[orders][check]") {
  const std::string text = "Ilse:\n  ON Melee Attack: Counter-Attack\n  ON melee attack: Parry\n"
                           "  ON Parry: IF I am Bound THEN Struggle\n  ON Parry: Counter-Attack\n";
  const auto warnings = never_fire({{"duel.orders", text, parse_orders(text, "duel.orders")}});
  REQUIRE(warnings.size() == 1);  // the second ON Parry is used when Ilse is not Bound
  check_one(warnings[0], "duel.orders", 3, 6,
            "this standing order can never be used: 'ON Melee Attack' at line 2 always gives Ilse's order first");
  CHECK(warnings[0].source_line == "  ON melee attack: Parry");
  // A refused standing order neither shadows a later one nor is warned of: its error says enough.
  const std::vector<Diagnostic> refused{{{"duel.orders", 2, 20}, "'Counter-Attack' …", {}, {}}};
  CHECK(never_fire({{"duel.orders", text, parse_orders(text, "duel.orders")}}, refused).empty());
  const std::vector<Diagnostic> later_refused{{{"duel.orders", 3, 20}, "'Parry' …", {}, {}}};
  CHECK(never_fire({{"duel.orders", text, parse_orders(text, "duel.orders")}}, later_refused).empty());
}

TEST_CASE("a comment that cuts short a name of the fight is refused at the name and without a fight warned of",
          "[orders][check]") {
  // "Orc #2" unquoted reads "Orc" and a comment: the orders would go to, or be taken at, the Orc.
  // A no-break space before the '#', as a chat pastes it, is a blank as a space is.
  const Roster orcs{{"Aldric", "players"}, {"Orc", "orcs"}, {"Orc #2", "orcs"}};
  for (const std::string blank : {" ", "\u00A0"}) {
    CAPTURE(blank);
    const std::string text =
        "Character: Orc" + blank + "#2\n  1: Charge -> \"Aldric\"\n  2: Defend\n"
        "Aldric:\n  1: Charge -> Orc" + blank + "#2 the big one\n  2: Charge -> Orc # the small one\n";
    const std::vector<SheetFile> sheets{{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}};
    const auto diagnostics = check_orders(sheets, platemail(), &orcs);
    REQUIRE(diagnostics.size() == 2);
    check_one(diagnostics[0], "sheet1.txt", 1, 12,
              "'Orc #2': a # starts a comment; write the name in quotes: \"Orc #2\"");
    check_one(diagnostics[1], "sheet1.txt", 5, 16,
              "'Orc #2': a # starts a comment; write the name in quotes: \"Orc #2\"");
    // Without the fight's roster only a number after the name is suspect, as copies are numbered so.
    const auto warnings = numbers_after_names(sheets);
    REQUIRE(warnings.size() == 2);
    check_one(warnings[0], "sheet1.txt", 1, 12,
              "'Orc' is followed by the comment '#2': if 'Orc #2' is a name, write it in quotes, as a # starts a "
              "comment: \"Orc #2\"");
    check_one(warnings[1], "sheet1.txt", 5, 16,
              "'Orc' is followed by the comment '#2 the big one': if 'Orc #2' is a name, write it in quotes, as a # "
              "starts a comment: \"Orc #2\"");
  }
}

TEST_CASE("an ally's name a comment cuts short is refused once, as that, not as the ally it reads", "[orders][check]") {
  // docs/orders.md: a name a comment cuts short is "refused, once, rather than as the name it reads";
  // "-> Orc #2" reads the Orc, the Goblin's ally, and was told a second time as an attack on an ally.
  const Roster orcs{{"Aldric", "players"}, {"Orc", "orcs"}, {"Orc #2", "orcs"}, {"Goblin", "orcs"}};
  const std::string text = "Goblin:\n  1: Full Attack -> Orc #2\n  2: Defend\n";
  const std::vector<SheetFile> sheets{{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}};
  const auto diagnostics = check_orders(sheets, platemail(), &orcs);
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "sheet1.txt", 2, 21, "'Orc #2': a # starts a comment; write the name in quotes: \"Orc #2\"");
}

TEST_CASE("the place an order moves toward is its target when it has no other as run takes it", "[orders][check]") {
  // The Platemail document writes "Charge ... toward the closest foe"; run attacks the one it
  // charges toward, so check takes it as the Charge's target, an attack's rules included.
  Vocabulary v = platemail();
  v.add_action({.name = "Lunge", .needs_target = true, .move_feet = 15, .enemy_target = true});
  const std::string text = "Aldric:\n  1: Charge toward the closest hostile\n  2: Lunge toward \"Brienne\"\n";
  const auto diagnostics = check_orders({{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}}, v, &fight);
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "sheet1.txt", 3, 19,
            "'Brienne' is an ally of 'Aldric' (players): the target of Lunge is an enemy");
  // Away from someone is no target.
  const auto away = check({"Aldric:\n  1: Charge away from the closest hostile\n  2: Defend\n"});
  REQUIRE(away.size() == 1);
  check_one(away[0], "sheet1.txt", 2, 6, "'Charge' needs a target: add '-> target' or a 'Target:' line");
}

TEST_CASE("an action that needs a direction is refused without one and says what to add", "[orders][check]") {
  // Platemail: "Actions that involve movement must have their distance and direction declared as
  // part of the Action order."
  Vocabulary v = platemail();
  v.phases = 0;
  v.add_action({.name = "Walk", .move_feet = 15, .needs_direction = true});
  const std::string text = "Aldric:\n  1: Walk\n  2: Walk 15'\n  3: Walk N\n  4: Walk 10' S\n  5: Walk to C3\n"
                           "  6: Walk toward closest enemy\n  7: Walk away from \"Orc #1\"\n  8: Walk -> \"Orc #2\"\n";
  const auto diagnostics = check_orders({{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}}, v, &fight);
  REQUIRE(diagnostics.size() == 2);
  check_one(diagnostics[0], "sheet1.txt", 2, 6,
            "'Walk' must say where it moves: add compass steps ('Walk N, NE'), a distance and a direction ('Walk 15' "
            "N'), a destination ('Walk to C3') or a target ('Walk toward \"Orc\"')");
  check_one(diagnostics[1], "sheet1.txt", 3, 11,
            "'Walk 15'' says how far but not where: add the direction ('Walk 15' N'), or write a destination ('Walk "
            "to C3') or a target ('Walk toward \"Orc\"')");
}

TEST_CASE("a leading the before a name in a condition is decoration and an unknown name gets the nearest",
          "[orders][check]") {
  // As before a target ("Charge -> the Orc"): "IF the Brienne is down" names Brienne.
  const auto diagnostics = check({"Aldric:\n  1: IF the Brienne is down THEN Defend ELSE Charge -> closest enemy\n"
                                  "  2: IF the Brienn is down THEN Defend ELSE Defend\n"});
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "sheet1.txt", 3, 9, "'the Brienn' is not in the fight");
  CHECK(diagnostics[0].notes == std::vector<std::string>{"did you mean 'Brienne'?"});
}

TEST_CASE("a character is the one its name means for every check: the Brienne and brienne are Brienne",
          "[orders][check]") {
  const auto diagnostics = check({"the Brienne:\n  1: Defend\n  2: Defend\nbrienne:\n  1: Defend\n  2: Defend\n"
                                  "Aldric:\n  1: Full Attack -> \"the Aldric\"\n  2: Defend\n"});
  REQUIRE(diagnostics.size() == 2);
  check_one(diagnostics[0], "sheet1.txt", 4, 1, "'brienne' already has orders");
  check_one(diagnostics[1], "sheet1.txt", 8, 21, "'Aldric' cannot Full Attack itself: the target of Full Attack is an enemy");
}

TEST_CASE("a distance in a condition is written as in a movement: 10ft as well as 10 ft", "[orders][check]") {
  CHECK(check({"Aldric:\n  1: Defend\n  2: IF an enemy is within 10ft THEN Defend ELSE Move 10ft N\n"}).empty());
  CHECK(check({"Aldric:\n  1: IF an enemy is within 10FEET THEN Defend ELSE Defend\n"
               "  2: IF an enemy is within 10 Feet THEN Defend ELSE Defend\n"})
            .empty());
}

TEST_CASE("an argument the action does not read is refused at it with the forms the action takes", "[orders][check]") {
  Vocabulary v = platemail();
  v.add_action({.name = "Skulk", .move_feet = 15, .argument_words = {"roll", "keep"}});
  v.add_action({.name = "Prepare Spell", .any_argument = true});
  const std::string text =
      "Aldric:\n  1: Skulk (roll Stealth again)\n  2: Skulk (hide well)\n"
      "Brienne:\n  1: Defend (sing)\n  2: Prepare Spell (Fireball)\n";
  const std::vector<SheetFile> files{{"s.txt", text, parse_orders(text, "s.txt")}};
  const auto found = check_orders(files, v, &fight);
  REQUIRE(found.size() == 2);
  check_one(found[0], "s.txt", 3, 13,
            "'Skulk' does not read '(hide well)': write 'Skulk (roll)' or 'Skulk (keep)', or no argument");
  check_one(found[1], "s.txt", 5, 14, "'Defend' takes no argument: write it without '(sing)'");
  const std::string misspelt = "Aldric:\n  1: Skulk (rol again)\n  2: Defend\n";
  const auto nearest = check_orders({{"s.txt", misspelt, parse_orders(misspelt, "s.txt")}}, v, &fight);
  REQUIRE(nearest.size() == 1);
  CHECK(nearest[0].notes == std::vector<std::string>{"did you mean 'roll'?"});
  // Skulk: "you can choose to roll Stealth or keep your last Stealth roll": one choice, not both.
  const std::string both = "Aldric:\n  1: Skulk (roll, keep)\n  2: Defend\n";
  const auto twice = check_orders({{"s.txt", both, parse_orders(both, "s.txt")}}, v, &fight);
  REQUIRE(twice.size() == 1);
  check_one(twice[0], "s.txt", 2, 18,
            "'Skulk' reads one argument, and 'keep' is a second: write 'Skulk (roll)' or 'Skulk (keep)', or no "
            "argument");
  const std::string spells = "Brienne:\n  1: Prepare Spell (Fireball, quietly)\n  2: Defend\n";
  CHECK(check_orders({{"s.txt", spells, parse_orders(spells, "s.txt")}}, v, &fight).empty());
}

TEST_CASE("a problem in an old Mac sheet (lone CR line ends) quotes its own line", "[orders][check]") {
  const std::string text = "Aldric:\r  1: Chrage -> closest enemy\r  2: Defend\r";
  const auto diagnostics = check({text});
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "sheet1.txt", 2, 6, "unknown action 'Chrage'");
  CHECK(diagnostics[0].source_line == "  1: Chrage -> closest enemy");
}

TEST_CASE("a bare name gets the nearest name in the fight and one beginning with The is read as written",
          "[orders][check]") {
  const Roster brute{{"Aldric", "players"}, {"Orc Brute", "orcs"}};
  const auto misspelt = check({"Aldric:\n  1: Charge -> Orc Brut\n  2: Defend\n"}, &brute);
  REQUIRE(misspelt.size() == 1);
  check_one(misspelt[0], "sheet1.txt", 2, 16, "'Orc Brut' is not a target the rules declare");
  REQUIRE(misspelt[0].notes.size() == 2);
  CHECK(misspelt[0].notes[0] == "did you mean 'Orc Brute'? (someone in the fight)");
  // No phrase of the rules is near a misspelt name: it is told so, not offered one far off.
  CHECK(misspelt[0].notes[1] == "none of the targets the rules declare is near it");
  // "-> The Baron": the "the" before a target is decoration, and the name still means The Baron.
  const Roster baron{{"The Baron", "party"}, {"Orc", "orcs"}};
  CHECK(check({"Orc:\n  1: Charge -> The Baron\n  2: IF The Baron is down THEN Defend ELSE Charge -> \"The Baron\"\n"
               "The Baron:\n  1: Charge -> Orc\n  2: Charge -> the Orc\n"},
              &baron)
            .empty());
  CHECK(named(baron, "Baron") == &baron[0]);
  CHECK(named(baron, "the baron") == &baron[0]);
  // Exactly as written comes first.
  const Roster both{{"The Baron", "party"}, {"Baron", "orcs"}};
  CHECK(named(both, "The Baron") == &both[0]);
  CHECK(named(both, "Baron") == &both[1]);
}

TEST_CASE("numbers in conditions are bounded as the sheet's other numbers are", "[orders][check]") {
  const auto diagnostics =
      check({"Aldric:\n  1: IF I have at least 99999999999999999999 wounds THEN Defend ELSE Defend\n"
             "  2: IF an enemy is within 1000001' THEN Defend ELSE IF I have at least 1000000 wounds THEN Defend\n"});
  REQUIRE(diagnostics.size() == 2);
  // Told at the number, not at the condition that holds it.
  check_one(diagnostics[0], "sheet1.txt", 2, 25,
            "number out of range: at most 1000000 in absolute value, not 99999999999999999999");
  check_one(diagnostics[1], "sheet1.txt", 3, 28, "number out of range: at most 1000000 in absolute value, not 1000001");
}

TEST_CASE("entries left out are told once at the entry after them, however many", "[orders][check]") {
  const auto diagnostics = check_with(tempo(), "Ilse:\n  1: Melee Attack -> \"Konrad\"\n"
                                               "  1000000: Melee Attack -> \"Konrad\"\n");
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "duel.orders", 3, 3,
            "entry 1000000 of 'Ilse' leaves out entries 2 to 999999: number them 1, 2, 3… with none left out");
  const auto one = check_with(tempo(), "Ilse:\n  2: Melee Attack -> \"Konrad\"\n");
  REQUIRE(one.size() == 1);
  check_one(one[0], "duel.orders", 2, 3,
            "entry 2 of 'Ilse' leaves out entry 1: number them 1, 2, 3… with none left out");
}

TEST_CASE("a name of the fight that begins with On, unquoted, is told to be quoted, once", "[orders][check]") {
  const Roster wall{{"Aldric", "players"}, {"On the Wall", "orcs"}};
  const std::string text = "Aldric:\n  1: Defend\n  2: Defend\nOn the Wall:\n  1: Defend\n  2: Defend\n";
  const auto diagnostics = check_orders({{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}}, platemail(), &wall);
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "sheet1.txt", 4, 1,
            "'On the Wall' is someone in the fight: a name that begins with the word 'On' goes in quotes (\"On the "
            "Wall\":), as 'ON' opens a standing order");
  const std::string quoted = "Aldric:\n  1: Defend\n  2: Defend\n\"On the Wall\":\n  1: Defend\n  2: Defend\n";
  CHECK(check_orders({{"sheet1.txt", quoted, parse_orders(quoted, "sheet1.txt")}}, platemail(), &wall).empty());
}

TEST_CASE("the rule text's movement examples are told the order they could be", "[orders][check]") {
  const auto diagnostics = check({"Aldric:\n  1: Charge into melee toward the closest enemy\n  2: Move Nrth\n"});
  REQUIRE(diagnostics.size() == 2);
  check_one(diagnostics[0], "sheet1.txt", 2, 6, "unknown action 'Charge into melee'");
  CHECK(diagnostics[0].notes == std::vector<std::string>{"did you mean 'Charge toward closest enemy'? 'into melee' is "
                                                         "not read: the action's name, then its movement or target"});
  check_one(diagnostics[1], "sheet1.txt", 3, 6, "unknown action 'Move Nrth'");
  CHECK(diagnostics[1].notes == std::vector<std::string>{"did you mean 'Move North'? compass steps are N, NE, E, SE, "
                                                         "S, SW, W, NW or the words North … Northwest"});
}

TEST_CASE("a misspelt movement without its action is told the Move it could be", "[orders][check]") {
  // As the grammar tells '1: Sout, E'; a misspelt word alone reads as an action's name.
  const auto diagnostics = check({"Aldric:\n  1: Sout\n  2: Nrth\n"});
  REQUIRE(diagnostics.size() == 2);
  check_one(diagnostics[0], "sheet1.txt", 2, 6, "unknown action 'Sout'");
  CHECK(diagnostics[0].notes == std::vector<std::string>{"an order starts with its action, and 'Sout' is not a compass "
                                                         "word: did you mean 'Move South'?"});
  CHECK(diagnostics[1].notes == std::vector<std::string>{"an order starts with its action, and 'Nrth' is not a compass "
                                                         "word: did you mean 'Move North'?"});
  // Nor near a compass word: the nearest action.
  CHECK(check({"Aldric:\n  1: Defned\n  2: Defend\n"}).front().notes ==
        std::vector<std::string>{"did you mean 'Defend'?"});
}

TEST_CASE("a first copy written with #1 is told its name, which has no number", "[orders][check]") {
  const Roster copies{{"Aldric", "players"}, {"Orc", "orcs"}, {"Orc #2", "orcs"}};
  const std::string text = "Aldric:\n  1: Charge -> \"Orc #1\"\n  2: Defend\n";
  const auto diagnostics = check_orders({{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}}, platemail(), &copies);
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "sheet1.txt", 2, 16, "no character 'Orc #1' in the fight");
  CHECK(diagnostics[0].notes ==
        std::vector<std::string>{"did you mean 'Orc'? the first of a character's copies has no number"});
}

TEST_CASE("a second Action: line in a phase is told with the rules' problems of the sheet, its own order checked too",
          "[orders][check]") {
  // The line reads well; only its place is wrong. It must not hide the problems after it.
  const std::string text =
      "Character: Aldric\n"
      "First Action:\n"
      "  Action: Charge\n"
      "  Target: closest enemy\n"
      "  Action: Fly\n"                          // a second action, and no action of the rules
      "  Target: the guy with the most gold\n"   // its target, not declared
      "Second Action:\n"
      "  IF: I reach the enemy\n"
      "    Action: Full Attack -> closest enemy\n"
      "    Action: Defend\n"                     // a second action after IF
      "Brienne:\n"
      "  1: Dance\n"                             // a rule problem after both
      "  2: Defend\n";
  const auto diagnostics =
      check_orders({{"sheet1.txt", text, parse_orders_to_check(text, "sheet1.txt", declared_by(platemail()))}},
                   platemail(), &fight);
  REQUIRE(diagnostics.size() == 5);
  check_one(diagnostics[0], "sheet1.txt", 5, 3,
            "this phase already has an action: start the next phase ('Second Action:') first");
  check_one(diagnostics[1], "sheet1.txt", 5, 11, "unknown action 'Fly'");
  check_one(diagnostics[2], "sheet1.txt", 6, 15, "'guy with the most gold' is not a target the rules declare");
  check_one(diagnostics[3], "sheet1.txt", 10, 5, "a second action after IF: write 'ELSE:' or 'ELSE IF:' before it");
  check_one(diagnostics[4], "sheet1.txt", 12, 6, "unknown action 'Dance'");
  // Read for anything but a check (fmt, orders.parse), the sheet is refused at those lines.
  try {
    parse_orders(text, "sheet1.txt");
    FAIL("a sheet with a second action in a phase was read");
  } catch (const Error& e) {
    REQUIRE(e.diagnostics().size() == 2);
    CHECK(e.diagnostics()[0].where.line == 5);
    CHECK(e.diagnostics()[1].where.line == 10);
  }
}

TEST_CASE("names are matched with runs of blanks collapsed, whichever side has them", "[orders][check]") {
  // A sheet reads a bare name's blanks as one space ("Orc  Brute" is Orc Brute): a name of the
  // fight written with two could not be ordered or named without this rule, nor quoted otherwise.
  const Roster doubled{{"Aldric", "players"}, {"Orc  Brute", "orcs"}};
  const std::string text = "Aldric:\n  1: Charge -> Orc  Brute\n  2: IF \"Orc Brute\" is down THEN Defend ELSE "
                           "Full Attack -> \"orc brute\"\n\"Orc Brute\":\n  1: Defend\n  2: Charge -> Aldric\n";
  CHECK(check_orders({{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}}, platemail(), &doubled).empty());
  CHECK(named(doubled, "orc brute") == &doubled[1]);
  CHECK(named(doubled, "the Orc \t Brute") == &doubled[1]);
  // The other way round: the encounter's name with one blank, the sheet's quoted name with two.
  const Roster single{{"Aldric", "players"}, {"Orc Brute", "orcs"}};
  const std::string quoted = "Aldric:\n  1: Charge -> \"Orc  Brute\"\n  2: Defend\n\"Orc  Brute\":\n  1: Defend\n"
                             "  2: Defend\nOrc Brute:\n  1: Defend\n  2: Defend\n";
  const auto twice = check_orders({{"sheet1.txt", quoted, parse_orders(quoted, "sheet1.txt")}}, platemail(), &single);
  REQUIRE(twice.size() == 1);  // and both headers are the one character
  check_one(twice[0], "sheet1.txt", 7, 1, "'Orc Brute' already has orders");
  // Without a fight, the two spellings are still one character's.
  const auto unchecked = check_orders({{"sheet1.txt", quoted, parse_orders(quoted, "sheet1.txt")}}, platemail(), nullptr);
  REQUIRE(unchecked.size() == 1);
  check_one(unchecked[0], "sheet1.txt", 7, 1, "'Orc Brute' already has orders");
}

TEST_CASE("a movement toward or away from the character itself is refused at the place, however it is named",
          "[orders][check]") {
  // The fight finds no way toward where one stands: the order was taken as standing still.
  const std::string text = "Aldric:\n  1: Move toward self\n  2: Charge toward \"aldric\"\n"
                           "Brienne:\n  1: Move away from me\n  2: Sprint toward the Brienne\n"
                           "\"Orc #1\":\n  1: Move toward myself\n  2: Move toward \"Orc #2\"\n";
  const std::string toward = "write where it moves (compass steps such as 'N, NE', or a cell: 'to C3'), or someone "
                             "else to move toward";
  for (const Roster* roster : {&fight, static_cast<const Roster*>(nullptr)}) {  // with the fight and without
    const auto diagnostics = check_orders({{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}}, platemail(), roster);
    REQUIRE(diagnostics.size() == 5);  // told once each, not again as a Charge at itself
    check_one(diagnostics[0], "sheet1.txt", 2, 18, "'Aldric' cannot move toward itself: " + toward);
    check_one(diagnostics[1], "sheet1.txt", 3, 20, "'Aldric' cannot move toward itself: " + toward);
    check_one(diagnostics[2], "sheet1.txt", 5, 21,
              "'Brienne' cannot move away from itself: write where it moves (compass steps such as 'N, NE', or a "
              "cell: 'to C3'), or someone else to move away from");
    check_one(diagnostics[3], "sheet1.txt", 6, 24, "'Brienne' cannot move toward itself: " + toward);
    check_one(diagnostics[4], "sheet1.txt", 8, 18, "'Orc #1' cannot move toward itself: " + toward);
  }
}

TEST_CASE("an action that must say where it moves, its target the only way written, is refused at itself",
          "[orders][check]") {
  // Platemail's Move and Sprint go toward their target when no way is written: toward oneself
  // they went nowhere, silently, as "Move toward self" would.
  Vocabulary v = platemail();
  v.add_action({.name = "Walk", .move_feet = 15, .needs_direction = true});
  v.add_action({.name = "Dash", .move_feet = 30, .needs_direction = true});
  v.add_action({.name = "Hide", .move_feet = 15});  // may stay where it stands: a target is not its way
  const std::string text = "Aldric:\n  1: Walk -> self\n  2: Dash 30' -> \"aldric\"\n"
                           "Character: Brienne\nFirst Action:\n  Action: Walk\n  Target: Towards myself.\n"
                           "Second Action:\n  Action: Walk N -> me\n"
                           "\"Orc #1\":\n  1: Hide -> self\n  2: Walk -> \"Orc #2\"\n";
  const std::string toward = "write where it moves (compass steps such as 'N, NE', or a cell: 'to C3'), or someone "
                             "else to move toward";
  for (const Roster* roster : {&fight, static_cast<const Roster*>(nullptr)}) {  // with the fight and without
    const auto diagnostics = check_orders({{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}}, v, roster);
    REQUIRE(diagnostics.size() == 3);  // a way written (Walk N), or an action that may stay, is no slip
    check_one(diagnostics[0], "sheet1.txt", 2, 14, "'Aldric' cannot move toward itself: " + toward);
    check_one(diagnostics[1], "sheet1.txt", 3, 18, "'Aldric' cannot move toward itself: " + toward);
    check_one(diagnostics[2], "sheet1.txt", 7, 19, "'Brienne' cannot move toward itself: " + toward);
  }
}

TEST_CASE("an entry given twice is told in the words of the rules' flow: a turn's entry, or a phase", "[orders][check]") {
  const std::string text = "Ilse:\n  1: Melee Attack -> \"Konrad\"\n  1: Parry\n  2:\n";
  const auto turns = check_with(tempo(), text);
  REQUIRE(turns.size() == 2);
  check_one(turns[0], "duel.orders", 3, 3, "entry 1 of 'Ilse' is written twice: number a turn's entries 1, 2, 3… "
                                           "once each");
  CHECK(turns[0].notes == std::vector<std::string>{"duel.orders:2:3: the first entry 1 is here"});
  check_one(turns[1], "duel.orders", 4, 3, "entry 2 of 'Ilse' has no action");
  Vocabulary phases = tempo();
  phases.sequential = false;  // the same actions, every phase simultaneous
  const auto simultaneous = check_with(phases, text);
  REQUIRE(simultaneous.size() == 2);
  check_one(simultaneous[0], "duel.orders", 3, 3, "phase 1 of 'Ilse' is ordered twice");
  CHECK(simultaneous[0].notes == std::vector<std::string>{"duel.orders:2:3: the first order for phase 1 is here"});
  check_one(simultaneous[1], "duel.orders", 4, 3, "phase 2 of 'Ilse' has no action");
}

TEST_CASE("without a roster a bare target the rules do not declare is taken for a name and warned of, as run reads it",
          "[orders][check]") {
  const std::string text = "Aldric:\n  1: Charge -> Brienne\n  2: Full Attack -> the guy with the most gold\n"
                           "Brienne:\n  1: Charge -> Orc Brute\n  2: Defend\n";
  std::vector<Diagnostic> warnings;
  const auto diagnostics = check_orders({{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}}, platemail(), nullptr,
                                        nullptr, 1, &warnings);
  CHECK(diagnostics.empty());
  REQUIRE(warnings.size() == 2);  // Brienne has orders in the sheet: she is in the fight
  check_one(warnings[0], "sheet1.txt", 3, 25,
            "'guy with the most gold' is not a target the rules declare: taken as the name of someone in the fight, "
            "which only --encounter (or run) can tell");
  CHECK(warnings[0].notes.size() == 1);
  check_one(warnings[1], "sheet1.txt", 5, 16,
            "'Orc Brute' is not a target the rules declare: taken as the name of someone in the fight, which only "
            "--encounter (or run) can tell");
  // With the fight, what is no one's name is refused.
  const auto refused = check({text});
  REQUIRE(refused.size() == 2);
  check_one(refused[0], "sheet1.txt", 3, 25, "'guy with the most gold' is not a target the rules declare");
  check_one(refused[1], "sheet1.txt", 5, 16, "'Orc Brute' is not a target the rules declare");
}

TEST_CASE("a quoted name that is no one's but is a declared target phrase is told to drop the quotes", "[orders][check]") {
  const auto diagnostics = check({"Aldric:\n  1: Charge -> \"closest enemy\"\n  2: Move toward \"the closest enmy\"\n"
                                  "Brienne:\n  1: Charge -> \"Orc #3\"\n  2: Defend\n"});
  REQUIRE(diagnostics.size() == 3);
  check_one(diagnostics[0], "sheet1.txt", 2, 16, "no character 'closest enemy' in the fight");
  CHECK(diagnostics[0].notes == std::vector<std::string>{"'closest enemy' is a target the rules declare, written "
                                                         "without quotes: '-> closest enemy' (quotes hold a name)"});
  check_one(diagnostics[1], "sheet1.txt", 3, 18, "no character 'the closest enmy' in the fight");
  CHECK(diagnostics[1].notes == std::vector<std::string>{"a target the rules declare is written without quotes: did "
                                                         "you mean 'toward the closest enemy'?"});
  // Near no target, the nearest name of the fight as before.
  check_one(diagnostics[2], "sheet1.txt", 5, 16, "no character 'Orc #3' in the fight");
  CHECK(diagnostics[2].notes == std::vector<std::string>{"did you mean 'Orc #1' or 'Orc #2'?"});
}

TEST_CASE("a name pasted with a combining accent is the fight's name with that accent precomposed", "[orders][check]") {
  const Roster accented{{"Zoë", "players"}, {"José", "players"}, {"Orc", "orcs"}};
  // "Zoe" + U+0308 COMBINING DIAERESIS, as macOS pastes it, is Zoë; "Jose" + U+0301 is José.
  CHECK(check({"Zoe\xCC\x88:\n  1: Charge -> \"Orc\"\n  2: Defend\n"
               "Jose\xCC\x81:\n  1: Charge -> Orc\n  2: IF \"Zoe\xCC\x88\" is down THEN Defend ELSE Move toward Zoe\xCC\x88\n"},
              &accented)
            .empty());
  // Another accent is another name, told the nearest.
  const Roster zoe{{"Zoë", "players"}, {"Orc", "orcs"}};
  const auto diagnostics = check({"Zoe\xCC\x81:\n  1: Defend\n  2: Defend\n"}, &zoe);
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "sheet1.txt", 1, 1, "'Zoe\xCC\x81' is not in the fight");
  CHECK(diagnostics[0].notes == std::vector<std::string>{"did you mean 'Zoë'?"});
}

// --- Sheets as players type them (QA of the parser's reading and diagnoses) ---------------------

TEST_CASE("a name is one name whichever apostrophe or quotes a phone typed", "[orders][check]") {
  const Roster irish{{"Se\u00e1n O'Brien", "players"}, {"Orc #2", "orcs"}};
  CHECK(check({"Se\u00e1n O\u2019Brien:\n  1: Charge -> \u201COrc #2\u201D\n  2: Defend\n"
               "\"Orc #2\":\n  1: Charge -> Se\u00e1n O\u2018Brien\n  2: IF \u201CSe\u00e1n O\u2019Brien\u201D is down "
               "THEN Defend ELSE Charge -> \u201DSe\u00e1n O'Brien\u201D\n"},
              &irish)
            .empty());
}

TEST_CASE("a name a comment cut short is told once, as that, wherever it is written", "[orders][check]") {
  const std::string told = "'Orc #2': a # starts a comment; write the name in quotes: \"Orc #2\"";
  // Not first as "'Orc' is not a target", nor as a condition or a character not in the fight.
  const auto target = check({"Aldric:\n  1: Charge -> Orc #2\n  2: Defend\n"});
  REQUIRE(target.size() == 1);
  check_one(target[0], "sheet1.txt", 2, 16, told);
  const auto verbose = check({"Character: Aldric\nFirst Action:\n  Action: Charge\n  Target: Orc #2\n"
                              "Second Action:\n  IF: Orc #2 is down\n    Action: Defend\n"});
  REQUIRE(verbose.size() == 2);
  check_one(verbose[0], "sheet1.txt", 4, 11, told);
  check_one(verbose[1], "sheet1.txt", 6, 7, told);
  // A quote a comment cut is no other character's name: the one written is told.
  const Roster orcs{{"Aldric", "players"}, {"Orc", "orcs"}, {"Orc #2", "orcs"}};
  const auto quoted = check({"Aldric:\n  1: Charge -> 'Orc #2'\n  2: Defend\n"}, &orcs);
  REQUIRE(quoted.size() == 1);
  check_one(quoted[0], "sheet1.txt", 2, 16, told);
}

TEST_CASE("an action and a name without the arrow is told the order it could be, accented or not", "[orders][check]") {
  const Roster party{{"Aldric", "players"}, {"Zo\u00eb", "players"}, {"Gr\u00fam the Grey", "orcs"}};
  const auto diagnostics = check({"Zo\u00eb:\n  1: Ranged Attack Gr\u00fam the Grey\n  2: Charge Grum the Grey\n"
                                  "Aldric:\n  1: Chrage -> closest enemy\n  2: Defend\n"},
                                 &party);
  // Told among the sheet's other problems, not instead of them.
  REQUIRE(diagnostics.size() == 3);
  check_one(diagnostics[0], "sheet1.txt", 2, 6, "unknown action 'Ranged Attack Gr\u00fam the Grey'");
  CHECK(diagnostics[0].notes ==
        std::vector<std::string>{"did you mean 'Ranged Attack -> Gr\u00fam the Grey'? a target follows '->'"});
  CHECK(diagnostics[1].notes == std::vector<std::string>{"did you mean 'Charge -> Gr\u00fam the Grey'? a target follows '->'"});
  check_one(diagnostics[2], "sheet1.txt", 5, 6, "unknown action 'Chrage'");
}

TEST_CASE("a header naming whose orders they are is told the header it could be", "[orders][check]") {
  for (const char* header : {"Aldric's orders:", "Aldric\u2019s orders:", "Aldric orders:"}) {
    const auto diagnostics = check({std::string(header) + "\n  1: Defend\n  2: Defend\n"});
    REQUIRE(diagnostics.size() == 1);
    CHECK(diagnostics[0].notes == std::vector<std::string>{"did you mean 'Aldric:'? a character's header is its name alone"});
  }
}

TEST_CASE("'2 or more', which OR splits, is told once with the phrase the rules declare", "[orders][check]") {
  const auto diagnostics = check({"Aldric:\n  1: Defend\n  2: IF I have 2 or more wounds THEN Defend ELSE Move N\n"});
  REQUIRE(diagnostics.size() == 1);
  check_one(diagnostics[0], "sheet1.txt", 3, 9,
            "'I have 2 or more wounds' is not a condition the rules declare: OR joins two conditions, 'I have 2' and "
            "'more wounds'");
  CHECK(diagnostics[0].notes == std::vector<std::string>{"did you mean 'I have at least 2 wounds'?"});
}

TEST_CASE("a condition's distance takes the foot marks and 'ft.' a movement takes", "[orders][check]") {
  for (const char* distance : {"10\u2019", "10\u2032", "10 ft.", "10 FT."}) {
    INFO(distance);
    CHECK(check({std::string("Aldric:\n  1: Defend\n  2: IF an enemy is within ") + distance + " THEN Defend\n"}).empty());
  }
}

TEST_CASE("without the fight, a target a numbered comment cut is warned of once, as that", "[orders][check]") {
  // It was warned of twice: as "'Orc' is not a target the rules declare", then as the comment.
  const std::string text = "Aldric:\n  1: Charge -> Orc #2\n  2: Defend\n";
  const std::vector<SheetFile> files{{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}};
  std::vector<Diagnostic> warnings;
  CHECK(check_orders(files, platemail(), nullptr, nullptr, 1, &warnings).empty());
  CHECK(warnings.empty());
  const auto numbered = numbers_after_names(files);
  REQUIRE(numbered.size() == 1);
  CHECK(numbered[0].message ==
        "'Orc' is followed by the comment '#2': if 'Orc #2' is a name, write it in quotes, as a # starts a comment: "
        "\"Orc #2\"");
}

namespace {

// Platemail's words for suggestions: actions and phrases with the other names players write.
Vocabulary platemail_with_hints() {
  Vocabulary v = platemail();
  ActionRules ranged{"Ranged Attack", true, std::nullopt};
  ranged.also_called = {"Shoot", "Fire"};
  v.add_action(ranged);
  v.add_action({"Attack of Opportunity", true, std::nullopt, true});  // involuntary: never suggested
  v.add_condition("{character} is adjacent to me", "rules.lua:8");
  v.add_condition("an enemy is adjacent", "rules.lua:9");
  v.add_condition("an ally is down", "rules.lua:10", {"an ally is dead"});
  v.add_condition("I have at least {n} AP", "rules.lua:11");
  v.add_target("the closest enemy {word}", "rules.lua:12");
  v.add_target("the farthest enemy", "rules.lua:13");
  v.add_target("the biggest enemy", "rules.lua:14");
  return v;
}

std::vector<std::string> notes_of(const std::string& text) {
  const auto diagnostics = check_orders({{"s.txt", text, parse_orders(text, "s.txt")}}, platemail_with_hints(), &fight);
  REQUIRE(diagnostics.size() == 1);
  return diagnostics[0].notes;
}

}  // namespace

TEST_CASE("an unknown action is told every action sharing a word with it, and those its pack says players call so",
          "[orders][check][suggest]") {
  using Notes = std::vector<std::string>;
  CHECK(notes_of("Aldric:\n  1: Attack -> \"Orc #1\"\n  2: Defend\n") ==
        Notes{"did you mean 'Full Attack' or 'Ranged Attack'?"});
  CHECK(notes_of("Aldric:\n  1: Atack -> \"Orc #1\"\n  2: Defend\n") ==
        Notes{"did you mean 'Full Attack' or 'Ranged Attack'?"});
  CHECK(notes_of("Aldric:\n  1: Shoot the goblin\n  2: Defend\n") == Notes{"did you mean 'Ranged Attack'?"});
  // A hint word is never the action itself, nor a misspelling's neighbour ("Hide" is not "Fire").
  CHECK(notes_of("Aldric:\n  1: Hide\n  2: Defend\n").empty());
  CHECK(notes_of("Aldric:\n  1: Shoot -> \"Orc #1\"\n  2: Defend\n") == Notes{"did you mean 'Ranged Attack'?"});
}

TEST_CASE("a name too far from every name is not suggested: 'Bob' is not 'Zoë'", "[orders][check][suggest]") {
  CHECK(nearest_names("Bob", {"Zoë", "Aldric"}).empty());
  CHECK(nearest_names("Zoe", {"Zoë", "Aldric"}) == std::vector<std::string>{"Zoë"});
}

TEST_CASE("a phrase shares words before it is spelt alike, and is suggested with its placeholders filled in",
          "[orders][check][suggest]") {
  using Notes = std::vector<std::string>;
  // "orc" fills the {word}, a word no declared phrase has; "closest" is a word the two share.
  CHECK(notes_of("Aldric:\n  1: Charge -> closest orc\n  2: Defend\n").back() ==
        "the nearest declared targets: 'the closest enemy orc', 'the closest enemy', 'the closest hostile'");
  CHECK(notes_of("Aldric:\n  1: Defend\n  2: IF \"Orc #1\" is adjacent THEN Defend\n") ==
        Notes{"the nearest declared conditions: '\"Orc #1\" is adjacent to me', '\"Orc #1\" is down', "
              "'an enemy is adjacent'"});
  CHECK(notes_of("Aldric:\n  1: Defend\n  2: IF I have 8 AP THEN Defend\n") ==
        Notes{"the nearest declared conditions: 'I have at least 8 AP', 'I have at least 8 wounds'"});
  // "dead" is a word of the phrase's `also_called`, "an ally is dead".
  CHECK(notes_of("Aldric:\n  1: Defend\n  2: IF an ally is dead THEN Defend\n") ==
        Notes{"the nearest declared conditions: 'an ally is down'"});
}

TEST_CASE("a condition's distance written without its foot mark, in squares or in words is suggested filled in "
          "as the declared distance phrase", "[orders][check][suggest]") {
  // docs/orders.md: "A phrase with placeholders is suggested filled from what was written: a quoted
  // name, a number, a distance", "those sharing more words with what was written … before those
  // only spelt alike"; a distance in squares is told in feet, as a movement's is.
  Vocabulary v = platemail();
  v.add_condition("{character} is within {distance}", "rules.lua:8");
  v.add_condition("{character} is wounded", "rules.lua:9");
  v.add_condition("{character} is adjacent to me", "rules.lua:10");
  const auto notes = [&](const std::string& condition) {
    const std::string text = "Aldric:\n  1: Defend\n  2: IF " + condition + " THEN Defend\n";
    const auto diagnostics = check_orders({{"s.txt", text, parse_orders(text, "s.txt")}}, v, &fight);
    REQUIRE(diagnostics.size() == 1);
    return diagnostics[0].notes;
  };
  using Notes = std::vector<std::string>;
  // One mark from what was written, it is told alone, as a slip of a letter is.
  CHECK(notes("\"Orc #1\" is within 10") == Notes{"the nearest declared conditions: '\"Orc #1\" is within 10''"});
  CHECK(notes("an enemy is within 10") == Notes{"the nearest declared conditions: 'an enemy is within 10''"});
  CHECK(notes("\"Orc #1\" is within ten feet").front().starts_with(
      "the nearest declared conditions: '\"Orc #1\" is within {distance}'"));
  CHECK(notes("\"Orc #1\" is within 2 squares") ==
        Notes{"write distances in feet: 2 squares is 10' at 5' a square: '\"Orc #1\" is within 10''",
              "the nearest declared conditions: '\"Orc #1\" is within {distance}', '\"Orc #1\" is wounded', "
              "'\"Orc #1\" is adjacent to me'"});
}

// The advice is to write the condition in feet; rules that declare no such condition would refuse
// that too (/tmp/qa-tsheets: tempo, "my opponent is within 2 squares").
TEST_CASE("a distance in squares is told in feet only when the rules declare the condition in feet",
          "[orders][check][suggest]") {
  Vocabulary v = platemail();
  v.add_condition("{character} is wounded", "rules.lua:9");
  const std::string text = "Aldric:\n  1: Defend\n  2: IF \"Orc #1\" is within 2 squares THEN Defend\n";
  const auto diagnostics = check_orders({{"s.txt", text, parse_orders(text, "s.txt")}}, v, &fight);
  REQUIRE(diagnostics.size() == 1);
  for (const std::string& note : diagnostics[0].notes) CHECK_FALSE(note.starts_with("write distances in feet"));
}

TEST_CASE("a declared condition written negated is told NOT goes before it", "[orders][check][suggest]") {
  CHECK(notes_of("Aldric:\n  1: Defend\n  2: IF an enemy is not adjacent THEN Defend\n").front() ==
        "did you mean 'NOT an enemy is adjacent'? NOT goes before the condition");
  CHECK(notes_of("Aldric:\n  1: Defend\n  2: IF I have less than 4 AP THEN Defend\n").front() ==
        "did you mean 'NOT I have at least 4 AP'? NOT goes before the condition");
}

TEST_CASE("a name a condition gives that is no one's is told the phrases near it", "[orders][check][suggest]") {
  CHECK(notes_of("Aldric:\n  1: Defend\n  2: IF my ally is down THEN Defend\n") ==
        std::vector<std::string>{"the nearest declared conditions: 'an ally is down'"});
}

TEST_CASE("a distance that is no whole number of squares is warned of where it is written, with what it is taken as",
          "[orders][check]") {
  // "Move 12' E" on 5' squares goes two squares: 10'. The order is read, and the player told.
  const std::string text = "Aldric:\n  1: Move 12' E\n  2: Sprint 27' S, S\n"
                           "Brienne:\n  1: Move 10' E\n  2: Move 14' toward \"Orc #1\"\n";
  const std::vector<SheetFile> sheets{{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}};
  const Grid map(12, 8);
  std::vector<Diagnostic> warnings;
  CHECK(check_orders(sheets, platemail(), &fight, &map, 1, &warnings).empty());
  REQUIRE(warnings.size() == 3);
  check_one(warnings[0], "sheet1.txt", 2, 11,
            "12' is not a whole number of squares (5' a square on this map): it is taken as 10', the whole squares "
            "within it");
  CHECK(warnings[0].notes == std::vector<std::string>{"write 10' to say so, or 15' to go a square further"});
  CHECK(warnings[0].source_line == "  1: Move 12' E");
  check_one(warnings[1], "sheet1.txt", 3, 13,
            "27' is not a whole number of squares (5' a square on this map): it is taken as 25', the whole squares "
            "within it");
  CHECK(warnings[1].notes == std::vector<std::string>{"write 25' to say so, or 30' to go a square further"});
  // A distance before a target caps the way toward it: the same.
  check_one(warnings[2], "sheet1.txt", 6, 11,
            "14' is not a whole number of squares (5' a square on this map): it is taken as 10', the whole squares "
            "within it");
  CHECK(warnings[2].notes == std::vector<std::string>{"write 10' to say so, or 15' to go a square further"});
  // On 10' squares 15' is no whole number of them either, and a square further is past what Move
  // goes (15'): not offered. Without a map, a step is the rules' 5'.
  const Grid tens(12, 8, 10);
  const std::string fifteen = "Aldric:\n  1: Move 15' E\n  2: Defend\n";
  warnings.clear();
  check_orders({{"sheet1.txt", fifteen, parse_orders(fifteen, "sheet1.txt")}}, platemail(), &fight, &tens, 1, &warnings);
  REQUIRE(warnings.size() == 1);
  check_one(warnings[0], "sheet1.txt", 2, 11,
            "15' is not a whole number of squares (10' a square on this map): it is taken as 10', the whole squares "
            "within it");
  CHECK(warnings[0].notes == std::vector<std::string>{"write 10' to say so"});
  warnings.clear();
  check_orders(sheets, platemail(), &fight, nullptr, 1, &warnings);
  REQUIRE(warnings.size() == 3);
  CHECK(warnings[0].message == "12' is not a whole number of squares (5' a square, as the rules count a step without a "
                               "map): it is taken as 10', the whole squares within it");
  // A diagonal of a Euclidean map is no whole number of squares: there the feet written count as they are.
  const Grid euclidean(12, 8, 5, Metric::Euclidean);
  warnings.clear();
  check_orders(sheets, platemail(), &fight, &euclidean, 1, &warnings);
  CHECK(warnings.empty());
  // A distance too long is refused, not warned of as well.
  const std::string far = "Aldric:\n  1: Move 17' E\n  2: Defend\n";
  warnings.clear();
  CHECK(check_orders({{"sheet1.txt", far, parse_orders(far, "sheet1.txt")}}, platemail(), &fight, &map, 1, &warnings)
            .size() == 1);
  CHECK(warnings.empty());
}

TEST_CASE("a general target that ranks by a stat no one in the fight has is warned of: it would name no one",
          "[orders][check]") {
  Vocabulary v = platemail();
  v.add_target("the biggest enemy", "rules.lua:8", {}, "size");
  v.add_target("the biggest enemy {word}", "rules.lua:9", {}, "size");
  const std::string text = "Aldric:\n  1: Charge -> the biggest enemy\n  2: Charge toward the biggest enemy orc\n";
  const std::vector<SheetFile> sheets{{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}};
  std::vector<Diagnostic> warnings;
  CHECK(check_orders(sheets, v, &fight, nullptr, 1, &warnings).empty());
  REQUIRE(warnings.size() == 2);
  check_one(warnings[0], "sheet1.txt", 2, 20,
            "'biggest enemy' compares characters by their stat 'size', and no character in this fight has it: it will "
            "name no one");
  CHECK(warnings[0].notes ==
        std::vector<std::string>{"give the characters a 'size' in the encounter (stats = { size = 2 }), or write "
                                 "another target"});
  check_one(warnings[1], "sheet1.txt", 3, 24,
            "'biggest enemy orc' compares characters by their stat 'size', and no character in this fight has it: it "
            "will name no one");
  // One character with a size is enough to compare by; without the fight nothing is known of stats.
  const Roster sized{{"Aldric", "players"}, {"Orc #1", "orcs", {"size"}}};
  warnings.clear();
  check_orders(sheets, v, &sized, nullptr, 1, &warnings);
  CHECK(warnings.empty());
  check_orders(sheets, v, nullptr, nullptr, 1, &warnings);
  CHECK(warnings.empty());
  // A phrase that compares nothing is never warned of.
  const std::string closest = "Aldric:\n  1: Charge -> the closest enemy\n  2: Defend\n";
  check_orders({{"sheet1.txt", closest, parse_orders(closest, "sheet1.txt")}}, v, &fight, nullptr, 1, &warnings);
  CHECK(warnings.empty());
}

TEST_CASE("a general target that ranks by a stat only those it never picks among have is warned of: it would name "
          "no one",
          "[orders][check]") {
  // docs/orders.md: a target's `among` says whom it picks among, relative to the one ordering, and
  // "the biggest enemy" (`compares = "size"`, `among = "enemy"`) ranks one's enemies by their size:
  // Aldric's own size, or his ally's, makes no enemy the biggest, so the order names no one, and a
  // size only an enemy has is enough.
  Vocabulary v = platemail();
  v.add_target("the biggest enemy", "rules.lua:8", {}, "size", false, Relation::Enemy);
  v.add_target("the biggest ally", "rules.lua:9", {}, "size", false, Relation::Ally);
  const Roster fight{{"Aldric", "players", {"size"}},
                     {"Brienne", "players", {"size"}},
                     {"Orc #1", "orcs"},
                     {"Wren", "rangers"}};
  const std::string text = "Aldric:\n  1: Charge -> the biggest enemy\n  2: Charge -> the biggest ally\n"
                           "\"Orc #1\":\n  1: Charge -> the biggest enemy\n  2: Charge -> the biggest ally\n";
  const std::vector<SheetFile> sheets{{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}};
  std::vector<Diagnostic> warnings;
  CHECK(check_orders(sheets, v, &fight, nullptr, 1, &warnings).empty());
  REQUIRE(warnings.size() == 2);
  check_one(warnings[0], "sheet1.txt", 2, 20,
            "'biggest enemy' compares characters by their stat 'size', and no enemy of 'Aldric' has it: it will name "
            "no one");
  CHECK(warnings[0].notes ==
        std::vector<std::string>{"only Aldric, Brienne have it, whom 'the biggest enemy' never picks: it picks among "
                                 "its enemies",
                                 "give its enemies a 'size' in the encounter (stats = { size = 2 }), or write another "
                                 "target"});
  // The Orc's ally is no one with a size (Wren is of another side, and has none either).
  check_one(warnings[1], "sheet1.txt", 6, 20,
            "'biggest ally' compares characters by their stat 'size', and no ally of 'Orc #1' has it: it will name no "
            "one");
  CHECK(warnings[1].notes ==
        std::vector<std::string>{"only Aldric, Brienne have it, whom 'the biggest ally' never picks: it picks among "
                                 "its allies",
                                 "give its allies a 'size' in the encounter (stats = { size = 2 }), or write another "
                                 "target"});
  // Aldric's ally Brienne has a size, and the Orc's enemies do: nothing to tell of those.
}

TEST_CASE("a general target of a kind no one in the fight answers to is warned of: it would name no one",
          "[orders][check]") {
  // docs/orders.md: a target's `kinds` says the words each character answers to in its {word}; an
  // order at a word no one in the fight answers to ("dragon", or "orcs" for orcs) names no one.
  Vocabulary v = platemail();
  v.add_target("the closest enemy {word}", "rules.lua:8", {}, {}, true);
  v.add_target("the farthest enemy {word}", "rules.lua:9");  // says no kinds: never warned of
  const std::string kind = "the closest enemy {word}";
  const Roster kinds{{"Aldric", "players", {}, {{kind, {"aldric"}}}},
                     {"Brienne", "players"},  // answers to no word
                     {"Orc #1", "orcs", {}, {{kind, {"orc"}}}},
                     {"Orc Brute", "orcs", {}, {{kind, {"orc", "brute"}}}},
                     {"Archer", "orcs", {}, {{kind, {"archer"}}}}};
  const std::string text = "Aldric:\n  1: Charge -> the closest enemy dragon\n  2: Charge toward closest enemy Orcs\n"
                           "Brienne:\n  1: Charge -> the closest enemy ORC\n  2: Charge -> the farthest enemy dragon\n";
  const std::vector<SheetFile> sheets{{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}};
  std::vector<Diagnostic> warnings;
  CHECK(check_orders(sheets, v, &kinds, nullptr, 1, &warnings).empty());
  REQUIRE(warnings.size() == 2);
  check_one(warnings[0], "sheet1.txt", 2, 20,
            "no character in this fight answers to 'dragon' ('the closest enemy {word}' picks among those who do): it "
            "will name no one");
  CHECK(warnings[0].notes ==
        std::vector<std::string>{"the kinds in this fight, nearest first: 'archer', 'brute', 'orc', 'aldric'"});
  // A plural is no kind: the kind it is nearest to comes first.
  check_one(warnings[1], "sheet1.txt", 3, 20,
            "no character in this fight answers to 'Orcs' ('the closest enemy {word}' picks among those who do): it "
            "will name no one");
  CHECK(warnings[1].notes.front().starts_with("the kinds in this fight, nearest first: 'orc', "));
  // Without the fight nothing is known of kinds.
  warnings.clear();
  check_orders(sheets, v, nullptr, nullptr, 1, &warnings);
  CHECK(warnings.empty());
}

TEST_CASE("a kind only the side a target never picks among answers to is warned of, with the kinds it picks among",
          "[orders][check]") {
  // docs/orders.md: a target's `among` says whom it picks among, relative to the one ordering:
  // "the closest enemy {word}" picks among one's enemies, so "archer" when only one's own side has
  // archers names no one, and the kinds told are the enemies' only.
  Vocabulary v = platemail();
  v.add_target("the closest enemy {word}", "rules.lua:8", {}, {}, true, Relation::Enemy);
  v.add_target("the closest ally {word}", "rules.lua:9", {}, {}, true, Relation::Ally);
  const std::string enemy = "the closest enemy {word}", ally = "the closest ally {word}";
  const auto kinds = [&](const std::string& kind) {
    return std::map<std::string, std::vector<std::string>, std::less<>>{{enemy, {kind}}, {ally, {kind}}};
  };
  const Roster fight{{"Aldric", "players", {}, kinds("knight")},
                     {"Wren", "players", {}, kinds("archer")},
                     {"Orc", "orcs", {}, kinds("orc")},
                     {"Goblin", "orcs", {}, kinds("goblin")}};
  const std::string text = "Aldric:\n  1: Charge -> the closest enemy archer\n  2: Charge -> the closest enemy dragon\n"
                           "Wren:\n  1: Charge -> the closest ally orc\n  2: Charge -> the closest ally archer\n"
                           "Orc:\n  1: Charge -> the closest enemy archer\n  2: Charge -> the closest ally goblin\n";
  const std::vector<SheetFile> sheets{{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}};
  std::vector<Diagnostic> warnings;
  CHECK(check_orders(sheets, v, &fight, nullptr, 1, &warnings).empty());
  REQUIRE(warnings.size() == 4);
  check_one(warnings[0], "sheet1.txt", 2, 20,
            "no enemy of 'Aldric' answers to 'archer' ('the closest enemy {word}' picks among those who do): it will "
            "name no one");
  CHECK(warnings[0].notes ==
        std::vector<std::string>{"only Wren answers to 'archer', whom 'the closest enemy {word}' never picks: it picks "
                                 "among its enemies",
                                 "the kinds of its enemies, nearest first: 'orc', 'goblin'"});
  check_one(warnings[1], "sheet1.txt", 3, 20,
            "no enemy of 'Aldric' answers to 'dragon' ('the closest enemy {word}' picks among those who do): it will "
            "name no one");
  CHECK(warnings[1].notes == std::vector<std::string>{"the kinds of its enemies, nearest first: 'goblin', 'orc'"});
  check_one(warnings[2], "sheet1.txt", 5, 20,
            "no ally of 'Wren' answers to 'orc' ('the closest ally {word}' picks among those who do): it will name "
            "no one");
  CHECK(warnings[2].notes.front() ==
        "only Orc answers to 'orc', whom 'the closest ally {word}' never picks: it picks among its allies");
  CHECK(warnings[2].notes.back() == "the kinds of its allies, nearest first: 'knight'");
  // One's own kind is not one's ally's: Wren is the only archer, and never her own ally.
  check_one(warnings[3], "sheet1.txt", 6, 20,
            "no ally of 'Wren' answers to 'archer' ('the closest ally {word}' picks among those who do): it will name "
            "no one");
  CHECK(warnings[3].notes.front() ==
        "only Wren answers to 'archer', whom 'the closest ally {word}' never picks: it picks among its allies");
  // The Orc's enemies have an archer, and its ally is a goblin: nothing to tell.
}

TEST_CASE("a name of the fight written with other marks than double quotes is told to take double quotes",
          "[orders][check]") {
  // "did you mean 'Orc Brute'?" repeated what was written ('Orc Brute', in single quotes); "Sammy
  // Jr." bare loses its full stop, read as the line's. Only double quotes keep a name as written.
  const Roster roster{{"Aldric", "players"}, {"Brienne", "players"}, {"Orc Brute", "orcs"}, {"Goblin", "orcs"},
                      {"Sammy Jr.", "orcs"}};
  const std::string text = "Aldric:\n  1: Charge -> 'Orc Brute'\n  2: Charge -> \u00ABGoblin\u00BB\n"
                           "Brienne:\n  1: Charge -> \u2018Orc Brute\u2019\n  2: Charge -> Sammy Jr.\n";
  const std::vector<SheetFile> sheets{{"sheet1.txt", text, parse_orders(text, "sheet1.txt")}};
  const auto diagnostics = check_orders(sheets, platemail(), &roster);
  const std::vector<std::string> names{"Orc Brute", "Goblin", "Orc Brute", "Sammy Jr."};
  REQUIRE(diagnostics.size() == names.size());
  for (std::size_t i = 0; i < names.size(); ++i)
    CHECK(diagnostics[i].notes == std::vector<std::string>{"a name is written in double quotes: write it \"" +
                                                           names[i] + "\" (someone in the fight)"});
}
