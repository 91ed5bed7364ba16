// The order-sheet language (issue 4): both spellings of the Platemail document's orders read to
// the same tree, and every malformed sheet is refused at the right line and column with a message
// that says what was expected.
#include <string>

#include <catch2/catch.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

#include "grammar/diagnostic.hpp"
#include "grammar/orders.hpp"
#include "grammar/orders_grammar.hpp"
#include "interpreter/core/labels.hpp"

using namespace arbiter;
using namespace arbiter::orders;

namespace {

Diagnostic failure(const std::string& text) {
  try {
    parse_orders(text, "sheet.txt");
  } catch (const Error& e) {
    REQUIRE(e.diagnostics().size() == 1);
    return e.diagnostics().front();
  }
  FAIL("the sheet was accepted:\n" << text);
  return {};
}

void check_failure(const std::string& text, std::size_t line, std::size_t column, const std::string& message) {
  const Diagnostic d = failure(text);
  CHECK(d.where.file == "sheet.txt");
  CHECK(d.where.line == line);
  CHECK(d.where.column == column);
  CHECK(d.message == message);
}

// The Platemail document's "Example Actions Order" with the ELSE its formatting lost, as
// docs/orders.md writes it.
const std::string platemail_verbose =
    "Character: Aldric\n"
    "First Action:\n"
    "  Action: Charge\n"
    "  Target: Towards the closest enemy.\n"
    "Second Action:\n"
    "  IF: I reach the enemy\n"
    "    Action: Full Attack\n"
    "    Target: Closest Enemy\n"
    "  ELSE:\n"
    "    Action: Charge\n"
    "    Target: Towards the closest enemy.\n";

const std::string platemail_compact =
    "Aldric:\n"
    "  1: Charge -> closest enemy\n"
    "  2: IF I reach the enemy THEN Full Attack -> closest enemy ELSE Charge -> closest enemy\n";

}  // namespace

TEST_CASE("the order grammar has no rule that can loop without consuming input", "[orders]") {
  CHECK(tao::pegtl::analyze<grammar::sheet_line>(true) == 0);
  CHECK(tao::pegtl::analyze<grammar::answer_line>(true) == 0);
}

TEST_CASE("the Platemail example order reads the same in its verbose and compact forms", "[orders]") {
  const Sheet verbose = parse_orders(platemail_verbose, "verbose.txt");
  const Sheet compact = parse_orders(platemail_compact, "compact.txt");
  CHECK(verbose == compact);

  REQUIRE(compact.characters.size() == 1);
  const auto& aldric = compact.characters[0];
  CHECK(aldric.name.text == "Aldric");
  REQUIRE(aldric.phases.size() == 2);
  CHECK(aldric.phases[0].number == 1);
  CHECK(aldric.phases[0].branches.empty());
  CHECK(aldric.phases[0].otherwise->action.text == "Charge");
  CHECK(aldric.phases[0].otherwise->target->kind == Target::Kind::phrase);
  CHECK(aldric.phases[0].otherwise->target->text.text == "closest enemy");
  const auto& second = aldric.phases[1];
  CHECK(second.number == 2);
  REQUIRE(second.branches.size() == 1);
  CHECK(second.branches[0].condition.phrase.text == "I reach the enemy");
  CHECK(second.branches[0].order.action.text == "Full Attack");
  CHECK(second.otherwise->action.text == "Charge");
  // Positions point at what the player wrote, for the checker's messages.
  CHECK(verbose.characters[0].phases[1].branches[0].order.action.at.line == 7);
  CHECK(verbose.characters[0].phases[1].branches[0].order.action.at.column == 13);
}

TEST_CASE("the Platemail document's example as printed, without its ELSE, is refused", "[orders]") {
  // Seed 000, "Example Actions Order", with its blank lines and no ELSE between the branches.
  check_failure("Character: Aldric\nFirst Action:\n\nAction: Charge\n\nTarget: Towards the closest enemy.\n\n"
                "Second Action:\n\nIF: I reach the enemy\n\n\nAction: Full Attack\n\nTarget: Closest Enemy\n\n\n"
                "Action: Charge\n\nTarget: Towards the closest enemy.\n",
                18, 1, "a second action after IF: write 'ELSE:' or 'ELSE IF:' before it");
}

TEST_CASE("a compact sheet of several characters, paths, quoted names", "[orders]") {
  const Sheet sheet = parse_orders(
      "Round 3\n"
      "Aldric:\n"
      "  1: Charge -> closest enemy\n"
      "  2: IF I reach the enemy THEN Full Attack -> closest enemy ELSE Charge -> closest enemy\n"
      "Brienne:\n"
      "  1: Move 15' S, S, SW\n"
      "  2: IF \"Orc #2\" is down THEN Ranged Attack -> most injured enemy ELSE Ranged Attack -> \"Orc #2\"\n",
      "sheet.txt");
  CHECK(sheet.round == 3);
  REQUIRE(sheet.characters.size() == 2);
  const auto& brienne = sheet.characters[1];
  const Order& move = *brienne.phases[0].otherwise;
  CHECK(move.action.text == "Move");
  CHECK(move.movement.kind == Movement::Kind::path);
  CHECK(move.movement.feet == 15);
  CHECK(move.movement.steps == std::vector<Step>{{Compass::s}, {Compass::s}, {Compass::sw}});
  CHECK(brienne.phases[1].branches[0].condition.phrase.text == "\"Orc #2\" is down");
  CHECK(brienne.phases[1].otherwise->target->kind == Target::Kind::character);
  CHECK(brienne.phases[1].otherwise->target->text.text == "Orc #2");
}

TEST_CASE("movement and targets as the Platemail document writes them", "[orders]") {
  const Sheet sheet = parse_orders(
      "Brienne:\n"
      "  1: Move to X: 15, Y: 20\n"
      "  2: Sprint 30' South\n"
      "  3: Fall Back away from the closest hostile\n"
      "  4: Move to C3\n"
      "  5: Defend -> self\n"
      "  6: Prepare Spell (Fireball, big) -> X: -2, Y: 4\n"
      "  7: Skulk toward \"Orc #2\"\n",
      "sheet.txt");
  const auto& p = sheet.characters[0].phases;
  CHECK(p[0].otherwise->movement.kind == Movement::Kind::destination);
  CHECK(p[0].otherwise->movement.place->x == 15);
  CHECK(p[0].otherwise->movement.place->y == 20);
  CHECK(p[1].otherwise->movement.feet == 30);
  CHECK(p[1].otherwise->movement.steps == std::vector<Step>{{Compass::s}});
  CHECK(p[2].otherwise->action.text == "Fall Back");
  CHECK(p[2].otherwise->movement.kind == Movement::Kind::away);
  CHECK(p[2].otherwise->movement.place->text.text == "closest hostile");
  CHECK(p[3].otherwise->movement.place->kind == Target::Kind::cell);
  CHECK(p[3].otherwise->movement.place->text.text == "C3");
  CHECK(p[4].otherwise->target->kind == Target::Kind::self);
  CHECK(p[5].otherwise->arguments.size() == 2);
  CHECK(p[5].otherwise->arguments[1].text == "big");
  CHECK(p[5].otherwise->target->x == -2);
  CHECK(p[6].otherwise->movement.kind == Movement::Kind::toward);
  CHECK(p[6].otherwise->movement.place->kind == Target::Kind::character);
}

TEST_CASE("conditions: AND binds tighter than OR, NOT and parentheses, ELSE IF chains", "[orders]") {
  const Sheet sheet = parse_orders(
      "Aldric:\n"
      "  2: IF I am wounded AND NOT (an enemy is within 10' OR \"Orc #2\" is down) OR I reach the enemy"
      " THEN Defend ELSE IF I am wounded THEN Fall Back 15' N ELSE Charge -> closest enemy\n",
      "sheet.txt");
  const Phase& phase = sheet.characters[0].phases[0];
  REQUIRE(phase.branches.size() == 2);
  const Condition& c = phase.branches[0].condition;
  REQUIRE(c.kind == Condition::Kind::any);
  REQUIRE(c.operands.size() == 2);
  REQUIRE(c.operands[0].kind == Condition::Kind::all);
  CHECK(c.operands[0].operands[0].phrase.text == "I am wounded");
  const Condition& negated = c.operands[0].operands[1];
  REQUIRE(negated.kind == Condition::Kind::negation);
  CHECK(negated.operands[0].kind == Condition::Kind::any);
  CHECK(negated.operands[0].operands[0].phrase.text == "an enemy is within 10'");
  CHECK(c.operands[1].phrase.text == "I reach the enemy");
  CHECK(phase.branches[1].order.action.text == "Fall Back");
  CHECK(phase.otherwise->action.text == "Charge");
}

TEST_CASE("keywords in any case, comments, blank lines, tabs and Windows line endings", "[orders]") {
  const std::string messy =
      "\xEF\xBB\xBF# Round one, written at the table\r\n"
      "\r\n"
      "character:\tAldric   # the fighter\r\n"
      "first action:\r\n"
      "\taction:\tCharge\r\n"
      "\ttarget:\ttowards THE Closest Enemy.\r\n"
      "\r\n"
      "SECOND ACTION:\r\n"
      "\tif:\tI  reach\tthe enemy\r\n"
      "\t\taction: Full Attack\r\n"
      "\t\ttarget: closest enemy\r\n"
      "\telse:\r\n"
      "\t\taction: Charge\r\n"
      "\t\ttarget: closest enemy";
  CHECK(parse_orders(messy, "messy.txt") == parse_orders(platemail_compact, "compact.txt"));
}

