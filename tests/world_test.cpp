#include "interpreter/core/lookup.hpp"
#include "interpreter/core/world.hpp"

#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>

#include "tests/support/errors.hpp"

using namespace arbiter;

namespace {

Entity character(std::string name, std::string side, Cell at, Properties stats = {}) {
  return Entity{.id = no_entity, .name = std::move(name), .side = std::move(side), .position = at, .stats = std::move(stats)};
}

// Aldric and Brienne against three orcs on Platemail's 5' squares.
World skirmish() {
  World world(Grid(10, 10));
  world.add(character("Aldric", "party", {1, 1}, {{"wounds", 0}, {"size", 2}}));
  world.add(character("Brienne", "party", {2, 1}, {{"wounds", 1}, {"size", 2}}));
  world.add(character("Orc", "orcs", {4, 1}, {{"wounds", 2}, {"size", 2}}));
  world.add(character(world.unique_name("Orc"), "orcs", {1, 6}, {{"wounds", 2}, {"size", 3}}));
  world.add(character(world.unique_name("Orc"), "orcs", {8, 8}, {{"wounds", 0}, {"size", 2}}));
  return world;
}

}  // namespace

TEST_CASE("display names are unique: the second orc is 'Orc #2' (Platemail: Target \"Orc #2\")", "[world]") {
  World world = skirmish();
  CHECK(world.find("Orc #2").position == Cell{1, 6});
  CHECK(world.find("Orc #3").id == 5);
  CHECK(error_message([&] { world.add(character("Orc", "orcs", {0, 0})); }) ==
        "there is already a character named 'Orc'; the next free name is 'Orc #4'");
  CHECK(error_message([&] { world.find("Orc 2"); }) == "there is no character named 'Orc 2'; did you mean 'Orc #2', 'Orc' or 'Orc #3'?");
  CHECK(error_message([&] { world.add(character("Ghost", "orcs", {10, 0})); }) ==
        "Ghost's cell K1 is outside the grid (A1..J10)");
  CHECK_THROWS_AS(world.get(42), Error);
}

TEST_CASE("a world made whole (a save) suggests for a twice-given name one no later character has either", "[world]") {
  // A hand-edited save names two characters 'Orc', and 'Orc #2' comes after them: the suggestion
  // must skip it too.
  std::vector<Entity> given{character("Orc", "orcs", {0, 0}), character("Orc", "orcs", {1, 0}),
                            character("Orc #2", "orcs", {2, 0})};
  for (EntityId id = 1; id <= 3; ++id) given[static_cast<std::size_t>(id - 1)].id = id;
  CHECK(error_message([&] { World(Grid(5, 5), given, 4, {}); }) ==
        "there is already a character named 'Orc'; the next free name is 'Orc #3'");
}

TEST_CASE("a character is found by its id however a saved world numbers them", "[world]") {
  // A save may list ids out of order and with gaps (4 before 1, no 2 or 3): each is still found
  // by its own id, not by its place in the list.
  std::vector<Entity> given{character("Orc", "orcs", {0, 0}), character("Elf", "elves", {1, 0})};
  given[0].id = 4;
  given[1].id = 1;
  const World world(Grid(5, 5), given, 5, {});
  CHECK(world.get(4).name == "Orc");
  CHECK(world.get(1).name == "Elf");
  CHECK_THROWS_AS(world.get(2), Error);
  // Characters added to a world one by one are numbered from 1, in order.
  World added(Grid(5, 5));
  for (const char* name : {"A", "B", "C"}) added.add(character(name, "x", {0, static_cast<int>(added.entities().size())}));
  CHECK(added.get(2).name == "B");
}

TEST_CASE("general targets: closest, farthest, most injured, biggest (Platemail: Targets)", "[world][lookup]") {
  const World world = skirmish();
  const LookupRules rules;
  const Entity& aldric = world.find("Aldric");
  CHECK(world.get(*closest(world, aldric, Relation::Enemy, rules)).name == "Orc");
  CHECK(world.get(*closest(world, aldric, Relation::Ally, rules)).name == "Brienne");
  CHECK(world.get(*farthest(world, aldric, Relation::Enemy, rules)).name == "Orc #3");
  // Orc and Orc #2 both have 2 wounds: the nearer one is "the most injured enemy".
  CHECK(world.get(*most_injured(world, aldric, Relation::Enemy, rules)).name == "Orc");
  CHECK(world.get(*biggest(world, aldric, Relation::Enemy, rules)).name == "Orc #2");
}

TEST_CASE("a character without the injury stat is unhurt, 0, when it counts harm taken (Platemail: \"The most injured "
          "enemy\" at the start of a fight)",
          "[world][lookup]") {
  World world(Grid(10, 10));
  world.add(character("Aldric", "party", {0, 0}));
  world.add(character("Orc", "orcs", {5, 0}));
  world.add(character(world.unique_name("Orc"), "orcs", {2, 0}));
  const LookupRules rules;
  const Entity& aldric = world.find("Aldric");
  // Nobody hurt: every enemy is a candidate, and the tie goes to the nearer.
  CHECK(world.get(*most_injured(world, aldric, Relation::Enemy, rules)).name == "Orc #2");
  world.get(2).stats["wounds"] = 1;
  CHECK(world.get(*most_injured(world, aldric, Relation::Enemy, rules)).name == "Orc");
  world.get(2).stats["wounds"] = 0;  // a wounds stat of 0 is the same as none
  CHECK(world.get(*most_injured(world, aldric, Relation::Enemy, rules)).name == "Orc #2");
}

