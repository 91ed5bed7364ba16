#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/dice_source.hpp"

using namespace arbiter;

TEST_CASE("dice know their faces") {
  const auto d20 = Die::numbered(20);
  CHECK(d20.name() == "d20");
  CHECK(d20.size() == 20);
  CHECK(d20.value(19) == 20);
  CHECK(d20.find("20") == 19u);
  CHECK_FALSE(d20.find("21"));
  CHECK_FALSE(d20.find("x"));
  const auto fate = Die::fate();
  CHECK(fate.find("-1") == 0u);
  CHECK(fate.find("+1") == 2u);
  const auto armellian = Die::with_faces(
      "armellian", {{0, "Sword"}, {0, "Shield"}, {0, "Sun"}, {0, "Moon"}, {0, "Wyld"}, {0, "Rot"}});
  CHECK(armellian.find("wyld") == 4u);
  CHECK(armellian.label(5) == "Rot");
  CHECK_THROWS_AS(Die::numbered(0), Error);
  CHECK_THROWS_AS(Die::with_faces("empty", {}), Error);
}

TEST_CASE("seeded dice replay and stay on the die") {
  SeededDice a(5), b(5);
  const auto d6 = Die::numbered(6);
  for (int i = 0; i < 50; ++i) {
    const auto face = a.roll(d6, "test");
    CHECK(face == b.roll(d6, "test"));
    CHECK(face < 6);
  }
}

TEST_CASE("a scripted value that cannot be rolled is named by its place, then its value, not read as a number") {
  // "scripted value 2 ('9')" read as the value two.
  const auto d6 = Die::numbered(6);
  for (const auto& [place, told] : std::vector<std::pair<std::size_t, std::string>>{
           {1, "1st"}, {2, "2nd"}, {3, "3rd"}, {4, "4th"}, {11, "11th"}, {12, "12th"}, {13, "13th"}, {21, "21st"},
           {22, "22nd"}, {111, "111th"}}) {
    std::string values;
    for (std::size_t i = 1; i < place; ++i) values += "1,";
    auto script = ScriptedDice::parse(values + "9");
    for (std::size_t i = 1; i < place; ++i) script.roll(d6, "");
    CHECK_THROWS_WITH(script.roll(d6, ""),
                      "error: the " + told + " scripted value, 9, cannot be rolled on a d6: its faces are 1 to 6");
  }
}

TEST_CASE("scripted dice give their values in order, checked against the die") {
  auto script = ScriptedDice::parse("1, 4,9 ,10");
  const auto d10 = Die::numbered(10);
  CHECK(d10.value(script.roll(d10, "")) == 1);
  CHECK(d10.value(script.roll(d10, "")) == 4);
  CHECK(script.remaining() == 2);
  const auto d6 = Die::numbered(6);
  CHECK_THROWS_WITH(script.roll(d6, "Aldric attacks"),
                    "error: the 3rd scripted value, 9, cannot be rolled on a d6 for Aldric attacks: its faces are 1 to 6");
  CHECK(d10.value(script.roll(d10, "")) == 9);
  CHECK(d10.value(script.roll(d10, "")) == 10);
  CHECK_THROWS_WITH(script.roll(d10, "initiative"),
                    "error: the scripted dice ran out: all 4 values were used, and a d10 is needed for initiative");
  CHECK_THROWS_AS(ScriptedDice::parse(" , "), Error);
  // A whole number beyond 64 bits is too large, not "not a whole number".
  CHECK_THROWS_WITH(ScriptedDice::parse("1, 99999999999999999999"),
                    "error: the scripted dice hold '99999999999999999999', which is too large: the highest value is "
                    "9223372036854775807");
  CHECK_THROWS_WITH(ScriptedDice::parse("-99999999999999999999"),
                    "error: the scripted dice hold '-99999999999999999999', which is too small: the lowest value is "
                    "-9223372036854775808");
  CHECK_THROWS_WITH(ScriptedDice::parse("99999999999999999999x"),
                    "error: the scripted dice hold '99999999999999999999x', which is not a whole number");
  auto single = ScriptedDice::parse("3");
  single.roll(d10, "");
  CHECK_THROWS_WITH(single.roll(d10, ""), "error: the scripted dice ran out: its one value was used, and a d10 is needed");
}