TEST_CASE("old Mac line endings (a lone CR) end lines too, and positions count them", "[orders]") {
  std::string mac = platemail_compact;
  for (char& c : mac)
    if (c == '\n') c = '\r';
  CHECK(parse_orders(mac, "mac.txt") == parse_orders(platemail_compact, "compact.txt"));
  const Diagnostic d = failure("Aldric:\r  1: Charge -> closest enemy\r  2: Charge -> \"Orc #2\r");
  CHECK(d.where.line == 3);
  CHECK(d.where.column == 16);
  CHECK(d.source_line == "  2: Charge -> \"Orc #2");
}

TEST_CASE("trailing full stops and blanks are not part of a phrase (found by the fuzzer)", "[orders]") {
  const Sheet sheet = parse_orders("Aldric:\n  1: Charge -> Br....\n  2: Charge -> enemy . .\n", "sheet.txt");
  CHECK(sheet.characters[0].phases[0].otherwise->target->text.text == "Br");
  CHECK(sheet.characters[0].phases[1].otherwise->target->text.text == "enemy");
}

TEST_CASE("every spelling of one target gives one tree (found by the fuzzer: 'self.')", "[orders]") {
  const Sheet plain = parse_orders("Aldric:\n  1: Defend -> self\n  2: Move -> C3\n  3: Charge -> closest enemy\n", "a");
  const Sheet decorated =
      parse_orders("Aldric:\n  1: Defend -> Self.\n  2: Move -> c3.\n  3: Charge -> towards the the closest enemy\n", "b");
  CHECK(decorated == plain);
  CHECK(decorated.characters[0].phases[0].otherwise->target->kind == Target::Kind::self);
  CHECK(decorated.characters[0].phases[1].otherwise->target->text.text == "C3");
  // A decoration word with nothing after it is the target itself (the fuzzer's fourth finding).
  const Sheet bare = parse_orders("Aldric:\n  1: Charge -> Toward.\n  2: Charge -> the\n", "c");
  CHECK(bare.characters[0].phases[0].otherwise->target->text.text == "Toward");
  CHECK(bare.characters[0].phases[1].otherwise->target->text.text == "the");
}

TEST_CASE("an arrow ends a word, so a keyword before it is a keyword (the fuzzer's third finding)", "[orders]") {
  check_failure("Aldric:\n  1: Charge -> closest AND-> enemy\n", 2, 24,
                "unexpected text after the order: expected '->' and its target, ELSE after an IF's order, or the end "
                "of the line");
  const Sheet sheet = parse_orders("Aldric:\n  1: Charge S->closest enemy\n", "sheet.txt");
  CHECK(sheet.characters[0].phases[0].otherwise->movement.steps == std::vector<Step>{{Compass::s}});
  CHECK(sheet.characters[0].phases[0].otherwise->target->text.text == "closest enemy");
}

TEST_CASE("phases may be named in words, ordinals or numbers, and there may be many", "[orders]") {
  const Sheet sheet = parse_orders(
      "Aldric:\n  Third Action: Defend\n  4th Action: Defend\n  Action 5: Defend\n  6: Defend\n", "sheet.txt");
  REQUIRE(sheet.characters[0].phases.size() == 4);
  CHECK(sheet.characters[0].phases[0].number == 3);
  CHECK(sheet.characters[0].phases[1].number == 4);
  CHECK(sheet.characters[0].phases[2].number == 5);
  CHECK(sheet.characters[0].phases[3].number == 6);
}

TEST_CASE("standing orders: ON an action, an order or IF ELSE, compact or verbose, beside numbered entries",
          "[orders]") {
  const Sheet compact = parse_orders(
      "Konrad:\n"
      "  1: Ready\n"
      "  on Melee Attack: Counter-Attack -> \"Ilse\"\n"
      "  2: IF my attack was parried THEN CT Counter-Attack ELSE Melee Attack\n"
      "  ON Parry: IF I am Bound THEN Struggle ELSE Counter-Attack\n",
      "sheet.txt");
  REQUIRE(compact.characters.size() == 1);
  const CharacterOrders& konrad = compact.characters[0];
  REQUIRE(konrad.phases.size() == 2);
  CHECK(konrad.phases[1].branches[0].order.action.text == "CT Counter-Attack");
  REQUIRE(konrad.standing.size() == 2);
  CHECK(konrad.standing[0].trigger.text == "Melee Attack");
  CHECK(konrad.standing[0].trigger.at.line == 3);
  CHECK(konrad.standing[0].trigger.at.column == 6);
  CHECK(konrad.standing[0].choice.at.column == 3);
  CHECK(konrad.standing[0].choice.otherwise->action.text == "Counter-Attack");
  CHECK(konrad.standing[1].trigger.text == "Parry");
  CHECK(konrad.standing[1].choice.branches[0].condition.phrase.text == "I am Bound");
  CHECK(konrad.standing[1].choice.otherwise->action.text == "Counter-Attack");

  const Sheet verbose = parse_orders(
      "Character: Konrad\n"
      "First Action:\n  Action: Ready\n"
      "ON Melee Attack:\n  Action: Counter-Attack\n  Target: \"Ilse\"\n"
      "Second Action:\n  IF: my attack was parried\n    Action: CT Counter-Attack\n  ELSE:\n    Action: Melee Attack\n"
      "ON Parry:\n  IF: I am Bound\n    Action: Struggle\n  ELSE:\n    Action: Counter-Attack\n",
      "sheet.txt");
  CHECK(verbose == compact);
  // A name beginning with the word On is quoted, since ON opens a standing order.
  CHECK(parse_orders("\"On the Wall\":\n  1: Ready\n", "sheet.txt").characters[0].name.text == "On the Wall");
}

TEST_CASE("bad sheets: each refused with its message, line and column", "[orders]") {
  SECTION("an empty file") {
    check_failure("", 1, 1, "no orders: expected a character ('Character: Name' or 'Name:')");
  }
  SECTION("a sheet of only comments and blank lines, refused at its end") {
    check_failure("# nothing yet\n   # still nothing\n\n", 4, 1,
                  "no orders: expected a character ('Character: Name' or 'Name:')");
  }
  SECTION("an unterminated quote") {
    check_failure("Aldric:\n  1: Ranged Attack -> \"Orc #2\n", 2, 23,
                  "unterminated quote: a quoted name must end with '\"' on the same line");
  }
  SECTION("the diagnostic quotes the line, without its Windows line ending") {
    const Diagnostic d = failure("Aldric:\r\n  1: Charge -> \"Orc #2\r\n");
    CHECK(d.source_line == "  1: Charge -> \"Orc #2");
    CHECK(render(d) == "sheet.txt:2:16: error: unterminated quote: a quoted name must end with '\"' on the same line\n"
                       "    1: Charge -> \"Orc #2\n"
                       "                 ^");
  }
  SECTION("IF without an action, compact") {
    check_failure("Aldric:\n  2: IF I reach the enemy THEN\n", 2, 31,
                  "IF without an action: expected an action after THEN");
  }
  SECTION("IF without an action, verbose") {
    check_failure("Character: Aldric\nSecond Action:\n  IF: I reach the enemy\n  ELSE:\n    Action: Charge\n", 3, 3,
                  "IF without an action: expected an 'Action:' line after it");
  }
  SECTION("an IF where an IF's action goes: IFs do not nest, compact and verbose") {
    // The verbose IF was told "IF must open a phase: this phase already has an action", which it
    // had not: the first IF is the one without its action, as before its ELSE.
    const std::string joined = "IF without an action: expected an 'Action:' line after it, not another IF: IFs do "
                               "not nest; join the conditions with AND ('IF: I am wounded AND an ally is down')";
    check_failure("Aldric:\nFirst Action: Defend\nSecond Action:\n  IF: I am wounded\n  IF: an ally is down\n"
                  "    Action: Defend\n  ELSE:\n    Action: Defend\n",
                  4, 3, joined);
    check_failure("Aldric:\n  1: Defend\n  2:\n  IF: I am wounded\n    IF: an ally is down\n      Action: Defend\n",
                  4, 3, joined);
    check_failure("Aldric:\n  1: Defend\n  2: IF I am wounded THEN IF an ally is down THEN Defend\n", 3, 27,
                  "IF without an action: expected an action after THEN, not another IF: IFs do not nest; join the "
                  "conditions with AND ('IF … AND … THEN …')");
  }
  SECTION("ELSE without IF, compact") {
    check_failure("Aldric:\n  1: Charge -> closest enemy ELSE Defend\n", 2, 30,
                  "ELSE without IF: only an IF order has an ELSE");
  }
  SECTION("ELSE without IF, verbose") {
    check_failure("Character: Aldric\nFirst Action:\n  Action: Charge\n  ELSE:\n", 4, 3,
                  "ELSE without IF: only an IF order has an ELSE");
  }
  SECTION("THEN missing") {
    check_failure("Aldric:\n  2: IF I reach the enemy\n", 2, 26, "expected THEN after the condition");
  }
  SECTION("an unknown kind of line") {
    check_failure("Aldric:\n  Charge!\n", 2, 3,
                  "expected a character ('Character: Name' or 'Name:'), a phase or a turn's entry ('First Action:' or '1:'), "
                  "a standing order ('ON <action>: <order>'), 'Action:', 'Target:', 'IF:' or 'ELSE:'");
  }
  SECTION("a missing target after the arrow") {
    check_failure("Aldric:\n  1: Charge ->\n", 2, 15,
                  "expected a target after '->': a name in quotes, a phrase like 'closest enemy', self, a cell "
                  "or coordinates");
  }
  SECTION("a second target, after another arrow or a comma") {
    check_failure("Aldric:\n  1: Rapid Fire -> \"Orc\" -> \"Goblin\"\n", 2, 26,
                  "an order has one target: a second cannot follow it");
    check_failure("Aldric:\n  1: IF I am wounded THEN Rapid Fire -> \"Orc\", \"Goblin\" ELSE Defend\n", 2, 46,
                  "an order has one target: a second cannot follow it");
  }
  SECTION("a comma after the target with nothing after it: no second target, and said so") {
    check_failure("Aldric:\n  1: Charge -> \"Orc\",\n", 2, 21,
                  "a comma ends the order: nothing follows it (an order has one target): write the target without it");
    check_failure("Aldric:\n  1: Charge -> Orc, # the big one\n", 2, 19,
                  "a comma ends the order: nothing follows it (an order has one target): write the target without it");
  }
  SECTION("an unclosed parenthesis") {
    check_failure("Aldric:\n  2: IF (I am wounded THEN Defend\n", 2, 23, "expected ')' to close the condition");
  }
  SECTION("an order outside a phase") {
    check_failure("Aldric:\n  Action: Charge\n", 2, 3,
                  "'Action:' must follow a phase or an entry ('First Action:' or '1:') or a standing order ('ON "
                  "<action>:')");
  }
  SECTION("ON without an action's name") {
    check_failure("Ilse:\n  ON: Parry\n", 2, 5,
                  "expected an action's name after ON: the action this standing order answers ('ON <action>: <order>')");
  }
  SECTION("ON without its colon") {
    check_failure("Ilse:\n  ON Melee Attack Parry -> Konrad\n", 2, 25,
                  "expected ':' after the action ON answers, then the order ('ON <action>: <order>')");
  }
  SECTION("a standing order before any character") {
    check_failure("ON Melee Attack: Parry\n", 1, 1,
                  "no character before the first standing order ('ON <action>: <order>'): write 'Character: Name' "
                  "or 'Name:' above it (a name that begins with the word 'On' goes in quotes: \"On the Wall\":)");
  }
  SECTION("a second order for a standing order") {
    check_failure("Character: Ilse\nON Melee Attack: Counter-Attack\n  Action: Parry\n", 3, 3,
                  "this standing order already has its order: a second one needs its own 'ON <action>:'");
  }
  SECTION("a standing order's IF without THEN") {
    check_failure("Ilse:\n  ON Parry: IF I am Bound Struggle\n", 2, 35, "expected THEN after the condition");
  }
  SECTION("ELSE without IF in a standing order") {
    check_failure("Ilse:\n  ON Parry: Struggle ELSE Press\n", 2, 22, "ELSE without IF: only an IF order has an ELSE");
  }
  SECTION("control characters (found by the fuzzer: a NUL inside a target)") {
    check_failure(std::string("Aldric:\n  1: Charge -> \0closest enemy\n", 36), 2, 16,
                  "control character 0x00 cannot appear in a sheet");
  }
  SECTION("a number too large") {
    check_failure("Aldric:\n  1: Sprint 99999999999999999999' N\n", 2, 13,
                  "number out of range: at most 1000000 in absolute value");
  }
  SECTION("non-UTF-8 bytes") {
    check_failure("Aldric:\n  1: Charge -> \"Orc \xFF\"\n", 2, 21,
                  "invalid UTF-8: byte 0xFF cannot appear here; save the sheet as UTF-8");
  }
}

