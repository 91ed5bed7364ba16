#include "interpreter/core/names.hpp"

#include <catch2/catch.hpp>

using arbiter::did_you_mean;
using arbiter::edit_distance;
using arbiter::nearest_names;

TEST_CASE("edit distance ignores case and counts single edits", "[names]") {
  CHECK(edit_distance("Charge", "charge") == 0);
  CHECK(edit_distance("Charge", "Chrage") == 2);
  CHECK(edit_distance("Defend", "Defends") == 1);
  CHECK(edit_distance("", "abc") == 3);
}

TEST_CASE("nearest names are close misspellings, nearest first", "[names]") {
  const std::vector<std::string> actions{"Charge", "Full Attack", "Counter", "Defend", "Move"};
  CHECK(nearest_names("Chrage", actions) == std::vector<std::string>{"Charge"});
  CHECK(nearest_names("full atack", actions) == std::vector<std::string>{"Full Attack"});
  CHECK(nearest_names("Fireball", actions).empty());
}

TEST_CASE("did you mean lists every close name", "[names]") {
  CHECK(did_you_mean("Mve", {"Move", "Mover", "Sprint"}) == "did you mean 'Move' or 'Mover'?");
  CHECK(did_you_mean("Teleport", {"Move", "Sprint"}).empty());
}
