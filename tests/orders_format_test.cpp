// The canonical printer (`arbiter fmt`): printing a sheet then parsing it gives the same sheet,
// checked over many generated sheets, and it prints the compact form of docs/orders.md.
#include <cstdint>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "grammar/diagnostic.hpp"
#include "grammar/orders.hpp"
#include "grammar/orders_format.hpp"

using namespace arbiter::orders;

namespace {

// splitmix64: a specified generator, so a seed makes the same sheets with every standard library.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
  bool chance(std::size_t one_in) { return below(one_in) == 0; }
  template <typename T>
  const T& pick(const std::vector<T>& items) { return items[below(items.size())]; }

 private:
  std::uint64_t state_;
};

const std::vector<std::string> names{"Aldric", "Brienne", "Orc #2", "Sir Hugo", "Ygritte-of-the-North", "On the Wall"};
const std::vector<std::string> actions{"Charge", "Full Attack", "Move", "Fall Back", "Ranged Attack", "Prepare Spell", "CT Counter-Attack"};
const std::vector<std::string> arguments{"Fireball", "big", "the blue potion"};
const std::vector<std::string> target_phrases{"closest enemy", "most injured enemy", "an ally", "biggest enemy orc"};
const std::vector<std::string> condition_phrases{"I reach the enemy", "I am wounded", "\"Orc #2\" is down",
                                                 "an enemy is within 10'", "I have at least 2 wounds"};

Target random_target(Random& r) {
  switch (r.below(5)) {
    case 0: return {Target::Kind::phrase, {r.pick(target_phrases), {}}};
    case 1: return {Target::Kind::character, {r.pick(names), {}}};
    case 2: return {Target::Kind::self, {}};
    case 3: return {Target::Kind::cell, {"C" + std::to_string(r.below(20)), {}}};
    default: return {Target::Kind::coordinates, {}, static_cast<long>(r.below(100)) - 50, static_cast<long>(r.below(100))};
  }
}

Movement random_movement(Random& r) {
  Movement m;
  switch (r.below(5)) {
    case 0: break;
    case 1:
      m.kind = Movement::Kind::path;
      if (r.chance(2)) m.feet = static_cast<long>(5 * r.below(10));
      for (std::size_t i = 0, n = m.feet && r.chance(2) ? 0 : 1 + r.below(4); i < n; ++i)
        m.steps.push_back({static_cast<Compass>(r.below(8))});
      break;
    case 2:
      m.kind = Movement::Kind::destination;
      m.place = r.chance(2) ? Target{Target::Kind::cell, {"B7", {}}} : Target{Target::Kind::coordinates, {}, 15, 20};
      break;
    default:
      m.kind = r.chance(2) ? Movement::Kind::toward : Movement::Kind::away;
      m.place = random_target(r);
  }
  return m;
}

Order random_order(Random& r) {
  Order o;
  o.action.text = r.pick(actions);
  for (std::size_t i = 0, n = r.chance(4) ? 1 + r.below(2) : 0; i < n; ++i) o.arguments.push_back({r.pick(arguments), {}});
  o.movement = random_movement(r);
  if (r.chance(2)) o.target = random_target(r);
  return o;
}

// Only trees the parser can make: a chain's first operand is never a chain of the same operator
// (the parser flattens "a AND b AND c" into one chain).
Condition random_condition(Random& r, int depth) {
  Condition c;
  const std::size_t kind = depth > 3 ? 0 : r.below(4);
  if (kind == 0) {
    c.phrase.text = r.pick(condition_phrases);
    return c;
  }
  c.kind = kind == 1 ? Condition::Kind::all : kind == 2 ? Condition::Kind::any : Condition::Kind::negation;
  const std::size_t count = c.kind == Condition::Kind::negation ? 1 : 2 + r.below(2);
  for (std::size_t i = 0; i < count; ++i) {
    Condition operand = random_condition(r, depth + 1);
    while (i == 0 && operand.kind == c.kind && c.kind != Condition::Kind::negation)
      operand = random_condition(r, depth + 1);
    c.operands.push_back(std::move(operand));
  }
  return c;
}

