#include "interpreter/core/names.hpp"

#include "grammar/edit_distance.hpp"

#include <catch2/catch.hpp>

using arbiter::did_you_mean;
using arbiter::edit_distance;
using arbiter::nearest_names;
using arbiter::nearest_suggestions;
using arbiter::Suggestion;

TEST_CASE("edit distance ignores case and counts single edits", "[names]") {
  CHECK(edit_distance("Charge", "charge") == 0);
  CHECK(edit_distance("Charge", "Chrage") == 2);
  CHECK(edit_distance("Defend", "Defends") == 1);
  CHECK(edit_distance("", "abc") == 3);
}

TEST_CASE("edit distance counts characters, not bytes", "[names]") {
  // A zero-width space (three bytes) pasted after a name, an accented letter (two) for a plain one.
  CHECK(edit_distance("Orc\u200b", "Orc") == 1);
  CHECK(edit_distance("Zoë", "Zoe") == 1);
  CHECK(edit_distance("\xff\xfe", "ab") == 2);  // bytes that are not UTF-8 count one each
  CHECK(arbiter::characters("Goblin\u200b") == 7);
  // So a short name with one pasted invisible character still finds its own.
  CHECK(nearest_names("Orc\u200b", {"Orc", "Goblin"}) == std::vector<std::string>{"Orc"});
}

TEST_CASE("nearest names are close misspellings, nearest first", "[names]") {
  const std::vector<std::string> actions{"Charge", "Full Attack", "Counter", "Defend", "Move"};
  CHECK(nearest_names("Chrage", actions) == std::vector<std::string>{"Charge"});
  CHECK(nearest_names("full atack", actions) == std::vector<std::string>{"Full Attack"});
  CHECK(nearest_names("Fireball", actions).empty());
}

TEST_CASE("a word a name shares suggests it: words are split at blanks, hyphens and slashes", "[names]") {
  // Platemail's weapon "Bolo/Net": "Bolo" is one of its words, four edits from the whole name.
  const std::vector<Suggestion> weapons{{"Bolo/Net"}, {"Short Bow"}, {"Counter-Attack"}};
  CHECK(nearest_suggestions("Bolo", weapons) == std::vector<std::string>{"Bolo/Net"});
  CHECK(nearest_suggestions("attack", weapons) == std::vector<std::string>{"Counter-Attack"});
}

TEST_CASE("did you mean lists every close name", "[names]") {
  CHECK(did_you_mean("Mve", {"Move", "Mover", "Sprint"}) == "did you mean 'Move' or 'Mover'?");
  CHECK(did_you_mean("Teleport", {"Move", "Sprint"}).empty());
}

TEST_CASE("a name that names nothing is told with the nearest, or with the known ones nearest first", "[names]") {
  using arbiter::check_known_name;
  using arbiter::unknown_name;
  CHECK(unknown_name("Strik", {"Charge", "Strike", "Defend"}, "action") ==
        "there is no action named 'Strik'; did you mean 'Strike'?");
  // Nothing near: every known one, nearest first (ties in alphabetical order), whatever order given.
  CHECK(unknown_name("c", {"party", "orcs"}, "side") == "there is no side named 'c'; the sides are, nearest first: "
                                                        "'orcs', 'party'");
  CHECK(unknown_name("Zed", {}, "status") == "there is no status named 'Zed': there are no statuses here");
  // A long list is cut: the nearest eight, and how many there are.
  const std::vector<std::string> many{"a1", "b22", "c333", "d4444", "e55555", "f666666", "g7777777", "h88888888",
                                      "i999999999"};
  CHECK(unknown_name("zzzzzz", many, "action") ==
        "there is no action named 'zzzzzz'; the actions are, nearest first: 'a1', 'b22', 'c333', 'd4444', 'e55555', "
        "'f666666', 'g7777777', 'h88888888', … (9 in all)");
  // Names are compared as written: another case is a slip too, with the name meant.
  CHECK_NOTHROW(check_known_name("Strike", {"Strike"}, "action"));
  CHECK_THROWS_WITH(check_known_name("strike", {"Strike"}, "action"),
                    Catch::Matchers::EndsWith("there is no action named 'strike'; did you mean 'Strike'?"));
  // A name a pack gives is shown so that it cannot drive the terminal.
  CHECK(unknown_name("\x1b[2J", {"orcs"}, "side") ==
        "there is no side named '\\x1b[2J'; the sides are, nearest first: 'orcs'");
}

TEST_CASE("a character's name is compared as a sheet reads it: case and runs of blanks do not count", "[names]") {
  using arbiter::character_name_key;
  using arbiter::same_character_name;
  CHECK(character_name_key("Orc  Brute") == "orc brute");
  CHECK(character_name_key(" Orc\t\xC2\xA0 Brute ") == "orc brute");  // tab, no-break space, ends
  CHECK(character_name_key("   ").empty());
  CHECK(same_character_name("Orc  Brute", "orc brute"));
  CHECK_FALSE(same_character_name("Orc Brute", "OrcBrute"));  // a blank is not nothing
  CHECK_FALSE(same_character_name("Orc Brute", "Orc Brutes"));
}

TEST_CASE("a letter and its combining accent are the accented letter, as a name is compared", "[names]") {
  using arbiter::character_name_key;
  CHECK(character_name_key("Zoe\xCC\x88") == character_name_key("Zoë"));      // U+0308 diaeresis
  CHECK(character_name_key("Francois\xCC\xA7") != character_name_key("François"));  // the cedilla is on the c
  CHECK(character_name_key("Franc\xCC\xA7ois") == character_name_key("françois"));
  CHECK(character_name_key("A\xCC\x8Asa") == character_name_key("Åsa"));       // ring above
  CHECK(character_name_key("Dvor\xCC\x8C\x61k") == character_name_key("Dvořak"));  // caron
  CHECK(character_name_key("Zoe") != character_name_key("Zoë"));
  CHECK(arbiter::nearest_names("Zoe\xCC\x81", {"Zoë", "Orc"}) == std::vector<std::string>{"Zoë"});
}

TEST_CASE("a typographic apostrophe is the plain one in a name's key", "[names]") {
  using arbiter::character_name_key;
  CHECK(character_name_key("Se\u00e1n O\u2019Brien") == character_name_key("se\u00e1n o'brien"));
  CHECK(character_name_key("O\u2018Brien") == character_name_key("O'Brien"));
}