TEST_CASE("runaway nesting is refused with a limit, not a stack overflow", "[orders]") {
  SECTION("an ELSE IF chain 10,000 deep") {
    std::string line = "Aldric:\n  2: IF I am wounded THEN Defend";
    for (int i = 0; i < 10'000; ++i) line += " ELSE IF I am wounded THEN Defend";
    // The 51st ELSE IF starts after the 32 bytes of "  2: IF I am wounded THEN Defend", 50 repeats of
    // 33 bytes, and a blank.
    check_failure(line + "\n", 2, 32 + 50 * 33 + 2, "nesting limit: more than 50 ELSE IF branches in one phase or entry");
  }
  SECTION("10,000 nested parentheses") {
    const std::string text =
        "Aldric:\n  2: IF " + std::string(10'000, '(') + "I am wounded" + std::string(10'000, ')') + " THEN Defend\n";
    check_failure(text, 2, 9 + 50, "nesting limit: conditions nested more than 50 deep (parentheses and NOT)");
  }
  SECTION("10,000 NOTs") {
    std::string text = "Aldric:\n  2: IF ";
    for (int i = 0; i < 10'000; ++i) text += "NOT ";
    check_failure(text + "I am wounded THEN Defend\n", 2, 9 + 50 * 4, 
                  "nesting limit: conditions nested more than 50 deep (parentheses and NOT)");
  }
}

TEST_CASE("a 10 MB line is refused as too long, quickly", "[orders]") {
  const std::string text = "Aldric:\n  1: Charge -> " + std::string(10u << 20, 'x') + "\n";
  check_failure(text, 2, max_line_bytes + 1, "line too long: a line may hold at most 1048576 bytes");
}

TEST_CASE("Round 0 is refused: rounds count from 1", "[orders]") {
  check_failure("Round 0\nAldric:\n  1: Defend\n  2: Defend\n", 1, 1,
                "there is no round 0: a fight's rounds count from 1");
}

TEST_CASE("every line that is not the language is reported, and the lines after it are still read", "[orders]") {
  const std::string text =
      "Aldric:\n"
      "  1: Charge -> closest enemy\n"
      "  2: IF I reach the enemy Full Attack\n"  // no THEN
      "Brienne:\n"
      "  1: Move 15 S\n"                         // no unit
      "  2: Charge -> \"Orc\n"                   // unterminated quote
      "Cedric:\n"
      "  First Action:\n"
      "    Action: Defend\n"
      "    Action: Charge\n"                     // a second action for the phase
      "    Target: closest enemy\n";             // belongs to the refused line: no second problem
  try {
    parse_orders(text, "sheet.txt");
    FAIL("the sheet was accepted");
  } catch (const Error& e) {
    const auto& found = e.diagnostics();
    REQUIRE(found.size() == 4);
    CHECK(found[0].where.line == 3);
    CHECK(found[0].message == "expected THEN after the condition");
    CHECK(found[1].where.line == 5);
    CHECK(found[2].where.line == 6);
    CHECK(found[3].where.line == 10);
    CHECK(found[3].message ==
          "this phase or entry already has an action: start the next one ('Second Action:' or '2:') first");
  }
}

TEST_CASE("a full stop may end a line, after a quoted name too", "[orders]") {
  for (const std::string text : {"Ilse:\n  ON Counter-Attack: CT Parry -> \"Konrad\".\n",
                                 "Ilse:\n  ON Counter-Attack: CT Parry -> \"Konrad\" . # said so\n"}) {
    const Sheet sheet = parse_orders(text, "sheet.txt");
    REQUIRE(sheet.characters.size() == 1);
    REQUIRE(sheet.characters[0].standing.size() == 1);
    CHECK(sheet.characters[0].standing[0].choice.otherwise->target->text.text == "Konrad");
  }
}

TEST_CASE("a full stop may end a line after a compass step or a cell or ft or an action alone", "[orders]") {
  // docs/orders.md: "A full stop at the end of a phrase or of a line is ignored".
  const std::string with_stops =
      "Aldric:\n  1: Sprint 30' South.\n  2: Defend.\nBrienne:\n  1: Move to C3.\n  2: Move S, S, SW. # in a hurry\n"
      "Cedric:\n  1: Move 15 ft.\n  2: IF I am wounded THEN Defend ELSE Defend.\n"
      "Character: Dara\nFirst Action:\n  Action: Move N.\n"
      "Ilse:\n  ON Counter-Attack: CT Parry.\n";
  const std::string without =
      "Aldric:\n  1: Sprint 30' South\n  2: Defend\nBrienne:\n  1: Move to C3\n  2: Move S, S, SW\n"
      "Cedric:\n  1: Move 15 ft\n  2: IF I am wounded THEN Defend ELSE Defend\n"
      "Dara:\n  1: Move N\nIlse:\n  ON Counter-Attack: CT Parry\n";
  CHECK(parse_orders(with_stops, "stops.txt") == parse_orders(without, "plain.txt"));
  // Only at the end of the line: within it a full stop is still not the language.
  check_failure("Aldric:\n  1: Move S. N\n", 2, 11,
                "unexpected text after the order: expected '->' and its target, ELSE after an IF's order, or the end "
                "of the line");
}

TEST_CASE("a verbose IF or ELSE without its action is told once at its line and the next character is read as written",
          "[orders]") {
  check_failure("Aldric:\n  1: Defend\n  2:\n  IF: I am wounded\n"
                "Brienne:\n  1:\n  IF: I am wounded\n    Action: Defend\n  ELSE:\n    Action: Aim\n  2: Defend\n",
                4, 3, "IF without an action: expected an 'Action:' line after it");
  check_failure("Aldric:\n  1:\n  IF: I am wounded\n    Action: Defend\n  ELSE:\n  2: Defend\nBrienne:\n  1: Aim\n",
                5, 3, "ELSE without an action: expected an 'Action:' line after it");
  // An IF line refused for what follows its condition is not told a second time as wanting its action.
  try {
    parse_orders("Character: Aldric\nSecond Action:\n  IF: I reach the enemy THEN Full Attack\nThird Action:\n"
                 "  Action: Defend\n",
                 "sheet.txt");
    FAIL("the sheet was accepted");
  } catch (const Error& e) {
    REQUIRE(e.diagnostics().size() == 1);
    CHECK(e.diagnostics()[0].where.line == 3);
  }
}

TEST_CASE("a phase may be headed as the document and the narration head it: 1st Action Phase", "[orders]") {
  const Sheet sheet = parse_orders("Character: Aldric\n1st Action Phase:\n  Action: Charge\n"
                                   "  Target: Towards the closest enemy.\nSecond Action Phase: Defend\n",
                                   "sheet.txt");
  CHECK(sheet == parse_orders("Aldric:\n  1: Charge -> closest enemy\n  2: Defend\n", "compact.txt"));
}

TEST_CASE("a no-break space pasted from a chat is a blank wherever a space is", "[orders]") {
  const std::string nbsp = "\xC2\xA0";
  const Sheet pasted = parse_orders(nbsp + "Aldric" + nbsp + ":\n" + nbsp + nbsp + "1:" + nbsp + "Charge" + nbsp +
                                        "->" + nbsp + "closest" + nbsp + nbsp + "enemy\n" + nbsp +
                                        " 2: Move 15'" + nbsp + "S\n",
                                    "pasted.txt");
  CHECK(pasted == parse_orders("Aldric:\n  1: Charge -> closest enemy\n  2: Move 15' S\n", "typed.txt"));
  CHECK(pasted.characters[0].phases[0].otherwise->target->text.text == "closest enemy");
}

TEST_CASE("the narration's arrow and a Round heading's colon and South-West as docs/world.md writes it are read",
          "[orders]") {
  const Sheet copied = parse_orders("Round 1:\nAldric:\n  1: Charge \u2192 closest enemy\n"
                                    "  2: Move 15' South-West, north-east\n",
                                    "copied.txt");
  CHECK(copied == parse_orders("Round 1\nAldric:\n  1: Charge -> closest enemy\n  2: Move 15' SW, NE\n", "typed.txt"));
  CHECK(copied.round == 1);
}

TEST_CASE("what is refused after a line says what could have followed it and not what could not", "[orders]") {
  // After an order THEN, AND and OR cannot follow; the verbose IF: and ELSE: lines take no order.
  check_failure("Aldric:\n  1: Charge -> \"Orc\" now\n", 2, 22,
                "unexpected text after the order: expected '->' and its target, ELSE after an IF's order, or the "
                "end of the line");
  check_failure("Character: Aldric\nSecond Action:\n  IF: I reach the enemy THEN Full Attack -> closest enemy\n"
                "    Action: Defend\n",
                3, 25,
                "a verbose 'IF:' line holds its condition alone: put the order on an 'Action:' line below it, or "
                "write the choice on its numbered line ('2: IF … THEN …')");
  check_failure("Character: Aldric\nSecond Action:\n  IF: I am wounded\n    Action: Defend\n  ELSE: Charge\n"
                "    Action: Defend\n",
                5, 9,
                "a verbose 'ELSE:' line stands alone: put its order on an 'Action:' line below it, or write the "
                "choice on its numbered line ('2: IF … THEN … ELSE …')");
  check_failure("Character: Aldric\nSecond Action:\n  IF: I am wounded (x)\n    Action: Defend\n", 3, 20,
                "unexpected text after the condition: expected AND, OR or the end of the line");
  check_failure("Round 1 today\nAldric:\n  1: Defend\n", 1, 9,
                "unexpected text after the round's number: expected the end of the line");
  check_failure("Character: Orc (big)\n  1: Defend\n", 1, 16,
                "unexpected text after the character's name: a name with other punctuation goes in quotes (\"Orc "
                "(big)\")");
  check_failure("Aldric:\n  1: -> closest enemy\n", 2, 6, "expected an order after the colon: an action's name, or IF … THEN …");
  // The movements the Platemail document lists, without the action that makes them.
  check_failure("Aldric:\n  1: S, S, SW\n", 2, 6, "an order starts with its action: did you mean 'Move S, S, SW'?");
  check_failure("Aldric:\n  1: IF I am wounded THEN 15' N ELSE Defend\n", 2, 27,
                "an order starts with its action: did you mean 'Move 15' N'?");
  check_failure("Aldric:\n  1: Move -5' N\n", 2, 11,
                "a distance cannot be negative: write how far to move and the direction ('15' S')");
}

TEST_CASE("a verbose phase past the ELSE IF limit is told once and the next character is read as written",
          "[orders]") {
  std::string text = "Character: Aldric\nSecond Action:\n  IF: I am wounded\n    Action: Defend\n";
  for (int i = 0; i < 200; ++i) text += "  ELSE IF: I am wounded\n    Action: Defend\n    Target: self\n";
  text += "  ELSE:\n    Action: Defend\nBrienne:\n  1: Defend\n";
  // The 51st ELSE IF, after the IF's two lines and fifty of three, is the one past the limit.
  check_failure(text, 2 + 2 + 50 * 3 + 1, 3, "nesting limit: more than 50 ELSE IF branches in one phase or entry");
}

TEST_CASE("cells past column Z are read as docs/world.md writes them: AA1 AB2 up to AMJ but not a name like Orc2",
          "[orders]") {
  const Sheet sheet = parse_orders("Aldric:\n  1: Move to AA1\n  2: Ranged Attack -> ab2\n  3: Move to AMJ1024.\n"
                                   "  4: Ranged Attack -> Orc2\n  5: Ranged Attack -> AMK1\n",
                                   "sheet.txt");
  const auto& phases = sheet.characters[0].phases;
  CHECK(phases[0].otherwise->movement.place->kind == Target::Kind::cell);
  CHECK(phases[0].otherwise->movement.place->text.text == "AA1");
  CHECK(phases[1].otherwise->target->kind == Target::Kind::cell);
  CHECK(phases[1].otherwise->target->text.text == "AB2");
  CHECK(phases[2].otherwise->movement.place->text.text == "AMJ1024");
  // No grid is wider than 1024 columns (AMJ): a word of letters and digits past it is a name.
  CHECK(phases[3].otherwise->target->kind == Target::Kind::phrase);
  CHECK(phases[4].otherwise->target->kind == Target::Kind::phrase);
  CHECK(format_label(Cell{1023, 0}) == "AMJ1");
  check_failure("Aldric:\n  1: Move to Orc2\n", 2, 14,
                "expected a destination after 'to': coordinates like 'X: 15, Y: 20' or a cell like 'C3'");
}

TEST_CASE("a cell written digits first ('Move to 3C') is told at it with its letters-first form, as docs/world.md says",
          "[orders]") {
  // docs/world.md: "'3C' is not a cell label: write a column letter then a row number …; did you mean C3?"
  check_failure("Aldric:\n  1: Move to 3C\n", 2, 14,
                "expected a destination after 'to': '3C' is not a cell label: write a column letter then a row "
                "number; did you mean C3?");
  check_failure("Aldric:\n  1: Move to 12ab.\n", 2, 14,
                "expected a destination after 'to': '12ab' is not a cell label: write a column letter then a row "
                "number; did you mean AB12?");
}

TEST_CASE("an arrow right after an action's name is the arrow: Charge->\"Orc\" and Counter-> closest enemy", "[orders]") {
  const Sheet tight = parse_orders("Aldric:\n  1: Charge->\"Orc\"\n  2: Counter-> closest enemy\n"
                                   "Brienne:\n  1: Full Attack->\"Orc\"\n  2: IF I am wounded THEN Charge->\"Orc\" ELSE Defend\n",
                                   "tight.txt");
  const Sheet spaced = parse_orders("Aldric:\n  1: Charge -> \"Orc\"\n  2: Counter -> closest enemy\n"
                                    "Brienne:\n  1: Full Attack -> \"Orc\"\n  2: IF I am wounded THEN Charge -> \"Orc\" ELSE "
                                    "Defend\n",
                                    "spaced.txt");
  CHECK(tight == spaced);
  // A hyphen inside a name stays: "Counter-Attack" is one action.
  const Sheet hyphen = parse_orders("Ilse:\n  1: Counter-Attack->\"Konrad\"\n", "sheet.txt");
  CHECK(hyphen.characters[0].phases[0].otherwise->action.text == "Counter-Attack");
  CHECK(hyphen.characters[0].phases[0].otherwise->target->text.text == "Konrad");
}

TEST_CASE("a full stop ending the Character line or an IF's order before ELSE is not part of either", "[orders]") {
  const Sheet name = parse_orders("Character: Aldric.\nFirst Action:\n  Action: Defend.\n", "sheet.txt");
  CHECK(name.characters[0].name.text == "Aldric");
  const Sheet stops = parse_orders("Aldric:\n  1: IF I am wounded THEN Defend. ELSE Charge -> closest enemy\n"
                                   "  2: IF I am wounded THEN Charge -> \"Orc\". ELSE IF I reach the enemy THEN Move S. "
                                   "ELSE Defend.\n",
                                   "stops.txt");
  const Sheet plain = parse_orders("Aldric:\n  1: IF I am wounded THEN Defend ELSE Charge -> closest enemy\n"
                                   "  2: IF I am wounded THEN Charge -> \"Orc\" ELSE IF I reach the enemy THEN Move S "
                                   "ELSE Defend\n",
                                   "plain.txt");
  CHECK(stops == plain);
  check_failure("Aldric:\n  1: Defend. ELSE Charge\n", 2, 14, "ELSE without IF: only an IF order has an ELSE");
}

TEST_CASE("THEN misspelt or missing is told at the word where the condition ends with THEN suggested when close",
          "[orders]") {
  Declared declared;
  declared.phases = 2;
  declared.condition = [](std::string_view phrase) {
    const std::string folded = fold_case(phrase);
    return folded == "i reach the enemy" || folded == "i am wounded";
  };
  const auto refused = [&](const std::string& text) {
    try {
      parse_orders(text, "sheet.txt", declared);
    } catch (const Error& e) {
      REQUIRE(e.diagnostics().size() == 1);
      return e.diagnostics().front();
    }
    FAIL("the sheet was accepted");
    return Diagnostic{};
  };
  const Diagnostic misspelt = refused("Aldric:\n  1: IF I reach the enemy THNE Full Attack -> closest enemy ELSE Defend\n");
  CHECK(misspelt.where.line == 2);
  CHECK(misspelt.where.column == 27);
  CHECK(misspelt.message == "expected THEN after the condition: did you mean 'THEN' for 'THNE'?");
  const Diagnostic missing = refused("Aldric:\n  1: IF I am wounded Defend ELSE Charge -> closest enemy\n");
  CHECK(missing.where.column == 22);
  CHECK(missing.message == "expected THEN after the condition");
  // Without the rules, a word no condition would hold still shows where THEN was meant.
  check_failure("Aldric:\n  1: IF I reach the enemy THNE Full Attack -> closest enemy ELSE Defend\n", 2, 27,
                "expected THEN after the condition: did you mean 'THEN' for 'THNE'?");
  // "than" may be part of a condition: without the rules it is not taken for THEN.
  check_failure("Aldric:\n  1: IF I have more wounds than Orc Defend\n", 2, 43, "expected THEN after the condition");
}

TEST_CASE("conditions may be nested 50 deep as docs/orders.md says and no deeper", "[orders]") {
  const auto nested = [](const std::string& open, const std::string& close, int depth) {
    std::string condition = "I am wounded";
    for (int i = 0; i < depth; ++i) condition = open + condition + close;
    return "Aldric:\n  1: IF " + condition + " THEN Defend ELSE Defend\n";
  };
  CHECK_NOTHROW(parse_orders(nested("(", ")", 50), "sheet.txt"));
  CHECK_NOTHROW(parse_orders(nested("NOT ", "", 50), "sheet.txt"));
  CHECK_NOTHROW(parse_orders(nested("NOT (", ")", 25), "sheet.txt"));
  check_failure(nested("(", ")", 51), 2, 9 + 50, "nesting limit: conditions nested more than 50 deep (parentheses and NOT)");
  check_failure(nested("NOT ", "", 51), 2, 9 + 50 * 4,
                "nesting limit: conditions nested more than 50 deep (parentheses and NOT)");
}

TEST_CASE("a second Action line names the phase that comes next or says there is none", "[orders]") {
  const std::string text = "Character: Aldric\nFirst Action:\n  Action: Defend\nSecond Action:\n  Action: Defend\n"
                           "  Action: Counter -> closest enemy\n";
  check_failure(text, 6, 3, "this phase or entry already has an action: start the next one ('Third Action:' or '3:') first");
  const Declared simultaneous{0, {}, false};
  try {
    parse_orders(text, "sheet.txt", simultaneous);
    FAIL("the sheet was accepted");
  } catch (const Error& e) {
    REQUIRE(e.diagnostics().size() == 1);
    CHECK(e.diagnostics()[0].message == "this phase already has an action: start the next phase ('Third Action:') first");
  }
  try {
    parse_orders(text, "sheet.txt", Declared{2, {}, false});
    FAIL("the sheet was accepted");
  } catch (const Error& e) {
    REQUIRE(e.diagnostics().size() == 1);
    CHECK(e.diagnostics()[0].message ==
          "this phase already has an action, and there is no next phase: the rules give each character 2 phases, one "
          "order each");
  }
  check_failure("Aldric:\n  10:\n  Action: Defend\n  Action: Defend\n", 4, 3,
                "this phase or entry already has an action: start the next one ('Action 11:' or '11:') first");
}

TEST_CASE("a name beginning with Round or If is told to go in quotes and quoted it is read", "[orders]") {
  check_failure("Round Table:\n  1: Defend\n", 1, 1,
                "a name that begins with the word 'Round' goes in quotes (\"Round Table\":): unquoted, 'Round' opens "
                "the sheet's round line ('Round 3')");
  check_failure("If Only:\n  1: Defend\n", 1, 1,
                "a name that begins with the word 'If' goes in quotes (\"If Only\":): unquoted, 'IF' opens a "
                "condition ('IF: I am wounded')");
  const Sheet quoted = parse_orders("\"Round Table\":\n  1: Defend\n\"If Only\":\n  1: Defend\n", "sheet.txt");
  REQUIRE(quoted.characters.size() == 2);
  CHECK(quoted.characters[0].name.text == "Round Table");
  CHECK(quoted.characters[1].name.text == "If Only");
  // A round heading with its colon is still a round.
  CHECK(parse_orders("Round 2:\nAldric:\n  1: Defend\n", "sheet.txt").round == 2);
}

TEST_CASE("a sheet's Round line is where it is: the round it names is told there", "[orders]") {
  const Sheet sheet = parse_orders("# round one\n\n  Round 1\nAldric:\n  1: Defend\n", "sheet.txt");
  CHECK(sheet.round_at.line == 3);
  CHECK(sheet.round_at.column == 3);
}

TEST_CASE("an answer at a prompt is one entry's order, read as its character's entry or standing order", "[orders]") {
  const Sheet turn = parse_answer("IF I am wounded THEN Defend ELSE Charge -> closest enemy", "answer", "Aldric", "");
  REQUIRE(turn.characters.size() == 1);
  CHECK(turn.characters[0].name.text == "Aldric");
  REQUIRE(turn.characters[0].phases.size() == 1);
  CHECK(turn.characters[0].phases[0].number == 1);
  CHECK(turn.characters[0].phases[0].branches.size() == 1);
  CHECK(turn.characters[0].phases[0].otherwise->action.text == "Charge");
  CHECK(turn.characters[0].phases[0].otherwise->target->text.at.column == 44);  // the answer's own column

  const Sheet response = parse_answer("Parry", "answer", "Konrad", "Melee Attack");
  REQUIRE(response.characters[0].standing.size() == 1);
  CHECK(response.characters[0].standing[0].trigger.text == "Melee Attack");
  CHECK(response.characters[0].standing[0].choice.otherwise->action.text == "Parry");
}

TEST_CASE("an answer's mistakes are told in its own words, a sheet's habits as such", "[orders][bad-input]") {
  const auto told = [](const std::string& answer) {
    try {
      parse_answer(answer, "answer", "Aldric", "");
    } catch (const Error& e) {
      REQUIRE(e.diagnostics().size() == 1);
      return e.diagnostics().front();
    }
    FAIL("the answer was accepted: " << answer);
    return Diagnostic{};
  };
  const Diagnostic none = told("  99");
  CHECK(none.message == "expected an order: an action's name, or IF … THEN …");
  CHECK((none.where.line == 1 && none.where.column == 3));
  CHECK(none.source_line == "  99");
  CHECK(told("1: Melee Attack -> my opponent.").message ==
        "write the order without its number: 'Melee Attack -> my opponent'");
  CHECK(told("First Action:").message ==
        "write the order without its number: an answer is one order, not a sheet's entry");
  CHECK(told("ON Melee Attack: Parry").message ==
        "a standing order (ON …: …) is not an answer here: write the order itself");
  const Diagnostic after = told("Charge -> closest enemy ELSE Defend");
  CHECK(after.message == "ELSE without IF: only an IF order has an ELSE");
  CHECK(after.where.column == 25);
  CHECK(told("Charge\x1b[A").message == "control character 0x1B cannot appear in an answer");
}

// Problems of a sheet that is refused: all of them, in the order of the lines.
namespace {
std::vector<Diagnostic> failures(const std::string& text) {
  try {
    parse_orders(text, "sheet.txt");
  } catch (const Error& e) {
    return e.diagnostics();
  }
  FAIL("the sheet was accepted:\n" << text);
  return {};
}
}  // namespace

TEST_CASE("an empty name in quotes is refused as a header, a target and in a condition", "[orders]") {
  // Once, not again at the lines under the header.
  check_failure("\"\":\n  1: Defend\n", 1, 1, "empty name: write the character's name between the quotes (\"Orc #2\")");
  check_failure("Character: \"\"\n  1: Defend\n", 1, 12,
                "empty name: write the character's name between the quotes (\"Orc #2\")");
  check_failure("Aldric:\n  1: Charge -> \"\"\n", 2, 16,
                "empty name: write the character's name between the quotes (\"Orc #2\")");
  check_failure("Aldric:\n  1: IF \"\" is down THEN Defend\n", 2, 9,
                "empty name: write the character's name between the quotes (\"Orc #2\")");
}

TEST_CASE("a misspelt keyword line is told at its own line with the keyword it is close to", "[orders]") {
  // Read as a header, each would start a character, and the next line would be refused instead.
  check_failure("Character: Aldric\nSecond Action:\n  IF: I am wounded\n    Action: Defend\n  ESLE:\n"
                "    Action: Charge\n",
                5, 3, "'ESLE:' would start a character of that name: did you mean 'ELSE:'?");
  check_failure("Character: Aldric\nFrist Action:\n  Action: Charge\n  Target: closest enemy\nSecond Action:\n"
                "  Action: Defend\n",
                2, 1, "'Frist Action:' would start a character of that name: did you mean 'First Action:'?");
  // Lines that are not the language at all.
  check_failure("Charcter: Aldric\nFirst Action:\n  Action: Defend\n", 1, 1,
                "'Charcter:' is not a line of the language: did you mean 'Character: Aldric'?");
  check_failure("Character: Aldric\nFirst Action:\n  Acton: Charge\n", 3, 3,
                "'Acton:' is not a line of the language: did you mean 'Action: Charge'?");
  check_failure("Character: Aldric\nFirst Action:\n  Action: Charge\n  Targte: x\n", 4, 3,
                "'Targte:' is not a line of the language: did you mean 'Target: x'?");
  // A name close to ELSE is still a name where no verbose IF awaits its ELSE.
  const Sheet sheet = parse_orders("Aldric:\n  1: IF I am wounded THEN Defend\nElsa:\n  1: Defend\n", "sheet.txt");
  CHECK(sheet.characters.size() == 2);
}

TEST_CASE("a phase headed as other sheets head them is told with its numbered line", "[orders]") {
  // "1st:", "First Phase:", "Action Two:" are no keywords, and were read as characters' names; the
  // language's ordinal words stop at Tenth, so "Eleventh Action:" was told as 'Seventh Action:'.
  // The line suggested keeps the order written after the heading: '1:' alone would drop it.
  check_failure("Aldric:\n  1st: Defend\n", 2, 3, "'1st:' is not a line of the language: did you mean '1: Defend'?");
  check_failure("Aldric:\n  1st Phase: Defend\n", 2, 3,
                "'1st Phase:' is not a line of the language: did you mean '1: Defend'?");
  check_failure("Aldric:\n  First Phase: Defend\n", 2, 3,
                "'First Phase:' is not a line of the language: did you mean '1: Defend'?");
  check_failure("Aldric:\n  1: Defend\n  Action Two: Defend\n", 3, 3,
                "'Action Two:' is not a line of the language: did you mean '2: Defend'?");
  // Its comment is left out, and a # in a quoted name starts none.
  check_failure("Aldric:\n  First Phase: Charge -> \"Orc #2\"  # the big one\n", 2, 3,
                "'First Phase:' is not a line of the language: did you mean '1: Charge -> \"Orc #2\"'?");
  check_failure("Aldric:\n2nd Phase:\n  Action: Defend\n", 2, 1,
                "'2nd Phase:' would start a character of that name: did you mean '2:'?");
  check_failure("Aldric:\nEleventh Action:\n  Action: Defend\n", 2, 1,
                "'Eleventh Action:' would start a character of that name: did you mean '11:'?");
  // A bare ordinal word is the verbose header misspelt; a name with a number is a name.
  check_failure("Aldric:\n  First: Defend\n", 2, 3,
                "'First:' is not a line of the language: did you mean 'First Action: Defend'?");
  CHECK(parse_orders("Orc 2nd:\n  1: Defend\nThird Knight:\n  1: Defend\n", "sheet.txt").characters.size() == 2);
}

TEST_CASE("a header refused or missing is told once, not again at each line under it", "[orders]") {
  // The Platemail document's example as printed: no Character line, and no ELSE.
  const auto document = failures("\nFirst Action:\n\nAction: Charge\n\nTarget: Towards the closest enemy.\n\n"
                                 "Second Action:\n\nIF: I reach the enemy\n\n\nAction: Full Attack\n\n"
                                 "Target: Closest Enemy\n\n\nAction: Charge\n\nTarget: Towards the closest enemy.\n");
  REQUIRE(document.size() == 2);
  CHECK(document[0].where.line == 2);
  CHECK(document[0].message ==
        "no character before the first phase or entry: write 'Character: Name' or 'Name:' above it");
  CHECK(document[1].where.line == 18);
  CHECK(document[1].message == "a second action after IF: write 'ELSE:' or 'ELSE IF:' before it");
  // A header whose name a comment cuts short, first in the sheet or after another character.
  check_failure("Orc #2:\n  1: Defend\n  2: Defend\n", 1, 1,
                "'Orc #2': a # starts a comment; write the name in quotes: \"Orc #2\":");
  check_failure("Aldric:\n  1: Defend\nOrc #2:  # the big one\n  1: Defend\n", 3, 1,
                "'Orc #2': a # starts a comment; write the name in quotes: \"Orc #2\":");
  check_failure("Charcter: Aldric\n  1: Defend\n  2: Defend\n", 1, 1,
                "'Charcter:' is not a line of the language: did you mean 'Character: Aldric'?");
}

TEST_CASE("a line of exactly 1 MiB is read with or without a final newline, and one byte more is not", "[orders]") {
  const std::string longest = "Aldric:\n  1: Charge -> " + std::string(max_line_bytes - 15, 'x');
  CHECK(parse_orders(longest, "sheet.txt").characters.size() == 1);
  CHECK(parse_orders(longest + "\n", "sheet.txt").characters.size() == 1);
  CHECK(parse_orders(longest + "\r\n", "sheet.txt").characters.size() == 1);
  check_failure(longest + "x\n", 2, max_line_bytes + 1, "line too long: a line may hold at most 1048576 bytes");
}

TEST_CASE("a sheet past 16 MiB is refused where it goes past", "[orders]") {
  std::string text = "Aldric:\n";
  while (text.size() <= max_sheet_bytes) text += "  1: Defend\n";
  const Diagnostic d = failures(text).front();
  CHECK(d.message == "sheet too long: a sheet may hold at most 16777216 bytes (16 MiB)");
}

TEST_CASE("free-text directions after a movement are told with the movements the language reads", "[orders]") {
  check_failure("Aldric:\n  1: Sprint 30' South to behind the bush\n", 2, 23,
                "free-text directions are not read ('to behind the bush'): write the movement as compass steps "
                "('15' S, S, SW'), a cell ('to C3') or coordinates ('to X: 15, Y: 20')");
}

TEST_CASE("a misspelt compass word in a list of steps or after a distance is told with the nearest, at it",
          "[orders]") {
  const std::string steps = "? compass steps are N, NE, E, SE, S, SW, W, NW or the words North … Northwest";
  check_failure("Aldric:\n  1: Move Sout, East\n", 2, 11, "'Sout' is not a compass word: did you mean 'South'" + steps);
  check_failure("Aldric:\n  1: Move N, Est\n", 2, 14, "'Est' is not a compass word: did you mean 'East'" + steps);
  check_failure("Aldric:\n  1: Move 10' Nrth\n", 2, 15, "'Nrth' is not a compass word: did you mean 'North'" + steps);
  check_failure("Aldric:\n  1: Move Wset, N\n", 2, 11, "'Wset' is not a compass word: did you mean 'West'" + steps);
  check_failure("Aldric:\n  1: Sprint 15' N, Sotuh, S\n", 2, 20,
                "'Sotuh' is not a compass word: did you mean 'South'" + steps);
  // Words that are no compass word's misspelling are still free text: 'the' is two edits from NE,
  // but a word of three letters misspells a compass word written out, not an abbreviation.
  check_failure("Aldric:\n  1: Move 10' behind the bush\n", 2, 15,
                "free-text directions are not read ('behind the bush'): write the movement as compass steps "
                "('15' S, S, SW'), a cell ('to C3') or coordinates ('to X: 15, Y: 20')");
  check_failure("Aldric:\n  1: Move 10' the door\n", 2, 15,
                "free-text directions are not read ('the door'): write the movement as compass steps "
                "('15' S, S, SW'), a cell ('to C3') or coordinates ('to X: 15, Y: 20')");
}

TEST_CASE("compass steps written without their comma are told as the comma missing", "[orders]") {
  // "Move N E" was "free-text directions are not read ('E')", and "Move N Est" a misspelt word
  // alone, as if East would have done.
  const std::string commas = ": compass steps are separated by commas ('15' S, S, SW')";
  check_failure("Aldric:\n  1: Move N E\n", 2, 13, "a comma must come before 'E'" + commas);
  check_failure("Aldric:\n  1: Move 10' N, E  South\n", 2, 21, "a comma must come before 'South'" + commas);
  check_failure("Aldric:\n  1: Move N E, S -> \"Orc\"\n", 2, 13, "a comma must come before 'E'" + commas);
  check_failure("Aldric:\n  1: Move North Wset\n", 2, 17,
                "'Wset' is not a compass word, and a comma must come before it: did you mean ', West'? compass steps "
                "are N, NE, E, SE, S, SW, W, NW or the words North … Northwest");
  // After a misspelt step too, each told at its word.
  const auto told = failures("Aldric:\n  1: Move N, Sout Est\n");
  REQUIRE(told.size() == 2);
  CHECK(told[1].message.starts_with("'Est' is not a compass word, and a comma must come before it: did you mean "
                                    "', East'?"));
  // After a distance alone, a word is the first step: no comma is missing there.
  check_failure("Aldric:\n  1: Move 10' Nrth\n", 2, 15,
                "'Nrth' is not a compass word: did you mean 'North'? compass steps are N, NE, E, SE, S, SW, W, NW or "
                "the words North … Northwest");
  // Nor after a target: the word is free text there.
  check_failure("Aldric:\n  1: Move N -> \"Orc\" E\n", 2, 22,
                "free-text directions are not read ('E'): write the movement as compass steps ('15' S, S, SW'), a cell "
                "('to C3') or coordinates ('to X: 15, Y: 20')");
}

TEST_CASE("a distance without its unit, or not whole, is told as such", "[orders]") {
  // It was "unexpected text after the order: expected '->' and its target, …" with the '->' there.
  check_failure("Aldric:\n  1: Move 10 -> \"Orc\"\n", 2, 11, "a distance is written with its unit: '10'', '10 ft' or '10 feet'");
  check_failure("Aldric:\n  1: Sprint 15 toward \"Orc\"\n", 2, 13,
                "a distance is written with its unit: '15'', '15 ft' or '15 feet'");
  check_failure("Aldric:\n  1: Move 2.5' -> \"Orc\"\n", 2, 11, "a distance is a whole number of feet, and 2.5 is not one");
}

TEST_CASE("a comma of a list of steps that no step follows is told at what follows it", "[orders]") {
  // It was "unexpected text after the order: expected '->' and its target, ELSE after an IF's
  // order, …", which named the ELSE that was written.
  const std::string steps = ": compass steps are N, NE, E, SE, S, SW, W, NW or the words North … Northwest";
  check_failure("Aldric:\n  1: Move N, Else Defend\n", 2, 14, "a compass step must follow the comma, not 'Else'" + steps);
  check_failure("Aldric:\n  1: Move N,\n", 2, 13, "a compass step must follow the comma, not the end of the line" + steps);
  check_failure("Aldric:\n  1: Move N, , E\n", 2, 14, "a compass step must follow the comma, not ','" + steps);
}

TEST_CASE("every compass word misspelt in a list of steps is told, each at its word", "[orders]") {
  const std::string steps = "? compass steps are N, NE, E, SE, S, SW, W, NW or the words North … Northwest";
  const auto told = failures("Aldric:\n  1: Move Sout, Est\n  2: Sprint 15' Nrth, S, Wst -> \"Orc\"\n");
  REQUIRE(told.size() == 4);
  CHECK(told[0].message == "'Sout' is not a compass word: did you mean 'South'" + steps);
  CHECK((told[0].where.line == 2 && told[0].where.column == 11));
  CHECK(told[1].message == "'Est' is not a compass word: did you mean 'East'" + steps);
  CHECK((told[1].where.line == 2 && told[1].where.column == 17));
  CHECK(told[2].message == "'Nrth' is not a compass word: did you mean 'North'" + steps);
  CHECK((told[2].where.line == 3 && told[2].where.column == 17));
  CHECK(told[3].message == "'Wst' is not a compass word: did you mean 'West'" + steps);
  CHECK((told[3].where.line == 3 && told[3].where.column == 26));
  // What else is wrong on the line is told with them; the Target: line under a verbose one is its own.
  const auto free_text = failures("Aldric:\n  1: Move Sout, Est behind the bush\n");
  REQUIRE(free_text.size() == 3);
  CHECK(free_text[2].message.starts_with("free-text directions are not read ('behind the bush')"));
  CHECK(failures("Character: Aldric\nFirst Action:\n  Action: Move Sout, Est\n  Target: closest enemy\n").size() == 2);
  // At a prompt too.
  try {
    parse_answer("Move Sout, Est", "answer", "Aldric", "");
    FAIL("the answer was accepted");
  } catch (const Error& e) {
    REQUIRE(e.diagnostics().size() == 2);
    CHECK(e.diagnostics()[0].where.column == 6);
    CHECK(e.diagnostics()[1].where.column == 12);
  }
  // ELSE and AND are as near East and NE as Est is, but are keywords, where a step could go too.
  const Sheet sheet = parse_orders("Aldric:\n  1: IF I am wounded THEN Move 10' ELSE Move 10' N, S\n", "sheet.txt");
  CHECK(sheet.characters[0].phases[0].otherwise->movement.steps.size() == 2);
}

TEST_CASE("a movement without its action is told as the order it could be, its compass words spelt", "[orders]") {
  check_failure("Aldric:\n  1: Sout, E\n", 2, 6,
                "an order starts with its action, and 'Sout' is not a compass word: did you mean 'Move South, E'?");
  check_failure("Aldric:\n  1: S, Est, Nrth\n", 2, 6,
                "an order starts with its action, and 'Est' and 'Nrth' are not compass words: did you mean 'Move S, "
                "East, North'?");
  // A misspelt step of another order on the line is told at its word.
  const auto told = failures("Aldric:\n  1: IF I am wounded THEN Move Sout, E ELSE Nrth, S\n");
  REQUIRE(told.size() == 2);
  CHECK(told[0].where.column == 32);
  CHECK(told[0].message.starts_with("'Sout' is not a compass word"));
  CHECK(told[1].where.column == 45);
  CHECK(told[1].message ==
        "an order starts with its action, and 'Nrth' is not a compass word: did you mean 'Move North, S'?");
}

TEST_CASE("a second ELSE or an ELSE IF after ELSE on a compact line is told as such, at it", "[orders]") {
  check_failure("Aldric:\n  1: Defend\n  2: IF I am wounded THEN Defend ELSE Defend ELSE Counter -> \"Bo\"\n", 3, 46,
                "a second ELSE for the same IF");
  check_failure("Aldric:\n  1: Defend\n  2: IF I am wounded THEN Defend. ELSE Defend. ELSE Counter\n", 3, 48,
                "a second ELSE for the same IF");
  check_failure("Aldric:\n  1: Defend\n  2: IF I am wounded THEN Defend ELSE Defend ELSE IF I am down THEN Counter\n",
                3, 46, "ELSE IF after ELSE: the ELSE must come last");
}

TEST_CASE("a second verbose ELSE is told once: the Action line under it is not told again", "[orders]") {
  check_failure("Aldric:\n  1: Defend\n  Second Action:\n    IF: I am wounded\n      Action: Defend\n    ELSE:\n"
                "      Action: Defend\n    ELSE:\n      Action: Counter\n      Target: \"Bo\"\n",
                8, 5, "a second ELSE for the same IF");
  check_failure("Aldric:\n  1: Defend\n  Second Action:\n    IF: I am wounded\n      Action: Defend\n    ELSE:\n"
                "      Action: Defend\n    ELSE IF: I am down\n      Action: Counter\n",
                8, 5, "ELSE IF after ELSE: the ELSE must come last");
}

TEST_CASE("under a turn-based ruleset the sheet's own messages call a numbered line an entry", "[orders]") {
  Declared turns;
  turns.sequential = true;
  const auto refused = [&](const std::string& text) {
    try {
      parse_orders(text, "sheet.txt", turns);
    } catch (const Error& e) {
      REQUIRE(e.diagnostics().size() == 1);
      return e.diagnostics().front().message;
    }
    FAIL("the sheet was accepted");
    return std::string{};
  };
  CHECK(refused("Ilse:\n  1:\n  Action: Defend\n  Action: Ready\n") ==
        "this entry already has an action: start the next entry ('2:') first");
  CHECK(refused("Ilse:\n  1: Defend\n  IF: I am wounded\n") ==
        "IF must open an entry: this entry already has an action");
  CHECK(refused("Ilse:\n  Action: Defend\n") ==
        "'Action:' must follow an entry ('1:') or a standing order ('ON <action>:')");
  CHECK(refused("  1: Defend\n") == "no character before the first entry: write 'Character: Name' or 'Name:' above it");
  // A simultaneous ruleset's stay phases; without the rules (fmt, orders.parse), either, as a
  // tempo sheet read so was told of phases.
  try {
    parse_orders("Aldric:\n  1: Defend\n  IF: I am wounded\n", "sheet.txt", Declared{0, {}, false});
    FAIL("the sheet was accepted");
  } catch (const Error& e) {
    CHECK(e.diagnostics().front().message == "IF must open a phase: this phase already has an action");
  }
  check_failure("Ilse:\n  1: Defend\n  IF: I am wounded\n", 3, 3,
                "IF must open a phase or an entry: this phase or entry already has an action");
  check_failure("Ilse:\n  1:\n  Action: Defend\n  Action: Ready\n", 4, 3,
                "this phase or entry already has an action: start the next one ('Second Action:' or '2:') first");
  // Rules that count a turn's entries ('orders.phases') count them as entries.
  turns.phases = 2;
  CHECK(refused("Ilse:\n  2:\n  Action: Defend\n  Action: Ready\n") ==
        "this entry already has an action, and there is no next entry: the rules give each character 2 entries, one "
        "order each");
}

// --- Sheets as players type them (QA of the parser's reading and diagnoses) ---------------------

namespace {
Order first_order(const std::string& text) {
  return *parse_orders(text, "sheet.txt").characters.at(0).phases.at(0).otherwise;
}
}  // namespace

TEST_CASE("typographic quotes, as phones type them, are the plain ones", "[orders]") {
  // “ and ” quote a name (either may open or close it), in a target, a header and a condition.
  const Order charge = first_order("Aldric:\n  1: Charge -> \u201COrc #2\u201D\n");
  REQUIRE(charge.target);
  CHECK(charge.target->kind == Target::Kind::character);
  CHECK(charge.target->text.text == "Orc #2");
  CHECK(parse_orders("Character: \u201COrc #2\u201D\n  1: Defend\n", "sheet.txt").characters[0].name.text == "Orc #2");
  CHECK(parse_orders("\u201DOrc #2\u201D:\n  1: Defend\n", "sheet.txt").characters[0].name.text == "Orc #2");
  const Sheet condition = parse_orders("Aldric:\n  2: IF \u201COrc #2\u201D is down THEN Defend\n", "sheet.txt");
  CHECK(condition.characters[0].phases[0].branches[0].condition.phrase.text == "\"Orc #2\" is down");
  check_failure("Aldric:\n  1: Charge -> \u201COrc #2\n", 2, 16,
                "unterminated quote: a quoted name must end with '\"' on the same line");
}

TEST_CASE("a name a comment cuts short in a compact condition is told so, at the name", "[orders]") {
  const std::string told = "'Orc #2': a # starts a comment; write the name in quotes: \"Orc #2\"";
  check_failure("Aldric:\n  2: IF Orc #2 is down THEN Defend ELSE Charge -> closest enemy\n", 2, 9, told);
  check_failure("Aldric:\n  2: IF I am wounded THEN Defend ELSE IF Orc #1 is down THEN Defend\n", 2, 42,
                "'Orc #1': a # starts a comment; write the name in quotes: \"Orc #1\"");
}

TEST_CASE("a distance's foot mark as phones type it, and 'ft.', are feet", "[orders]") {
  for (const char* written : {"10 ft. N", "10\u2019 N", "10\u2032 N", "10 FT. N", "up to 10' N"}) {
    INFO(written);
    const Order move = first_order(std::string("Aldric:\n  1: Move ") + written + "\n");
    CHECK(move.movement.feet == 10);
    CHECK(move.movement.steps == std::vector<Step>{{Compass::n}});
  }
  CHECK(first_order("Aldric:\n  1: Move 10 ft.\n").movement.feet == 10);  // a full stop ending the line too
  CHECK(first_order("Aldric:\n  1: Move up to 10' -> \"Orc\"\n") == first_order("Aldric:\n  1: Move 10' -> \"Orc\"\n"));
}

TEST_CASE("squares and yards are told in feet, never as the number alone", "[orders]") {
  check_failure("Aldric:\n  1: Move 3 squares N\n", 2, 11,
                "write distances in feet: 3 squares is 15' on a map of 5' squares, as most are");
  check_failure("Aldric:\n  1: Move 15 yards N\n", 2, 11, "write distances in feet: 15 yards is 45'");
  check_failure("Aldric:\n  1: Move 1 yard N\n", 2, 11, "write distances in feet: 1 yard is 3'");
  try {
    Declared on_a_map;
    on_a_map.feet_per_square = 10;
    parse_orders("Aldric:\n  1: Move 3 squares N\n", "sheet.txt", on_a_map);
    FAIL("accepted");
  } catch (const Error& e) {
    CHECK(e.diagnostics().front().message == "write distances in feet: 3 squares is 30' on this map");
  }
}

TEST_CASE("'north east', as it is said, is one diagonal step", "[orders]") {
  CHECK(first_order("Aldric:\n  1: Move 15' north east\n").movement.steps == std::vector<Step>{{Compass::ne}});
  CHECK(first_order("Aldric:\n  1: Move South  West, N\n").movement.steps ==
        std::vector<Step>{{Compass::sw}, {Compass::n}});
  // Letters are two steps without their comma, as before.
  check_failure("Aldric:\n  1: Move N E\n", 2, 13,
                "a comma must come before 'E': compass steps are separated by commas ('15' S, S, SW')");
}

TEST_CASE("an action and an accented name without the arrow read as words, for the checker to tell", "[orders]") {
  CHECK(first_order("Zo\u00eb:\n  1: Guard Zo\u00eb\n").action.text == "Guard Zo\u00eb");
  CHECK(first_order("Zo\u00eb:\n  1: Ranged Attack Gr\u00fam the Grey\n").action.text == "Ranged Attack Gr\u00fam the Grey");
}

TEST_CASE("a comma before THEN or an IF's ELSE reads as English writes it", "[orders]") {
  const std::string plain = "Aldric:\n  2: IF I am wounded THEN Fall Back -> closest enemy ELSE Defend\n";
  for (const std::string with_commas :
       {"Aldric:\n  2: IF I am wounded, THEN Fall Back -> closest enemy, ELSE Defend\n",
        "Aldric:\n  2: IF I am wounded , THEN Fall Back -> closest enemy , ELSE Defend\n"})
    CHECK(parse_orders(with_commas, "a.txt") == parse_orders(plain, "b.txt"));
  CHECK(parse_orders("Aldric:\n  2: IF I am wounded THEN Move N, ELSE IF I reach the enemy THEN Defend\n", "a.txt") ==
        parse_orders("Aldric:\n  2: IF I am wounded THEN Move N ELSE IF I reach the enemy THEN Defend\n", "b.txt"));
  // A second target is still one.
  check_failure("Aldric:\n  1: Charge -> \"Orc\", \"Goblin\"\n", 2, 21, "an order has one target: a second cannot follow it");
}

TEST_CASE("a second order after 'then' is told as one order per phase", "[orders]") {
  check_failure("Aldric:\n  1: Move 15' N then Charge -> closest enemy\n", 2, 17,
                "one order per phase or entry: 'Charge -> closest enemy' is a second order; write it on the next "
                "numbered line, as the next phase or entry's order");
}

TEST_CASE("numbering and header habits are told with the line they could be", "[orders]") {
  check_failure("Aldric:\n  1. Charge -> closest enemy\n", 2, 3,
                "phases or entries are numbered with a colon: did you mean '1: Charge -> closest enemy'?");
  check_failure("Aldric:\n  2) Defend\n", 2, 3, "phases or entries are numbered with a colon: did you mean '2: Defend'?");
  check_failure("Aldric:\n  1. Charge -> \"Orc #2\"  # the big one\n", 2, 3,
                "phases or entries are numbered with a colon: did you mean '1: Charge -> \"Orc #2\"'?");
  check_failure("Aldric:\n  - Defend\n", 2, 3,
                "phases or entries are numbered, not bulleted: write the number and a colon for the '-' ('1: "
                "Defend', then '2: …')");
  check_failure("Aldric:\n  Phase 1: Defend\n", 2, 3,
                "'Phase 1:' is not a line of the language: did you mean '1: Defend'?");
  check_failure("Aldric:\n  Second: Defend\n", 2, 3,
                "'Second:' is not a line of the language: did you mean 'Second Action: Defend'?");
  check_failure("Aldric:\n  Second:\n    Action: Defend\n", 2, 3,
                "'Second:' would start a character of that name: did you mean 'Second Action:'?");
  // The header's lines are set aside with it, not told again as orders without a character.
  check_failure("Aldric\n  1: Defend\n  2: Defend\n", 1, 1, "a character's header ends with a colon: did you mean 'Aldric:'?");
  check_failure("Aldric: Charge -> closest enemy\n", 1, 1,
                "a character's header stands on a line of its own: write 'Aldric:', then the order on its numbered "
                "line under it ('1: Charge -> closest enemy')");
}

TEST_CASE("verbose THEN:, ELSE without its colon and Otherwise: are told at their lines", "[orders]") {
  const auto then_line = failures("Character: Aldric\nSecond Action:\n  IF: I am wounded\n  THEN:\n    Action: Fall Back\n"
                                  "  ELSE:\n    Action: Defend\n");
  REQUIRE(then_line.size() == 1);
  CHECK(then_line[0].where.line == 4);
  CHECK(then_line[0].message ==
        "'THEN:' is not a line of the language: a verbose 'IF:' line is followed by its 'Action:' line, without THEN");
  const auto bare_else = failures("Character: Aldric\nSecond Action:\n  IF: I am wounded\n    Action: Fall Back\n"
                                  "  ELSE\n    Action: Defend\n");
  REQUIRE(bare_else.size() == 1);
  CHECK(bare_else[0].where.line == 5);
  CHECK(bare_else[0].message == "a verbose ELSE line ends with a colon: did you mean 'ELSE:'?");
  const auto otherwise = failures("Character: Aldric\nSecond Action:\n  IF: I am wounded\n    Action: Fall Back\n"
                                  "  Otherwise:\n    Action: Defend\n");
  REQUIRE(otherwise.size() == 1);
  CHECK(otherwise[0].where.line == 5);
  CHECK(otherwise[0].message == "'Otherwise:' would start a character of that name: did you mean 'ELSE:'?");
  const auto no_if = failures("Character: Aldric\nSecond Action:\n  Otherwise:\n  Action: Defend\n");
  REQUIRE(no_if.size() == 1);
  CHECK(no_if[0].where.line == 3);
  // A quoted name is the name as written: a character named Otherwise heads its orders so.
  const Sheet quoted = parse_orders("Aldric:\n  1: Defend\n\"Otherwise\":\n  1: Defend\n", "s");
  REQUIRE(quoted.characters.size() == 2);
  CHECK(quoted.characters[1].name.text == "Otherwise");
}

TEST_CASE("a header refused for its name sets the lines under it aside: they are not told again", "[orders]") {
  // docs/orders.md: "The lines under a header refused so are not told again". Under 'Character:'
  // without a name, ':' or 'Aldric, Brienne:' each line was told again: "no character before the
  // first phase".
  for (const std::string header : {"Character:", ":", "Aldric, Brienne:"}) {
    CAPTURE(header);
    const auto told = failures(header + "\n  1: Defend\n  2: Defend\nBrienne:\n  1: Defend\n");
    REQUIRE(told.size() == 1);
    CHECK(told[0].where.line == 1);
  }
}

TEST_CASE("a target written without its arrow, or with another, is told with the order it could be", "[orders]") {
  // 'Charge Orc' is told "did you mean 'Charge -> Orc'?" by the check; these were told only
  // "unexpected text after the order".
  check_failure("Aldric:\n  1: Charge \"Orc\"\n", 2, 13, "a target is written after '->': did you mean 'Charge -> \"Orc\"'?");
  check_failure("Aldric:\n  1: Charge at \"Orc\"\n", 2, 16,
                "a target is written after '->': did you mean 'Charge -> \"Orc\"'?");
  check_failure("Aldric:\n  1: Charge => \"Orc\"\n", 2, 13,
                "a target is written after '->': did you mean 'Charge -> \"Orc\"'?");
  check_failure("Aldric:\n  1: Charge \u2014> \"Orc\".\n", 2, 13,
                "a target is written after '->': did you mean 'Charge -> \"Orc\"'?");
}

TEST_CASE("a target's name holding AND or OR is told to take double quotes", "[orders]") {
  // "Guard -> Salt and Pepper" was told "unexpected text after the order"; quoted, it is one name.
  check_failure("Aldric:\n  1: Guard -> Salt and Pepper  # the cook\n", 2, 20,
                "AND joins conditions, not a target's words: if 'Salt and Pepper' is one name, write it in double "
                "quotes: -> \"Salt and Pepper\"");
  check_failure("Aldric:\n  1: Guard -> Hit Or Miss\n", 2, 19,
                "OR joins conditions, not a target's words: if 'Hit Or Miss' is one name, write it in double quotes: "
                "-> \"Hit Or Miss\"");
  const Sheet sheet = parse_orders("Aldric:\n  1: Guard -> \"Salt and Pepper\"\n", "sheet.txt");
  CHECK(sheet.characters.at(0).phases.at(0).otherwise->target->text.text == "Salt and Pepper");
}

TEST_CASE("compass steps after THEN are told to take a comma, not as a second order", "[orders]") {
  // "'E' is a second order" said E was an order; it is a step of the same way.
  check_failure("Aldric:\n  1: Move 10' S then E\n", 2, 17,
                "compass steps are joined by commas, not THEN: did you mean 'Move 10' S, E'?");
  check_failure("Aldric:\n  1: Move S then Charge -> closest enemy\n", 2, 13,
                "one order per phase or entry: 'Charge -> closest enemy' is a second order; write it on the next "
                "numbered line, as the next phase or entry's order");
}

TEST_CASE("an argument cut short by a comment is told that a # starts a comment", "[orders]") {
  // "Use Item (Healing Potion #2)" was told only "expected ')'", with the ')' plainly written.
  check_failure("Aldric:\n  1: Use Item (Healing Potion #2)\n", 2, 31,
                "expected ')' to close the action's arguments: a # starts a comment, which runs to the end of the "
                "line; write the argument without it");
}