// A phase's or a standing order's body: IF … ELSE IF … ELSE …, or one order.
Phase random_choice(Random& r) {
  Phase phase;
  if (r.chance(2)) {
    for (std::size_t b = 0, branches = 1 + r.below(3); b < branches; ++b)
      phase.branches.push_back({random_condition(r, 0), random_order(r)});
    if (!r.chance(3)) phase.otherwise = random_order(r);
  } else {
    phase.otherwise = random_order(r);
  }
  return phase;
}

Sheet random_sheet(Random& r) {
  Sheet sheet;
  if (r.chance(3)) sheet.round = static_cast<long>(1 + r.below(20));
  for (std::size_t i = 0, n = 1 + r.below(3); i < n; ++i) {
    CharacterOrders character{{r.pick(names), {}}, {}, {}};
    for (std::size_t p = 0, phases = 1 + r.below(4); p < phases; ++p) {
      Phase phase = random_choice(r);
      phase.number = static_cast<long>(p + 1);
      character.phases.push_back(std::move(phase));
    }
    for (std::size_t k = 0, standing = r.chance(2) ? r.below(3) : 0; k < standing; ++k)
      character.standing.push_back({{r.pick(actions), {}}, random_choice(r)});
    sheet.characters.push_back(std::move(character));
  }
  return sheet;
}

}  // namespace

TEST_CASE("printing then parsing gives the same sheet, over 2,000 generated sheets", "[orders][format]") {
  Random random(20261121);
  for (int i = 0; i < 2000; ++i) {
    const Sheet sheet = random_sheet(random);
    const std::string printed = format(sheet);
    INFO("sheet " << i << ":\n" << printed);
    CHECK(parse_orders(printed, "printed.txt") == sheet);
  }
}

TEST_CASE("the canonical form is the compact form of docs/orders.md", "[orders][format]") {
  const Sheet verbose = parse_orders(
      "round 2\n"
      "Character: Aldric\n"
      "First Action:\n  Action: Charge\n  Target: Towards the closest enemy.\n"
      "Second Action:\n  IF: I reach the enemy\n    Action: Full Attack\n    Target: Closest Enemy\n"
      "  ELSE:\n    Action: Charge\n    Target: Towards the closest enemy.\n"
      "Character: \"Orc #2\"\n"
      "1: move 15' s, s, sw\n"
      "2: IF (I am wounded OR I am down) AND NOT \"Aldric\" is down THEN Fall Back away from the closest enemy\n",
      "sheet.txt");
  CHECK(format(verbose) ==
        "Round 2\n"
        "Aldric:\n"
        "  1: Charge -> closest enemy\n"
        "  2: IF I reach the enemy THEN Full Attack -> Closest Enemy ELSE Charge -> closest enemy\n"
        "\"Orc #2\":\n"
        "  1: move 15' S, S, SW\n"
        "  2: IF (I am wounded OR I am down) AND NOT \"Aldric\" is down THEN Fall Back away from closest enemy\n");
}

TEST_CASE("a distance before a place or a target is kept, in the order and in the printed form", "[orders][format]") {
  // "Move 10' to C3" was refused as free text, and fmt printed "Action: Move 10'" with "Target:
  // Towards ..." as "Move 10' -> ...", whose distance then moved nothing.
  const Sheet sheet = parse_orders("Aldric:\n  1: Move 10' to C3\n  2: Sprint 20 ft toward \"Orc\"\n"
                                   "  3: Move 5' away from closest enemy\n"
                                   "Character: Brienne\nFirst Action:\n  Action: Move 10'\n  Target: Towards \"Orc\".\n",
                                   "sheet.txt");
  CHECK(format(sheet) == "Aldric:\n  1: Move 10' to C3\n  2: Sprint 20' toward \"Orc\"\n"
                         "  3: Move 5' away from closest enemy\nBrienne:\n  1: Move 10' -> \"Orc\"\n");
  const Movement& to = sheet.characters[0].phases[0].otherwise->movement;  // the phase's only order
  CHECK(to.kind == Movement::Kind::destination);
  CHECK(to.feet == 10);
  CHECK(to.at.column == 11);  // at the distance, where a check of it points
  CHECK(format(parse_orders(format(sheet), "again.txt")) == format(sheet));
}