TEST_CASE("a GM at the prompt is told which die and why, and asked again on a bad value") {
  std::istringstream in("7\nbanana\n  5 \n");
  std::ostringstream out;
  PromptedDice prompt(in, out);
  const auto d6 = Die::numbered(6);
  CHECK(d6.value(prompt.roll(d6, "Aldric attacks Orc #2")) == 5);
  CHECK(out.str() ==
        "Roll a d6 for Aldric attacks Orc #2: '7' is not a face of a d6 (1 to 6); roll again.\n"
        "Roll a d6 for Aldric attacks Orc #2: 'banana' is not a face of a d6 (1 to 6); roll again.\n"
        "Roll a d6 for Aldric attacks Orc #2: ");
  CHECK_THROWS_WITH(prompt.roll(d6, "damage"), "error: no value was given for the d6 for damage: the input ended");
  CHECK_THAT(out.str(), Catch::Matchers::EndsWith("Roll a d6 for damage: \n"));  // the prompt's line ends
}

TEST_CASE("a die's face typed at the prompt ends at a carriage return as at a newline (docs/fights.md)") {
  std::istringstream in("7\r3\r\n4");
  std::ostringstream out;
  PromptedDice prompt(in, out);
  const auto d10 = Die::numbered(10);
  CHECK(d10.value(prompt.roll(d10, "")) == 7);
  CHECK(d10.value(prompt.roll(d10, "")) == 3);  // CRLF is one line end: no empty answer between
  CHECK(d10.value(prompt.roll(d10, "")) == 4);  // the last line needs no end
  CHECK(out.str() == "Roll a d10: Roll a d10: Roll a d10: ");
}

// docs/fights.md: "A value is a line of at most 1 MiB without a NUL byte … refused as soon as it
// is read (input that never ends a line, `/dev/zero`, is not read on)". A bounded stream stands
// for the endless one: what is left unread shows the reading stopped at the limit.
TEST_CASE("a die's face typed at the prompt is refused past a sheet's line length, without reading on to a line end") {
  const std::size_t limit = 1u << 20;
  std::istringstream in(std::string(limit + 1000, '7') + "\n");
  std::ostringstream out;
  PromptedDice prompt(in, out);
  const auto d10 = Die::numbered(10);
  CHECK_THROWS_WITH(prompt.roll(d10, "damage"),
                    "error: no value was given for the d10 for damage: the line typed is too long: a line may hold "
                    "at most 1048576 bytes ('" + std::string(40, '7') + "…')");
  CHECK(static_cast<std::size_t>(in.tellg()) == limit + 1);  // not one byte more than it takes to know
  CHECK_THAT(out.str(), Catch::Matchers::EndsWith("Roll a d10 for damage: \n"));
}

TEST_CASE("a NUL byte typed at the prompt is refused at once, as a sheet refuses it (/dev/zero never ends a line)") {
  std::istringstream in(std::string("4") + std::string(100, '\0'));
  std::ostringstream out;
  PromptedDice prompt(in, out);
  const auto d10 = Die::numbered(10);
  CHECK_THROWS_WITH(prompt.roll(d10, ""),
                    "error: no value was given for the d10: the line typed holds a NUL byte (byte 2): type text");
  CHECK(in.tellg() == 2);
}

TEST_CASE("a line of exactly a sheet's longest is read whole") {
  std::istringstream in(std::string(1u << 20, 'x') + "\n");
  std::string line;
  CHECK(read_line(in, line));
  CHECK(line.size() == 1u << 20);
}