TEST_CASE("injury can be a stat that falls (hit points) and characters out of the fight are skipped", "[world][lookup]") {
  World world(Grid(5, 5));
  world.add(character("Aldric", "party", {0, 0}));
  world.add(character("Goblin", "goblins", {1, 0}, {{"hp", 7}}));
  world.add(character("Goblin #2", "goblins", {2, 0}, {{"hp", 3}}));
  world.add(character("Goblin #3", "goblins", {3, 0}, {{"hp", 0}}));
  world.get(4).statuses.push_back(ActiveStatus{.name = "Dead", .source = no_entity, .timed = false, .remaining = 0, .stacks = 1});
  world.add(character("Goblin #4", "goblins", {0, 1}));  // no hit points known: not compared
  const LookupRules rules{.injury_stat = "hp", .more_is_worse = false, .size_stat = "size", .out_of_fight = {"Dead"}};
  const Entity& aldric = world.find("Aldric");
  CHECK(world.get(*most_injured(world, aldric, Relation::Enemy, rules)).name == "Goblin #2");
  CHECK(world.get(*farthest(world, aldric, Relation::Enemy, rules)).name == "Goblin #2");
  CHECK_FALSE(biggest(world, aldric, Relation::Enemy, rules));  // nobody has a size
  world.get(2).stats["hp"] = "lots";
  CHECK(error_message([&] { most_injured(world, aldric, Relation::Enemy, rules); }) ==
        "Goblin's hp must be a number to compare characters by it");
}

TEST_CASE("a lookup asks the rules' test of the best candidates first, and of no more than it takes", "[world][lookup]") {
  World world(Grid(10, 10));
  world.add(character("Aldric", "party", {0, 0}));
  world.add(character("Orc", "orcs", {4, 0}));
  world.add(character(world.unique_name("Orc"), "orcs", {1, 0}));
  world.add(character(world.unique_name("Orc"), "orcs", {0, 2}));
  world.add(character(world.unique_name("Orc"), "orcs", {2, 0}));
  const LookupRules rules;
  const Entity& aldric = world.find("Aldric");
  std::vector<std::string> asked;
  const auto keep_all_but = [&](std::string_view skipped) {
    return [&, skipped](EntityId id) {
      asked.push_back(world.get(id).name);
      return world.get(id).name != skipped;
    };
  };
  // The closest kept at once: nobody else is asked.
  CHECK(world.get(*closest(world, aldric, Relation::Enemy, rules, keep_all_but(""))).name == "Orc #2");
  CHECK(asked == std::vector<std::string>{"Orc #2"});
  // Passed over: the next nearest, Orc #3 and Orc #4 at 10', the tie to the lower id.
  asked.clear();
  CHECK(world.get(*closest(world, aldric, Relation::Enemy, rules, keep_all_but("Orc #2"))).name == "Orc #3");
  CHECK(asked == std::vector<std::string>{"Orc #2", "Orc #3"});
  asked.clear();
  CHECK(world.get(*farthest(world, aldric, Relation::Enemy, rules, keep_all_but("Orc"))).name == "Orc #3");
  CHECK(asked == std::vector<std::string>{"Orc", "Orc #3"});
  asked.clear();
  CHECK_FALSE(closest(world, aldric, Relation::Ally, rules, keep_all_but("")));
  CHECK(asked.empty());
  // A candidate that cannot be compared is an error only if the test keeps it.
  world.get(2).stats["wounds"] = "lots";
  asked.clear();
  CHECK(world.get(*most_injured(world, aldric, Relation::Enemy, rules, keep_all_but("Orc"))).name == "Orc #2");
  CHECK(error_message([&] { most_injured(world, aldric, Relation::Enemy, rules, keep_all_but("")); }) ==
        "Orc's wounds must be a number to compare characters by it");
}

TEST_CASE("within reach and visible from (Platemail: melee range 5', 10' with Reach)", "[world][lookup]") {
  World world = skirmish();
  const LookupRules rules;
  const Entity& brienne = world.find("Brienne");
  CHECK(within_reach(world, brienne, 5, Relation::Any, rules) == std::vector<EntityId>{1});
  CHECK(within_reach(world, brienne, 10, Relation::Enemy, rules) == std::vector<EntityId>{3});
  World tens(Grid(10, 10, 10));
  tens.add(character("Aldric", "party", {1, 1}));
  tens.add(character("Orc", "orcs", {2, 1}));
  CHECK(within_reach(tens, tens.find("Aldric"), 5, Relation::Enemy, rules) == std::vector<EntityId>{2});  // the next 10' cell
  world.grid().set_border({2, 1}, {3, 1}, Border{.name = "wall", .blocks_movement = true, .blocks_sight = true});
  CHECK(visible_from(world, brienne, Relation::Enemy, rules) == std::vector<EntityId>{4, 5});
  CHECK(parse_relation("enemy") == Relation::Enemy);
  CHECK_THROWS_AS(parse_relation("foe"), Error);
}

TEST_CASE("a stat's whole number is written in JSON as one and reads back the same", "[world][json]") {
  CHECK(nlohmann::json(Value(3.0)).dump() == "3");
  CHECK(nlohmann::json(Value(-2.0)).dump() == "-2");
  CHECK(nlohmann::json(Value(2.5)).dump() == "2.5");
  CHECK(nlohmann::json(Value(Value::List{Value(1.0), Value(true)})).dump() == "[1,true]");
  CHECK(nlohmann::json(Value(1e300)).dump() == "1e+300");  // beyond what a double holds exactly
  CHECK(nlohmann::json::parse("3").get<Value>() == Value(3.0));
}