TEST_CASE("a verbose target 'Away from' is the way away from it, as fmt writes it, and reads back the same",
          "[orders][format]") {
  // It was read as the target phrase 'Away from "Orc"', quotes and all, and fmt wrote '-> Away from
  // "Orc"', where the verbose 'Towards' before a target is read as toward it.
  const Sheet verbose = parse_orders("Character: Aldric\nFirst Action:\n  Action: Fall Back\n"
                                     "  Target: Away from \"Orc\".\n"
                                     "Second Action:\n  Action: Move 10'\n  Target: away from the closest enemy\n",
                                     "sheet.txt");
  CHECK(format(verbose) == "Aldric:\n  1: Fall Back away from \"Orc\"\n  2: Move 10' away from closest enemy\n");
  CHECK(parse_orders(format(verbose), "again.txt") == verbose);
  const Movement& away = verbose.characters[0].phases[0].otherwise->movement;
  CHECK(away.kind == Movement::Kind::away);
  CHECK(away.at.line == 4);
  CHECK(away.at.column == 11);
  CHECK_FALSE(verbose.characters[0].phases[0].otherwise->target);
  // A way already written is not given a second.
  try {
    parse_orders("Aldric:\n  1: Move S\n  Target: Away from \"Orc\"\n", "sheet.txt");
    FAIL("the sheet was accepted");
  } catch (const arbiter::Error& e) {
    REQUIRE(e.diagnostics().size() == 1);
    CHECK(e.diagnostics()[0].where.line == 3);
    CHECK(e.diagnostics()[0].message == "this action already says where it moves: write the way once, on its "
                                        "'Action:' line or as 'Target: Away from …'");
  }
}

TEST_CASE("a line's closing full stop is dropped by fmt, and the sheet reads the same", "[orders][format]") {
  const Sheet sheet = parse_orders("Ilse:\n  ON Counter-Attack: CT Parry -> \"Konrad\".\n", "sheet.txt");
  CHECK(format(sheet) == "Ilse:\n  ON Counter-Attack: CT Parry -> \"Konrad\"\n");
  CHECK(format(parse_orders(format(sheet), "again.txt")) == format(sheet));
}

TEST_CASE("a header name the parser would refuse or read as another line is printed quoted, and reads back the same",
          "[orders][format]") {
  // docs/orders.md: a character so named "heads its orders quoted, `"Otherwise":`". fmt printed
  // 'Phase 2:' bare, which fmt and check then refused ("would start a character of that name").
  const std::vector<std::string> tricky{"Otherwise", "otherwise", "Phase 2",   "Phase 3",  "Phase 10",  "Action 2",
                                        "First Action", "1st Action", "Frist Action", "Round Table", "If Only",
                                        "On Guard",  "Orc #2",    "Character", "2",        "Then",      "Else",
                                        "Round 3",   "Target",    "Action",    "IF",       "ON"};
  for (const std::string& tricky_name : tricky) {
    Sheet sheet;
    for (const std::string& who : {std::string("Bob"), tricky_name}) {
      CharacterOrders character{{who, {}}, {}, {}};
      Phase phase;
      phase.number = 1;
      phase.otherwise = Order{.action = {"Defend", {}}};
      character.phases.push_back(std::move(phase));
      sheet.characters.push_back(std::move(character));
    }
    const std::string printed = format(sheet);
    INFO(printed);
    try {
      CHECK(parse_orders(printed, "printed.txt") == sheet);
    } catch (const arbiter::Error& e) {
      FAIL(e.diagnostics().front().message);
    }
  }
  // Plain names stay bare.
  Sheet plain;
  plain.characters.push_back({{"Sir Tom of York", {}}, {}, {}});
  CHECK(format(plain) == "Sir Tom of York:\n");
}
